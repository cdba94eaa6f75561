"""Cards barred by the play so far: the first card of the deal, the suit not yet broken, the
cards barred from the first trick (``leads.first_card``, ``leads.unbroken``,
``following.first_trick_barred``; Hearts and Spades, F1.1.5, F2.1.6).

The trick rules (:mod:`cardrules.engine.tricks`) say which cards may be led or played from
the hand and the trick; these narrow them by what has been played before:

1. the first card of the deal is the named card (``2C``), or with ``leads.first_card_suit``
   any card of its suit;
2. on the first trick the barred cards (hearts and ``QS``) may not go, unless the player
   may play nothing else;
3. a leader may not lead the unbroken suit (hearts) unless it is broken (a card of it or a
   breaker, ``QS``, has been played) or he holds nothing else; a leader whose other cards
   are all exempt (``leads.unbroken_exempt``) may lead it too.

:func:`card_bars` compiles them into one :data:`~cardrules.engine.duties.Duty`, or gives None
when the rules bar nothing.

>>> import cardrules
>>> from cardrules.cards import parse_card as C
>>> from cardrules.engine.duties import Moment
>>> from cardrules.engine.tables import tables_for
>>> bars = card_bars(tables_for(cardrules.load_variant("hearts")))
>>> hand = [C("2C"), C("AH"), C("QS")]
>>> bars(hand, hand, Moment(4, [], 4, 0, [1, 2, 3], -1, [], [], [])) == [C("2C")]
True
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import SUITS, parse_card
from cardrules.engine.duties import Duty, DutyTables, Moment
from cardrules.rules.applies import first_trick_bars
from cardrules.rules.model import Breaking

__all__ = ["card_bars", "card_set"]


def card_set(names: Sequence[str], pack: Sequence[int]) -> frozenset[int]:
    """The cards of ``pack`` that ``names`` name: a card (``QS``), or a suit (``H``) for
    each of its cards.

    >>> from cardrules.cards import card_text
    >>> sorted(card_text(c) for c in card_set(["QS", "C"], [0, 10, 48, 51]))  # 2S QS JC AC
    ['AC', 'JC', 'QS']
    """
    out: set[int] = set()
    for name in names:
        if len(name) == 1:
            out.update(c for c in pack if c // 13 == SUITS.index(name))
        else:
            out.add(parse_card(name))
    return frozenset(c for c in out if c in pack)


def card_bars(tb: DutyTables) -> Duty | None:
    """The bars of ``tb.rules`` as one duty, or None when there are none."""
    r = tb.rules
    leads = r.leads
    pack = tb.pack
    first = parse_card(leads.first_card) if leads.first_card else -1
    first_suit = leads.first_card_suit
    first_trick = card_set(r.following.first_trick_barred, pack) if first_trick_bars(r) else set()
    unbroken = SUITS.index(leads.unbroken) if leads.unbroken else -1
    never_broken = leads.breaking is Breaking.NEVER
    breakers = card_set(leads.breakers, pack)
    exempt = card_set(leads.unbroken_exempt, pack)
    if first < 0 and not first_trick and unbroken < 0:
        return None
    suit = tb.suit

    def broken(m: Moment) -> bool:
        if never_broken:
            return False
        es = suit[m.trump]
        return any(es[c] == unbroken or c in breakers for _, c in m.played)

    def bars(hand: list[int], allowed: list[int], m: Moment) -> list[int]:
        j = len(m.played)
        if j == 0 and first in hand:
            if first_suit:
                es = suit[m.trump]
                return [c for c in allowed if es[c] == es[first]]
            return [first]
        if first_trick and j < m.k:
            rest = [c for c in allowed if c not in first_trick]
            if rest:
                allowed = rest
        if unbroken >= 0 and j % m.k == 0 and not broken(m):
            es = suit[m.trump]
            rest = [c for c in allowed if es[c] != unbroken]
            if rest and not all(c in exempt for c in rest):
                allowed = rest
        return allowed

    return bars
