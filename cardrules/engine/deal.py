"""One deal as a state machine: declare, pass cards, play tricks, settle.

A :class:`Deal` is created by a :class:`~cardrules.engine.session.Session` (which
pays the stakes and carries the pool) and moves through phases, OpenSpiel
style: the seat to move, its sorted :meth:`Deal.legal_actions`, and
:meth:`Deal.apply`, which refuses an illegal action with a reason and leaves
the state exactly as it was. Every mechanism is switched on by the rules
model; nothing here knows a game by name.

Hands, tricks and the stock are lists of integer cards; the seat to move and
the legal actions are computed once per step.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.cards import CARD_TEXT, SUITS, card_text, parse_card
from cardrules.engine import actions as A
from cardrules.engine.actions import (
    action_text,
    exchange_cards,
    exchange_ids,
    parse_action,
)
from cardrules.engine.challenges import windows
from cardrules.engine.flush import flush_suit
from cardrules.engine.phases import (
    DECIDE,
    DECLARE,
    MISS,
    OUT,
    OVER,
    PARTNER,
    PHASE_NAMES,
    PLAY,
    RESPOND,
    STOOD,
    THREW,
    UNDECIDED,
)
from cardrules.engine.refusals import refusal
from cardrules.engine.settlement import (
    DealResult,
    end_pool_to,
    settle_exposed_single,
    settle_flush,
    settle_play,
)
from cardrules.engine.tables import NO_TRUMP, Tables
from cardrules.errors import RecordError
from cardrules.rules.model import (
    ExchangeMode,
    FirstDeal,
    FirstLeader,
    FlushDeclare,
    LoneStander,
    MissPosition,
    PassCard,
    ReceiverDiscard,
    SingleDefinition,
)

__all__ = [  # the phase and status names are re-exported for convenience
    "DECIDE",
    "DECLARE",
    "MISS",
    "OUT",
    "OVER",
    "PARTNER",
    "PHASE_NAMES",
    "PLAY",
    "RESPOND",
    "STOOD",
    "THREW",
    "UNDECIDED",
    "Deal",
    "DealContext",
    "FixedDeal",
]


@attrs.frozen
class FixedDeal:
    """A deal given card by card, for rulings and tests.

    ``hands`` are in seat order (seat 0 first, absolute seats); ``miss`` the
    spare hand; ``turn_up`` the trump card; ``stock`` the undealt cards, top
    first (exchanges draw from the top). Cards are text (``"QH"``). Cards not
    named anywhere are added to the bottom of the stock in pack order.
    """

    hands: tuple[tuple[str, ...], ...]
    miss: tuple[str, ...] = ()
    turn_up: str | None = None
    stock: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The fixed deal as a JSON-ready mapping."""
        return {
            "hands": [list(h) for h in self.hands],
            "miss": list(self.miss),
            "turn_up": self.turn_up,
            "stock": list(self.stock),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FixedDeal:
        """Read :meth:`to_json` output (or a rulings file's ``deal``)."""
        try:
            return cls(
                hands=tuple(tuple(_cards_of(h)) for h in data["hands"]),
                miss=tuple(_cards_of(data.get("miss") or ())),
                turn_up=data.get("turn_up"),
                stock=tuple(_cards_of(data.get("stock") or ())),
            )
        except (KeyError, TypeError) as exc:
            raise RecordError(f"a fixed deal needs 'hands' (a list of card lists): {exc}") from None


def _cards_of(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    return [str(v) for v in value]


@attrs.frozen
class DealContext:
    """What the session tells a deal: the table, the stakes and the deal's kind."""

    players: int
    dealer: int
    pool: int = 0
    stakes: tuple[int, ...] = ()
    single: bool = False
    first: bool = False


class Deal:
    """The state of one deal. Create deals through a :class:`~cardrules.engine.session.Session`."""

    def __init__(
        self,
        tables: Tables,
        ctx: DealContext,
        *,
        rng: random.Random | None = None,
        fixed: FixedDeal | None = None,
    ) -> None:
        self.tb = tables
        self.rules = r = tables.rules
        self.ctx = ctx
        n = self.n = ctx.players
        self.dealer = ctx.dealer
        self.order = [(ctx.dealer + 1 + i) % n for i in range(n)]
        self.pool = ctx.pool
        self.history: list[tuple[int, int]] = []
        self.status = [UNDECIDED] * n
        self.exchanged = [-1] * n
        self.miss_taker = -1
        self.miss_for_pool = False
        self.forced = False
        self.phase = DECLARE
        self.to_move = -1
        self.result: DealResult | None = None
        self._legal: list[int] | None = None
        # Play state.
        self.in_play: list[int] = []
        self.actors: list[int] = []
        self.trick_no = 0
        self.lead_pos = 0
        self.turn_pos = 0
        self.trick_cards: list[int] = []
        self.best = -1
        self.best_pos = -1
        self.tied = False
        self.trick_winners: list[int | None] = []
        self.played: list[tuple[int, int]] = []
        self.won = [0] * (n + 1)
        # Challenges and partners.
        self.put_seen = False
        self.putter = -1
        self.resume_phase = PLAY
        self.givers: list[int] = []
        self.partner_step = 0
        self.pending_discard = -1
        self.shown: dict[int, tuple[int, ...]] = {}
        self.discarded: list[int] = []
        self.discard_owner: list[int] = []  # who laid out each discarded card
        self._deal_cards(rng, fixed)
        self._follow = tables.follow
        self._lead = tables.lead
        self._challenges = r.challenges.enabled
        self._tricks = r.deal.hand_size
        self._es = tables.suit[self.trump]
        self._pw = tables.power[self.trump]
        self._start()

    # ------------------------------------------------------------------ dealing

    def _deal_cards(self, rng: random.Random | None, fixed: FixedDeal | None) -> None:
        r = self.rules
        n = self.n
        hand = r.deal.hand_size
        self.exposed_single = self.ctx.first and (
            r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
        )
        with_miss = (
            r.deal.miss
            and not self.exposed_single
            and not (self.ctx.first and r.session.first_deal is FirstDeal.ALL_STAND_NO_MISS)
        )
        self.hands: list[list[int]] = [[] for _ in range(n + 1)]
        if fixed is not None:
            self._deal_fixed(fixed, with_miss)
            return
        deck = list(self.tb.pack)
        (rng or random.Random()).shuffle(deck)
        if self.exposed_single:
            self.miss = None
            self.turnup = deck.pop()
            self.trump = self.turnup // 13
            self.stock = deck
            return
        picks = _deal_picks(n, hand, r.deal.packets, with_miss, r.deal.miss_position)
        hands = self.hands
        order = self.order
        for dest in range(n):
            hands[order[dest]] = sorted(picks[dest](deck))
        miss = sorted(picks[n](deck)) if with_miss else []
        k = n * hand + len(miss)
        self.miss = miss if with_miss else None
        if r.trumps.turn_up:
            self.turnup = deck[k]
            self.trump = deck[k] // 13
            k += 1
        else:
            self.turnup = -1
            self.trump = NO_TRUMP
        rest = deck[k:]
        rest.reverse()  # the top of the stock is the end of the list
        self.stock = rest
        self._turnup_into_stock()

    def _turnup_into_stock(self) -> None:
        if self.turnup >= 0 and self.rules.exchange.turnup_drawable:
            self.stock.insert(0, self.turnup)  # drawn last, when the stock runs out (D43)

    def _deal_fixed(self, fixed: FixedDeal, with_miss: bool) -> None:
        r = self.rules
        n = self.n
        if len(fixed.hands) != n:
            raise RecordError(f"the fixed deal has {len(fixed.hands)} hands for {n} players")
        seen: set[int] = set()

        def take(text: str) -> int:
            try:
                c = parse_card(text)
            except ValueError as exc:
                raise RecordError(str(exc)) from None
            if c not in self.tb.pack:
                raise RecordError(f"{text} is not in the {r.pack.cards.value} pack")
            if c in seen:
                raise RecordError(f"{card_text(c)} is dealt twice")
            seen.add(c)
            return c

        for seat, h in enumerate(fixed.hands):
            size = (
                1
                if self.exposed_single
                and (seat != self.dealer or r.session.peel_single.dealer_receives_card)
                else 0
                if self.exposed_single
                else r.deal.hand_size
            )
            if len(h) != size:
                raise RecordError(f"seat {seat} holds {len(h)} cards; the rules deal {size}")
            self.hands[seat] = sorted(take(t) for t in h)
        miss = sorted(take(t) for t in fixed.miss)
        if with_miss and len(miss) != r.deal.hand_size:
            raise RecordError(
                f"the miss holds {len(miss)} cards; the rules deal {r.deal.hand_size}"
            )
        if not with_miss and miss:
            raise RecordError("these rules deal no miss")
        self.miss = miss if with_miss else None
        if r.trumps.turn_up:
            if fixed.turn_up is None:
                raise RecordError("the rules turn up a trump: give 'turn_up'")
            self.turnup = take(fixed.turn_up)
            self.trump = self.turnup // 13
        else:
            if fixed.turn_up is not None:
                raise RecordError("these rules turn up no trump")
            self.turnup = -1
            self.trump = NO_TRUMP
        top = [take(t) for t in fixed.stock]
        rest = [c for c in self.tb.pack if c not in seen]
        stock = top + rest
        stock.reverse()
        self.stock = stock
        self._turnup_into_stock()

    # ------------------------------------------------------------------ phases

    def _start(self) -> None:
        r = self.rules
        ctx = self.ctx
        if self.exposed_single:
            settle_exposed_single(self)
            return
        if r.partnerships.enabled:
            self.phase = PARTNER
            self.to_move = self.order[0]
            return
        forced = (
            (ctx.first and r.session.first_deal is FirstDeal.ALL_STAND_NO_MISS)
            or (ctx.single and r.declarations.forced_play.on_single)
            or (
                self.turnup >= 0
                and SUITS[self.turnup // 13] in r.declarations.forced_play.turn_up_suits
            )
        )
        self.forced = forced
        if forced and self.miss is not None:
            # Club Law: "the miss is withdrawn, and is added to the undealt portion of the pack
            # without being exposed" [S004].
            self.stock[:0] = self.miss
            self.miss = None
        sits_out = r.players.dealer_sits_out_above
        if sits_out is not None and self.n > sits_out:
            self.status[self.dealer] = OUT
        flush = r.special_hands.flush
        if flush.enabled and flush.declare is FlushDeclare.AT_ONCE:
            # Hoffmann: the holder "at once turns up his cards"; nobody may throw up [S001].
            seats = [s for s in self.order if self.status[s] != OUT]
            if any(flush_suit(self.tb, self.hands[s], self.trump) >= 0 for s in seats):
                for s in seats:
                    self.status[s] = STOOD
                settle_flush(self, seats)
                return
        if forced or not r.declarations.enabled:
            for s in self.order:
                if self.status[s] != OUT:
                    self.status[s] = STOOD
            self._after_declarations()
            return
        self.phase = DECLARE
        self.decl_pos = 0
        self._next_declarer()

    def _next_declarer(self) -> None:
        while self.decl_pos < self.n and self.status[self.order[self.decl_pos]] == OUT:
            self.decl_pos += 1
        if self.decl_pos >= self.n:
            self._after_declarations()
            return
        seat = self.order[self.decl_pos]
        if (
            seat == self.dealer
            and self.miss_taker < 0
            and not any(self.status[s] == STOOD for s in self.order)
        ):
            # All before the dealer threw up: he takes the pool, no matter his cards (1.1.8.1).
            end_pool_to(self, [seat], "all_pass")
            return
        self.to_move = seat

    def _after_declarations(self) -> None:
        r = self.rules
        in_game = [s for s in self.order if self.status[s] == STOOD]
        flush = r.special_hands.flush
        if (
            flush.enabled
            and flush.declare is FlushDeclare.AFTER_DECLARATIONS
            and any(flush_suit(self.tb, self.hands[s], self.trump) >= 0 for s in in_game)
        ):
            settle_flush(self, in_game)
            return
        players = list(in_game)
        if self.miss_for_pool:
            # The miss plays in the dealer's place, for the pool (1.1.8.2).
            players.append(self.n)
            self.hands[self.n] = self.miss or []
            self.miss = None
        if len(players) == 0:
            end_pool_to(self, [], "all_pass")
            return
        if len(players) == 1 and not r.challenges.enabled:
            end_pool_to(self, players, "unopposed")
            return
        if self.rules.partnerships.enabled:
            # The receiver on the non-dealer's side leads (1.6.4): his side comes first.
            elder_side = self.order[0] % 2
            players.sort(key=lambda p: p % 2 != elder_side)
        self.in_play = players
        self.actors = [self._actor(p) for p in players]
        lead = 0
        if r.leads.first_leader is FirstLeader.MISS_HOLDER and self.miss_taker in players:
            lead = players.index(self.miss_taker)
        self.lead_pos = self.turn_pos = lead
        self.phase = PLAY
        self.to_move = self._actor(players[lead])

    def _actor(self, pid: int) -> int:
        return self.dealer if pid == self.n else pid

    # ------------------------------------------------------------------ public API

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (its :attr:`result` is set)."""
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """The current phase: declare, partner, play, decide, respond or over."""
        return PHASE_NAMES[self.phase]

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's letter, or None."""
        return None if self.trump == NO_TRUMP else SUITS[self.trump]

    def legal_actions(self) -> list[int]:
        """The actions the seat to move may take, as sorted ids (empty when over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def apply(self, action: int | str) -> None:
        """Apply an action (an id or its text) for the seat to move.

        Raises :class:`~cardrules.errors.IllegalActionError` saying why when
        the rules forbid it; the state is then unchanged.
        """
        a = parse_action(action) if type(action) is not int else action
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if a not in legal:
            raise refusal(self, a)
        self._legal = None
        self.history.append((self.to_move, a))
        if self.phase == PLAY and a >= A.PLAY:
            self._play(a - A.PLAY)
        else:
            self._do(a)

    def apply_unchecked(self, action: int) -> None:
        """Apply an action taken from :meth:`legal_actions` without checking it again."""
        self._legal = None
        self.history.append((self.to_move, action))
        self._do(action)

    # ------------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[int]:
        ph = self.phase
        if ph == PLAY:
            return self._legal_play()
        if ph == DECLARE:
            return self._legal_declare()
        if ph == PARTNER:
            return self._legal_partner()
        if ph == DECIDE:
            return sorted(windows(self.rules.challenges.model).after_first_trick)
        if ph == RESPOND:
            return [A.SEE, A.REFUSE]
        return []

    def _legal_declare(self) -> list[int]:
        r = self.rules
        seat = self.to_move
        hand = self.hands[seat]
        out = [A.STAND]
        miss_there = self.miss is not None
        if miss_there:
            out.append(A.TAKE_MISS)
        may_throw = r.declarations.allow_throw_up
        if (
            miss_there
            and seat == self.dealer
            and r.declarations.lone_stander is LoneStander.DEALER_PLAYS_MISS_FOR_POOL
            and sum(1 for s in self.order if self.status[s] == STOOD) == 1
        ):
            # One stander on his own hand: the dealer stands, takes the miss, or defends the
            # miss for the pool (1.1.8.2, D9); under dealer_may_concede he may throw up.
            out.append(A.PLAY_MISS)
            may_throw = False
        if may_throw:
            out.append(A.THROW_UP)
        if r.exchange.mode is ExchangeMode.ONCE_ANY_NUMBER and self.exchanged[seat] < 0:
            out.extend(exchange_ids(hand, min(len(hand), len(self.stock))))
        out.sort()
        return out

    def _legal_partner(self) -> list[int]:
        seat = self.to_move
        hand = self.hands[seat]
        if self.pending_discard == seat:
            if self.rules.partnerships.receiver_discard is ReceiverDiscard.WORST:
                return sorted(A.DISCARD + c for c in _extremes(self.tb, hand, low=True))
            return sorted(A.DISCARD + c for c in hand)
        gives = (
            _extremes(self.tb, hand, low=False)
            if (self.rules.partnerships.pass_card is PassCard.BEST)
            else hand
        )
        out = sorted(A.GIVE + c for c in gives)
        if self.partner_step % 2 == 0:
            out.insert(0, A.RECEIVE)
        return out

    def _legal_play(self) -> list[int]:
        pid = self.in_play[self.turn_pos]
        hand = self.hands[pid]
        tc = self.trick_cards
        if tc:
            cards = self._follow(hand, self.trump, tc[0], self.best)
        else:
            won_last = bool(self.trick_winners) and self.trick_winners[-1] == pid
            cards = self._lead(hand, self.trump, self.trick_no, won_last, self.turnup)
        out = [A.PLAY + c for c in cards]  # hands are kept sorted
        if self._challenges:
            extra = self._challenge_extras()
            if extra:
                out = sorted(extra) + out
        return out

    def _challenge_extras(self) -> list[int]:
        ch = self.rules.challenges
        if self.put_seen:
            return [A.THROW_UP] if not ch.put_binding else []
        w = windows(ch.model)
        if not self.trick_cards:
            extra = list(w.first_lead if self.trick_no == 0 else w.later_lead)
            if self.trick_no == 0 and self.turn_pos != 0:
                extra = []  # only the elder leads the first trick
            if self.putter >= 0:
                extra = [a for a in extra if a != A.PUT]
            return extra
        extra = []
        if ch.follower_may_concede:
            extra.append(A.THROW_UP)
        if self.trick_no == 0 and self.putter < 0:
            extra.extend(w.follow_first)
        return extra

    # ------------------------------------------------------------------ applying

    def _do(self, a: int) -> None:
        ph = self.phase
        if ph == PLAY:
            if a >= A.PLAY:
                self._play(a - A.PLAY)
            elif a == A.THROW_UP:
                self._concede(self.to_move)
            else:
                self._put(self.to_move)
        elif ph == DECLARE:
            self._declare(a)
        elif ph == PARTNER:
            self._partner(a)
        elif ph == DECIDE:
            if a == A.PUT:
                self._put(self.to_move)
            else:
                self._concede(self.to_move)
        elif ph == RESPOND:
            if a == A.SEE:
                self.put_seen = True
                self.phase = self.resume_phase
                self.to_move = self.actors[self.turn_pos]
            else:
                self._score_points(self.putter, self.rules.challenges.point, "refused")

    def _declare(self, a: int) -> None:
        seat = self.to_move
        if a == A.THROW_UP:
            self.status[seat] = THREW
            if seat == self.dealer:
                self._dealer_passes()
                return
        elif a == A.TAKE_MISS:
            self._discard(seat, self.hands[seat])  # his own cards go aside, unexposed
            self.hands[seat] = self.miss or []
            self.miss = None
            self.miss_taker = seat
            self.status[seat] = STOOD
        elif a == A.PLAY_MISS:
            self.status[seat] = THREW
            self.miss_for_pool = True
        else:
            if a >= A.EXCHANGE and not self.rules.exchange.exchanger_must_play:
                self._exchange(seat, a)
                return  # he declares again: stand or throw up (1.2.6, option)
            self.status[seat] = STOOD
            if a >= A.EXCHANGE:
                self._exchange(seat, a)
        self.decl_pos += 1
        self._next_declarer()

    def _exchange(self, seat: int, a: int) -> None:
        out = exchange_cards(a)
        hand = self.hands[seat]
        for c in out:
            hand.remove(c)
        self._discard(seat, out)
        stock = self.stock
        for _ in out:
            hand.append(stock.pop())
        hand.sort()
        self.exchanged[seat] = len(out)

    def _discard(self, seat: int, cards: Sequence[int]) -> None:
        self.discarded.extend(cards)
        self.discard_owner.extend([seat] * len(cards))

    def _dealer_passes(self) -> None:
        self.decl_pos += 1
        self._after_declarations()

    def _partner(self, a: int) -> None:
        seat = self.to_move
        partner = (seat + 2) % self.n
        if a == A.RECEIVE:
            self.to_move = partner
            self.partner_step += 1
            return
        if a >= A.DISCARD:
            self.hands[seat].remove(a - A.DISCARD)
            self._discard(seat, [a - A.DISCARD])
            self.pending_discard = -1
            self.partner_step = (self.partner_step // 2 + 1) * 2
            if self.partner_step >= 4:
                self._partners_done()
            else:
                self.to_move = self.order[1]
            return
        c = a - A.GIVE
        self.hands[seat].remove(c)
        self.hands[partner].append(c)
        self.hands[partner].sort()
        self.givers.append(seat)
        self.status[seat] = OUT
        self._discard(seat, self.hands[seat])  # his other cards go face down
        self.hands[seat] = []
        self.pending_discard = partner
        self.to_move = partner
        self.partner_step += 1 if self.partner_step % 2 == 0 else 0

    def _partners_done(self) -> None:
        for s in self.order:
            if self.status[s] != OUT:
                self.status[s] = STOOD
        self._after_declarations()

    def _play(self, c: int) -> None:
        pos = self.turn_pos
        pid = self.in_play[pos]
        self.hands[pid].remove(c)
        tc = self.trick_cards
        tc.append(c)
        self.played.append((pid, c))
        if len(tc) == 1:
            self.best, self.best_pos, self.tied = c, pos, False
        else:
            es = self._es
            best = self.best
            if es[c] == es[best]:
                pw = self._pw
                if pw[c] > pw[best]:
                    self.best, self.best_pos, self.tied = c, pos, False
                elif pw[c] == pw[best] and self.tb.tie_equal:
                    self.tied = True
            elif es[c] == self.trump:
                self.best, self.best_pos, self.tied = c, pos, False
        k = len(self.in_play)
        pos += 1
        if pos == k:
            pos = 0
        if len(tc) < k:
            self.turn_pos = pos
            self.to_move = self.actors[pos]
            return
        self._end_trick()

    def _end_trick(self) -> None:
        if self.tied:
            self.trick_winners.append(None)
        else:
            w = self.in_play[self.best_pos]
            self.won[w] += 1
            self.trick_winners.append(w)
            self.lead_pos = self.best_pos
        self.trick_cards = []
        self.trick_no += 1
        self.turn_pos = self.lead_pos
        if self.trick_no == self._tricks:
            settle_play(self)
            return
        if self._challenges and self.trick_no == 1 and not self.put_seen:
            after = windows(self.rules.challenges.model).after_first_trick
            if after:
                self.phase = DECIDE
                self.to_move = self.actors[0]
                return
        self.to_move = self.actors[self.turn_pos]

    # ------------------------------------------------------------------ challenges

    def _put(self, seat: int) -> None:
        self.putter = seat
        self.resume_phase = PLAY
        self.phase = RESPOND
        self.to_move = self._opponent(seat)

    def _opponent(self, seat: int) -> int:
        a, b = self.in_play[0], self.in_play[1]
        return b if seat == a else a

    def _concede(self, seat: int) -> None:
        ch = self.rules.challenges
        pts = ch.point
        if self.put_seen:
            pts = self.rules.session.target_points
        self._score_points(self._opponent(seat), pts, "throw_up")

    def _score_points(self, seat: int, pts: int, how: str) -> None:
        points = [0] * self.n
        for s in self._side(seat):
            points[s] = pts
        self._finish(
            DealResult(
                dealer=self.dealer,
                trump=self.trump_suit,
                turn_up=self._turnup_text(),
                ended_by=how,
                tricks=self._tricks_by_seat(),
                net=(0,) * self.n,
                pool=self.pool,
                carried=self.pool,
                points=tuple(points),
                stood=self._stood(),
            )
        )

    def _side(self, seat: int) -> list[int]:
        if self.rules.partnerships.enabled:
            return [seat, (seat + 2) % self.n]
        return [seat]

    # ------------------------------------------------------------------ settling

    def _tricks_by_seat(self) -> tuple[int | None, ...]:
        return tuple(
            None if w is None else (MISS if w == self.n else w) for w in self.trick_winners
        )

    def trick_so_far(self) -> list[tuple[int, int]]:
        """The current trick as (seat, card) in playing order; the miss's seat is -1."""
        k = len(self.in_play)
        return [
            (self._seat_of(self.in_play[(self.lead_pos + i) % k]), c)
            for i, c in enumerate(self.trick_cards)
        ]

    def played_cards(self) -> list[tuple[int, int]]:
        """Every card played so far as (seat, card); the miss's seat is -1."""
        return [(self._seat_of(p), c) for p, c in self.played]

    def _seat_of(self, pid: int) -> int:
        return MISS if pid == self.n else pid

    def _turnup_text(self) -> str | None:
        return None if self.turnup < 0 else CARD_TEXT[self.turnup]

    def _stood(self) -> tuple[int, ...]:
        return tuple(s for s in self.order if self.status[s] == STOOD)

    def _finish(self, result: DealResult) -> None:
        if self.shown:
            result = attrs.evolve(
                result,
                shown=tuple(
                    (seat, tuple(CARD_TEXT[c] for c in cards))
                    for seat, cards in sorted(self.shown.items())
                ),
            )
        self.result = result
        self.phase = OVER
        self.to_move = -1

    def _money(self, receipts: Sequence[int], payments: Sequence[int]) -> dict[str, Any]:
        """The result's money fields: what each seat received and paid, and its net
        (its stake for the deal included)."""
        stakes = self.ctx.stakes or (0,) * self.n
        return {
            "receipts": tuple(receipts),
            "payments": tuple(payments),
            "net": tuple(receipts[s] - payments[s] - stakes[s] for s in range(self.n)),
        }

    def _next_single(self, carried: int, loos: int) -> bool:
        if self.rules.settlement.single_definition is SingleDefinition.NO_LOO:
            return loos == 0
        return carried == 0

    # ------------------------------------------------------------------ refusals

    # ------------------------------------------------------------------ copies and views

    def clone(self) -> Deal:
        """An independent copy of this deal."""
        new = Deal.__new__(Deal)
        new.__dict__.update({k: _copied(v) for k, v in self.__dict__.items()})
        new._legal = None
        return new

    def public_history(self, seat: int) -> list[str]:
        """The actions so far as ``seat`` sees them: others' exchanges, gifts and
        discards show how many cards, not which."""
        out = []
        for s, a in self.history:
            if s != seat and a >= A.GIVE and not A.is_play(a):
                if a >= A.EXCHANGE:
                    text = f"exchange {len(exchange_cards(a))}"
                elif a >= A.DISCARD:
                    text = "discard"
                else:
                    partner_of_seat = self.rules.partnerships.enabled and (s + 2) % self.n == seat
                    text = action_text(a) if partner_of_seat else "give"
            else:
                text = action_text(a)
            out.append(f"{s}: {text}")
        return out


def _extremes(tb: Tables, hand: list[int], *, low: bool) -> list[int]:
    pw = tb.power[NO_TRUMP]
    target = min(pw[c] for c in hand) if low else max(pw[c] for c in hand)
    return [c for c in hand if pw[c] == target]


def _copied(value: Any) -> Any:
    """A list (lists in it too) or dict copied; anything else is immutable or shared."""
    if type(value) is list:
        return [list(v) if type(v) is list else v for v in value]
    if type(value) is dict:
        return dict(value)
    return value


_PLANS: dict[tuple[Any, ...], list[int]] = {}
_PICKS: dict[tuple[Any, ...], list[Any]] = {}


def _deal_picks(
    n: int, hand: int, packets: Sequence[int], miss: bool, position: MissPosition
) -> list[Any]:
    """For each place (seats from the elder, then the miss), a getter of its cards from the deck."""
    key = (n, hand, tuple(packets), miss, position)
    picks = _PICKS.get(key)
    if picks is None:
        plan = _deal_plan(n, hand, packets, miss, position)
        picks = []
        for dest in range(n + 1):
            idx = [i for i, d in enumerate(plan) if d == dest] or [0]
            getter = (
                operator.itemgetter(*idx) if len(idx) > 1 else (lambda deck, i=idx[0]: (deck[i],))
            )
            picks.append(getter)
        _PICKS[key] = picks
    return picks


def _deal_plan(
    n: int, hand: int, packets: Sequence[int], miss: bool, position: MissPosition
) -> list[int]:
    """Where each card from the top of the pack goes: 0..n-1 the seats from the elder, n the miss.

    >>> _deal_plan(2, 3, (1,), True, MissPosition.AFTER_DEALER_EACH_ROUND)
    [0, 1, 2, 0, 1, 2, 0, 1, 2]
    """
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


def describe_action(a: int) -> str:
    """The text of an action (for messages)."""
    return action_text(a)
