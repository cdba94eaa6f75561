"""Generate the reference of the rule-file format (``docs/format.md``) from the model.

Like the JSON Schema, the reference is never written by hand: each section of
:mod:`cardrules.rules.model` becomes one table (key, values, default, meaning,
source), in the model's mechanism order, so the documentation cannot drift
from what the loader accepts. Run ``python -m cardrules.rules.formatdoc`` after
changing the model; a test fails while the committed page is out of date.

>>> text = format_markdown()
>>> row = [line for line in text.splitlines() if line.startswith("| `following.trump")][0]
>>> row.split(" | ")[0], row.split(" | ")[2]
('| `following.trump_when_void`', '`if_can_head`')
>>> print(row.split(" | ")[1])
`if_can_head` \\| `always` \\| `any_trump` \\| `highest_trump` \\| `never`
"""

from __future__ import annotations

import enum
import typing
from typing import Any

import attrs

from cardrules.rules.bundled import SOURCE_ROOT
from cardrules.rules.model import RETIRED, SECTIONS, Rules, field_class, settable
from cardrules.rules.schemagen import FILE_KEYS, write_generated

DOC_FILE = "format.md"

_INTRO = """\
# The rule-file format

<!-- Generated from the rules model by `python -m cardrules.rules.formatdoc`: do not edit. -->

A rule file is a YAML mapping. Besides a few keys that say what the file is
and how it is put together, it has one section per *mechanism*, in the order a
deal uses them: the pack, the promoted card, the deal, trumps, declarations,
the exchange, leads, following, tricks, special hands, challenges,
partnerships, wagers, settlement and the session. A new game recombines the
same sections. A last section, `words`, changes no rule: it gives the game's
own words for declaring, the pool, the penalty and the exchange, which its
rulebook uses (Bourré's play, pass, pot, bourré and draw for Loo's stand,
throw up, pool, looed and exchange). Every key is optional: a key left out
keeps the value it inherits (from the file named by `extends`), or else the
default shown here.

Values are YAML 1.2: only `true` and `false` are booleans (`yes`, `no`, `on`,
`off` are words), numbers are plain decimals, and `null` means "none". Ranks
that are digits must be quoted in lists (`["9", "8"]`), since a bare `9` is a
number. How to write a house rule is explained in the authoring guide
(`authoring.md`).

The *source* column gives the number of the rule (such as 1.1.12.3) or of the
disagreement between the old texts (such as D17) in the consolidated rules
(`sources.md`) that the option follows. Where the texts disagree, the default is
Peel's (1891) rule for Loo and Hoyle's for Put.

Every number has the bounds shown with it, chosen so that whatever validates is
played in bounded time; and with exchanging allowed (`exchange.mode` other than
`none`) a hand holds at most 8 cards, since a player may exchange any of them
(a hand of 8 offers 255 exchanges). References (`extends`, `house_rules`,
`applies_to`) stay in the folder of the file that names them (see the authoring
guide), and at most 32 files build on one another.
"""

_FILE_KEY_VALUES = {
    "$schema": "text",
    "extends": "a bundled name, or a path relative to this file, inside its folder",
    "applies_to": "list of game names",
    "unset": "list of dotted keys (`promoted.card`)",
}


def _escape(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + "."


def _code(value: Any) -> str:
    """A value as it is written in a rule file, in code type."""
    if value is None:
        return "`null`"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, enum.Enum):
        return f"`{value.value}`"
    if isinstance(value, (tuple, list)):
        return "`[" + ", ".join(str(v) for v in value) + "]`"
    if value == "":
        return '`""`'
    return f"`{value}`"


def _bounds(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f" {low} to {high}"
    if low is not None:
        return f" ≥ {low}"
    return ""


def _values(cls: type, name: str) -> str:
    """The values a field accepts, in words."""
    ftype = field_class(cls, name)
    f = attrs.fields_dict(cls)[name]
    schema: dict[str, Any] = f.metadata.get("schema", {})
    optional = type(None) in _hint_args(cls, name)
    if isinstance(ftype, type) and issubclass(ftype, enum.Enum):
        text = " | ".join(f"`{m.value}`" for m in ftype)
    elif ftype is bool:
        text = "`true` | `false`"
    elif ftype is int:
        text = "integer" + _bounds(schema)
    elif ftype is str:
        text = "text"
        pattern = schema.get("pattern", "")
        if "jack_of_trumps" in pattern:
            text = "a card (`JC`) or `jack_of_trumps`"
        elif "TJQKA" in pattern and "[SHDC]" in pattern:
            text = "a card (`2C`)"
        elif "[SHDC]" in pattern:
            text = "a suit (`S H D C`)"
    elif schema.get("type") == "object":
        text = "mapping of cards (`QS`) and suits (`H`) to integers" + _bounds(
            schema.get("additionalProperties", {})
        )
    elif ftype is tuple:
        items = schema.get("items", {})
        pattern = items.get("pattern", "")
        if "enum" in items:
            text = "list of " + " | ".join(f"`{v}`" for v in items["enum"])
        elif items.get("type") == "integer":
            text = "list of integers" + _bounds(items)
        elif "[SHDC]" in pattern and "TJQKA" not in pattern:
            text = "list of suits (`S H D C`)"
        elif ")?[SHDC]" in pattern:
            text = "list of cards (`QS`) and suits (`H`)"
        elif "[SHDC]" in pattern:
            text = "list of cards (`QS`)"
        elif "TJQKA" in pattern:
            text = "list of ranks (`A K Q J T 9` ... `2`)"
        else:
            text = "list of names" if pattern else "list of texts"
    else:  # pragma: no cover - a new annotation needs a rule here
        raise TypeError(f"no description for {cls.__name__}.{name}: {ftype!r}")
    return _escape(text + (", or `null`" if optional else ""))


def _hint_args(cls: type, name: str) -> tuple[Any, ...]:
    return typing.get_args(typing.get_type_hints(cls)[name])


def _rows(cls: type, prefix: str = "") -> list[str]:
    """Table rows of a section's fields; nested sections give dotted keys."""
    rows: list[str] = []
    for f in attrs.fields(cls):
        if not settable(f):
            continue  # a derived rule: no key of the format
        ftype = field_class(cls, f.name)
        if attrs.has(ftype):
            rows.extend(_rows(ftype, f"{prefix}{f.name}."))
            continue
        rows.append(_row(cls, f, prefix))
    return rows


def _row(cls: type, f: attrs.Attribute[Any], prefix: str) -> str:
    """One field's table row."""
    doc = _escape(f.metadata.get("doc", ""))
    source = _escape(f.metadata.get("source", ""))
    default = _code(f.default)
    if f.metadata.get("schema", {}).get("type") == "object":  # a table, kept as sorted pairs
        pairs: tuple[tuple[str, int], ...] = f.default or ()
        default = "`{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}`"
    return (
        f"| `{prefix}{f.name}` | {_values(cls, f.name)} | {_escape(default)} | {doc} | {source} |"
    )


_HEADER = ["| key | values | default | meaning | source |", "| --- | --- | --- | --- | --- |"]


def _file_table() -> list[str]:
    """The keys that say what a file is and how it is put together."""
    lines = [
        "## The file",
        "",
        "What the file is, and how it is put together from other files.",
        "",
        *_HEADER,
    ]
    for key, spec in FILE_KEYS.items():
        lines.append(
            f"| `{key}` | {_escape(_FILE_KEY_VALUES.get(key, 'text'))} | | "
            f"{_escape(spec.get('description', ''))} | |"
        )
    top = [f for f in attrs.fields(Rules) if f.name not in SECTIONS]
    lines.extend(_row(Rules, f, "") for f in top)
    return lines


def format_markdown() -> str:
    """The whole reference page, one table per section in mechanism order."""
    lines = [_INTRO, *_file_table()]
    fields = attrs.fields_dict(Rules)
    for name in SECTIONS:
        cls = field_class(Rules, name)
        title = name.replace("_", " ").capitalize()
        summary = " ".join((cls.__doc__ or "").strip().split("\n\n")[0].split())
        lines += ["", f"## {title} (`{name}`)", "", summary, "", *_HEADER, *_rows(cls, f"{name}.")]
        assert name in fields
    lines += ["", *_retired_table()]
    return "\n".join(lines) + "\n"


def _retired_table() -> list[str]:
    """The keys the format no longer has: a file that sets one is told why."""
    lines = [
        "## Keys no longer in the format",
        "",
        "Each of these was an option with only one value, or one that follows from another "
        "option. A file that still sets one gets an error at the key, saying why.",
        "",
        "| key | why | what to do |",
        "| --- | --- | --- |",
    ]
    for key, (reason, fix) in RETIRED.items():
        lines.append(f"| `{key}` | {_escape(_sentence(reason))} | {_escape(_sentence(fix))} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Write ``docs/format.md`` of the source tree (``--check`` only compares)."""
    target = SOURCE_ROOT / "docs" / DOC_FILE
    return write_generated(target, format_markdown(), argv)


if __name__ == "__main__":
    raise SystemExit(main())
