"""The sentence table, section 5: special hands (the flush).

>>> SPECIAL_HANDS[0].topic
'Flushes'
"""

from __future__ import annotations

from cardrules.rules.applies import flushes_count, rank_only
from cardrules.rules.model import (
    FlushDeclare,
    FlushDestination,
    FlushExactTie,
    FlushNextDeal,
    FlushOrder,
    FlushPayers,
    FlushSameClass,
)
from cardrules.tools.rulebook.rule import SPECIAL, Rule

#: Section 5, special hands.
SPECIAL_HANDS: tuple[Rule, ...] = (
    Rule(
        SPECIAL,
        "Flushes",
        ("special_hands.flush.enabled",),
        {
            True: (
                "counted",
                "A flush, {hand} cards of one suit (or {hand_less} of one suit and {pam}, who "
                "counts as a card of any suit), sweeps the board: its holder wins every trick "
                "as of right, without play, and takes the {pool}.",
            ),
            False: ("not counted", "No hand wins without play: flushes do not count."),
        },
        applies=lambda r: not rank_only(r),
        quiet=lambda r: not r.special_hands.flush.enabled,
    ),
    Rule(
        SPECIAL,
        "Showing a flush",
        ("special_hands.flush.declare",),
        {
            FlushDeclare.AFTER_DECLARATIONS: (
                "after the declarations",
                "A flush is shown only when every player has declared whether he will "
                "{stand}{flush_exchanged}. If every player before the dealer {throws_up}, a "
                "flush the dealer holds is shown then, and paid him besides the {pool} he takes.",
            ),
            FlushDeclare.AT_ONCE: (
                "at once",
                "A flush is shown at once, as soon as the hands are dealt"
                "{flush_exchanged_at_once}, and nobody may then {throw_up}: whoever has not yet "
                "declared {stands}.",
            ),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "Who pays a flush",
        ("special_hands.flush.payers",),
        {
            FlushPayers.ALL_OTHERS: (
                "every other player",
                "Every other player, whether he {stood} or not, pays {a_loo}.",
            ),
            FlushPayers.STANDERS_ONLY: (
                "those who {stood}",
                "Every other player who {stood} pays {a_loo}: nobody pays when the holder is the "
                "only one left in the deal.",
            ),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "The holder of the promoted card",
        ("special_hands.flush.exempt_promoted_holder",),
        {
            True: ("exempt", "A player holding {pam} pays nothing for the flush."),
            False: (
                "not exempt",
                "Holding {pam} does not excuse a player from paying for the flush.",
            ),
        },
        applies=lambda r: flushes_count(r) and r.promoted.card is not None,
    ),
    Rule(
        SPECIAL,
        "The holder of a losing flush",
        ("special_hands.flush.exempt_losing_flush",),
        {
            True: ("exempt", "The holder of a losing flush pays nothing."),
            False: ("not exempt", "The holder of a losing flush pays like the others."),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "Flush payments",
        ("special_hands.flush.destination",),
        {
            FlushDestination.TO_HOLDER: (
                "to the holder",
                "The {loos} are paid to the holder of the flush, besides the {pool}.",
            ),
            FlushDestination.NEXT_POOL: (
                "into the next {pool}",
                "The {loos} are paid into the {pool} for the next deal.",
            ),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "The deal after a flush",
        ("special_hands.flush.next_deal",),
        {
            FlushNextDeal.SINGLE: (
                "a single",
                "The deal after a flush is a single: its {pool} is only the dealer's stake.",
            ),
            FlushNextDeal.NORMAL: (
                "an ordinary deal",
                "The deal after a flush is an ordinary deal.",
            ),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "Flush precedence",
        ("special_hands.flush.order",),
        {
            FlushOrder.TRUMP_FIRST: (
                "trumps first",
                "A flush in trumps beats a flush in a plain suit.",
            ),
            FlushOrder.PAM_FIRST: (
                "{pam} first",
                "A flush holding {pam} beats every other; then a "
                "flush in trumps beats a flush in a plain suit.",
            ),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "Flushes of the same class",
        ("special_hands.flush.same_class",),
        {
            FlushSameClass.PAM_THEN_ELDER: (
                "{pam}, then the elder hand",
                "Of two flushes of the same class, the one holding {pam} wins, or if neither holds "
                "it, the elder hand's.",
            ),
            FlushSameClass.BETTER_CARDS: (
                "the better cards",
                "Of two flushes of the same class, the one of better cards wins, compared card by "
                "card from the highest, {pam} counting as the highest card.",
            ),
            FlushSameClass.ELDER_HAND: (
                "the elder hand",
                "Of two flushes of the same class, the elder hand's wins.",
            ),
        },
        applies=flushes_count,
    ),
    Rule(
        SPECIAL,
        "Equal flushes",
        ("special_hands.flush.exact_tie",),
        {
            FlushExactTie.ELDER_HAND: (
                "the elder hand",
                "Of two exactly equal flushes, the elder hand's wins.",
            ),
            FlushExactTie.SPLIT_POOL: (
                "the {pool} divided",
                "Exactly equal flushes divide the {pool}.",
            ),
        },
        applies=lambda r: (
            flushes_count(r) and r.special_hands.flush.same_class is FlushSameClass.BETTER_CARDS
        ),
    ),
)
