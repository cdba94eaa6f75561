"""The passages of docs/sources.md and docs/families.md, looked up by the keys that cite them.

Every key a rulebook cites, and every key the rules model cites, names a passage; the
passages are those the tests' own reading of the documents numbers (tests/numbering.py);
their texts are the documents' (quoted here from docs/families.md, docs/sources.md and the
digest docs/families.md was written from).
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from numbering import numbers_in_families, numbers_in_sources

from cardrules.rules import model
from cardrules.rules.bundled import data_dir
from cardrules.rules.passages import (
    FAMILIES,
    SOURCES,
    PassageNotFoundError,
    citation_text,
    document_of,
    keys_in,
    number_of,
    passage,
    passages,
)
from cardrules.tools.rulebook import rulebooks

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"\[((?:sources|families)\.md [^\]]+)\]")
BOOKS = {name: text for name, text in rulebooks().items() if name != "README.md"}


def test_the_passages_are_the_numbered_ones_of_both_documents() -> None:
    # The concordance's sentences (S000.1) are passages too; tests/numbering.py does not read
    # them.
    sources = {k for k in passages(SOURCES) if not re.fullmatch(r"S\d{3}\.\d+", k)}
    assert sources == numbers_in_sources()
    assert set(passages(FAMILIES)) == numbers_in_families()
    assert {"S000.1", "S004.1"} <= set(passages(SOURCES))


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_every_key_a_bundled_rulebook_cites_is_a_passage(name: str) -> None:
    groups = CITATION.findall(BOOKS[name])
    assert groups, name
    for group in groups:
        for key in keys_in(group):
            found = passage(key)
            assert found.key == key
            assert found.document in group and found.number in group, (group, key)


def model_sources() -> list[tuple[str, str]]:
    """``(option, key)`` for every key the rules model cites in its options' ``source``."""
    found = []

    def walk(cls: type, prefix: str) -> None:
        for f in attrs.fields(cls):
            kind = model.field_class(cls, f.name)
            if attrs.has(kind):
                walk(kind, f"{prefix}{f.name}.")
            for key in re.split(r"\s*,\s*", f.metadata.get("source", "")):
                key = re.sub(r"\s*\(.*\)$", "", key)  # D21 (EW 96.viii): the key, then where
                if key:
                    found.append((f"{prefix}{f.name}", key))

    walk(model.Rules, "")
    return found


def test_every_key_the_model_cites_is_a_passage() -> None:
    cited = model_sources()
    assert ("passing.cards", "F1.1.4.3") in cited and ("leads.unbroken", "S2") in cited
    missing = [(option, key) for option, key in cited if key not in passages()]
    assert not missing, missing


def test_a_passage_is_the_documents_text() -> None:
    # families.md 1.2.3: "Three cards, chosen before looking at those
    # received [MSN; HO]: to the left, then right, then across, then no pass, repeating".
    p = passage("F1.2.3")
    assert (p.document, p.number, p.cited) == (FAMILIES, "1.2.3", "families.md 1.2.3")
    assert p.text.startswith("3. **Passing.** Three cards, chosen before looking at those")
    assert "then right, then across, then no pass, repeating" in p.text
    assert p.section.startswith("1.2 Hearts as people play it")
    # An item holds its sub-items: 1.1.4 has the pass direction (1), the deal (2), ...
    phases = passage("F1.1.4").text
    assert "*Pass direction* (chance)" in phases and "*Play*: 13 tricks" in phases
    assert passage("F1.1.4.1").text.startswith("1. *Pass direction* (chance)")
    assert "*Play*" not in passage("F1.1.4.1").text
    # A disagreement is its row, each column under its heading.
    h4 = passage("H4").text.splitlines()
    assert h4[0] == "Point: Points on the first trick"
    assert h4[1] == "Source A: OS, HO, GG, MSN, MPG: barred unless nothing else"
    assert passage("D17").text.startswith("Rule point: ")
    # A rule of docs/sources.md: 1.2.9.4, where flush payments go.
    assert passage("1.2.9.4").text.startswith("4. Where it goes: to the flush holder")
    # A subsection is its whole text; a scenario its paragraph; a mechanism its row.
    assert passage("F1.2").text.startswith('### 1.2 Hearts as people play it (the "Black Lady"')
    assert passage("F1.2").text.rstrip().endswith("and the fewest lost wins).")
    assert passage("H-2").text.startswith("**H-2 — Moon with `JD` elsewhere; pass right.**")
    assert "returns [26, 10, 0, 0]" in passage("H-2").text
    assert passage("F11.8").text.startswith("Mechanism: Passing cards")
    # A rule of a section without subsections (families.md 6, Napoleon).
    assert passage("F6.5").text.startswith("5. **End of play.**")


def test_keys_are_read_in_the_models_form_and_a_citations() -> None:
    assert [document_of(k) for k in ("1.2.9", "D36", "S000.3")] == [SOURCES] * 3
    assert [document_of(k) for k in ("F1.2.3", "H4", "S2", "E10", "H-1")] == [FAMILIES] * 5
    assert [number_of(k) for k in ("F1.2.3", "H4", "D36")] == ["1.2.3", "H4", "D36"]
    assert keys_in("[sources.md 1.1.3, D1; families.md 1.2.2, H1]") == [
        "1.1.3",
        "D1",
        "F1.2.2",
        "H1",
    ]
    assert keys_in("families.md 1.2.3 H4 sources.md 1.2.3") == ["F1.2.3", "H4", "1.2.3"]
    keys = ["1.1.3", "D1", "F1.2.2", "H1"]
    assert keys_in(f"[{citation_text(keys)}]") == keys


def test_an_unknown_key_names_the_nearest() -> None:
    with pytest.raises(PassageNotFoundError) as found:
        passage("F1.2.10")
    assert "no passage of docs/sources.md or docs/families.md is numbered 'F1.2.10'" in str(
        found.value
    )
    assert found.value.suggestion == "did you mean 'F1.2.1'?"
    assert isinstance(found.value, LookupError)
    for key in ("H11", "D92", "1.9", "F1"):  # F1 alone is Spoil Five's disagreement
        if key == "F1":
            assert passage(key).text.startswith("Point: Robbing")
            continue
        with pytest.raises(PassageNotFoundError):
            passage(key)
    with pytest.raises(PassageNotFoundError):
        document_of("hearts")


def test_the_documents_are_read_from_the_data_the_package_ships() -> None:
    # A checkout reads docs/; a wheel carries them in cardrules/_data/docs (pyproject's
    # force-include; tests/test_wheel.py installs one and looks a passage up).
    shipped = data_dir("docs")
    for name in (SOURCES, FAMILIES):
        assert (shipped / name).read_text(encoding="utf-8") == (ROOT / "docs" / name).read_text(
            encoding="utf-8"
        )
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"docs/sources.md" = "cardrules/_data/docs/sources.md"' in text
    assert '"docs/families.md" = "cardrules/_data/docs/families.md"' in text
