#!/usr/bin/env python3
"""How ``cardrules simulate --workers W`` scales, and that it gives the same results.

Runs the same simulation with 1 and with W workers, alternately, ``--reps``
times each, and prints each wall time, the best of each, and the speed-up
(best against best: other programs on the machine only ever slow a run down,
so the best of several runs is the least disturbed). It also checks that
every run's summary is identical. The load average before each run is shown:
figures taken on a busy machine understate the speed-up. So is the processor
time the run used in all its processes: against one worker's, it shows what
the split costs (starting the workers, sending the sessions back), whatever
the load.

Usage: python benchmarks/simulate_workers.py [VARIANT] [--deals 100000] [--workers 2]
       [--reps 3] [--house-rule RULE]...
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

import cardrules
from cardrules.tools.simulate import simulate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant", nargs="?", default="three-card-loo")
    p.add_argument("--house-rule", action="append", default=[])
    p.add_argument("--deals", type=int, default=100_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rules = cardrules.load_variant(args.variant, args.house_rule)
    times: dict[int, list[float]] = {1: [], args.workers: []}
    results = set()
    label = " + ".join([args.variant, *args.house_rule])
    print(f"{label}, {args.deals} deals, seed {args.seed}, {os.cpu_count()} cores")
    for rep in range(args.reps):
        for w in (1, args.workers):
            load = os.getloadavg()[0]
            cpu0 = _cpu()
            start = time.perf_counter()
            s = simulate(rules, None, args.deals, args.seed, workers=w)
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
    print(
        f"best: 1 worker {one:.2f} s, {args.workers} workers {many:.2f} s: "
        f"speed-up {one / many:.2f}x"
    )
    print("results identical in every run" if len(results) == 1 else "RESULTS DIFFER")


def _cpu() -> float:
    """Processor time used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


if __name__ == "__main__":
    main()
