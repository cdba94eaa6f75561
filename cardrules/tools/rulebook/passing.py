"""The sentence table's rules for passing cards before the play (Hearts: three cards, to
the left, right or across in turn, or in a direction drawn at random; families.md 1.2.3,
1.1.4).

They open the section on declaring, which a game that passes and declares nothing calls
"Passing".

>>> [rule.topic for rule in PASSING]
['Passing', 'Where the cards go']
>>> from cardrules.rules.model import Passing, Rules
>>> print(_passing(Rules(passing=Passing(cards=3)))[1])  # doctest: +NORMALIZE_WHITESPACE
Before the play each player passes three of his cards, face down, to another player,
choosing them before he receives any: the cards passed are received only when everybody
has passed.
"""

from __future__ import annotations

from cardrules.rules.applies import passes
from cardrules.rules.model import PassChoice, Rules
from cardrules.tools.rulebook.rule import DECL, Phrase, Rule
from cardrules.tools.rulebook.words import num


def _passing(r: Rules) -> Phrase:
    if not passes(r):
        return "none", "Nobody passes cards before the play."
    n = r.passing.cards
    return (
        f"{n} cards",
        f"Before the play each player passes {num(n)} of his cards, face down, to another "
        "player, choosing them before he receives any: the cards passed are received only "
        "when everybody has passed.",
    )


#: The rules of passing, at the head of the section on declaring.
PASSING: tuple[Rule, ...] = (
    Rule(DECL, "Passing", ("passing.cards",), _passing, quiet=lambda r: not passes(r)),
    Rule(
        DECL,
        "Where the cards go",
        ("passing.choice", "passing.directions"),
        {
            PassChoice.CYCLE: (
                "in turn: {pass_list}",
                "Where the cards go follows the deals in turn: {pass_deals}, and so round "
                "again{pass_gloss}.",
            ),
            PassChoice.CHANCE: (
                "drawn at random: {pass_list}",
                "Where the cards go is drawn at random for each deal, each of these alike: "
                "{pass_either}{pass_gloss}.",
            ),
        },
        applies=passes,
        cites=lambda r: ("passing.choice",),
    ),
)
