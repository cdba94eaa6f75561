"""The phases of a deal and the states of a seat in it.

A deal moves through :class:`Phase` values; each phase has one pair of functions in the
deal's phase table (its legal actions, and applying one). A seat's part in the deal is a
:class:`Status`.

>>> Phase.PLAY.word, Status.THREW.word
('play', 'threw up')
>>> Phase.from_word("respond") is Phase.RESPOND
True
"""

from __future__ import annotations

import enum


class Phase(enum.IntEnum):
    """Declaring (stand, throw up, take the miss, exchange); partners passing a card;
    playing tricks; the elder's decision after the first trick (challenges); answering a
    put; over; bidding (after the deal, before the play); every player passing cards to
    another (the phases added later are numbered last, so the others keep theirs)."""

    DECLARE = 0
    PARTNER = 1
    PLAY = 2
    DECIDE = 3
    RESPOND = 4
    OVER = 5
    BID = 6
    PASS = 7

    @property
    def word(self) -> str:
        """The phase's name in observations and messages."""
        return PHASE_NAMES[self]

    @classmethod
    def from_word(cls, word: str) -> Phase:
        """The phase named ``word`` (raises ValueError for an unknown word)."""
        return cls(PHASE_NAMES.index(word))


class Status(enum.IntEnum):
    """A seat has not declared yet, stands (plays), has thrown up, or is out of the play
    (a dealer who sits out, a partner who gave his card)."""

    UNDECIDED = 0
    STOOD = 1
    THREW = 2
    OUT = 3

    @property
    def word(self) -> str:
        """The status in words."""
        return STATUS_NAMES[self]


PHASE_NAMES = ("declare", "partner", "play", "decide", "respond", "over", "bid", "pass")
STATUS_NAMES = ("undecided", "stood", "threw up", "out")

DECLARE, PARTNER, PLAY, DECIDE, RESPOND, OVER, BID, PASS = Phase
UNDECIDED, STOOD, THREW, OUT = Status

#: The seat recorded for a trick won by the miss played for the pool.
MISS = -1
