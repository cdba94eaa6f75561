"""What a Python exception says: a problem located in a file keeps file:line:col; a problem
about an argument or an override, which has no file, is its message without a placeholder."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules.errors import RulesError, VariantNotFoundError


def test_an_unknown_name_is_said_without_a_placeholder_location() -> None:
    with pytest.raises(VariantNotFoundError) as caught:
        cardrules.load_variant("five-card-lu")
    assert str(caught.value) == (
        "no bundled game or house rule is named 'five-card-lu' (did you mean 'five-card-loo'?)"
    )


def test_a_bad_override_is_said_by_its_key() -> None:
    with pytest.raises(RulesError) as caught:
        cardrules.load_variant("three-card-loo", overrides={"wagers.loo": "nonsense"})
    text = str(caught.value)
    assert text.startswith("wagers.loo: 'nonsense' is not one of")
    assert "<overrides>" not in text and ":0:0" not in text


def test_a_missing_house_rule_and_a_missing_file() -> None:
    with pytest.raises(RulesError) as caught:
        cardrules.new_session("three-card-loo", ["no-such-rule"])
    assert str(caught.value) == "house rule 'no-such-rule': no house rule of that name"
    with pytest.raises(VariantNotFoundError) as missing:
        cardrules.load_variant("no/such/file.yaml")
    assert str(missing.value) == "no/such/file.yaml:0:0: error: no such file"  # a file, unread


def test_a_problem_in_a_file_keeps_its_line_and_column(tmp_path: Path) -> None:
    game = tmp_path / "game.yaml"
    game.write_text("extends: three-card-loo\nwagers:\n  loo: nonsense\n")
    with pytest.raises(RulesError) as caught:
        cardrules.load_variant(game)
    assert str(caught.value).startswith(f"{game}:3:8: error: wagers.loo: 'nonsense'")
