"""Rulings files are checked by their schema before they run; a bad one is reported and
the rest of the folder still runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rulefiles import ALL_PASS_RULING as GOOD

from cardrules.errors import CardRulesError, RecordError
from cardrules.tools.rulings import (
    RulingResult,
    load_ruling,
    parse_ruling,
    report,
    run_paths,
    run_ruling,
)


def _refusal(text: str) -> str:
    with pytest.raises(RecordError) as info:
        parse_ruling(text, "r.yaml")
    return str(info.value)


def test_the_good_ruling_passes() -> None:
    assert run_ruling(parse_ruling(GOOD, "r.yaml")).ok


def test_a_misspelt_key_gets_did_you_mean_at_its_place() -> None:
    message = _refusal(GOOD.replace("dealer: 2", "deeler: 2"))
    assert "r.yaml:5:1: error: unknown key 'deeler' (did you mean 'dealer'?)" in message
    assert "'dealer' is missing" in message
    message = _refusal(GOOD.replace("expect: {ended_by", "expect: {endd_by"))
    assert "did you mean 'ended_by'?" in message


@pytest.mark.parametrize(
    ("old", "new", "word"),
    [
        ("players: 3", "players: '3'", "players"),
        ("dealer: 2", "dealer: two", "dealer"),
        ("dealer: 2", "dealer: 7", "not a seat at a table of 3"),
        ("dealer: 2", "dealer: -1", "less than the minimum 0"),
        ('steps: ["0: throw-up", "1: throw-up"]', 'steps: "0: throw-up"', "steps"),
        (
            "expect: {ended_by: all_pass, net: [0, 0, 0], pool: 0, single: true}",
            "expect: [1]",
            "expect",
        ),
        ("net: [0, 0, 0]", "net: [0.5, 0, 0]", "net[0]"),
        ("pool: 0,", "pool: 10000000000000,", "pool"),
        ("turn_up: 2C", "turn_up: 22", "turn_up"),
        ("hands: [[2S", "hands: [[2X", "hands[0][0]"),
        ('"1: throw-up"', '{reject: "1: stand", becuase: x}', "did you mean 'because'?"),
    ],
)
def test_wrong_types_are_located_errors(old: str, new: str, word: str) -> None:
    assert old in GOOD
    assert word in _refusal(GOOD.replace(old, new, 1))


def test_all_mistakes_are_reported_at_once() -> None:
    message = _refusal(GOOD.replace("players: 3", "players: x").replace("pool: 0,", "pool: -1,"))
    assert "players" in message and "pool" in message


def test_an_unreadable_reject_step_fails() -> None:
    text = GOOD.replace('"1: throw-up"]', '"1: throw-up", {reject: "0: dance wildly"}]')
    result = run_ruling(parse_ruling(text, "r.yaml"))
    assert not result.ok
    assert "refuse" in str(result.failures[0])


def test_a_bad_file_is_reported_and_the_folder_still_runs(tmp_path: Path) -> None:
    (tmp_path / "a-good.yaml").write_text(GOOD, "utf-8")
    (tmp_path / "b-bad.yaml").write_text(GOOD.replace("dealer: 2", "deeler: 2"), "utf-8")
    (tmp_path / "c-junk.yaml").write_bytes(b"\xff\xfe")
    os.mkfifo(tmp_path / "d-pipe.yaml")
    (tmp_path / "e-good.yaml").write_text(GOOD.replace("All pass", "All pass again"), "utf-8")
    results = run_paths([tmp_path])
    assert len(results) == 5
    oks = [r.ruling.title for r in results if isinstance(r, RulingResult) and r.ok]
    assert oks == ["All pass", "All pass again"]
    errors = {Path(r[0]).name: r[1] for r in results if isinstance(r, tuple)}
    assert set(errors) == {"b-bad.yaml", "c-junk.yaml", "d-pipe.yaml"}
    assert "FIFO" in errors["d-pipe.yaml"]
    text, failed = report(results)
    assert failed == 3
    for name in ("a-good.yaml", "b-bad.yaml", "c-junk.yaml", "d-pipe.yaml", "e-good.yaml"):
        assert name in text  # every file run is named
    assert text.splitlines()[-1] == "2 passed, 3 failed"


def test_a_variant_path_stays_in_the_rulings_folder(tmp_path: Path) -> None:
    (tmp_path / "secret.yaml").write_text("the-secret-words: 1\n", "utf-8")
    inner = tmp_path / "rulings"
    inner.mkdir()
    path = inner / "r.yaml"
    path.write_text(GOOD.replace("three-card-loo", "../secret.yaml"), "utf-8")
    result = run_ruling(load_ruling(path))
    assert not result.ok
    assert "the-secret-words" not in str(result.failures[0])
    assert "leads out" in str(result.failures[0])


def test_loading_refuses_only_with_cardrules_errors(tmp_path: Path) -> None:
    for body in (b"", b"- a\n- b\n", b"[", b"title: [\n", b"\x00"):
        (tmp_path / "r.yaml").write_bytes(body)
        with pytest.raises(CardRulesError):
            load_ruling(tmp_path / "r.yaml")
