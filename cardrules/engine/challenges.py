"""Challenges and concessions: Put's throw-up, "I put", see and refuse (1.5.6, D54).

The sources disagree on who may challenge and when; each model (the option
``challenges.model``) is a small table of *windows*: at which moment of the
play which player may throw up or say "I put". The engine asks this module
what a player may add to his plays, and how a deal is scored.

>>> from cardrules.rules.model import ChallengeModel
>>> windows(ChallengeModel.HOYLE).after_first_trick
(4, 1)
"""

from __future__ import annotations

import attrs

from cardrules.engine.actions import PUT, THROW_UP
from cardrules.rules import applies
from cardrules.rules.model import ChallengeModel, Challenges, OneTrickTwoTies, PlayedOutValue


@attrs.frozen
class Windows:
    """When each challenge may be made, before a put has been seen, as action ids: the
    windows of :func:`~cardrules.rules.applies.challenge_windows` (D54), whose fields are
    the same.

    ``first_lead``: extra actions of the elder before leading to the first
    trick; ``later_lead``: of any leader at a later trick; ``follow_first``:
    of the follower to the first lead (besides declining, see
    ``follower_may_concede``); ``after_first_trick``: the elder's choice once
    the first trick is played (it must be made: put or throw up).
    """

    first_lead: tuple[int, ...] = ()
    later_lead: tuple[int, ...] = ()
    follow_first: tuple[int, ...] = ()
    after_first_trick: tuple[int, ...] = ()


_IDS = {applies.PUT: PUT, applies.THROW_UP: THROW_UP}


def _ids(words: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(_IDS[w] for w in words)


def _windows(model: ChallengeModel) -> Windows:
    w = applies.model_windows(model)
    return Windows(
        _ids(w.first_lead), _ids(w.later_lead), _ids(w.follow_first), _ids(w.after_first_trick)
    )


_WINDOWS = {model: _windows(model) for model in ChallengeModel}


def windows(model: ChallengeModel) -> Windows:
    """The challenge windows of a model."""
    return _WINDOWS[model]


def deal_outcome(won: tuple[int, int], tricks: int, rules: Challenges) -> int:
    """Who wins a deal played out between two sides: 0, 1, or -1 for no one.

    ``won`` counts the tricks each side won; the rest were tied (1.5.5).

    >>> from cardrules.rules.model import Challenges
    >>> deal_outcome((2, 1), 3, Challenges()), deal_outcome((1, 1), 3, Challenges())
    (0, -1)
    >>> deal_outcome((0, 1), 3, Challenges())  # one trick and two ties (D52)
    1
    """
    a, b = won
    if a == b:
        return -1
    winner = 0 if a > b else 1
    top = max(a, b)
    if top * 2 > tricks:
        return winner
    ties = tricks - a - b
    if top == 1 and ties == tricks - 1:
        return winner if rules.one_trick_two_ties is OneTrickTwoTies.WINS else -1
    return winner


def played_out_points(rules: Challenges, target: int, put_seen: bool) -> int:
    """Points for winning a deal played to its end (D50): the game, or one point."""
    if put_seen or rules.played_out_value is PlayedOutValue.GAME:
        return target
    return 1
