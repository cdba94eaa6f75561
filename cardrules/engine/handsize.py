"""The number of cards each deal deals, when ``deal.sizes`` changes it from deal to deal.

A session works out each deal's hand size as it opens the deal
(:func:`hand_size_of_deal`): by the schedule, from the number of deals played; or, under
``random``, drawn from the session's generator or, in explicit chance mode, given as the
outcome of a ``size`` chance node (:func:`size_outcomes`), before the deal's first card.
The size is kept in the deal's context, and the deal is played under the rules with that
``deal.hand_size`` (:func:`deal_rules`): every part of the engine that reads the number
of tricks reads it there. What a table of a given size needs whatever the deal (the action
space, the longest deal, the tensor of an observation) is read from the rules of its
largest deal (:func:`widest_rules`).

>>> import cardrules
>>> rules = cardrules.load_variant("oh-hell")  # deal.sizes.vary: random
>>> table_sizes(rules, 4)[-1], widest_rules(rules, 4).deal.hand_size
(12, 12)
>>> size_outcomes(rules, 7)[:2]
[(1, 0.14285714285714285), (2, 0.14285714285714285)]
"""

from __future__ import annotations

import random

import attrs

from cardrules.errors import RecordError
from cardrules.rules.applies import turn_up_apart
from cardrules.rules.capacity import pack_size
from cardrules.rules.model import Rules
from cardrules.rules.sizes import SCHEDULES, Vary, largest, most_cards, schedule

__all__ = [
    "deal_rules",
    "hand_size_of_deal",
    "size_outcomes",
    "table_sizes",
    "varies",
    "widest_rules",
]


def varies(rules: Rules) -> bool:
    """Whether the rules change the hand size from deal to deal."""
    return rules.deal.sizes.vary is not Vary.FIXED


def _most(rules: Rules, players: int) -> int:
    pack = rules.pack
    size = pack_size(pack.cards.value, pack.ranks, len(pack.suits))
    return most_cards(size, players, miss=rules.deal.miss, turn_up=turn_up_apart(rules))


def table_sizes(rules: Rules, players: int) -> tuple[int, ...]:
    """The hand sizes a table of ``players`` deals: the schedule's deals in order, or
    every size a random deal may draw (see :func:`cardrules.rules.sizes.schedule`)."""
    deal = rules.deal
    return schedule(deal.sizes, hand_size=deal.hand_size, most=_most(rules, players))


def hand_size_of_deal(
    rules: Rules,
    players: int,
    number: int,
    rng: random.Random | None,
    fixed: int | None = None,
) -> int:
    """The hand size of deal ``number`` (from 0) of a session: the schedule's, again from its
    start once it is played through; under ``random`` the size of a ``fixed`` deal's hands,
    else one drawn from ``rng``, or 0 when ``rng`` is None (an explicit chance node gives
    it); the fixed size otherwise. A fixed deal of a size the rules never draw raises
    :class:`~cardrules.errors.RecordError`.

    >>> import cardrules
    >>> r = cardrules.load_variant("oh-hell", overrides={"deal.sizes": {"vary": "down", "high": 3}})
    >>> [hand_size_of_deal(r, 3, i, None) for i in range(5)]
    [3, 2, 1, 3, 2]
    """
    vary = rules.deal.sizes.vary
    if vary is Vary.FIXED:
        return rules.deal.hand_size
    sizes = table_sizes(rules, players)
    if vary in SCHEDULES:
        return sizes[number % len(sizes)]
    if fixed is not None:
        if fixed not in sizes:
            raise RecordError(
                f"the fixed deal gives {fixed} cards each; the rules deal {sizes[0]} to "
                f"{sizes[-1]} at a table of {players}"
            )
        return fixed
    return 0 if rng is None else sizes[rng.randrange(len(sizes))]


def size_outcomes(rules: Rules, players: int) -> list[tuple[int, float]]:
    """The outcomes of a ``size`` chance node: each size a random deal may draw, alike."""
    sizes = table_sizes(rules, players)
    p = 1.0 / len(sizes)
    return [(k, p) for k in sizes]


#: The rules of each deal's size, by the session's rules and the size (rules are values).
_DEAL_RULES: dict[tuple[Rules, int], Rules] = {}


def deal_rules(rules: Rules, size: int) -> Rules:
    """The rules a deal of ``size`` cards each is played under: ``rules`` themselves when
    ``size`` is theirs (or 0), else with that ``deal.hand_size`` (built once and kept)."""
    if size in (0, rules.deal.hand_size):
        return rules
    key = (rules, size)
    found = _DEAL_RULES.get(key)
    if found is None:
        if len(_DEAL_RULES) > 256:
            _DEAL_RULES.clear()
        found = _DEAL_RULES[key] = attrs.evolve(
            rules, deal=attrs.evolve(rules.deal, hand_size=size)
        )
    return found


def widest_rules(rules: Rules, players: int) -> Rules:
    """The rules of the largest deal a table of ``players`` can deal (``rules`` when the
    size does not vary): what bounds the actions and the length of any of its deals."""
    if not varies(rules):
        return rules
    deal = rules.deal
    return deal_rules(rules, largest(deal.sizes, deal.hand_size, _most(rules, players)))
