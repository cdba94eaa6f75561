"""Estimates with confidence intervals, sessions as the independent units.

Deals within a session are not independent (the pool carries), sessions are:
every statistic is the ratio of two sums of tally counts over sessions (a
ratio estimator), and a difference between two rule sets pairs session ``i``
of one with session ``i`` of the other (common random numbers).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.tools.simulate.mechanisms import statistic
from cardrules.tools.simulate.tally import Layout

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


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
    out = [
        Metric(f"net {s}", f"seat {s} points per deal", (lay.net[s],), deals)
        if points
        else Metric(f"net {s}", f"seat {s} net per deal", (lay.net[s],), deals, signed=True)
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
            Metric(
                "looed_per_player",
                "looed per player per deal",
                (lay["looed"],),
                (lay["seat_deals"],),
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
    for name, at in lay.stats.items():  # those a rule mechanism switches on
        for key, label, num, den in statistic(name).ratios(lay.players):
            where = [at[c] if c in at else lay[c] for c in (num, den)]
            out.append(Metric(key, label, (where[0],), (where[1],)))
    return out


def is_nothing(e: Estimate) -> bool:
    """Whether a statistic has no value, or is zero in every session.

    >>> is_nothing(Estimate(0.0, 0.0, 5)), is_nothing(Estimate(0.0, 0.1, 5))
    (True, False)
    """
    return e.mean is None or (e.mean == 0 and not e.se)


def unpaired(ea: Estimate, eb: Estimate) -> Estimate:
    """The estimate of ``b - a`` from two independent estimates (different layouts, so
    that sessions cannot be paired).

    >>> unpaired(Estimate(1.0, 0.3, 4), Estimate(2.0, 0.4, 5))
    Estimate(mean=1.0, se=0.5, units=4)
    """
    if ea.mean is None or eb.mean is None:
        return Estimate(None, None, 0)
    se = math.hypot(ea.se, eb.se) if ea.se is not None and eb.se is not None else None
    return Estimate(eb.mean - ea.mean, se, min(ea.units, eb.units))
