"""Generate the JSON Schema of rule files from the rules model.

The model (:mod:`cardrules.rules.model`) is the one statement of the format; the
schema in ``schemas/cardrules.schema.json`` is generated from it so that the
two never disagree. Run ``python -m cardrules.rules.schemagen`` after changing the
model; a test fails while the committed schema is out of date. The same command
writes the schemas of records and rulings files (:mod:`cardrules.rules.dataschemas`).

>>> schema = build_schema()
>>> schema["properties"]["following"]["properties"]["trump_when_void"]["enum"]
['if_can_head', 'always', 'any_trump', 'highest_trump', 'never']
"""

from __future__ import annotations

import enum
import json
import sys
import typing
from pathlib import Path
from typing import Any

import attrs

from cardrules.rules.bundled import SOURCE_ROOT, data_dir
from cardrules.rules.checked import CHECKED_FILE, checked_text
from cardrules.rules.dataschemas import (
    RECORD_SCHEMA_FILE,
    RULINGS_SCHEMA_FILE,
    record_schema,
    rulings_schema,
)
from cardrules.rules.model import Rules, field_class, settable
from cardrules.rules.validation import SCHEMA_FILE, strict_validator
from cardrules.rules.yamlsafe import read_document

SCHEMA_ID = "https://cardrules.invalid/schemas/cardrules.schema.json"

#: Keys of a rule file that are not rules: how the file is put together.
FILE_KEYS: dict[str, dict[str, Any]] = {
    "$schema": {"type": "string", "description": "The schema, for editors."},
    "extends": {
        "type": "string",
        "minLength": 1,
        "description": "The game this file changes: a bundled name, or a path relative to "
        "this file. Only the differences are written.",
    },
    "applies_to": {
        "type": "array",
        "items": {"type": "string"},
        "uniqueItems": True,
        "description": "For a house rule: the games it is written for (a game derived from one "
        "of them qualifies too).",
    },
    "unset": {
        "type": "array",
        "items": {"type": "string", "pattern": "^[a-z_]+(\\.[a-z_]+)*$"},
        "uniqueItems": True,
        "description": "Dotted keys removed from what this file inherits before its own "
        "values apply, so they return to the format's defaults "
        "(e.g. promoted.card).",
    },
}


def _type_schema(cls: type, name: str, default: Any) -> dict[str, Any]:
    ftype = field_class(cls, name)
    f = attrs.fields_dict(cls)[name]
    out: dict[str, Any] = {}
    if attrs.has(ftype):
        return _class_schema(ftype)
    if isinstance(ftype, type) and issubclass(ftype, enum.Enum):
        out["enum"] = [m.value for m in ftype]
        out["enumDescriptions"] = [f"{m.value} ({(ftype.__doc__ or '').strip()})" for m in ftype]
        out["default"] = default.value
    elif ftype is bool:
        out["type"] = "boolean"
        out["default"] = default
    elif ftype is int:
        out["type"] = ["integer", "null"] if _optional(cls, name) else "integer"
        out["default"] = default
    elif ftype is str:
        out["type"] = ["string", "null"] if _optional(cls, name) else "string"
        out["default"] = default
    elif ftype is tuple and f.metadata.get("schema", {}).get("type") == "object":
        out["default"] = dict(default)  # a table of values, kept as sorted pairs
    elif ftype is tuple:
        out["type"] = "array"
        out["default"] = list(default)
    else:  # pragma: no cover - a new annotation needs a rule here
        raise TypeError(f"no schema for {cls.__name__}.{name}: {ftype!r}")
    out.update(f.metadata.get("schema", {}))
    return out


def _optional(cls: type, name: str) -> bool:
    hint = typing.get_type_hints(cls)[name]
    return type(None) in typing.get_args(hint)


def _class_schema(cls: type) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for f in attrs.fields(cls):
        if not settable(f):
            continue  # a derived rule: no key of the format
        default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default  # type: ignore[arg-type]
        sub = _type_schema(cls, f.name, default)
        doc = f.metadata.get("doc", "")
        src = f.metadata.get("source", "")
        sub = {"description": doc + (f" [{src}]" if src else ""), **sub}
        props[f.name] = sub
    return {
        "type": "object",
        "title": cls.__name__,
        "description": (cls.__doc__ or "").strip().split("\n\n")[0],
        "properties": props,
        "additionalProperties": False,
    }


def build_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a rule file."""
    root = _class_schema(Rules)
    root["properties"] = {**FILE_KEYS, **root["properties"]}
    root["properties"]["house_rules"]["description"] = (
        "House rules applied on top, in order: bundled names or relative paths."
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "cardrules rule file",
        "description": "A trick-taking game or house rule for cardrules. Sections are "
        "mechanisms; a file that extends another states only what differs.",
        "type": "object",
        "properties": root["properties"],
        "additionalProperties": False,
    }


def schema_text(schema: dict[str, Any] | None = None) -> str:
    """A schema (the rule files' by default) as the text committed in ``schemas/``."""
    return (
        json.dumps(build_schema() if schema is None else schema, indent=2, ensure_ascii=False)
        + "\n"
    )


def generated_schemas() -> dict[str, str]:
    """Every file of ``schemas/`` and its text: the schemas of rule files, records and
    rulings, and the bundled rule files known to pass the first (:mod:`.checked`).

    >>> sorted(generated_schemas())
    ['bundled-checked.json', 'cardrules.schema.json', 'record.schema.json', 'rulings.schema.json']
    """
    rules_schema = schema_text()
    return {
        SCHEMA_FILE: rules_schema,
        RECORD_SCHEMA_FILE: schema_text(record_schema()),
        RULINGS_SCHEMA_FILE: schema_text(rulings_schema()),
        CHECKED_FILE: checked_text(rules_schema, bundled_passing(json.loads(rules_schema))),
    }


def bundled_passing(document: dict[str, Any]) -> dict[str, object]:
    """The bundled rule files (file name: data) that pass the schema ``document``, read
    as the loader reads them: what :mod:`cardrules.rules.checked` lists."""
    check = strict_validator(document)
    passing: dict[str, object] = {}
    for entry in sorted(data_dir("variants").iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        doc, problems = read_document(entry.read_bytes(), f"variants/{entry.name}")
        if not problems and check.is_valid(doc.data):
            passing[entry.name] = doc.data
    return passing


def write_generated(target: Path, text: str, argv: list[str] | None = None) -> int:
    """Write a generated file of the source tree, or with ``--check`` only compare it.

    Shared by the generators of the schema and of ``docs/format.md``.
    """
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        ok = target.exists() and target.read_text(encoding="utf-8") == text
        print(f"{target.name}: {'up to date' if ok else 'OUT OF DATE'}")
        return 0 if ok else 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.parent.name}/{target.name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Write the schemas into ``schemas/`` of the source tree (``--check`` only compares)."""
    codes = [
        write_generated(SOURCE_ROOT / "schemas" / name, text, argv)
        for name, text in generated_schemas().items()
    ]
    return max(codes)


if __name__ == "__main__":
    raise SystemExit(main())
