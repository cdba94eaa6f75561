"""Running plans: their sessions played in order, in this process or spread over a pool
of worker processes (``--workers``), with the same result either way.

The sessions of a plan are sent to the workers in chunks of consecutive
indices and taken back in order; the last session is cut where a single
process would cut it, so that the tallies do not depend on the number of
workers.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.tools.simulate.playout import Plan, play_session
from cardrules.tools.simulate.tally import SessionTally

_WORKER_PLANS: list[Plan] = []


def _init_worker(plans: list[Plan]) -> None:
    _WORKER_PLANS[:] = plans


def _play_chunk(task: tuple[int, int, int]) -> list[SessionTally]:
    which, first, count = task
    plan = _WORKER_PLANS[which]
    return [play_session(plan, i, plan.deals) for i in range(first, first + count)]


def _chunk_size(plan: Plan) -> int:
    # Small enough to keep both processes busy and the overshoot past the last
    # deal small, large enough that sending tasks costs little.
    return max(1, min(64, plan.deals // 400))


def _tallies(
    plans: Sequence[Plan],
    which: int,
    pool: Any | None,
    workers: int,
    progress: Callable[[int], None] | None,
) -> list[SessionTally]:
    """The sessions of ``plans[which]``, in order, until its deals are played."""
    plan = plans[which]
    out: list[SessionTally] = []
    played = 0
    if pool is None:
        while played < plan.deals:
            t = play_session(plan, len(out), plan.deals - played)
            out.append(t)
            played += t.deals
            if progress:
                progress(played)
        return out
    size = _chunk_size(plan)
    pending: deque[Any] = deque()
    next_first = 0
    while played < plan.deals:
        while len(pending) < 3 * workers:
            pending.append(pool.apply_async(_play_chunk, ((which, next_first, size),)))
            next_first += size
        for t in pending.popleft().get():
            remaining = plan.deals - played
            if t.deals > remaining:  # the last session, cut where a single process cuts it
                t = play_session(plan, len(out), remaining)
            out.append(t)
            played += t.deals
            if played >= plan.deals:
                break
        if progress:
            progress(played)
    return out


def run_plans(
    plans: Sequence[Plan], workers: int = 1, progress: Callable[[int], None] | None = None
) -> list[list[SessionTally]]:
    """Play each plan's sessions, spread over ``workers`` processes; the result does not
    depend on ``workers``. ``progress`` is called with the deals played so far (all plans).
    """
    done = 0

    def step(played: int) -> None:
        if progress:
            progress(done + played)

    results = []
    if workers <= 1:
        for which, plan in enumerate(plans):
            results.append(_tallies(plans, which, None, 1, step))
            done += plan.deals
        return results
    ctx = multiprocessing.get_context("spawn")  # the same start on every platform
    with ctx.Pool(workers, initializer=_init_worker, initargs=(list(plans),)) as pool:
        for which, plan in enumerate(plans):
            results.append(_tallies(plans, which, pool, workers, step))
            done += plan.deals
    return results
