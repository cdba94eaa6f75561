"""Statistics streamed: running sums over sessions, in memory that does not grow with the
number of deals.

Every statistic is a ratio of two sums of session counts (see
:class:`~cardrules.tools.simulate.tally.Layout`); its standard error, and that
of a difference between two rule sets with sessions paired, need only the sums
of the counts and of their products over sessions. :class:`Running` keeps those
sums (whole numbers, so that they are exact and do not depend on the order of
addition) and the histogram of the pools; :class:`Pairing` keeps the products
across two rule sets. A session's counts are added and forgotten.

>>> from cardrules.tools.simulate.tally import layout_for
>>> run = Running(layout_for(2, 3), points=False)
>>> lay = run.layout
>>> for looed, stood in ((1, 2), (3, 2), (2, 2)):
...     counts = [0] * len(lay)
...     counts[lay["looed"]], counts[lay["stood"]] = looed, stood
...     _ = run.add_counts(counts)
>>> e = run.estimate("loo_rate")
>>> e.mean, round(e.se, 4)
(1.0, 0.2887)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from cardrules.tools.simulate.estimates import Estimate, metrics
from cardrules.tools.simulate.tally import Layout, SessionTally


@attrs.frozen
class Moments:
    """The sums over sessions of a statistic's numerator ``y`` and denominator ``m``:
    ``y``, ``m``, ``y*y``, ``y*m``, ``m*m``, and the number of sessions."""

    y: int
    m: int
    yy: int
    ym: int
    mm: int
    n: int

    def residual(self) -> int:
        """``M**2 * sum((y - r*m)**2)`` with ``r = Y/M``, exactly."""
        return self.yy * self.m * self.m - 2 * self.y * self.ym * self.m + self.y * self.y * self.mm

    def estimate(self) -> Estimate:
        """The ratio estimate ``Y / M`` and its standard error, sessions as the units.

        >>> Moments(y=6, m=6, yy=14, ym=12, mm=12, n=3).estimate().mean
        1.0
        """
        if not self.m:
            return Estimate(None, None, self.n)
        r = self.y / self.m
        if self.n < 2:
            return Estimate(r, None, self.n)
        var = Fraction(self.n * self.residual(), (self.n - 1) * self.m**4)
        return Estimate(r, float(var) ** 0.5, self.n)


@attrs.frozen
class Cross:
    """The sums over paired sessions of ``ya*yb``, ``ya*mb``, ``ma*yb`` and ``ma*mb``."""

    yy: int
    ym: int
    my: int
    mm: int


def paired(a: Moments, b: Moments, cross: Cross) -> Estimate:
    """The estimate of ``ratio(b) - ratio(a)``, session ``i`` of one paired with session
    ``i`` of the other (a session only one side played pairs with zero counts).

    >>> a = Moments(y=6, m=6, yy=14, ym=12, mm=12, n=3)
    >>> b = Moments(y=9, m=6, yy=29, ym=18, mm=12, n=3)
    >>> paired(a, b, Cross(yy=20, ym=12, my=18, mm=12))
    Estimate(mean=0.5, se=0.0, units=3)
    """
    n = max(a.n, b.n)
    if not (a.m and b.m):
        return Estimate(None, None, n)
    diff = b.y / b.m - a.y / a.m
    if n < 2:
        return Estimate(diff, None, n)
    ma, mb, ya, yb = a.m, b.m, a.y, b.y
    c = cross.yy * ma * mb - yb * cross.ym * ma - ya * cross.my * mb + ya * yb * cross.mm
    total = Fraction(a.residual(), ma**4) + Fraction(b.residual(), mb**4)
    total -= 2 * Fraction(c, ma * ma * mb * mb)
    return Estimate(diff, float(Fraction(n, n - 1) * max(total, Fraction(0))) ** 0.5, n)


class Running:
    """A rule set's sessions summed as they come: for every statistic of its
    :func:`~cardrules.tools.simulate.estimates.metrics` the :class:`Moments`, the
    totals of the counts, how the deals ended, the histogram of the pools played for,
    and the pool left on the table; with ``series``, every deal's pool and nets (for
    plots: that alone grows with the deals)."""

    def __init__(self, layout: Layout, points: bool, series: bool = False) -> None:
        self.layout = layout
        self.metrics = metrics(layout, points)
        self.series = series
        self.sessions = 0
        self.totals = [0] * len(layout)
        # The denominators are few (deals, standing hands, hands dealt, games): their sums
        # are kept once each, the numerators' for every statistic.
        dens = sorted({m.den for m in self.metrics})
        self._dens = dens
        self._den_of = [dens.index(m.den) for m in self.metrics]
        self._nums = [m.num for m in self.metrics]
        self._m, self._mm = [0] * len(dens), [0] * len(dens)
        k = len(self.metrics)
        self._y, self._yy, self._ym = ([0] * k for _ in range(3))
        self.pools: dict[int, int] = {}
        self.ended_by: dict[str, int] = {}
        self.pool_left = 0
        self.pool_series: list[int] = []
        self.net_series: list[tuple[int, ...]] = []

    def add_counts(self, counts: Sequence[int]) -> tuple[list[int], list[int]]:
        """Add one session's counts; return each statistic's ``(y, m)`` for it."""
        self.sessions += 1
        totals = self.totals
        for i, c in enumerate(counts):
            if c:
                totals[i] += c
        den_values = [
            counts[d[0]] if len(d) == 1 else sum(counts[i] for i in d) for d in self._dens
        ]
        for j, m in enumerate(den_values):
            if m:
                self._m[j] += m
                self._mm[j] += m * m
        ys = [counts[n[0]] if len(n) == 1 else sum(counts[i] for i in n) for n in self._nums]
        ms = [den_values[j] for j in self._den_of]
        sy, syy, sym = self._y, self._yy, self._ym
        for j, y in enumerate(ys):
            if y:
                sy[j] += y
                syy[j] += y * y
                sym[j] += y * ms[j]
        return ys, ms

    def add(self, tally: SessionTally) -> tuple[list[int], list[int]]:
        """Add one session's tally; return each statistic's ``(y, m)`` for it."""
        pools = self.pools
        for p in tally.pools:
            pools[p] = pools.get(p, 0) + 1
        ended = self.ended_by
        for how, count in tally.ended_by.items():
            ended[how] = ended.get(how, 0) + count
        self.pool_left += tally.pool_left
        if self.series:
            self.pool_series.extend(tally.pools)
            self.net_series.extend(tally.nets)
        return self.add_counts(tally.counts)

    def moments(self) -> dict[str, Moments]:
        """Each statistic's :class:`Moments`, by key."""
        out = {}
        for j, m in enumerate(self.metrics):
            d = self._den_of[j]
            out[m.key] = Moments(
                self._y[j], self._m[d], self._yy[j], self._ym[j], self._mm[d], self.sessions
            )
        return out

    def estimate(self, key: str) -> Estimate:
        """One statistic with its confidence interval."""
        return self.moments()[key].estimate()


class Pairing:
    """The products across two rule sets' sessions of the same index, for every
    statistic both have (by key)."""

    def __init__(self, a: Running, b: Running) -> None:
        keys_b = {m.key: j for j, m in enumerate(b.metrics)}
        self._pairs = [
            (m.key, ja, keys_b[m.key]) for ja, m in enumerate(a.metrics) if m.key in keys_b
        ]
        k = len(self._pairs)
        self._yy, self._ym, self._my, self._mm = ([0] * k for _ in range(4))

    def add(self, a: tuple[list[int], list[int]], b: tuple[list[int], list[int]]) -> None:
        """Add the ``(y, m)`` of session ``i`` of both sides."""
        (ya, ma), (yb, mb) = a, b
        syy, sym, smy, smm = self._yy, self._ym, self._my, self._mm
        for k, (_, ja, jb) in enumerate(self._pairs):
            y1, m1, y2, m2 = ya[ja], ma[ja], yb[jb], mb[jb]
            if y1:
                syy[k] += y1 * y2
                sym[k] += y1 * m2
            if m1:
                smy[k] += m1 * y2
                smm[k] += m1 * m2

    def cross(self) -> dict[str, Cross]:
        """Each shared statistic's :class:`Cross`, by key."""
        return {
            key: Cross(self._yy[k], self._ym[k], self._my[k], self._mm[k])
            for k, (key, _, _) in enumerate(self._pairs)
        }


def median_of(histogram: dict[int, int]) -> float:
    """The median of the values counted in ``histogram`` (value -> how often).

    >>> median_of({3: 2, 9: 1}), median_of({1: 1, 4: 1}), median_of({})
    (3.0, 2.5, 0.0)
    """
    total = sum(histogram.values())
    if not total:
        return 0.0
    low = high = None
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if low is None and seen >= (total + 1) // 2:
            low = value
        if seen >= total // 2 + 1:
            high = value
            break
    assert low is not None and high is not None
    return float(low) if total % 2 else (low + high) / 2
