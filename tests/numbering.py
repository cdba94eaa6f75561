"""The rule numbers (1.1.12.3) and disagreements (D17) that ``docs/sources.md`` gives, and
those of ``docs/families.md`` (F1.2.3, H4), read off their headings, numbered lists and
table rows.

This reading is the tests' own, independent of :mod:`cardrules.rules.passages`, so that the
two can be held to each other.
"""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
SOURCES = DOCS / "sources.md"
FAMILIES = DOCS / "families.md"


def numbers_in_sources() -> set[str]:
    """Every rule number (1.1.12.3) and disagreement (D17) that docs/sources.md gives."""
    return _numbers(SOURCES, r"D\d+")


def numbers_in_families() -> set[str]:
    """Every rule number of docs/families.md as the rules model writes it (F1.2.3: rule 3
    of section 1.2), its disagreements (H4, S2, E10: a letter per game, section 9) and its
    worked scenarios (H-1) and the rows of its table of mechanisms (F11.7: row 7 of section
    11)."""
    found = {"F" + n for n in _numbers(FAMILIES, None, top_level=True)}
    text = FAMILIES.read_text(encoding="utf-8")
    found |= set(re.findall(r"^\| ([A-Z]\d+) \|", text, flags=re.M))
    found |= set(re.findall(r"^\*\*([A-Z]-\d+) ", text, flags=re.M))
    for top, body in re.findall(r"^## (\d+)\. [^\n]*\n(.*?)(?=^## |\Z)", text, re.M | re.S):
        found |= {f"F{top}.{n}" for n in re.findall(r"^\| (\d+) \|", body, flags=re.M)}
    return found


def _numbers(path: Path, rows: str | None, *, top_level: bool = False) -> set[str]:
    """The numbers of a document's subsections and of their numbered lists (with
    ``top_level``, also of a section that has no subsections: ``## 6.`` numbers 6.1); the
    first cells of table rows that match ``rows``. A worked scenario's numbered moves
    (a paragraph opening ``**H-1``) are not rules."""
    found: set[str] = set()
    section = ""
    stack: list[tuple[int, str]] = []
    in_scenario = False
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"### (\d+\.\d+) ", line)
        if heading:
            section, stack = heading.group(1), []
            found.add(section)
            continue
        if line.startswith("## "):
            top = re.match(r"## (\d+)\. ", line)
            section = top.group(1) if top and top_level else ""
            stack = []
        in_scenario = bool(re.match(r"\*\*[A-Z]-\d+ ", line)) or (in_scenario and line != "")
        item = re.match(r"( *)(\d+)\. ", line)
        if section and item and not in_scenario:
            indent = len(item.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            parent = stack[-1][1] if stack else section
            number = f"{parent}.{item.group(2)}"
            stack.append((indent, number))
            found.add(number)
        row = re.match(rf"\| ({rows}) \|", line) if rows else None
        if row:
            found.add(row.group(1))
    return found
