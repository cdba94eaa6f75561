"""Pictures of simulations: the pool over the deals, and each seat's net over the deals.

Needs matplotlib, an optional extra (``pip install '.[plot]'`` from a checkout); the
rest of cardrules never imports it. :func:`available` says whether it is
installed, without importing it.

>>> isinstance(available(), bool)
True
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from cardrules.tools.simulate.summary import Summary

INSTALL_HINT = "pip install '.[plot]' from a checkout of cardrules"


def available() -> bool:
    """Whether matplotlib can be imported."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):
        return False


#: The most points the pool panel draws per rule set: beyond it, deals are taken in bins.
MAX_POINTS = 250


def binned(values: Sequence[float], width: int) -> list[tuple[int, float, float, float]]:
    """``values`` in consecutive bins of ``width``: for each bin, the number of its last
    value (counting from 1), the mean of its values, and its lower and upper quartiles
    (the middle half of its values lies between them).

    >>> binned([1, 3, 2, 8, 5], 2)
    [(2, 2.0, 1, 3), (4, 5.0, 2, 8), (5, 5.0, 5, 5)]
    >>> binned([4, 1, 3, 2, 9, 5, 6, 7], 8)
    [(8, 4.625, 2, 7)]
    """
    out = []
    for start in range(0, len(values), width):
        part = sorted(values[start : start + width])
        k = len(part)
        out.append((start + k, sum(part) / k, part[(k - 1) // 4], part[k - 1 - (k - 1) // 4]))
    return out


def bin_width(deals: int) -> int:
    """Deals per bin of the pool panel: 1 up to :data:`MAX_POINTS` deals, then a round
    number (1, 2 or 5 times a power of ten) that keeps the bins at most that many.

    >>> bin_width(200), bin_width(3000), bin_width(1_000_000)
    (1, 20, 5000)
    """
    need = math.ceil(deals / MAX_POINTS)
    if need <= 1:
        return 1
    power: int = 10 ** math.floor(math.log10(need))
    return next(k * power for k in (1, 2, 5, 10) if k * power >= need)


def cumulative_nets(summary: Summary) -> list[list[int]]:
    """Each seat's running total of counters (or points) after every deal.

    >>> import cardrules
    >>> from cardrules.tools.simulate import simulate
    >>> s = simulate(cardrules.load_variant("irish-loo"), 3, 40, seed=1, series=True)
    >>> [c[-1] for c in cumulative_nets(s)] == list(s.net)
    True
    """
    return [list(accumulate(net[seat] for net in summary.nets)) for seat in range(summary.players)]


def plot(summaries: Sequence[Summary], path: str) -> None:
    """Two panels: the pool played for at each deal (for points games, the points scored)
    and each seat's net over the deals; one line style per rule set. Past
    :data:`MAX_POINTS` deals the upper panel shows the mean of each bin of deals, with a
    band from the smallest to the largest, and says so. The summaries must have been
    made with ``series=True``.

    Raises ``ModuleNotFoundError`` when matplotlib is not installed.
    """
    matplotlib: Any = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    plt: Any = importlib.import_module("matplotlib.pyplot")
    styles = ("-", "--", ":", "-.")
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    fig, (top, bottom) = plt.subplots(
        2, 1, figsize=(11, 8), sharex=True, gridspec_kw={"height_ratios": [1, 1.3]}
    )
    points = all(s.points for s in summaries)
    width = bin_width(max(s.deals for s in summaries))
    tops: list[list[float]] = []
    for k, s in enumerate(summaries):
        leaders = [side[0] for side in s.sides]
        values = (
            [float(sum(n[i] for i in leaders)) for n in s.nets]
            if points
            else [float(p) for p in s.pools]
        )
        bins = binned(values, width)
        x = [b[0] for b in bins]
        mean = [b[1] for b in bins]
        colour = colours[(k * 3) % len(colours)]
        tag = f"{'AB'[k] + ': ' if len(summaries) > 1 else ''}{s.label}"
        top.plot(x, mean, styles[k % 4], lw=0.9, color=colour, label=tag)
        if width > 1:
            low, high = [b[2] for b in bins], [b[3] for b in bins]
            top.fill_between(x, low, high, color=colour, alpha=0.15, lw=0, step="pre")
            tops.append([v for v in low + high if v > 0])
        else:
            tops.append(mean)
    log = not points and _spread(tops) > 50
    if log:
        top.set_yscale("log")
    what = "points scored per deal" if points else "pool played for"
    shown = (
        f"{what}: each deal"
        if width == 1
        else f"{what}: mean of each {width} deals (band: the middle half of them)"
    )
    top.set_ylabel(f"{what}{' (log scale)' if log else ''}")
    top.text(0.99, 0.97, shown, transform=top.transAxes, ha="right", va="top", fontsize=8)
    top.set_title(_title(summaries), fontsize=10)
    top.legend(loc="upper left", fontsize=8)
    top.grid(alpha=0.3)
    totals = []
    for k, s in enumerate(summaries):
        # A point every ``width`` deals (and the last): no more than the eye can see.
        at = sorted({*range(width - 1, s.deals, width), s.deals - 1}) if s.deals else []
        runs = cumulative_nets(s)
        for side in s.sides:
            seat, running = side[0], runs[side[0]]
            totals.append(max((abs(v) for v in running), default=0))
            tag = f"{'AB'[k]} " if len(summaries) > 1 else ""
            who = f"seats {', '.join(map(str, side))}" if len(side) > 1 else f"seat {seat}"
            bottom.plot(
                [i + 1 for i in at],
                [running[i] for i in at],
                styles[k % 4],
                lw=0.9,
                color=colours[seat % len(colours)],
                label=f"{tag}{who}",
            )
    sides, start = [], 0
    for s in summaries:
        sides.append(max(totals[start : start + len(s.sides)], default=0))
        start += len(s.sides)
    linthresh = 0.0
    symlog = len(sides) > 1 and min(sides) > 0 and max(sides) > 20 * min(sides)
    if symlog:  # the smaller side's range drawn linearly, the larger beyond it in decades
        linthresh = 10.0 ** max(1, math.ceil(math.log10(min(sides))))
        bottom.set_yscale("symlog", linthresh=linthresh, linscale=1.5)
        ticks = [0.0]
        step = linthresh / 2
        while step <= max(sides) * 1.5:
            ticks += [step, -step]
            step *= 2 if step < linthresh else 10
        bottom.set_yticks(sorted(ticks), [f"{t:,.0f}" for t in sorted(ticks)])
    bottom.axhline(0, color="black", lw=0.5)
    scale = f" (log scale beyond ±{linthresh:.0f})" if symlog else ""
    bottom.set_ylabel(f"{'points' if points else 'net counters'}, running total{scale}")
    bottom.set_xlabel("deal")
    bottom.legend(loc="upper left", fontsize=8, ncol=len(summaries))
    bottom.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _spread(series: Sequence[Sequence[float]]) -> float:
    values = [v for y in series for v in y if v > 0]
    return max(values) / min(values) if values else 1.0


def _title(summaries: Sequence[Summary]) -> str:
    s = summaries[0]
    names = " against ".join(x.label for x in summaries)
    return (
        f"{names}: {s.players} players, bots {','.join(sorted(set(s.bots)))}, "
        f"seed {s.seed}, {s.deals} deals"
    )
