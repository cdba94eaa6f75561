"""Bids: the bidding phase of a deal.

With ``bidding.enabled`` a deal bids after it is dealt and before its first card is
played: each player in the order of play (from the dealer's left, the dealer last) bids
once a number of tricks from 0 to the number of tricks, in public (1.7.4). The hook
(``bidding.hook``, D64) bars the dealer from the bid that makes the bids add up to the
number of tricks; when the others have bid more than that already nothing is barred (D65).
Then the first leader leads. What the contracts score at the end is
:mod:`~cardrules.engine.contractpoints`. With ``bidding.side_cap`` two partners may not bid
more than it together (F2.1.5).

>>> from cardrules.rules.model import Rules
>>> legal_bids(Rules(), tricks=1, others=[0, 1], last=True)  # 0 + 1 + b = 1 is barred
[1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardrules.engine.actions import BID
from cardrules.engine.offer import Offer
from cardrules.engine.phases import BID as BID_PHASE
from cardrules.engine.phases import PLAY
from cardrules.rules.applies import side_contracts
from cardrules.rules.model import BidHook, Rules

if TYPE_CHECKING:
    from cardrules.engine.state import DealState

__all__ = ["apply_bid", "legal_bid", "legal_bids", "open_bidding"]


def legal_bids(
    rules: Rules, *, tricks: int, others: Sequence[int], last: bool, partner: int = -1
) -> list[int]:
    """The bids (numbers of tricks) open to a seat when ``others`` have bid and ``tricks``
    tricks are played; ``last`` when he bids last (the dealer), bound by the hook;
    ``partner`` his partner's bid (-1: none yet), with which his may not pass
    ``bidding.side_cap`` (F2.1.5).

    >>> from cardrules.rules.model import Rules
    >>> legal_bids(Rules(), tricks=2, others=[2, 1, 0], last=True)  # overbid: none barred
    [0, 1, 2]
    >>> from cardrules.rules.contracts import Bidding
    >>> capped = Rules(bidding=Bidding(enabled=True, side_cap=13))
    >>> legal_bids(capped, tricks=13, others=[9], last=False, partner=9)
    [0, 1, 2, 3, 4]
    """
    cap = rules.bidding.side_cap
    most = tricks if cap is None else min(tricks, cap - max(partner, 0))
    bids = list(range(most + 1))
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
    partner = bids[(seat + 2) % deal._n] if side_contracts(deal.rules) else -1
    open_bids = legal_bids(deal.rules, tricks=tricks, others=others, last=last, partner=partner)
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
