"""Pictures of simulations: the pool over the deals, and each seat's net over the deals.

Needs matplotlib, an optional extra (``pip install cardrules[plot]``); the
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

INSTALL_HINT = "pip install cardrules[plot]"


def available() -> bool:
    """Whether matplotlib can be imported."""
    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):
        return False


def rolling_mean(values: Sequence[float], width: int) -> list[float]:
    """The mean of each value and up to ``width - 1`` values before it.

    >>> rolling_mean([1, 2, 3, 4], 2)
    [1.0, 1.5, 2.5, 3.5]
    """
    sums = [0.0, *accumulate(float(v) for v in values)]
    return [
        (sums[i + 1] - sums[max(0, i + 1 - width)]) / min(width, i + 1) for i in range(len(values))
    ]


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
    """Two panels: the pool played for at each deal (for points games, the points scored,
    a running mean over 50 deals) and each seat's net over the deals; one line style per
    rule set. The summaries must have been made with ``series=True``.

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
    tops: list[list[float]] = []
    for k, s in enumerate(summaries):
        x = range(1, s.deals + 1)
        y = rolling_mean([sum(n) for n in s.nets], 50) if points else [float(p) for p in s.pools]
        tops.append(y)
        top.plot(
            x,
            y,
            styles[k % 4],
            lw=0.8,
            color=colours[(k * 3) % len(colours)],
            label=f"{'AB'[k] + ': ' if len(summaries) > 1 else ''}{s.label}",
        )
    log = not points and _spread(tops) > 50
    if log:
        top.set_yscale("log")
    top.set_ylabel(
        "points per deal (mean of 50)"
        if points
        else f"pool played for{' (log scale)' if log else ''}"
    )
    top.set_title(_title(summaries), fontsize=10)
    top.legend(loc="upper left", fontsize=8)
    top.grid(alpha=0.3)
    totals = []
    for k, s in enumerate(summaries):
        x = range(1, s.deals + 1)
        for seat, running in enumerate(cumulative_nets(s)):
            totals.append(max((abs(v) for v in running), default=0))
            tag = f"{'AB'[k]} " if len(summaries) > 1 else ""
            bottom.plot(
                x,
                running,
                styles[k % 4],
                lw=0.9,
                color=colours[seat % len(colours)],
                label=f"{tag}seat {seat}",
            )
    sides = [
        max(totals[k * s.players : (k + 1) * s.players], default=0) for k, s in enumerate(summaries)
    ]
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
    bottom.set_ylabel(f"net {'points' if points else 'counters'}, running total{scale}")
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
