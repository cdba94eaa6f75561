"""The rule numbers (1.1.12.3) and disagreements (D17) that ``docs/sources.md`` gives,
read off its headings, numbered lists and table rows."""

from __future__ import annotations

import re
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "docs" / "sources.md"


def numbers_in_sources() -> set[str]:
    """Every rule number (1.1.12.3) and disagreement (D17) that docs/sources.md gives."""
    found: set[str] = set()
    section = ""
    stack: list[tuple[int, str]] = []
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"### (\d+\.\d+) ", line)
        if heading:
            section, stack = heading.group(1), []
            found.add(section)
            continue
        if line.startswith("## "):
            section, stack = "", []
        item = re.match(r"( *)(\d+)\. ", line)
        if section and item:
            indent = len(item.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            parent = stack[-1][1] if stack else section
            number = f"{parent}.{item.group(2)}"
            stack.append((indent, number))
            found.add(number)
        row = re.match(r"\| (D\d+) \|", line)
        if row:
            found.add(row.group(1))
    return found
