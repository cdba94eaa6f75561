"""The entry points: :func:`simulate` plays one rule set, :func:`compare` two on the same
seeded deals.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardrules.api import house_rule_names, load_rules
from cardrules.engine.arguments import MAX_SEED, players_of, whole
from cardrules.errors import PlayError
from cardrules.rules.model import Rules, Scoring
from cardrules.tools.simulate.bots import BotSpec
from cardrules.tools.simulate.comparison import Comparison
from cardrules.tools.simulate.plan import make_plan
from cardrules.tools.simulate.pools import make_pool
from cardrules.tools.simulate.summary import Summary, summarise
from cardrules.tools.simulate.workers import run_plans

_UNIT = {Scoring.POOL: "counters", Scoring.POINTS: "points"}


def simulate(
    rules: str | os.PathLike[str] | Rules,
    players: int | None = None,
    deals: int = 1000,
    seed: int = 0,
    *,
    house_rules: Sequence[str] = (),
    overrides: Mapping[str, Any] | None = None,
    bots: BotSpec | Sequence[BotSpec] = "random",
    workers: int | None = None,
    backend: str | None = None,
    address: str | None = None,
    series: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``deals`` deals with ``bots`` (one for all seats, or one per seat) and summarise.

    ``rules`` is a variant as :func:`~cardrules.new_session` takes it: a bundled name or a
    path (loaded with ``house_rules`` and ``overrides``), or a :class:`Rules`.

    Where the sessions are played changes the speed, never the result:
    ``backend`` is ``"serial"`` (this process), ``"process"`` (``workers``
    processes on this machine, at most one per core; the default when
    ``workers`` is above 1) or ``"ray"`` (Ray tasks, ``workers`` at once; on
    the cluster at ``address``, on a Ray already started in this process, or
    on one started for the run; needs the ``[ray]`` extra). With processes,
    call it under ``if __name__ == "__main__":``.

    ``series`` keeps every deal's pool and net per seat (for plots; the only
    part of a run that grows with the deals); ``progress`` is called with the
    number of deals played so far.

    >>> simulate("three-card-loo", 4, 100, seed=1, house_rules=["club-law"]).label
    'three-card-loo + club-law'
    """
    loaded = load_rules(rules, house_rules, overrides)
    _check(loaded, players, seed)
    plan = make_plan(loaded, players, deals, seed, bots, series)
    (run,), _ = run_plans([plan], make_pool(backend, workers, address), progress)
    return summarise(plan, run)


def compare(
    a: str | os.PathLike[str] | Rules,
    b: str | os.PathLike[str] | Rules,
    players: int | None = None,
    deals: int = 1000,
    seed: int = 0,
    *,
    bots: BotSpec | Sequence[BotSpec] = "random",
    workers: int | None = None,
    backend: str | None = None,
    address: str | None = None,
    series: bool = False,
    progress: Callable[[int], None] | None = None,
    house_rules_a: Sequence[str] = (),
    house_rules_b: Sequence[str] = (),
) -> Comparison:
    """Play both rule sets on the same seeded sessions with the same bots' random streams.

    Each side is exactly what :func:`simulate` gives for it with the same
    arguments (``workers``, ``backend`` and ``address`` as there); ``progress``
    counts the deals of both sides (``2 * deals`` in all). ``a`` and ``b`` are variants
    as :func:`simulate` takes them, a name or a path loaded with ``house_rules_a`` and
    ``house_rules_b``.

    >>> c = compare("three-card-loo", "three-card-loo", 4, 300, seed=2,
    ...             house_rules_b=["club-law"])
    >>> c.a.deals == c.b.deals == 300, c.b.label
    (True, 'three-card-loo + club-law')
    """
    names_a, names_b = house_rule_names(house_rules_a), house_rule_names(house_rules_b)
    a, b = load_rules(a, names_a), load_rules(b, names_b)
    if a.wagers.scoring is not b.wagers.scoring:
        raise PlayError(
            f"{a.name} is played for {_UNIT[a.wagers.scoring]} and {b.name} for "
            f"{_UNIT[b.wagers.scoring]}: their results cannot be compared"
        )
    _check(a, players, seed)
    _check(b, players, seed)
    plan_a = make_plan(a, players, deals, seed, bots, series)
    plan_b = make_plan(b, plan_a.players, deals, seed, plan_a.bots, series)
    (ra, rb), pairing = run_plans([plan_a, plan_b], make_pool(backend, workers, address), progress)
    assert pairing is not None
    return Comparison(
        summarise(plan_a, ra, names_a),
        summarise(plan_b, rb, names_b),
        pairing.cross(),
    )


def _check(rules: Rules, players: int | None, seed: int) -> None:
    """The table size and the run's seed, checked as a session checks its own."""
    if players is not None:
        players_of(players, rules.players.min, rules.max_players, rules.title or rules.name)
    whole("seed", seed, low=0, high=MAX_SEED)
