"""Why an action is refused: the rule, in words, and what the player may do instead.

The engine refuses an illegal action with :class:`~cardrules.errors.IllegalActionError`
whose message names the rule ("must head the trick with a higher diamond: QD"),
and the state is left as it was. The reasons are worked out here, only when an
action is refused, so they cost nothing in play.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import NO_TRUMP, card_text, sorted_cards
from cardrules.engine import actions as A
from cardrules.engine.actions import action_text, exchange_cards
from cardrules.engine.phases import BID, DECLARE, OVER, PARTNER, PLAY
from cardrules.engine.view import DealView
from cardrules.errors import GameOverError, IllegalActionError
from cardrules.rules.applies import civil_call_needed, civility_owed, throwing_up_allowed


def refusal(deal: DealView, a: int, legal: Sequence[int]) -> Exception:
    """The error for action ``a``, which the rules refuse now (``legal`` are the legal
    actions), saying why and what is legal."""
    if deal.phase == OVER:
        return GameOverError("the deal is over: no more actions")
    try:
        text = action_text(a)
    except ValueError:
        text = str(a)
    return IllegalActionError(
        seat=deal.to_move,
        action=text,
        reason=reason(deal, a, legal),
        legal=[action_text(x) for x in legal],
    )


def reason(deal: DealView, a: int, legal: Sequence[int]) -> str:
    """Why the rules refuse action ``a`` now, in the words of the rule."""
    if deal.phase == PLAY and A.is_civil(a):
        return civil_call_reason(deal, a)
    if deal.phase == PLAY and A.is_play(a):
        c = a - A.PLAY
        hand = deal.hand(deal.in_play[deal.turn_pos])
        if c not in hand:
            return f"{card_text(c)} is not in the hand"
        legal_cards = [x - A.PLAY for x in legal if A.is_play(x)]
        shown = " or ".join(card_text(x) for x in sorted_cards(legal_cards))
        if deal.trick_cards:
            if _civil(deal, c):
                return "Pam must be civil: the ace of trumps was led"
            return follow_reason(deal, hand, legal_cards, shown)
        return f"the leader must lead {shown}"
    if deal.phase == BID:
        return bid_reason(deal, a, legal)
    if A.is_bid(a):
        return f"no bid is made in the {deal.phase.word} phase"
    if deal.phase == DECLARE:
        return declare_reason(deal, a)
    if deal.phase == PARTNER:
        if a >= A.DISCARD and a < A.EXCHANGE:
            return "the receiver must lay out his worst card"
        if A.GIVE <= a < A.DISCARD:
            return "a partner gives his best card"
    if A.is_play(a) or A.is_civil(a):
        return f"no card is played in the {deal.phase.word} phase"
    return f"it is the {deal.phase.word} phase"


def _civil(deal: DealView, c: int) -> bool:
    """Whether ``c`` is Pam, refused because the ace of trumps was led, with the call
    "Pam, be civil" where civility needs it (1.2.8)."""
    tb = deal.tables
    trump = deal.trump
    r = deal.rules
    return (
        trump != NO_TRUMP
        and c == tb.promoted[trump]
        and deal.trick_cards[0] == tb.ace_of[trump]
        and civility_owed(r)
        and (deal.civil_called or not civil_call_needed(r))
    )


def civil_call_reason(deal: DealView, a: int) -> str:
    """Why leading an ace with the call "Pam, be civil" is refused."""
    tb = deal.tables
    if not tb.civil_call:
        if not civility_owed(deal.rules):
            return 'these rules have no call "Pam, be civil"'
        return "civility needs no call in these rules: lead the ace of trumps without it"
    if deal.trick_cards:
        return '"Pam, be civil" is called only by the leader, as he leads the ace of trumps'
    if deal.trump == NO_TRUMP or A.civil_card(a) != tb.ace_of[deal.trump]:
        return '"Pam, be civil" is called only with the ace of trumps'
    hand = deal.hand(deal.in_play[deal.turn_pos])
    if A.civil_card(a) not in hand:
        return f"{card_text(A.civil_card(a))} is not in the hand"
    return f"the leader may not lead {card_text(A.civil_card(a))} now"


def bid_reason(deal: DealView, a: int, legal: Sequence[int]) -> str:
    """Why a bid is refused: a number past the tricks, or the dealer's hook (1.7.4, D64)."""
    if not A.is_bid(a):
        return "every player bids before the play: bid a number of tricks"
    tricks = deal.rules.deal.hand_size
    if a - A.BID > tricks:
        return f"a bid is 0 to {tricks} tricks"
    made = sum(b for b in deal.bids if b >= 0)
    return (
        f"the dealer may not make the bids add up to the {tricks} tricks (the others bid "
        f"{made}): {', '.join(A.action_text(x) for x in legal)}"
    )


def declare_reason(deal: DealView, a: int) -> str:
    """Why a declaration is refused."""
    r = deal.rules
    if A.is_exchange(a):
        if not deal.tables.exchanges:
            return "these rules have no exchange"
        if deal.exchanged[deal.to_move] >= 0:
            return "no second exchange is allowed"
        if deal.drawing == 1:
            return "the exchanges are made once everybody has declared"
        cards = exchange_cards(a)
        if any(c not in deal.hand(deal.to_move) for c in cards):
            return "only cards in the hand may be exchanged"
        if deal.turnup in cards and deal.tables.kept_turnup:
            return "the dealer may not exchange the turn-up"
        cap = deal.tables.caps[deal.players]
        if len(cards) > cap:
            return f"at most {cap} cards may be exchanged at a table of {deal.players}"
        return "the stock is too small for that exchange"
    if a == A.TAKE_MISS:
        return "the miss has been taken" if deal.miss_taker >= 0 else "there is no miss"
    if a == A.THROW_UP:
        if deal.drawing == 2:
            return "everybody has declared: stand pat or exchange"
        if not throwing_up_allowed(r):
            return "these rules do not allow throwing up"
        if deal.turnup in deal.tables.binding_turnups:
            return "an ace is turned up: the dealer must play"
        return (
            "the dealer facing a lone stander must stand, take the miss or play the "
            "miss for the pool"
        )
    if a == A.PLAY_MISS:
        return "only the dealer facing a lone stander, the miss untaken, plays the miss"
    if A.is_play(a) or A.is_civil(a):
        return "no card is played until everyone has declared"
    return "that is not a declaration"


def follow_reason(deal: DealView, hand: Sequence[int], legal_cards: list[int], shown: str) -> str:
    """Why a card is refused to a trick in progress."""
    es = deal.tables.suit[deal.trump]
    led = es[deal.trick_cards[0]]
    suit_name = ("spade", "heart", "diamond", "club", "card")[led if led < 4 else 4]
    if legal_cards and all(es[c] == led for c in legal_cards):
        if (
            any(
                deal.tables.power[deal.trump][c] > deal.tables.power[deal.trump][deal.best]
                for c in legal_cards
            )
            and es[deal.best] == led
        ):
            return f"must head the trick with a higher {suit_name}: {shown}"
        return f"must follow suit: {shown}"
    if legal_cards and deal.trump != NO_TRUMP and all(es[c] == deal.trump for c in legal_cards):
        return f"void in the suit led, must trump to head the trick: {shown}"
    return f"may play {shown}"
