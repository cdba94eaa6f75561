"""The phases of a deal and the states of a seat in it (shared by the engine's modules).

>>> PHASE_NAMES[PLAY], STATUS_NAMES[THREW]
('play', 'threw up')
"""

from __future__ import annotations

#: Declaring (stand, throw up, take the miss, exchange); partners passing cards; playing
#: tricks; the elder's decision after the first trick (Put); answering a put; over.
DECLARE, PARTNER, PLAY, DECIDE, RESPOND, OVER = range(6)
PHASE_NAMES = ("declare", "partner", "play", "decide", "respond", "over")

#: A seat has not declared yet, stands (plays), has thrown up, or is out of the play
#: (a dealer who sits out, a partner who gave his card).
UNDECIDED, STOOD, THREW, OUT = range(4)
STATUS_NAMES = ("undecided", "stood", "threw up", "out")

#: The seat recorded for a trick won by the miss played for the pool.
MISS = -1
