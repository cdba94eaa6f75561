"""The sentence table for hand sizes that change from deal to deal (in section 2).

>>> [rule.topic for rule in HAND_SIZES]
['The hand sizes', 'The turning deal']
"""

from __future__ import annotations

from cardrules.rules.model import Rules, Vary
from cardrules.tools.rulebook.rule import D, Rule


def _varies(r: Rules) -> bool:
    return r.deal.sizes.vary is not Vary.FIXED


def _turns(r: Rules) -> bool:
    return r.deal.sizes.vary in (Vary.DOWN_UP, Vary.UP_DOWN)


_AGAIN = "after the last, the schedule starts again"

#: Section 2: how many cards each deal deals.
HAND_SIZES: tuple[Rule, ...] = (
    Rule(
        D,
        "The hand sizes",
        ("deal.sizes.vary", "deal.sizes.low", "deal.sizes.high"),
        {
            Vary.FIXED: ("{hand} every deal", "Every deal deals {hand} cards to each player."),
            Vary.RANDOM: (
                "at random, {size_low} to {size_high}",
                "Before each deal the number of cards each player is dealt, which is the "
                "number of tricks, is drawn at random: any number from {size_low} to "
                "{size_high}{size_cap}, each as likely.",
            ),
            Vary.DOWN: (
                "down from {size_high} to {size_low}",
                "The first deal of a session deals {size_high} cards to each player"
                "{size_cap}, and each deal after it one card fewer, down to {size_low}; "
                f"{_AGAIN}.",
            ),
            Vary.UP: (
                "up from {size_low} to {size_high}",
                "The first deal of a session deals {size_low} cards to each player, and each "
                "deal after it one card more, up to {size_high}{size_cap}; "
                f"{_AGAIN}.",
            ),
            Vary.DOWN_UP: (
                "from {size_high} down to {size_low} and back up",
                "The first deal of a session deals {size_high} cards to each player"
                "{size_cap}, each deal after it one card fewer down to {size_low}, then one "
                f"card more each deal back up to {{size_high}}; {_AGAIN}.",
            ),
            Vary.UP_DOWN: (
                "from {size_low} up to {size_high} and back down",
                "The first deal of a session deals {size_low} cards to each player, each "
                "deal after it one card more up to {size_high}{size_cap}, then one card "
                f"fewer each deal back down to {{size_low}}; {_AGAIN}.",
            ),
        },
        quiet=lambda r: not _varies(r),
    ),
    Rule(
        D,
        "The turning deal",
        ("deal.sizes.turn_twice",),
        {
            True: (
                "dealt twice",
                "The deal at which the schedule turns is dealt twice running.",
            ),
            False: (
                "dealt once",
                "The deal at which the schedule turns is dealt once.",
            ),
        },
        applies=_turns,
    ),
)
