"""The bundled rule files known to pass the schema, so that loading one need not check it.

Checking a file against the JSON Schema means importing jsonschema and building its
validator: about half of what loading a bundled game costs in a new process (a command
line's start). The bundled files are checked when the schemas are written
(``python -m cardrules.rules.schemagen``), which lists in ``schemas/bundled-checked.json``
the digest of each one's data that passed, with the digest of the schema it passed.
A bundled file whose data and schema have those digests passes again (the check depends
on nothing else), and is not checked; any other file, or one changed since, is checked
in full. ``tests/test_records.py`` (the generated schemas are current) keeps the list in
step with the files.

>>> from cardrules.rules.loader import load_variant
>>> _ = load_variant("three-card-loo")
>>> known_valid("three-card-loo.yaml", {"name": "three-card-loo"})  # not its data
False
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from cardrules.rules.bundled import data_dir
from cardrules.rules.validation import SCHEMA_FILE

__all__ = ["CHECKED_FILE", "checked_text", "data_digest", "known_valid"]

#: The list of bundled files known to pass the schema, beside the schemas.
CHECKED_FILE = "bundled-checked.json"

_KNOWN: list[dict[str, str]] = []


def data_digest(data: object) -> str | None:
    """The SHA-256 of a file's data as canonical JSON (keys sorted; ``5`` and ``5.0``
    differ), or None for data JSON cannot hold (which is then always checked).

    >>> data_digest({"b": 1, "a": [True, 2.0]}) == data_digest({"a": [True, 2.0], "b": 1})
    True
    >>> data_digest({"a": 5}) == data_digest({"a": 5.0}), data_digest({1j})
    (False, None)
    """
    try:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def checked_text(schema_text: str, passed: Mapping[str, object]) -> str:
    """The text of ``schemas/bundled-checked.json``: the digest of ``schema_text`` and of
    the data of each file of ``passed`` (file name: data, each known to pass that schema).

    >>> listed = json.loads(checked_text("{}", {"a.yaml": {"name": "a"}}))
    >>> listed["schema"][:8], list(listed["files"])
    ('44136fa3', ['a.yaml'])
    """
    files = {}
    for name in sorted(passed):
        digest = data_digest(passed[name])
        if digest is not None:
            files[name] = digest
    document = {
        "about": f"The bundled rule files known to pass {SCHEMA_FILE}: the SHA-256 of each "
        "one's data as canonical JSON, and of the schema. Written by python -m "
        "cardrules.rules.schemagen.",
        "schema": hashlib.sha256(schema_text.encode("utf-8")).hexdigest(),
        "files": files,
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _known() -> dict[str, str]:
    """The shipped list's files, when it is of the shipped schema (else none)."""
    if not _KNOWN:
        found: dict[str, str] = {}
        folder = data_dir("schemas")
        try:
            listed = json.loads((folder / CHECKED_FILE).read_text(encoding="utf-8"))
            schema_bytes = (folder / SCHEMA_FILE).read_bytes()
            if listed["schema"] == hashlib.sha256(schema_bytes).hexdigest():
                found = {str(k): str(v) for k, v in dict(listed["files"]).items()}
        except (OSError, ValueError, KeyError, TypeError):
            pass  # no list, or not one of this schema: every file is checked
        _KNOWN.append(found)
    return _KNOWN[0]


def known_valid(file_name: str, data: Any) -> bool:
    """Whether the bundled file ``file_name`` with this ``data`` is listed as passing the
    shipped schema (so that checking it again would find nothing)."""
    listed = _known().get(file_name)
    return listed is not None and listed == data_digest(data)
