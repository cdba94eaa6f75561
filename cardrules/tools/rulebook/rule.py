"""The record of one rule of the sentence table, and the sections rules belong to.

A :class:`Rule` names the options it states and gives a ``(short phrase,
sentence)`` template for each of their values; the section modules
(:mod:`~cardrules.tools.rulebook.players_and_deal` to
:mod:`~cardrules.tools.rulebook.session`) hold the rules themselves.

>>> SECTION_TITLES[SPECIAL - 1]
'Special hands'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from cardrules.rules.model import Rules

#: The numbered sections of a rulebook, in order.
SECTION_TITLES = (
    "Players and pack",
    "The deal",
    "Declaring",
    "The play",
    "Special hands",
    "Settlement",
    "The session",
)

#: The number of each section, as a :class:`Rule` gives it.
P, D, DECL, PLAY, SPECIAL, SETTLE, SESSION = range(1, len(SECTION_TITLES) + 1)

#: ``(short phrase, sentence)`` templates; ``{word}`` fields come from
#: :func:`~cardrules.tools.rulebook.words.template_words`.
Phrase = tuple[str, str]
Phrases = Mapping[Any, Phrase] | Callable[[Rules], Phrase]
Test = Callable[[Rules], bool]


def _always(r: Rules) -> bool:
    """The default ``applies``: every rule matters unless it says otherwise."""
    return True


def _never(r: Rules) -> bool:
    """The default ``quiet``: no value is left out."""
    return False


@attrs.frozen
class Rule:
    """One rule of a rulebook: the options it states and its sentence for each value.

    ``keys`` are dotted model paths; the first chooses the template from
    ``phrases`` (a mapping from each of its values), or ``phrases`` computes
    the templates from the rules. ``topic`` names the rule in differences.
    ``applies`` says whether the rule matters in a game; ``quiet`` leaves an
    uninformative value out of a rulebook (unless a house rule changed it).
    A rule with ``in_diff`` false only restates another's option; one with ``in_book``
    false states its option in differences only, another rule's sentence saying it in a
    rulebook, where a change to one of ``also_marks`` marks this rule's sentence.
    ``cites`` picks the keys whose sources the rule cites (default: all of ``keys``).
    """

    section: int
    topic: str
    keys: tuple[str, ...]
    phrases: Phrases
    applies: Test = _always
    quiet: Test = _never
    in_diff: bool = True
    in_book: bool = True
    also_marks: tuple[str, ...] = ()
    cites: Callable[[Rules], tuple[str, ...]] | None = None
