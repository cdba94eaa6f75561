"""The same bad argument gets the same error class from every entry point.

A table size, a seed, a dealer, house rules, an action or a seat may reach the engine
through :func:`cardrules.new_session`, :class:`cardrules.Session`, the environments
(their shared :class:`~cardrules.envs.table.Table`, PettingZoo, Gymnasium), the OpenSpiel
game or :func:`~cardrules.tools.simulate.simulate`. Each is given the same bad values and
must refuse each with the same class: :class:`~cardrules.errors.ArgumentTypeError` for a
wrong type, :class:`~cardrules.errors.ArgumentValueError` for a value out of range,
:class:`~cardrules.errors.RulesError` for a house rule that does not exist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest

import cardrules
import cardrules.openspiel  # registers the game
from cardrules.envs import gymnasium, pettingzoo
from cardrules.envs.table import Table
from cardrules.errors import ArgumentTypeError, ArgumentValueError, RulesError
from cardrules.tools.simulate import compare, simulate

GAME = "put"  # two players, no more and no fewer
RULES = cardrules.load_variant(GAME)

Entry = Callable[[Any], object]

#: Each entry point that opens a table, given only the table size.
BY_PLAYERS: dict[str, Entry] = {
    "new_session": lambda v: cardrules.new_session(GAME, players=v),
    "Session": lambda v: cardrules.Session(RULES, v),
    "Table": lambda v: Table(GAME, players=v),
    "pettingzoo": lambda v: pettingzoo.env(GAME, players=v),
    "gymnasium": lambda v: gymnasium.env(GAME, players=v),
    "simulate": lambda v: simulate(RULES, players=v, deals=2),
    "compare": lambda v: compare(RULES, RULES, players=v, deals=2),
}

#: Each entry point that seeds a session (or a run of them), given only the seed.
BY_SEED: dict[str, Entry] = {
    "new_session": lambda v: cardrules.new_session(GAME, seed=v),
    "Session": lambda v: cardrules.Session(RULES, seed=v),
    "Table.open": lambda v: Table(GAME).open(seed=v),
    "pettingzoo.reset": lambda v: pettingzoo.env(GAME).reset(seed=v),
    "gymnasium.reset": lambda v: gymnasium.env(GAME).reset(seed=v),
    "simulate": lambda v: simulate(RULES, deals=2, seed=v),
    "compare": lambda v: compare(RULES, RULES, deals=2, seed=v),
}

#: Each entry point that takes a first dealer.
BY_DEALER: dict[str, Entry] = {
    "new_session": lambda v: cardrules.new_session(GAME, dealer=v),
    "Session": lambda v: cardrules.Session(RULES, dealer=v),
    "Table": lambda v: Table(GAME, dealer=v),
    "pettingzoo": lambda v: pettingzoo.env(GAME, dealer=v),
    "gymnasium": lambda v: gymnasium.env(GAME, dealer=v),
}

#: Each entry point that takes house rules by name.
BY_HOUSE_RULES: dict[str, Entry] = {
    "new_session": lambda v: cardrules.new_session(GAME, v),
    "load_variant": lambda v: cardrules.load_variant(GAME, v),
    "Table": lambda v: Table(GAME, v),
    "pettingzoo": lambda v: pettingzoo.env(GAME, v),
    "gymnasium": lambda v: gymnasium.env(GAME, v),
    "simulate": lambda v: simulate(GAME, deals=2, house_rules=v),
    "compare": lambda v: compare(GAME, GAME, deals=2, house_rules_b=v),
}


def _session_apply(v: Any) -> None:
    cardrules.new_session(GAME, seed=1).apply(v)


def _pettingzoo_step(v: Any) -> None:
    e = pettingzoo.env(GAME)
    e.reset(seed=1)
    e.step(v)


def _gymnasium_step(v: Any) -> None:
    e = gymnasium.env(GAME)
    e.reset(seed=1)
    e.step(v)


#: Each entry point that takes an action: the session (an id or text) and the
#: environments (a compact index).
BY_ACTION: dict[str, Entry] = {
    "Session.apply": _session_apply,
    "pettingzoo.step": _pettingzoo_step,
    "gymnasium.step": _gymnasium_step,
}

#: Each entry point that takes a seat.
BY_SEAT: dict[str, Entry] = {
    "Session.hand": lambda v: cardrules.new_session(GAME, seed=1).hand(v),
    "Session.dealt_hand": lambda v: cardrules.new_session(GAME, seed=1).dealt_hand(v),
    "Session.observation": lambda v: cardrules.new_session(GAME, seed=1).observation(v),
    "gymnasium": lambda v: gymnasium.env(GAME, seat=v),
}

_LABELS = {
    id(BY_PLAYERS): "players",
    id(BY_SEED): "seed",
    id(BY_DEALER): "dealer",
    id(BY_HOUSE_RULES): "house_rules",
    id(BY_ACTION): "action",
    id(BY_SEAT): "seat",
}

CASES = [
    # (entry points, bad value, the class every one of them raises)
    (BY_PLAYERS, 99, ArgumentValueError),
    (BY_PLAYERS, 1, ArgumentValueError),
    (BY_PLAYERS, -1, ArgumentValueError),
    (BY_PLAYERS, "2", ArgumentTypeError),
    (BY_PLAYERS, True, ArgumentTypeError),
    (BY_PLAYERS, 2.0, ArgumentTypeError),
    (BY_SEED, -1, ArgumentValueError),
    (BY_SEED, 2**64, ArgumentValueError),
    (BY_SEED, "1", ArgumentTypeError),
    (BY_SEED, 1.5, ArgumentTypeError),
    (BY_SEED, True, ArgumentTypeError),
    (BY_DEALER, 2, ArgumentValueError),
    (BY_DEALER, -1, ArgumentValueError),
    (BY_DEALER, "0", ArgumentTypeError),
    (BY_DEALER, True, ArgumentTypeError),
    (BY_HOUSE_RULES, ["no-such-house-rule"], RulesError),
    (BY_HOUSE_RULES, 3, ArgumentTypeError),
    (BY_HOUSE_RULES, [3], ArgumentTypeError),
    (BY_ACTION, 2**70, ArgumentValueError),
    (BY_ACTION, -1, ArgumentValueError),
    (BY_ACTION, True, ArgumentTypeError),
    (BY_ACTION, 1.5, ArgumentTypeError),
    (BY_ACTION, None, ArgumentTypeError),
    (BY_SEAT, 2, ArgumentValueError),
    (BY_SEAT, -1, ArgumentValueError),
    (BY_SEAT, "0", ArgumentTypeError),
    (BY_SEAT, True, ArgumentTypeError),
    (BY_SEAT, 1.0, ArgumentTypeError),
]


@pytest.mark.parametrize(
    ("entries", "value", "error"),
    CASES,
    ids=[f"{_LABELS[id(e)]}={v!r}" for e, v, _ in CASES],
)
def test_every_entry_point_refuses_a_bad_value_with_the_same_class(
    entries: dict[str, Entry], value: Any, error: type[Exception]
) -> None:
    got = {}
    for name, entry in entries.items():
        try:
            entry(value)
        except Exception as exc:  # the class is what is compared
            got[name] = type(exc).__name__
        else:
            got[name] = "accepted"
    assert got == dict.fromkeys(entries, error.__name__)


def test_a_numpy_integer_is_a_whole_number_everywhere() -> None:
    # What an environment's action space samples: taken like an int, not refused as a type.
    s = cardrules.new_session(GAME, players=np.int64(2), seed=np.int64(1), dealer=np.int64(0))
    assert s.players == 2 and s.hand(np.int64(1)) == s.hand(1)
    e = gymnasium.env(GAME)
    _, info = e.reset(seed=1)
    _, _, _, _, after = e.step(np.int64(info["action_mask"].argmax()))
    assert after["illegal_action"] is False


def test_the_openspiel_game_refuses_a_table_size_as_the_session_does() -> None:
    # OpenSpiel checks its parameters' types itself (an int for players); the value is ours.
    for players in (1, 3, 99):
        with pytest.raises(ArgumentValueError):
            pyspiel.load_game("python_cardrules", {"variant": GAME, "players": players})
        with pytest.raises(ArgumentValueError):
            cardrules.Session(RULES, players)
