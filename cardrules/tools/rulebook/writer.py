"""The rulebooks of ``docs/rules``, and the command that writes and checks them.

``python -m cardrules.tools.rulebook --write docs/rules`` writes the rulebook of
every bundled game, alone and with each house rule written for it, and the
index ``README.md``; ``--check docs/rules`` lists the files that are out of
date; ``python -m cardrules.tools.rulebook VARIANT [HOUSE_RULE...]`` prints one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from cardrules.rules.loader import list_variants
from cardrules.tools.rulebook.render import describe_variant

GENERATED = (
    "Generated from the rule files by `python -m cardrules.tools.rulebook --write docs/rules`: "
    "do not edit."
)


def _combinations() -> list[tuple[str, tuple[str, ...]]]:
    """Every bundled game alone, then with each house rule written for it."""
    variants = list_variants()
    games = [v for v in variants if v.kind.value == "game"]
    rules = [v for v in variants if v.kind.value == "house_rule"]
    out: list[tuple[str, tuple[str, ...]]] = []
    for game in games:
        out.append((game.name, ()))
        out += [(game.name, (h.name,)) for h in rules if game.name in h.applies_to]
    return out


def _file_name(game: str, house_rules: Sequence[str]) -> str:
    return "+".join([game, *house_rules]) + ".md"


def rulebooks() -> dict[str, str]:
    """The files of ``docs/rules``: each combination's rulebook, and the index ``README.md``.

    >>> files = rulebooks()
    >>> "three-card-loo.md" in files, "five-card-loo+club-law.md" in files, "README.md" in files
    (True, True, True)
    """
    info = {v.name: v for v in list_variants()}
    files: dict[str, str] = {}
    index = [
        "# Rulebooks of the bundled games",
        "",
        f"<!-- {GENERATED} -->",
        "",
        "The rules of every bundled game in plain English, generated from its rule file, "
        "alone and with each house rule written for it. Every rule cites where "
        "[`docs/sources.md`](../sources.md) (the Loo family, Put, Oh Hell and Bourré) or "
        "[`docs/families.md`](../families.md) (Hearts and Spades) states it, and `cardrules "
        "sources` prints the passages a citation names; rules a house rule changes are marked.",
        "",
        "| game | house rule | rulebook |",
        "| --- | --- | --- |",
    ]
    for game, house in _combinations():
        rules = list(house)
        name = _file_name(game, house)
        text = describe_variant(game, rules)
        lines = text.split("\n")
        files[name] = "\n".join([lines[0], "", f"<!-- {GENERATED} -->", *lines[1:]])
        house_text = ", ".join(info[h].title for h in house) if house else "(none)"
        index.append(f"| {info[game].title} | {house_text} | [{name}]({name}) |")
    files["README.md"] = "\n".join(index) + "\n"
    return files


def stale(folder: Path) -> list[str]:
    """The files of ``folder`` that differ from :func:`rulebooks` (missing, changed, extra).

    >>> "README.md" in stale(Path("no/such/folder"))
    True
    """
    expected = rulebooks()
    out = []
    for name, text in expected.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append(name)
    if folder.is_dir():
        out += sorted(p.name for p in folder.glob("*.md") if p.name not in expected)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardrules.tools.rulebook --write DIR`` writes the rulebooks; ``--check DIR``
    only reports the files that are out of date; ``VARIANT [HOUSE_RULE...]`` prints one.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:  # doctest: +ELLIPSIS
    ...     main(["--write", folder]), main(["--check", folder])
    wrote ... files to ...
    (0, 0)
    """
    parser = argparse.ArgumentParser(
        prog="python -m cardrules.tools.rulebook",
        description="Generate the rulebooks of the bundled games.",
    )
    parser.add_argument("--write", metavar="DIR", help="write every rulebook into DIR")
    parser.add_argument("--check", metavar="DIR", help="exit 1 if DIR is out of date")
    parser.add_argument("variant", nargs="*", help="a variant and its house rules, to print")
    args = parser.parse_args(argv)
    if args.write:
        folder = Path(args.write)
        folder.mkdir(parents=True, exist_ok=True)
        expected = rulebooks()
        for old in folder.glob("*.md"):
            if old.name not in expected:
                old.unlink()
        for name, text in expected.items():
            (folder / name).write_text(text, encoding="utf-8")
        print(f"wrote {len(expected)} files to {folder}")
        return 0
    if args.check:
        out = stale(Path(args.check))
        for name in out:
            print(f"out of date: {name}")
        return 1 if out else 0
    if args.variant:
        sys.stdout.write(describe_variant(args.variant[0], args.variant[1:]))
        return 0
    parser.print_usage()
    return 2
