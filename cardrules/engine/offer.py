"""The legal actions of the seat to move, by kind: the words, then the cards.

An :class:`Offer` is the structured form of :meth:`Deal.legal_actions
<cardrules.engine.deal.Deal.legal_actions>`, for play at speed: the words open to the
seat (stand, throw up, take the miss...), and at most one kind of card action with its
cards: the cards that may be played, given or discarded, or the hand whose subsets may be
exchanged. Each phase of the deal lists its legal actions once, as an offer
(:meth:`Deal.offer <cardrules.engine.deal.Deal.offer>`), and ``legal_actions()`` is the
offer's ids, so the two never differ; the fast path makes an action id only for the action
chosen (:meth:`Offer.action`, :meth:`Offer.exchange`).

The actions of the kind are numbered in the order of their ids, so that the ``i``-th
action of the kind is the ``i``-th id of the kind in ``legal_actions()``; the kinds are
the words in order, then the card kind. Choosing a kind uniformly, then an action of it
uniformly, is :func:`~cardrules.players.draws.random_legal` with the same draws.

>>> import cardrules
>>> from cardrules.engine.actions import EXCHANGE, exchange_id
>>> s = cardrules.new_session("five-card-loo", players=5, seed=3, dealer=0)
>>> offer = s.deal.offer()
>>> offer.words, offer.kind == EXCHANGE, offer.count, len(offer.cards)
((0, 1), True, 31, 5)
>>> offer.legal() == s.legal_actions()
True
>>> offer.action(0) == exchange_id(offer.cards[:1])  # exchange the lowest card
True
>>> offer.exchange(0b11) == exchange_id(offer.cards[:2]) == offer.action(5)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardrules.engine.actions import (
    COLUMNS,
    EXCHANGE,
    EXCHANGE_OFFSETS,
    MAX_EXCHANGE,
    PLAY,
    exchange_cards,
    with_exchanges,
)

__all__ = ["NO_KIND", "Offer", "exchange_count"]

#: :attr:`Offer.kind` when no card action is open (only words).
NO_KIND = -1

_NO_WORDS: tuple[int, ...] = ()


def _subsets_in_id_order(k: int) -> list[tuple[int, ...]]:
    """The non-empty subsets of ``range(k)`` (as index tuples) in the order of the exchange
    ids of a sorted hand's subsets: by size, then by combinatorial rank (colex order), which
    a sorted hand keeps since its cards rise with their index."""
    out: list[tuple[int, ...]] = []
    for m in range(1, k + 1):
        out.extend(sorted(combinations(range(k), m), key=lambda t: t[::-1]))
    return out


_SUBSETS: dict[int, list[tuple[int, ...]]] = {}


def _subsets(k: int) -> list[tuple[int, ...]]:
    subsets = _SUBSETS.get(k)
    if subsets is None:
        subsets = _SUBSETS[k] = _subsets_in_id_order(k)
    return subsets


def exchange_count(k: int, limit: int) -> int:
    """How many exchanges a hand of ``k`` cards has when at most ``limit`` cards may go.

    >>> exchange_count(5, 5), exchange_count(5, 2), exchange_count(3, 0)
    (31, 15, 0)
    """
    total = 0
    c = 1
    for m in range(1, min(k, limit) + 1):
        c = c * (k - m + 1) // m
        total += c
    return total


#: ``_COUNTS[k][limit]``: :func:`exchange_count` of hands that may exchange them all.
_COUNTS = [[exchange_count(k, lim) for lim in range(k + 1)] for k in range(MAX_EXCHANGE + 1)]


class Offer:
    """What the seat ``seat`` may do, by kind (see the module's text): the ``words``, and
    the actions of ``kind`` for each of ``cards`` (for EXCHANGE, each subset of the hand
    ``cards`` of at most ``limit`` cards). Made by each phase of the deal
    (:meth:`Deal.offer <cardrules.engine.deal.Deal.offer>`); it holds its words and cards as
    tuples of its own, and says what was open until the next action is applied.

    >>> from cardrules.engine.actions import PLAY, THROW_UP
    >>> offer = Offer(0, [THROW_UP], PLAY, [3, 40])
    >>> offer.legal() == [THROW_UP, PLAY + 3, PLAY + 40], offer.action(1) == PLAY + 40
    (True, True)
    >>> Offer(0, [], EXCHANGE, [3, 40], 1).count  # either card alone
    2
    """

    __slots__ = ("cards", "count", "kind", "limit", "seat", "words")

    def __init__(
        self,
        seat: int = -1,
        words: Sequence[int] = _NO_WORDS,
        kind: int = NO_KIND,
        cards: Sequence[int] = _NO_WORDS,
        limit: int = 0,
    ) -> None:
        #: The seat to move.
        self.seat = seat
        #: The word actions open (ids below :data:`~cardrules.engine.actions.PLAY`), sorted.
        self.words = tuple(words)
        #: The cards of that kind, sorted: to play, give or discard; for EXCHANGE, the hand;
        #: for BID, the numbers of tricks that may be bid.
        self.cards = tuple(cards)
        #: For EXCHANGE, the most cards that may be exchanged.
        self.limit = limit
        #: The card kind open: PLAY, GIVE, DISCARD or EXCHANGE, or :data:`NO_KIND`; or BID.
        self.kind = kind
        #: How many actions of that kind there are.
        self.count = len(cards)
        if kind == EXCHANGE:  # any non-empty subset of the hand, of at most limit cards
            k = len(cards)
            small = k <= MAX_EXCHANGE and limit <= k
            self.count = _COUNTS[k][limit] if small else exchange_count(k, limit)
            if not self.count:
                self.kind = NO_KIND

    @property
    def kinds(self) -> int:
        """How many kinds of action are open: the words, and the card kind if any."""
        return len(self.words) + (self.kind != NO_KIND)

    def action(self, i: int) -> int:
        """The id of the ``i``-th action of the card kind (in the order of ids)."""
        if self.kind != EXCHANGE:
            return self.kind + self.cards[i]
        hand = self.cards
        subset = _subsets(len(hand))[i]
        a = EXCHANGE_OFFSETS[len(subset)]
        for j, x in enumerate(subset):
            a += COLUMNS[j + 1][hand[x]]
        return a

    def exchange(self, mask: int) -> int:
        """The id of exchanging the cards of the hand whose bits are set in ``mask``
        (bit ``i``: the hand's ``i``-th card, lowest first)."""
        hand = self.cards
        a = 0
        m = 0
        i = 0
        while mask:
            if mask & 1:
                m += 1
                a += COLUMNS[m][hand[i]]
            mask >>= 1
            i += 1
        return EXCHANGE_OFFSETS[m] + a

    def legal(self) -> list[int]:
        """Every action offered, as the sorted ids ``legal_actions()`` gives."""
        kind = self.kind
        if kind == EXCHANGE:
            return with_exchanges(list(self.words), list(self.cards), self.limit)
        if kind == NO_KIND:
            return list(self.words)
        return [*self.words, *[kind + c for c in self.cards]]

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` (an id) is offered."""
        if type(action) is not int:
            return False
        kind = self.kind
        if action < PLAY:
            return action in self.words
        if kind == EXCHANGE:
            if action < EXCHANGE or action >= EXCHANGE_OFFSETS[MAX_EXCHANGE + 1]:
                return False
            out = exchange_cards(action)
            hand = self.cards
            return len(out) <= self.limit and all(c in hand for c in out)
        return kind != NO_KIND and kind <= action < kind + 52 and action - kind in self.cards
