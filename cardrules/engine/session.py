"""A session: a sequence of deals at one table, with the pool and scores carried.

A :class:`Session` is a value: :meth:`~Session.state` gives the whole position as plain
data (compared with ``==``), :meth:`~Session.to_json` and :meth:`~Session.from_json`
carry a position in mid-deal, :meth:`~Session.clone` (and ``copy.deepcopy``) copy it
cheaply, and it pickles (the compiled tables are rebuilt from the rules on loading).

>>> import cardrules, copy, pickle
>>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
>>> s.to_move == (s.dealer + 1) % 4, s.legal_action_texts()
(True, ['stand', 'throw-up', 'take-miss'])
>>> while s.deals_played == 0:
...     s.apply(s.legal_actions()[0])
>>> sum(s.scores) + s.pool
0
>>> pickle.loads(pickle.dumps(s)) == s == copy.deepcopy(s) == Session.from_json(s.to_json())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.cards import RANKS, rank_of
from cardrules.engine.actions import action_text, format_step
from cardrules.engine.deal import Deal, DealContext, FixedDeal
from cardrules.engine.observation import observe
from cardrules.engine.phases import OVER
from cardrules.engine.result import DealResult
from cardrules.engine.rulesdata import rules_from_json, rules_hash, rules_json
from cardrules.engine.tables import tables_for
from cardrules.errors import GameOverError, PlayError, RecordError
from cardrules.rules.model import Ante, Finish, FirstDeal, FirstDealer, Rules, Scoring

__all__ = ["RECORD_FORMAT", "STATE_FORMAT", "Origin", "Session"]

#: The ``format`` of a game record (:meth:`Session.record`).
RECORD_FORMAT = "cardrules-record/1"
#: The ``format`` of a position (:meth:`Session.to_json`).
STATE_FORMAT = "cardrules-state/1"


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

    With ``pause_at_deal_end`` the session stops at the end of each deal (one
    that ends as it is dealt included): its result is settled into the scores,
    the finished deal stays observable (phase ``over``, nobody to move), and
    :meth:`next_deal` deals the next one. Either way :attr:`last_deal` is the
    deal that finished last.
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
        pause_at_deal_end: bool = False,
    ) -> None:
        n = rules.players.default if players is None else players
        if not rules.players.min <= n <= rules.max_players:
            raise PlayError(
                f"{rules.title or 'these rules'} is played by {rules.players.min} to "
                f"{rules.max_players} players, not {n}"
            )
        self.rules = rules
        self.on_deal = on_deal
        self.tables = tables_for(rules)
        self.players = n
        self.seed = seed
        self.origin = origin
        self._rng = random.Random(seed)
        self._rng_shared = False  # shared with a clone until one of them deals again
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
        self.pause_at_deal_end = pause_at_deal_end
        self.last_deal: Deal | None = None
        self._over = False
        self._paused = False
        self._first = first_deal
        self._single = (pool == 0) if single is None else single
        self.deal: Deal
        self._start_deal(deal)

    # ------------------------------------------------------------------ deals

    def _own_rng(self) -> random.Random:
        """The session's generator, first copied if a clone shares it."""
        if self._rng_shared:
            rng = random.Random(0)
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._rng_shared = False
        return self._rng

    @property
    def rng(self) -> random.Random:
        """The generator that deals the coming deals (the session's own)."""
        return self._own_rng()

    def reseed(self, seed: int) -> None:
        """Deal the coming deals from a generator seeded with ``seed`` (a search's sample
        uses it so that its future deals tell nothing of the real ones)."""
        self._rng = random.Random(seed)
        self._rng_shared = False

    def _cut(self) -> int:
        """Cut for the first deal (D1, D49), using the session's seed."""
        rule = self.rules.session.first_dealer
        pack = list(self.tables.pack)
        n = self.players
        if rule is FirstDealer.FIRST_KNAVE:
            self._rng.shuffle(pack)
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
            self._rng.shuffle(pack)
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
        return Deal(self.tables, ctx, rng=self._own_rng(), fixed=fixed)

    def _start_deal(self, fixed: FixedDeal | None = None) -> None:
        """Deal the next hand; one that ends as it is dealt (a flush shown at once,
        an exposed-card single) is settled at once and, unless the session pauses at
        a deal's end, the next dealt."""
        while True:
            self.deal = self._new_deal(fixed)
            fixed = None
            if self.on_deal is not None:
                self.on_deal(self.deal)  # before a deal that ends as dealt is settled
            if not self.deal.is_over:
                return
            self._settle_deal()
            if self._over or self._paused:
                return

    def _close_deal(self) -> None:
        self._settle_deal()
        if not self._over and not self._paused:
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
        self.last_deal = deal
        self._first = False
        self._single = res.next_single
        self.dealer = (self.dealer + 1) % self.players
        self._paused = self.pause_at_deal_end
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
        if not self._over and not self._paused:
            out.extend(self.deal.history)
        return out

    @property
    def is_over(self) -> bool:
        """Whether the session has ended by its rules (then no deal is in progress)."""
        return self._over

    @property
    def deal_over(self) -> bool:
        """Whether the session is paused at the end of a deal (see ``pause_at_deal_end``),
        or over."""
        return self._paused or self._over

    @property
    def last_result(self) -> DealResult | None:
        """The result of the deal that finished last, or None."""
        return self.results[-1] if self.results else None

    @property
    def to_move(self) -> int:
        """The seat to move, or -1 when the session is over or paused at a deal's end."""
        return -1 if self._over or self._paused else self.deal.to_move

    def legal_actions(self) -> list[int]:
        """The sorted action ids open to the seat to move."""
        if self._over or self._paused:
            return []
        return self.deal.legal_actions()

    def legal_action_texts(self) -> list[str]:
        """The legal actions as text."""
        return [action_text(a) for a in self.legal_actions()]

    def apply(self, action: int | str) -> None:
        """Apply an action of the seat to move; a finished deal is settled and the next
        begins (unless the session pauses at a deal's end).

        An illegal action raises :class:`~cardrules.errors.IllegalActionError`
        with the reason and changes nothing.
        """
        if self._over:
            raise GameOverError("the session is over: no more actions")
        if self._paused:
            raise GameOverError("the deal is over: call next_deal() to deal the next one")
        d = self.deal
        d.apply(action)
        if d.phase == OVER:
            self._close_deal()

    def apply_unchecked(self, action: int) -> None:
        """Apply an action just taken from :meth:`legal_actions` (the simulation's fast path)."""
        deal = self.deal
        deal.apply_unchecked(action)
        if deal.phase == OVER:
            self._close_deal()

    def next_deal(self) -> None:
        """Deal the next hand after a pause at a deal's end.

        >>> import cardrules
        >>> s = cardrules.new_session("put", seed=2, pause_at_deal_end=True)
        >>> while not s.deal_over:
        ...     s.apply(s.legal_actions()[0])
        >>> s.observation(0)["phase"], s.observation(0)["result"] == s.last_result.to_json()
        ('over', True)
        >>> s.next_deal(); s.observation(0)["phase"]
        'play'
        """
        if self._over:
            raise GameOverError("the session is over: no more deals")
        if not self._paused:
            raise GameOverError("the deal is still in progress")
        self._paused = False
        self._start_deal()

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds now, as sorted card ids."""
        self._check_seat(seat)
        return list(self.deal.cards.hands[seat])

    def dealt_hand(self, seat: int) -> list[int]:
        """The cards ``seat`` was dealt this deal (before the miss, an exchange or a gift),
        as sorted card ids: perfect recall.

        >>> import cardrules
        >>> s = cardrules.new_session("three-card-loo", players=3, seed=1)
        >>> s.dealt_hand(s.to_move) == s.observation(s.to_move)["dealt_ids"] == s.hand(s.to_move)
        True
        """
        self._check_seat(seat)
        return list(self.deal.cards.dealt[seat])

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise PlayError(f"no seat {seat!r} at a table of {self.players}")

    def observation(self, seat: int) -> dict[str, Any]:
        """Exactly what ``seat`` may know now, as plain data (see
        :func:`cardrules.engine.observation.observe` for the keys)."""
        self._check_seat(seat)
        return observe(self, seat)

    # ------------------------------------------------------------------ values

    def clone(self) -> Session:
        """An independent copy (its random stream included)."""
        new = Session.__new__(Session)
        new.__dict__.update(self.__dict__)
        # The generator is used only to deal: share it, and let whichever deals next take a
        # copy of its own first (copy on write), so that a clone costs no copy of it.
        new._rng_shared = self._rng_shared = True
        new.scores = list(self.scores)
        new.results = list(self.results)
        new.histories = list(self.histories)
        new.start = dict(self.start)
        new.deal = self.deal.clone()
        if self.last_deal is self.deal:
            new.last_deal = new.deal
        return new

    def __copy__(self) -> Session:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Session:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["tables"]  # rebuilt from the rules on loading: it holds closures
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.tables = tables_for(self.rules)

    def state(self) -> dict[str, Any]:
        """The whole position as plain, JSON-ready data: two sessions are in the same
        position exactly when their states are equal. (Where the session came from, its
        seed, origin and start, is not part of the position: see :meth:`to_json`.)"""
        return {
            "players": self.players,
            "dealer": self.dealer,
            "pool": self.pool,
            "scores": list(self.scores),
            "winner": list(self.winner),
            "over": self._over,
            "paused": self._paused,
            "pause_at_deal_end": self.pause_at_deal_end,
            "first": self._first,
            "single": self._single,
            "rng": _rng_json(self._rng),
            "results": [r.to_json() for r in self.results],
            "histories": [list(h) for h in self.histories],
            "deal": self.deal.to_json(),
            "last_deal": None if self.last_deal is None else self.last_deal.to_json(),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Session):
            return NotImplemented
        return self.rules == other.rules and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The position with its effective rules, as JSON-ready data that
        :meth:`from_json` reads back (in mid-deal too)."""
        return {
            "format": STATE_FORMAT,
            "rules": rules_json(self.rules),
            "rules_hash": rules_hash(self.rules),
            "origin": None if self.origin is None else attrs.asdict(self.origin),
            "seed": self.seed,
            "start": self.start,
            "state": self.state(),
        }

    @classmethod
    def from_json(cls, data: Any, rules: Rules | None = None) -> Session:
        """Rebuild a session from :meth:`to_json` output.

        The rules are read from the data unless ``rules`` is given; either way they must
        have the recorded hash. Raises :class:`~cardrules.errors.RecordError` when the
        data is not a position or does not fit the rules.
        """
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise RecordError(f"not a cardrules position (expected format {STATE_FORMAT!r})")
        if rules is None:
            rules = rules_from_json(data.get("rules"))
        if data.get("rules_hash") != rules_hash(rules):
            raise RecordError("the position was made under other rules (the rules hash differs)")
        st = data.get("state")
        if not isinstance(st, dict):
            raise RecordError("a position needs its 'state'")
        new = cls.__new__(cls)
        try:
            new.rules = rules
            new.tables = tables_for(rules)
            new.on_deal = None
            new.players = int(st["players"])
            new.seed = data["seed"]
            origin = data["origin"]
            new.origin = (
                None
                if origin is None
                else Origin(origin["variant"], tuple(origin["house_rules"]), origin["overrides"])
            )
            new.start = dict(data["start"])
            new.dealer = int(st["dealer"])
            new.pool = int(st["pool"])
            new.scores = [int(x) for x in st["scores"]]
            new.winner = tuple(int(x) for x in st["winner"])
            new._over = bool(st["over"])
            new._paused = bool(st["paused"])
            new.pause_at_deal_end = bool(st["pause_at_deal_end"])
            new._first = bool(st["first"])
            new._single = bool(st["single"])
            new._rng = _rng_from_json(st["rng"])
            new._rng_shared = False
            new.results = [DealResult.from_json(r) for r in st["results"]]
            new.histories = [[(int(s), int(a)) for s, a in h] for h in st["histories"]]
            new.deal = Deal.from_json(rules, st["deal"])
            last = st["last_deal"]
            if last is None:
                new.last_deal = None
            elif last == st["deal"]:
                new.last_deal = new.deal
            else:
                new.last_deal = Deal.from_json(rules, last)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"the position is incomplete or malformed: {exc!r}") from None
        return new

    def record(self) -> dict[str, Any]:
        """The game record: rules, start and every action, from which the state is rebuilt
        (:func:`cardrules.replay`). The rules are named by the session's origin (variant,
        house rules, overrides) when it has one, and always carried as the effective rules
        with their hash, so that a record replays where its rule files are not at hand."""
        origin = self.origin
        rules = self.rules
        return {
            "format": RECORD_FORMAT,
            "rules": {
                "variant": origin.variant if origin else None,
                "house_rules": list(origin.house_rules) if origin else [],
                "overrides": (origin.overrides if origin else None) or {},
                "hash": rules_hash(rules),
                "effective": rules_json(rules),
            },
            "players": self.players,
            "seed": self.seed,
            "start": self.start,
            "actions": [format_step(s, a) for s, a in self.actions],
        }


def _rng_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_json(data: Any) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    return rng
