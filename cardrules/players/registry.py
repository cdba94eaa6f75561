"""The bundled bots by name: ``random``, ``heuristic`` and ``mc`` (``mc:N``).

>>> import random
>>> type(make_bot("heuristic", random.Random(1))).__name__
'HeuristicBot'
"""

from __future__ import annotations

import random

from cardrules.errors import PlayError
from cardrules.players.base import Bot, RandomBot
from cardrules.players.heuristic import HeuristicBot
from cardrules.players.montecarlo import MonteCarloBot

__all__ = ["BOT_NAMES", "make_bot"]

#: The bots :func:`make_bot` knows, by name.
BOT_NAMES = ("random", "heuristic", "mc")


def make_bot(name: str, rng: random.Random | None = None) -> Bot:
    """A bot by its name: ``random``, ``heuristic`` or ``mc`` (Monte Carlo search;
    ``mc:N`` searches with ``N`` samples per action).

    >>> make_bot("mc:8", random.Random(1)).samples
    8
    """
    key, _, arg = name.strip().lower().partition(":")
    rng = rng or random.Random()
    if key == "random" and not arg:
        return RandomBot(rng)
    if key == "heuristic" and not arg:
        return HeuristicBot(rng)
    if key == "mc":
        if not arg:
            return MonteCarloBot(rng=rng)
        if arg.isdigit() and int(arg) > 0:
            return MonteCarloBot(samples=int(arg), rng=rng)
        raise PlayError(f"bot {name!r}: the samples of 'mc:N' must be a positive whole number")
    raise PlayError(f"unknown bot {name!r} (bots: {', '.join(BOT_NAMES)}, or mc:N)")
