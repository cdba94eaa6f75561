"""The plan of a run and the playing of one session of it.

A :class:`Plan` is what one side of a run plays: the rules, the table, the
bots and the seed. :func:`play_session` plays session ``i`` of a plan, seeded
from the plan's seed and ``i`` alone, and tallies it (see
:class:`~cardrules.tools.simulate.tally.Layout`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

import attrs

from cardrules.engine.deal import Deal
from cardrules.engine.session import Session
from cardrules.errors import PlayError
from cardrules.players.playout import bot_seed as seat_seed
from cardrules.players.playout import play_out
from cardrules.rules.model import Rules, Scoring
from cardrules.tools.simulate.bots import BotSpec, make_bot, session_seed
from cardrules.tools.simulate.engine_reads import Dealt, deal_observer, decision_counter
from cardrules.tools.simulate.mechanisms import statistic, statistics_for
from cardrules.tools.simulate.tally import Layout, SessionTally, layout_for

(
    _DEALS,
    _STOOD,
    _LOOED,
    _DEALS_WITH_LOO,
    _POOL,
    _SINGLES,
    _FLUSHES,
    _HANDS_DEALT,
    _FLUSH_HANDS,
    _DEALS_FLUSH_DEALT,
    _ACTIONS,
    _POINTS,
    _GAMES,
    _GAME_DEALS,
    _FORCED_DEALS,
    _WON,
    _SEAT_DEALS,
) = range(len(Layout.SCALARS))


@attrs.frozen
class Plan:
    """What one side of a run plays: the rules, the table, the bots and the seed."""

    rules: Rules
    players: int
    bots: tuple[BotSpec, ...]
    seed: int
    deals: int
    series: bool = False


def make_plan(
    rules: Rules,
    players: int | None,
    deals: int,
    seed: int,
    bots: BotSpec | Sequence[BotSpec],
    series: bool,
) -> Plan:
    """The plan of a run, checking the table: ``players`` (``None``: the rules' default)
    within the rules' range, and one bot for every seat or one per seat.

    >>> import cardrules
    >>> make_plan(cardrules.load_variant("put"), None, 10, 1, "random", False).bots
    ('random', 'random')
    """
    n = rules.players.default if players is None else players
    if not rules.players.min <= n <= rules.max_players:
        raise PlayError(
            f"{rules.name} is played by {rules.players.min} to {rules.max_players} players, not {n}"
        )
    specs: tuple[BotSpec, ...]
    if isinstance(bots, str) or callable(bots):
        specs = (bots,) * n
    else:
        specs = tuple(bots)
        if len(specs) == 1:
            specs = specs * n
    if len(specs) != n:
        raise ValueError(f"{len(specs)} bots for {n} seats: give one, or one per seat")
    return Plan(rules, n, specs, seed, deals, series)


def sides(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a table: partners opposite when the rules play in partnerships, else
    each seat alone.

    >>> import cardrules
    >>> sides(cardrules.load_variant("put-four-handed"), 4), sides(cardrules.load_variant("put"), 2)
    (((0, 2), (1, 3)), ((0,), (1,)))
    """
    if rules.partnerships.enabled and players % 2 == 0:
        half = players // 2
        return tuple((k, k + half) for k in range(half))
    return tuple((s,) for s in range(players))


def session_of(
    plan: Plan, index: int, cap: int | None = None, on_deal: Callable[[Deal], None] | None = None
) -> Session:
    """Session ``index`` of ``plan`` played again, for at most ``cap`` deals (``None``: the
    plan's): the same deals and choices as in the run, rebuilt from the run's seed alone,
    e.g. to look at one session closely or to keep its record.

    >>> import cardrules
    >>> plan = make_plan(cardrules.load_variant("three-card-loo"), 4, 100, 1, "random", False)
    >>> s = session_of(plan, 3)
    >>> s.seed == session_seed(1, 3), play_session(plan, 3, 100).deals == len(s.results)
    (True, True)
    >>> cardrules.replay(s.record()).results == s.results
    True
    """
    seed = session_seed(plan.seed, index)
    s = Session(plan.rules, plan.players, seed=seed, on_deal=on_deal)
    bots = [
        make_bot(spec, random.Random(seat_seed(seed, seat))) for seat, spec in enumerate(plan.bots)
    ]
    play_out(s, bots, max_deals=plan.deals if cap is None else cap)
    return s


@functools.lru_cache(maxsize=64)
def _decision_counter(
    players: int, hand_size: int
) -> Callable[[Sequence[tuple[int, int]], list[int]], None]:
    return decision_counter(layout_for(players, hand_size).decl)


def play_session(plan: Plan, index: int, cap: int) -> SessionTally:
    """Play session ``index`` of ``plan`` for at most ``cap`` deals and tally it.

    The first ``k`` deals do not depend on ``cap``: a session cut at ``k``
    deals is the start of the same session played further.
    """
    rules = plan.rules
    n = plan.players
    dealt: list[Dealt] = []
    s = session_of(plan, index, cap, deal_observer(rules, n, dealt))
    scorers = [side[0] for side in sides(rules, n)]
    m = min(cap, len(s.results))
    over = s.is_over and m == len(s.results)
    lay = layout_for(n, rules.deal.hand_size, statistics_for(rules))
    v = [0] * len(lay)
    mechanisms = [(statistic(name).tally, at) for name, at in lay.stats.items()]
    net_at = lay.net[0]
    count_decisions = _decision_counter(n, rules.deal.hand_size)
    ended: dict[str, int] = {}
    pools = []
    nets = []
    results, histories = s.results, s.histories
    for j in range(m):
        res = results[j]
        net = res.net
        if res.points:
            net = tuple(a + b for a, b in zip(res.net, res.points, strict=True))
            v[_POINTS] += sum(res.points[seat] for seat in scorers)
        for seat in range(n):
            x = net[seat]
            v[net_at + seat] += x
            if x > 0:
                v[_WON] += x
        if plan.series:
            nets.append(tuple(net))
        v[_STOOD] += len(res.stood)
        how = res.ended_by
        if how == "play" and res.looed:
            v[_LOOED] += len(res.looed)
            v[_DEALS_WITH_LOO] += 1
        v[_POOL] += res.pool
        pools.append(res.pool)
        v[_SINGLES] += res.next_single
        v[_FLUSHES] += how == "flush"
        ended[how] = ended.get(how, 0) + 1
        hands, flushes, forced = dealt[j]
        v[_HANDS_DEALT] += hands
        v[_FLUSH_HANDS] += flushes
        v[_DEALS_FLUSH_DEALT] += flushes > 0
        v[_FORCED_DEALS] += forced
        history = histories[j]
        v[_ACTIONS] += len(history)
        count_decisions(history, v)
        for tally, at in mechanisms:
            tally(res, history, v, at)
    v[_DEALS] = m
    v[_SEAT_DEALS] = m * n
    if over:
        v[_GAMES] = 1
        v[_GAME_DEALS] = m
        for seat in s.winner:
            v[lay.wins[seat]] += 1
    pool_left = s.results[m - 1].carried if m and rules.wagers.scoring is Scoring.POOL else 0
    return SessionTally(tuple(v), tuple(pools), ended, pool_left, tuple(nets))
