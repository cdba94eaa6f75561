"""The section of the rules model for a game's own words: what its players call
declaring to play or not, the counters played for, the penalty of a player who took no
trick, and the exchange with the stock.

Bourré speaks of Loo's mechanisms under other names (sources.md 1.8): a player *plays*
or *passes* where at Loo he stands or throws up, the counters make a *pot*, a player
who played and took no trick *goes bourré* where at Loo he is looed, and the exchange is
the *draw*. ``words`` says which the game uses; the engine plays the same
either way, and the rulebook speaks them (:mod:`cardrules.tools.rulebook.terms`). Loo's
words are the defaults. :class:`Words` is a section of
:class:`~cardrules.rules.model.Rules`; the model re-exports it.

>>> Words().pool.value, Words(pool=PoolWord.POT).pool.value
('pool', 'pot')
"""

from __future__ import annotations

import attrs

from cardrules.rules.fields import opt
from cardrules.rules.options import ExchangeWord, LooedWord, PoolWord, StandWord, ThrowUpWord

__all__ = ["Words"]


@attrs.frozen
class Words:
    """The game's own words for declaring, the pool, the penalty and the exchange, as its
    rulebook says them; they change no rule."""

    stand: StandWord = opt(
        StandWord.STAND,
        "What a player who declares that he will play the deal is said to do: stand (Loo), "
        "play or stay (Bourré).",
        source="1.1.7, 1.8.6",
    )
    throw_up: ThrowUpWord = opt(
        ThrowUpWord.THROW_UP,
        "What a player who declares that he will not play the deal is said to do: throw up "
        "his hand (throw_up, Loo), pass or fold (Bourré).",
        source="1.1.7, 1.8.6",
    )
    pool: PoolWord = opt(
        PoolWord.POOL,
        "What the counters played for are called: the pool (Loo) or the pot (Bourré).",
        source="1.1.4, 1.8.3",
    )
    looed: LooedWord = opt(
        LooedWord.LOOED,
        "What a player who stood and took no trick is said to be: looed, paying a loo "
        "(Loo), or bourré, paying a penalty (Bourré: he goes bourré).",
        source="1.1.14.2, 1.8.14.3",
    )
    exchange: ExchangeWord = opt(
        ExchangeWord.EXCHANGE,
        "What laying out cards and taking as many from the stock is called: the exchange "
        "(Loo) or the draw (Bourré).",
        source="1.2.6, 1.8.7",
    )
