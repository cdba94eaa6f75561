"""A session: a sequence of deals at one table, with the pool and scores carried.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
>>> s.to_move == (s.dealer + 1) % 4, s.legal_action_texts()
(True, ['stand', 'throw-up', 'take-miss'])
>>> while s.deals_played == 0:
...     s.apply(s.legal_actions()[0])
>>> sum(s.scores) + s.pool
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.cards import RANKS, card_text, rank_of, sorted_cards
from cardrules.engine.actions import DISCARD as DISCARD_BASE
from cardrules.engine.actions import EXCHANGE as EXCHANGE_BASE
from cardrules.engine.actions import GIVE as GIVE_BASE
from cardrules.engine.actions import PLAY as PLAY_BASE
from cardrules.engine.actions import action_text, exchange_cards, exchange_id, parse_action
from cardrules.engine.deal import Deal, DealContext, FixedDeal
from cardrules.engine.phases import OVER, PLAY
from cardrules.engine.refusals import refusal
from cardrules.engine.settlement import DealResult
from cardrules.engine.tables import tables_for
from cardrules.errors import GameOverError, PlayError
from cardrules.rules.model import Ante, Finish, FirstDeal, FirstDealer, Rules, Scoring


@attrs.frozen
class Origin:
    """Where a session's rules came from, for its record."""

    variant: str
    house_rules: tuple[str, ...] = ()
    overrides: dict[str, Any] | None = attrs.field(default=None, hash=False)


class Session:
    """Deals at one table: seats, the rotating dealer, the pool and the scores.

    ``seed`` makes every deal reproducible; ``deal`` fixes the first deal card
    by card; ``dealer`` skips the cut for the first deal; ``pool`` and
    ``scores`` start the session from a given position. ``on_deal`` is called
    with each deal as it is dealt, before anything is played or settled (a
    statistic of dealt hands sees even the deals that end as they are dealt).
    """

    def __init__(
        self,
        rules: Rules,
        players: int | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        pool: int = 0,
        scores: Sequence[int] | None = None,
        deal: FixedDeal | None = None,
        first_deal: bool = True,
        single: bool | None = None,
        origin: Origin | None = None,
        on_deal: Callable[[Deal], None] | None = None,
    ) -> None:
        n = rules.players.default if players is None else players
        if not rules.players.min <= n <= rules.max_players:
            raise PlayError(
                f"{rules.name} is played by {rules.players.min} to "
                f"{rules.max_players} players, not {n}"
            )
        self.rules = rules
        self.on_deal = on_deal
        self.tables = tables_for(rules)
        self.players = n
        self.seed = seed
        self.origin = origin
        self.rng = random.Random(seed)
        self.scores = list(scores) if scores is not None else [0] * n
        if len(self.scores) != n:
            raise PlayError(f"scores for {len(self.scores)} seats at a table of {n}")
        self.pool = pool
        self.start = {
            "dealer": dealer,
            "pool": pool,
            "scores": list(self.scores),
            "first_deal": first_deal,
            "single": single,
            "deal": deal.to_json() if deal else None,
        }
        self.dealer = self._cut() if dealer is None else dealer % n
        self.results: list[DealResult] = []
        self.histories: list[list[tuple[int, int]]] = []
        self.winner: tuple[int, ...] = ()
        self._over = False
        self._first = first_deal
        self._single = (pool == 0) if single is None else single
        self.deal: Deal
        self._start_deal(deal)

    # ------------------------------------------------------------------ deals

    def _cut(self) -> int:
        """Cut for the first deal (D1, D49), using the session's seed."""
        rule = self.rules.session.first_dealer
        pack = list(self.tables.pack)
        n = self.players
        if rule is FirstDealer.FIRST_KNAVE:
            self.rng.shuffle(pack)
            for i, c in enumerate(pack):
                if RANKS[rank_of(c)] == "J":
                    return i % n
            return 0
        power = self.tables.power[4]
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
            self.rng.shuffle(pack)
            values = {s: value(pack[i]) for i, s in enumerate(seats)}
            top = best(values.values())
            seats = [s for s in seats if values[s] == top]
            if len(seats) == 1:
                return seats[0]

    def _stakes(self) -> tuple[int, ...]:
        r = self.rules
        n = self.players
        if r.wagers.scoring is Scoring.POINTS:
            return (0,) * n
        stake = r.wagers.stake_deal
        stakes = [0] * n
        ante = r.wagers.ante
        if self._first and r.session.first_deal is FirstDeal.ALL_ANTE_WITH_MISS:
            ante = Ante.ALL_PLAYERS
        if ante is Ante.DEALER_ONLY:
            stakes[self.dealer] = stake
        else:
            stakes = [stake] * n
            if ante is Ante.ALL_PLAYERS_DEALER_DOUBLE:
                stakes[self.dealer] = 2 * stake
        return tuple(stakes)

    def _new_deal(self, fixed: FixedDeal | None = None) -> Deal:
        stakes = self._stakes()
        for s, v in enumerate(stakes):
            self.scores[s] -= v
        ctx = DealContext(
            players=self.players,
            dealer=self.dealer,
            pool=self.pool + sum(stakes),
            stakes=stakes,
            single=self._single,
            first=self._first,
        )
        self.pool = ctx.pool
        deal = Deal(self.tables, ctx, rng=self.rng, fixed=fixed)
        return deal

    def _start_deal(self, fixed: FixedDeal | None = None) -> None:
        """Deal the next hand; one that ends as it is dealt (a flush shown at once,
        an exposed-card single) is settled at once and the next dealt."""
        while True:
            self.deal = self._new_deal(fixed)
            fixed = None
            if self.on_deal is not None:
                self.on_deal(self.deal)  # before a deal that ends as dealt is settled
            if not self.deal.is_over:
                return
            self._settle_deal()
            if self._over:
                return

    def _close_deal(self) -> None:
        self._settle_deal()
        if not self._over:
            self._start_deal()

    def _settle_deal(self) -> None:
        deal = self.deal
        res = deal.result
        assert res is not None
        stakes = deal.ctx.stakes or (0,) * self.players
        for s in range(self.players):
            self.scores[s] += res.net[s] + stakes[s]
            if res.points:
                self.scores[s] += res.points[s]
        if res.restart:
            self.scores = [0] * self.players
        self.pool = res.carried
        self.results.append(res)
        self.histories.append(deal.history)
        self._first = False
        self._single = res.next_single
        self.dealer = (self.dealer + 1) % self.players
        if self._session_over(res):
            self._over = True

    def _session_over(self, res: DealResult) -> bool:
        r = self.rules.session
        played = len(self.results)
        enough = played >= r.rounds * self.players
        if r.finish is Finish.TARGET_POINTS:
            top = max(self.scores)
            if top >= r.target_points:
                self.winner = tuple(s for s in range(self.players) if self.scores[s] == top)
                return True
            return False
        if r.finish is Finish.FIXED_DEALS:
            return enough
        if r.finish is Finish.UNTIL_SINGLE:
            return enough and res.next_single
        # EB1911: each deals the same number of times, then play goes on until a deal
        # ends without a loo.
        return enough and not res.looed

    # ------------------------------------------------------------------ public API

    @property
    def deals_played(self) -> int:
        """Deals finished so far."""
        return len(self.results)

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every (seat, action) of the session so far, in order."""
        out = [x for h in self.histories for x in h]
        if not self._over:
            out.extend(self.deal.history)
        return out

    @property
    def is_over(self) -> bool:
        """Whether the session has ended by its rules (then no deal is in progress)."""
        return self._over

    @property
    def to_move(self) -> int:
        """The seat to move, or -1 when the session is over."""
        return -1 if self._over else self.deal.to_move

    def legal_actions(self) -> list[int]:
        """The sorted action ids open to the seat to move."""
        if self._over:
            return []
        d = self.deal
        legal = d._legal
        if legal is None:
            legal = d._legal = d._legal_play() if d.phase == PLAY else d._compute_legal()
        return legal[:]

    def legal_action_texts(self) -> list[str]:
        """The legal actions as text."""
        return [action_text(a) for a in self.legal_actions()]

    def apply(self, action: int | str) -> None:
        """Apply an action of the seat to move; a finished deal is settled and the next begins.

        An illegal action raises :class:`~cardrules.errors.IllegalActionError`
        with the reason and changes nothing.
        """
        if self._over:
            raise GameOverError("the session is over: no more actions")
        # Deal.apply inlined: this is the hot path of every simulation, and a call less per
        # action is measurable against the hand-written baseline (benchmarks/).
        d = self.deal
        a = action if type(action) is int else parse_action(action)
        legal = d._legal
        if legal is None:
            legal = d._legal = d._compute_legal()
        if a not in legal:
            raise refusal(d, a)
        d._legal = None
        d.history.append((d.to_move, a))
        if d.phase == PLAY and a >= PLAY_BASE:
            d._play(a - PLAY_BASE)
        else:
            d._do(a)
        if d.phase == OVER:
            self._close_deal()

    def apply_unchecked(self, action: int) -> None:
        """Apply an action just taken from :meth:`legal_actions` (the simulation's fast path)."""
        deal = self.deal
        deal.apply_unchecked(action)
        if deal.phase == OVER:
            self._close_deal()

    def clone(self) -> Session:
        """An independent copy (its random stream included)."""
        new = Session.__new__(Session)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.scores = list(self.scores)
        new.results = list(self.results)
        new.histories = list(self.histories)
        new.deal = self.deal.clone()
        return new

    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what ``seat`` may know now, as plain data."""
        d = self.deal
        n = self.players
        obs: dict[str, Any] = {
            "seat": seat,
            "players": n,
            "deal_number": self.deals_played,
            "dealer": d.dealer,
            "phase": "over" if self._over else d.phase_name,
            "to_move": self.to_move,
            "trump": d.trump_suit,
            "turn_up": d._turnup_text(),
            "hand": [card_text(c) for c in sorted_cards(d.hands[seat])],
            "hand_sizes": [len(d.hands[s]) for s in range(n)],
            "pool": d.pool,
            "scores": list(self.scores),
            "history": d.public_history(seat),
            "miss": (
                "none"
                if d.miss is None and d.miss_taker < 0 and not d.miss_for_pool
                else "untaken"
                if d.miss is not None
                else "for the pool"
                if d.miss_for_pool
                else f"taken by {d.miss_taker}"
            ),
            "stock_size": len(d.stock),
            "trick": [(s, card_text(c)) for s, c in d.trick_so_far()],
            "played": [(s, card_text(c)) for s, c in d.played_cards()],
            "tricks": list(d._tricks_by_seat()),
            "shown": {s: [card_text(c) for c in h] for s, h in d.shown.items()},
            "legal": self.legal_action_texts() if self.to_move == seat else [],
        }
        if d.miss_for_pool and seat == d.dealer and d.phase == PLAY:
            obs["miss_hand"] = [card_text(c) for c in sorted_cards(d.hands[n])]
        if self.rules.partnerships.enabled:
            obs["partner"] = (seat + 2) % n
        return obs

    def record(self) -> dict[str, Any]:
        """The game record: rules, start and every action, from which the state is rebuilt."""
        from cardrules.engine.record import session_record

        return session_record(self)


def new_session(
    variant: str | Rules,
    house_rules: Sequence[str] = (),
    overrides: dict[str, Any] | None = None,
    *,
    players: int | None = None,
    seed: int | None = None,
    **kwargs: Any,
) -> Session:
    """Load a variant (a bundled name, a path, or a :class:`Rules`) and open a session.

    >>> s = new_session("put", seed=3)
    >>> s.players, s.rules.challenges.enabled
    (2, True)
    """
    if isinstance(variant, Rules):
        rules = variant
        origin = Origin(rules.name, tuple(house_rules), overrides)
    else:
        from cardrules.rules.loader import load_variant

        rules = load_variant(variant, house_rules=house_rules, overrides=overrides)
        origin = Origin(variant, tuple(house_rules), overrides)
    return Session(rules, players, seed=seed, origin=origin, **kwargs)


def finished_deal_over(session: Session) -> bool:  # pragma: no cover - tiny helper
    """Whether the session's last action ended a deal."""
    return bool(session.results) and session.deal.phase != OVER


def determinize(session: Session, seat: int, rng: random.Random) -> Session:
    """A copy of ``session`` in which every card hidden from ``seat`` is dealt afresh.

    The cards ``seat`` cannot see (others' hands, the untaken miss, the stock,
    others' discards) are gathered, sorted, shuffled with ``rng`` and dealt
    back into the same places, and future deals are reseeded. The result
    depends only on what ``seat`` may know and on ``rng``: a search can play
    it out without ever reading the true hidden cards. (Its record is not a
    record of the real game: others' private actions are reduced to their
    public form.)

    >>> import cardrules, random
    >>> s = cardrules.new_session("three-card-loo", players=4, seed=3)
    >>> t = determinize(s, s.to_move, random.Random(1))
    >>> t.observation(s.to_move) == s.observation(s.to_move)
    True
    """
    t = session.clone()
    d = t.deal
    n = t.players
    places: list[tuple[list[int], int]] = []
    gave = {
        c
        for (s_, a) in d.history
        if s_ == seat and GIVE_BASE <= a < DISCARD_BASE
        for c in [a - GIVE_BASE]
    }
    for other in range(n):
        if other == seat or other in d.shown:
            continue
        hand = d.hands[other]
        places.extend((hand, i) for i in range(len(hand)) if hand[i] not in gave)
    if d.miss is not None:
        places.extend((d.miss, i) for i in range(len(d.miss)))
    if d.miss_for_pool and seat != d.dealer:
        places.extend((d.hands[n], i) for i in range(len(d.hands[n])))
    places.extend((d.stock, i) for i in range(len(d.stock)) if d.stock[i] != d.turnup)
    places.extend((d.discarded, i) for i in range(len(d.discarded)) if d.discard_owner[i] != seat)
    cards = sorted(lst[i] for lst, i in places)
    rng.shuffle(cards)
    for (lst, i), c in zip(places, cards, strict=True):
        lst[i] = c
    for h in d.hands:
        h.sort()
    if d.miss is not None:
        d.miss.sort()
    # Others' exchanges, gifts and discards are private: keep only what ``seat`` sees of
    # them (how many cards), so the copy holds nothing of the true hidden cards.
    d.history = [_public_form(s_, a, seat, t) for s_, a in d.history]
    d._legal = None
    t.histories = [[_public_form(s_, a, seat, t) for s_, a in h] for h in t.histories]
    t.rng = random.Random(rng.getrandbits(64))
    return t


def _public_form(actor: int, action: int, seat: int, t: Session) -> tuple[int, int]:
    if actor == seat or action < GIVE_BASE:
        return actor, action
    if action >= EXCHANGE_BASE:
        return actor, exchange_id(range(len(exchange_cards(action))))
    if action >= DISCARD_BASE:
        return actor, DISCARD_BASE
    partner = t.rules.partnerships.enabled and (actor + 2) % t.players == seat
    return actor, action if partner else GIVE_BASE
