"""Two rule sets compared: :class:`Comparison`, the differences ``b - a`` of each
statistic with their confidence intervals, session ``i`` of one paired with session
``i`` of the other (both dealt from the same seeds: common random numbers).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.tools.simulate.estimates import Estimate, Metric, is_nothing, unpaired
from cardrules.tools.simulate.stream import Cross, paired
from cardrules.tools.simulate.summary import Summary
from cardrules.tools.simulate.text import bots_text, diff_text, mean_text, plain


@attrs.frozen
class Comparison:
    """Two rule sets played on the same seeded deals by the same bots, and the differences
    ``b - a`` of each statistic with their confidence intervals (sessions paired).

    ``cross`` holds the sums of products of the two sides' paired sessions (see
    :mod:`~cardrules.tools.simulate.stream`); a statistic without them is compared as
    if the two sides were independent.
    """

    a: Summary
    b: Summary
    cross: dict[str, Cross] = attrs.field(factory=dict, repr=False, eq=False)

    def differences(self) -> list[tuple[Metric, Estimate, Estimate, Estimate]]:
        """Each statistic both sides have: (metric, estimate a, estimate b, b - a)."""
        keys_b = {m.key for m in self.b.metrics()}
        out = []
        for m in self.a.metrics():
            if m.key not in keys_b:
                continue
            ea, eb = self.a.estimate(m.key), self.b.estimate(m.key)
            if is_nothing(ea) and is_nothing(eb):
                continue
            cross = self.cross.get(m.key)
            d = (
                paired(self.a.moments[m.key], self.b.moments[m.key], cross)
                if cross is not None
                else unpaired(ea, eb)
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
            "difference_is": "b - a",
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
            f"{a.players} players, bots {bots_text(a.bots)}, seed {a.seed}, "
            f"{a.deals} deals each; A in {a.sessions} sessions, B in {b.sessions}; "
            "sessions paired by seed (95% CIs over sessions)",
            f"B - A: B's figure less A's, the change from playing {a.label} to playing "
            f"{b.label} (+: more under B)",
            f"  {'':<34} {'A':>10} {'B':>10}   B - A [95% CI]",
        ]
        for m, ea, eb, d in self.differences():
            if m.key in ("dealt_flush",) and not (a.hands_dealt or b.hands_dealt):
                continue
            label = _side_label(a, m)
            if label is None:  # a partner's figures: his side's, shown once
                continue
            sign = m.signed
            lines.append(
                f"  {label:<34} {mean_text(ea, sign):>10} {mean_text(eb, sign):>10}"
                f"   {diff_text(d)}"
            )
        if not (a.points or b.points):
            lines.append(
                f"  {'pool played for (median)':<34} {plain(a.median_pool):>10} "
                f"{plain(b.median_pool):>10}"
            )
            lines.append(
                f"  {'pool played for (largest)':<34} {a.largest_pool:>10} {b.largest_pool:>10}"
            )
        return "\n".join(lines)


def _side_label(s: Summary, m: Metric) -> str | None:
    """A seat's row as its side's when seats play in partnerships (``None`` for every
    partner but the first); any other row's label as it is."""
    kind, _, seat = m.key.partition(" ")
    if not s.partnerships or kind not in ("net", "wins") or not seat.isdigit():
        return m.label
    for k, side in enumerate(s.sides):
        if side[0] == int(seat):
            what = "points per deal" if kind == "net" else "share of games won"
            return f"side {k} {what}"
    return None
