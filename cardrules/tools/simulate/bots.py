"""The bots of a simulation: each built from its name, each seeded from the run alone.

Session ``i`` of a run is seeded from the run's seed and ``i``, and the bot at
each seat from the seed, ``i`` and the seat: the same in every process, and
the same for two rule sets compared on one seed (common random numbers). A
session has one random generator for its deals and one for each bot, each
seeded with a whole number mixed by arithmetic (SplitMix64, see
:mod:`cardrules.players.playout`): the bots' from the session's seed and the seat,
so that a session is played again exactly from its seed alone (see
:func:`~cardrules.tools.simulate.plan.session_of`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardrules.players.base import Bot
from cardrules.players.playout import bot_seed as seat_seed
from cardrules.players.playout import derive_seed
from cardrules.players.registry import make_bot as make_named_bot

#: A bot by name (``random``, ``heuristic``, ``mc``) or a factory ``(rng) -> Bot``.
BotSpec = str | Callable[[random.Random], Bot]


def session_seed(seed: int, index: int) -> int:
    """The seed of session ``index`` of a run seeded ``seed``: the seed of its one
    generator of deals, mixed by arithmetic (no generator is made for it), the same in
    every process and on every machine.

    >>> session_seed(1, 0) == session_seed(1, 0) != session_seed(1, 1)
    True
    >>> session_seed(7, 0) == derive_seed(7, 0)
    True
    """
    return derive_seed(seed, index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the one generator of the bot at ``seat`` in session ``index``: mixed
    from the session's seed and the seat alone, so that a session's record (which keeps
    its seed) is all it takes to play it again with the same bots.

    >>> bot_seed(1, 0, 0) != bot_seed(1, 0, 1) != session_seed(1, 0)
    True
    """
    return seat_seed(session_seed(seed, index), seat)


def make_bot(spec: BotSpec, rng: random.Random) -> Bot:
    """A bot from its name or factory, drawing its random choices from ``rng``.

    >>> type(make_bot("random", random.Random(1))).__name__
    'RandomBot'
    """
    if not isinstance(spec, str):
        return spec(rng)
    return make_named_bot(spec, rng)


def bot_name(spec: BotSpec) -> str:
    """How a bot is named in reports."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", type(spec).__name__)
