"""What contracts score once a deal is played out (``settlement.contract``).

Each seat's bid is his contract (``contract.by: player``, Oh Hell, 1.7.6), or his side's,
the partners' bids added and their tricks counted together (``side``, Spades, F2.1.8). A
contract is made with exactly the tricks bid (``made: exact``) or at least them
(``at_least``): made, it scores ``per_trick`` for each trick bid, ``overtrick`` for each
trick over, and ``bonus`` when exactly made; missed, what ``missed`` says. A bid of no
tricks is a nil where ``contract.nil`` gives it points: that many to its bidder if he takes
no trick, as many less if he takes any; his tricks still count for his side. Overtricks
are bags where ``contract.bag_limit`` counts them: each time they reach the limit, counted
on from the last digits of the running score (``bags``: the remainder of the score by the
limit, truncated towards zero as OpenSpiel's C++ ``%`` gives it), ``bag_penalty`` is lost.

Spades: North-South bid 4 and 3 and take 8 tricks, one of them a bag; East-West bid nil
and 5, the nil bidder takes none and his partner 5.

>>> from cardrules.rules.model import ContractBy, ContractMade, ContractMiss
>>> from cardrules.rules.contracts import Contract
>>> spades = Contract(per_trick=10, bonus=0, missed=ContractMiss.MINUS_BID,
...     by=ContractBy.SIDE, made=ContractMade.AT_LEAST, overtrick=1, nil=100,
...     bag_limit=10, bag_penalty=100)
>>> contract_points(spades, bids=[4, 0, 3, 5], won=[5, 0, 3, 5], bags=[0, 0, 0, 0])
[71, 150, 71, 150]
>>> contract_points(spades, bids=[4, 0, 3, 5], won=[5, 0, 3, 5], bags=[9, 0, 9, 0])
[-29, 150, -29, 150]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardrules.rules.contracts import Bidding, Contract
from cardrules.rules.model import ContractBy, ContractMade, ContractMiss

__all__ = ["bag_residue", "contract_bounds", "contract_points", "contract_score"]


def _truncated(a: int, b: int) -> int:
    """``a / b`` rounded towards zero (C++ integer division)."""
    q = abs(a) // b
    return q if a >= 0 else -q


def bag_residue(score: int, limit: int) -> int:
    """The bags a running ``score`` carries: its remainder by ``limit``, with the sign of
    the score (C++ ``%``).

    >>> bag_residue(99, 10), bag_residue(-99, 10), bag_residue(230, 10)
    (9, -9, 0)
    """
    return score - limit * _truncated(score, limit)


def contract_score(c: Contract, bid: int, tricks: int, bags: int = 0) -> int:
    """What a contract of ``bid`` tricks scores with ``tricks`` taken, ``bags`` carried in.

    >>> contract_score(Contract(), 2, 2), contract_score(Contract(), 2, 3)
    (12, 3)
    """
    p = c.per_trick
    made = tricks == bid if c.made is ContractMade.EXACT else tricks >= bid
    if made:
        over = tricks - bid
        points = p * bid + c.overtrick * over + (c.bonus if over == 0 else 0)
        if c.bag_limit and c.bag_penalty:
            points -= c.bag_penalty * _truncated(bags + over, c.bag_limit)
        return points
    if c.missed is ContractMiss.TRICKS:
        return p * tricks
    if c.missed is ContractMiss.MINUS_DIFF:
        return -p * abs(tricks - bid)
    if c.missed is ContractMiss.ZERO:
        return 0
    return -p * bid


def _nil(c: Contract, tricks: int) -> int:
    return c.nil if tricks == 0 else -c.nil


def contract_points(
    c: Contract, *, bids: Sequence[int], won: Sequence[int], bags: Sequence[int] = ()
) -> list[int]:
    """Each seat's points for the contracts of a deal: its own, or its side's (partners
    sit opposite, seats ``s`` and ``s + 2``), given the bids, the tricks each seat won and
    the bags each carries in (none when empty).

    >>> from cardrules.rules.model import ContractMiss
    >>> c = Contract(per_trick=2, missed=ContractMiss.MINUS_DIFF)
    >>> contract_points(c, bids=[2, 1, 0, 1], won=[0, 0, 1, 1])
    [-4, -2, -2, 12]
    """
    n = len(bids)
    carried = list(bags) or [0] * n
    if c.by is ContractBy.PLAYER:
        return [
            _nil(c, t) if c.nil and b == 0 else contract_score(c, b, t, carried[s])
            for s, (b, t) in enumerate(zip(bids, won, strict=True))
        ]
    out = [0] * n
    for first in range(n // 2):
        side = (first, first + n // 2)
        points = sum(_nil(c, won[s]) for s in side if c.nil and bids[s] == 0)
        points += contract_score(
            c, sum(bids[s] for s in side), sum(won[s] for s in side), carried[first]
        )
        for s in side:
            out[s] = points
    return out


@functools.lru_cache(maxsize=64)
def contract_bounds(c: Contract, tricks: int, bidding: Bidding) -> tuple[int, int]:
    """The least and most a seat scores for the contracts of one deal of ``tricks``
    tricks, over every bid the rules allow, every number of tricks taken and any bags
    carried in (each its own, or his side's with his partner's).

    >>> from cardrules.rules.model import ContractMiss
    >>> contract_bounds(Contract(), 5, Bidding(enabled=True))  # 0, or 5 tricks and 10
    (0, 15)
    >>> from cardrules.rules.model import ContractBy, ContractMade
    >>> spades = Contract(per_trick=10, bonus=0, missed=ContractMiss.MINUS_BID,
    ...     by=ContractBy.SIDE, made=ContractMade.AT_LEAST, overtrick=1, nil=100,
    ...     bag_limit=10, bag_penalty=100)
    >>> contract_bounds(spades, 13, Bidding(enabled=True, side_cap=13))
    (-389, 230)
    """
    k = tricks
    # The bags carried in count only through the penalties they bring on, which grow
    # with them: the extremes and none suffice.
    limit = c.bag_limit if c.bag_limit and c.bag_penalty else 0
    residues = (0,) if not limit else (-(limit - 1), 0, limit - 1)
    scores: list[int] = []
    if c.by is ContractBy.PLAYER:
        for b in range(k + 1):
            for t in range(k + 1):
                for r in residues:
                    scores.append(_nil(c, t) if c.nil and b == 0 else contract_score(c, b, t, r))
        return min(scores), max(scores)
    cap = k if bidding.side_cap is None else bidding.side_cap
    for b1 in range(k + 1):
        for b2 in range(min(k, cap - b1) + 1 if b1 <= cap else 0):
            for total in range(k + 1):
                # A nil scores by whether its bidder took a trick: the split of the side's
                # tricks matters only so far.
                splits = {(0, total), (total, 0), (1, total - 1) if total >= 2 else (0, total)}
                for t1, t2 in splits:
                    for r in residues:
                        points = sum(
                            _nil(c, t) for b, t in ((b1, t1), (b2, t2)) if c.nil and b == 0
                        )
                        scores.append(points + contract_score(c, b1 + b2, total, r))
    return min(scores), max(scores)
