#!/usr/bin/env python3
"""How fast cardrules plays random whole deals, beside a hand-written yardstick.

Five players; Three-Card Loo and Five-Card Loo with their default rules; deals in
sessions with the pool carried from deal to deal (a session that ends by its rules is
followed by a new one). Figures are deals per second of CPU time. Each round measures the
yardstick and then every path, game by game, so that a change of the machine's load falls
on both; each ratio is the median over the rounds of the ratio within a round.

The paths:

- ``simulate``: the whole command ``cardrules simulate VARIANT --players 5 --deals N``
  with random bots, start-up included (CPU time of the child process).
- ``checked``: ``session.apply(choice(session.legal_actions()))``, the checked entry point
  as a user's program calls it, choosing as the yardstick's players do as far as the rules
  allow (a declarer throws up with probability one half and otherwise stands or
  exchanges uniformly; every other choice uniform).
- ``checked-bot``: the same entry point with the random bot's choice (a uniform kind of
  action, then a uniform action of that kind; at five-card loo this stands more often).
- ``fast``: :func:`cardrules.players.playout.play_out` with random bots (the same choices
  as ``checked-bot``, from the actions by kind).
- ``compiled ...``: the same paths in the compiled build, given its interpreter with
  ``--compiled-python`` (a virtual environment where ``CARDRULES_COMPILE=1 pip install .``
  was run; see docs/compiled.md).

Below the table, the lowest and highest ratio of each path over the rounds show how far
the machine's load moved the figures the medians are taken of. Last, a line says what
``simulate`` costs on top of the fast path it drives (the same random bots): the median
of the fast path's rate over simulate's, less one, for a deal (simulate's deals alone:
the CPU time of a run of one deal, its start-up, taken off; the goal is at most 15%) and
for the whole command at ``--simulate-deals`` (start-up included).

The yardstick is a hand-written Python Loo with random players, this folder's
``handcoded_loo.py`` unless ``--baseline SCRIPT`` names another with the same interface (a
``Session(game, seed)`` whose ``play(deals)`` plays that many deals, ``game`` ``"three"``
or ``"five"``); it is loaded as a module and timed in this process. ``--compare-baseline
OTHER`` also times a second yardstick in the same rounds, next to the first (each first in
every other round), and prints its rate and the first's over it, the median of the ratios
within a round and their range: two yardsticks that do the same work play at one rate.
``--only-yardsticks`` times the yardsticks alone.

Usage: python benchmarks/engine_speed.py [--seconds 2] [--reps 3] [--baseline SCRIPT]
           [--compare-baseline OTHER] [--only-yardsticks]
           [--compiled-python PYTHON] [--simulate-deals N]
"""

from __future__ import annotations

import argparse
import atexit
import importlib.util
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

try:
    import cardrules
except ImportError:  # run from a checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import cardrules
from cardrules.engine.actions import EXCHANGE, THROW_UP
from cardrules.engine.compiled import compiled_modules
from cardrules.players.base import random_legal
from cardrules.players.playout import derive_seed, play_out, random_bots

HERE = Path(__file__).resolve().parent
#: The hand-written yardstick measured unless ``--baseline`` names another.
BASELINE = HERE / "handcoded_loo.py"
GAMES = {"three": "three-card-loo", "five": "five-card-loo"}
#: The paths measured in this process (the compiled build runs them in its own).
ENGINE_PATHS = ("checked", "checked-bot", "fast")
#: The goals of the table, by path (None: no goal, shown for comparison).
GOALS = {
    "simulate": 0.5,
    "checked": 0.45,
    "checked-bot": None,
    "fast": None,
    "compiled simulate": 0.75,
    "compiled checked": 0.6,
    "compiled checked-bot": None,
    "compiled fast": None,
}


def play_sessions(path: str, variant: str, seed: int) -> Iterator[int]:
    """Play sessions of ``path`` (one of :data:`ENGINE_PATHS`) one after another, for
    ever, yielding the deals each played."""
    rules = cardrules.load_variant(variant)
    rng = random.Random(seed)
    choice = rng.choice  # as the yardstick's players choose

    def matched(legal: list[int]) -> int:
        if legal[-1] >= EXCHANGE and THROW_UP in legal:
            if rng.random() < 0.5:
                return THROW_UP
            # Uniform over the others: the i-th of them, passing over the throw-up in
            # place rather than copying the list without it (the same draw, the same choice).
            i = choice(range(len(legal) - 1))
            return legal[i + (i >= legal.index(THROW_UP))]
        return choice(legal)

    def bot(legal: list[int]) -> int:
        return random_legal(rng, legal)

    choose = matched if path == "checked" else bot
    index = 0
    while True:
        index += 1
        session_seed = derive_seed(seed, index)
        s = cardrules.Session(rules, 5, seed=session_seed, dealer=0)
        if path == "fast":
            play_out(s, random_bots(session_seed, 5))
        else:
            legal_actions, apply = s.legal_actions, s.apply
            while not s.is_over:  # a session ends by its rules (at a single)
                apply(choose(legal_actions()))
        yield s.deals_played


def measure(path: str, variant: str, seconds: float, seed: int) -> float:
    """Deals per CPU second of ``path`` (one of :data:`ENGINE_PATHS`) for ``seconds``."""
    sessions = play_sessions(path, variant, seed)
    deals = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:  # the clock is read every 8 sessions: it costs
        for _ in range(8):
            deals += next(sessions)
    return deals / (time.process_time() - start)


def play_deals(path: str, variant: str, deals: int, seed: int) -> int:
    """Play whole sessions of ``path`` as :func:`measure` does until at least ``deals``
    deals are played; return how many were (``instructions.py`` counts them)."""
    played = 0
    for n in play_sessions(path, variant, seed):
        played += n
        if played >= deals:
            break
    return played


_CACHE: list[str] = []


def child_env(python: str) -> dict[str, str]:
    """The environment of a child interpreter: a byte-code cache of its own (an installed
    package is byte-compiled when installed; without one a child with
    ``PYTHONDONTWRITEBYTECODE`` compiles every source at each start, which is no part of
    simulating), and for another interpreter (the compiled build's) no ``PYTHONPATH``, so
    that it imports its own installation rather than this checkout."""
    if not _CACHE:
        _CACHE.append(tempfile.mkdtemp(prefix="engine-speed-"))
        atexit.register(shutil.rmtree, _CACHE[0], True)
    env = dict(os.environ, PYTHONPYCACHEPREFIX=_CACHE[0])
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if python != sys.executable:
        env.pop("PYTHONPATH", None)
    return env


def measure_in(python: str, path: str, variant: str, seconds: float, seed: int) -> float:
    """:func:`measure` run by another interpreter (the compiled build's)."""
    out = subprocess.run(
        [python, "-P", __file__, "--one", path, variant, str(seconds), str(seed)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent,
        env=child_env(python),
    ).stdout
    return float(json.loads(out.splitlines()[-1])["rate"])


def child_cpu(command: list[str], env: dict[str, str]) -> float:
    """The CPU seconds (user and system) of running ``command`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure_simulate(python: str, variant: str, deals: int, seed: int) -> tuple[float, float]:
    """Deals per CPU second of the whole ``cardrules simulate`` command (start-up
    included; the byte-code cache warmed by a first run of one deal), and of its deals
    alone: the CPU time of a run of one deal (the start-up: imports, loading the rules)
    taken off."""
    command = [python, "-P", "-m", "cardrules", "simulate", variant, "--players", "5"]
    env = child_env(python)
    subprocess.run([*command, "--deals", "1"], stdout=subprocess.DEVNULL, check=True, env=env)
    command.extend(["--seed", str(seed), "--deals"])
    start = child_cpu([*command, "1"], env)
    whole = child_cpu([*command, str(deals)], env)
    return deals / whole, (deals - 1) / max(whole - start, 1e-9)


def origin(init_file: str) -> str:
    """Where the cardrules measured was imported from (``cardrules.__file__``): this
    checkout, or another installation (an editable one elsewhere, say: run from a checkout
    with ``PYTHONPATH=.`` to measure its own)."""
    folder = Path(init_file).resolve().parent
    return "this checkout" if folder == HERE.parent / "cardrules" else str(folder)


def shown(script: str) -> str:
    """``script``'s path from the checkout's root if it is in the checkout, else as given."""
    path = Path(script).resolve()
    return str(path.relative_to(HERE.parent)) if path.is_relative_to(HERE.parent) else script


def load_yardstick(script: str) -> ModuleType:
    """The hand-written yardstick, loaded as a module."""
    spec = importlib.util.spec_from_file_location("handcoded_loo", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure_yardstick(yard: ModuleType, game: str, seconds: float, seed: int) -> float:
    """Hands per CPU second of the yardstick's ``game``."""
    s = yard.Session(game, seed)
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        s.play(64)
        hands += 64
    return hands / (time.process_time() - start)


def compiled_report(python: str) -> str:
    out = subprocess.run(
        [
            python,
            "-P",
            "-c",
            "from cardrules.engine.compiled import compiled_modules as c; print(len(c()))",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=child_env(python),
    ).stdout
    return out.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    ap.add_argument("--reps", type=int, default=3, help="rounds per figure (median)")
    ap.add_argument(
        "--baseline", default=str(BASELINE), help="the hand-written Loo (default: %(default)s)"
    )
    ap.add_argument("--compare-baseline", metavar="OTHER", help="a second yardstick to time")
    ap.add_argument(
        "--only-yardsticks", action="store_true", help="time the yardsticks, not the engine"
    )
    ap.add_argument("--compiled-python", help="the interpreter of a compiled build")
    ap.add_argument("--simulate-deals", type=int, default=20000, help="deals of a simulate run")
    ap.add_argument("--one", nargs=4, help=argparse.SUPPRESS)  # PATH VARIANT SECONDS SEED
    args = ap.parse_args()
    if args.one:
        path, variant, seconds, seed = args.one
        rate = measure(path, variant, float(seconds), int(seed))
        print(json.dumps({"rate": rate, "compiled": len(compiled_modules())}))
        return 0
    yard = load_yardstick(args.baseline)
    other = load_yardstick(args.compare_baseline) if args.compare_baseline else None
    paths = [] if args.only_yardsticks else ["simulate", *ENGINE_PATHS]
    if args.compiled_python and not args.only_yardsticks:
        paths += ["compiled simulate"] + [f"compiled {p}" for p in ENGINE_PATHS]
    rates: dict[tuple[str, str], list[float]] = {}
    ratios: dict[tuple[str, str], list[float]] = {}
    bases: dict[str, list[float]] = {}
    others: dict[str, list[float]] = {}
    for r in range(args.reps):
        seed = 100 + r
        for game, variant in GAMES.items():
            if other is not None:
                first, second = (yard, other) if r % 2 == 0 else (other, yard)
                a = measure_yardstick(first, game, args.seconds, seed)
                b = measure_yardstick(second, game, args.seconds, seed)
                base, rate = (a, b) if r % 2 == 0 else (b, a)
                others.setdefault(game, []).append(rate)
                ratios.setdefault((game, "other yardstick"), []).append(rate / base)
            else:
                base = measure_yardstick(yard, game, args.seconds, seed)
            bases.setdefault(game, []).append(base)
            for path in paths:
                compiled = path.startswith("compiled ")
                what = path.removeprefix("compiled ")
                python = args.compiled_python if compiled else sys.executable
                if what == "simulate":
                    rate, alone = measure_simulate(python, variant, args.simulate_deals, seed)
                    rates.setdefault((game, path + " deals"), []).append(alone)
                elif compiled:
                    rate = measure_in(python, what, variant, args.seconds, seed)
                else:
                    rate = measure(what, variant, args.seconds, seed)
                rates.setdefault((game, path), []).append(rate)
                ratios.setdefault((game, path), []).append(rate / base)
    print(
        f"cardrules {cardrules.__version__} from {origin(cardrules.__file__)}, "
        f"Python {sys.version.split()[0]}, 5 players, "
        f"deals per CPU second, median of {args.reps} interleaved rounds x {args.seconds:g} s"
        f" (simulate: {args.simulate_deals} deals a run)"
    )
    print(f"yardstick: {shown(args.baseline)}")
    if other is not None:
        print(f"other yardstick: {shown(args.compare_baseline)}")
    if args.compiled_python:
        print(
            f"compiled build: {args.compiled_python} ({compiled_report(args.compiled_python)}"
            " modules compiled)"
        )
    header = f"{'path':22}"
    for game in GAMES:
        header += f" | {game + '-card deals/s':>17} {'ratio':>6}"
    print(header + " | goal")
    line = f"{'hand-written yardstick':22}"
    for game in GAMES:
        line += f" | {statistics.median(bases[game]):17.0f} {1:6.2f}"
    print(line + " |")
    if other is not None:
        rates.update({(game, "other yardstick"): others[game] for game in GAMES})
        paths.insert(0, "other yardstick")
    for path in paths:
        line = f"{path:22}"
        for game in GAMES:
            rate = statistics.median(rates[game, path])
            ratio = statistics.median(ratios[game, path]) if ratios.get((game, path)) else 0.0
            line += f" | {rate:17.0f} {ratio:6.2f}"
        goal = GOALS.get(path)
        print(line + (f" | >= {goal}" if goal is not None else " |"))
    if paths:
        print(spread_line(ratios, paths))
    if other is not None:
        print(yardsticks_line(ratios))
    if not args.only_yardsticks:
        for prefix in ("", "compiled ") if args.compiled_python else ("",):
            print(overhead_line(rates, prefix))
    return 0


def yardsticks_line(ratios: dict[tuple[str, str], list[float]]) -> str:
    """The first yardstick's rate over the other's, game by game: the median over the
    rounds of the ratio within a round, and its range."""
    parts = []
    for game in GAMES:
        within = [1 / ratio for ratio in ratios[game, "other yardstick"]]
        parts.append(
            f"{game}-card {statistics.median(within):.3f} ({min(within):.3f}-{max(within):.3f})"
        )
    return "the yardstick's rate over the other yardstick's: " + ", ".join(parts)


def spread_line(ratios: dict[tuple[str, str], list[float]], paths: list[str]) -> str:
    """The lowest and highest ratio of each path over the rounds, three-card then
    five-card: how far the machine's load moved the figures the medians are taken of."""
    parts = []
    for path in paths:
        ranges = [f"{min(ratios[game, path]):.2f}-{max(ratios[game, path]):.2f}" for game in GAMES]
        parts.append(f"{path} {' / '.join(ranges)}")
    return "ratios' range over the rounds (three-card / five-card): " + "; ".join(parts)


#: The most ``simulate`` may cost on top of the playout it drives (the fast path).
OVERHEAD_GOAL = 0.15


def overhead_line(rates: dict[tuple[str, str], list[float]], prefix: str = "") -> str:
    """What ``simulate`` costs on top of the fast path (``prefix``: ``"compiled "`` for
    the compiled build's), game by game: the median over the rounds of the fast path's
    deals per second over simulate's, less one, in words.

    Two figures: a deal's (simulate's deals alone, its start-up taken off: what it does
    on top of the playout it drives, with the goal) and the whole command's at
    ``--simulate-deals`` (its start-up, the same at one deal as at a million, included:
    the figure of the table's ``simulate`` row)."""

    def extra(what: str) -> str:
        parts = []
        for game in GAMES:
            sim, fast = rates[game, prefix + what], rates[game, prefix + "fast"]
            over = statistics.median(f / s - 1 for s, f in zip(sim, fast, strict=True))
            parts.append(f"{game}-card {over:+.0%}")
        return ", ".join(parts)

    return (
        f"{prefix}simulate on top of the {prefix}fast path: a deal (its tallies) "
        f"{extra('simulate deals')} | <= {OVERHEAD_GOAL:.0%}; the whole command (start-up "
        f"included) {extra('simulate')}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
