"""The ``deal.sizes`` section of the rules model (hand sizes that change from deal to deal)
and the arithmetic of which sizes a table deals.

``deal.sizes.vary`` says how many cards each player is dealt in each deal: ``fixed``, always
``deal.hand_size``; ``random``, a number drawn afresh for each deal, each from
``deal.sizes.low`` to ``deal.sizes.high`` alike (OpenSpiel's ``oh_hell`` with
``num_tricks_fixed = -1``); or a *schedule* for the session, one deal after another:
``down`` from ``high`` to ``low``, ``up`` from ``low`` to ``high``, ``down_up`` down and
back up, ``up_down`` up and back down (docs/sources.md 1.7.1, D61). ``high`` is at most
what the pack holds at the table (hands, the miss, the turn-up): null means exactly that,
so that one file deals ten cards to four players and seven to seven (pagat's Oh Hell);
such a hand may hold more than the 13 cards a fixed ``deal.hand_size`` may.
A schedule that turns deals its turning size once, or twice with ``turn_twice``.

>>> sizes = HandSizes(vary=Vary.DOWN_UP, high=3)
>>> schedule(sizes, hand_size=7, most=17)
(3, 2, 1, 2, 3)
>>> schedule(HandSizes(vary=Vary.RANDOM), hand_size=7, most=17)[-1]
17
"""

from __future__ import annotations

import attrs

from cardrules.rules.fields import opt
from cardrules.rules.options import Choice

__all__ = [
    "MOST_CARDS",
    "SCHEDULES",
    "HandSizes",
    "Vary",
    "largest",
    "most_cards",
    "schedule",
    "smallest",
]

#: The most cards a hand of a changing size may hold: half the pack, two players and no
#: turn-up (a fixed ``deal.hand_size`` is at most 13; a hand drawn at random or scheduled
#: may hold all the pack holds for the table).
MOST_CARDS = 26


class Vary(Choice):
    """How the number of cards dealt to each player changes from deal to deal."""

    FIXED = "fixed"
    RANDOM = "random"
    DOWN = "down"
    UP = "up"
    DOWN_UP = "down_up"
    UP_DOWN = "up_down"


#: The values of :class:`Vary` that deal a schedule, one size after another.
SCHEDULES = (Vary.DOWN, Vary.UP, Vary.DOWN_UP, Vary.UP_DOWN)


@attrs.frozen
class HandSizes:
    """Hand sizes that change from deal to deal: drawn at random, or a schedule."""

    vary: Vary = opt(
        Vary.FIXED,
        "How many cards each deal deals: fixed (deal.hand_size every deal); random (from "
        "low to high, each alike, drawn afresh for each deal); down (from high to low, one "
        "fewer each deal), up (from low to high), down_up (down, then back up) or up_down "
        "(up, then back down), one deal after another; after its last deal a schedule "
        "starts again.",
        source="1.7.1, D61",
    )
    low: int = opt(
        1, "The fewest cards a deal deals.", source="1.7.1, D61", minimum=1, maximum=MOST_CARDS
    )
    high: int | None = opt(
        None,
        "The most cards a deal deals, and never more than the pack holds at the table "
        "(hands, the miss, the turn-up); null for exactly that.",
        source="1.7.1, D61",
        minimum=1,
        maximum=MOST_CARDS,
    )
    turn_twice: bool = opt(
        False,
        "A schedule that turns (down_up, up_down) deals its turning size twice running.",
        source="D83",
    )


def most_cards(size: int, players: int, *, miss: bool, turn_up: bool) -> int:
    """The most cards each of ``players`` can be dealt from a pack of ``size`` cards, with
    a miss and a turn-up if the rules deal them.

    >>> most_cards(52, 3, miss=False, turn_up=True), most_cards(52, 7, miss=False, turn_up=True)
    (17, 7)
    """
    hands = players + (1 if miss else 0)
    return max(0, min(MOST_CARDS, (size - (1 if turn_up else 0)) // hands))


def schedule(sizes: HandSizes, *, hand_size: int, most: int) -> tuple[int, ...]:
    """The hand sizes a table deals, given the most its pack holds (``most``): for a
    schedule, the sizes of its deals in order; for ``random``, every size that may be
    drawn, in increasing order; for ``fixed``, ``(hand_size,)``. Empty when the table
    cannot deal the fewest cards asked for.

    >>> schedule(HandSizes(vary=Vary.UP_DOWN, low=2, high=4, turn_twice=True), hand_size=3,
    ...          most=13)
    (2, 3, 4, 4, 3, 2)
    >>> schedule(HandSizes(vary=Vary.DOWN, high=10), hand_size=3, most=8)  # six players
    (8, 7, 6, 5, 4, 3, 2, 1)
    """
    if sizes.vary is Vary.FIXED:
        return (hand_size,) if hand_size <= most else ()
    top = most if sizes.high is None else min(sizes.high, most)
    low = sizes.low
    if top < low:
        return ()
    rising = tuple(range(low, top + 1))
    falling = rising[::-1]
    if sizes.vary in (Vary.RANDOM, Vary.UP):
        return rising
    if sizes.vary is Vary.DOWN:
        return falling
    first, second = (falling, rising) if sizes.vary is Vary.DOWN_UP else (rising, falling)
    return first + (second if sizes.turn_twice else second[1:])


def smallest(sizes: HandSizes, hand_size: int) -> int:
    """The fewest cards a deal of these rules deals, at any table.

    >>> smallest(HandSizes(), 5), smallest(HandSizes(vary=Vary.RANDOM, low=2), 5)
    (5, 2)
    """
    return hand_size if sizes.vary is Vary.FIXED else sizes.low


def largest(sizes: HandSizes, hand_size: int, most: int) -> int:
    """The most cards a deal of these rules deals at a table whose pack holds ``most``.

    >>> largest(HandSizes(vary=Vary.DOWN_UP, high=10), 3, 17), largest(HandSizes(), 3, 17)
    (10, 3)
    """
    if sizes.vary is Vary.FIXED:
        return hand_size
    return most if sizes.high is None else min(sizes.high, most)
