"""Running plans: their sessions sent to a pool in chunks and taken back in order, with the
same result whatever the pool (this process, worker processes, Ray).

Chunks of consecutive session indices are sent for every plan still playing,
a few per worker ahead; they are taken back in the order they were sent and
each session is added to its plan's running sums in index order. The last
session of a plan is cut where a single process cuts it (its first deals do
not depend on where it is cut), and sessions past a plan's last are dropped,
so that the sums, down to the order of every addition, do not depend on the
pool or its number of workers.

>>> import cardrules
>>> from cardrules.tools.simulate.plan import make_plan
>>> from cardrules.tools.simulate.pools import SerialPool
>>> plan = make_plan(cardrules.load_variant("put"), None, 30, 1, "random", False)
>>> (run,), pairing = run_plans([plan], SerialPool())
>>> run.totals[run.layout["deals"]], pairing is None
(30, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from cardrules.rules.model import Scoring
from cardrules.tools.simulate.mechanisms import statistics_for
from cardrules.tools.simulate.plan import Plan, play_session
from cardrules.tools.simulate.pools import Pending, Pool
from cardrules.tools.simulate.stream import Pairing, Running
from cardrules.tools.simulate.tally import layout_for

#: Chunks in flight per worker: enough that none waits while its results are merged.
AHEAD = 3


def chunk_size(deals: int, pool: Pool) -> int:
    """Sessions per chunk: a single process asks for one at a time; pools of workers for
    enough that sending a chunk costs little, and few enough that the sessions played
    past the last deal are few.

    >>> from cardrules.tools.simulate.pools import SerialPool
    >>> chunk_size(200_000, SerialPool())
    1
    """
    if pool.workers <= 1 and pool.name == "serial":
        return 1
    return max(1, min(64, deals // (200 * pool.workers)))


def run_plans(
    plans: Sequence[Plan], pool: Pool, progress: Callable[[int], None] | None = None
) -> tuple[list[Running], Pairing | None]:
    """Play each plan's sessions on ``pool`` until its deals are played; return each plan's
    running sums, and for two plans the pairing of their sessions. ``progress`` is
    called with the deals played so far (all plans). The pool is closed at the end,
    also when interrupted."""
    runs = [
        Running(
            layout_for(p.players, p.rules.deal.hand_size, statistics_for(p.rules)),
            p.rules.wagers.scoring is Scoring.POINTS,
            p.series,
        )
        for p in plans
    ]
    pairing = Pairing(runs[0], runs[1]) if len(plans) == 2 else None
    played = [0] * len(plans)
    active = [p.deals > 0 for p in plans]
    pending: deque[tuple[tuple[int, ...], int, Pending]] = deque()
    next_first = 0
    try:
        pool.start(plans)
        size = chunk_size(max((p.deals for p in plans), default=0), pool)
        while any(active):
            while len(pending) < AHEAD * pool.workers:
                which = tuple(w for w, on in enumerate(active) if on)
                pending.append((which, next_first, pool.submit((which, next_first, size))))
                next_first += size
            which, first, job = pending.popleft()
            chunk = job.result()
            for k in range(size):
                sums = []
                for w, tallies in zip(which, chunk, strict=True):
                    if not active[w]:
                        continue
                    plan, t = plans[w], tallies[k]
                    remaining = plan.deals - played[w]
                    if t.deals > remaining:  # the last session, cut where one process cuts it
                        t = play_session(plan, first + k, remaining)
                    sums.append((w, runs[w].add(t)))
                    played[w] += t.deals
                    active[w] = played[w] < plan.deals
                if pairing is not None and len(sums) == 2:
                    pairing.add(sums[0][1], sums[1][1])
            if progress:
                progress(sum(played))
    finally:
        pool.close()
    return runs, pairing
