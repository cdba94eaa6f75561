"""The field makers of the rules model: an option with its documentation and source, a
rule derived from another, a nested section.

The sections of :mod:`cardrules.rules.model` (and :mod:`cardrules.rules.contracts`) are
frozen attrs classes built from these; the schema generator reads the metadata they leave.

>>> import attrs
>>> @attrs.frozen
... class Example:
...     size: int = opt(3, "How many.", minimum=1)
>>> attrs.fields(Example).size.metadata["doc"], settable(attrs.fields(Example).size)
('How many.', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["derived", "opt", "section", "settable"]


def opt(default: Any, doc: str, *, source: str = "", **schema: Any) -> Any:
    """A model field with its documentation (shown in editors) and its source.

    ``source`` names the docs/sources.md rule or disagreement (``D17``) the option
    follows; ``schema`` adds JSON Schema keywords (``minimum``, ``pattern``...).
    """
    meta = {"doc": doc, "source": source, "schema": schema}
    if isinstance(default, (list, tuple)):
        return attrs.field(default=tuple(default), metadata=meta)
    return attrs.field(default=default, metadata=meta)


def derived(compute: Callable[[Any], Any], doc: str, *, follows: str, source: str = "") -> Any:
    """A rule that follows from another option of its section (``follows``, its field
    name): computed, never set.

    ``compute`` receives the section being built, its settable fields already set.
    """
    factory = attrs.Factory(compute, takes_self=True)
    meta = _meta(doc, source) | {"follows": follows}
    return attrs.field(default=factory, init=False, metadata=meta)


def _meta(doc: str, source: str) -> dict[str, Any]:
    return {"doc": doc, "source": source, "schema": {}}


def settable(field: attrs.Attribute[Any]) -> bool:
    """Whether a rule file may set ``field`` (a :func:`derived` rule may not).

    >>> from cardrules.rules.model import Flush
    >>> settable(attrs.fields(Flush).destination), settable(attrs.fields(Flush).next_deal)
    (True, False)
    """
    return field.init


def section(cls: type) -> Any:
    """A nested section field whose default is the section's defaults."""
    return attrs.field(
        factory=cls,
        metadata={"doc": (cls.__doc__ or "").strip().split("\n\n")[0], "source": "", "schema": {}},
    )
