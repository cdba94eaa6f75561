"""Card points: each card taken in a trick may count against its taker (Hearts: each heart 1,
the queen of spades 13; F1.1.7-F1.1.8, F1.2.7-F1.2.8).

A deal's card points are added up by taker; a player who took every trick holding a card
worth more than nothing "shoots the moon" (``card_points.moon: others_take``): those points
count against each other player instead of him. Otherwise a player who took no trick has
``card_points.no_trick`` counted against him. Each player scores ``card_points.base`` less
what counts against him.

>>> from cardrules.cards import parse_card as C
>>> import cardrules
>>> rules = cardrules.load_variant("hearts")
>>> tricks = [(0, C("2C")), (1, C("QS")), (2, C("AH")), (3, C("3C"))]  # to seat 3
>>> tricks += [(3, C("2D")), (0, C("2H")), (1, C("AD")), (2, C("3D"))]  # to seat 1
>>> card_point_scores(rules, tricks, [3, 1], 4)  # the queen and a heart, and a heart
[0, -1, 0, -14]
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import ALL_CARDS
from cardrules.engine.bars import card_set
from cardrules.rules.model import Moon, Rules

__all__ = ["card_point_scores", "card_values"]


def card_values(rules: Rules) -> list[int]:
    """What each card (by id) counts against its taker under ``card_points.values``: a
    card named on its own counts its own value, else its suit's.

    >>> import cardrules
    >>> from cardrules.cards import parse_card as C
    >>> v = card_values(cardrules.load_variant("hearts"))
    >>> v[C("QS")], v[C("2H")], v[C("AD")]
    (13, 1, 0)
    """
    out = [0] * 52
    named = rules.card_points.values
    suits_first = sorted(named, key=lambda pair: len(pair[0]))  # a card's own value last
    for name, value in suits_first:
        for c in card_set([name], ALL_CARDS):
            out[c] = value
    return out


def card_point_scores(
    rules: Rules,
    played: Sequence[tuple[int, int]],
    winners: Sequence[int | None],
    players: int,
) -> list[int]:
    """Each player's score for a deal whose tricks (``played`` in order, ``players`` cards a
    trick) went to ``winners``."""
    cp = rules.card_points
    values = card_values(rules)
    k = len(played) // len(winners) if winners else players
    against = [0] * players
    took = [0] * players
    scoring_takers: set[int] = set()
    for i, w in enumerate(winners):
        if w is None:
            continue
        cards = [c for _, c in played[i * k : (i + 1) * k]]
        against[w] += sum(values[c] for c in cards)
        took[w] += 1
        if any(values[c] > 0 for c in cards):
            scoring_takers.add(w)
    if cp.moon is Moon.OTHERS_TAKE and len(scoring_takers) == 1:
        shooter = scoring_takers.pop()
        total = sum(values[c] for _, c in played if values[c] > 0)
        for s in range(players):
            against[s] += -total if s == shooter else total
    elif cp.no_trick:
        for s in range(players):
            if took[s] == 0:
                against[s] += cp.no_trick
    return [cp.base - a for a in against]
