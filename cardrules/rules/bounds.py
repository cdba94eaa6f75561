"""The bounds of the format's integers, and of the engine's work they keep bounded.

Every integer a rule file, a record or a rulings file may hold has a maximum, chosen so
that whatever validates is played in bounded time and memory:

- :data:`MAX_TABLE` seats at most (a pack of 52 seats at most 52, one card each; the
  pack's capacity for the hands, the miss and the turn-up is checked as well);
- :data:`MAX_STAKE` counters for a stake or a cap (counters stay exact and small);
- :data:`MAX_POINTS` points for a point or a race's target;
- :data:`MAX_ROUNDS` rounds of a session;
- :data:`MAX_EXCHANGE_HAND` cards in a hand when exchanging is allowed: a player who
  exchanges chooses any subset of his hand, so a hand of ``n`` offers ``2**n - 1``
  exchanges (255 at 8; 8191 at 13, too many to list at every decision).

>>> MAX_TABLE, 2**MAX_EXCHANGE_HAND - 1
(52, 255)
"""

from __future__ import annotations

__all__ = ["MAX_EXCHANGE_HAND", "MAX_POINTS", "MAX_ROUNDS", "MAX_STAKE", "MAX_TABLE"]

MAX_TABLE = 52
MAX_STAKE = 1_000_000
MAX_POINTS = 1_000
MAX_ROUNDS = 1_000
MAX_EXCHANGE_HAND = 8
