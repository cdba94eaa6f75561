"""Merging plain rule data: deep merges, dotted overrides, and the paths of the format.

These are the data operations :mod:`cardrules.rules.overlay` builds its layers with.

>>> deep_merge({"deal": {"hand_size": 3}}, {"deal": {"miss": False}})
{'deal': {'hand_size': 3, 'miss': False}}
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.rules.model import Rules, field_class, settable

__all__ = ["copy_data", "deep_merge", "model_paths", "nest_overrides"]


def deep_merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """The merge of two mappings: mappings merge deeply, anything else replaces.

    Neither argument is changed.

    >>> deep_merge({"deal": {"hand_size": 3, "packets": [1]}, "name": "a"},
    ...            {"deal": {"packets": [3, 2]}, "pack": {"cards": "piquet32"}})
    {'deal': {'hand_size': 3, 'packets': [3, 2]}, 'name': 'a', 'pack': {'cards': 'piquet32'}}
    """
    out: dict[str, Any] = copy_data(dict(base))
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = copy_data(value)
    return out


def nest_overrides(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Overrides as one nested mapping: dotted keys are split, enums become their words,
    tuples become lists.

    >>> nest_overrides({"wagers.loo": "mixed", "wagers": {"mixed_cap": 20}, "deal.packets": (3, 2)})
    {'wagers': {'loo': 'mixed', 'mixed_cap': 20}, 'deal': {'packets': [3, 2]}}
    """
    out: dict[str, Any] = {}
    for key, value in overrides.items():
        parts = str(key).split(".")
        nested: Any = _plain(value)
        for part in reversed(parts[1:]):
            nested = {part: nested}
        out = deep_merge(out, {parts[0]: nested})
    return out


def model_paths() -> dict[str, bool]:
    """Every dotted path a rule file may set, mapped to whether it is a section.

    The model's derived rules (:func:`~cardrules.rules.model.settable`) are not.

    >>> paths = model_paths()
    >>> paths["promoted.card"], paths["special_hands.flush"], "deal.hand_sizes" in paths
    (False, True, False)
    """
    if not _MODEL_PATHS:

        def walk(cls: type, prefix: str) -> None:
            for field in attrs.fields(cls):
                if not settable(field):
                    continue
                path = prefix + field.name
                sub = field_class(cls, field.name)
                is_section = attrs.has(sub)
                _MODEL_PATHS[path] = is_section
                if is_section:
                    walk(sub, path + ".")

        walk(Rules, "")
    return _MODEL_PATHS


_MODEL_PATHS: dict[str, bool] = {}


def copy_data(value: Any) -> Any:
    """A copy of plain data deep enough that merging never changes a file's data.

    >>> data = {"a": [1]}
    >>> copy_data(data)["a"] is data["a"]
    False
    """
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    """Python values as rule-file data: enums as their words, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
