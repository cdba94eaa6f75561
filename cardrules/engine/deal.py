"""One deal as a state machine: declare, pass cards, play tricks, settle.

A :class:`Deal` is created by a :class:`~cardrules.engine.session.Session` (which pays the
stakes and carries the pool) and moves through :class:`~cardrules.engine.phases.Phase`
values, OpenSpiel style: for each phase one pair of functions in :data:`PHASE_TABLE`, its
legal actions and applying one. :meth:`Deal.apply` refuses an illegal action with the
reason and leaves the state exactly as it was. Every mechanism is switched on by the rules
model; nothing here knows a game by name.

The state is in named parts (:mod:`cardrules.engine.parts`): the cards, the declarations,
the trick play, a challenge and the partners' passing; :attr:`Deal.view` is its read-only
face, and settlement reads only that.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=3, seed=4)
>>> d = s.deal
>>> d.phase.word, d.legal_actions() == s.legal_actions()
('declare', True)
>>> d.clone() == d
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardrules.cards import SUITS
from cardrules.engine import actions as A
from cardrules.engine.actions import exchange_cards_of, parse_action, with_exchanges
from cardrules.engine.bidding import apply_bid, legal_bid, open_bidding
from cardrules.engine.challenges import windows
from cardrules.engine.dealing import DealContext, FixedDeal, deal_cards, dealing_plan
from cardrules.engine.declaring import exchangeable, next_drawer, words_of
from cardrules.engine.duties import moment_now
from cardrules.engine.offer import Offer
from cardrules.engine.parts import Challenge, Declaring, Passing, TrickPlay
from cardrules.engine.phases import (
    DECIDE,
    DECLARE,
    MISS,
    OUT,
    OVER,
    PARTNER,
    PLAY,
    RESPOND,
    STOOD,
    THREW,
    UNDECIDED,
    Phase,
)
from cardrules.engine.privacy import public_form, public_text
from cardrules.engine.refusals import refusal
from cardrules.engine.restock import restock
from cardrules.engine.result import DealResult
from cardrules.engine.settlement import (
    challenge_points,
    flush_holders,
    pool_to,
    settle_exposed_single,
    settle_flush,
    settle_play,
)
from cardrules.engine.state import DealState
from cardrules.engine.tables import Tables
from cardrules.engine.view import DealView
from cardrules.rules.model import FirstDeal, FirstLeader, FlushDeclare, PassCard, ReceiverDiscard
from cardrules.rules.seating import dealer_sits_out

__all__ = [
    "DECIDE",
    "DECLARE",
    "MISS",
    "OUT",
    "OVER",
    "PARTNER",
    "PHASE_TABLE",
    "PLAY",
    "RESPOND",
    "STOOD",
    "THREW",
    "UNDECIDED",
    "Deal",
    "DealContext",
    "FixedDeal",
]


#: The id of playing the first card (a module constant: read on every play).
_PLAY = A.PLAY
_NO_WORDS: list[int] = []


#: The members read on every deal, read once (in Python 3.11 reading a member off its
#: Enum class costs ten times reading a global).
_AT_ONCE = FlushDeclare.AT_ONCE
_AFTER_DECLARATIONS = FlushDeclare.AFTER_DECLARATIONS
_MISS_HOLDER = FirstLeader.MISS_HOLDER


class Deal(DealState):
    """The state of one deal. Create deals through a :class:`~cardrules.engine.session.Session`.

    Two deals are equal when every part of their state is.
    """

    __slots__ = ()  # the fields are DealState's

    def __init__(
        self,
        tables: Tables | None = None,
        ctx: DealContext | None = None,
        *,
        rng: random.Random | None = None,
        fixed: FixedDeal | None = None,
    ) -> None:
        if tables is None or ctx is None:
            return  # a blank deal, filled field by field (copies, JSON; see blank_instance)
        n = ctx.players
        self.ctx = ctx
        self.n = n
        self.dealer = ctx.dealer
        self.order = dealing_plan(tables, ctx).orders[ctx.dealer]  # shared: never changed
        self.pool = ctx.pool
        self.history: list[tuple[int, int]] = []
        self.phase = DECLARE
        self.to_move = -1
        self.result: DealResult | None = None
        self._legal: list[int] | None = None
        self.cards = deal_cards(tables, ctx, self.order, rng, fixed)
        self.decl = Declaring(n)
        self.play = TrickPlay(n)
        self.chal = Challenge()
        self.passing = Passing()
        self.attach_tables(tables)
        self._start()

    def attach_tables(self, tables: Tables) -> None:
        """Attach the compiled tables and what is derived from them (they are built from
        the rules, never copied or pickled)."""
        self.tb = tables
        self.rules = tables.rules
        self._follow = tables.follow
        self._lead = tables.lead
        self._verdicts = tables.verdicts[self.cards.trump]
        self._tricks = tables.rules.deal.hand_size
        self._challenges = tables.rules.challenges.enabled

    # ------------------------------------------------------------------ starting

    def _start(self) -> None:
        r = self.rules
        ctx = self.ctx
        cards = self.cards
        status = self.decl.status
        if cards.exposed_single:
            self._finish(settle_exposed_single(self.view))
            return
        if r.partnerships.enabled:
            self.phase = PARTNER
            self.to_move = self.order[0]
            return
        forced = (
            ctx.last  # Peel's quick finish: "all stand on the last round" (1.1.16)
            or (ctx.first and r.session.first_deal is FirstDeal.ALL_STAND_NO_MISS)
            or (ctx.single and r.declarations.forced_play.on_single)
            or (
                cards.turnup >= 0
                and SUITS[cards.turnup // 13] in r.declarations.forced_play.turn_up_suits
            )
        )
        self.decl.forced = forced
        if forced and cards.miss is not None:
            # Club Law: "the miss is withdrawn, and is added to the undealt portion of the pack
            # without being exposed" [S004].
            cards.stock[:0] = cards.miss
            cards.miss = None
        if dealer_sits_out(r, self.n):
            status[self.dealer] = OUT
        flush = r.special_hands.flush
        if flush.enabled and flush.declare is _AT_ONCE:
            # Hoffmann: the holder "at once turns up his cards"; nobody may throw up [S001].
            seats = [s for s in self.order if status[s] != OUT]
            if flush_holders(self.view, seats):
                for s in seats:
                    status[s] = STOOD
                self._settle_flush(seats)
                return
        if forced or not r.declarations.enabled:
            for s in self.order:
                if status[s] != OUT:
                    status[s] = STOOD
            self._after_declarations()
            return
        self.phase = DECLARE
        self.decl.pos = 0
        self._next_declarer()

    def _next_declarer(self) -> None:
        decl = self.decl
        status = decl.status
        while decl.pos < self.n and status[self.order[decl.pos]] == OUT:
            decl.pos += 1
        if decl.pos >= self.n:
            seat = next_drawer(self)  # the draw, where it follows the declarations (D78)
            if seat < 0:
                self._after_declarations()
            else:
                self.to_move = seat
            return
        seat = self.order[decl.pos]
        if (
            seat == self.dealer
            and decl.miss_taker < 0
            and STOOD not in status  # a status for each seat
        ):
            # All before the dealer threw up: he takes the pool, no matter his cards (1.1.8.1),
            # and a flush he holds is shown and paid besides (1.2.9.2, D34).
            if not self._flush_shown(seat):
                self._finish(pool_to(self.view, [seat], "all_pass"))
            return
        self.to_move = seat

    def _after_declarations(self) -> None:
        r = self.rules
        cards = self.cards
        status = self.decl.status
        in_game: list[int] = []
        for s in self.order:  # a loop: a comprehension costs a call, on every deal
            if status[s] == STOOD:
                in_game.append(s)
        flush = r.special_hands.flush
        if (
            flush.enabled
            and flush.declare is _AFTER_DECLARATIONS
            and flush_holders(self.view, in_game)
        ):
            self._settle_flush(in_game)
            return
        players = list(in_game)
        if self.decl.miss_for_pool:
            # The miss plays in the dealer's place, for the pool (1.1.8.2).
            players.append(self.n)
            cards.hands[self.n] = cards.miss or []
            cards.miss = None
        if len(players) == 0:
            self._finish(pool_to(self.view, [], "all_pass"))
            return
        if len(players) == 1 and not r.challenges.enabled:
            self._finish(pool_to(self.view, players, "unopposed"))
            return
        if r.partnerships.enabled:
            # The receiver on the non-dealer's side leads (1.6.4): his side comes first.
            elder_side = self.order[0] % 2
            players.sort(key=lambda p: p % 2 != elder_side)
        play = self.play
        play.in_play = players
        actors = list(players)  # each player acts for himself, and the miss through its actor
        if self.decl.miss_for_pool:
            actors[players.index(self.n)] = self._actor(self.n)
        play.actors = actors
        lead = 0
        if r.leads.first_leader is _MISS_HOLDER and self.decl.miss_taker in players:
            lead = players.index(self.decl.miss_taker)
        play.lead_pos = play.turn_pos = lead
        self.phase = PLAY
        self.to_move = self._actor(players[lead])
        if r.bidding.enabled:
            open_bidding(self)  # the bids come first, then the same leader leads

    def _actor(self, player: int) -> int:
        return self.dealer if player == self.n else player

    def _flush_shown(self, seat: int) -> bool:
        """Show a flush ``seat`` holds (the dealer left alone; a flush exchanged into, at
        once [S001]): those yet to declare may not throw up (D33). Whether it ended the deal."""
        if not self.rules.special_hands.flush.enabled or not flush_holders(self.view, [seat]):
            return False
        status = self.decl.status
        status[seat] = STOOD
        for s in self.order:
            if status[s] == UNDECIDED:
                status[s] = STOOD
        self._settle_flush([s for s in self.order if status[s] == STOOD])
        return True

    def _settle_flush(self, candidates: list[int]) -> None:
        shown = self.cards.shown
        for s in flush_holders(self.view, candidates):
            shown[s] = list(self.cards.hands[s])  # the holder shows his hand
        self._finish(settle_flush(self.view, candidates))

    def _finish(self, result: DealResult) -> None:
        self.result = result
        self.phase = OVER
        self.to_move = -1

    # ------------------------------------------------------------------ public API

    @property
    def view(self) -> DealView:
        """The read-only view of this deal."""
        return DealView(self)

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (its :attr:`result` is set)."""
        return self.phase is OVER

    @property
    def phase_name(self) -> str:
        """The current phase: declare, partner, play, decide, respond or over."""
        return self.phase.word

    @property
    def trump(self) -> int:
        """The trump suit's index (4 for none)."""
        return self.cards.trump

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's letter, or None."""
        return self.view.trump_suit

    def legal_actions(self) -> list[int]:
        """The actions the seat to move may take, as sorted ids (empty when over)."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            legal = self._legal_play() if phase is PLAY else PHASE_TABLE[phase][0](self)
            self._legal = legal
        return legal[:]

    def apply(self, action: int | str) -> None:
        """Apply an action (an id or its text) for the seat to move.

        Raises :class:`~cardrules.errors.IllegalActionError` saying why when
        the rules forbid it; the state is then unchanged.
        """
        a = action if type(action) is int else parse_action(action)
        legal = self._legal
        phase = self.phase
        if legal is None:
            legal = self._legal_play() if phase is PLAY else PHASE_TABLE[phase][0](self)
            self._legal = legal
        if a not in legal:
            raise refusal(self.view, a, legal)
        self._legal = None
        self.history.append((self.to_move, a))
        if phase is PLAY and a >= _PLAY:
            self._play(a - _PLAY)
        else:
            PHASE_TABLE[phase][1](self, a)

    def fill_offer(self, offer: Offer) -> None:
        """Fill ``offer`` with the actions the seat to move may take, by kind: the same
        actions as :meth:`legal_actions`, from the same code, with no id made but for the
        words (see :mod:`cardrules.engine.offer`)."""
        phase = self.phase
        seat = self.to_move
        if phase is PLAY:
            words = _NO_WORDS
            if self._challenges:
                extra = self._challenge_extras()
                if extra:
                    words = sorted(extra)
            offer.seat = seat
            offer.kind = _PLAY
            offer.cards = cards = self.playable_cards()
            offer.count = len(cards)
            if self.tb.civil_call and not self.play.cards:
                words = [*words, *self.tb.civil_lead(self.cards.trump, cards)]
            offer.words = words
        elif phase is DECLARE:
            words, limit = words_of(self)
            offer.set_exchanges(seat, words, exchangeable(self), limit)
        else:
            offer.set_legal(seat, self.legal_actions())

    def apply_unchecked(self, action: int) -> None:
        """Apply an action taken from :meth:`legal_actions` without checking it again."""
        self._legal = None
        self.history.append((self.to_move, action))
        phase = self.phase
        if phase is PLAY and action >= _PLAY:
            self._play(action - _PLAY)
        else:
            PHASE_TABLE[phase][1](self, action)

    # ------------------------------------------------------------------ declaring

    def _legal_declare(self) -> list[int]:
        words, limit = words_of(self)
        if not limit:
            return words
        return with_exchanges(words, exchangeable(self), limit)  # sorted

    def _apply_declare(self, a: int) -> None:
        seat = self.to_move
        decl = self.decl
        cards = self.cards
        if a == A.THROW_UP:
            decl.status[seat] = THREW
            if seat == self.dealer:
                decl.pos += 1
                self._next_declarer()
                return
        elif a == A.TAKE_MISS:
            self._discard(seat, cards.hands[seat])  # his own cards go aside, unexposed
            cards.hands[seat] = cards.miss or []
            cards.miss = None
            decl.miss_taker = seat
            decl.status[seat] = STOOD
        elif a == A.PLAY_MISS:
            decl.status[seat] = THREW
            decl.miss_for_pool = True
        else:
            if a >= A.EXCHANGE and not self.rules.exchange.exchanger_must_play:
                # Whether the exchange ended the deal is not asked: a flush shown at once has
                # settled it already, and otherwise he declares again (stand or throw up,
                # 1.2.6); either way his turn stays where it is.
                self._exchange(seat, a)
                return
            decl.status[seat] = STOOD
            if a >= A.EXCHANGE and self._exchange(seat, a):
                return
        decl.pos += 1
        self._next_declarer()

    def _exchange(self, seat: int, a: int) -> bool:
        """Make ``seat``'s exchange; whether it ended the deal (a flush shown at once)."""
        hand = self.cards.hands[seat]
        out = exchange_cards_of(hand, a)
        for c in out:
            hand.remove(c)
        self._discard(seat, out)
        cards = self.cards
        stock = cards.stock
        for _ in out:
            if not stock:  # the stock has run out: restocked, where the rules say so (D80)
                restock(cards, self.decl.status, seat, self.rules.exchange.restock)
                stock = cards.stock
            if cards.restock_draws:  # the stock holds only the last restock's cards now
                cards.restock_draws[-1][seat] += 1
            hand.append(stock.pop())
        hand.sort()
        self.decl.exchanged[seat] = len(out)
        flush = self.rules.special_hands.flush
        return flush.declare is _AT_ONCE and self._flush_shown(seat)

    def _discard(self, seat: int, cards: Sequence[int]) -> None:
        self.cards.discarded.extend(cards)
        self.cards.discard_owner.extend([seat] * len(cards))

    # ------------------------------------------------------------------ partners

    def _legal_partner(self) -> list[int]:
        seat = self.to_move
        hand = self.cards.hands[seat]
        passing = self.passing
        rules = self.rules.partnerships
        if passing.pending_discard == seat:
            if rules.receiver_discard is ReceiverDiscard.WORST:
                return sorted(A.DISCARD + c for c in self.tb.extremes(hand, low=True))
            return sorted(A.DISCARD + c for c in hand)
        best = rules.pass_card is PassCard.BEST
        gives = self.tb.extremes(hand, low=False) if best else hand
        out = sorted(A.GIVE + c for c in gives)
        if passing.step % 2 == 0:
            out.insert(0, A.RECEIVE)
        return out

    def _apply_partner(self, a: int) -> None:
        seat = self.to_move
        partner = (seat + 2) % self.n
        passing = self.passing
        hands = self.cards.hands
        if a == A.RECEIVE:
            self.to_move = partner
            passing.step += 1
            return
        if a >= A.DISCARD:
            hands[seat].remove(a - A.DISCARD)
            self._discard(seat, [a - A.DISCARD])
            passing.pending_discard = -1
            passing.step = (passing.step // 2 + 1) * 2
            if passing.step >= 4:
                for s in self.order:
                    if self.decl.status[s] != OUT:
                        self.decl.status[s] = STOOD
                self._after_declarations()
            else:
                self.to_move = self.order[1]
            return
        c = a - A.GIVE
        hands[seat].remove(c)
        hands[partner].append(c)
        hands[partner].sort()
        passing.givers.append(seat)
        self.decl.status[seat] = OUT
        self._discard(seat, hands[seat])  # his other cards go face down
        hands[seat] = []
        passing.pending_discard = partner
        self.to_move = partner
        passing.step += 1 if passing.step % 2 == 0 else 0

    # ------------------------------------------------------------------ trick play

    def _legal_play(self) -> list[int]:
        cards = self.playable_cards()
        out = []
        for c in cards:  # hands are kept sorted; a loop costs less than a comprehension here
            out.append(_PLAY + c)
        if self.tb.civil_call and not self.play.cards:
            out[:0] = self.tb.civil_lead(self.cards.trump, cards)
        if self._challenges:
            extra = self._challenge_extras()
            if extra:
                out = sorted(extra) + out
        return out

    def playable_cards(self) -> list[int]:
        """In trick play, the cards the player to move may play (the hand itself when any
        card may go): read it, never change it."""
        play = self.play
        player = play.in_play[play.turn_pos]
        hand = self.cards.hands[player]
        tc = play.cards
        trump = self.cards.trump
        if tc:
            if play.calls and play.calls[-1] == play.trick_no:  # "Pam, be civil" (1.2.8)
                cards = self.tb.called_follow(hand, trump, tc, play.best)
            else:
                cards = self._follow(hand, trump, tc, play.best)
        else:
            won_last = bool(play.winners) and play.winners[-1] == player
            cards = self._lead(hand, trump, play.trick_no, won_last, self.cards.turnup)
        duty = self.tb.duty
        return cards if duty is None else duty(hand, cards, moment_now(play, self.cards, player))

    def _challenge_extras(self) -> list[int]:
        ch = self.rules.challenges
        chal = self.chal
        play = self.play
        if chal.put_seen:
            return [A.THROW_UP] if not ch.put_binding else []
        w = windows(ch.model)
        if not play.cards:
            extra = list(w.first_lead if play.trick_no == 0 else w.later_lead)
            if play.trick_no == 0 and play.turn_pos != 0:
                extra = []  # only the elder leads the first trick
            if chal.putter >= 0:
                extra = [a for a in extra if a != A.PUT]
            return extra
        extra = []
        if ch.follower_may_concede:
            extra.append(A.THROW_UP)
        if play.trick_no == 0 and chal.putter < 0:
            extra.extend(w.follow_first)
        return extra

    def _apply_play(self, a: int) -> None:
        if a >= A.PLAY:
            self._play(a - A.PLAY)
        elif A.is_civil(a):  # he leads the ace of trumps and says "Pam, be civil" (1.2.8)
            self.play.calls.append(self.play.trick_no)
            self._play(A.civil_card(a))
        elif a == A.THROW_UP:
            self._concede(self.to_move)
        elif a == A.PUT:
            self._put(self.to_move)
        else:  # pragma: no cover - the legal actions of the play phase are listed above
            raise AssertionError(f"no play-phase action {a}")

    def _play(self, c: int) -> None:
        play = self.play
        pos = play.turn_pos
        in_play = play.in_play
        player = in_play[pos]
        self.cards.hands[player].remove(c)
        tc = play.cards
        tc.append(c)
        play.played.append((player, c))
        played = len(tc)
        if played == 1:
            play.best, play.best_pos, play.tied = c, pos, False
        else:
            verdict = self._verdicts[play.best * 52 + c]
            if verdict > 0:
                play.best, play.best_pos, play.tied = c, pos, False
            elif verdict == 0:
                play.tied = True
        k = len(in_play)
        if played < k:
            pos += 1
            if pos == k:
                pos = 0
            play.turn_pos = pos
            self.to_move = play.actors[pos]
            return
        self._end_trick()

    def _end_trick(self) -> None:
        play = self.play
        if play.tied:
            play.winners.append(None)
        else:
            w = play.in_play[play.best_pos]
            play.won[w] += 1
            play.winners.append(w)
            play.lead_pos = play.best_pos
        play.cards = []
        play.trick_no += 1
        play.turn_pos = play.lead_pos
        if play.trick_no == self._tricks:
            self._finish(settle_play(self.view))
            return
        if (
            self._challenges
            and play.trick_no == 1
            and not self.chal.put_seen
            and windows(self.rules.challenges.model).after_first_trick
        ):
            self.phase = DECIDE
            self.to_move = play.actors[0]
            return
        self.to_move = play.actors[play.turn_pos]

    # ------------------------------------------------------------------ challenges

    def _legal_decide(self) -> list[int]:
        return sorted(windows(self.rules.challenges.model).after_first_trick)

    def _apply_decide(self, a: int) -> None:
        if a == A.PUT:
            self._put(self.to_move)
        else:
            self._concede(self.to_move)

    def _legal_respond(self) -> list[int]:
        return [A.SEE, A.REFUSE]

    def _apply_respond(self, a: int) -> None:
        if a == A.SEE:
            self.chal.put_seen = True
            self.phase = PLAY
            self.to_move = self.play.actors[self.play.turn_pos]
        else:
            points = self.rules.challenges.point
            self._finish(challenge_points(self.view, self.chal.putter, points, "refused"))

    def _put(self, seat: int) -> None:
        self.chal.putter = seat
        self.phase = RESPOND
        self.to_move = self._opponent(seat)

    def _opponent(self, seat: int) -> int:
        a, b = self.play.in_play[0], self.play.in_play[1]
        return b if seat == a else a

    def _concede(self, seat: int) -> None:
        pts = self.rules.challenges.point
        if self.chal.put_seen:
            pts = self.rules.session.target_points
        self._finish(challenge_points(self.view, self._opponent(seat), pts, "throw_up"))

    def _legal_over(self) -> list[int]:
        return []

    def _apply_over(self, a: int) -> None:  # pragma: no cover - nothing is legal when over
        raise AssertionError("the deal is over")

    # ------------------------------------------------------------------ what a seat sees

    def public_history(self, seat: int) -> list[str]:
        """The actions so far as ``seat`` sees them: others' exchanges, gifts and
        discards show how many cards, not which."""
        return [f"{s}: {public_text(self.rules, self.n, s, a, seat)}" for s, a in self.history]

    def public_actions(self, seat: int) -> list[tuple[int, int]]:
        """The actions so far as (seat, action id) in the form ``seat`` sees them: another
        seat's exchange of k cards is the id of exchanging the k lowest cards
        (:func:`~cardrules.engine.actions.exchange_id` of ``range(k)``), a discard is
        :data:`~cardrules.engine.actions.DISCARD`, a gift to someone else
        :data:`~cardrules.engine.actions.GIVE`."""
        return [public_form(self.rules, self.n, s, a, seat) for s, a in self.history]


#: For each phase (by its number), its legal actions and applying one (OpenSpiel style).
PHASE_TABLE: tuple[tuple[Callable[[Deal], list[int]], Callable[[Deal, int], None]], ...] = (
    (Deal._legal_declare, Deal._apply_declare),
    (Deal._legal_partner, Deal._apply_partner),
    (Deal._legal_play, Deal._apply_play),
    (Deal._legal_decide, Deal._apply_decide),
    (Deal._legal_respond, Deal._apply_respond),
    (Deal._legal_over, Deal._apply_over),
    (legal_bid, apply_bid),
)
assert [p.value for p in Phase] == list(range(len(PHASE_TABLE)))
