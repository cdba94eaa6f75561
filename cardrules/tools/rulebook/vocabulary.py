"""The sentence table's rules for the game's own words (the rule file's ``words``).

The other sentences speak the words (:mod:`~cardrules.tools.rulebook.terms`), so a
rulebook needs no sentence of its own to say them: these rules state them only where
something changed them, a house rule calling Loo's pool the pot, say, and in the
differences between two games ("The word for the pool: "pool" in five-card-loo; "pot"
in bourre"). :data:`DECLARING_WORDS` opens the section on declaring, and
:data:`SETTLEMENT_WORDS` the section on settlement.

>>> [rule.topic for rule in SETTLEMENT_WORDS]
['The word for the pool', 'The word for being looed']
"""

from __future__ import annotations

from cardrules.rules.applies import (
    declarations_made,
    exchanges_made,
    plays_for_pool,
    throwing_up_allowed,
)
from cardrules.rules.model import (
    ExchangeWord,
    LooedWord,
    PoolWord,
    Rules,
    StandWord,
    ThrowUpWord,
)
from cardrules.tools.rulebook.rule import DECL, SETTLE, Rule


def _unless_changed(r: Rules) -> bool:
    """The words are said by the other sentences: a rule of its own only marks a change."""
    return True


_PLAYS = "A player who declares that he will play the deal is said to "
_DOES_NOT = "A player who declares that he will not play the deal is said to "
_COUNTERS = "The counters played for in a deal are called the "
_NO_TRICK = "A player who {stood} and took no trick is said to "

#: The words of declaring and exchanging, at the head of the section on declaring.
DECLARING_WORDS: tuple[Rule, ...] = (
    Rule(
        DECL,
        "The word for standing",
        ("words.stand",),
        {
            StandWord.STAND: ('"stand"', _PLAYS + "stand."),
            StandWord.PLAY: ('"play"', _PLAYS + "play."),
            StandWord.STAY: ('"stay"', _PLAYS + "stay."),
        },
        applies=declarations_made,
        quiet=_unless_changed,
    ),
    Rule(
        DECL,
        "The word for throwing up",
        ("words.throw_up",),
        {
            ThrowUpWord.THROW_UP: ('"throw up"', _DOES_NOT + "throw up his hand."),
            ThrowUpWord.PASS: ('"pass"', _DOES_NOT + "pass."),
            ThrowUpWord.FOLD: ('"fold"', _DOES_NOT + "fold."),
        },
        applies=throwing_up_allowed,
        quiet=_unless_changed,
    ),
    Rule(
        DECL,
        "The word for exchanging",
        ("words.exchange",),
        {
            ExchangeWord.EXCHANGE: (
                '"exchange"',
                "Laying out cards and taking as many from the stock is called exchanging.",
            ),
            ExchangeWord.DRAW: (
                '"draw"',
                "Discarding cards and taking as many from the stock is called drawing.",
            ),
        },
        applies=exchanges_made,
        quiet=_unless_changed,
    ),
)

#: The words of the pool and of the penalty, at the head of the section on settlement.
SETTLEMENT_WORDS: tuple[Rule, ...] = (
    Rule(
        SETTLE,
        "The word for the pool",
        ("words.pool",),
        {
            PoolWord.POOL: ('"pool"', _COUNTERS + "pool."),
            PoolWord.POT: ('"pot"', _COUNTERS + "pot."),
        },
        applies=plays_for_pool,
        quiet=_unless_changed,
    ),
    Rule(
        SETTLE,
        "The word for being looed",
        ("words.looed",),
        {
            LooedWord.LOOED: (
                '"looed"',
                _NO_TRICK + "be looed, and what he pays for it is called a loo.",
            ),
            LooedWord.BOURRE: (
                '"bourré"',
                _NO_TRICK + "go bourré, and what he pays for it is called a penalty.",
            ),
        },
        applies=plays_for_pool,
        quiet=_unless_changed,
    ),
)
