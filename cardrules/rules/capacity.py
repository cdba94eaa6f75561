"""How many players a pack can hold: plain arithmetic on the numbers a deal takes.

The functions take numbers and flags, not the rules model, so that the model can use
them (:attr:`cardrules.rules.model.Rules.max_players`) and nothing here depends on it.

>>> pack_capacity(pack_size("full52"), 3, miss=True, turn_up=True)
16
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import pack_ranks

__all__ = ["cards_needed", "pack_capacity", "pack_size"]


def pack_size(cards: str, listed: Iterable[str] = (), suits: int = 4) -> int:
    """Cards in the pack named ``cards`` (``full52``, ``piquet32``; ``listed``: the ranks
    ``listed`` names) in ``suits`` suits.

    >>> pack_size("piquet32"), pack_size("listed", ["6", "5", "4", "3", "2"], 2)
    (32, 10)
    """
    return suits * len(pack_ranks(cards, listed))


def cards_needed(players: int, hand_size: int, *, miss: bool, turn_up: bool) -> int:
    """Cards a deal takes for ``players``: the hands, the miss and the turn-up.

    Exchanges draw on what is left (the stock); an exchange larger than the
    stock is not offered.

    >>> cards_needed(5, 3, miss=True, turn_up=True)
    19
    """
    return players * hand_size + (hand_size if miss else 0) + (1 if turn_up else 0)


def pack_capacity(size: int, hand_size: int, *, miss: bool, turn_up: bool) -> int:
    """The most players a pack of ``size`` cards deals to."""
    spare = size - cards_needed(0, hand_size, miss=miss, turn_up=turn_up)
    return max(0, spare // hand_size)
