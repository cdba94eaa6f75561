#!/usr/bin/env python3
"""The engine's cost counted in instructions, beside the hand-written yardstick's.

``engine_speed.py`` times the paths in CPU seconds, which the load of a shared machine
moves by a tenth or more from run to run. This script counts the instructions each path
executes per deal, with valgrind's cachegrind (``--cache-sim=no``), which no load
changes: the same commit gives the same figures to a fraction of a percent, so that a
change of a few percent can be seen. Instructions are not time (a program that touches
more memory takes longer per instruction): read these figures beside the timed ones.

Each path plays the same deals as in ``engine_speed.py`` (five players, its choosers and
seeds) in a child process, twice under cachegrind: a warm-up of 50 deals alone, then the
warm-up and ``--deals`` more; the difference over the deals played is the cost of a deal
(start-up, imports and the first deals excluded). The yardstick's hands are counted the
same way. ``simulate`` is the whole command, start-up included, at engine_speed.py's
20,000 deals: its start-up (a run of one deal) and its cost a deal (the difference of a
run of ``--simulate-deals`` and that one) are counted, and summed for 20,000 deals.

The yardstick is this folder's ``handcoded_loo.py`` unless ``--baseline SCRIPT`` names
another; ``--compare-baseline OTHER`` counts a second yardstick too, on the same deals
(the same seeds), and prints its counts beside the first's and the first's over its, and
``--only-yardsticks`` counts the yardsticks alone.

With ``--cache`` cachegrind also simulates the caches (first level: 32 KiB of
instructions and 32 KiB of data, 8-way, 64-byte lines) and the branch predictor, and a
second table gives each path's first-level misses and mispredicted branches a deal: what
makes an instruction of one program cost more time than one of another. A simulation,
not the machine's counters: read its ratios, not its absolute figures.

Usage: python benchmarks/instructions.py [--baseline SCRIPT] [--compare-baseline OTHER]
           [--only-yardsticks] [--deals 400] [--simulate-deals 2000] [--cache]
Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The hand-written yardstick counted unless ``--baseline`` names another.
BASELINE = HERE / "handcoded_loo.py"
GAMES = {"three": "three-card-loo", "five": "five-card-loo"}
PATHS = ("checked", "checked-bot", "fast")
WARM = 50
#: The deals of engine_speed.py's simulate run.
SIMULATE_RUN = 20_000


#: What cachegrind's summary reports, by the name printed here: the instructions, and
#: with ``--cache`` the first-level misses and the mispredicted branches.
EVENTS = {
    "instructions": r"I\s+refs:\s+([\d,]+)",
    "I1 misses": r"I1\s+misses:\s+([\d,]+)",
    "D1 misses": r"D1\s+misses:\s+([\d,]+)",
    "mispredicts": r"Mispredicts:\s+([\d,]+)",
}
#: The caches simulated with ``--cache``, fixed so that any machine gives the same counts.
CACHES = ("--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,16,64")


def count(argv: list[str], env: dict[str, str], cache: bool = False) -> tuple[dict[str, int], str]:
    """What ``argv`` executes (cachegrind's ``I refs``; with ``cache``, also its
    first-level misses and mispredicted branches) and its output."""
    sim = ["--cache-sim=yes", "--branch-sim=yes", *CACHES] if cache else ["--cache-sim=no"]
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=cachegrind", *sim, f"--cachegrind-out-file={tmp}/cg.out", *argv],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
    counts = {}
    for event, pattern in EVENTS.items() if cache else [("instructions", EVENTS["instructions"])]:
        found = re.search(pattern, out.stderr)
        if found is None:
            raise SystemExit(f"no {event} count from valgrind:\n{out.stderr[-2000:]}")
        counts[event] = int(found.group(1).replace(",", ""))
    return counts, out.stdout


def prime(argv: list[str], env: dict[str, str]) -> None:
    """Run ``argv`` once uncounted, so that the byte code of every module it imports is
    cached (where it can be) before two runs are counted and subtracted."""
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, env=env)


def per_deal(
    argv: list[str], deals: int, env: dict[str, str], cache: bool = False
) -> dict[str, float]:
    """The counts per deal of a child that plays ``WARM`` deals, then at least ``deals``
    more when given ``--go`` (and prints how many it played after the warm-up)."""
    prime(argv, env)
    warm, _ = count(argv, env, cache)
    full, out = count([*argv, "--go"], env, cache)
    played = int(out.split()[-1])
    return {event: (full[event] - warm[event]) / played for event in full}


def child(what: str, variant: str, deals: int, go: bool) -> int:
    """Play ``WARM`` deals of ``what`` (a path, or ``yardstick`` with the script's path
    in ``variant``'s place), then with ``go`` at least ``deals`` more (whole sessions);
    print how many were played after the warm-up."""
    sys.path.insert(0, str(HERE))
    import engine_speed  # this folder's: its paths, choosers, seeds and yardstick loader

    if what == "yardstick":
        script, game = variant.split("::")
        s = engine_speed.load_yardstick(script).Session(game, 100)
        s.play(WARM)
        if go:
            s.play(deals)
        print(deals if go else 0)
        return 0
    engine_speed.play_deals(what, variant, WARM, seed=100)
    print(engine_speed.play_deals(what, variant, deals, seed=101) if go else 0)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--baseline", default=str(BASELINE), help="the hand-written Loo (default: %(default)s)"
    )
    ap.add_argument("--compare-baseline", metavar="OTHER", help="a second yardstick to count")
    ap.add_argument(
        "--only-yardsticks", action="store_true", help="count the yardsticks, not the engine"
    )
    ap.add_argument("--deals", type=int, default=400, help="deals counted a path")
    ap.add_argument("--simulate-deals", type=int, default=2000, help="deals of simulate")
    ap.add_argument("--cache", action="store_true", help="also count cache misses a deal")
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)  # WHAT VARIANT DEALS
    ap.add_argument("--go", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        what, variant, deals = args.child
        return child(what, variant, int(deals), args.go)
    yardsticks = {"hand-written yardstick": str(Path(args.baseline).resolve())}
    if args.compare_baseline:
        yardsticks["other yardstick"] = str(Path(args.compare_baseline).resolve())
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt-get install valgrind)")
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiling every source is no part of a deal
    py = [sys.executable, "-P"]
    me = str(Path(__file__).resolve())
    cache = args.cache
    rows: dict[str, dict[str, dict[str, float]]] = {}
    starts: dict[str, int] = {}
    for game, variant in GAMES.items():
        for name, script in yardsticks.items():
            yard = [*py, me, "--child", "yardstick", f"{script}::{game}", str(args.deals)]
            rows.setdefault(name, {})[game] = per_deal(yard, args.deals, env, cache)
        if args.only_yardsticks:
            continue
        sim = [*py, "-m", "cardrules", "simulate", variant, "--players", "5", "--seed", "1"]
        prime([*sim, "--deals", "1"], env)
        start, _ = count([*sim, "--deals", "1"], env, cache)
        total, _ = count([*sim, "--deals", str(args.simulate_deals)], env, cache)
        deal = {e: (total[e] - start[e]) / (args.simulate_deals - 1) for e in total}
        starts[game] = start["instructions"]
        # The whole command at engine_speed.py's 20,000 deals: start-up and the deals.
        rows.setdefault("simulate", {})[game] = {
            e: (start[e] + SIMULATE_RUN * deal[e]) / SIMULATE_RUN for e in total
        }
        rows.setdefault("  its deals alone", {})[game] = deal
        for path in PATHS:
            argv = [*py, me, "--child", path, variant, str(args.deals)]
            rows.setdefault(path, {})[game] = per_deal(argv, args.deals, env, cache)
    heading = "instructions per deal (cachegrind), 5 players; ratio: the yardstick's over a row's"
    if not args.only_yardsticks:
        heading += (
            f"; simulate: the whole command at {SIMULATE_RUN} deals, from its start-up "
            f"(--deals 1: {starts['three'] / 1e6:.0f}M / {starts['five'] / 1e6:.0f}M) and "
            f"its cost a deal over {args.simulate_deals} deals"
        )
    print(heading)
    print(f"cardrules from {imported(py, env)}")
    for name, script in yardsticks.items():
        print(f"{name}: {engine_speed_shown(script)}")
    print_table(rows, "instructions")
    if cache:
        print(
            "\nper deal in cachegrind's simulation (first-level caches of 32 KiB, 8-way; "
            "its branch predictor); ratio: the yardstick's over the path's"
        )
        for i, event in enumerate(("I1 misses", "D1 misses", "mispredicts")):
            if i:
                print()
            print_table(rows, event)
    return 0


def imported(py: list[str], env: dict[str, str]) -> str:
    """Where the children's cardrules comes from, as ``engine_speed.py`` says it."""
    init = subprocess.run(
        [*py, "-c", "import cardrules; print(cardrules.__file__)"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.strip()
    sys.path.insert(0, str(HERE))
    import engine_speed

    return engine_speed.origin(init)


def engine_speed_shown(script: str) -> str:
    """``script`` as ``engine_speed.py`` shows it (from the checkout's root, if in it)."""
    sys.path.insert(0, str(HERE))
    import engine_speed

    return engine_speed.shown(script)


def print_table(rows: dict[str, dict[str, dict[str, float]]], event: str) -> None:
    """A table of ``event`` per deal and its ratio to the yardstick's, game by game."""
    base = rows["hand-written yardstick"]
    header = f"{event:22}"
    for game in GAMES:
        header += f" | {game + '-card':>10} {'ratio':>6}"
    print(header)
    for path, by_game in rows.items():
        line = f"{path:22}"
        for game in GAMES:
            value = by_game[game][event]
            line += f" | {value:10.0f} {base[game][event] / value:6.2f}"
        print(line)


if __name__ == "__main__":
    raise SystemExit(main())
