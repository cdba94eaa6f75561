"""Dealing the cards: shuffled by a seeded generator, or given card by card.

:func:`deal_cards` fills a deal's :class:`~cardrules.engine.parts.Cards` from a shuffled
pack, following the rules' packets and the place of the miss, or from a
:class:`FixedDeal` (rulings and tests). It is the only code that puts cards into hands.

>>> deal_plan(2, 3, (1,), True, MissPosition.AFTER_DEALER_EACH_ROUND)
[0, 1, 2, 0, 1, 2, 0, 1, 2]
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from cardrules.cards import NO_TRUMP, SUITS, card_text, parse_card
from cardrules.engine.arguments import MAX_COUNTERS
from cardrules.engine.fixeddeal import FixedDeal
from cardrules.engine.parts import Cards
from cardrules.engine.restock import may_restock
from cardrules.engine.tables import Tables
from cardrules.errors import RecordError
from cardrules.rules.applies import turn_up_held
from cardrules.rules.bounds import MAX_POINTS, MAX_TABLE
from cardrules.rules.model import DealStart, FirstDeal, MissPosition, Restock, Rules
from cardrules.rules.sizes import MOST_CARDS

__all__ = [
    "DealContext",
    "DealingPlan",
    "DealtTo",
    "FixedDeal",
    "deal_cards",
    "deal_places",
    "deal_plan",
    "dealing_plan",
    "deals_miss",
    "receivers",
    "shuffle",
]


def _bags(value: Any, players: int) -> tuple[int, ...]:
    """A context's ``bags``: none, or one whole number for each seat, each within the most
    a bag limit may be."""
    if not isinstance(value, list) or len(value) not in (0, players):
        raise ValueError(f"bags: expected a list of {players} whole numbers")
    return tuple(_bounded("bag", x, -MAX_POINTS, MAX_POINTS) for x in value)


class DealContext:
    """What the session tells a deal: the table, the stakes and the deal's kind (the first of
    the session, a single; in Peel's quick finish that releases the loos, a deal whose loos
    are released and the last deal, in which all stand, 1.1.16).

    >>> DealContext(players=4, dealer=3, pool=4, stakes=(1, 1, 1, 1)).dealer
    3
    """

    __slots__ = (
        "bags",
        "dealer",
        "first",
        "hand_size",
        "last",
        "pass_to",
        "players",
        "pool",
        "released",
        "single",
        "stakes",
    )

    def __init__(
        self,
        players: int,
        dealer: int,
        pool: int = 0,
        stakes: tuple[int, ...] = (),
        single: bool = False,
        first: bool = False,
        last: bool = False,
        released: bool = False,
        hand_size: int = 0,
        pass_to: int = 0,
        bags: tuple[int, ...] = (),
    ) -> None:
        self.players = players
        self.dealer = dealer
        self.pool = pool
        self.stakes = stakes
        self.single = single
        self.first = first
        self.last = last
        self.released = released
        #: The cards each player is dealt when ``deal.sizes`` varies them (0: the rules'
        #: ``deal.hand_size``; see :mod:`cardrules.engine.handsize`).
        self.hand_size = hand_size
        #: Where the cards passed before the play go, as a seat offset (1: to the left;
        #: 0: no passing this deal; see :mod:`cardrules.engine.passing`).
        self.pass_to = pass_to
        #: The bags each seat carries in from the running score, where contracts count
        #: them (``settlement.contract.bag_limit``; see
        #: :mod:`cardrules.engine.contractpoints`); empty otherwise.
        self.bags = bags

    def to_json(self) -> dict[str, Any]:
        """The context as JSON-ready data (``last`` and ``released`` only when true: a
        position of any other deal reads as it always did)."""
        out = {
            "players": self.players,
            "dealer": self.dealer,
            "pool": self.pool,
            "stakes": list(self.stakes),
            "single": self.single,
            "first": self.first,
        }
        if self.last:
            out["last"] = True
        if self.released:
            out["released"] = True
        if self.hand_size:
            out["hand_size"] = self.hand_size
        if self.pass_to:
            out["pass_to"] = self.pass_to
        if self.bags:
            out["bags"] = list(self.bags)
        return out

    @classmethod
    def from_json(cls, data: Any) -> DealContext:
        """Read :meth:`to_json` output, within the bounds of a table: a position from a
        stranger never makes the engine build a table of a billion seats.

        >>> DealContext.from_json({"players": 10**9, "dealer": 0, "pool": 0, "stakes": [],
        ...                        "single": False, "first": False})
        Traceback (most recent call last):
        ...
        cardrules.errors.RecordError: a deal's context is incomplete: players: \
1000000000 is out of range (2 to 52)
        """
        try:
            players = _bounded("players", data["players"], 2, MAX_TABLE)
            stakes = data["stakes"]
            if not isinstance(stakes, list) or len(stakes) > players:
                raise ValueError(f"stakes: expected a list of at most {players} whole numbers")
            return cls(
                players=players,
                dealer=_bounded("dealer", data["dealer"], 0, players - 1),
                pool=_bounded("pool", data["pool"], 0, MAX_COUNTERS),
                stakes=tuple(_bounded("stake", x, 0, MAX_COUNTERS) for x in stakes),
                single=bool(data["single"]),
                first=bool(data["first"]),
                last=bool(data.get("last", False)),
                released=bool(data.get("released", False)),
                hand_size=_bounded("hand_size", data.get("hand_size", 0), 0, MOST_CARDS),
                pass_to=_bounded("pass_to", data.get("pass_to", 0), 0, players - 1),
                bags=_bags(data.get("bags", []), players),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"a deal's context is incomplete: {exc}") from None

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied as a call of the class with every field, never as a blank to
        # fill: a class compiled by mypyc makes no blank without a __new__ of its own, and
        # one written in Python would double the cost of every deal's context.
        return (
            DealContext,
            (
                self.players,
                self.dealer,
                self.pool,
                self.stakes,
                self.single,
                self.first,
                self.last,
                self.released,
                self.hand_size,
                self.pass_to,
                self.bags,
            ),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealContext):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class DealingPlan:
    """What dealing reads of the rules for the deals of one kind at one table (its number
    of players; a first deal or not; the last of a quick finish or not), worked out once:
    whether the deal is an exposed-card single and deals a miss, the getters of each
    place's cards from a shuffled pack (:func:`deal_plan`), where the turn-up lies in it,
    and the order of play from each dealer's left. Plans are kept with the compiled
    tables (:func:`dealing_plan`)."""

    __slots__ = (
        "exposed",
        "hand",
        "held",
        "miss_end",
        "orders",
        "picks",
        "restock",
        "turn_up",
        "turnup_drawable",
    )

    def __init__(self, rules: Rules, players: int, first: bool, last: bool = False) -> None:
        ctx = DealContext(players=players, dealer=0, first=first, last=last)
        n = players
        self.exposed = first and rules.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
        with_miss = deals_miss(rules, ctx)
        self.hand = rules.deal.hand_size
        self.picks = _deal_picks(
            n, self.hand, rules.deal.packets, with_miss, rules.deal.miss_position
        )
        if not with_miss:
            self.picks = self.picks[:n]
        #: The index in the shuffled pack of the first card after the hands and the miss.
        self.miss_end = n * self.hand + (self.hand if with_miss else 0)
        self.turn_up = rules.trumps.turn_up
        #: Whether the turn-up is the dealer's own last card, kept in his hand (1.8.4, D77).
        self.held = turn_up_held(rules)
        self.turnup_drawable = rules.exchange.turnup_drawable
        #: Whether the stock may be restocked at this table (set by :func:`dealing_plan`,
        #: which knows the pack): a deal then draws the seed of its restocks' shuffles.
        self.restock = False
        #: ``orders[dealer]``: the seats from the dealer's left round to the dealer.
        self.orders = [[(d + 1 + i) % n for i in range(n)] for d in range(n)]


def dealing_plan(tb: Tables, ctx: DealContext) -> DealingPlan:
    """The :class:`DealingPlan` of a deal of ``ctx``'s kind under ``tb``'s rules (built once
    per table and kind, and kept with the tables)."""
    key = (ctx.players, ctx.first, ctx.last)
    plan = tb.plans.get(key)
    if plan is None:
        plan = tb.plans[key] = DealingPlan(tb.rules, ctx.players, ctx.first, ctx.last)
        plan.restock = may_restock(tb.rules, ctx.players, len(tb.pack))
    assert isinstance(plan, DealingPlan)
    return plan


def deal_cards(
    tb: Tables,
    ctx: DealContext,
    order: Sequence[int],
    rng: random.Random | None,
    fixed: FixedDeal | None,
) -> Cards:
    """The cards of a new deal: hands (sorted), the miss, the turn-up and the stock."""
    plan = dealing_plan(tb, ctx)
    n = ctx.players
    order = receivers(tb.rules, ctx, order)
    cards = Cards(n)
    exposed = plan.exposed
    cards.exposed_single = exposed
    if fixed is not None:
        _deal_fixed(tb, ctx, cards, fixed, len(plan.picks) > n)
    elif exposed:
        deck = list(tb.pack)
        shuffle(deck, rng or random.Random())
        cards.turnup = deck.pop()
        cards.trump = cards.turnup // 13
        cards.stock = deck
    else:
        deck = list(tb.pack)
        shuffle(deck, rng or random.Random())
        picks = plan.picks
        hands = cards.hands
        held = plan.held
        for dest in range(n):
            hand = picks[dest](deck)
            if held and order[dest] == ctx.dealer:
                cards.turnup = hand[-1]  # his last card, dealt face up (1.8.4)
                cards.trump = hand[-1] // 13
            hand.sort()
            hands[order[dest]] = hand
        if len(picks) > n:
            miss = picks[n](deck)
            miss.sort()
            cards.miss = miss
        k = plan.miss_end
        if plan.turn_up and not held:
            cards.turnup = deck[k]
            cards.trump = deck[k] // 13
            k += 1
        rest = deck[k:]
        rest.reverse()  # the top of the stock is the end of the list
        cards.stock = rest
        if plan.restock:
            # The order of every restock of this deal, drawn now: the state stays a value.
            cards.restock_seed = (rng or random.Random()).getrandbits(32)
    if exposed:
        _expose_single(tb, ctx, order, cards)
    elif cards.turnup >= 0 and plan.turnup_drawable:
        cards.stock.insert(0, cards.turnup)  # drawn last, when the stock runs out (D43)
    if tb.rules.trumps.suit is not None:
        cards.trump = SUITS.index(tb.rules.trumps.suit)  # the same suit every deal (F2.2.1)
    cards.dealt = [list(hand) for hand in cards.hands[:n]]
    return cards


def receivers(rules: Rules, ctx: DealContext, order: Sequence[int]) -> Sequence[int]:
    """The seats in the order they receive cards: ``order`` (from the dealer's left), from
    seat 0 whoever deals when ``deal.start`` is ``seat0`` (1.7.3, D62), or from the dealer
    (``dealer``, F3.1.4).

    >>> from cardrules.rules.model import Rules, DealSection
    >>> r = Rules(deal=DealSection(start=DealStart.SEAT0))
    >>> list(receivers(r, DealContext(players=3, dealer=1), [2, 0, 1]))
    [0, 1, 2]
    >>> r = Rules(deal=DealSection(start=DealStart.DEALER))
    >>> list(receivers(r, DealContext(players=3, dealer=1), [2, 0, 1]))
    [1, 2, 0]
    """
    if rules.deal.start == DealStart.SEAT0:
        return range(ctx.players)
    if rules.deal.start == DealStart.DEALER and ctx.dealer in order:
        return [ctx.dealer, *(s for s in order if s != ctx.dealer)]
    return order


def deals_miss(rules: Rules, ctx: DealContext) -> bool:
    """Whether this deal deals a miss (not on an exposed-card single, nor on a first deal
    whose rules say that all stand without one, nor on the last deal of a quick finish that
    releases the loos, 1.1.16)."""
    first = rules.session.first_deal if ctx.first else FirstDeal.NORMAL
    return (
        rules.deal.miss
        and not ctx.last
        and first
        not in (
            FirstDeal.PEEL_EXPOSED_SINGLE,
            FirstDeal.ALL_STAND_NO_MISS,
        )
    )


#: Where a dealt card goes: (``"hand"``, seat), (``"miss"``, 0), (``"turn_up"``, 0), or
#: (``"dealer_turn_up"``, dealer): the dealer's last card, dealt face up and kept.
DealtTo = tuple[str, int]


def deal_places(rules: Rules, ctx: DealContext, order: Sequence[int]) -> list[DealtTo]:
    """Where each card of a deal goes, in the order :func:`deal_cards` deals them from a
    shuffled pack: the hands packet by packet from the elder (``order``), the miss where
    the rules put it, then the turn-up; on an exposed-card single the turn-up first, then
    one card to each who receives one. The stock is what is left.

    >>> from cardrules.rules.model import Rules
    >>> r = Rules()
    >>> places = deal_places(r, DealContext(players=3, dealer=2), [0, 1, 2])
    >>> len(places) == 4 * r.deal.hand_size + 1, places[-1]
    (True, ('turn_up', 0))
    """
    r = rules
    n = ctx.players
    order = receivers(r, ctx, order)
    if ctx.first and r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE:
        ps = r.session.peel_single
        out: list[DealtTo] = [("turn_up", 0)] if r.trumps.turn_up else []
        out.extend(("hand", s) for s in order if s != ctx.dealer or ps.dealer_receives_card)
        return out
    with_miss = deals_miss(r, ctx)
    plan = deal_plan(n, r.deal.hand_size, r.deal.packets, with_miss, r.deal.miss_position)
    out = [("hand", order[d]) if d < n else ("miss", 0) for d in plan]
    if turn_up_held(r):
        last = max(i for i, p in enumerate(out) if p == ("hand", ctx.dealer))
        out[last] = ("dealer_turn_up", ctx.dealer)  # his last card, face up (1.8.4)
    elif r.trumps.turn_up:
        out.append(("turn_up", 0))
    return out


def _dealer_card(text: str, hand: Sequence[int], dealer: int) -> int:
    """The card of a fixed deal's ``turn_up`` where it is the dealer's own card: it must be
    in his hand."""
    try:
        c = parse_card(text)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    if c not in hand:
        raise RecordError(
            f"the turn-up {card_text(c)} is the dealer's own card: it must be in the hand of "
            f"seat {dealer}"
        )
    return c


#: ``(i, i + 1, bits)`` for each step of a shuffle of up to 52 cards, last card first.
_STEPS = [(i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1)]


def shuffle(deck: list[int], rng: random.Random) -> None:
    """Shuffle ``deck`` in place exactly as ``rng.shuffle(deck)`` does (the same draws from
    the generator, the same order), written out for speed: a deal's shuffle is the
    largest part of dealing it.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(5).shuffle(a); shuffle(b, random.Random(5)); a == b
    True
    """
    getrandbits = rng.getrandbits
    for i, n, k in _STEPS[52 - len(deck) :]:
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        deck[i], deck[r] = deck[r], deck[i]


def _expose_single(tb: Tables, ctx: DealContext, order: Sequence[int], cards: Cards) -> None:
    """Peel's exposed-card single: one card face up to each who receives one, in turn
    from the elder."""
    ps = tb.rules.session.peel_single
    seats = [s for s in order if s != ctx.dealer or ps.dealer_receives_card]
    for s in seats:
        if not cards.hands[s]:  # a fixed deal gives the exposed cards
            cards.hands[s] = [cards.stock.pop()]
    for s in seats:
        cards.shown[s] = list(cards.hands[s])


def _deal_fixed(
    tb: Tables, ctx: DealContext, cards: Cards, fixed: FixedDeal, with_miss: bool
) -> None:
    r = tb.rules
    n = ctx.players
    if len(fixed.hands) != n:
        raise RecordError(f"the fixed deal has {len(fixed.hands)} hands for {n} players")
    seen: set[int] = set()

    def take(text: str) -> int:
        try:
            c = parse_card(text)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        if c not in tb.pack:
            raise RecordError(f"{text} is not in the {r.pack.cards.value} pack")
        if c in seen:
            raise RecordError(f"{card_text(c)} is dealt twice")
        seen.add(c)
        return c

    exposed = cards.exposed_single
    for seat, h in enumerate(fixed.hands):
        if exposed:
            size = 1 if seat != ctx.dealer or r.session.peel_single.dealer_receives_card else 0
        else:
            size = r.deal.hand_size
        if len(h) != size:
            raise RecordError(f"seat {seat} holds {len(h)} cards; the rules deal {size}")
        cards.hands[seat] = sorted(take(t) for t in h)
    miss = sorted(take(t) for t in fixed.miss)
    if with_miss and len(miss) != r.deal.hand_size:
        raise RecordError(f"the miss holds {len(miss)} cards; the rules deal {r.deal.hand_size}")
    if not with_miss and miss:
        raise RecordError("these rules deal no miss")
    cards.miss = miss if with_miss else None
    if r.trumps.turn_up:
        if fixed.turn_up is None:
            raise RecordError("the rules turn up a trump: give 'turn_up'")
        if turn_up_held(r):
            cards.turnup = _dealer_card(fixed.turn_up, cards.hands[ctx.dealer], ctx.dealer)
        else:
            cards.turnup = take(fixed.turn_up)
        cards.trump = cards.turnup // 13
    else:
        if fixed.turn_up is not None:
            raise RecordError("these rules turn up no trump")
        cards.turnup = -1
        cards.trump = NO_TRUMP
    top = [take(t) for t in fixed.stock]
    stock = top + [c for c in tb.pack if c not in seen]
    stock.reverse()
    cards.stock = stock
    if fixed.restock:
        if r.exchange.restock is Restock.NONE:
            raise RecordError("these rules never restock the stock (exchange.restock: none)")
        named = [parse_card(t) for t in fixed.restock]
        strays = [card_text(c) for c in named if c not in tb.pack or c in stock]
        if strays:
            raise RecordError(f"a restock gathers dealt cards, not {', '.join(strays)}")
        cards.restock_first = named


_PLANS: dict[tuple[Any, ...], list[int]] = {}
_PICKS: dict[tuple[Any, ...], list[Callable[[list[int]], list[int]]]] = {}


def _deal_picks(
    n: int, hand: int, packets: Sequence[int], miss: bool, position: MissPosition
) -> list[Callable[[list[int]], list[int]]]:
    """For each place (seats from the elder, then the miss), a getter of a new list of its
    cards: a slice of the pack when they lie at equal steps in it (cards dealt one at a
    time), else an item getter."""
    key = (n, hand, tuple(packets), miss, position)
    picks = _PICKS.get(key)
    if picks is None:
        plan = deal_plan(n, hand, packets, miss, position)
        picks = []
        for dest in range(n + 1):
            idx = [i for i, d in enumerate(plan) if d == dest] or [0]
            steps = {b - a for a, b in pairwise(idx)}
            if len(steps) <= 1:
                step = steps.pop() if steps else 1
                picks.append(operator.itemgetter(slice(idx[0], idx[-1] + 1, step)))
            else:
                picks.append(_getter(idx))
        _PICKS[key] = picks
    return picks


def _getter(idx: list[int]) -> Callable[[list[int]], list[int]]:
    """A getter of a new list of the cards at the indices ``idx``."""
    get = operator.itemgetter(*idx)

    def pick(deck: list[int]) -> list[int]:
        return list(get(deck))

    return pick


def deal_plan(
    n: int, hand: int, packets: Sequence[int], miss: bool, position: MissPosition
) -> list[int]:
    """Where each card from the top of the pack goes: 0..n-1 the seats from the elder,
    n the miss."""
    key = (n, hand, tuple(packets), miss, position)
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    plan = []
    sizes: list[int] = []
    while sum(sizes) < hand:
        for p in packets:
            sizes.append(min(p, hand - sum(sizes)))
            if sum(sizes) >= hand:
                break
    block = miss and position is MissPosition.BLOCK_AT_END
    for size in sizes:
        round_order = list(range(n))
        if miss and not block:
            if position is MissPosition.FIRST_EACH_ROUND:
                round_order.insert(0, n)
            else:
                round_order.append(n)
        for dest in round_order:
            plan.extend([dest] * size)
    if block:
        plan.extend([n] * hand)
    _PLANS[key] = plan
    return plan


def _bounded(name: str, value: Any, low: int, high: int) -> int:
    """A whole number of a position (not a boolean) from ``low`` to ``high``."""
    if type(value) is not int:
        raise TypeError(f"{name}: expected a whole number, got {value!r:.40}")
    if not low <= value <= high:
        raise ValueError(f"{name}: {value} is out of range ({low} to {high})")
    return value
