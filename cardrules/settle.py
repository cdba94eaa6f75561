"""Settling a deal: the pool divided among the tricks, loos, flushes, and points.

Pure functions from what happened in a deal to who receives and pays what.
Amounts are whole counters; every function returns ``(receipts, payments,
carried)`` lists so that conservation is easy to check: what the seats paid
plus the pool played for equals what they received plus what is carried.

>>> shares = trick_shares(10, 3, carry_remainder=False)
>>> shares, sum(shares)
([4, 3, 3], 10)
"""

from __future__ import annotations

import attrs


def trick_shares(pool: int, tricks: int, *, carry_remainder: bool) -> list[int]:
    """Each trick's share of ``pool`` (1.1.14.1, D18).

    With ``carry_remainder`` the odd counters stay in the pool; otherwise the
    earliest tricks take one more each ("the winners of the first and second
    tricks have the preference").
    """
    base, rem = divmod(pool, tricks)
    if carry_remainder:
        return [base] * tricks
    return [base + (1 if i < rem else 0) for i in range(tricks)]


def split(amount: int, ways: int) -> list[int]:
    """``amount`` divided as nearly equally as can be, the first taking the odd counters.

    >>> split(7, 3)
    [3, 2, 2]
    """
    return trick_shares(amount, ways, carry_remainder=False)


@attrs.frozen
class DealResult:
    """What a deal came to. Seats are absolute (0 is the session's first seat).

    ``tricks`` holds each trick's winning seat, ``None`` for a tie, or ``-1``
    for the miss played for the pool. ``receipts`` and ``payments`` are what
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

    def to_json(self) -> dict[str, object]:
        """The result as a JSON-ready mapping."""
        return attrs.asdict(self)

