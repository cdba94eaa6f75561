"""The larger mutation run, by hand: ``python tests/fuzz_large.py [N] [SEED]``.

Feeds ``N`` mutated inputs of each kind (rule files, records, rulings files; default
3000) through the same doors as ``tests/test_fuzz_mutation.py`` and prints the counts:
inputs tried, refused and accepted, tracebacks (any exception but a CardRulesError, or
a broken promise: a secret quoted, a tampered record accepted), hangs over 10 s of
wall-clock time, the slowest input in wall-clock and in CPU time (inputs over 5 s of
CPU are kept in ``fuzz-slow/`` for study), and the peak memory of the process (so that
no input went over it).
"""

from __future__ import annotations

import json
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from fuzzing import (
    RULINGS,
    VARIANTS,
    good_record,
    make_tree,
    mutate_record,
    mutate_text,
    try_record,
    try_rule_file,
    try_ruling,
)

HANG = 10


class Hang(Exception):
    """An input took more than HANG seconds."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def _keep(kind: str, call: partial[str]) -> None:
    """Keep a slow input for study, in ``fuzz-slow/`` of the current folder."""
    folder = Path("fuzz-slow")
    folder.mkdir(exist_ok=True)
    text = call.args[1]
    (folder / f"{kind.replace(' ', '-')}-{len(list(folder.iterdir()))}.txt").write_text(
        text, "utf-8", errors="surrogatepass"
    )


def run(n: int, seed: int) -> dict[str, Any]:
    """Run ``n`` inputs of each kind; the counts, and the first few tracebacks."""
    signal.signal(signal.SIGALRM, _alarm)
    counts: Counter[str] = Counter()
    examples: list[str] = []
    slowest = slowest_cpu = 0.0
    slow_kind = [""]
    rng = random.Random(seed)
    games = ["three-card-loo", "five-card-loo", "put", "put-four-handed", "irish-loo"]
    with tempfile.TemporaryDirectory() as folder:
        work = make_tree(Path(folder))
        records = [good_record(games[s % len(games)], s) for s in range(10)]
        texts = {p: p.read_text("utf-8") for p in [*VARIANTS, *RULINGS]}

        def one(kind: str, call: partial[str], must_refuse: bool = False) -> None:
            nonlocal slowest, slowest_cpu
            counts[kind + " tried"] += 1
            start, cpu = time.monotonic(), time.process_time()
            signal.alarm(HANG)
            try:
                outcome = call()
            except Hang:
                counts["hangs over 10 s"] += 1
                _keep(kind, call)
                return
            except Exception:
                counts["tracebacks"] += 1
                if len(examples) < 5:
                    examples.append(traceback.format_exc(limit=4))
                return
            finally:
                signal.alarm(0)
                slowest = max(slowest, time.monotonic() - start)
                used = time.process_time() - cpu
                if used > slowest_cpu:
                    slowest_cpu = used
                    slow_kind[0] = kind
                if used > HANG / 2:
                    _keep(kind, call)
            counts[f"{kind} {outcome}"] += 1
            if must_refuse and outcome != "refused":
                counts["wrong acceptances"] += 1

        for i in range(n):
            base = texts[rng.choice(VARIANTS)]
            one("rule file", partial(try_rule_file, work, mutate_text(base, rng), i))
            text, must = mutate_record(rng.choice(records), rng)
            one("record", partial(try_record, work, text, i), must)
            ruling = texts[rng.choice(RULINGS)]
            one("rulings file", partial(try_ruling, work, mutate_text(ruling, rng), i))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB -> MB on Linux
    return {
        "counts": dict(sorted(counts.items())),
        "inputs": sum(v for k, v in counts.items() if k.endswith(" tried")),
        "slowest_s": round(slowest, 2),
        "slowest_cpu_s": round(slowest_cpu, 2),
        "slowest_cpu_kind": slow_kind[0],
        "peak_memory_mb": round(peak),
        "examples": examples,
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    started = time.monotonic()
    result = run(n, seed)
    result["seconds"] = round(time.monotonic() - started)
    print(json.dumps(result, indent=1))
