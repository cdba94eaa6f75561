#!/usr/bin/env python3
"""How ``cardrules simulate`` scales over workers, what its pools cost to start, and what
simulate adds to the playout it drives.

Three measures, each checking that the results are identical where they must be:

- ``scaling`` (the default): the same simulation with 1 and with W workers
  (``--backend process`` or ``ray``), alternately, ``--reps`` times each; each wall
  time, the best of each and their ratio (other programs on the machine only ever
  slow a run down, so the best of several runs is the least disturbed), and the
  ratio of every pair of runs taken one after the other. The load average before
  each run is shown, and the processor time used in all processes: against one
  worker's, it shows what the split costs whatever the load.
- ``startup``: the time to start each pool and play one chunk on it (processes, and
  with ``--backend ray`` a Ray started on this machine), so that one can tell from
  how many deals a pool pays.
- ``overhead``: processor time of ``simulate`` (one process) against the bare
  playout it drives (the same sessions, seeds and random bots through
  :func:`cardrules.players.playout.play_out`, nothing tallied), interleaved, the
  median of ``--reps`` rounds.

Usage: python benchmarks/simulate_workers.py [scaling|startup|overhead] [VARIANT]
       [--deals 200000] [--workers 2] [--backend process|ray] [--reps 3]
       [--house-rule RULE]...
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules
from cardrules.engine.session import Session
from cardrules.players.base import RandomBot
from cardrules.players.playout import bot_seed, play_out
from cardrules.rules.model import Rules, Scoring
from cardrules.tools.simulate import (
    Running,
    make_plan,
    make_pool,
    play_session,
    session_seed,
    simulate,
)
from cardrules.tools.simulate.tally import layout_for


def scaling(rules: Rules, args: argparse.Namespace) -> None:
    times: dict[int, list[float]] = {1: [], args.workers: []}
    results = set()
    for rep in range(args.reps):
        for w in (1, args.workers):
            load = os.getloadavg()[0]
            cpu0 = _cpu()
            start = time.perf_counter()
            backend = None if w == 1 else args.backend
            s = simulate(rules, None, args.deals, args.seed, workers=w, backend=backend)
            wall = time.perf_counter() - start
            cpu = _cpu() - cpu0
            times[w].append(wall)
            results.add(json.dumps(s.to_json(), sort_keys=True))
            print(
                f"  run {rep + 1}, {w} worker{'s' * (w > 1)}: {wall:6.2f} s "
                f"({args.deals / wall:,.0f} deals/s, processor time {cpu:.2f} s; "
                f"load average before {load:.2f})",
                flush=True,
            )
    one, many = min(times[1]), min(times[args.workers])
    pairs = [a / b for a, b in zip(times[1], times[args.workers], strict=True)]
    print(
        f"best: 1 worker {one:.2f} s, {args.workers} workers {many:.2f} s: "
        f"speed-up {one / many:.2f}x (run by run: {', '.join(f'{p:.2f}' for p in pairs)})"
    )
    print("results identical in every run" if len(results) == 1 else "RESULTS DIFFER")


def startup(rules: Rules, args: argparse.Namespace) -> None:
    plan = make_plan(rules, None, 1000, args.seed, "random", False)
    backends = ["process"] + (["ray"] if args.backend == "ray" else [])
    for backend in backends:
        for rep in range(args.reps):
            start = time.perf_counter()
            pool = make_pool(backend, args.workers)
            pool.start([plan])
            pool.submit(((0,), 0, 1)).result()
            ready = time.perf_counter() - start
            pool.close()
            total = time.perf_counter() - start
            print(
                f"  {backend}, {pool.workers} workers, run {rep + 1}: started and one "
                f"session played in {ready:.2f} s, closed at {total:.2f} s",
                flush=True,
            )


def _bare_session(rules: Rules, players: int, seed: int, index: int, cap: int) -> int:
    """The playout alone: a session seeded as simulate seeds it, random bots, no tally."""
    s = Session(rules, players, seed=session_seed(seed, index))
    seeds = [bot_seed(session_seed(seed, index), seat) for seat in range(players)]
    play_out(s, [RandomBot(random.Random(x)) for x in seeds], max_deals=cap)
    return len(s.results)


def overhead(rules: Rules, args: argparse.Namespace) -> None:
    # Session by session, the bare playout and simulate's own session (played, tallied
    # and summed) in turn, each timed by processor time: whatever else the machine does
    # slows both alike. Then whole runs, interleaved, for what this leaves out (the
    # scheduling of chunks and the summary at the end).
    plan = make_plan(rules, None, args.deals, args.seed, "random", False)
    points = rules.wagers.scoring is Scoring.POINTS
    run = Running(layout_for(plan.players, rules.deal.hand_size), points)
    bare = full = 0.0
    played = index = 0
    clock = time.process_time
    while played < args.deals:
        t0 = clock()
        played += _bare_session(rules, plan.players, args.seed, index, args.deals - played)
        t1 = clock()
        run.add(play_session(plan, index, args.deals))
        t2 = clock()
        bare += t1 - t0
        full += t2 - t1
        index += 1
    print(
        f"  session by session, {index} sessions: playout {bare:.2f} s, simulate's session "
        f"{full:.2f} s of processor time: simulate adds {full / bare - 1:+.1%}",
        flush=True,
    )
    ratios = []
    for rep in range(args.reps):
        t0 = clock()
        played = index = 0
        while played < args.deals:
            played += _bare_session(rules, plan.players, args.seed, index, args.deals - played)
            index += 1
        alone = clock() - t0
        t0 = clock()
        simulate(rules, None, args.deals, args.seed, backend="serial")
        whole = clock() - t0
        ratios.append(whole / alone)
        print(
            f"  whole runs, round {rep + 1}: playout {alone:.2f} s, simulate {whole:.2f} s "
            f"of processor time: simulate adds {whole / alone - 1:+.1%}",
            flush=True,
        )
    print(f"median of whole runs: simulate adds {statistics.median(ratios) - 1:+.1%}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "measure", nargs="?", default="scaling", choices=("scaling", "startup", "overhead")
    )
    p.add_argument("variant", nargs="?", default="three-card-loo")
    p.add_argument("--house-rule", action="append", default=[])
    p.add_argument("--deals", type=int, default=200_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--backend", choices=("process", "ray"), default="process")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rules = cardrules.load_variant(args.variant, args.house_rule)
    label = " + ".join([args.variant, *args.house_rule])
    print(f"{args.measure}: {label}, {args.deals} deals, seed {args.seed}, {os.cpu_count()} cores")
    {"scaling": scaling, "startup": startup, "overhead": overhead}[args.measure](rules, args)


def _cpu() -> float:
    """Processor time used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


if __name__ == "__main__":
    main()
