"""``docs/sources.md`` names the rule format's keys and values as they are.

Every backticked dotted name in the file that looks like an option key
(``word.word[.word]``, optionally followed by ``=`` or ``:`` and values separated by
``|``) must be a key of the rule format (a property of the generated schema), and
every value named with it must be one the schema accepts for that key. A few
backticked dotted names are not keys: they are listed in ``NOT_KEYS``, and each must
still occur, so the list cannot go stale either.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cardrules.rules.schemagen import build_schema

SOURCES = Path(__file__).resolve().parent.parent / "docs" / "sources.md"

# A code span (which may run over a line break), and a dotted lower-case name that
# starts one.
SPAN = re.compile(r"`([^`]+)`")
DOTTED = re.compile(r"([a-z_]+(?:\.[a-z_]+)+)(.*)", re.DOTALL)

# Dotted names in backticks that are not option keys: the file's own name, as a
# rulebook cites it, and a module of the program.
NOT_KEYS = {"sources.md", "cardrules.engine.privacy"}


def key_schemas() -> dict[str, dict[str, Any]]:
    """Every dotted key of the rule format, with the schema of its value."""
    found: dict[str, dict[str, Any]] = {}

    def walk(prefix: str, schema: dict[str, Any]) -> None:
        for name, sub in schema.get("properties", {}).items():
            dotted = f"{prefix}{name}"
            found[dotted] = sub
            if sub.get("type") == "object":
                walk(dotted + ".", sub)

    walk("", build_schema())
    return found


KEYS = key_schemas()


def parse_value(text: str) -> Any:
    """A value as the doc writes it, read as a rule file would read it (YAML 1.2 words)."""
    text = text.strip().replace("\\|", "|")
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [parse_value(item) for item in inner.split(",")] if inner else []
    if text in ("true", "false"):
        return text == "true"
    if text == "null":
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text.strip('"')


def mentions() -> list[tuple[int, str, str]]:
    """``(line number, key, the text after it)`` for each backticked dotted name."""
    text = SOURCES.read_text(encoding="utf-8")
    found = []
    for span in SPAN.finditer(text):
        match = DOTTED.fullmatch(span.group(1))
        if match:
            number = text.count("\n", 0, span.start()) + 1
            rest = re.sub(r"\s*\n\s*", " ", match.group(2))
            found.append((number, match.group(1), rest))
    return found


MENTIONS = mentions()


def values_of(rest: str) -> list[str]:
    """The values written after a key (``= a | b`` or ``: a``), or none."""
    found = re.fullmatch(r"\s*[=:]\s*(.+)", rest)
    if not found:
        return []
    return [v.strip() for v in re.split(r"\s*\\?\|\s*", found.group(1))]


@pytest.mark.parametrize(
    ("line", "key", "rest"), MENTIONS, ids=[f"{n}:{k}" for n, k, _ in MENTIONS]
)
def test_every_dotted_name_is_a_key_with_its_values(line: int, key: str, rest: str) -> None:
    if key in NOT_KEYS:
        return
    assert key in KEYS, f"line {line}: `{key}` is not a key of the rule format"
    assert not rest or re.fullmatch(r"\s*[=:]\s*.+", rest), (
        f"line {line}: `{key}{rest}`: after a key write `= values` or `: value`"
    )
    for value in values_of(rest):
        try:
            jsonschema.validate(parse_value(value), KEYS[key])
        except jsonschema.ValidationError as error:
            raise AssertionError(f"line {line}: {value!r} is not a value of {key}") from error


def test_no_key_is_cut_short() -> None:
    # `payers: all_others` names a key by its last word alone: write the whole key.
    text = SOURCES.read_text(encoding="utf-8")
    short = [
        span.group(0)
        for span in SPAN.finditer(text)
        if re.fullmatch(r"[a-z_]+\s*[=:].*", span.group(1), re.DOTALL)
    ]
    assert not short, short


def test_the_names_that_are_not_keys_occur() -> None:
    named = {key for _, key, _ in MENTIONS}
    assert named >= NOT_KEYS, NOT_KEYS - named
    assert not NOT_KEYS & set(KEYS)


def test_the_check_reads_keys_and_values() -> None:
    # Worked by hand from docs/format.md: be_civil has three values, players.max an
    # integer or null, deal.packets a list of integers.
    assert values_of(r" = unless_revoke \| strict \| off") == ["unless_revoke", "strict", "off"]
    for key, value in (
        ("following.be_civil", "strict"),
        ("players.max", "null"),
        ("players.max", "6"),
        ("deal.packets", "[3, 2]"),
        ("promoted.card", "jack_of_trumps"),
        ("declarations.forced_play.turn_up_suits", "[C]"),
    ):
        jsonschema.validate(parse_value(value), KEYS[key])
    for key, value in (
        ("following.be_civil", "civil"),
        ("players.max", "none"),
        ("deal.packets", "three_then_two"),
        ("special_hands.flush.exempt_promoted_holder", "yes"),
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(parse_value(value), KEYS[key])
    assert "loo.dealer_sits_out_above" not in KEYS
    assert "players.dealer_sits_out_above" in KEYS
