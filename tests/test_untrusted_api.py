"""The API refuses wrong types and values with named errors that say what was expected."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.errors import ArgumentTypeError, ArgumentValueError, CardRulesError


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        ((None,), {}, ArgumentTypeError, "name_or_path"),
        ((3,), {}, ArgumentTypeError, "got a int"),
        (("",), {}, ArgumentValueError, "name_or_path"),
        (("put",), {"house_rules": [None]}, ArgumentTypeError, "house_rules"),
        (("put",), {"house_rules": 3}, ArgumentTypeError, "house_rules"),
        (("put",), {"house_rules": {"a": 1}}, ArgumentTypeError, "house_rules"),
        (("put",), {"overrides": [1]}, ArgumentTypeError, "overrides"),
        (("put",), {"overrides": {3: 1}}, ArgumentTypeError, "overrides"),
        (("put",), {"search_path": "shared"}, ArgumentValueError, "not a folder"),
        (("put",), {"search_path": [None]}, ArgumentTypeError, "search_path"),
    ],
)
def test_load_variant_refuses_junk(
    args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as info:
        cardrules.load_variant(*args, **kwargs)
    assert words in str(info.value)
    assert isinstance(info.value, CardRulesError)


def test_validate_refuses_junk_arguments_but_never_a_bad_file(tmp_path: Path) -> None:
    with pytest.raises(ArgumentTypeError):
        cardrules.validate(None)  # type: ignore[arg-type]
    (tmp_path / "x.yaml").write_bytes(b"\x00\xff")
    assert cardrules.validate(tmp_path / "x.yaml")


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        ((3,), {}, ArgumentTypeError, "variant"),
        ((None,), {}, ArgumentTypeError, "variant"),
        (("put",), {"players": "2"}, ArgumentTypeError, "players"),
        (("put",), {"players": True}, ArgumentTypeError, "players"),
        (("put",), {"players": 1}, ArgumentValueError, "players"),
        (("put",), {"seed": 1.5}, ArgumentTypeError, "seed"),
        (("put",), {"seed": -1}, ArgumentValueError, "seed"),
        (("put",), {"seed": 2**64}, ArgumentValueError, "seed"),
        (("put",), {"house_rules": [1]}, ArgumentTypeError, "house_rules"),
        (("put",), {"overrides": "x"}, ArgumentTypeError, "overrides"),
    ],
)
def test_new_session_refuses_junk(
    args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as info:
        cardrules.new_session(*args, **kwargs)
    assert words in str(info.value)


def test_the_largest_seed_a_record_stores_is_accepted() -> None:
    s = cardrules.new_session("put", seed=2**64 - 1)
    assert cardrules.replay(s.record()) == s


def test_integers_too_long_to_write_out_are_refused_by_name() -> None:
    huge = 10**5000  # more digits than Python writes out
    with pytest.raises(ArgumentValueError, match="5001 digits"):
        cardrules.new_session("put", seed=huge)
    with pytest.raises(ArgumentValueError, match="5001 digits"):
        cardrules.load_variant("put", overrides={"wagers.stake_loo": huge})
    record = cardrules.new_session("put", seed=1).record()
    record["players"] = huge
    with pytest.raises(CardRulesError, match="5001 digits"):
        cardrules.replay(record)
