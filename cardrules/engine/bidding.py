"""Bids and contracts: the bidding phase of a deal, and what each bid scores.

With ``bidding.enabled`` a deal bids after it is dealt and before its first card is
played: each player in the order of play (from the dealer's left, the dealer last) bids
once a number of tricks from 0 to the number of tricks, in public (1.7.4). The hook
(``bidding.hook``, D64) bars the dealer from the bid that makes the bids add up to the
number of tricks; when the others have bid more than that already nothing is barred (D65).
Then the first leader leads. At the end each seat scores by ``settlement.contract``
(1.7.6): ``per_trick`` a trick taken and ``bonus`` more for exactly the tricks bid, and a
missed bid as ``missed`` says.

>>> from cardrules.rules.model import Rules
>>> legal_bids(Rules(), tricks=1, others=[0, 1], last=True)  # 0 + 1 + b = 1 is barred
[1]
>>> from cardrules.rules.contracts import Contract
>>> contract_points(Contract(), bids=[0, 1, 1], won=[0, 1, 0])
[10, 11, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardrules.engine.actions import BID
from cardrules.engine.offer import Offer
from cardrules.engine.phases import BID as BID_PHASE
from cardrules.engine.phases import PLAY
from cardrules.rules.contracts import Contract
from cardrules.rules.model import BidHook, ContractMiss, Rules

if TYPE_CHECKING:
    from cardrules.engine.state import DealState

__all__ = ["apply_bid", "contract_points", "legal_bid", "legal_bids", "open_bidding"]


def legal_bids(rules: Rules, *, tricks: int, others: Sequence[int], last: bool) -> list[int]:
    """The bids (numbers of tricks) open to a seat when ``others`` have bid and ``tricks``
    tricks are played; ``last`` when he bids last (the dealer), bound by the hook.

    >>> from cardrules.rules.model import Rules
    >>> legal_bids(Rules(), tricks=2, others=[2, 1, 0], last=True)  # overbid: none barred
    [0, 1, 2]
    """
    bids = list(range(tricks + 1))
    hook = rules.bidding.hook
    if not last or hook is BidHook.NONE:
        return bids
    if hook is BidHook.NOT_IN_ONE_CARD_DEAL and tricks == 1:
        return bids
    barred = tricks - sum(others)
    return [b for b in bids if b != barred]


def open_bidding(deal: DealState) -> None:
    """Begin the bidding of a deal whose players are set for the play: the first of them
    in the order of play bids first."""
    deal._decl.bids = [-1] * deal._n
    deal.phase = BID_PHASE
    deal.to_move = deal._play.actors[0]


def _bidders(deal: DealState) -> list[int]:
    """The seats that bid, in their order (the order of play from the first player)."""
    return deal._play.actors


def legal_bid(deal: DealState) -> Offer:
    """The bidding phase's legal actions: the bids open to the seat to move."""
    bidders = _bidders(deal)
    bids = deal._decl.bids
    seat = deal.to_move
    others = [bids[s] for s in bidders if s != seat and bids[s] >= 0]
    last = all(bids[s] >= 0 for s in bidders if s != seat)
    tricks = deal.rules.deal.hand_size
    open_bids = legal_bids(deal.rules, tricks=tricks, others=others, last=last)
    return Offer(seat, [], BID, open_bids)


def apply_bid(deal: DealState, action: int) -> None:
    """Record the bid of the seat to move; after the last bid the first leader leads."""
    bids = deal._decl.bids
    bids[deal.to_move] = action - BID
    for seat in _bidders(deal):
        if bids[seat] < 0:
            deal.to_move = seat
            return
    play = deal._play
    deal.phase = PLAY
    deal.to_move = play.actors[play.turn_pos]


def contract_points(contract: Contract, *, bids: Sequence[int], won: Sequence[int]) -> list[int]:
    """Each seat's points for its bid and the tricks it won (1.7.6, D67, D68).

    >>> from cardrules.rules.model import ContractMiss
    >>> c = Contract(per_trick=2, missed=ContractMiss.MINUS_DIFF)
    >>> contract_points(c, bids=[2, 1, 0, 1], won=[0, 0, 1, 1])
    [-4, -2, -2, 12]
    """
    p = contract.per_trick
    out = []
    for b, t in zip(bids, won, strict=False):
        if t == b:
            out.append(p * t + contract.bonus)
        elif contract.missed is ContractMiss.TRICKS:
            out.append(p * t)
        elif contract.missed is ContractMiss.MINUS_DIFF:
            out.append(-p * abs(t - b))
        elif contract.missed is ContractMiss.ZERO:
            out.append(0)
        else:
            out.append(-p * b)
    return out
