"""The checks of what the API is given: a named error that says what was expected.

A wrong type raises :class:`~cardrules.errors.ArgumentTypeError` (a ``TypeError``), a value
out of range :class:`~cardrules.errors.ArgumentValueError` (a ``ValueError``); both are
:class:`~cardrules.errors.CardRulesError`. Booleans are not taken for numbers.

The bounds are those a game record can store (its schema, ``schemas/record.schema.json``):
a seed from 0 to 2**64 - 1, a pool from 0 and scores within :data:`MAX_COUNTERS` either way.

>>> whole("pool", 3, low=0)
3
>>> whole("pool", True, low=0)
Traceback (most recent call last):
...
cardrules.errors.ArgumentTypeError: pool: expected a whole number, got True
>>> action_id("play QH") == action_id(16 + 23)
True
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from cardrules.engine.actions import (
    BID,
    CIVIL,
    EXCHANGE_OFFSETS,
    LAST_ID,
    PLAY,
    WORDS,
    parse_action,
)
from cardrules.errors import ArgumentTypeError, ArgumentValueError

__all__ = [
    "LAST_ACTION",
    "LAST_WORD",
    "MAX_COUNTERS",
    "MAX_SEED",
    "action_id",
    "flag",
    "players_of",
    "scores_of",
    "seat_of",
    "whole",
]

#: The largest seed a session takes (a record stores seeds up to it).
MAX_SEED = 2**64 - 1
#: The most counters a session may start with in the pool, or a score may be either way.
MAX_COUNTERS = 10**9
#: The largest action id (exchanging the thirteen highest cards).
LAST_ACTION = EXCHANGE_OFFSETS[-1] - 1
#: The largest id of a word action (ids 0 to it are all words).
LAST_WORD = max(WORDS)
assert sorted(WORDS) == list(range(LAST_WORD + 1))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def whole(name: str, value: Any, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (either may be open)."""
    if type(value) is not int:
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise ArgumentTypeError(f"{name}: expected a whole number, got {_shown(value)}")
        try:
            value = operator.index(value)
        except TypeError:  # an index-like value that is not one number (an array of many)
            raise ArgumentTypeError(
                f"{name}: expected a whole number, got {_shown(value)}"
            ) from None
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low}" if high is None else f"from {low} to {high}"
        if low is None:
            span = f"up to {high}"
        raise ArgumentValueError(f"{name}: expected a whole number {span}, got {value}")
    return int(value)


def players_of(value: Any, least: int, most: int, game: str) -> int:
    """``value`` as a table size of ``least`` to ``most`` (the game's, by its name ``game``):
    every entry point that opens a table checks it here, so that a table size refused
    anywhere is refused with the same error.

    >>> players_of(99, 2, 2, "Put")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentValueError: players: Put is played by 2 to 2 players, not 99
    """
    n = whole("players", value)
    if not least <= n <= most:
        raise ArgumentValueError(f"players: {game} is played by {least} to {most} players, not {n}")
    return n


def seat_of(value: Any, players: int) -> int:
    """``value`` as a seat at a table of ``players`` (0 to ``players - 1``).

    >>> seat_of(4, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentValueError: seat: no seat 4 at a table of 4 (seats are 0 to 3)
    """
    seat = whole("seat", value)
    if not 0 <= seat < players:
        raise ArgumentValueError(
            f"seat: no seat {seat} at a table of {players} (seats are 0 to {players - 1})"
        )
    return seat


def flag(name: str, value: Any, *, optional: bool = False) -> Any:
    """``value`` as True or False (or None when ``optional``)."""
    if value is None and optional:
        return None
    if type(value) is not bool:
        wanted = "True, False or None" if optional else "True or False"
        raise ArgumentTypeError(f"{name}: expected {wanted}, got {_shown(value)}")
    return value


def scores_of(value: Any, players: int) -> list[int]:
    """One score per seat, each a whole number within :data:`MAX_COUNTERS`."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentTypeError(
            f"scores: expected a list of {players} numbers, got {_shown(value)}"
        )
    if len(value) != players:
        got = len(value)
        raise ArgumentValueError(f"scores: expected one for each of {players} seats, got {got}")
    return [
        whole(f"scores[{i}]", v, low=-MAX_COUNTERS, high=MAX_COUNTERS) for i, v in enumerate(value)
    ]


def action_id(action: Any) -> int:
    """An action's id from its id or its text; refused with a named error saying what an
    action is (the text is read by :func:`~cardrules.engine.actions.parse_action`)."""
    if isinstance(action, str):
        return parse_action(action)
    if type(action) is not int:
        if isinstance(action, bool) or not hasattr(type(action), "__index__"):
            raise ArgumentTypeError(
                f"an action is its id (an int) or its text (e.g. 'stand', 'play QH'), "
                f"not {_shown(action)}"
            )
        action = operator.index(action)
    if action in WORDS or CIVIL <= action < CIVIL + 4 or PLAY <= action <= LAST_ID:
        return int(action)
    raise ArgumentValueError(
        f"no action has id {action}: ids are 0 to {max(WORDS)}, {CIVIL} to {CIVIL + 3}, "
        f"{PLAY} to {LAST_ACTION} and the bids {BID} to {LAST_ID}"
    )
