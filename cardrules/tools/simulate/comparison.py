"""Two rule sets compared: :class:`Comparison`, the differences ``b - a`` of each
statistic with their confidence intervals, session ``i`` of one paired with session
``i`` of the other (both dealt from the same seeds: common random numbers).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.tools.simulate.estimates import (
    Estimate,
    Metric,
    is_nothing,
    paired_difference,
    ratio,
    unpaired,
)
from cardrules.tools.simulate.summary import Summary
from cardrules.tools.simulate.text import bots_text, diff_text, mean_text, plain


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
            if is_nothing(ea) and is_nothing(eb):
                continue
            if m.num == mb.num and m.den == mb.den:
                d = paired_difference(self.a.units, self.b.units, m.num, m.den)
            else:  # different layouts (hand sizes): unpaired
                d = unpaired(ea, eb)
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
            f"  {'':<34} {'A':>10} {'B':>10}   B - A [95% CI]",
        ]
        for m, ea, eb, d in self.differences():
            if m.key in ("dealt_flush",) and not (a.hands_dealt or b.hands_dealt):
                continue
            sign = m.signed
            lines.append(
                f"  {m.label:<34} {mean_text(ea, sign):>10} {mean_text(eb, sign):>10}"
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
