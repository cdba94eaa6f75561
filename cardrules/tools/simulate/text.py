"""The figures of the text reports: each estimate to as many decimals as its confidence
interval warrants.

>>> ci_text(Estimate(0.25, 0.01, 100))
'0.250 [0.230, 0.270]'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardrules.tools.simulate.estimates import Z95, Estimate


def decimals_for(se: float | None, mean: float) -> int:
    """The decimals that show a mean with standard error ``se``: down to about a tenth of
    its interval's width (without one, a hundredth of the mean; at most 4).

    >>> decimals_for(0.01, 0.25), decimals_for(None, 250.0), decimals_for(None, 0.0)
    (3, 1, 4)
    """
    width = Z95 * se if se else abs(mean) / 100 if mean else 0.001
    if width <= 0 or not math.isfinite(width):
        return 3
    return max(0, min(4, 1 - math.floor(math.log10(width))))


def mean_text(e: Estimate, signed: bool = False) -> str:
    """The mean alone (``-`` when there is none, ``0`` when it is zero in every session).

    >>> mean_text(Estimate(0.25, 0.01, 100), signed=True), mean_text(Estimate(0.0, 0.0, 9))
    ('+0.250', '0')
    """
    if e.mean is None:
        return "-"
    if e.mean == 0 and not e.se:
        return "0"
    d = decimals_for(e.se, e.mean)
    return f"{e.mean:+.{d}f}" if signed else f"{e.mean:.{d}f}"


def ci_text(e: Estimate, signed: bool = False, decimals: int | None = None) -> str:
    """``mean [low, high]``, to as many decimals as the interval's width warrants."""
    if e.mean is None:
        return "-"
    d = decimals_for(e.se, e.mean) if decimals is None else decimals
    f = f"{{:{'+' if signed else ''}.{d}f}}"
    ci = e.ci
    if ci is None:
        return f.format(e.mean)
    return f"{f.format(e.mean)} [{f.format(ci[0])}, {f.format(ci[1])}]"


def diff_text(d: Estimate) -> str:
    """A difference ``b - a`` with its interval, or that it was the same in every session.

    >>> diff_text(Estimate(0.0, 0.0, 4))
    '0 (the same in every session)'
    """
    if d.mean == 0 and d.se == 0 and d.units > 1:
        return "0 (the same in every session)"
    return ci_text(d, signed=True)


def plain(x: float) -> str:
    """A whole number without decimals, any other to one.

    >>> plain(3.0), plain(2.25)
    ('3', '2.2')
    """
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def bots_text(bots: Sequence[str]) -> str:
    """The bots of a table: one name when all seats have the same, else one per seat.

    >>> bots_text(["random", "random"]), bots_text(["heuristic", "random"])
    ('random', 'heuristic,random')
    """
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)
