"""The random player's draws: a uniform kind of legal action, then a uniform action of
that kind, from a list of legal actions (:func:`random_legal`) or from the actions by
kind (:func:`random_offered`, with the same draws from the generator and so the same
action). :class:`~cardrules.players.base.RandomBot` chooses with them, and the fast path
(:func:`cardrules.players.playout.play_out`) draws its random bots' actions with
:func:`random_offered`; this module is compiled in the compiled build (docs/compiled.md),
the bot's class is not (a user may subclass it).

>>> import random
>>> from cardrules.engine.actions import PLAY, THROW_UP
>>> legal = [THROW_UP, PLAY + 3, PLAY + 17]  # throw up, or play one of two cards
>>> random_legal(random.Random(1), legal) in legal
True
>>> action_kind(PLAY + 17) == PLAY
True
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence

from cardrules.engine.actions import BID, DISCARD, EXCHANGE, GIVE, PLAY
from cardrules.engine.offer import Offer

__all__ = ["action_kind", "random_legal", "random_offered"]


def action_kind(action: int) -> int:
    """The kind of an action: its word (stand, throw-up...), play, give, discard, exchange
    or bid."""
    if action < PLAY:
        return action
    if action >= BID:
        return BID
    if action >= EXCHANGE:
        return EXCHANGE
    return PLAY + (action - PLAY) // 52 * 52


_BOUNDS = (PLAY, GIVE, DISCARD, EXCHANGE)


def random_legal(rng: random.Random, legal: Sequence[int]) -> int:
    """A random legal action, uniform over kinds then over actions of the kind.

    ``legal`` is sorted (as :meth:`~cardrules.engine.session.Session.legal_actions`
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


def random_offered(rng: random.Random, offer: Offer) -> int:
    """:func:`random_legal` over the actions of ``offer``: the same draws from ``rng``, the
    same action, with an id made only for the action drawn."""
    if type(rng) is not random.Random:
        return _random_offered(rng.randrange, offer)
    # rng.randrange(n) written out: the same draws from getrandbits, without its two calls.
    getrandbits = rng.getrandbits
    words = offer.words
    n = len(words)
    if n:
        count = offer.count
        if count:
            n += 1
        b = n.bit_length()
        g = getrandbits(b)
        while g >= n:
            g = getrandbits(b)
        if g < len(words):
            while getrandbits(1):  # the draw within a word's group of one, as random_legal
                pass
            return words[g]
    n = offer.count
    b = n.bit_length()
    i = getrandbits(b)
    while i >= n:
        i = getrandbits(b)
    kind = offer.kind
    if kind != EXCHANGE:
        return kind + offer.cards[i]
    return offer.action(i)


def _random_offered(below: Callable[[int], int], offer: Offer) -> int:
    words = offer.words
    if not words:
        return offer.action(below(offer.count))
    k = len(words)
    g = below(k + 1 if offer.count else k)
    if g < k:
        below(1)  # the draw within a word's group of one, as random_legal makes it
        return words[g]
    return offer.action(below(offer.count))
