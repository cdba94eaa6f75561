"""The effective rules as plain data: for records and positions, and their fingerprint.

>>> from cardrules.rules.model import Rules
>>> rules_from_json(rules_json(Rules())) == Rules()
True
"""

from __future__ import annotations

import enum
import hashlib
import json
from typing import Any

import attrs

from cardrules.errors import RecordError
from cardrules.rules.model import Rules, from_mapping

__all__ = ["rules_from_json", "rules_hash", "rules_json"]


def rules_json(rules: Rules) -> dict[str, Any]:
    """The effective rules as plain JSON data (enum values as their words)."""

    def convert(_inst: Any, field: Any, value: Any) -> Any:
        if isinstance(value, enum.Enum):
            return value.value
        if field is not None and field.metadata.get("schema", {}).get("type") == "object":
            return dict(value)  # a table of values (card points), kept as sorted pairs
        if isinstance(value, tuple):
            return list(value)
        return value

    return attrs.asdict(rules, value_serializer=convert)


def rules_hash(rules: Rules) -> str:
    """A short fingerprint of the effective rules (names and descriptions excluded, and the
    game's own words, which change no rule).

    >>> len(rules_hash(Rules()))
    16
    """
    data = rules_json(rules)
    for key in (
        "name",
        "title",
        "aliases",
        "description",
        "sources",
        "house_rules",
        "kind",
        "words",
    ):
        data.pop(key, None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def rules_from_json(data: Any) -> Rules:
    """The rules model from :func:`rules_json` output.

    The data is read into the model field by field; it is not a rule file, and it is
    not validated as one: a position or record from a stranger should be read with the
    rules its reader loaded (and checked by its hash).
    """
    if not isinstance(data, dict):
        raise RecordError("the rules of a position must be a mapping")
    try:
        rules = from_mapping(Rules, data)
    except (TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"the rules of the position cannot be read: {exc}") from None
    if not isinstance(rules, Rules):  # pragma: no cover - from_mapping builds the class given
        raise RecordError("the rules of the position cannot be read")
    return rules
