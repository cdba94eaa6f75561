#!/usr/bin/env python3
"""How much stronger each bot is than the next: heuristic over random, mc over heuristic.

For each game (Three-Card Loo and Five-Card Loo at five players, two-handed
Put) and each pair (stronger, weaker), sessions are played twice on the same
seeds (common random numbers):

- arm A: the stronger bot in seat 0, the weaker bot in every other seat;
- arm B: the weaker bot in seat 0 as well, the other seats unchanged (the
  same bots with the same random streams).

A session is dealt the same cards in both arms for as long as both last; it
is played to its end by the rules (at Loo until a single, when the pool is
empty; at Put until a player has five points), or cut at ``--cap`` deals.
Sessions are added until each arm has played at least ``--deals`` deals
(2,000), and more where the difference is small beside the spread of a deal's
result: 8,000 at Three-Card Loo and 6,000 at Five-Card Loo by default
(``--deals-for GAME=N`` changes them).

The figure is seat 0's counters (at Put, points) per deal in arm A less the
same in arm B: what putting the stronger bot in the seat is worth. Deals in a
session are not independent (the pool carries), sessions are: each arm's
per-deal figure is a ratio over sessions, and the 95% confidence interval of
the difference pairs session ``i`` of arm A with session ``i`` of arm B (delta
method). At Put the share of games won by seat 0 is shown as well.

Every random choice derives from ``--seed``, the game, the session and the
seat, so a run is reproduced exactly, whatever the number of ``--workers``.

Usage: python benchmarks/bot_strength.py [--seed 1] [--deals 2000] [--samples 32]
       [--deals-for GAME=N ...] [--workers 2] [--games three-card-loo,five-card-loo,put]
       [--pairs heuristic/random,mc/heuristic]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from functools import cache
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cardrules
from cardrules.engine.session import Session
from cardrules.players.base import Bot, SeatView
from cardrules.players.montecarlo import MonteCarloBot
from cardrules.players.registry import make_bot
from cardrules.rules.model import Rules

GAMES = ("three-card-loo", "five-card-loo", "put")
#: Deals per arm where the stronger bot's edge is small beside a deal's spread.
MORE_DEALS = {"three-card-loo": 8000, "five-card-loo": 6000}
PAIRS = ("heuristic/random", "mc/heuristic")
Z95 = 1.959963984540054
BATCH = 4  # sessions per task given to a worker

#: One arm of one session: seat 0's net, the deals, and 1 if seat 0 won the game.
Arm = tuple[int, int, int]


@cache
def rules_of(variant: str) -> Rules:
    return cardrules.load_variant(variant)


def derived_seed(*parts: Any) -> int:
    """A seed from the run's seed and the names and numbers of a session or seat."""
    return random.Random(" ".join(str(p) for p in ("bot-strength", *parts))).getrandbits(64)


def bot(name: str, samples: int, seed: int) -> Bot:
    rng = random.Random(seed)
    return make_bot(f"mc:{samples}" if name == "mc" else name, rng)


def play_arm(
    variant: str,
    players: int | None,
    session_seed: int,
    seat0: str,
    others: str,
    samples: int,
    seeds: list[int],
    cap: int,
) -> Arm:
    """Play one session: ``seat0`` in seat 0, ``others`` elsewhere. Returns (net of seat 0,
    deals, 1 if seat 0 won the game else 0)."""
    s = Session(rules_of(variant), players, seed=session_seed)
    bots = [bot(seat0 if k == 0 else others, samples, seeds[k]) for k in range(s.players)]
    start = s.scores[0]
    while not s.is_over and len(s.results) < cap:
        seat = s.to_move
        s.apply(bots[seat].choose(SeatView(s, seat)))
    won = 1 if s.is_over and 0 in s.winner else 0
    return s.scores[0] - start, len(s.results), won


def play_batch(
    task: tuple[str, int | None, str, str, int, int, int, list[int]],
) -> list[tuple[Arm, Arm, float]]:
    """Both arms of a batch of sessions, and the seconds each pair took."""
    variant, players, strong, weak, samples, seed, cap, indices = task
    out = []
    for i in indices:
        session_seed = derived_seed(seed, variant, "session", i)
        n = Session(rules_of(variant), players, seed=0).players
        seeds = [derived_seed(seed, variant, "bot", i, k) for k in range(n)]
        t0 = time.perf_counter()
        a = play_arm(variant, players, session_seed, strong, weak, samples, seeds, cap)
        b = play_arm(variant, players, session_seed, weak, weak, samples, seeds, cap)
        out.append((a, b, time.perf_counter() - t0))
    return out


def ratio_difference(a: list[Arm], b: list[Arm]) -> tuple[float, float, float, float]:
    """Per-deal figure of each arm, their difference and its standard error (paired
    sessions, delta method for a difference of two ratio estimators)."""
    n = len(a)
    ra = sum(x[0] for x in a) / sum(x[1] for x in a)
    rb = sum(x[0] for x in b) / sum(x[1] for x in b)
    ma = sum(x[1] for x in a) / n
    mb = sum(x[1] for x in b) / n
    z = [(xa[0] - ra * xa[1]) / ma - (xb[0] - rb * xb[1]) / mb for xa, xb in zip(a, b, strict=True)]
    se = statistics.stdev(z) / math.sqrt(n) if n > 1 else float("inf")
    return ra, rb, ra - rb, se


def run_pair(
    pool: Any,
    variant: str,
    players: int | None,
    strong: str,
    weak: str,
    args: argparse.Namespace,
    target: int,
) -> dict[str, Any]:
    """Sessions in order until both arms have ``args.deals`` deals; the statistics."""
    a: list[Arm] = []
    b: list[Arm] = []
    seconds = 0.0
    next_index = 0
    done = False
    t0 = time.perf_counter()
    while not done:
        # Enough batches to keep the workers busy; results are taken in session order and
        # the run stops at the first session that completes both arms' quota, so the
        # figures do not depend on the number of workers.
        tasks = []
        for _ in range(max(1, args.workers) * 2):
            idx = list(range(next_index, next_index + BATCH))
            next_index += BATCH
            tasks.append((variant, players, strong, weak, args.samples, args.seed, args.cap, idx))
        results = pool.map(play_batch, tasks) if pool else [play_batch(t) for t in tasks]
        for batch in results:
            for xa, xb, sec in batch:
                if done:
                    break
                a.append(xa)
                b.append(xb)
                seconds += sec
                if sum(x[1] for x in a) >= target and sum(x[1] for x in b) >= target:
                    done = True
    ra, rb, diff, se = ratio_difference(a, b)
    return {
        "game": variant,
        "pair": f"{strong} vs {weak}",
        "sessions": len(a),
        "deals_a": sum(x[1] for x in a),
        "deals_b": sum(x[1] for x in b),
        "capped": sum(1 for x in a + b if x[1] >= args.cap),
        "a": ra,
        "b": rb,
        "diff": diff,
        "lo": diff - Z95 * se,
        "hi": diff + Z95 * se,
        "games_a": sum(x[2] for x in a) / len(a),
        "games_b": sum(x[2] for x in b) / len(b),
        "cpu": seconds,
        "wall": time.perf_counter() - t0,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--deals", type=int, default=2000, help="at least this many deals per arm")
    p.add_argument(
        "--deals-for",
        action="append",
        default=[],
        metavar="GAME=N",
        help="more deals for one game (a small difference needs more)",
    )
    p.add_argument(
        "--samples",
        type=int,
        default=MonteCarloBot().samples,
        help="mc: samples per candidate action",
    )
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--cap", type=int, default=200, help="deals after which a session is cut")
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--pairs", default=",".join(PAIRS))
    args = p.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    deals = {g: max(args.deals, n) for g, n in MORE_DEALS.items()}
    for item in args.deals_for:
        game, _, count = item.partition("=")
        deals[game] = int(count)
    pairs = [tuple(x.split("/")) for x in args.pairs.split(",") if x]
    more = "".join(f", {g} {n}" for g, n in deals.items() if g in games)
    print(
        f"bot strength: seed {args.seed}, at least {args.deals} deals per arm{more}, "
        f"mc samples {args.samples}, workers {args.workers}"
    )
    print(
        "seat 0's counters (Put: points) per deal with the stronger bot in seat 0 (A) and "
        "with the weaker (B); the other seats hold the weaker bot"
    )
    header = (
        f"{'game':<15} {'stronger vs weaker':<20} {'sessions':>8} {'deals A/B':>11} "
        f"{'A/deal':>8} {'B/deal':>8} {'A-B':>8} {'95% CI':>19} {'time':>7}"
    )
    print(header)
    print("-" * len(header))
    pool = Pool(args.workers) if args.workers > 1 else None
    rows = []
    try:
        for g in games:
            for strong, weak in pairs:
                r = run_pair(pool, g, None, strong, weak, args, deals.get(g, args.deals))
                rows.append(r)
                extra = ""
                if rules_of(g).challenges.enabled:
                    extra = f"  games won {r['games_a']:.3f} vs {r['games_b']:.3f}"
                if r["capped"]:
                    extra += f"  ({r['capped']} sessions cut at {args.cap} deals)"
                print(
                    f"{g:<15} {r['pair']:<20} {r['sessions']:>8} "
                    f"{r['deals_a']:>5}/{r['deals_b']:<5} {r['a']:>+8.3f} {r['b']:>+8.3f} "
                    f"{r['diff']:>+8.3f} [{r['lo']:>+8.3f}, {r['hi']:>+8.3f}] "
                    f"{r['wall']:>6.0f}s{extra}",
                    flush=True,
                )
    finally:
        if pool:
            pool.close()
            pool.join()
    ok = all(r["lo"] > 0 for r in rows)
    print(
        "every stronger bot is ahead at 95% confidence"
        if ok
        else "NOT every difference is above zero at 95% confidence"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
