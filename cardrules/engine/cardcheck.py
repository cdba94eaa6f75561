"""The cards of a deal read from a position of unknown origin: every card a card of the
pack, none in two places, a hand for each seat (and one for the miss played for the pool).

>>> deal_cards_problem({"cards": {"hands": [[0, 1], [1, 2], []]}, "play": {}}, 2)
'card 1 is in two places (hands[0] and hands[1])'
"""

from __future__ import annotations

from typing import Any

__all__ = ["deal_cards_problem"]

#: The cards of the pack are numbered 0 to 51.
PACK = 52


def deal_cards_problem(deal: Any, players: int) -> str | None:
    """Why the cards of a deal's state (its ``to_json`` data) cannot be, or None."""
    if not isinstance(deal, dict):
        return None  # the deal's reader says what is wrong with its shape
    cards = deal.get("cards")
    play = deal.get("play")
    if not isinstance(cards, dict) or not isinstance(play, dict):
        return None
    hands = cards.get("hands")
    if not isinstance(hands, list) or len(hands) != players + 1:
        return f"cards.hands: expected {players + 1} hands (one per seat and the miss's)"
    places: list[tuple[str, Any]] = [(f"hands[{i}]", h) for i, h in enumerate(hands)]
    places += [("miss", cards.get("miss") or []), ("stock", cards.get("stock", []))]
    places += [("play.cards", play.get("cards", []))]
    # The cards laid aside are a log: a restock gathers them into the stock again.
    places += [("discarded", cards.get("discarded", []))]
    seen: dict[int, str] = {}
    for where, held in places:
        if not isinstance(held, list):
            return f"{where}: expected a list of cards"
        for card in held:
            if type(card) is not int or not 0 <= card < PACK:
                return f"{where}: {card!r:.20} is not a card (cards are 0 to {PACK - 1})"
            if card in seen and where != "discarded":
                return f"card {card} is in two places ({seen[card]} and {where})"
            seen[card] = where
    turnup = cards.get("turnup", -1)
    if type(turnup) is not int or not -1 <= turnup < PACK:
        return f"turnup: {turnup!r:.20} is not a card or -1"
    return None
