"""Special hands: the flush, which sweeps the board without play (1.2.9).

A flush is a whole hand of one suit, the promoted card counting as a card of
any suit (five of a suit, or four and Pam). When several players hold one,
precedence follows ``special_hands.flush`` (D38-D41).

>>> from cardrules.rules.model import Rules, Promoted, DealSection
>>> from cardrules.cards import parse_card as C
>>> from cardrules.engine.tables import Tables
>>> tb = Tables(Rules(deal=DealSection(hand_size=5, miss=False), promoted=Promoted(card="JC")))
>>> flush_suit(tb, [C(t) for t in "JC 2H 5H 9H KH".split()], 0)
1
>>> flush_suit(tb, [C(t) for t in "2H 5H 9H KH AS".split()], 0), flush_suit(tb, [C("JC")], 0)
(-1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import NO_TRUMP
from cardrules.engine.tables import Tables
from cardrules.rules.model import FlushExactTie, FlushOrder, FlushSameClass


def flush_suit(tb: Tables, hand: Sequence[int], trump: int) -> int:
    """The suit of the flush in ``hand`` (natural suits 0-3), or -1 if it is none."""
    pam = tb.promoted[trump] if trump != NO_TRUMP else tb.promoted[NO_TRUMP]
    # The suit of the first card not the promoted one; -1 at the first of another suit.
    suit = -1
    for c in hand:
        if c != pam:
            s = c // 13
            if suit < 0:
                suit = s
            elif s != suit:
                return -1
    return suit


def flush_winners(
    tb: Tables, holders: Sequence[tuple[int, Sequence[int]]], trump: int
) -> list[int]:
    """Which of the flush ``holders`` win, in precedence order of the rules.

    ``holders`` are ``(seat, hand)`` in order from the elder hand. The result
    is one seat, or several when exactly equal flushes split the pool.
    """
    if not holders:
        return []
    rules = tb.rules.special_hands.flush
    pam = tb.promoted[trump]
    power = tb.power[trump]

    def klass(hand: Sequence[int]) -> int:
        s = flush_suit(tb, hand, trump)
        has_pam = pam >= 0 and pam in hand
        if rules.order is FlushOrder.PAM_FIRST:
            return 2 if has_pam else (1 if s == trump else 0)
        return 2 if s == trump else 0

    best = max(klass(h) for _, h in holders)
    field = [(seat, h) for seat, h in holders if klass(h) == best]
    if len(field) == 1:
        return [field[0][0]]
    if rules.same_class is FlushSameClass.PAM_THEN_ELDER:
        with_pam = [seat for seat, h in field if pam >= 0 and pam in h]
        return [with_pam[0] if with_pam else field[0][0]]
    if rules.same_class is FlushSameClass.ELDER_HAND:
        return [field[0][0]]

    def strength(hand: Sequence[int]) -> list[int]:
        return sorted((power[c] for c in hand), reverse=True)

    top = max(strength(h) for _, h in field)
    tied = [seat for seat, h in field if strength(h) == top]
    if len(tied) > 1 and rules.exact_tie is FlushExactTie.ELDER_HAND:
        return tied[:1]
    return tied
