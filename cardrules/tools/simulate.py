"""Simulation: many deals by bots, what they come to, and two rule sets compared.

Sessions follow the rules (the pool carried, the deal rotating); when one
ends by its rules the next begins, until the number of deals is reached (the
last session is cut short there). Session ``i`` of a run is seeded from the
run's seed and ``i`` alone, and so is each seat's bot, so that:

- the work splits by sessions over processes (``workers``) with results
  identical to a single process;
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
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.engine.actions import DISCARD, EXCHANGE, EXCHANGE_OFFSETS, GIVE, PLAY, WORDS
from cardrules.engine.deal import Deal
from cardrules.engine.flush import flush_suit
from cardrules.engine.session import Session
from cardrules.engine.tables import tables_for
from cardrules.players.base import Bot, RandomBot, SeatView
from cardrules.rules.model import Rules, Scoring

#: A bot by name (``random``, ``heuristic``, ``mc``) or a factory ``(rng) -> Bot``.
BotSpec = str | Callable[[random.Random], Bot]

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def session_seed(seed: int, index: int) -> int:
    """The seed of session ``index`` of a run seeded ``seed`` (the same in every process).

    >>> session_seed(1, 0) == session_seed(1, 0) != session_seed(1, 1)
    True
    """
    return random.Random(f"cardrules session {seed} {index}").getrandbits(64)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in session ``index``."""
    return random.Random(f"cardrules bot {seed} {index} {seat}").getrandbits(64)


def make_bot(spec: BotSpec, rng: random.Random) -> Bot:
    """A bot from its name or factory, drawing its random choices from ``rng``.

    >>> type(make_bot("random", random.Random(1))).__name__
    'RandomBot'
    """
    if not isinstance(spec, str):
        return spec(rng)
    from cardrules.players import base as bots

    factory = getattr(bots, "make_bot", None)
    if factory is not None:
        bot: Bot = factory(spec, rng)
        return bot
    if spec == "random":
        return RandomBot(rng)
    raise ValueError(f"unknown bot {spec!r} (bots: random)")


def bot_name(spec: BotSpec) -> str:
    """How a bot is named in reports."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", type(spec).__name__)


# --------------------------------------------------------------------------- tallies


DECLARATION_WORDS = tuple(WORDS[a] for a in sorted(WORDS))


class Layout:
    """Where each count sits in a session's tally (a list of whole numbers).

    Every statistic is a ratio of two sums of these counts over sessions, so
    that sessions can be added, paired and resampled alike.

    >>> lay = Layout(players=3, hand_size=5)
    >>> lay.names[lay.net[2]], lay.names[lay.decl["exchange 5"]]
    ('net 2', 'exchange 5')
    """

    SCALARS = (
        "deals",
        "stood",
        "looed",
        "deals_with_loo",
        "pool",
        "singles",
        "flushes",
        "hands_dealt",
        "flush_hands",
        "deals_flush_dealt",
        "actions",
        "points",
        "games",
        "game_deals",
        "forced_deals",
        "won",
    )

    def __init__(self, players: int, hand_size: int) -> None:
        self.players = players
        self.hand_size = hand_size
        names = list(self.SCALARS)
        self.net = [len(names) + s for s in range(players)]
        names += [f"net {s}" for s in range(players)]
        self.wins = [len(names) + s for s in range(players)]
        names += [f"wins {s}" for s in range(players)]
        kinds = [
            *DECLARATION_WORDS,
            "give",
            "discard",
            *(f"exchange {k}" for k in range(1, hand_size + 1)),
        ]
        self.decl = {k: len(names) + i for i, k in enumerate(kinds)}
        names += kinds
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}

    def __getitem__(self, name: str) -> int:
        return self.index[name]

    def __len__(self) -> int:
        return len(self.names)


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
) = range(len(Layout.SCALARS))


@functools.lru_cache(maxsize=64)
def _layout(players: int, hand_size: int) -> Layout:
    return Layout(players, hand_size)


@attrs.frozen
class Plan:
    """What one side of a run plays: the rules, the table, the bots and the seed."""

    rules: Rules
    players: int
    bots: tuple[BotSpec, ...]
    seed: int
    deals: int
    series: bool = False


@attrs.frozen
class SessionTally:
    """What one session came to: its counts (see :class:`Layout`), every deal's pool,
    how the deals ended, the pool it left, and (for plots) every deal's net per seat."""

    counts: tuple[int, ...]
    pools: tuple[int, ...]
    ended_by: dict[str, int]
    pool_left: int
    nets: tuple[tuple[int, ...], ...] = ()

    @property
    def deals(self) -> int:
        """Deals played in the session."""
        return self.counts[0]


def _dealt_hands(
    rules: Rules, players: int, tables: Any, dealt: list[tuple[int, int, bool]]
) -> Callable[[Deal], None]:
    """A ``Session(on_deal=...)`` hook noting, as each deal is dealt, how many hands hold a
    flush and whether everyone is made to stand (deals that end as they are dealt
    included)."""
    counts_flushes = rules.special_hands.flush.enabled

    def note(deal: Deal) -> None:
        if counts_flushes and not deal.exposed_single:
            hands = deal.hands[:players]
            flushes = sum(1 for h in hands if flush_suit(tables, h, deal.trump) >= 0)
            dealt.append((len(hands), flushes, deal.forced))
        else:
            dealt.append((0, 0, deal.forced))

    return note


def play_session(plan: Plan, index: int, cap: int) -> SessionTally:
    """Play session ``index`` of ``plan`` for at most ``cap`` deals and tally it.

    The first ``k`` deals do not depend on ``cap``: a session cut at ``k``
    deals is the start of the same session played further.
    """
    rules = plan.rules
    n = plan.players
    dealt: list[tuple[int, int, bool]] = []
    s = Session(
        rules,
        n,
        seed=session_seed(plan.seed, index),
        on_deal=_dealt_hands(rules, n, tables_for(rules), dealt),
    )
    bots = [
        make_bot(spec, random.Random(bot_seed(plan.seed, index, seat)))
        for seat, spec in enumerate(plan.bots)
    ]
    while not s.is_over and len(s.results) < cap:
        seat = s.to_move
        s.apply(bots[seat].choose(SeatView(s, seat)))
    m = min(cap, len(s.results))
    over = s.is_over and m == len(s.results)
    lay = _layout(n, rules.deal.hand_size)
    v = [0] * len(lay)
    net_at, decl = lay.net[0], lay.decl
    word_at = [decl[w] for w in DECLARATION_WORDS]
    give_at, discard_at, exch_at = decl["give"], decl["discard"], decl["exchange 1"] - 1
    ended: dict[str, int] = {}
    pools = []
    nets = []
    results, histories = s.results, s.histories
    for j in range(m):
        res = results[j]
        net = res.net
        if res.points:
            net = tuple(a + b for a, b in zip(res.net, res.points, strict=True))
            v[_POINTS] += sum(res.points)
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
        for _, a in history:
            if a < PLAY:
                at = word_at[a]
            elif a < GIVE:
                continue
            elif a < DISCARD:
                at = give_at
            elif a < EXCHANGE:
                at = discard_at
            else:
                at = exch_at + bisect_right(EXCHANGE_OFFSETS, a) - 1
            v[at] += 1
    v[_DEALS] = m
    if over:
        v[_GAMES] = 1
        v[_GAME_DEALS] = m
        for seat in s.winner:
            v[lay.wins[seat]] += 1
    pool_left = s.results[m - 1].carried if m and rules.wagers.scoring is Scoring.POOL else 0
    return SessionTally(tuple(v), tuple(pools), ended, pool_left, tuple(nets))


# --------------------------------------------------------------------------- running


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
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")  # the same start on every platform
    with ctx.Pool(workers, initializer=_init_worker, initargs=(list(plans),)) as pool:
        for which, plan in enumerate(plans):
            results.append(_tallies(plans, which, pool, workers, step))
            done += plan.deals
    return results


# --------------------------------------------------------------------------- estimates


@attrs.frozen
class Estimate:
    """A mean (or a difference of means) with its 95% confidence interval.

    ``units`` is how many sessions it rests on; ``ci`` is ``None`` with fewer than two.
    """

    mean: float | None
    se: float | None
    units: int

    @property
    def ci(self) -> tuple[float, float] | None:
        """The 95% confidence interval, normal approximation over sessions."""
        if self.mean is None or self.se is None:
            return None
        return self.mean - Z95 * self.se, self.mean + Z95 * self.se

    def to_json(self) -> dict[str, Any]:
        """``{"mean": ..., "ci95": [low, high]}`` (``null`` where there is none)."""
        ci = self.ci
        return {"mean": self.mean, "ci95": list(ci) if ci else None}


def _sum(counts: Sequence[int], at: Sequence[int]) -> float:
    return float(sum(counts[i] for i in at))


def ratio(units: Sequence[Sequence[int]], num: Sequence[int], den: Sequence[int]) -> Estimate:
    """The estimate of sum(num) / sum(den) over sessions, and its standard error.

    A ratio estimator with sessions as the independent units (a deal's figures
    depend on the pool carried from the deal before; sessions do not).

    >>> e = ratio([(1, 2), (3, 2), (2, 2)], [0], [1])
    >>> e.mean, round(e.se, 4)
    (1.0, 0.2887)
    """
    ys = [_sum(u, num) for u in units]
    ms = [_sum(u, den) for u in units]
    total = sum(ms)
    if not total:
        return Estimate(None, None, len(units))
    r = sum(ys) / total
    n = len(units)
    if n < 2:
        return Estimate(r, None, n)
    var = n / (n - 1) * sum((y - r * m) ** 2 for y, m in zip(ys, ms, strict=True)) / total**2
    return Estimate(r, math.sqrt(var), n)


def paired_difference(
    a: Sequence[Sequence[int]], b: Sequence[Sequence[int]], num: Sequence[int], den: Sequence[int]
) -> Estimate:
    """The estimate of ratio(b) - ratio(a), session ``i`` of ``a`` paired with session ``i``
    of ``b``; a session that only one side played pairs with nothing (zero counts).

    >>> a = [(1, 2), (3, 2), (2, 2)]
    >>> b = [(2, 2), (4, 2), (3, 2)]
    >>> e = paired_difference(a, b, [0], [1])
    >>> e.mean, e.se
    (0.5, 0.0)
    """
    ra, rb = ratio(a, num, den).mean, ratio(b, num, den).mean
    if ra is None or rb is None:
        return Estimate(None, None, max(len(a), len(b)))
    ma = sum(_sum(u, den) for u in a)
    mb = sum(_sum(u, den) for u in b)
    n = max(len(a), len(b))
    infl = []
    for i in range(n):
        da = (_sum(a[i], num) - ra * _sum(a[i], den)) / ma if i < len(a) else 0.0
        db = (_sum(b[i], num) - rb * _sum(b[i], den)) / mb if i < len(b) else 0.0
        infl.append(db - da)
    if n < 2:
        return Estimate(rb - ra, None, n)
    return Estimate(rb - ra, math.sqrt(n / (n - 1) * sum(x * x for x in infl)), n)


@attrs.frozen
class Metric:
    """A statistic: the ratio of two sums of tally counts."""

    key: str
    label: str
    num: tuple[int, ...]
    den: tuple[int, ...]
    signed: bool = False


def metrics(lay: Layout, points: bool) -> list[Metric]:
    """The statistics reported for a game (its layout; points or counters).

    >>> [m.key for m in metrics(Layout(2, 3), points=True)][:3]
    ['net 0', 'net 1', 'points_per_deal']
    """
    deals = (lay["deals"],)
    unit = "points" if points else "net"
    out = [
        Metric(f"net {s}", f"seat {s} {unit} per deal", (lay.net[s],), deals, signed=True)
        for s in range(lay.players)
    ]
    if points:
        out += [
            Metric("points_per_deal", "points scored per deal", (lay["points"],), deals),
            Metric("game_length", "deals per game", (lay["game_deals"],), (lay["games"],)),
        ]
        out += [
            Metric(f"wins {s}", f"seat {s} share of games won", (lay.wins[s],), (lay["games"],))
            for s in range(lay.players)
        ]
    else:
        out += [
            Metric(
                "loo_rate", "loo rate (looed / standing hands)", (lay["looed"],), (lay["stood"],)
            ),
            Metric("deals_with_loo", "deals with a loo", (lay["deals_with_loo"],), deals),
            Metric("stood", "hands standing per deal", (lay["stood"],), deals),
            Metric("pool", "pool played for (mean)", (lay["pool"],), deals),
            Metric("won", "counters won per deal (all seats)", (lay["won"],), deals),
            Metric("singles", "singles (nothing carried)", (lay["singles"],), deals),
            Metric("flushes", "deals ended by a flush", (lay["flushes"],), deals),
            Metric(
                "dealt_flush",
                "flushes among dealt hands",
                (lay["flush_hands"],),
                (lay["hands_dealt"],),
            ),
            Metric("session_length", "deals per session", (lay["game_deals"],), (lay["games"],)),
        ]
    out.append(Metric("deal_length", "actions per deal", (lay["actions"],), deals))
    out.append(Metric("forced", "deals where all must stand", (lay["forced_deals"],), deals))
    out += [Metric(f"decl {k}", f"{k} per deal", (at,), deals) for k, at in lay.decl.items()]
    return out


# --------------------------------------------------------------------------- summaries


@attrs.frozen
class Summary:
    """What a simulation came to.

    ``net`` is each seat's counters (or points) over all deals; ``pool_left``
    what was left on the table when sessions stopped (so that ``sum(net) +
    pool_left == 0`` when counters are played for). ``looed`` counts hands
    looed in play, ``stood`` hands that stood; ``ended_by`` how deals ended;
    ``declarations`` how often each declaration (and each other decision
    than playing a card) was made. :meth:`estimate` gives any statistic of
    :func:`metrics` with its confidence interval.
    """

    variant: str
    house_rules: tuple[str, ...]
    players: int
    deals: int
    seed: int
    sessions: int
    bots: tuple[str, ...]
    scoring: str
    net: tuple[int, ...]
    pool_left: int
    stood: int
    looed: int
    deals_with_loo: int
    singles: int
    flushes: int
    hands_dealt: int
    flush_hands: int
    largest_pool: int
    mean_pool: float
    median_pool: float
    actions: int
    ended_by: dict[str, int]
    declarations: dict[str, int]
    forced_deals: int
    won: int
    games: int
    games_won: tuple[int, ...]
    units: tuple[tuple[int, ...], ...] = attrs.field(repr=False, eq=False)
    layout: Layout = attrs.field(repr=False, eq=False)
    pools: tuple[int, ...] = attrs.field(default=(), repr=False, eq=False)
    nets: tuple[tuple[int, ...], ...] = attrs.field(default=(), repr=False, eq=False)

    @property
    def points(self) -> bool:
        """Whether points are played for (Put) rather than counters."""
        return self.scoring == "points"

    @property
    def loo_rate(self) -> float:
        """The share of standing hands that were looed."""
        return self.looed / self.stood if self.stood else 0.0

    @property
    def label(self) -> str:
        """The variant and its house rules, e.g. ``three-card-loo + club-law``."""
        return " + ".join([self.variant, *self.house_rules])

    def metrics(self) -> list[Metric]:
        """The statistics of this game."""
        return metrics(self.layout, self.points)

    def estimate(self, key: str) -> Estimate:
        """One statistic of :func:`metrics` (e.g. ``"loo_rate"``, ``"net 0"``) with its CI."""
        for m in self.metrics():
            if m.key == key:
                return ratio(self.units, m.num, m.den)
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data (see docs/simulation.md for its fields)."""
        est = {m.key: ratio(self.units, m.num, m.den) for m in self.metrics()}
        seats = []
        for s in range(self.players):
            seat: dict[str, Any] = {
                "seat": s,
                "bot": self.bots[s],
                "net": self.net[s],
                "per_deal": est[f"net {s}"].to_json(),
            }
            if self.points:
                seat["games_won"] = self.games_won[s]
                seat["share_won"] = est[f"wins {s}"].to_json()
            seats.append(seat)
        total_decl = sum(self.declarations.values())
        data: dict[str, Any] = {
            "variant": self.variant,
            "house_rules": list(self.house_rules),
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "deals": self.deals,
            "sessions": self.sessions,
            "scoring": self.scoring,
            "seats": seats,
            "net": list(self.net),
            "pool_left": self.pool_left,
            "deal_length": est["deal_length"].to_json(),
            "declarations": {
                k: {
                    "count": v,
                    "per_deal": est[f"decl {k}"].to_json(),
                    "share": v / total_decl if total_decl else None,
                }
                for k, v in self.declarations.items()
                if v
            },
            "forced_deals": self.forced_deals,
            "ended_by": dict(sorted(self.ended_by.items())),
        }
        if self.points:
            data["points_per_deal"] = est["points_per_deal"].to_json()
            data["game_length"] = est["game_length"].to_json() | {"games": self.games}
            data["games_won"] = list(self.games_won)
        else:
            data["loo_rate"] = est["loo_rate"].to_json() | {
                "looed": self.looed,
                "stood": self.stood,
            }
            data["deals_with_loo"] = est["deals_with_loo"].to_json() | {
                "count": self.deals_with_loo
            }
            data["pool"] = est["pool"].to_json() | {
                "median": self.median_pool,
                "largest": self.largest_pool,
            }
            data["won"] = est["won"].to_json() | {"count": self.won}
            data["singles"] = est["singles"].to_json() | {"count": self.singles}
            data["flushes"] = est["flushes"].to_json() | {"count": self.flushes}
            data["dealt_flush"] = est["dealt_flush"].to_json() | {
                "hands": self.hands_dealt,
                "flush_hands": self.flush_hands,
            }
            data["session_length"] = est["session_length"].to_json() | {
                "sessions_finished": self.games
            }
        return data

    def text(self) -> str:
        """The human report."""
        est = {m.key: ratio(self.units, m.num, m.den) for m in self.metrics()}
        lines = [
            f"{self.label}: {self.deals} deals in {self.sessions} sessions, "
            f"{self.players} players, seed {self.seed}, bots {_bots_text(self.bots)}"
        ]
        lines.append(f"  {'':<30} {'total':>9}  per deal [95% CI]")
        seats = [est[f"net {s}"] for s in range(self.players)]
        d = max(_decimals(e.se, e.mean or 0.0) for e in seats)
        for s in range(self.players):
            extra = f"   games won {self.games_won[s]}" if self.points else ""
            lines.append(
                f"  {f'seat {s} net':<30} {self.net[s]:>+9}  "
                f"{_ci_text(seats[s], signed=True, decimals=d)}{extra}"
            )
        if self.points:
            lines.append(
                f"  {'points scored per deal':<30} {'':>9}  {_ci_text(est['points_per_deal'])}"
            )
            lines.append(
                f"  {'game length (deals per game)':<30} {self.games:>9}  "
                f"{_ci_text(est['game_length'])}"
            )
        else:
            lines.append(f"  {'pool left on the table':<30} {self.pool_left:>9}")
            rows = [
                ("loo_rate", "loo rate (of standing hands)", self.looed),
                ("deals_with_loo", "deals with a loo", self.deals_with_loo),
                ("singles", "singles (nothing carried)", self.singles),
            ]
            if self.hands_dealt or self.flushes:
                rows.append(("flushes", "deals ended by a flush", self.flushes))
            for key, label, count in rows:
                lines.append(f"  {label:<30} {count:>9}  {_ci_text(est[key])}")
            if self.hands_dealt:
                lines.append(
                    f"  {'flushes among dealt hands':<30} {self.flush_hands:>9}  "
                    f"{_ci_text(est['dealt_flush'])} of {self.hands_dealt} hands"
                )
            lines.append(
                f"  {'pool played for':<30} {'':>9}  {_ci_text(est['pool'])}  "
                f"median {_plain(self.median_pool)}, largest {self.largest_pool}"
            )
            lines.append(
                f"  {'counters won (all seats)':<30} {self.won:>9}  {_ci_text(est['won'])}"
            )
            lines.append(
                f"  {'deals per finished session':<30} {self.games:>9}  "
                f"{_ci_text(est['session_length'])}"
            )
        lines.append(
            f"  {'deal length (actions)':<30} {self.actions:>9}  {_ci_text(est['deal_length'])}"
        )
        total_decl = sum(self.declarations.values())
        if total_decl:
            lines.append("  declarations and decisions      count  per deal [95% CI]   share")
            for k, v in self.declarations.items():
                if v:
                    lines.append(
                        f"    {k:<28} {v:>9}  {_ci_text(est[f'decl {k}']):<19} "
                        f"{v / total_decl:6.1%}"
                    )
        if self.forced_deals:
            lines.append(
                f"  {'deals where all must stand':<30} {self.forced_deals:>9}  "
                f"{_ci_text(est['forced'])}"
            )
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ended_by.items()))
        lines.append(f"  deals ended by: {ends}")
        return "\n".join(lines)


def summarise(
    plan: Plan, tallies: Sequence[SessionTally], house_rules: Sequence[str] = ()
) -> Summary:
    """The summary of one plan's sessions."""
    rules = plan.rules
    lay = _layout(plan.players, rules.deal.hand_size)
    units = tuple(t.counts for t in tallies)
    tot = [sum(col) for col in zip(*units, strict=True)] if units else [0] * len(lay)
    pools = [p for t in tallies for p in t.pools]
    ended: dict[str, int] = {}
    for t in tallies:
        for k, v in t.ended_by.items():
            ended[k] = ended.get(k, 0) + v
    deals = tot[lay["deals"]]
    return Summary(
        variant=rules.name,
        house_rules=tuple(house_rules) or tuple(rules.house_rules),
        players=plan.players,
        deals=deals,
        seed=plan.seed,
        sessions=len(tallies),
        bots=tuple(bot_name(b) for b in plan.bots),
        scoring="points" if rules.wagers.scoring is Scoring.POINTS else "counters",
        net=tuple(tot[i] for i in lay.net),
        pool_left=sum(t.pool_left for t in tallies),
        stood=tot[lay["stood"]],
        looed=tot[lay["looed"]],
        deals_with_loo=tot[lay["deals_with_loo"]],
        singles=tot[lay["singles"]],
        flushes=tot[lay["flushes"]],
        hands_dealt=tot[lay["hands_dealt"]],
        flush_hands=tot[lay["flush_hands"]],
        largest_pool=max(pools, default=0),
        mean_pool=tot[lay["pool"]] / deals if deals else 0.0,
        median_pool=float(statistics.median(pools)) if pools else 0.0,
        actions=tot[lay["actions"]],
        ended_by=ended,
        declarations={k: tot[at] for k, at in lay.decl.items()},
        forced_deals=tot[lay["forced_deals"]],
        won=tot[lay["won"]],
        games=tot[lay["games"]],
        games_won=tuple(tot[i] for i in lay.wins) if rules.wagers.scoring is Scoring.POINTS else (),
        units=units,
        layout=lay,
        pools=tuple(pools) if plan.series else (),
        nets=tuple(x for t in tallies for x in t.nets),
    )


def _plan(
    rules: Rules,
    players: int | None,
    deals: int,
    seed: int,
    bots: BotSpec | Sequence[BotSpec],
    series: bool,
) -> Plan:
    n = rules.players.default if players is None else players
    if not rules.players.min <= n <= rules.max_players:
        from cardrules.errors import PlayError

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
    plan = _plan(rules, players, deals, seed, bots, series)
    (tallies,) = run_plans([plan], workers, progress)
    return summarise(plan, tallies)


# --------------------------------------------------------------------------- comparison


@attrs.frozen
class Comparison:
    """Two rule sets played on the same seeded deals by the same bots, and the differences
    ``b - a`` of each statistic with their confidence intervals (sessions paired)."""

    a: Summary
    b: Summary

    def differences(self) -> list[tuple[Metric, Estimate, Estimate, Estimate]]:
        """Each statistic both sides have: (metric, estimate a, estimate b, b - a)."""
        keys_b = {m.key: m for m in self.b.metrics()}
        out = []
        for m in self.a.metrics():
            mb = keys_b.get(m.key)
            if mb is None or m.key.startswith("decl "):
                continue
            ea = ratio(self.a.units, m.num, m.den)
            eb = ratio(self.b.units, mb.num, mb.den)
            if _nothing(ea) and _nothing(eb):
                continue
            if m.num == mb.num and m.den == mb.den:
                d = paired_difference(self.a.units, self.b.units, m.num, m.den)
            else:  # different layouts (hand sizes): unpaired
                d = _unpaired(ea, eb)
            out.append((m, ea, eb, d))
        for word in [w for w in self.a.declarations if w in self.b.declarations]:
            if not (self.a.declarations[word] or self.b.declarations[word]):
                continue
            ia, ib = self.a.layout.decl[word], self.b.layout.decl[word]
            m = Metric(f"decl {word}", f"{word} per deal", (ia,), (0,))
            ea = ratio(self.a.units, (ia,), (0,))
            eb = ratio(self.b.units, (ib,), (0,))
            d = (
                paired_difference(self.a.units, self.b.units, (ia,), (0,))
                if ia == ib
                else _unpaired(ea, eb)
            )
            out.append((m, ea, eb, d))
        return out

    def to_json(self) -> dict[str, Any]:
        """Both summaries and the differences as JSON-ready data."""
        return {
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "pairing": {
                "unit": "session",
                "sessions_a": self.a.sessions,
                "sessions_b": self.b.sessions,
            },
            "differences": {
                m.key: {
                    "a": ea.mean,
                    "b": eb.mean,
                    "difference": d.mean,
                    "ci95": list(d.ci) if d.ci else None,
                }
                for m, ea, eb, d in self.differences()
            },
        }

    def text(self) -> str:
        """The human report: both rule sets, then the differences."""
        a, b = self.a, self.b
        lines = [
            f"A: {a.label}",
            f"B: {b.label}",
            f"{a.players} players, bots {_bots_text(a.bots)}, seed {a.seed}, "
            f"{a.deals} deals each; A in {a.sessions} sessions, B in {b.sessions}; "
            "sessions paired by seed (95% CIs over sessions)",
            f"  {'':<34} {'A':>10} {'B':>10}   B - A [95% CI]",
        ]
        for m, ea, eb, d in self.differences():
            if m.key in ("dealt_flush",) and not (a.hands_dealt or b.hands_dealt):
                continue
            sign = m.signed
            lines.append(
                f"  {m.label:<34} {_mean_text(ea, sign):>10} {_mean_text(eb, sign):>10}"
                f"   {_diff_text(d)}"
            )
        if not (a.points or b.points):
            lines.append(
                f"  {'pool played for (median)':<34} {_plain(a.median_pool):>10} "
                f"{_plain(b.median_pool):>10}"
            )
            lines.append(
                f"  {'pool played for (largest)':<34} {a.largest_pool:>10} {b.largest_pool:>10}"
            )
        return "\n".join(lines)


_UNIT = {Scoring.POOL: "counters", Scoring.POINTS: "points"}


def _nothing(e: Estimate) -> bool:
    """Whether a statistic has no value, or is zero in every session."""
    return e.mean is None or (e.mean == 0 and not e.se)


def _unpaired(ea: Estimate, eb: Estimate) -> Estimate:
    if ea.mean is None or eb.mean is None:
        return Estimate(None, None, 0)
    se = math.hypot(ea.se, eb.se) if ea.se is not None and eb.se is not None else None
    return Estimate(eb.mean - ea.mean, se, min(ea.units, eb.units))


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
        from cardrules.errors import PlayError

        raise PlayError(
            f"{a.name} is played for {_UNIT[a.wagers.scoring]} and {b.name} for "
            f"{_UNIT[b.wagers.scoring]}: their results cannot be compared"
        )
    plan_a = _plan(a, players, deals, seed, bots, series)
    plan_b = _plan(b, plan_a.players, deals, seed, plan_a.bots, series)
    ta, tb = run_plans([plan_a, plan_b], workers, progress)
    return Comparison(summarise(plan_a, ta, house_rules_a), summarise(plan_b, tb, house_rules_b))


# --------------------------------------------------------------------------- text


def _decimals(se: float | None, mean: float) -> int:
    width = Z95 * se if se else abs(mean) / 100 if mean else 0.001
    if width <= 0 or not math.isfinite(width):
        return 3
    return max(0, min(4, 1 - math.floor(math.log10(width))))


def _mean_text(e: Estimate, signed: bool = False) -> str:
    if e.mean is None:
        return "-"
    if e.mean == 0 and not e.se:
        return "0"
    d = _decimals(e.se, e.mean)
    return f"{e.mean:+.{d}f}" if signed else f"{e.mean:.{d}f}"


def _ci_text(e: Estimate, signed: bool = False, decimals: int | None = None) -> str:
    """``mean [low, high]``, to as many decimals as the interval's width warrants."""
    if e.mean is None:
        return "-"
    d = _decimals(e.se, e.mean) if decimals is None else decimals
    f = f"{{:{'+' if signed else ''}.{d}f}}"
    ci = e.ci
    if ci is None:
        return f.format(e.mean)
    return f"{f.format(e.mean)} [{f.format(ci[0])}, {f.format(ci[1])}]"


def _diff_text(d: Estimate) -> str:
    if d.mean == 0 and d.se == 0 and d.units > 1:
        return "0 (the same in every session)"
    return _ci_text(d, signed=True)


def _plain(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _bots_text(bots: Sequence[str]) -> str:
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)
