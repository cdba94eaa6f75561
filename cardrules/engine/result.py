"""What a deal came to: :class:`DealResult`.

>>> r = DealResult(dealer=0, trump="H", turn_up="2H", ended_by="play", net=(1, -1))
>>> DealResult.from_json(r.to_json()) == r
True
>>> sorted(r.to_json()) == sorted(a.name for a in attrs.fields(DealResult))  # every field
True
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["DealResult"]


@attrs.define(slots=True, eq=True)
class DealResult:
    """What a deal came to. Seats are absolute (0 is the session's first seat).

    A result is a value to read, not to change: sessions and their copies share it. (It
    is a plain slotted class rather than a frozen one because a deal's end is on the hot
    path of every simulation, and a frozen class costs twice as much to build.)

    ``tricks`` holds each trick's winning seat, ``None`` for a tie, or ``-1``
    for the miss played for the pool; ``shown`` the hands shown to all (flushes,
    exposed cards), by seat. ``receipts`` and ``payments`` are what
    each seat took from the pool and paid (loos, flushes), ``net`` its change
    in counters over the deal, its stake included; ``points`` the points scored
    in a points race. ``carried`` is the pool carried to the next deal before
    its stake; ``next_single`` whether that deal is a single.
    """

    dealer: int
    trump: str | None
    turn_up: str | None
    ended_by: str
    tricks: tuple[int | None, ...] = ()
    looed: tuple[int, ...] = ()
    net: tuple[int, ...] = ()
    receipts: tuple[int, ...] = ()
    payments: tuple[int, ...] = ()
    pool: int = 0
    carried: int = 0
    next_single: bool = False
    flush: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    restart: bool = False
    stood: tuple[int, ...] = ()
    shown: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready mapping (tuples as lists), written out field by field:
        a session's state holds every result it has had."""
        return {
            "dealer": self.dealer,
            "trump": self.trump,
            "turn_up": self.turn_up,
            "ended_by": self.ended_by,
            "tricks": list(self.tricks),
            "looed": list(self.looed),
            "net": list(self.net),
            "receipts": list(self.receipts),
            "payments": list(self.payments),
            "pool": self.pool,
            "carried": self.carried,
            "next_single": self.next_single,
            "flush": list(self.flush),
            "points": list(self.points),
            "restart": self.restart,
            "stood": list(self.stood),
            "shown": [[seat, list(cards)] for seat, cards in self.shown],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealResult:
        """Read :meth:`to_json` output (lists become tuples again)."""
        return cls(**{k: _frozen(v) for k, v in data.items()})


def _frozen(value: Any) -> Any:
    """Lists, nested too, as tuples (a module function: mypyc compiles no recursive
    closure in a method)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value
