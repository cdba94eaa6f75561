"""The odds the rules of thumb weigh: a card's chance of taking a trick, and the value of
each declaration (stand, throw up, take the miss, each exchange) in counters.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from cardrules.cards import NO_TRUMP
from cardrules.engine import actions as A
from cardrules.engine.flush import flush_suit
from cardrules.engine.tables import Tables
from cardrules.players.situation import Situation
from cardrules.rules.applies import flushes_count
from cardrules.rules.model import Rules
from cardrules.rules.seating import dealer_sits_out

#: Chance that a player yet to declare will stand (for the number of opponents expected).
STAND_RATE = 0.45
#: Discount on a plain card's chance of a trick for each opponent (he may trump it, or the
#: suit may never be led).
PLAIN_DISCOUNT = 0.5
# ---------------------------------------------------------------------------------- card odds

_HIGHER: dict[tuple[Rules, int], list[tuple[int, ...]]] = {}


def higher_cards(tb: Tables, trump: int) -> list[tuple[int, ...]]:
    """For each card, the cards of the pack that beat it in its own (effective) suit.

    >>> from cardrules.rules.model import Rules
    >>> from cardrules.cards import parse_card as C
    >>> from cardrules.engine.tables import tables_for
    >>> len(higher_cards(tables_for(Rules()), 1)[C("QH")])  # the king and ace of hearts
    2
    """
    key = (tb.rules, trump)
    table = _HIGHER.get(key)
    if table is None:
        es, pw = tb.suit[trump], tb.power[trump]
        pack = tb.pack
        table = [()] * 52
        for c in pack:
            table[c] = tuple(x for x in pack if es[x] == es[c] and pw[x] > pw[c])
        _HIGHER[key] = table
    return table


def is_trump(sit: Situation, c: int) -> bool:
    return sit.trump != NO_TRUMP and sit.tables.suit[sit.trump][c] == sit.trump


def card_chance(sit: Situation, c: int, seen: set[int], opponents: float) -> float:
    """A rough chance that card ``c`` wins a trick against ``opponents`` standing hands.

    Each higher card of its suit that this seat has not seen may be in an
    opponent's hand; a plain card may also be trumped, or its suit never led.
    """
    tb = sit.tables
    hand_size = sit.rules.deal.hand_size
    unseen = max(1, len(tb.pack) - len(seen))
    q = min(1.0, opponents * hand_size / unseen)
    h = sum(1 for x in higher_cards(tb, sit.trump)[c] if x not in seen)
    p = (1.0 - q) ** h
    if sit.trump != NO_TRUMP and not is_trump(sit, c):
        p *= PLAIN_DISCOUNT ** (opponents * 3 / hand_size)
    return p


_AVERAGE: dict[tuple[Rules, int, float], float] = {}


def average_chance(sit: Situation, opponents: float) -> float:
    """:func:`card_chance` of a card drawn at random (the miss, a card from the stock)."""
    key = (sit.rules, sit.trump, round(opponents, 3))
    v = _AVERAGE.get(key)
    if v is None:
        pack = sit.tables.pack
        v = sum(card_chance(sit, c, set(), opponents) for c in pack) / len(pack)
        _AVERAGE[key] = v
    return v


def _opponents(sit: Situation) -> float:
    """How many standing opponents to expect: those standing, and some still to declare."""
    return max(1.0, sit.standers + STAND_RATE * sit.undecided)


def _value(sit: Situation, chances: Sequence[float]) -> float:
    """Counters expected from standing with cards of these chances: tricks won, less the loo."""
    tricks = min(float(sit.rules.deal.hand_size), sum(chances))
    none = 1.0
    for p in chances:
        none *= 1.0 - p
    share = sit.pool / sit.rules.deal.hand_size
    return tricks * share - none * _loo(sit)


def _loo(sit: Situation) -> int:
    """The loo a stander who wins no trick pays: none when the loos are released."""
    return 0 if sit.loos_released else sit.tables.loo_amount(sit.pool)


def declaration_values(sit: Situation) -> dict[int, float]:
    """The expected counters of each legal declaration (throwing up is worth 0).

    Standing is valued from the hand's cards; taking the miss or exchanging
    from cards drawn at random; a flush, or an exchange that may make one,
    counts the pool and a loo from every other player.
    """
    legal = sit.legal
    hand = sit.hand
    size = sit.rules.deal.hand_size
    seen = set(hand)
    if sit.turnup >= 0:
        seen.add(sit.turnup)
    opp = _opponents(sit)
    chances = [card_chance(sit, c, seen, opp) for c in hand]
    avg = average_chance(sit, opp)
    flush = flushes_count(sit.rules)
    dealer_out = dealer_sits_out(sit.rules, sit.players)
    sweep = sit.pool + sit.tables.loo_amount(sit.pool) * (sit.players - 1 - dealer_out)
    # Nobody stands and nobody is left to declare (the dealer stands out of the play): who
    # stands takes the pool unopposed (1.1.1, 1.1.8.3).
    alone = sit.standers == 0 and sit.undecided == 0
    values: dict[int, float] = {}
    for a in legal:
        if a == A.STAND:
            if flush and flush_suit(sit.tables, hand, sit.trump) >= 0:
                values[a] = float(sweep)
            else:
                values[a] = float(sit.pool) if alone else _value(sit, chances)
        elif a == A.TAKE_MISS:
            values[a] = float(sit.pool) if alone else _value(sit, [avg] * size)
        elif a < A.EXCHANGE:
            values[a] = 0.0  # throw up, or play the miss for the pool: nothing paid or won
    if legal[-1] < A.EXCHANGE:
        return values
    allowed = {a for a in legal if a >= A.EXCHANGE}
    odds = _FlushOdds(sit, seen) if flush else None
    k = len(hand)
    full = (1 << k) - 1
    # Over bitmasks of the hand: the chances' sum and the product of their complements,
    # and each subset's exchange id (built up from its highest card, the last in order).
    total = [0.0] * (full + 1)
    none = [1.0] * (full + 1)
    rank = [0] * (full + 1)
    count = [0] * (full + 1)
    suits = [0] * (full + 1)  # the natural suits among the cards, the promoted card aside
    pam = sit.tables.promoted[sit.trump]
    for mask in range(1, full + 1):
        top = mask.bit_length() - 1
        rest = mask ^ (1 << top)
        c = hand[top]
        total[mask] = total[rest] + chances[top]
        none[mask] = none[rest] * (1.0 - chances[top])
        count[mask] = count[rest] + 1
        rank[mask] = rank[rest] + A.COLUMNS[count[mask]][c]
        suits[mask] = suits[rest] | (0 if c == pam else 1 << (c // 13))
    share = sit.pool / size
    loo = _loo(sit)
    for out in range(1, full + 1):
        m = count[out]
        a = A.EXCHANGE_OFFSETS[m] + rank[out]
        if a not in allowed:
            continue
        kept = full ^ out
        v = min(float(size), total[kept] + m * avg) * share - none[kept] * (1.0 - avg) ** m * loo
        if alone:
            v = float(sit.pool)
        one_suit = suits[kept]
        if odds is not None and m <= 2 and one_suit and not one_suit & (one_suit - 1):
            pf = odds.chance(one_suit.bit_length() - 1, m)
            v = pf * sweep + (1.0 - pf) * v
        values[a] = v
    return values


class _FlushOdds:
    """The chance that cards drawn from the stock complete a flush with cards kept of one
    suit."""

    def __init__(self, sit: Situation, seen: set[int]) -> None:
        self.pam = pam = sit.tables.promoted[sit.trump]
        unseen = [c for c in sit.tables.pack if c not in seen]
        self.total = len(unseen)
        self.pam_unseen = int(pam in unseen)
        self.by_suit = [sum(1 for c in unseen if c // 13 == s and c != pam) for s in range(4)]

    def chance(self, suit: int, drawn: int) -> float:
        """The chance that ``drawn`` cards are all of ``suit`` (or the promoted card)."""
        if self.total < drawn:
            return 0.0
        good = self.by_suit[suit] + self.pam_unseen
        return comb(good, drawn) / comb(self.total, drawn)
