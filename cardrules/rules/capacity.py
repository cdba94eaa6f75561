"""How many players a pack can hold under a set of rules.

>>> from cardrules.rules.model import Rules, Deal
>>> pack_capacity(Rules(deal=Deal(hand_size=3, miss=True)))
16
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.cards import PACK_RANKS

if TYPE_CHECKING:
    from cardrules.rules.model import Rules


def pack_size(rules: Rules) -> int:
    """Cards in the rules' pack."""
    return 4 * len(PACK_RANKS[rules.pack.cards.value])


def cards_needed(rules: Rules, players: int) -> int:
    """Cards a deal takes for ``players``: the hands, the miss and the turn-up.

    Exchanges draw on what is left (the stock); an exchange larger than the
    stock is not offered.
    """
    hand = rules.deal.hand_size
    return players * hand + (hand if rules.deal.miss else 0) + (1 if rules.trumps.turn_up else 0)


def pack_capacity(rules: Rules) -> int:
    """The most players the pack deals to."""
    spare = pack_size(rules) - cards_needed(rules, 0)
    return max(0, spare // rules.deal.hand_size)
