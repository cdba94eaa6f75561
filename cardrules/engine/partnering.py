"""The partners' passing phase (Four-Handed Put, 1.6.3-1.6.4): before the play, each pair of
partners decides who plays; the other gives him one card and lays the rest of his hand
aside, and the receiver discards one card so that he again holds a hand's worth.

The phase runs in two steps for each pair, the elder pair first: the seat to move either
says it will receive (and the turn passes to its partner) or gives a card; the receiver
then discards. ``partnerships.pass_card`` may bind the giver to his best card and
``partnerships.receiver_discard`` the receiver to his worst. After both pairs the
remaining players play as if they had all stood.

>>> import cardrules
>>> from cardrules.engine import actions as A
>>> from cardrules.engine.actions import action_text
>>> s = cardrules.new_session("put-four-handed", seed=2, dealer=3)  # seat 0 first
>>> offer = legal_partner(s.deal)
>>> [action_text(a) for a in offer.words], offer.kind == A.GIVE, set(offer.cards) <= set(s.hand(0))
(['receive'], True, True)
"""

from __future__ import annotations

from cardrules.engine import actions as A
from cardrules.engine.offer import Offer
from cardrules.engine.phases import OUT
from cardrules.engine.state import DealState
from cardrules.engine.transitions import after_declarations, discard, stand_all
from cardrules.rules.model import PassCard, ReceiverDiscard

__all__ = ["apply_partner", "legal_partner"]


def legal_partner(deal: DealState) -> Offer:
    """The passing phase's legal actions, by kind: for a receiver who must
    discard, his cards (or his worst ones); else the cards he may give (all, or his best),
    and to receive instead where his partner has not chosen yet."""
    seat = deal.to_move
    hand = deal._cards.hands[seat]
    rules = deal.rules.partnerships
    if deal._partnering.pending_discard == seat:
        if rules.receiver_discard == ReceiverDiscard.WORST:
            hand = sorted(deal._tables.extremes(hand, low=True))
        return Offer(seat, [], A.DISCARD, hand)
    gives = hand
    if rules.pass_card == PassCard.BEST:
        gives = sorted(deal._tables.extremes(hand, low=False))
    words = [A.RECEIVE] if deal._partnering.step % 2 == 0 else []
    return Offer(seat, words, A.GIVE, gives)


def apply_partner(deal: DealState, action: int) -> None:
    """The seat to move receives, gives a card or discards one; after both pairs have
    passed, the play opens."""
    seat = deal.to_move
    partner = (seat + 2) % deal._n
    partnering = deal._partnering
    hands = deal._cards.hands
    if action == A.RECEIVE:
        deal.to_move = partner
        partnering.step += 1
        return
    if action >= A.DISCARD:
        card = action - A.DISCARD
        hands[seat].remove(card)
        discard(deal, seat, [card])
        partnering.pending_discard = -1
        partnering.step = (partnering.step // 2 + 1) * 2
        if partnering.step >= 4:
            stand_all(deal)
            after_declarations(deal)
        else:
            deal.to_move = deal._order[1]
        return
    card = action - A.GIVE
    hands[seat].remove(card)
    hands[partner].append(card)
    hands[partner].sort()
    partnering.givers.append(seat)
    deal._decl.status[seat] = OUT
    discard(deal, seat, hands[seat])  # his other cards go face down
    hands[seat] = []
    partnering.pending_discard = partner
    deal.to_move = partner
    if partnering.step % 2 == 0:
        partnering.step += 1
