#!/usr/bin/env python3
"""The cost of a PettingZoo step against the engine's own step, measured in one run.

Three-Card and Five-Card Loo at five players, random legal play, one deal an episode.
The engine's step is ``legal_actions()`` and ``apply``; the PettingZoo step is
``last()`` (the observation, with its encoding and action mask) and ``step`` on the
environment :func:`cardrules.envs.pettingzoo.env` returns, the action drawn from the
mask. Each call is timed where it is made, so choosing the random action is in neither
figure; the ratio of the two costs per decision is what the adapter adds. A second
ratio takes whole loops, the end of each episode included (the AEC protocol's step of
each agent once the deal is over, and ``reset()``, which goes on to the session's next
deal) against the engine's loop with its ``next_deal()``.

Time is the process's CPU time (``time.process_time``), so that other work on the
machine weighs less on the figures; still, read the ratios, measured in the same run,
never the absolute figures. The measurements of the engine and of the environment are
interleaved and the median of ``--reps`` is shown.

Last, an OpenSpiel ``state.clone()`` against the ``Session.clone()`` of its session, at a
position in the first trick (the best of ``--reps`` runs of 20,000 clones each), when
open_spiel is installed.

Each ratio is printed with its bound and whether it is met: a PettingZoo step at most
3 times the engine's step, an OpenSpiel clone no slower than the session's.

Usage: python benchmarks/adapter_speed.py [--steps 30000] [--reps 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import cardrules
from cardrules.envs import pettingzoo as pz

GAMES = ("three-card-loo", "five-card-loo")
clock = time.process_time
#: The most a PettingZoo step may cost, in engine steps; the most an OpenSpiel clone may
#: cost, in the session's clones.
STEP_BOUND = 3.0
CLONE_BOUND = 1.0


def verdict(ratio: float, bound: float) -> str:
    """The bound, and whether ``ratio`` meets it."""
    return f"(bound {bound:g}x: {'met' if ratio <= bound else 'NOT met'})"


def engine_costs(variant: str, steps: int, seed: int) -> tuple[float, float]:
    """Microseconds per decision: (``legal_actions()`` + ``apply``, the whole loop)."""
    rules = cardrules.load_variant(variant)
    rng = random.Random(seed)
    s = cardrules.new_session(rules, players=5, seed=seed, pause_at_deal_end=True)
    stepping = 0.0
    done = 0
    start = clock()
    while done < steps:
        if s.deal_over:
            if s.is_over:
                s = cardrules.new_session(
                    rules, players=5, seed=rng.randrange(1 << 30), pause_at_deal_end=True
                )
            else:
                s.next_deal()
            continue
        t0 = clock()
        legal = s.legal_actions()
        t1 = clock()
        action = legal[rng.randrange(len(legal))]
        t2 = clock()
        s.apply(action)
        t3 = clock()
        stepping += (t1 - t0) + (t3 - t2)
        done += 1
    return stepping / steps * 1e6, (clock() - start) / steps * 1e6


def pettingzoo_costs(variant: str, steps: int, seed: int) -> tuple[float, float]:
    """Microseconds per decision: (``last()`` + ``step``, the whole loop)."""
    e = pz.env(variant, players=5)
    e.reset(seed=seed)
    rng = random.Random(seed)
    stepping = 0.0
    done = 0
    start = clock()
    while done < steps:
        t0 = clock()
        obs, _, term, trunc, _ = e.last()
        t1 = clock()
        if term or trunc:
            e.step(None)
            if not e.agents:
                e.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        t2 = clock()
        e.step(action)
        t3 = clock()
        stepping += (t1 - t0) + (t3 - t2)
        done += 1
    return stepping / steps * 1e6, (clock() - start) / steps * 1e6


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--steps", type=int, default=30_000, help="decisions per measurement")
    p.add_argument("--reps", type=int, default=3, help="measurements of each (the median)")
    args = p.parse_args(argv)
    for variant in GAMES:
        eng: list[tuple[float, float]] = []
        zoo: list[tuple[float, float]] = []
        for rep in range(args.reps):  # interleaved, so that a change of load hits both
            eng.append(engine_costs(variant, args.steps, rep))
            zoo.append(pettingzoo_costs(variant, args.steps, rep))
        e_step = statistics.median(x[0] for x in eng)
        e_loop = statistics.median(x[1] for x in eng)
        z_step = statistics.median(x[0] for x in zoo)
        z_loop = statistics.median(x[1] for x in zoo)
        ratio = z_step / e_step
        print(
            f"{variant}, 5 players: engine step {e_step:.1f} us, PettingZoo last()+step "
            f"{z_step:.1f} us: {ratio:.2f}x {verdict(ratio, STEP_BOUND)}; whole loops "
            f"(episode ends included) {e_loop:.1f} us and {z_loop:.1f} us: "
            f"{z_loop / e_loop:.2f}x"
        )
    for variant in GAMES:
        print(clone_costs(variant, args.reps))
    return 0


def clone_costs(variant: str, reps: int, number: int = 20_000) -> str:
    """An OpenSpiel clone against the session's, in the first trick, in words."""
    try:
        # Imported here: open_spiel is optional (Python 3.11 and later).
        import pyspiel  # type: ignore[import-not-found]

        import cardrules.openspiel  # noqa: F401  (registers the game)
    except ImportError:
        return f"{variant}: open_spiel is not installed, OpenSpiel clones not measured"
    game = pyspiel.load_game("python_cardrules", {"variant": variant, "players": 5})
    rng, state = random.Random(1), game.new_initial_state()
    while state.is_chance_node() or state.session.deal.phase_name != "play":
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    best = {}
    for name, clone in (("session", state.session.clone), ("openspiel", state.clone)):
        best[name] = min(timeit.repeat(clone, number=number, repeat=reps)) / number * 1e6
    ratio = best["openspiel"] / best["session"]
    return (
        f"{variant}, 5 players: Session.clone() {best['session']:.1f} us, OpenSpiel "
        f"state.clone() {best['openspiel']:.1f} us: {ratio:.2f}x {verdict(ratio, CLONE_BOUND)}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
