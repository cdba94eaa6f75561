"""The entry points: :func:`simulate` plays one rule set, :func:`compare` two on the same
seeded deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardrules.errors import PlayError
from cardrules.rules.model import Rules, Scoring
from cardrules.tools.simulate.bots import BotSpec
from cardrules.tools.simulate.comparison import Comparison
from cardrules.tools.simulate.playout import make_plan
from cardrules.tools.simulate.summary import Summary, summarise
from cardrules.tools.simulate.workers import run_plans

_UNIT = {Scoring.POOL: "counters", Scoring.POINTS: "points"}


def simulate(
    rules: Rules,
    players: int | None = None,
    deals: int = 1000,
    seed: int = 0,
    *,
    bots: BotSpec | Sequence[BotSpec] = "random",
    workers: int = 1,
    series: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``deals`` deals with ``bots`` (one for all seats, or one per seat) and summarise.

    ``workers`` spreads the sessions over processes (the result is the same);
    ``series`` keeps every deal's pool and net per seat (for plots);
    ``progress`` is called with the number of deals played so far. With
    ``workers`` above 1, call it under ``if __name__ == "__main__":``.
    """
    plan = make_plan(rules, players, deals, seed, bots, series)
    (tallies,) = run_plans([plan], workers, progress)
    return summarise(plan, tallies)


def compare(
    a: Rules,
    b: Rules,
    players: int | None = None,
    deals: int = 1000,
    seed: int = 0,
    *,
    bots: BotSpec | Sequence[BotSpec] = "random",
    workers: int = 1,
    series: bool = False,
    progress: Callable[[int], None] | None = None,
    house_rules_a: Sequence[str] = (),
    house_rules_b: Sequence[str] = (),
) -> Comparison:
    """Play both rule sets on the same seeded sessions with the same bots' random streams.

    Each side is exactly what :func:`simulate` gives for it with the same
    arguments; ``progress`` counts the deals of both sides (``2 * deals`` in all).

    >>> import cardrules
    >>> c = compare(cardrules.load_variant("three-card-loo"),
    ...             cardrules.load_variant("three-card-loo", ["club-law"]), 4, 300, seed=2)
    >>> c.a.deals == c.b.deals == 300, c.b.label
    (True, 'three-card-loo + club-law')
    """
    if a.wagers.scoring is not b.wagers.scoring:
        raise PlayError(
            f"{a.name} is played for {_UNIT[a.wagers.scoring]} and {b.name} for "
            f"{_UNIT[b.wagers.scoring]}: their results cannot be compared"
        )
    plan_a = make_plan(a, players, deals, seed, bots, series)
    plan_b = make_plan(b, plan_a.players, deals, seed, plan_a.bots, series)
    ta, tb = run_plans([plan_a, plan_b], workers, progress)
    return Comparison(summarise(plan_a, ta, house_rules_a), summarise(plan_b, tb, house_rules_b))
