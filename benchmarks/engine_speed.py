#!/usr/bin/env python3
"""How fast the engine plays random legal whole deals, through the public API.

Five players; Three-Card Loo and Five-Card Loo with their default rules; deals
in sessions with the pool carried from deal to deal (a session that ends by
its rules is followed by a new one). Each decision is
``session.apply(choice(session.legal_actions()))``: the checked entry point,
as a user's program would call it.

Three random players are measured. ``matched`` chooses as the yardstick's
players do, as far as the rules allow: a declarer throws up with probability
one half and otherwise stands or exchanges uniformly (the yardstick exchanges
a uniform subset, then stands or passes at even odds); every other choice is
uniform. ``kinds`` picks a uniformly random kind of action (stand, throw up,
take the miss, exchange, play) and then an action of that kind; ``uniform``
picks uniformly among all legal actions (at five-card loo that is nearly
always an exchange, so more players stand and deals are longer). At
three-card loo the three are the same player.

Speed depends on the machine and its load, so figures mean something only
beside a yardstick measured in the same run: ``--baseline SCRIPT`` runs a
hand-written Python Loo with random players (any script that prints lines
like ``three-card loo: 24000 hands/s``) before and after, and the ratio of the
two rates is printed.

Usage: python benchmarks/engine_speed.py [--seconds 3] [--reps 3] [--baseline SCRIPT]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules
from cardrules.engine.actions import EXCHANGE, THROW_UP
from cardrules.players.base import random_legal

GAMES = {"three": "three-card-loo", "five": "five-card-loo"}
POLICIES = ("matched", "kinds", "uniform")


def measure(variant: str, seconds: float, seed: int, policy: str) -> tuple[float, float]:
    """(deals per second, decisions per second) of random play for ``seconds``."""
    rules = cardrules.load_variant(variant)
    rng = random.Random(seed)

    def choose(legal: list[int]) -> int:
        if policy == "uniform":
            return legal[rng.randrange(len(legal))]
        if policy == "kinds":
            return random_legal(rng, legal)
        if legal[-1] >= EXCHANGE and THROW_UP in legal:
            if rng.random() < 0.5:
                return THROW_UP
            rest = [a for a in legal if a != THROW_UP]
            return rest[rng.randrange(len(rest))]
        return legal[rng.randrange(len(legal))]

    deals = decisions = 0
    session_seed = seed * 100_000
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        session_seed += 1
        s = cardrules.Session(rules, 5, seed=session_seed, dealer=0)
        legal_actions, apply = s.legal_actions, s.apply
        while not s.is_over:  # a session ends by its rules (at a single)
            apply(choose(legal_actions()))
            decisions += 1
        deals += s.deals_played
    elapsed = time.perf_counter() - start
    return deals / elapsed, decisions / elapsed


def baseline(script: str, seconds: float, reps: int) -> dict[str, float]:
    """Run the hand-written yardstick and read its hands/s per game."""
    out = subprocess.run(
        [sys.executable, script, "--seconds", str(seconds), "--reps", str(reps)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rates = {}
    for game in GAMES:
        m = re.search(rf"{game}-card loo: (\d+) hands/s", out)
        if m:
            rates[game] = float(m.group(1))
    return rates


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="length of one timed run")
    ap.add_argument("--reps", type=int, default=3, help="rounds per figure (median)")
    ap.add_argument("--baseline", help="a hand-written Loo script to measure in the same run")
    args = ap.parse_args()
    # Rounds interleave the yardstick and the engine, so that a change of the machine's load
    # falls on both; each figure is the median over the rounds of the ratio within a round.
    ours: dict[tuple[str, str], list[tuple[float, float]]] = {}
    ratios: dict[tuple[str, str], list[float]] = {}
    bases: dict[str, list[float]] = {}
    for r in range(args.reps):
        base = baseline(args.baseline, args.seconds, 1) if args.baseline else {}
        for game, variant in GAMES.items():
            if game in base:
                bases.setdefault(game, []).append(base[game])
            for policy in POLICIES:
                run = measure(variant, args.seconds, 100 + r, policy)
                ours.setdefault((game, policy), []).append(run)
                if game in base:
                    ratios.setdefault((game, policy), []).append(run[0] / base[game])
    print(
        f"cardrules {cardrules.__version__}, Python {sys.version.split()[0]}, 5 players, "
        f"median of {args.reps} interleaved rounds x {args.seconds:g} s"
    )
    for game, variant in GAMES.items():
        for policy in POLICIES:
            runs = ours[game, policy]
            dps = statistics.median(x[0] for x in runs)
            decs = statistics.median(x[1] for x in runs)
            line = f"{variant:15} {policy:8} {dps:8.0f} deals/s {decs:9.0f} decisions/s"
            if ratios.get((game, policy)):
                ratio = statistics.median(ratios[game, policy])
                base_rate = statistics.median(bases[game])
                line += f"   ratio to hand-written {ratio:.2f} (baseline {base_rate:.0f} hands/s)"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
