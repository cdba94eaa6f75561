"""The action space of a game at a table: every action numbered compactly, with its mask.

The engine's action ids (:mod:`cardrules.engine.actions`) are stable for every rules model
but sparse: an exchange's id is a subset of the whole pack. Learning code wants a small,
fixed space per game and table size, and a mask of the legal actions in it. This module
gives both, with no dependency:

- :func:`action_space_size` ``(rules, players)``: how many actions any seat may ever take;
- :func:`to_compact` ``(session, action_id)`` and :func:`from_compact` ``(session, index)``:
  an engine id of the seat to move to its compact index and back;
- :func:`legal_mask` ``(session)``: a ``bytearray`` of 0/1, one per compact index;
  :func:`legal_indices` ``(session)``: the compact indices of the legal actions, sorted;
- :func:`max_game_length` ``(rules, players)``: the most actions one deal can take;
- :func:`utility_bounds` ``(rules, players, pool=0)``: the least and most one seat can gain
  in one deal (counters, or points in a points race).

The compact numbering lays out blocks, each present only when the rules make its actions
possible, in this order:

==============================  ================================================  ==========
block                           when present                                      size
==============================  ================================================  ==========
``stand``                       declarations are made                             1
``throw-up``                    a declarer may throw up, or a challenge allows it 1
``take-miss``                   declarations, and a miss is dealt                 1
``play-miss``                   as take-miss, and the dealer defends the miss     1
``put``, ``see``, ``refuse``    a challenge model with "I put"                    1 each
``receive``                     partnerships                                      1
``play ACE civil``              the leader of the ace of trumps may call "Pam,    1
                                be civil" (1.2.8): whichever suit is trumps
``play CARD``                   always: one per card of the pack, in id order     pack
``give CARD``                   partnerships, or cards passed before the play     pack
``discard CARD``                partnerships                                      pack
``exchange ...``                exchanges: by positions in the mover's hand       see below
``bid 0`` ... ``bid k``         bidding: one per number of tricks 0 to k          k + 1
==============================  ================================================  ==========

A card's place in a card block is its place in the pack, in card-id order (with the full
pack, the card id itself). An exchange is numbered by the *positions* of its cards in the
mover's hand sorted by card id (the engine keeps hands so): first every exchange of one
card, then of two, and so on up to ``m``, the hand size or the stock left after the deal if
that is less; within a size ``k`` the subset of positions ``p1 < ... < pk`` is
``C(p1, 1) + C(p2, 2) + ... + C(pk, k)`` (the combinatorial number system). So a five-card
hand has 5 + 10 + 10 + 5 + 1 = 31 exchanges. The numbering keeps the engine's order: the
sorted legal ids give sorted compact indices.

>>> import cardrules
>>> rules = cardrules.load_variant("five-card-loo")
>>> action_space_size(rules, 5)  # stand, throw-up, the call, 52 plays, 31 exchanges
86
>>> s = cardrules.new_session(rules, players=5, seed=1)
>>> legal = s.legal_actions()
>>> [to_compact(s, a) for a in legal[:3]], len(legal_indices(s))
([0, 1, 55], 33)
>>> all(from_compact(s, to_compact(s, a)) == a for a in legal)
True
>>> from cardrules.engine.actions import exchange_id
>>> to_compact(s, exchange_id(s.hand(s.to_move)[:2]))  # positions 0 and 1: the first pair
60
>>> max_game_length(rules, 5), utility_bounds(rules, 5)
(30, (-15, 45))
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from cardrules.cards import CARD_TEXT
from cardrules.engine import actions as A
from cardrules.engine.actions import exchange_cards, exchange_id, exchange_ids
from cardrules.engine.cardpoints import card_values
from cardrules.engine.contractpoints import contract_bounds
from cardrules.engine.handsize import widest_rules
from cardrules.engine.restock import may_restock
from cardrules.engine.tables import tables_for
from cardrules.errors import ArgumentValueError
from cardrules.rules.applies import (
    card_points_counted,
    challenge_throw_up,
    declarations_made,
    exchanges_made,
    flushes_count,
    miss_may_be_taken,
    miss_played_for_pool,
    partnerships_play,
    passes,
    puts_made,
    throwing_up_allowed,
)
from cardrules.rules.model import (
    Ante,
    FirstDeal,
    FlushDestination,
    Rules,
    Scoring,
)

if TYPE_CHECKING:
    from cardrules.engine.session import Session

__all__ = [
    "ActionSpace",
    "action_space",
    "action_space_size",
    "from_compact",
    "legal_indices",
    "legal_mask",
    "max_game_length",
    "to_compact",
    "utility_bounds",
]


def _words(rules: Rules) -> list[int]:
    """The word actions (ids below :data:`~cardrules.engine.actions.PLAY`) the rules make
    possible, in id order."""
    put = puts_made(rules)
    present = {
        A.STAND: declarations_made(rules),
        A.THROW_UP: throwing_up_allowed(rules) or challenge_throw_up(rules),
        A.TAKE_MISS: miss_may_be_taken(rules),
        A.PLAY_MISS: miss_played_for_pool(rules),
        A.PUT: put,
        A.SEE: put,
        A.REFUSE: put,
        A.RECEIVE: partnerships_play(rules),
    }
    return [a for a, there in present.items() if there]


def _initial_stock(rules: Rules, players: int, pack: int) -> int:
    """Cards left in the stock once a deal is dealt (the turn-up counted in when it may be
    drawn)."""
    deal = rules.deal
    used = players * deal.hand_size + (deal.hand_size if deal.miss else 0)
    if rules.trumps.turn_up and not rules.exchange.turnup_drawable:
        used += 1
    return max(0, pack - used)


class ActionSpace:
    """The compact numbering of one rules model at one table size (see the module's text).

    Build it with :func:`action_space` (cached). ``size`` is the number of actions;
    ``words`` the word actions present, ``civil`` the index of the call "Pam, be civil",
    ``play``, ``give``, ``discard`` and ``exchange`` the first index of each block (-1
    when absent), ``hand`` the hand size and
    ``max_exchange`` the most cards one exchange may hold (0 without exchanges).
    """

    __slots__ = (
        "_by_id",
        "_ids",
        "_lex",
        "_offsets",
        "_pack",
        "_subsets",
        "_zeros",
        "bid",
        "civil",
        "discard",
        "exchange",
        "give",
        "hand",
        "max_exchange",
        "play",
        "players",
        "rules",
        "size",
        "words",
    )

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.hand = rules.deal.hand_size
        self._pack = tables_for(rules).pack
        npack = len(self._pack)
        self.words = tuple(_words(rules))
        #: ``_by_id[a]``: the compact index of every engine id below the exchanges, or -1.
        by_id = [-1] * A.EXCHANGE
        for i, a in enumerate(self.words):
            by_id[a] = i
        index = len(self.words)
        #: The index of leading the ace of trumps with the call "Pam, be civil" (or -1):
        #: one index for the four engine ids, since only one suit is trumps in a deal.
        self.civil = -1
        if tables_for(rules).civil_call:
            self.civil = index
            for suit in range(4):
                by_id[A.CIVIL + suit] = index
            index += 1
        self.play = index
        blocks = [A.PLAY]
        index += npack
        self.give = self.discard = -1
        bases = [self.play]
        if partnerships_play(rules) or passes(rules):
            self.give = index
            blocks.append(A.GIVE)
            bases.append(index)
            index += npack
        if partnerships_play(rules):
            self.discard = index
            blocks.append(A.DISCARD)
            bases.append(index)
            index += npack
        for b, base in zip(blocks, bases, strict=True):
            for pos, c in enumerate(self._pack):
                by_id[b + c] = base + pos
        self._by_id = by_id
        #: ``_ids[i]``: the engine id of each compact index before the exchanges.
        ids = [0] * index
        for a, i in enumerate(by_id):
            if i >= 0 and not A.is_civil(a):
                ids[i] = a
        self._ids = ids
        m = 0
        if exchanges_made(rules):
            m = self.hand
            if not may_restock(rules, players, npack):  # else the stock is restocked (D80)
                m = min(m, _initial_stock(rules, players, npack))
        self.max_exchange = m
        #: ``_offsets[k]``: the first index of the exchanges of ``k`` cards, from the block's
        #: start; ``_offsets[m + 1]`` the block's size.
        offsets = [0, 0]
        for k in range(1, m + 1):
            offsets.append(offsets[-1] + comb(self.hand, k))
        self._offsets = offsets
        self.exchange = index if m else -1
        index += offsets[-1]
        #: The first index of the bids (bidding 0, 1, ... tricks), or -1.
        self.bid = index if rules.bidding.enabled else -1
        if self.bid >= 0:
            index += self.hand + 1
        self.size = index
        self._zeros = bytes(index)
        #: ``_subsets[i]``: the hand positions of the ``i``-th exchange of the block.
        subsets: list[tuple[int, ...]] = [()] * offsets[-1]
        for k in range(1, m + 1):
            for combo in combinations(range(self.hand), k):
                subsets[offsets[k] + sum(comb(p, i + 1) for i, p in enumerate(combo))] = combo
        self._subsets = subsets
        #: ``_lex[h]``: the block index of each exchange in the order
        #: :func:`~cardrules.engine.actions.exchange_ids` lists them for a hand of ``h``.
        self._lex: dict[int, list[int]] = {}

    # ------------------------------------------------------------------ exchanges

    def _lex_order(self, h: int) -> list[int]:
        order = self._lex.get(h)
        if order is None:
            offsets = self._offsets
            order = [
                self.exchange + offsets[k] + sum(comb(p, i + 1) for i, p in enumerate(combo))
                for k in range(1, min(h, self.max_exchange) + 1)
                for combo in combinations(range(h), k)
            ]
            self._lex[h] = order
        return order

    def exchange_index(self, hand: list[int], action: int) -> int:
        """The compact index of an exchange id, for a mover holding ``hand`` (sorted)."""
        cards = exchange_cards(action)
        k = len(cards)
        if self.exchange < 0 or k > self.max_exchange:
            raise ArgumentValueError(f"{A.action_text(action)!r} is not in this action space")
        rank = 0
        j = 0
        for i, c in enumerate(cards):
            while j < len(hand) and hand[j] < c:
                j += 1
            if j == len(hand) or hand[j] != c:
                raise ArgumentValueError(
                    f"{A.action_text(action)!r}: the mover does not hold {CARD_TEXT[c]}"
                )
            rank += comb(j, i + 1)
        return self.exchange + self._offsets[k] + rank

    # ------------------------------------------------------------------ conversions

    def to_compact(self, hand: list[int], action: int) -> int:
        """The compact index of engine id ``action`` for a mover holding ``hand`` (sorted by
        card id; read only for an exchange)."""
        if type(action) is not int or action < 0:
            raise ArgumentValueError(f"no action has id {action!r}")
        if action < A.EXCHANGE:
            index = self._by_id[action]
            if index < 0:
                raise ArgumentValueError(f"{A.action_text(action)!r} is not in this action space")
            return index
        if action >= A.BID:
            return self.bid_index(action)
        return self.exchange_index(hand, action)

    def bid_index(self, action: int) -> int:
        """The compact index of a bid id."""
        tricks = action - A.BID
        if self.bid < 0 or not 0 <= tricks <= self.hand:
            raise ArgumentValueError(f"no action has id {action} in this action space")
        return self.bid + tricks

    def from_compact(self, hand: list[int], index: int, trump: int | None = None) -> int:
        """The engine id of compact ``index`` for a mover holding ``hand`` (sorted).

        The call "Pam, be civil" leads the ace of trumps: give ``trump`` (the deal's trump
        suit index) to name it; without it, the one ace in ``hand`` is taken (an error
        when the hand holds more than one or none)."""
        if type(index) is not int or not 0 <= index < self.size:
            raise ArgumentValueError(
                f"a compact action is an int from 0 to {self.size - 1}, not {index!r}"
            )
        if index == self.civil:
            return self._civil_id(hand, trump)
        ids = self._ids
        if index < len(ids):
            return ids[index]
        if 0 <= self.bid <= index:
            return A.BID + index - self.bid
        positions = self._subsets[index - self.exchange]
        if positions[-1] >= len(hand):
            raise ArgumentValueError(
                f"compact action {index} exchanges the card at position {positions[-1]} of a "
                f"hand of {len(hand)}"
            )
        return exchange_id([hand[p] for p in positions])

    def _civil_id(self, hand: list[int], trump: int | None) -> int:
        if trump is not None:
            if type(trump) is not int or not 0 <= trump < 4:
                raise ArgumentValueError(f"trump: expected a suit index 0 to 3, got {trump!r}")
            return A.CIVIL + trump
        aces = [c for c in hand if c % 13 == 12]
        if len(aces) != 1:
            raise ArgumentValueError(
                f'compact action {self.civil} leads the ace of trumps calling "Pam, be civil": '
                "give the trump suit, the hand holding "
                + ("no ace" if not aces else "more than one ace")
            )
        return A.civil_id(aces[0])

    def _all_exchanges(self, hand: list[int], legal: list[int], first: int) -> int:
        """How many exchanges ``legal[first:]`` holds when it is every exchange of ``hand``
        of up to some number of cards (then, in this numbering, the first that many of the
        exchange block, in order), else 0."""
        if len(hand) != self.hand:
            return 0
        last = legal[-1]
        k = bisect_right(A.EXCHANGE_OFFSETS, last) - 1  # the cards of the last exchange
        count = len(legal) - first
        if k > self.max_exchange or count != self._offsets[k + 1]:
            return 0
        if legal[first] != A.EXCHANGE + hand[0] or last != exchange_id(hand[-k:]):
            return 0  # not the lowest single card first and the top k cards last
        return count

    def indices(self, hand: list[int], legal: list[int]) -> list[int]:
        """The compact indices of sorted engine ids ``legal`` (sorted too)."""
        by_id = self._by_id
        if legal and legal[0] >= A.BID:  # the bids, in order
            return [self.bid_index(a) for a in legal]
        out = []
        first = 0  # where the exchanges begin
        for a in legal:
            if a >= A.EXCHANGE:
                break
            out.append(by_id[a])
            first += 1
        else:
            return out
        count = self._all_exchanges(hand, legal, first)
        if count:
            out.extend(range(self.exchange, self.exchange + count))
            return out
        # Every exchange of the hand, listed at once by the engine's fast lister.
        ids = exchange_ids(hand, min(len(hand), self.max_exchange))
        lex = dict(zip(ids, self._lex_order(len(hand)), strict=True))
        for a in legal[first:]:
            index = lex.get(a)
            out.append(self.exchange_index(hand, a) if index is None else index)
        out.sort()
        return out

    def mask(self, hand: list[int], legal: list[int], out: bytearray | None = None) -> bytearray:
        """A 0/1 byte per compact index: 1 for each of the engine ids ``legal``; written
        into ``out`` (a ``bytearray`` of :attr:`size`, overwritten whole) when given."""
        if out is None:
            mask = bytearray(self.size)
        else:
            if type(out) is not bytearray or len(out) != self.size:
                raise ArgumentValueError(f"out: expected a bytearray of {self.size}")
            mask = out
            mask[:] = self._zeros
        by_id = self._by_id
        if legal and legal[-1] < A.EXCHANGE:  # no exchange: each id's index looked up
            for a in legal:
                mask[by_id[a]] = 1
            return mask
        for i in self.indices(hand, legal):
            mask[i] = 1
        return mask

    def names(self) -> list[str]:
        """Each compact index's action, in words (exchanges by hand positions: ``exchange
        #0 #2`` exchanges the first and third cards of the sorted hand).

        >>> from cardrules.rules.model import Rules
        >>> action_space(Rules(), 3).names()[:5]
        ['stand', 'throw-up', 'take-miss', 'play-miss', 'play 2S']
        """
        out = [A.WORDS[a] for a in self.words]
        if self.civil >= 0:
            out.append("play ACE civil")
        for verb, base in (("play", self.play), ("give", self.give), ("discard", self.discard)):
            if base >= 0:
                out.extend(f"{verb} {CARD_TEXT[c]}" for c in self._pack)
        ex = [""] * (self.size - len(out) - (self.hand + 1 if self.bid >= 0 else 0))
        for k in range(1, self.max_exchange + 1):
            for combo in combinations(range(self.hand), k):
                rank = sum(comb(p, i + 1) for i, p in enumerate(combo))
                ex[self._offsets[k] + rank] = "exchange " + " ".join(f"#{p}" for p in combo)
        bids = [f"bid {b}" for b in range(self.hand + 1)] if self.bid >= 0 else []
        return out + ex + bids

    def __repr__(self) -> str:
        return f"<ActionSpace players={self.players} size={self.size}>"


_SPACES: dict[tuple[Rules, int], ActionSpace] = {}


def action_space(rules: Rules, players: int) -> ActionSpace:
    """The :class:`ActionSpace` of ``rules`` at a table of ``players`` (built once, kept)."""
    key = (rules, players)
    space = _SPACES.get(key)
    if space is None:
        if type(players) is not int or not rules.players.min <= players <= rules.max_players:
            raise ArgumentValueError(
                f"players: expected {rules.players.min} to {rules.max_players}, got {players!r}"
            )
        if len(_SPACES) > 256:
            _SPACES.clear()
        # Its largest deal's: any bid of any deal (the hand size may vary, 1.7.1).
        space = _SPACES[key] = ActionSpace(widest_rules(rules, players), players)
    return space


def action_space_size(rules: Rules, players: int) -> int:
    """How many actions any seat of a table of ``players`` may ever take under ``rules``.

    >>> from cardrules.rules.model import Rules
    >>> action_space_size(Rules(), 5)  # stand, throw-up, take-miss, play-miss, 52 plays
    56
    """
    return action_space(rules, players).size


def _space_and_hand(session: Session) -> tuple[ActionSpace, list[int]]:
    space = action_space(session.rules, session.players)
    seat = session.to_move
    hand = session.deal._cards.hands[seat] if seat >= 0 else []
    return space, hand


def to_compact(session: Session, action: int) -> int:
    """The compact index of engine id ``action`` for the seat to move in ``session``.

    Raises :class:`~cardrules.errors.ArgumentValueError` for an action outside the space
    (or an exchange of cards the mover does not hold)."""
    space, hand = _space_and_hand(session)
    return space.to_compact(hand, action)


def from_compact(session: Session, index: int) -> int:
    """The engine id of compact ``index`` for the seat to move in ``session``.

    Raises :class:`~cardrules.errors.ArgumentValueError` for an index outside the space
    (or an exchange of positions past the mover's hand). The id is not checked for
    legality: :meth:`Session.apply` does that."""
    space, hand = _space_and_hand(session)
    return space.from_compact(hand, index, session.deal.trump)


def legal_indices(session: Session) -> list[int]:
    """The compact indices of the legal actions of the seat to move, sorted."""
    space, hand = _space_and_hand(session)
    return space.indices(hand, session.legal_actions())


def legal_mask(session: Session) -> bytearray:
    """One byte per compact index, 1 where the action is legal for the seat to move (all 0
    when nobody is to move)."""
    space, hand = _space_and_hand(session)
    return space.mask(hand, session.legal_actions())


# --------------------------------------------------------------------------- bounds


def max_game_length(rules: Rules, players: int) -> int:
    """The most actions one deal can take at a table of ``players`` (an upper bound).

    Each seat declares once (twice when an exchanger declares again); partners pass in up
    to three actions a side (receive, give, discard); every seat in play plays each
    trick (the call "Pam, be civil" is part of a lead, no action of its own); a challenge
    adds a put and its seeing (a throw-up or a refusal ends the deal).
    A session has no such bound: it lasts until its rules end it.

    >>> from cardrules.rules.model import Rules
    >>> max_game_length(Rules(), 5)  # 5 declarations, 3 tricks of 5 cards
    20
    """
    action_space(rules, players)  # checks the table size
    rules = widest_rules(rules, players)  # its largest deal's (the hand size may vary)
    length = 0
    if declarations_made(rules):
        again = exchanges_made(rules) and not rules.exchange.exchanger_must_play
        length += players * (2 if again else 1)
    in_play = players
    if partnerships_play(rules):
        length += 6
        in_play = 2
    length += rules.deal.hand_size * in_play
    if rules.challenges.enabled:
        length += 2
    if rules.bidding.enabled:
        length += in_play  # each player bids once
    length += players * rules.passing.cards if passes(rules) else 0  # a card an action
    return length


def utility_bounds(rules: Rules, players: int, pool: int = 0) -> tuple[int, int]:
    """The least and the most one seat can gain in one deal: counters (its net, its stake
    included), or points in a points race.

    ``pool`` is the most counters carried into the deal before its stakes (0, as a fresh
    session starts). The price of a loo follows the rules (limited, mixed up to its cap,
    or the whole pool played for when unlimited), so with a pool that grows from deal to
    deal the bounds grow too: give the largest pool an episode can meet.

    >>> from cardrules.rules.model import Rules
    >>> utility_bounds(Rules(), 5)  # the dealer stakes 3 and is looed 6; or takes the pool
    (-9, 3)
    """
    action_space(rules, players)  # checks the table size
    if type(pool) is not int or pool < 0:
        raise ArgumentValueError(f"pool: expected a whole number of counters, got {pool!r}")
    if rules.bidding.enabled:
        widest = widest_rules(rules, players)
        return contract_bounds(widest.settlement.contract, widest.deal.hand_size, widest.bidding)
    if card_points_counted(rules):
        return card_point_bounds(rules)
    if rules.wagers.scoring is Scoring.POINTS:
        ch = rules.challenges
        return 0, max(rules.session.target_points, ch.point)
    w = rules.wagers
    stake = w.stake_deal
    antes = {w.ante}
    if rules.session.first_deal is FirstDeal.ALL_ANTE_WITH_MISS:
        antes.add(Ante.ALL_PLAYERS)  # the first deal of such a session
    staked = max(
        {
            Ante.DEALER_ONLY: stake,
            Ante.ALL_PLAYERS: players * stake,
            Ante.ALL_PLAYERS_DEALER_DOUBLE: (players + 1) * stake,
        }[a]
        for a in antes
    )
    own = 2 * stake if Ante.ALL_PLAYERS_DEALER_DOUBLE in antes else stake
    played_for = pool + staked
    tb = tables_for(rules)
    loo = tb.loo_amount(played_for)
    fine = tb.single_loo_fine
    most = played_for
    if flushes_count(rules) and rules.special_hands.flush.destination is FlushDestination.TO_HOLDER:
        most += (players - 1) * loo
    return -(own + max(loo, fine)), most


def card_point_bounds(rules: Rules) -> tuple[int, int]:
    """The least and most a player scores for a deal by card points: the base less every
    card worth points against him (taken by him, or given him by another's moon) or less
    the penalty for no trick, whichever is more; the base less every card worth points for
    him or less the bonus for no trick, whichever is more (a player who took a card took a
    trick, so he cannot have both).

    >>> import attrs, cardrules
    >>> r = cardrules.load_variant("hearts", ["hearts-openspiel"])
    >>> card_point_bounds(r)
    (0, 26)
    >>> cp = attrs.evolve(r.card_points, values=r.card_points.values + (("JD", -10),))
    >>> card_point_bounds(attrs.evolve(r, card_points=attrs.evolve(cp, no_trick=-5)))
    (0, 36)
    """
    cp = rules.card_points
    values = card_values(rules)
    worst = max(sum(v for v in values if v > 0), cp.no_trick, 0)
    best = min(sum(v for v in values if v < 0), cp.no_trick, 0)
    return cp.base - worst, cp.base - best
