"""cardrules.files: only regular files are read, within bounds, without blocking."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest

from cardrules.errors import CardRulesError, FileError
from cardrules.files import (
    LIMITS,
    MAX_JSON_DEPTH,
    MAX_NAME,
    RECORD,
    RULE_FILE,
    RULINGS,
    check_writable,
    read_bytes,
    read_json,
    read_stream,
    read_text,
    write_text,
)


def _refused(call: object, kind: str) -> FileError:
    assert callable(call)
    start = time.monotonic()
    with pytest.raises(FileError) as info:
        call()
    assert time.monotonic() - start < 2, "refusing must not block"
    assert info.value.kind == kind, str(info.value)
    assert isinstance(info.value, CardRulesError)
    return info.value


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_bytes(b"\xef\xbb\xbfname: ours\n")
    assert read_text(path, RULE_FILE) == "name: ours\n"
    assert read_bytes(path, RULE_FILE) == b"\xef\xbb\xbfname: ours\n"


def test_a_fifo_is_refused_at_once_for_reading_and_writing(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    for what in (RULE_FILE, RECORD, RULINGS):
        error = _refused(lambda w=what: read_bytes(pipe, w), "not-regular")
        assert "FIFO" in error.problem.message and what in error.problem.message
    _refused(lambda: write_text(pipe, "{}"), "not-regular")
    _refused(lambda: check_writable(pipe), "not-regular")


def test_devices_and_folders_are_refused(tmp_path: Path) -> None:
    if os.path.exists("/dev/zero"):
        error = _refused(lambda: read_bytes("/dev/zero", RECORD), "not-regular")
        assert error.problem.message == "is a character device, not a game record"
        _refused(lambda: write_text("/dev/null", "x"), "not-regular")
    error = _refused(lambda: read_text(tmp_path, RULE_FILE), "not-regular")
    assert (error.problem.line, error.problem.column) == (0, 0)
    _refused(lambda: check_writable(tmp_path), "not-regular")


def test_missing_files_and_folders(tmp_path: Path) -> None:
    error = _refused(lambda: read_text(tmp_path / "none.yaml"), "missing")
    assert error.problem.message == "no such file"
    _refused(lambda: check_writable(tmp_path / "no" / "r.json"), "missing")
    assert check_writable(tmp_path / "new.json") == str(tmp_path / "new.json")


def test_bad_names_are_refused_before_the_system_sees_them(tmp_path: Path) -> None:
    _refused(lambda: read_text("a\x00b.yaml"), "name")
    _refused(lambda: read_text(""), "name")
    error = _refused(lambda: read_text("x" * (MAX_NAME + 1)), "name")
    assert len(error.problem.file) <= 80
    # Within MAX_NAME but longer than a file name may be: the system's refusal, located.
    _refused(lambda: read_text(tmp_path / ("a" * 300 + ".yaml")), "name")


def test_sizes_are_checked_before_and_while_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (LIMITS[RULE_FILE] + 1))
    error = _refused(lambda: read_bytes(big, RULE_FILE), "too-large")
    assert str(LIMITS[RULE_FILE]) in error.problem.message
    exact = tmp_path / "exact.yaml"
    exact.write_bytes(b"#" * LIMITS[RULE_FILE])
    assert len(read_bytes(exact, RULE_FILE)) == LIMITS[RULE_FILE]
    stream = io.BytesIO(b"x" * (LIMITS[RECORD] + 1))
    with pytest.raises(FileError, match="limit"):
        read_stream(stream, what=RECORD)


def test_bad_utf8_is_located(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"name: ok\ntitle: caf" + b"\xe9\n")
    error = _refused(lambda: read_text(path, RULE_FILE), "encoding")
    assert (error.problem.line, error.problem.column) == (2, 11)


def test_json_is_bounded(tmp_path: Path) -> None:
    def parse(text: str) -> object:
        return read_json(raw=text.encode(), name="r.json")

    assert parse('{"a": [1, 2.5, "x", null, true]}') == {"a": [1, 2.5, "x", None, True]}
    ok_depth = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert parse(ok_depth) is not None
    # Brackets inside strings do not count.
    assert parse('["' + "[" * 100 + '"]') == ["[" * 100]
    cases = {
        "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1): "too-deep",
        "[" * 100_000: "too-deep",
        '{"pool": ' + "9" * 5000 + "}": "number",
        '{"pool": NaN}': "number",
        '{"pool": -Infinity}': "number",
        '{"a": 1, "a": 2}': "duplicate-key",
        '{"a": 1,}': "syntax",
        "": "syntax",
    }
    for text, kind in cases.items():
        with pytest.raises(FileError) as info:
            parse(text)
        assert info.value.kind == kind, text[:40]
    with pytest.raises(FileError) as info:
        parse('{\n  "a": 1,\n  "b": }')
    assert (info.value.problem.line, info.value.problem.column) == (3, 8)


def test_write_text_replaces_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("a much longer old content")
    write_text(path, "{}")
    assert path.read_text() == "{}"
