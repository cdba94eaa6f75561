"""``docs/families.md`` names the rule format's keys as they are, and speaks of the project.

A dotted name in code whose first word is a section of the rule format (``passing.cards``)
must be a key of the format with values its schema accepts (the values read as a rule file
reads them, YAML); an option proposed for a game not yet bundled is written in italics
(*spades.blind_nil = off | on*), never in code. The numbering of the digest it was written
from is kept, so that the keys the model cites (F1.2.3, H4) name the same rules there.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from cardrules.rules.model import SECTIONS
from cardrules.rules.passages import passage
from cardrules.rules.schemagen import build_schema

FAMILIES = Path(__file__).resolve().parent.parent / "docs" / "families.md"
TEXT = FAMILIES.read_text(encoding="utf-8")
SPAN = re.compile(r"`([^`]+)`")
DOTTED = re.compile(r"([a-z_0-9]+(?:\.[a-z_0-9]+)+)(.*)", re.DOTALL)


def key_schemas() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}

    def walk(prefix: str, schema: dict[str, Any]) -> None:
        for name, sub in schema.get("properties", {}).items():
            found[prefix + name] = sub
            if sub.get("type") == "object":
                walk(prefix + name + ".", sub)

    walk("", build_schema())
    return found


KEYS = key_schemas()


def mentions() -> list[tuple[int, str, str]]:
    """``(line, key, the text after it)`` for each name in code that starts with a section."""
    found = []
    for span in SPAN.finditer(TEXT):
        match = DOTTED.fullmatch(span.group(1))
        if match and match.group(1).split(".")[0] in SECTIONS:
            line = TEXT.count("\n", 0, span.start()) + 1
            found.append((line, match.group(1), re.sub(r"\s*\n\s*", " ", match.group(2))))
    return found


MENTIONS = mentions()


def test_the_check_finds_the_keys_of_hearts() -> None:
    named = {key for _, key, _ in MENTIONS}
    assert {
        "passing.cards",
        "passing.choice",
        "passing.directions",
        "leads.first_card",
        "leads.first_card_suit",
        "leads.unbroken",
        "leads.unbroken_exempt",
        "leads.breakers",
        "leads.breaking",
        "following.first_trick_barred",
        "card_points.values",
        "card_points.moon",
        "card_points.no_trick",
        "card_points.base",
        "session.finish",
        "session.target_points",
        "deal.start",
    } <= named


@pytest.mark.parametrize(
    ("line", "key", "rest"), MENTIONS, ids=[f"{n}:{k}" for n, k, _ in MENTIONS]
)
def test_every_key_in_code_is_a_key_with_its_values(line: int, key: str, rest: str) -> None:
    assert key in KEYS, f"line {line}: `{key}` is not a key of the rule format"
    found = re.fullmatch(r"\s*[=:]\s*(.+)", rest)
    assert not rest or found, f"line {line}: `{key}{rest}`: write `= values` or `: value`"
    for value in re.split(r"\s*\\?\|\s*", found.group(1)) if found else []:
        data = yaml.safe_load(value)
        try:
            jsonschema.validate(data, KEYS[key])
        except jsonschema.ValidationError as error:
            raise AssertionError(f"line {line}: {value!r} is not a value of {key}") from error


def test_proposals_are_in_italics() -> None:
    # The options proposed for the games not yet bundled are no keys of the format.
    games = ("spades.", "euchre.", "whist.", "german_whist.", "nap.", "spoil5.", "rams.")
    coded = [s for s in SPAN.findall(TEXT) if s.startswith(games) and not s.endswith((".h", ".cc"))]
    assert not coded, coded
    assert "*spades.blind_nil = off \\| on*" in TEXT and "*promoted.card = joker*" in TEXT
    assert "hearts.pass" not in TEXT and "hearts.moon" not in TEXT  # Hearts has its keys


def test_it_speaks_of_the_project() -> None:
    for word in ("/work", "COUSINS", "RULES.md", "RULES 1.", "scratch", "memory", "stored"):
        assert word not in TEXT, word
    assert "`docs/sources.md`" in TEXT and "cardrules sources" in TEXT


def test_the_digests_numbering_is_kept() -> None:
    # Quoted from the digest's rules, at the numbers the model cites.
    assert "Three cards, chosen before looking at those received" in passage("F1.2.3").text
    assert "N passes three cards, one action each" in passage("F1.1.4.3").text
    assert "*shooting the moon*" in passage("F1.1.8").text
    assert "the holder of `2C`, who must lead it" in passage("F1.2.4").text
    assert "Deals until someone reaches 100; lowest total wins" in passage("F1.2.9").text
    assert "`can_lead_hearts_instead_of_qs`, if this set is exactly" in passage("F1.1.5.4").text
    assert "but **never sets it**" in passage("F2.1.6").text
    assert passage("H6").text.startswith("Point: Leading hearts unbroken")
    assert passage("S2").text.startswith("Point: Spades broken")
    assert passage("E4").text.startswith("Point: All pass twice")
