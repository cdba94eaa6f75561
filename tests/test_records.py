"""Game records are checked by their schema before anything is replayed, and replay
anywhere under their own rules."""

from __future__ import annotations

import copy
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.api import load_record, record_problems, replay
from cardrules.engine.record import dumps, replay_under
from cardrules.errors import CardRulesError, FileError, RecordError
from cardrules.files import LIMITS, RECORD
from cardrules.rules.bundled import SOURCE_ROOT
from cardrules.rules.dataschemas import MAX_INT, record_schema, rulings_schema
from cardrules.rules.schemagen import generated_schemas, schema_text


def _played(variant: str = "three-card-loo", steps: int = 12, **kw: Any) -> cardrules.Session:
    s = cardrules.new_session(variant, seed=7, **kw)
    for _ in range(steps):
        if s.is_over or s.to_move is None:
            break
        s.apply(s.legal_actions()[0])
    return s


def test_the_committed_schemas_are_up_to_date() -> None:
    for name, text in generated_schemas().items():
        committed = (SOURCE_ROOT / "schemas" / name).read_text("utf-8")
        assert committed == text, f"run: python -m cardrules.rules.schemagen ({name})"
    assert schema_text(record_schema()).startswith("{")
    assert rulings_schema()["additionalProperties"] is False


@pytest.mark.parametrize("variant", ["five-card-loo", "put", "put-four-handed", "irish-loo"])
def test_a_record_replays_to_the_same_session(variant: str) -> None:
    s = _played(variant, 20)
    record = json.loads(dumps(s.record()))
    assert record_problems(record) == []
    assert replay(record) == s


def test_records_with_wrong_types_are_refused_before_replay() -> None:
    good = _played().record()
    cases: dict[str, Any] = {
        "pool 1.5": ("start", "pool", 1.5),
        "pool -5": ("start", "pool", -5),
        "float scores": ("start", "scores", [1.0, 0.0, -1.0]),
        "first_deal no": ("start", "first_deal", "no"),
        "dealer 70 of 3": ("start", "dealer", 70),
        "players text": (None, "players", "3"),
        "seed negative": (None, "seed", -1),
        "hash not hex": ("rules", "hash", "zz"),
        "huge pool": ("start", "pool", MAX_INT + 1),
    }
    for label, (section, key, value) in cases.items():
        bad = copy.deepcopy(good)
        (bad[section] if section else bad)[key] = value
        assert record_problems(bad), label
        with pytest.raises(RecordError):
            replay(bad)
    bad = copy.deepcopy(good)
    del bad["rules"]["hash"]
    assert [p.message for p in record_problems(bad)] == ["rules: 'hash' is missing"]
    bad = copy.deepcopy(good)
    bad["acitons"] = bad.pop("actions")
    problems = record_problems(bad)
    assert any(p.suggestion == "did you mean 'actions'?" for p in problems), problems


def test_the_engine_replay_refuses_hand_made_records_with_named_errors() -> None:
    s = _played()
    good = s.record()
    for key, value in (("start", {"pool": "x"}), ("players", True), ("actions", [1, 2])):
        bad = copy.deepcopy(good)
        bad[key] = value
        with pytest.raises(RecordError):
            replay_under(bad, s.rules)


def test_a_record_of_a_users_file_replays_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tmp_path / "made"
    made.mkdir()
    (made / "ours.yaml").write_text(
        "name: ours\nkind: game\nextends: three-card-loo\nwagers: {stake_loo: 5}\n", "utf-8"
    )
    monkeypatch.chdir(made)
    s = _played("ours.yaml", 9, players=3)
    text = dumps(s.record())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "r.json").write_text(text, "utf-8")
    monkeypatch.chdir(elsewhere)
    again = replay(load_record("r.json"))
    assert again == s and again.rules.wagers.stake_loo == 5
    # The rule file changed since: found beside the record, it no longer has its hash.
    (made / "ours.yaml").write_text(
        "name: ours\nkind: game\nextends: three-card-loo\nwagers: {stake_loo: 4}\n", "utf-8"
    )
    monkeypatch.chdir(made)
    with pytest.raises(RecordError, match="rules have changed"):
        replay(json.loads(text))


def test_a_record_never_reads_a_file_outside_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("the-secret-words: 1\n", "utf-8")
    s = _played()
    record = s.record()
    record["rules"]["variant"] = str(secret)
    record["rules"]["house_rules"] = ["../secret.yaml"]
    inner = tmp_path / "inner"
    inner.mkdir()
    monkeypatch.chdir(inner)
    assert replay(record) == s  # under the effective rules it carries
    del record["rules"]["effective"]
    with pytest.raises(RecordError) as info:
        replay(record)
    assert "the-secret-words" not in str(info.value)


def test_tampered_effective_rules_are_checked_like_a_rule_file() -> None:
    record = _played().record()
    record["rules"]["variant"] = None
    record["rules"]["effective"]["wagers"]["stake_loo"] = 10**30
    with pytest.raises(RecordError) as info:
        replay(record)
    assert "wagers.stake_loo: 1000000000000000000000000000000 is more than" in str(info.value)
    record["rules"]["effective"]["wagers"]["stake_loo"] = 10**400
    with pytest.raises(RecordError, match="an integer of about 401 digits"):
        replay(record)
    record = _played().record()
    record["rules"]["variant"] = None
    record["rules"]["effective"]["wagers"]["stake_loo"] = 7
    with pytest.raises(RecordError, match="do not match its hash"):
        replay(record)


def test_record_files_are_bounded(tmp_path: Path) -> None:
    def refused(text: str | bytes, kind: str) -> None:
        path = tmp_path / "r.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        start = time.monotonic()
        with pytest.raises(FileError) as info:
            load_record(path)
        assert time.monotonic() - start < 5
        assert info.value.kind == kind

    refused("[" * 100_000, "too-deep")
    refused('{"players": ' + "9" * 5000 + "}", "number")
    refused(b"{" + b" " * (LIMITS[RECORD] + 1) + b"}", "too-large")
    refused(b"\xff", "encoding")
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(FileError):
        load_record(tmp_path / "pipe.json")
    (tmp_path / "list.json").write_text("[1, 2]", "utf-8")
    with pytest.raises(RecordError):
        load_record(tmp_path / "list.json")


def test_errors_are_all_cardrules_errors() -> None:
    junks: list[object] = [None, 3, "x", [], {"format": "cardrules-record/1"}]
    for junk in junks:
        with pytest.raises(CardRulesError):
            replay(junk)  # type: ignore[arg-type]


def test_deep_data_handed_from_python_is_refused_not_a_recursion_error() -> None:
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    record = _played().record()
    record["rules"]["overrides"] = {"wagers": {"stake_loo": deep}}
    with pytest.raises(RecordError, match="nested more than"):
        replay(record)
    with pytest.raises(CardRulesError, match="nested more than"):
        cardrules.load_variant("put", overrides={"wagers": {"stake_loo": deep}})


def test_a_record_files_mistakes_are_located_by_line_and_column(tmp_path: Path) -> None:
    record = _played("put", 3).record()
    record["start"]["pool"] = 1.5
    record["acitons"] = record.pop("actions")
    path = tmp_path / "r.json"
    path.write_text(dumps(record), "utf-8")
    lines = path.read_text("utf-8").splitlines()
    pool_line = next(i for i, line in enumerate(lines, 1) if '"pool": 1.5' in line)
    typo_line = next(i for i, line in enumerate(lines, 1) if '"acitons"' in line)
    with pytest.raises(RecordError) as info:
        load_record(path)
    message = str(info.value)
    assert f"{path}:{pool_line}:11: error: start.pool: expected a whole number" in message
    assert f"{path}:{typo_line}:2: error: unknown key 'acitons' (did you mean 'actions'?)" in (
        message
    )


def test_a_dealer_off_the_table_is_refused_not_wrapped() -> None:
    for dealer in (3, 7, 51):
        record = _played("three-card-loo", 0, players=3).record()
        record["start"]["dealer"] = dealer
        with pytest.raises(RecordError, match="not a seat at a table of 3"):
            replay(record)
    record = _played("three-card-loo", 0, players=3).record()
    record["start"]["dealer"] = -1
    with pytest.raises(RecordError, match="less than the minimum 0"):
        replay(record)


def test_a_record_keeps_the_pause_at_the_end_of_a_deal() -> None:
    s = cardrules.new_session("put", seed=2, pause_at_deal_end=True)
    while not s.deal_over:
        s.apply(s.legal_actions()[0])
    record = s.record()
    assert record["pause_at_deal_end"] is True
    assert record_problems(record) == []
    again = replay(record)
    assert again.pause_at_deal_end is True
    assert again.deal_over and again.to_move == -1
    assert again.to_json() == s.to_json()
    s.next_deal()
    s.apply(s.legal_actions()[0])
    later = replay(s.record())
    assert later.deals_played == s.deals_played >= 1
    assert later.to_json() == s.to_json()


def test_a_record_without_the_pause_replays_without_it() -> None:
    s = cardrules.new_session("put", seed=2)
    s.apply(s.legal_actions()[0])
    record = s.record()
    assert "pause_at_deal_end" not in record
    assert replay(record).pause_at_deal_end is False
    with pytest.raises(RecordError, match="pause_at_deal_end"):
        replay_under({**record, "pause_at_deal_end": "yes"}, s.rules)
