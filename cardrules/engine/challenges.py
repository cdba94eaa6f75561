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
from cardrules.rules.model import ChallengeModel, Challenges, OneTrickTwoTies, PlayedOutValue


@attrs.frozen
class Windows:
    """When each challenge may be made, before a put has been seen.

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


_WINDOWS = {
    # Hoyle [S002]: the non-dealer may throw up before leading; the dealer may decline to
    # play to the lead; once the first trick is played the non-dealer puts or throws up.
    ChallengeModel.HOYLE: Windows(first_lead=(THROW_UP,), after_first_trick=(PUT, THROW_UP)),
    # Enquire Within [S000 101-102]: the adversary may say "I put" before playing; after the
    # first trick the eldest says "I put" or throws his cards on the pack.
    ChallengeModel.ENQUIRE_WITHIN: Windows(follow_first=(PUT,), after_first_trick=(PUT, THROW_UP)),
    # Parlett [WP]: either player about to lead may throw in, lead silently or say "Put".
    ChallengeModel.PARLETT: Windows(first_lead=(PUT, THROW_UP), later_lead=(PUT, THROW_UP)),
    # Cotton 1674 [pagat]: the non-dealer may put before his first lead.
    ChallengeModel.COTTON: Windows(first_lead=(PUT,)),
}


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
