"""Simulation: many deals by bots, what they come to, and two rule sets compared.

Sessions follow the rules (the pool carried, the deal rotating); when one
ends by its rules the next begins, until the number of deals is reached (the
last session is cut short there). Session ``i`` of a run is seeded from the
run's seed and ``i`` alone, and so is each seat's bot, so that:

- the work splits by sessions over processes or a Ray cluster (``workers``,
  ``backend``) with results identical to a single process;
- two rule sets played with the same seed (:func:`compare`) meet the same
  deals: session ``i`` is dealt the same cards under both as long as both
  reach its ``j``-th deal, and each seat's bot draws from the same random
  stream (common random numbers).

Deals within a session are not independent (the pool carries), sessions are:
every confidence interval treats the session as the unit (a ratio estimator
over sessions), and a comparison pairs session ``i`` of one rule set with
session ``i`` of the other.

>>> import cardrules
>>> summary = simulate(cardrules.load_variant("three-card-loo"), players=4, deals=200, seed=1)
>>> summary.deals, len(summary.net), sum(summary.net) + summary.pool_left
(200, 4, 0)
>>> lo, hi = summary.estimate("loo_rate").ci
>>> lo < summary.loo_rate < hi
True

The package, by the flow of a run:

- :mod:`~cardrules.tools.simulate.bots`: the seeds of sessions and bots, bots by name;
- :mod:`~cardrules.tools.simulate.plan`: the plan of a run, and one session played
  and tallied;
- :mod:`~cardrules.tools.simulate.engine_reads`: what the tallies read from the engine
  beyond a session's results (a deal's hands, trump and flushes, action ids);
- :mod:`~cardrules.tools.simulate.tally`: the layout of a session's counts, and
  :mod:`~cardrules.tools.simulate.mechanisms`: the counts a rule mechanism switches on;
- :mod:`~cardrules.tools.simulate.pools`: where sessions are played (this process,
  worker processes, Ray), one interface;
- :mod:`~cardrules.tools.simulate.workers`: the sessions sent to a pool in chunks and
  taken back in order;
- :mod:`~cardrules.tools.simulate.stream`: the running sums every statistic is computed
  from (memory that does not grow with the deals);
- :mod:`~cardrules.tools.simulate.estimates`: ratio estimates and paired differences;
- :mod:`~cardrules.tools.simulate.summary` and
  :mod:`~cardrules.tools.simulate.comparison`: the reports, with
  :mod:`~cardrules.tools.simulate.text` for their figures;
- :mod:`~cardrules.tools.simulate.run`: :func:`simulate` and :func:`compare`.

Every name is importable from ``cardrules.tools.simulate`` itself.
"""

from __future__ import annotations

from cardrules.tools.simulate.bots import BotSpec, bot_name, bot_seed, make_bot, session_seed
from cardrules.tools.simulate.comparison import Comparison
from cardrules.tools.simulate.engine_reads import DECLARATION_WORDS
from cardrules.tools.simulate.estimates import (
    Z95,
    Estimate,
    Metric,
    metrics,
    paired_difference,
    ratio,
)
from cardrules.tools.simulate.plan import Plan, make_plan, play_session, session_of, sides
from cardrules.tools.simulate.pools import (
    BACKENDS,
    Pool,
    ProcessPool,
    RayPool,
    SerialPool,
    cores,
    make_pool,
)
from cardrules.tools.simulate.run import compare, simulate
from cardrules.tools.simulate.stream import Cross, Moments, Pairing, Running, paired
from cardrules.tools.simulate.summary import Summary, summarise
from cardrules.tools.simulate.tally import Layout, SessionTally
from cardrules.tools.simulate.workers import run_plans

__all__ = [
    "BACKENDS",
    "DECLARATION_WORDS",
    "Z95",
    "BotSpec",
    "Comparison",
    "Cross",
    "Estimate",
    "Layout",
    "Metric",
    "Moments",
    "Pairing",
    "Plan",
    "Pool",
    "ProcessPool",
    "RayPool",
    "Running",
    "SerialPool",
    "SessionTally",
    "Summary",
    "bot_name",
    "bot_seed",
    "compare",
    "cores",
    "make_bot",
    "make_plan",
    "make_pool",
    "metrics",
    "paired",
    "paired_difference",
    "play_session",
    "ratio",
    "run_plans",
    "session_of",
    "session_seed",
    "sides",
    "simulate",
    "summarise",
]
