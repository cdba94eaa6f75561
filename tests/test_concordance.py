"""The concordance of the five primary texts (``docs/sources.md``, section 5) holds.

Each row quotes a rule-bearing sentence, names what states it and the rulings that test
it: every ruling named must exist and pass, every rule and disagreement named must exist
in ``docs/sources.md``, and a row with no ruling must say why (not modelled, or no
ruling because ...).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from numbering import numbers_in_sources

from cardrules.tools.rulings import load_ruling, run_ruling

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "docs" / "sources.md"
RULINGS = ROOT / "tests" / "rulings"
TEXTS = ("S000", "S001", "S002", "S003", "S004", "Peel")
REF = re.compile(r"`([a-z0-9-]+/[a-z0-9-]+)`")
NUMBER = re.compile(r"\b(\d\.\d+(?:\.\d+)*|D\d+)\b")


def concordance() -> list[list[str]]:
    """The rows of section 5: ``[number, text, stated by, rulings]``."""
    text = SOURCES.read_text(encoding="utf-8")
    start = text.index("## 5. Concordance of the five primary texts")
    rows = []
    for line in text[start:].splitlines():
        if re.match(r"\| (?:S00\d|Peel)\.\d+ \|", line):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
            assert len(cells) == 4, line
            rows.append(cells)
    return rows


ROWS = concordance()
NAMED = sorted({ref for row in ROWS for ref in REF.findall(row[3])})


def test_every_text_has_its_rows_numbered_in_turn() -> None:
    for text in TEXTS:
        numbers = [int(row[0].split(".")[1]) for row in ROWS if row[0].startswith(text + ".")]
        assert numbers == list(range(1, len(numbers) + 1)), text
        assert len(numbers) >= 5, text


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_every_row_names_its_rulings_or_says_why_it_has_none(row: list[str]) -> None:
    number, quoted, stated, rulings = row
    assert quoted.count('"') >= 2, f"{number}: quote the text"
    assert stated, number
    if not REF.search(rulings):
        reason = rulings.startswith(("not modelled: ", "no ruling: ")) or re.fullmatch(
            r"see S00\d", rulings
        )
        assert reason, f"{number}: name a ruling, or say why there is none"
    for cited in NUMBER.findall(stated):
        assert cited in numbers_in_sources(), (number, cited)


@pytest.mark.parametrize("ref", NAMED)
def test_every_ruling_named_exists_and_passes(ref: str) -> None:
    path = RULINGS / f"{ref}.yaml"
    assert path.is_file(), f"no ruling {ref}"
    result = run_ruling(load_ruling(path))
    assert result.ok, [str(f) for f in result.failures]


def test_a_row_that_refers_to_another_text_finds_it() -> None:
    for number, _, _, rulings in ROWS:
        found = re.fullmatch(r"see (S00\d)", rulings)
        if found:
            assert any(row[0].startswith(found.group(1) + ".") for row in ROWS), number
