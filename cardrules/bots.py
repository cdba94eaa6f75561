"""Players that choose actions: the interface and the random player.

A bot sees only what its seat may know (``session.observation(seat)``) and
the legal actions; it returns one of them.

>>> import cardrules, random
>>> s = cardrules.new_session("irish-loo", players=3, seed=2)
>>> bot = RandomBot(random.Random(0))
>>> bot.choose(s.observation(s.to_move), s.legal_actions()) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any, Protocol, Sequence

from cardrules.actions import DISCARD, EXCHANGE, GIVE, PLAY


class Bot(Protocol):
    """Anything that picks one of the legal actions from an observation."""

    def choose(self, observation: dict[str, Any], legal: Sequence[int]) -> int:
        """One of ``legal``."""
        ...


def action_kind(action: int) -> int:
    """The kind of an action: its word (stand, throw-up...), play, give, discard or exchange."""
    if action < PLAY:
        return action
    if action >= EXCHANGE:
        return EXCHANGE
    return PLAY + (action - PLAY) // 52 * 52


class RandomBot:
    """Uniformly random over the kinds of legal action, then over the actions of that kind.

    So a declarer with thirty-one possible exchanges still throws up as often
    as he stands or exchanges, as a person choosing at random would.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, observation: dict[str, Any], legal: Sequence[int]) -> int:
        """A random legal action (the observation is not needed)."""
        return random_legal(self.rng, legal)


_BOUNDS = (PLAY, GIVE, DISCARD, EXCHANGE)


def random_legal(rng: random.Random, legal: Sequence[int]) -> int:
    """A random legal action, uniform over kinds then over actions of the kind.

    ``legal`` is sorted (as :meth:`~cardrules.session.Session.legal_actions`
    gives it), so each kind of card action is one contiguous run of it.
    """
    first, last = legal[0], legal[-1]
    if first >= PLAY and (last < GIVE or action_kind(first) == action_kind(last)):
        return legal[rng.randrange(len(legal))]
    groups: list[Sequence[int]] = [(a,) for a in legal if a < PLAY]
    lo = len(groups)
    for bound in (*_BOUNDS[1:], 1 << 62):
        hi = bisect_left(legal, bound, lo)
        if hi > lo:
            groups.append(legal[lo:hi])
        lo = hi
    group = groups[rng.randrange(len(groups))]
    return group[rng.randrange(len(group))]
