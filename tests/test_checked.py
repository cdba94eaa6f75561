"""Loading a bundled game skips the schema check only for data known to pass it.

``schemas/bundled-checked.json`` lists the digest of each bundled file's data that passed
the schema, and the schema's digest (cardrules.rules.checked); whether the list is current
is checked with the other generated schemas (tests/test_records.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.rules import checked
from cardrules.rules.bundled import data_dir
from cardrules.rules.checked import CHECKED_FILE, data_digest, known_valid
from cardrules.rules.overlay import RuleFile
from cardrules.rules.validation import SCHEMA_FILE, schema_problems
from cardrules.rules.yamlsafe import read_document

BUNDLED = sorted(e.name for e in data_dir("variants").iterdir() if e.name.endswith(".yaml"))


def _data(name: str) -> object:
    doc, _ = read_document((data_dir("variants") / name).read_bytes(), f"variants/{name}")
    return doc.data


def test_loading_a_bundled_game_in_a_new_process_imports_no_jsonschema() -> None:
    code = (
        "import sys, cardrules; cardrules.load_variant('five-card-loo', ['club-law']); "
        "print('jsonschema' in sys.modules, 'referencing' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("name", BUNDLED)
def test_a_listed_file_passes_the_schema_when_checked(name: str) -> None:
    data = _data(name)
    assert known_valid(name, data)
    assert schema_problems(RuleFile.of(data, f"variants/{name}")) == []


def test_changed_data_is_checked_and_its_mistake_found() -> None:
    data = _data("three-card-loo.yaml")
    assert isinstance(data, dict)
    changed = {**data, "deal": {**data.get("deal", {}), "hand_size": 3.0}}  # 3 became 3.0
    assert not known_valid("three-card-loo.yaml", changed)
    assert not known_valid("five-card-loo.yaml", data)  # another file's name
    assert [p.kind for p in schema_problems(RuleFile.of(changed, "f.yaml"))] == ["type"]


def test_data_json_cannot_hold_is_never_known() -> None:
    assert data_digest({"a": {1, 2}}) is None
    assert not known_valid("three-card-loo.yaml", {"a": {1, 2}})


def _shipped_list(folder: Path, schema_text: str) -> None:
    (folder / SCHEMA_FILE).write_text(schema_text, encoding="utf-8")
    listed = (data_dir("schemas") / CHECKED_FILE).read_text(encoding="utf-8")
    (folder / CHECKED_FILE).write_text(listed, encoding="utf-8")


def test_a_list_made_for_another_schema_lists_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = (data_dir("schemas") / SCHEMA_FILE).read_text(encoding="utf-8")
    data = _data("put.yaml")
    for schema_text, known in ((shipped, True), (shipped + " ", False)):
        _shipped_list(tmp_path, schema_text)
        monkeypatch.setattr(checked, "data_dir", lambda folder: tmp_path)
        monkeypatch.setattr(checked, "_KNOWN", [])
        assert known_valid("put.yaml", data) is known


def test_a_missing_or_broken_list_lists_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checked, "data_dir", lambda folder: tmp_path)
    for text in (None, "{", json.dumps({"schema": 5}), json.dumps([1])):
        if text is not None:
            (tmp_path / CHECKED_FILE).write_text(text, encoding="utf-8")
        monkeypatch.setattr(checked, "_KNOWN", [])
        assert not known_valid("put.yaml", _data("put.yaml"))
