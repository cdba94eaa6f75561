"""Command-line subcommands that play: ``simulate``, ``rulings`` and ``replay``.

They register themselves with :func:`cardrules.cli.command`; the parser
imports this module when it is built.

>>> import io
>>> from cardrules.cli import run
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["simulate", "irish-loo", "--players", "3", "--deals", "50", "--seed", "1"], out, err)
0
>>> out.getvalue().splitlines()[0]
'irish-loo: 50 deals in 12 sessions, 3 players, seed 1'
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from cardrules.cli import arg, command

_HOUSE = arg("-H", "--house-rule", dest="house_rules", action="append", default=[],
             metavar="HOUSE_RULE", help="apply a house rule (repeatable, in order)")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


@command("simulate", "play many deals with random players and summarise them",
         arg("variant", metavar="VARIANT", help="a bundled name or alias, or a rule file"),
         _HOUSE,
         arg("--players", type=_positive, help="players at the table (default: the rules')"),
         arg("--deals", type=_positive, default=1000, help="deals to play (default 1000)"),
         arg("--seed", type=int, default=0, help="random seed (default 0)"),
         arg("--json", action="store_true", help="print the summary as JSON"))
def _simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from cardrules.loader import load_variant
    from cardrules.session import Origin
    from cardrules.simulate import simulate

    rules = load_variant(args.variant, args.house_rules)
    if args.players is not None and not rules.players.min <= args.players <= rules.max_players:
        print(f"cardrules: {rules.name} is played by {rules.players.min} to "
              f"{rules.max_players} players, not {args.players}", file=err)
        return 2
    summary = simulate(rules, args.players, args.deals, args.seed,
                       origin=Origin(args.variant, tuple(args.house_rules)))
    if args.json:
        json.dump(summary.to_json(), out, indent=1)
        print(file=out)
    else:
        print(summary.text(), file=out)
    return 0


@command("rulings", "run rulings files (a deal, its actions and what must follow)",
         arg("paths", nargs="+", metavar="PATH", help="rulings files or folders of them"))
def _rulings(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from cardrules.rulings import report, run_paths

    results = run_paths(args.paths)
    if not results:
        print("cardrules: no rulings files found", file=err)
        return 1
    text, failed = report(results)
    print(text, file=out)
    return 1 if failed else 0


@command("replay", "replay a game record and print each step",
         arg("record", metavar="FILE", help="a record written by 'cardrules play --record'"))
def _replay(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from cardrules.record import replay_steps

    with open(args.record, encoding="utf-8") if args.record != "-" else _stdin() as f:
        try:
            record = json.load(f)
        except json.JSONDecodeError as exc:
            print(f"cardrules: {args.record}: not a JSON record ({exc.msg}, line {exc.lineno})",
                  file=err)
            return 1
    for line in replay_steps(record):
        print(line, file=out)
    return 0


def _stdin() -> IO[str]:
    return sys.stdin
