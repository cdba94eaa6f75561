"""A position of unknown origin is read only when its cards can be: every card a card of
the pack and in one place only; otherwise RecordError says where and why."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import cardrules
from cardrules.api import load_state
from cardrules.errors import RecordError


def _position() -> dict[str, Any]:
    return cardrules.new_session("put", seed=2).to_json()


def test_a_card_beyond_the_pack_is_refused_where_it_lies() -> None:
    data = _position()
    data["state"]["deal"]["cards"]["hands"][0][0] = 52
    kept = copy.deepcopy(data)
    for read in (load_state, cardrules.Session.from_json):
        with pytest.raises(RecordError, match=r"deal is impossible: hands\[0\]: 52 is not a card"):
            read(data)
    assert data == kept


def test_a_card_in_two_hands_is_refused() -> None:
    data = _position()
    hands = data["state"]["deal"]["cards"]["hands"]
    hands[1][0] = hands[0][0]
    with pytest.raises(
        RecordError, match=r"card \d+ is in two places \(hands\[0\] and hands\[1\]\)"
    ):
        load_state(data)


def test_a_card_both_in_a_hand_and_in_the_stock_is_refused() -> None:
    data = _position()
    cards = data["state"]["deal"]["cards"]
    cards["stock"][0] = cards["hands"][1][0]
    with pytest.raises(RecordError, match=r"in two places \(hands\[1\] and stock\)"):
        cardrules.Session.from_json(data)


def test_a_table_with_a_hand_too_few_is_refused() -> None:
    data = _position()
    del data["state"]["deal"]["cards"]["hands"][-1]
    with pytest.raises(RecordError, match="expected 3 hands"):
        load_state(data)


def test_a_sound_position_still_reads() -> None:
    s = cardrules.new_session("put", seed=2)
    assert load_state(s.to_json()) == s
