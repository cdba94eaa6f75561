"""Chance made explicit: the cut, the deal card by card and each draw from the stock.

A session in explicit chance mode (``Session(..., chance="explicit")``) shuffles nothing:
wherever the default mode would take a card (or a seat) from its generator it stops at a
*chance node*, and whoever drives it chooses the outcome among :func:`outcomes`, each with
its probability. Four kinds of node:

``cut``
    who deals first, when no dealer is given: one outcome per seat, with the probability
    the rules' cut gives it (every seat alike, except when the first knave deals);
``size``
    how many cards each player is dealt, when the rules draw it at random for each deal
    (``deal.sizes.vary: random``): each size alike (:mod:`cardrules.engine.handsize`),
    before the deal's first card;
``deal``
    the next card dealt, into the next of the deal's places
    (:func:`~cardrules.engine.dealing.deal_places`): any card not yet dealt, alike;
``draw``
    the next card a player draws for an exchange: any hidden card of the stock above a
    turn-up that goes to the stock (drawn last), alike; then the turn-up; then what lies
    under it.

A :class:`ChanceNode` is plain data (copied, compared, written to JSON and read back), so
a session waiting at one is still a value.

>>> from cardrules.rules.model import Rules
>>> ctx = DealContext(players=2, dealer=0)
>>> node = ChanceNode("deal", places=[("hand", 1), ("hand", 0)], cards=[7], context=ctx)
>>> node.next_place, ChanceNode.from_json(node.to_json()) == node
(('hand', 0), True)
>>> [round(p, 3) for _, p in cut_odds(Rules(), tuple(range(52)), 4)]
[0.25, 0.25, 0.25, 0.25]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING, Any

from cardrules.cards import RANKS, card_text, rank_of
from cardrules.engine.dealing import DealContext, DealtTo, FixedDeal, shuffle
from cardrules.engine.parts import blank_instance
from cardrules.engine.tables import Tables
from cardrules.errors import RecordError
from cardrules.rules.model import FirstDealer, Rules

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "CHANCE",
    "KINDS",
    "ChanceNode",
    "cut_for_deal",
    "cut_odds",
    "deal_outcomes",
    "draw_outcomes",
    "fixed_deal",
    "outcome_text",
    "stack_stock",
]

#: What :attr:`Session.to_move <cardrules.engine.session.Session.to_move>` says at a chance
#: node (-1 keeps its meaning: nobody is to move, the session being over or paused).
CHANCE = -2

#: The kinds of chance node.
KINDS = ("cut", "size", "direction", "deal", "draw")


class ChanceNode:
    """A chance event waiting for its outcome, with what has come of it so far.

    ``kind`` is one of :data:`KINDS`. A ``size`` node holds the context of the deal whose
    size it draws; a ``deal`` node holds the deal's ``context`` (its
    stakes already paid), its ``places`` and the ``cards`` dealt so far (one per place, in
    order); a ``draw`` node the ``seat`` that
    exchanges, his exchange ``action``, how many cards he draws (``count``) and the
    ``cards`` drawn so far.
    """

    __slots__ = ("action", "cards", "context", "count", "kind", "places", "seat")

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # A blank to fill (a copy, unpickling): a class compiled by mypyc whose __new__ is
        # its own runs no __init__ for it (docs/compiled.md).
        return object.__new__(cls)

    def __init__(
        self,
        kind: str,
        *,
        places: Sequence[DealtTo] = (),
        cards: Sequence[int] = (),
        seat: int = -1,
        action: int = -1,
        count: int = 0,
        context: DealContext | None = None,
    ) -> None:
        self.kind = kind
        self.context = context
        self.places = list(places)
        self.cards = list(cards)
        self.seat = seat
        self.action = action
        self.count = count

    @property
    def next_place(self) -> DealtTo:
        """Where the next card of a ``deal`` node goes."""
        return self.places[len(self.cards)]

    @property
    def complete(self) -> bool:
        """Whether every outcome the node needs has been given."""
        if self.kind == "deal":
            return len(self.cards) == len(self.places)
        if self.kind == "draw":
            return len(self.cards) == self.count
        return False

    def copy(self) -> ChanceNode:
        """An independent copy (the places are never changed, so they are shared)."""
        new = blank_instance(ChanceNode)
        new.kind = self.kind
        new.context = self.context  # never changed: a new deal gets a new one
        new.places = self.places
        new.cards = list(self.cards)
        new.seat = self.seat
        new.action = self.action
        new.count = self.count
        return new

    def to_json(self) -> dict[str, Any]:
        """The node as JSON-ready data."""
        return {
            "kind": self.kind,
            "context": None if self.context is None else self.context.to_json(),
            "places": [list(p) for p in self.places],
            "cards": list(self.cards),
            "seat": self.seat,
            "action": self.action,
            "count": self.count,
        }

    @classmethod
    def from_json(cls, data: Any) -> ChanceNode:
        """Read :meth:`to_json` output; raises :class:`~cardrules.errors.RecordError` when
        it is not a chance node."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise RecordError(f"a chance node must be a mapping with a kind of {KINDS}")
        try:
            places = [(str(k), _int(o)) for k, o in data["places"]]
            node = cls(
                data["kind"],
                places=places,
                cards=[_int(c) for c in data["cards"]],
                seat=_int(data["seat"]),
                action=_int(data["action"]),
                count=_int(data["count"]),
                context=None if data["context"] is None else DealContext.from_json(data["context"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"a chance node is incomplete or malformed: {exc!r}") from None
        if node.kind in ("size", "direction", "deal") and node.context is None:
            raise RecordError("a chance node of a deal needs the deal's context")
        if any(k not in ("hand", "miss", "turn_up", "dealer_turn_up") for k, _ in places):
            raise RecordError("a chance node's places are hands, the miss or the turn-up")
        if len(node.cards) > max(len(places), node.count) or len(set(node.cards)) != len(
            node.cards
        ):
            raise RecordError("a chance node holds more cards than it deals, or one twice")
        if any(not 0 <= c < 52 for c in node.cards):
            raise RecordError("a chance node's cards are card ids from 0 to 51")
        return node

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChanceNode):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<ChanceNode {self.kind} cards={self.cards}>"


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an int, got {value!r}")
    return value


def cut_odds(rules: Rules, pack: Sequence[int], players: int) -> list[tuple[int, float]]:
    """Each seat's chance of dealing first by the rules' cut, as (seat, probability).

    Cutting is the same for every seat, ties cut again, so each deals first alike; when
    the first knave dealt face up deals, seat ``i`` deals if the first knave is card
    ``i``, ``i + n``, ... of a shuffled pack (of ``J`` knaves in ``P`` cards, the first is
    card ``i`` with probability C(P-1-i, J-1) / C(P, J)).

    >>> from cardrules.rules.model import Rules
    >>> import attrs
    >>> r = attrs.evolve(Rules(), session=attrs.evolve(Rules().session,
    ...     first_dealer=FirstDealer.FIRST_KNAVE))
    >>> odds = dict(cut_odds(r, tuple(range(52)), 2))
    >>> round(odds[0] + odds[1], 12), odds[0] > odds[1]
    (1.0, True)
    """
    if rules.session.first_dealer is not FirstDealer.FIRST_KNAVE:
        return [(s, 1.0 / players) for s in range(players)]
    size = len(pack)
    knaves = sum(1 for c in pack if RANKS[rank_of(c)] == "J")
    if knaves == 0:
        return [(0, 1.0)]
    # Whole numbers over one denominator, divided last (an int over an int is rounded
    # once, as a Fraction's float is).
    ways = [0] * players
    whole = comb(size, knaves)
    for i in range(size - knaves + 1):
        ways[i % players] += comb(size - 1 - i, knaves - 1)
    return [(s, w / whole) for s, w in enumerate(ways) if w]


def cut_for_deal(rules: Rules, tables: Tables, players: int, rng: random.Random) -> int:
    """The seat that deals first, cut for with ``rng`` by the rules (D1, D49): the lowest
    (or highest) card cut deals, ties cutting again, or the first knave dealt face up.

    >>> from cardrules.engine.tables import tables_for
    >>> from cardrules.rules.model import Rules
    >>> 0 <= cut_for_deal(Rules(), tables_for(Rules()), 4, random.Random(3)) < 4
    True
    """
    rule = rules.session.first_dealer
    pack = list(tables.pack)
    n = players
    if rule is FirstDealer.FIRST_KNAVE:
        shuffle(pack, rng)  # rng.shuffle(pack)'s draws and order, at a third of its cost
        for i, c in enumerate(pack):
            if RANKS[rank_of(c)] == "J":
                return i % n
        return 0
    power = tables.power[4]
    # Cutting counts the ace low (EW 96.ii) except when the highest card cuts.
    natural = "A23456789TJQK" if rule is FirstDealer.LOWEST_CUT else RANKS

    def value(c: int) -> int:
        if rule is FirstDealer.HIGHEST_PUT_CARD:
            return power[c]
        return natural.index(RANKS[rank_of(c)])

    if rule is FirstDealer.HIGHEST_PUT_CARD:
        best = max
    else:
        best = min if rule in (FirstDealer.LOWEST_CUT, FirstDealer.LOWEST_CARD) else max
    seats = list(range(n))
    while True:
        shuffle(pack, rng)  # rng.shuffle(pack)'s draws and order, at a third of its cost
        values = {s: value(pack[i]) for i, s in enumerate(seats)}
        top = best(values.values())
        seats = [s for s in seats if values[s] == top]
        if len(seats) == 1:
            return seats[0]


def deal_outcomes(pack: Sequence[int], dealt: Sequence[int]) -> list[tuple[int, float]]:
    """The next card of a deal: any card of ``pack`` not yet ``dealt``, alike.

    >>> deal_outcomes([0, 1, 2, 3], [2])
    [(0, 0.3333333333333333), (1, 0.3333333333333333), (3, 0.3333333333333333)]
    """
    gone = set(dealt)
    rest = [c for c in pack if c not in gone]
    p = 1.0 / len(rest)
    return [(c, p) for c in rest]


def draw_outcomes(
    stock: Sequence[int],
    turnup: int,
    drawn: Sequence[int],
    restocks: Sequence[Sequence[int]] = (),
) -> list[tuple[int, float]]:
    """The next card drawn from ``stock`` (top at the end) after ``drawn``: any hidden
    card above the turn-up when it lies in the stock (drawn last, D43), alike; when none
    is left above it, the turn-up; after it, any card under it. When the stock is used up,
    any card of the first of ``restocks`` (what restocking would gather, in order:
    :func:`cardrules.engine.restock.batches`) not yet drawn, alike.

    >>> draw_outcomes([40, 9, 3], 40, [])
    [(3, 0.5), (9, 0.5)]
    >>> draw_outcomes([40, 9, 3], 40, [9, 3])
    [(40, 1.0)]
    >>> draw_outcomes([9], -1, [9], restocks=[[20, 21], [30]])
    [(20, 0.5), (21, 0.5)]
    """
    gone = set(drawn)
    rest = [c for c in stock if c not in gone]
    if not rest:
        for batch in restocks:
            rest = [c for c in batch if c not in gone]
            if rest:
                break
    if turnup >= 0 and turnup in rest:
        i = rest.index(turnup)
        above = rest[i + 1 :]
        rest = above if above else [turnup]
    rest.sort()
    p = 1.0 / len(rest)
    return [(c, p) for c in rest]


def stack_stock(stock: list[int], drawn: Sequence[int]) -> list[int]:
    """Put the cards of ``drawn`` that lie in ``stock`` on top of it in place, so that
    drawing takes them in order; the rest of ``drawn`` (drawn once the stock ran out, from
    its restocks) is returned, in order.

    >>> s = [5, 6, 7, 8]; stack_stock(s, [6, 5, 20]), s
    ([20], [7, 8, 5, 6])
    """
    there = set(stock)
    top = [c for c in drawn if c in there]
    for c in top:
        stock.remove(c)
    stock.extend(reversed(top))
    return [c for c in drawn if c not in there]


def fixed_deal(node: ChanceNode, players: int) -> FixedDeal:
    """The deal a completed ``deal`` node made, as a :class:`FixedDeal`."""
    hands: list[list[str]] = [[] for _ in range(players)]
    miss: list[str] = []
    turn_up = None
    for (kind, seat), c in zip(node.places, node.cards, strict=True):
        if kind == "hand":
            hands[seat].append(card_text(c))
        elif kind == "miss":
            miss.append(card_text(c))
        elif kind == "dealer_turn_up":  # the dealer's own last card, dealt face up
            hands[seat].append(card_text(c))
            turn_up = card_text(c)
        else:
            turn_up = card_text(c)
    return FixedDeal(hands=tuple(tuple(h) for h in hands), miss=tuple(miss), turn_up=turn_up)


def outcome_text(node: ChanceNode, outcome: int) -> str:
    """What an outcome of ``node`` means, in words.

    >>> outcome_text(ChanceNode("deal", places=[("miss", 0)]), 11)
    'KS to the miss'
    >>> outcome_text(ChanceNode("cut"), 2)
    'seat 2 deals first'
    """
    if node.kind == "cut":
        return f"seat {outcome} deals first"
    if node.kind == "size":
        return f"{outcome} cards each"
    if node.kind == "direction":
        return f"cards passed {outcome} seats on" if outcome else "no passing"
    text = card_text(outcome) if 0 <= outcome < 52 else f"card {outcome}"
    if node.kind == "draw":
        return f"seat {node.seat} draws {text}"
    kind, seat = node.next_place if not node.complete else ("hand", -1)
    if kind == "hand":
        return f"{text} to seat {seat}"
    if kind == "miss":
        return f"{text} to the miss"
    if kind == "dealer_turn_up":
        return f"{text} to seat {seat}, face up"
    return f"{text} turned up"
