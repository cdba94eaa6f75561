"""The game's own words (the rule file's ``words``) in every form the sentences use.

Each form is named by Loo's word in that form, so that a template reads as Loo's
sentence: "If every player before the dealer {throws_up}, the dealer takes the {pool}
without play" says "throws up" and "pool" at Loo, "passes" and "pot" at Bourré.
:func:`terms` gives them all for some rules;
:func:`~cardrules.tools.rulebook.words.template_words` adds them to the fields every
template may use, and the sentences a section module computes read them from here. Loo's
words are the defaults, and Loo's forms give back Loo's sentences word for word.

>>> from cardrules.rules.model import Rules, Words
>>> t = terms(Rules())
>>> t.stands, t.throws_up, t.pool, t.is_looed, t.exchanging
('stands', 'throws up', 'pool', 'is looed', 'exchanging')
>>> t = terms(Rules(words=Words(stand=StandWord.PLAY, throw_up=ThrowUpWord.PASS)))
>>> t.will_stand, t.stand_and_play
('play or pass', 'play')
"""

from __future__ import annotations

import attrs

from cardrules.rules.model import (
    ExchangeWord,
    LooedWord,
    PoolWord,
    Rules,
    StandWord,
    ThrowUpWord,
)

__all__ = ["Terms", "terms"]


@attrs.frozen
class _Standing:
    """Declaring that one plays the deal (``words.stand``)."""

    stand: str
    stands: str
    stood: str
    standing: str
    stander: str  # one who stood: "the lone stander"
    a_stander: str
    stand_and_play: str  # "the dealer may stand and play against him"


@attrs.frozen
class _ThrowingUp:
    """Declaring that one will not play (``words.throw_up``)."""

    throw_up: str
    throws_up: str
    thrown_up: str
    throw_up_hand: str  # "a player may throw up his hand"


@attrs.frozen
class _Looing:
    """A player who stood and took no trick, and what he pays (``words.looed``)."""

    looed: str  # "is looed"
    is_looed: str  # "won no trick is looed: he pays"
    looed_paying: str  # "a stander who wins none is looed the pool played for"
    looed_in: str  # "a player looed in the last deal"
    the_looed: str
    loo: str  # what he pays
    a_loo: str
    loos: str
    loo_names: bool  # the loos are named (unlimited loo, mixed loo, the ordinary loo)


@attrs.frozen
class _Exchanging:
    """Laying out cards and taking as many from the stock (``words.exchange``)."""

    exchange: str  # the verb and the noun
    exchanges: str
    exchanged: str
    exchanging: str
    an_exchange: str
    exchange_once: str  # "may exchange, once, any number of his cards"
    lays_out: str  # "he lays them face down"
    laid_out: str  # "a card laid out cannot be taken back"
    in_exchange: str  # "never drawn in exchange"


_STAND: dict[StandWord, _Standing] = {
    StandWord.STAND: _Standing(
        "stand", "stands", "stood", "standing", "stander", "a stander", "stand and play"
    ),
    StandWord.PLAY: _Standing(
        "play", "plays", "played", "playing", "active player", "an active player", "play"
    ),
    StandWord.STAY: _Standing(
        "stay", "stays", "stayed", "staying", "active player", "an active player", "stay and play"
    ),
}

_THROW_UP: dict[ThrowUpWord, _ThrowingUp] = {
    ThrowUpWord.THROW_UP: _ThrowingUp("throw up", "throws up", "thrown up", "throw up his hand"),
    ThrowUpWord.PASS: _ThrowingUp("pass", "passes", "passed", "pass"),
    ThrowUpWord.FOLD: _ThrowingUp("fold", "folds", "folded", "fold"),
}

_POOL: dict[PoolWord, str] = {PoolWord.POOL: "pool", PoolWord.POT: "pot"}

_LOOED: dict[LooedWord, _Looing] = {
    LooedWord.LOOED: _Looing(
        "looed",
        "is looed",
        "is looed",
        "looed in",
        "the looed",
        "loo",
        "a loo",
        "loos",
        loo_names=True,
    ),
    LooedWord.BOURRE: _Looing(
        "bourré",
        "goes bourré",
        "goes bourré, paying",
        "who went bourré in",
        "the bourré players",
        "penalty",
        "a penalty",
        "penalties",
        loo_names=False,
    ),
}

_EXCHANGE: dict[ExchangeWord, _Exchanging] = {
    ExchangeWord.EXCHANGE: _Exchanging(
        "exchange",
        "exchanges",
        "exchanged",
        "exchanging",
        "an exchange",
        "exchange, once, any number of his cards",
        "lays them",
        "laid out",
        " in exchange",
    ),
    ExchangeWord.DRAW: _Exchanging(
        "draw",
        "draws",
        "drawn",
        "drawing",
        "a draw",
        "draw once",
        "discards any number of his cards",
        "discarded",
        "",
    ),
}


@attrs.frozen
class Terms:
    """Every form of the game's words that a sentence uses, named by Loo's form, and the
    few phrases whose shape the words change."""

    stand: str
    stands: str
    stood: str
    standing: str
    stander: str
    a_stander: str
    stand_and_play: str
    will_stand: str  # "declares whether he will stand ("I play") and play the deal"
    throw_up: str
    throws_up: str
    thrown_up: str
    throw_up_hand: str
    pool: str
    looed: str
    is_looed: str
    looed_paying: str
    looed_in: str
    the_looed: str
    loo: str
    a_loo: str
    loos: str
    unlimited_name: str  # " (unlimited loo)"
    mixed_name: str  # " (mixed loo)"
    a_mixed_loo: str  # "a mixed loo is never less than ..."
    least_loo: str  # "... the ordinary loo of"
    no_least_loo: str  # the sentence of a mixed loo without a floor
    exchange: str
    exchanges: str
    exchanged: str
    exchanging: str
    an_exchange: str
    exchange_once: str
    lays_out: str
    laid_out: str
    in_exchange: str

    def fields(self) -> dict[str, str]:
        """The forms as template fields: ``{"pool": "pot", ...}``."""
        return {k: v for k, v in attrs.asdict(self).items() if isinstance(v, str)}


def terms(r: Rules) -> Terms:
    """The forms of the words ``r`` gives (``r.words``)."""
    w = r.words
    s, t, lo, x = _STAND[w.stand], _THROW_UP[w.throw_up], _LOOED[w.looed], _EXCHANGE[w.exchange]
    pool = _POOL[w.pool]
    if w.stand is StandWord.STAND:
        will_stand = 'stand ("I play") and play the deal'
    else:
        will_stand = f"{s.stand} or {t.throw_up}"
    if lo.loo_names:
        no_least = (
            f"When the {pool} played for is smaller than the ordinary loo, the loo is only "
            f"the {pool}."
        )
    else:
        no_least = (
            f"There is no least {lo.loo}: however small the {pool} played for, the {lo.loo} "
            f"is no more than that {pool}."
        )
    return Terms(
        **attrs.asdict(s),
        will_stand=will_stand,
        **attrs.asdict(t),
        pool=pool,
        looed=lo.looed,
        is_looed=lo.is_looed,
        looed_paying=lo.looed_paying,
        looed_in=lo.looed_in,
        the_looed=lo.the_looed,
        loo=lo.loo,
        a_loo=lo.a_loo,
        loos=lo.loos,
        unlimited_name=" (unlimited loo)" if lo.loo_names else "",
        mixed_name=" (mixed loo)" if lo.loo_names else "",
        a_mixed_loo="a mixed loo" if lo.loo_names else lo.a_loo,
        least_loo="the ordinary loo of " if lo.loo_names else "",
        no_least_loo=no_least,
        **attrs.asdict(x),
    )
