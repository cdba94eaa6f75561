"""Command-line subcommands that play: ``simulate``, ``rulings`` and ``replay``.

They register themselves with :func:`cardrules.cli.arguments.command`; the parser
imports this module when it is built.

>>> import io
>>> from cardrules.cli.app import run
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["simulate", "irish-loo", "--players", "3", "--deals", "50", "--seed", "1"], out, err)
0
>>> out.getvalue().splitlines()[0]
'irish-loo: 50 deals in 12 sessions, 3 players, seed 1, bots random'
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from typing import IO, Any

from cardrules.cli.arguments import (
    EXIT_FOUND,
    EXIT_OK,
    EXIT_USAGE,
    HOUSE_RULES,
    VARIANT,
    arg,
    assignment,
    command,
    exit_codes,
    positive,
)
from cardrules.errors import CardRulesError, RulesError
from cardrules.files import RECORD, read_json, read_stream


@command(
    "simulate",
    "play many deals with bots and summarise them, or compare two rule sets",
    VARIANT,
    HOUSE_RULES,
    arg(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        type=assignment,
        metavar="KEY=VALUE",
        help="override one option of VARIANT, e.g. exchange.mode=none",
    ),
    arg("--players", type=positive, help="players at the table (default: the rules')"),
    arg("--deals", type=positive, default=1000, help="deals to play (default 1000)"),
    arg("--seed", type=int, default=0, help="random seed (default 0)"),
    arg(
        "--bots",
        default="random",
        metavar="NAMES",
        help="one bot for every seat, or a comma list with one per seat: random, "
        "heuristic (rules of thumb), mc (Monte Carlo search), mc:N (with N samples per "
        "action); default random",
    ),
    arg(
        "--workers",
        type=positive,
        default=None,
        metavar="W",
        help="spread the sessions over W processes, at most one per core (the same "
        "results; default 1); with --backend ray, W tasks at once (default: the cluster's "
        "processors)",
    ),
    arg(
        "--backend",
        choices=("process", "ray"),
        default=None,
        help="where --workers run: process (this machine, the default) or ray "
        "(a Ray cluster, needs Ray: pip install '.[ray]' from a checkout); the same results",
    ),
    arg(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the cluster to join (host:port of 'ray start --head', "
        "or auto); without it a Ray is started on this machine for the run",
    ),
    arg("--json", action="store_true", help="print the summary as JSON"),
    arg(
        "--compare",
        metavar="OTHER",
        help="also play OTHER (a variant: B, VARIANT being A) on the same seeded deals, "
        "and show the differences B - A",
    ),
    arg(
        "-H2",
        "--house-rule2",
        dest="house_rules2",
        action="append",
        default=[],
        metavar="HOUSE_RULE",
        help="apply a house rule to OTHER (repeatable, in order)",
    ),
    arg(
        "--set2",
        dest="overrides2",
        action="append",
        default=[],
        type=assignment,
        metavar="KEY=VALUE",
        help="override one option of OTHER",
    ),
    arg(
        "--plot",
        metavar="FILE.png",
        help="draw the pool and each seat's net over the deals (needs matplotlib)",
    ),
    arg(
        "--progress",
        action="store_true",
        help="show the progress bar on stderr even when it is not a terminal",
    ),
    epilog=exit_codes("(not used: a simulation that runs succeeds)"),
)
def _simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the loader and the simulation (the engine, the bots) are imported when
    # a simulation runs, not to build the parser; plot never imports matplotlib until it draws.
    from cardrules.rules.loader import load_variant
    from cardrules.tools import plot  # start-up time, as above
    from cardrules.tools.simulate.run import compare, simulate  # start-up time, as above

    if args.plot and not plot.available():
        print(f"cardrules: --plot needs matplotlib: {plot.INSTALL_HINT}", file=err)
        return EXIT_USAGE
    if (args.house_rules2 or args.overrides2) and not args.compare:
        print("cardrules: -H2 and --set2 apply to the rule set of --compare OTHER", file=err)
        return EXIT_USAGE
    rules = load_variant(args.variant, args.house_rules, dict(args.overrides) or None)
    other = (
        load_variant(args.compare, args.house_rules2, dict(args.overrides2) or None)
        if args.compare
        else None
    )
    players = rules.players.default if args.players is None else args.players
    for r in (rules, other):
        if r is not None and not r.players.min <= players <= r.max_players:
            print(
                f"cardrules: {r.name} is played by {r.players.min} to "
                f"{r.max_players} players, not {players}",
                file=err,
            )
            return EXIT_USAGE
    if other is not None and other.wagers.scoring is not rules.wagers.scoring:
        unit = {"pool": "counters", "points": "points"}
        print(
            f"cardrules: {rules.name} is played for {unit[rules.wagers.scoring.value]} and "
            f"{other.name} for {unit[other.wagers.scoring.value]}: they cannot be compared",
            file=err,
        )
        return EXIT_USAGE
    bots = _bots(args.bots, players, err)
    if bots is None:
        return EXIT_USAGE
    pool = _pool_options(args, err)
    if pool is None:
        return EXIT_USAGE
    total = args.deals * (2 if other else 1)
    bar = Progress(err, total) if args.progress or _isatty(err) else None
    series = bool(args.plot)
    try:
        if other is None:
            result: Any = simulate(
                rules,
                players,
                args.deals,
                args.seed,
                bots=bots,
                series=series,
                progress=bar.update if bar else None,
                **pool,
            )
            summaries = [result]
        else:
            result = compare(
                rules,
                other,
                players,
                args.deals,
                args.seed,
                bots=bots,
                series=series,
                progress=bar.update if bar else None,
                **pool,
            )
            summaries = [result.a, result.b]
    finally:
        if bar:
            bar.close()
    if args.json:
        json.dump(result.to_json(), out, indent=1)
        print(file=out)
    else:
        print(result.text(), file=out)
    if args.plot:
        try:
            plot.plot(summaries, args.plot)
        except ImportError:
            print(f"cardrules: --plot needs matplotlib: {plot.INSTALL_HINT}", file=err)
            return EXIT_USAGE
        print(f"cardrules: plot written to {args.plot}", file=err)
    return EXIT_OK


def _bots(text: str, players: int, err: IO[str]) -> list[str] | None:
    """The bot of each seat from ``--bots``, or ``None`` after saying what is wrong."""
    # Start-up time: the bots (and the engine) are imported when a simulation runs.
    from cardrules.tools.simulate.bots import make_bot

    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        print(
            f"cardrules: --bots names {len(names)} bots for {players} seats: "
            "give one name, or one per seat",
            file=err,
        )
        return None
    for name in sorted(set(names)):
        try:
            make_bot(name, random.Random(0))
        except (ValueError, KeyError, LookupError) as exc:
            message = exc.args[0] if exc.args else exc
            print(f"cardrules: --bots: {message}", file=err)
            return None
    return names


def _pool_options(args: argparse.Namespace, err: IO[str]) -> dict[str, Any] | None:
    """``workers``, ``backend`` and ``address`` for :func:`simulate`, or ``None`` after
    saying what is wrong; more processes than cores are capped, with a message."""
    # Start-up time: the pools are imported when a simulation runs.
    from cardrules.tools.simulate.pools import cores

    workers, backend = args.workers, args.backend
    if args.address and backend != "ray":
        print("cardrules: --address is for --backend ray", file=err)
        return None
    if backend == "ray":
        if importlib.util.find_spec("ray") is None:
            print(
                "cardrules: --backend ray needs Ray: "
                "pip install '.[ray]' from a checkout of cardrules",
                file=err,
            )
            return None
        return {"workers": workers, "backend": "ray", "address": args.address}
    if workers is not None and workers > cores():
        print(
            f"cardrules: --workers {workers}: this machine has {cores()} cores; "
            f"using {cores()} workers",
            file=err,
        )
        workers = cores()
    return {"workers": workers, "backend": backend}


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A progress bar on a terminal stream, redrawn at most ten times a second.

    >>> import io
    >>> buf = io.StringIO()
    >>> bar = Progress(buf, 200, interval=0)
    >>> bar.update(50); bar.close()
    >>> "25%" in buf.getvalue() and "50/200 deals" in buf.getvalue()
    True
    """

    WIDTH = 30

    def __init__(self, stream: IO[str], total: int, interval: float = 0.1) -> None:
        self.stream = stream
        self.total = max(1, total)
        self.interval = interval
        self.start = time.monotonic()
        self.last = -1.0
        self.shown = False

    def update(self, done: int) -> None:
        """Show ``done`` deals of the total (throttled)."""
        now = time.monotonic()
        if now - self.last < self.interval and done < self.total:
            return
        self.last = now
        share = min(1.0, done / self.total)
        filled = int(share * self.WIDTH)
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = f", {(self.total - done) / rate:.0f} s left" if rate and done < self.total else ""
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {share:4.0%} "
            f"{done}/{self.total} deals, {elapsed:.1f} s{eta}   "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the bar's line."""
        if self.shown:
            self.stream.write("\r" + " " * (self.WIDTH + 60) + "\r")
            self.stream.flush()


@command(
    "rulings",
    "run rulings files (a deal, its actions and what must follow)",
    arg("paths", nargs="+", metavar="PATH", help="rulings files or folders of them"),
    epilog=exit_codes("a ruling failed, or a rulings file is not valid"),
)
def _rulings(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: rulings play deals, with the engine.
    from cardrules.tools.rulings import report, run_paths

    results = run_paths(args.paths)
    if not results:
        print("cardrules: no rulings files found", file=err)
        return EXIT_USAGE
    text, failed = report(results)
    print(text, file=out)
    return EXIT_FOUND if failed else EXIT_OK


@command(
    "replay",
    "replay a game record and print each step",
    arg(
        "record",
        metavar="FILE",
        help="a record written by 'cardrules play --record' ('-': standard input)",
    ),
    epilog=exit_codes("the record is not a valid game record, or does not replay"),
)
def _replay(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: a replay plays the record again, with the engine.
    from cardrules.cli.narration import replay_lines

    name = args.record
    # A FileError goes up to the command runner, which answers as for every file named on the
    # command line: no such file or not a regular file is a usage error (2), a file that
    # is there but not a record (too large, not UTF-8, not JSON) is a finding (1).
    if name == "-":
        record = read_json(raw=read_stream(_stdin().buffer, "<stdin>", RECORD), name=name)
    else:
        record = read_json(name, RECORD)
    try:
        lines = replay_lines(record)
    except RulesError as exc:
        first = exc.problems[0].message if exc.problems else str(exc)
        print(f"cardrules: {name}: the record's rules cannot be loaded: {first}", file=err)
        return EXIT_FOUND
    except CardRulesError as exc:
        print(f"cardrules: {name}: {exc}", file=err)
        return EXIT_FOUND
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # A file that is JSON but not shaped like a record (hand-edited, truncated...).
        print(f"cardrules: {name}: not a valid game record ({type(exc).__name__}: {exc})", file=err)
        return EXIT_FOUND
    for line in lines:
        print(line, file=out)
    return EXIT_OK


def _stdin() -> Any:
    return sys.stdin
