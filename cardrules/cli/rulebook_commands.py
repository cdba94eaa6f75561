"""Command-line subcommands for readers and authors: ``describe``, ``diff`` and ``check``.

- ``cardrules describe VARIANT [-H HOUSE_RULE]... [--set KEY=VALUE]...`` prints
  the rulebook of the effective rules (:mod:`cardrules.tools.rulebook`);
- ``cardrules diff A B [-H HOUSE_RULE]...`` prints the rule-level differences
  between two variants, the house rules applying to B (:mod:`cardrules.tools.rulediff`);
- ``cardrules check FILE [--deals N] [--seed S]`` validates an author's rule file,
  then plays random legal deals at the fewest, a middle and the most players
  with the engine's invariants checked (:mod:`cardrules.tools.conformance`); a failure
  is reported with its seed, and the record that reproduces it is written
  beside the file.

They register themselves with :func:`cardrules.cli.arguments.command`.

>>> import io
>>> from cardrules.cli.app import run
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["diff", "three-card-loo", "irish-loo"], out, err)
0
>>> print(out.getvalue().splitlines()[1])
The miss: dealt in three-card-loo, not in irish-loo
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import IO, Any

from cardrules.cli.arguments import HOUSE_RULES, OVERRIDES, VARIANT, arg, command, positive
from cardrules.errors import ERROR, WARNING

__all__ = ["failure_path", "player_counts"]


#: The most players ``check`` plays with by default: beyond it deals only get longer.
MAX_CHECKED_PLAYERS = 8


# --------------------------------------------------------------------------- describe


@command(
    "describe",
    "print the rulebook of a variant in plain English (Markdown)",
    VARIANT,
    HOUSE_RULES,
    OVERRIDES,
)
def _describe(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the rulebook writer and the loader are imported when it runs.
    from cardrules.tools.rulebook import describe_variant

    out.write(describe_variant(args.variant, args.house_rules, dict(args.overrides) or None))
    return 0


# --------------------------------------------------------------------------- diff


@command(
    "diff",
    "the rule-level differences between two variants, in words",
    arg("a", metavar="A", help="a bundled name or alias, or a rule file"),
    arg("b", metavar="B", help="a bundled name or alias, or a rule file"),
    arg(
        "-H",
        "--house-rule",
        dest="house_rules",
        action="append",
        default=[],
        metavar="HOUSE_RULE",
        help="apply a house rule to B (repeatable, in order)",
    ),
)
def _diff(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the loader is imported by the commands that load rules, not by --help.
    from cardrules.rules.loader import load_variant
    from cardrules.tools.rulediff import NO_DIFFERENCES, differences, label  # start-up time

    a = load_variant(args.a)
    b = load_variant(args.b, args.house_rules)
    name_a, name_b = label(a), label(b)
    if name_a == name_b:
        name_a, name_b = "A", "B"
    lines = differences(a, b, name_a, name_b)
    for line in lines or [NO_DIFFERENCES]:
        print(line, file=out)
    return 0


# --------------------------------------------------------------------------- check


def player_counts(low: int, high: int, cap: int = MAX_CHECKED_PLAYERS) -> list[int]:
    """The player counts checked: the fewest, one in the middle and the most (capped).

    >>> player_counts(3, 16), player_counts(2, 2), player_counts(3, 4)
    ([3, 5, 8], [2], [3, 4])
    """
    top = max(low, min(high, cap))
    return sorted({low, (low + top) // 2, top})


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
    arg("file", metavar="FILE", help="a rule file (a game, or a house rule with applies_to)"),
    arg("--deals", type=positive, default=500, help="deals at each player count (default 500)"),
    arg("--seed", type=int, default=0, help="random seed (default 0)"),
    arg(
        "--max-players",
        type=positive,
        default=MAX_CHECKED_PLAYERS,
        help=f"the most players checked (default {MAX_CHECKED_PLAYERS})",
    ),
)
def _check(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the loader, as in _diff.
    from cardrules.rules.loader import validate

    file: str = args.file
    problems = validate(file)
    for problem in problems:
        print(problem, file=out)
    errors = sum(p.severity == ERROR for p in problems)
    warnings = sum(p.severity == WARNING for p in problems)
    counts = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    if errors:
        print(f"{file}: invalid ({counts})", file=out)
        return 1
    print(f"{file}: valid ({counts})", file=out)
    targets = _targets(file)
    if not targets:
        print(f"{file}: a house rule without applies_to: no game to play it with", file=out)
        return 0
    failed: list[dict[str, Any]] = []
    for label, rules, origin in targets:
        for players in player_counts(rules.players.min, rules.max_players, args.max_players):
            failure = _conform(rules, players, args.deals, args.seed, origin)
            where = f"{label}, {players} players"
            if failure is None:
                print(f"{where}: {args.deals} deals: ok", file=out)
                continue
            print(f"{where}: FAILED {failure['check']}: {failure['message']}", file=out)
            print(
                f"  seed {args.seed} (session seed {failure['session_seed']}); reproduce with: "
                f"cardrules check {file} --deals {args.deals} --seed {args.seed}",
                file=out,
            )
            failed.append({"players": players, "variant": label, **failure})
    if failed:
        path = failure_path(file)
        record = failed[0].get("record")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(record if record else failed[0], handle, indent=1)
            handle.write("\n")
        what = "the record of the first failure" if record else "the first failure"
        print(
            f"{file}: not conformant: {len(failed)} failure{'s' * (len(failed) != 1)}; "
            f"{what} is in {path}"
            + (f" (replay it with: cardrules replay {path})" if record else ""),
            file=out,
        )
        return 1
    print(f"{file}: conformant", file=out)
    return 0


def _targets(file: str) -> list[tuple[str, Any, Any]]:
    """The rules to play: the game itself, or each game a house rule applies to."""
    # Start-up time: the engine, the loader and yaml are imported when a file is checked.
    from cardrules.engine.session import Origin
    from cardrules.rules.loader import load_variant  # start-up time, as above
    from cardrules.rules.overlay import is_path  # start-up time, as above
    from cardrules.rules.yamlsafe import load_yaml  # start-up time, as above

    data = load_yaml(Path(file).read_bytes(), file).data
    if not (isinstance(data, dict) and data.get("kind") == "house_rule"):
        return [(file, load_variant(file), Origin(file))]
    games = data.get("applies_to") or []
    out = []
    for game in games:
        ref = os.path.join(os.path.dirname(file), game) if is_path(game) else game
        rules = load_variant(ref, [file])
        out.append((f"{ref} + {file}", rules, Origin(ref, (file,))))
    return out


def _conform(
    rules: Any,
    players: int,
    deals: int,
    seed: int,
    origin: Any,
) -> dict[str, Any] | None:
    """The first conformance failure at one player count, as data, or None."""
    # Start-up time: conformance plays deals, with the engine.
    from cardrules.tools.conformance import check_rules

    try:
        report = check_rules(rules, players, deals, seed, origin=origin)
    except Exception as exc:  # the engine itself failed on these rules: that is a finding
        return {
            "check": "engine",
            "message": f"{type(exc).__name__}: {exc}",
            "session_seed": None,
            "record": None,
        }
    if report.ok:
        return None
    first = report.failures[0]
    return {
        "check": first.check,
        "message": first.message,
        "session_seed": first.seed,
        "record": first.record,
    }
