"""The bots of a simulation: each built from its name, each seeded from the run alone.

Session ``i`` of a run is seeded from the run's seed and ``i``, and the bot at
each seat from the seed, ``i`` and the seat: the same in every process, and
the same for two rule sets compared on one seed (common random numbers).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardrules.players.base import Bot
from cardrules.players.registry import make_bot as make_named_bot

#: A bot by name (``random``, ``heuristic``, ``mc``) or a factory ``(rng) -> Bot``.
BotSpec = str | Callable[[random.Random], Bot]


def session_seed(seed: int, index: int) -> int:
    """The seed of session ``index`` of a run seeded ``seed`` (the same in every process).

    >>> session_seed(1, 0) == session_seed(1, 0) != session_seed(1, 1)
    True
    """
    return random.Random(f"cardrules session {seed} {index}").getrandbits(64)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in session ``index``."""
    return random.Random(f"cardrules bot {seed} {index} {seat}").getrandbits(64)


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
