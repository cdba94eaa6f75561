"""The sentence table's rules for card points: the cards taken in tricks counting against
their taker (Hearts: each heart 1, the queen of spades 13; families.md 1.2.7-1.2.8, 1.1.8).

They follow the rule of what play is for, in the section on settlement.

>>> [rule.topic for rule in CARD_POINTS]
['Card points', 'Shooting the moon', 'Taking no trick', 'The score of a deal']
>>> from cardrules.rules.model import CardPoints, Rules
>>> print(_card_points(Rules(card_points=CardPoints(values=(("H", 1), ("QS", 13)))))[1])
... # doctest: +NORMALIZE_WHITESPACE
Each card taken in a trick counts against the player who takes it: each heart 1 point and
the queen of spades 13 points; the other cards count nothing.
"""

from __future__ import annotations

from cardrules.rules.applies import card_points_counted
from cardrules.rules.model import Moon, Rules
from cardrules.tools.rulebook.rule import SETTLE, Phrase, Rule
from cardrules.tools.rulebook.words import card_points_in_order, card_value_words, join_words


def _card_points(r: Rules) -> Phrase:
    if not card_points_counted(r):
        return "none", "The cards taken in tricks count no points."
    values = [card_value_words(name, v) for name, v in card_points_in_order(r)]
    return (
        ", ".join(values),
        "Each card taken in a trick counts against the player who takes it: "
        f"{join_words(values)}; the other cards count nothing.",
    )


def _no_trick(r: Rules) -> Phrase:
    n = r.card_points.no_trick
    if n == 0:
        return "nothing", "Taking no trick counts nothing, for or against a player."
    if n < 0:
        return (
            f"{-n} points in his favour",
            f"A player who takes no trick has {-n} points counted in his favour{{unless_moon}}.",
        )
    return (
        f"{n} points against him",
        f"A player who takes no trick has {n} points counted against him{{unless_moon}}.",
    )


def _base(r: Rules) -> Phrase:
    base = r.card_points.base
    if base == 0:
        return (
            "his points, as a loss",
            "A player's score for a deal is the points counted against him, as a loss.",
        )
    return (
        f"{base} less his points",
        f"A player scores {base} for each deal, less the points counted against him.",
    )


#: The rules of card points, in the section on settlement.
CARD_POINTS: tuple[Rule, ...] = (
    Rule(
        SETTLE,
        "Card points",
        ("card_points.values",),
        _card_points,
        quiet=lambda r: not card_points_counted(r),
    ),
    Rule(
        SETTLE,
        "Shooting the moon",
        ("card_points.moon",),
        {
            Moon.NONE: (
                "no such rule",
                "A player who takes every card that counts is not spared: they all count "
                "against him.",
            ),
            Moon.OTHERS_TAKE: (
                "his points to each other player",
                "A player who takes {moon_cards} shoots the moon: the points of those "
                "cards{moon_total} count against each other player instead of against "
                "him{moon_in_favour}.",
            ),
        },
        applies=card_points_counted,
    ),
    Rule(
        SETTLE,
        "Taking no trick",
        ("card_points.no_trick",),
        _no_trick,
        applies=card_points_counted,
        quiet=lambda r: r.card_points.no_trick == 0,
    ),
    Rule(
        SETTLE,
        "The score of a deal",
        ("card_points.base",),
        _base,
        applies=card_points_counted,
        quiet=lambda r: r.card_points.base == 0,
    ),
)
