"""Command-line subcommands for readers and authors: ``describe``, ``diff``, ``sources`` and
``check``.

- ``cardrules describe VARIANT [-H HOUSE_RULE]... [--set KEY=VALUE]...`` prints
  the rulebook of the effective rules (:mod:`cardrules.tools.rulebook`): Markdown into a
  pipe or a file, plain text wrapped to the width of a terminal;
- ``cardrules diff A B [-H HOUSE_RULE]... [--set KEY=VALUE]... [-HA ...] [--set-a ...]``
  prints the rule-level differences between two variants (:mod:`cardrules.tools.rulediff`):
  ``-H`` and ``--set`` change B, ``-HA`` and ``--set-a`` change A; it exits 1 when they
  differ, as diff(1) does;
- ``cardrules sources KEY...`` prints the passages of ``docs/sources.md`` and
  ``docs/families.md`` that a rule's citation names (``D36``, ``1.2.9``, ``F1.2.3``, ``H4``;
  :mod:`cardrules.rules.passages`);
- ``cardrules check FILE [-H HOUSE_RULE]... [--set KEY=VALUE]... [--deals N] [--seed S]``
  validates an author's rule file, then plays random legal deals at the fewest, a middle,
  the usual and the most players with the engine's invariants checked
  (:mod:`cardrules.tools.conformance`); a failure is reported with its seed, and the
  record that reproduces it is written beside the file.

They register themselves with :func:`cardrules.cli.arguments.command`.

>>> import io
>>> from cardrules.cli.app import run
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["diff", "three-card-loo", "irish-loo"], out, err)
1
>>> print(out.getvalue().splitlines()[1])
The miss: dealt in three-card-loo, not in irish-loo
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import textwrap
from typing import IO, Any

from cardrules.cli.arguments import (
    EXIT_FOUND,
    EXIT_OK,
    EXIT_USAGE,
    HOUSE_RULES,
    INCLUDE,
    OVERRIDES,
    VARIANT,
    Argument,
    arg,
    command,
    exit_codes,
    missing_rule_file,
    positive,
    problem_text,
    rule_file,
)
from cardrules.errors import ERROR, WARNING

__all__ = ["failure_path", "markdown_text", "player_counts"]


#: The most players ``check`` plays with by default: beyond it deals only get longer.
MAX_CHECKED_PLAYERS = 8


# --------------------------------------------------------------------------- describe


@command(
    "describe",
    "print the rulebook of a variant in plain English (Markdown, or text on a terminal)",
    VARIANT,
    HOUSE_RULES,
    OVERRIDES,
    INCLUDE,
    arg(
        "--format",
        choices=("auto", "markdown", "text"),
        default="auto",
        help="markdown, or text wrapped to the terminal (default auto: text on a "
        "terminal, Markdown into a pipe or a file, e.g. for a Markdown viewer)",
    ),
    epilog=exit_codes("a rule file is invalid"),
)
def _describe(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the rulebook writer and the loader are imported when it runs.
    from cardrules.tools.rulebook import describe_variant

    text = describe_variant(
        args.variant, args.house_rules, dict(args.overrides) or None, search_path=args.include
    )
    terminal = out is sys.stdout and out.isatty()
    if args.format == "text" or (args.format == "auto" and terminal):
        width = min(shutil.get_terminal_size((80, 24)).columns, 100) - 1
        text = markdown_text(text, width)
    out.write(text)
    return EXIT_OK


_EMPHASIS = (
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"`([^`]+)`"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\(([^)]+)\)"), r"\1 (\2)"),
)
_NUMBERED = re.compile(r"^\*\*(\d+(?:\.\d+)*)\*\*\s+")


def markdown_text(markdown: str, width: int = 79) -> str:
    """The rulebook's Markdown as plain text for a terminal: headings underlined, the marks
    of emphasis and code removed, each paragraph wrapped at ``width`` at word boundaries,
    a numbered rule hanging from its number.

    >>> print(markdown_text("# Loo\\n\\n**1.1** The *pool* is `stake_deal` counters, "
    ...                     "paid by the dealer.\\n\\n- a list item\\n", 30), end="")
    Loo
    ===
    <BLANKLINE>
    1.1  The pool is stake_deal
         counters, paid by the
         dealer.
    <BLANKLINE>
      - a list item
    """
    lines: list[str] = []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        block = block.strip("\n")
        if lines:
            lines.append("")
        heading = re.match(r"^(#+)\s+(.*)$", block)
        if heading and "\n" not in block:
            title = _plain(heading.group(2))
            lines += [title, ("=" if len(heading.group(1)) == 1 else "-") * len(title)]
            continue
        if all(line.lstrip().startswith(("- ", "* ")) for line in block.splitlines()):
            for line in block.splitlines():
                item = _plain(line.lstrip()[2:])
                lines += textwrap.wrap(
                    item, width, initial_indent="  - ", subsequent_indent="    "
                ) or ["  -"]
            continue
        text = " ".join(line.strip() for line in block.splitlines())
        numbered = _NUMBERED.match(text)
        head = ""
        if numbered:
            head = numbered.group(1) + "  "
            text = text[numbered.end() :]
        lines += textwrap.wrap(
            _plain(text),
            width,
            initial_indent=head,
            subsequent_indent=" " * len(head),
            break_long_words=False,
            break_on_hyphens=False,
        )
    return "\n".join(lines) + "\n"


def _plain(text: str) -> str:
    for pattern, repl in _EMPHASIS:
        text = pattern.sub(repl, text)
    return text


# --------------------------------------------------------------------------- diff


def _shaping(side: str, suffix: str, example: str = "") -> tuple[Argument, Argument]:
    """The ``-H`` and ``--set`` options that shape ``side`` of ``diff``: B's are spelt as
    every command spells them, A's with ``suffix`` added (``-HA``, ``--set-a``).

    >>> [names for names, _ in _shaping("A", "a")]
    [('-HA', '--house-rule-a'), ('--set-a',)]
    """
    tail, dest = (f"-{suffix}", f"_{suffix}") if suffix else ("", "")
    house = arg(
        "-H" + suffix.upper(),
        f"--house-rule{tail}",
        dest=f"house_rules{dest}",
        action="append",
        default=[],
        metavar="HOUSE_RULE",
        help=f"apply a house rule to {side} (repeatable, in order)",
    )
    overrides = arg(
        f"--set{tail}",
        dest=f"overrides{dest}",
        action="append",
        default=[],
        type=OVERRIDES[1]["type"],
        metavar="KEY=VALUE",
        help=f"override one option of {side}{example}",
    )
    return house, overrides


@command(
    "diff",
    "the rule-level differences between two variants, in words",
    arg("a", metavar="A", help="a bundled name or alias, or a rule file"),
    arg("b", metavar="B", help="a bundled name or alias, or a rule file"),
    *_shaping("B", "", ", e.g. wagers.loo=mixed"),
    *_shaping("A", "a"),
    INCLUDE,
    epilog=exit_codes("the variants differ (as diff(1); 0 when they play alike)"),
)
def _diff(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the loader is imported by the commands that load rules, not by --help.
    from cardrules.rules.loader import load_variant
    from cardrules.tools.rulediff import NO_DIFFERENCES, differences, label  # start-up time

    a = load_variant(
        args.a, args.house_rules_a, dict(args.overrides_a) or None, search_path=args.include
    )
    b = load_variant(
        args.b, args.house_rules, dict(args.overrides) or None, search_path=args.include
    )
    name_a, name_b = label(a), label(b)
    if args.overrides_a:
        name_a += " (with --set-a)"
    if args.overrides:
        name_b += " (with --set)"
    if name_a == name_b:
        name_a, name_b = "A", "B"
    lines = differences(a, b, name_a, name_b)
    for line in lines or [NO_DIFFERENCES]:
        print(line, file=out)
    return EXIT_FOUND if lines else EXIT_OK


# --------------------------------------------------------------------------- sources


@command(
    "sources",
    "print the passages of the documents of rules that a citation names",
    arg(
        "keys",
        metavar="KEY",
        nargs="+",
        help="a key as the rules cite it: 1.2.9 or D36 (docs/sources.md), F1.2.3 or H4 "
        "(docs/families.md); a rulebook's citation names its keys too: families.md 1.2.3, "
        "H4 (the numbers after families.md are its own)",
    ),
    epilog=exit_codes("not used: a KEY that names no passage is a usage error (2)")
    + "\n\nNothing is printed unless every KEY names a passage. A rulebook cites\n"
    "docs/families.md as 'families.md 1.2.3'; the rules model (and cardrules schema)\n"
    "writes the same rule F1.2.3.",
)
def _sources(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the documents are read when the command runs.
    from cardrules.rules.passages import PassageNotFoundError, keys_in, passage

    # The keys are read from all the arguments together, so that a document named in one
    # (families.md) tells how the numbers after it are read, as in a citation.
    keys = keys_in(" ".join(args.keys))
    if not keys:
        print(f"cardrules sources: error: argument KEY: {' '.join(args.keys)!r} names no key",
              file=err)  # fmt: skip
        return EXIT_USAGE
    found = []
    for key in keys:
        try:
            found.append(passage(key))
        except PassageNotFoundError as exc:
            print(f"cardrules sources: error: argument KEY {key!r}: {exc}", file=err)
    if len(found) < len(keys):
        return EXIT_USAGE
    print("\n\n".join(f"{p.cited} (in {p.section})\n\n{p.text}" for p in found), file=out)
    return EXIT_OK


# --------------------------------------------------------------------------- check


def player_counts(
    low: int, high: int, cap: int = MAX_CHECKED_PLAYERS, usual: int | None = None
) -> list[int]:
    """The player counts checked: the fewest, one in the middle, the usual one and the
    most (all within the cap).

    >>> player_counts(3, 16), player_counts(2, 2), player_counts(3, 4)
    ([3, 5, 8], [2], [3, 4])
    >>> player_counts(3, 6, usual=5), player_counts(3, 16, cap=4, usual=5)
    ([3, 4, 5, 6], [3, 4])
    """
    top = max(low, min(high, cap))
    counts = {low, (low + top) // 2, top}
    if usual is not None and low <= usual <= top:
        counts.add(usual)
    return sorted(counts)


def failure_path(file: str) -> str:
    """Where the record of a failure found in ``file`` is written.

    >>> failure_path("house/my-loo.yaml")
    'house/my-loo.yaml.failure.json'
    """
    return f"{file}.failure.json"


@command(
    "check",
    "validate your rule file, then play random deals checking the engine's "
    "invariants; exit 0 only if valid and conformant",
    arg(
        "file",
        metavar="FILE",
        help="a rule file (a game, or a house rule with applies_to), or a bundled name",
    ),
    arg(
        "-H",
        "--house-rule",
        dest="house_rules",
        action="append",
        default=[],
        metavar="HOUSE_RULE",
        help="apply a house rule after FILE (repeatable, in order); to check a house rule "
        "without applies_to, name the game as FILE and the house rule here",
    ),
    OVERRIDES,
    INCLUDE,
    arg("--deals", type=positive, default=500, help="deals at each player count (default 500)"),
    arg("--seed", type=int, default=0, help="random seed (default 0)"),
    arg(
        "--max-players",
        type=positive,
        default=MAX_CHECKED_PLAYERS,
        help=f"the most players checked (default {MAX_CHECKED_PLAYERS})",
    ),
    arg(
        "--progress",
        action="store_true",
        help="show progress on stderr even when it is not a terminal",
    ),
    epilog=exit_codes("the file is invalid, or not conformant (a failure is reported)")
    + "\n\nThe deals are played at the fewest players, one count in the middle, the usual\n"
    "number and the most (at most --max-players). A failure is written, with the record\n"
    "that reproduces it, to FILE.failure.json (for a bundled name, in this folder).",
)
def _check(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the loader, as in _diff.
    from cardrules.rules.loader import validate

    given: str = args.file
    file = rule_file(given)
    if not os.path.lexists(file):
        print(problem_text(missing_rule_file(given), args), file=err)
        return EXIT_USAGE
    problems = validate(file, search_path=args.include)
    for problem in problems:
        print(problem, file=out)
    errors = sum(p.severity == ERROR for p in problems)
    warnings = sum(p.severity == WARNING for p in problems)
    counts = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    if errors:
        print(f"{given}: invalid ({counts})", file=out)
        return EXIT_FOUND
    print(f"{given}: valid ({counts})", file=out)
    targets = _targets(file, given, args.house_rules, dict(args.overrides) or None, args.include)
    if not targets:
        print(
            f"cardrules check: error: {given} is a house rule without applies_to: name the game "
            f"to play it with: cardrules check GAME -H {given}",
            file=err,
        )
        return EXIT_USAGE
    show = args.progress or (err is sys.stderr and err.isatty())
    failed: list[dict[str, Any]] = []
    for label, rules, origin in targets:
        counts_checked = player_counts(
            rules.players.min, rules.max_players, args.max_players, rules.players.default
        )
        for players in counts_checked:
            where = f"{label}, {players} players"
            failure = _conform(rules, players, args.deals, args.seed, origin, where, err, show)
            if failure is None:
                print(f"{where}: {args.deals} deals: ok", file=out)
                continue
            print(f"{where}: FAILED {failure['check']}: {failure['message']}", file=out)
            again = " ".join(
                [given, *(f"-H {h}" for h in args.house_rules)]
                + [f"--set {k}={json.dumps(v)}" for k, v in args.overrides]
            )
            print(
                f"  seed {args.seed} (session seed {failure['session_seed']}); reproduce with: "
                f"cardrules check {again} --deals {args.deals} --seed {args.seed}",
                file=out,
            )
            failed.append({"players": players, "variant": label, **failure})
    if failed:
        return _report_failures(failed, given if file != given else file, given, out)
    print(f"{given}: conformant", file=out)
    return EXIT_OK


def _report_failures(failed: list[dict[str, Any]], file: str, given: str, out: IO[str]) -> int:
    """Write the first failure's record beside ``file`` (in the current folder for a bundled
    name) and say where; exit 1."""
    # Start-up time: the file writer is imported when there is something to write.
    from cardrules.files import write_text

    path = failure_path(file)
    record = failed[0].get("record")
    write_text(path, json.dumps(record if record else failed[0], indent=1) + "\n")
    what = "the record of the first failure" if record else "the first failure"
    print(
        f"{given}: not conformant: {len(failed)} failure{'s' * (len(failed) != 1)}; "
        f"{what} is in {path}" + (f" (replay it with: cardrules replay {path})" if record else ""),
        file=out,
    )
    return EXIT_FOUND


def _targets(
    file: str,
    given: str,
    house_rules: list[str],
    overrides: dict[str, Any] | None,
    include: list[str],
) -> list[tuple[str, Any, Any]]:
    """The rules to play: the game itself, or each game a house rule applies to; each with
    the house rules of ``-H`` and the overrides of ``--set`` after."""
    # Start-up time: the engine, the loader and yaml are imported when a file is checked.
    from cardrules.engine.session import Origin
    from cardrules.files import RULE_FILE, read_bytes  # start-up time, as above
    from cardrules.rules.loader import load_variant  # start-up time, as above
    from cardrules.rules.overlay import is_path  # start-up time, as above
    from cardrules.rules.yamlsafe import load_yaml  # start-up time, as above

    bundled = file != given
    ref = given if bundled else file if is_path(file) else os.path.join(".", file)
    extra = " + ".join(["", *house_rules])
    data = load_yaml(read_bytes(file, RULE_FILE), file).data
    if not (isinstance(data, dict) and data.get("kind") == "house_rule"):
        rules = load_variant(ref, house_rules, overrides, search_path=include)
        return [(given + extra, rules, Origin(ref, tuple(house_rules)))]
    games = data.get("applies_to") or []
    out = []
    for game in games:
        base = os.path.join(os.path.dirname(file), game) if is_path(game) else game
        rules = load_variant(base, [ref, *house_rules], overrides, search_path=include)
        out.append((f"{base} + {given}{extra}", rules, Origin(base, (ref, *house_rules))))
    return out


def _conform(
    rules: Any,
    players: int,
    deals: int,
    seed: int,
    origin: Any,
    where: str,
    err: IO[str],
    show: bool,
) -> dict[str, Any] | None:
    """The first conformance failure at one player count, as data, or None; with ``show``,
    the deals played so far on ``err``, on one line redrawn."""
    # Start-up time: conformance plays deals, with the engine.
    from cardrules.tools.conformance import check_rules

    def progress(done: int) -> None:
        err.write(f"\r{where}: {done}/{deals} deals")
        err.flush()

    try:
        report = check_rules(
            rules, players, deals, seed, origin=origin, progress=progress if show else None
        )
    except Exception as exc:  # the engine itself failed on these rules: that is a finding
        return {
            "check": "engine",
            "message": f"{type(exc).__name__}: {exc}",
            "session_seed": None,
            "record": None,
        }
    finally:
        if show:
            err.write("\r" + " " * (len(where) + 24) + "\r")
            err.flush()
    if report.ok:
        return None
    first = report.failures[0]
    return {
        "check": first.check,
        "message": first.message,
        "session_seed": first.seed,
        "record": first.record,
    }
