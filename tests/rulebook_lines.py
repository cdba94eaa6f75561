"""Reading a generated rulebook's numbered rules (``**4.3** Spades are broken ...``), as the
rulebook tests of each game read them."""

from __future__ import annotations

import re

#: A numbered rule's line: its number, then its text.
RULE_LINE = re.compile(r"^\*\*\d+\.\d+\*\* (.*)$", re.M)


def rule_texts(text: str) -> list[str]:
    """The text of each numbered rule of a rulebook, in order.

    >>> rule_texts("# T\\n\\n**1.1** One.\\n\\n**1.2** Two.\\n")
    ['One.', 'Two.']
    """
    return RULE_LINE.findall(text)


def rule(text: str, start: str) -> str:
    """The one rule whose text holds ``start`` (an error when none or several do)."""
    (found,) = [line for line in rule_texts(text) if start in line]
    return found
