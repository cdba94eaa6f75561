"""The rule-level differences between two variants, in words.

One line per option that differs and matters in both games, worded with the
short phrases of the rulebook's sentence table
(:data:`cardrules.tools.rulebook.table.RULES`), so that a difference reads as
the rule it is: "The miss: dealt in three-card-loo, not in irish-loo". An
option that matters in only one of the games (the flush rules, when only one
counts flushes) is covered by the line of the option that switches it on.

>>> diff_variants("three-card-loo", "three-card-loo", house_rules_b=["unlimited-loo"])
['Loo: a fixed 6 counters in three-card-loo; the pool played for in three-card-loo+unlimited-loo']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardrules.rules.loader import load_variant
from cardrules.rules.model import Rules
from cardrules.tools.rulebook.render import render, value_of
from cardrules.tools.rulebook.table import RULES

__all__ = ["NO_DIFFERENCES", "diff_variants", "differences", "label"]

#: What :func:`differences` gives, as text, for two variants that play alike.
NO_DIFFERENCES = "no differences"


def differences(a: Rules, b: Rules, name_a: str = "A", name_b: str = "B") -> list[str]:
    """One line per rule that differs between ``a`` and ``b`` (empty when none).

    >>> from cardrules.rules.model import DealSection, Rules
    >>> differences(Rules(), Rules(deal=DealSection(miss=False)))
    ['The miss: dealt in A, not in B']
    >>> differences(Rules(), Rules())
    []
    """
    lines = []
    for rule in RULES:
        if not rule.in_diff or not (rule.applies(a) and rule.applies(b)):
            continue
        if all(value_of(a, k) == value_of(b, k) for k in rule.keys):
            continue
        short_a, text_a = render(rule, a)
        short_b, text_b = render(rule, b)
        if (short_a, text_a) == (short_b, text_b):
            continue  # different values that come to the same rule (e.g. a limit at the pack's)
        if short_a == short_b:
            short_a, short_b = text_a, text_b
        lines.append(f"{rule.topic}: {_contrast(short_a, name_a, short_b, name_b)}")
    return lines


def _contrast(a: str, name_a: str, b: str, name_b: str) -> str:
    if b == f"not {a}":
        return f"{a} in {name_a}, not in {name_b}"
    if a == f"not {b}":
        return f"not {b} in {name_a}, {b} in {name_b}"
    return f"{_in(a, name_a)}; {_in(b, name_b)}"


def _in(phrase: str, name: str) -> str:
    """``phrase in name``, with a comma first when the phrase has commas of its own."""
    return f"{phrase}, in {name}" if "," in phrase else f"{phrase} in {name}"


def label(rules: Rules) -> str:
    """A variant's short label: its name and house rules joined by ``+``.

    >>> from cardrules.rules.model import Rules
    >>> label(Rules(name="five-card-loo", house_rules=("club-law",)))
    'five-card-loo+club-law'
    """
    return "+".join([rules.name, *rules.house_rules])


def diff_variants(
    a: str,
    b: str,
    house_rules_a: Iterable[str] = (),
    house_rules_b: Iterable[str] = (),
    *,
    overrides_a: Mapping[str, Any] | None = None,
    overrides_b: Mapping[str, Any] | None = None,
) -> list[str]:
    """The differences between two variants (bundled names or rule files) in words, each
    with its house rules and overrides, as ``cardrules diff`` takes them (``-HA``/``-H``,
    ``--set-a``/``--set``).

    >>> diff_variants("put", "put")
    []
    >>> diff_variants("put", "put", overrides_a={"challenges.played_out_value": "one_point"})
    ['A deal played out: one point, or the game after a put, in put (A); the game in put (B)']
    """
    rules_a = load_variant(a, list(house_rules_a), overrides_a)
    rules_b = load_variant(b, list(house_rules_b), overrides_b)
    name_a, name_b = label(rules_a), label(rules_b)
    if name_a == name_b:
        name_a, name_b = f"{name_a} (A)", f"{name_b} (B)"
    return differences(rules_a, rules_b, name_a, name_b)
