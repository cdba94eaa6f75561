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
from typing import Any, SupportsIndex

from cardrules.cards import parse_card
from cardrules.engine.actions import (
    EXCHANGE,
    PLAY,
    action_text,
    exchange_cards,
)
from cardrules.engine.arguments import (
    LAST_ACTION,
    LAST_WORD,
    MAX_COUNTERS,
    MAX_SEED,
    action_id,
    flag,
    players_of,
    scores_of,
    seat_of,
    whole,
)
from cardrules.engine.chance import (
    CHANCE,
    ChanceNode,
    cut_for_deal,
    cut_odds,
    deal_outcomes,
    draw_outcomes,
    fixed_deal,
    outcome_text,
    stack_stock,
)
from cardrules.engine.contractpoints import bag_residue
from cardrules.engine.deal import Deal, DealContext, FixedDeal
from cardrules.engine.dealing import deal_places
from cardrules.engine.finish import session_ends
from cardrules.engine.handsize import deal_rules, hand_size_of_deal, size_outcomes, varies
from cardrules.engine.observation import observe
from cardrules.engine.passing import direction_outcomes, pass_offsets
from cardrules.engine.phases import OVER
from cardrules.engine.position import (
    CHANCE_MODES,
    RECORD_FORMAT,
    STATE_FORMAT,
    Origin,
    SessionState,
)
from cardrules.engine.restock import batches
from cardrules.engine.result import DealResult
from cardrules.engine.settlement import ante_excused, split
from cardrules.engine.tables import Tables, tables_for
from cardrules.errors import (
    ActionSyntaxError,
    ArgumentTypeError,
    ArgumentValueError,
    GameOverError,
    PlayError,
)
from cardrules.rules.applies import bags_counted, passes_by_chance
from cardrules.rules.bounds import MAX_ROUNDS, MAX_TABLE
from cardrules.rules.model import (
    Ante,
    AnteExcused,
    Finish,
    FirstDeal,
    Rules,
    Scoring,
)

__all__ = ["CHANCE", "CHANCE_MODES", "RECORD_FORMAT", "STATE_FORMAT", "Origin", "Session"]


#: What a session waits for at each kind of chance node, in its ``repr``.
_CHANCE_WORDS = {
    "cut": "cutting for dealer",
    "size": "drawing the hand size",
    "deal": "dealing",
    "draw": "drawing",
}


class Session(SessionState):
    """Deals at one table: seats, the rotating dealer, the pool and the scores.

    ``seed`` makes every deal reproducible; ``deal`` fixes the first deal card
    by card; ``dealer`` skips the cut for the first deal; ``pool``, ``scores`` and
    ``deals_before`` (deals of the session already played, which count towards
    ``session.rounds``) start the session from a given position. Arguments are checked
    (:mod:`cardrules.engine.arguments`): a seed is a whole number from 0 to 2**64 - 1 (what
    a record stores), the dealer a seat at the table, the pool from 0 and the scores (one
    a seat) within a billion counters; anything else raises a named error. ``on_deal`` is called
    with each deal as it is dealt, before anything is played or settled (a
    statistic of dealt hands sees even the deals that end as they are dealt).

    With ``pause_at_deal_end`` the session stops at the end of each deal (one
    that ends as it is dealt included): its result is settled into the scores,
    the finished deal stays observable (phase ``over``, nobody to move), and
    :meth:`next_deal` deals the next one. Either way :attr:`last_deal` is the
    deal that finished last.

    With ``chance="explicit"`` the session draws nothing from a generator: the cut (when
    no ``dealer`` is given), every card dealt and every card drawn for an exchange is a
    chance node (:mod:`cardrules.engine.chance`). There :meth:`is_chance_node` is true,
    :attr:`to_move` is :data:`CHANCE`, :meth:`chance_outcomes` lists the outcomes with
    their probabilities and :meth:`apply` takes one of them. An exchange asks for the
    cards it draws one by one, when it is made.

    >>> import cardrules
    >>> s = cardrules.new_session("put", chance="explicit", dealer=0)
    >>> s.to_move == CHANCE, len(s.chance_outcomes()), s.chance_outcome_text(50)
    (True, 52, 'KC to seat 1')
    >>> while s.is_chance_node():
    ...     s.apply(s.chance_outcomes()[0][0])
    >>> s.hand(1), s.hand(0)
    ([0, 2, 4], [1, 3, 5])
    """

    def __init__(
        self,
        rules: Rules,
        players: SupportsIndex | None = None,
        *,
        seed: SupportsIndex | None = None,
        dealer: SupportsIndex | None = None,
        pool: SupportsIndex = 0,
        scores: Sequence[int] | None = None,
        deal: FixedDeal | None = None,
        first_deal: Any = True,
        single: Any = None,
        deals_before: SupportsIndex = 0,
        origin: Origin | None = None,
        on_deal: Callable[[Deal], None] | None = None,
        pause_at_deal_end: Any = False,
        chance: Any = "sampled",
    ) -> None:
        # The arguments are checked here, each refused with a named error: those a compiled
        # function would check by their type first are typed so that it does not
        # (docs/compiled.md).
        if not isinstance(rules, Rules):
            raise ArgumentTypeError(
                f"rules: expected the rules of a game (cardrules.load_variant), got "
                f"{type(rules).__name__}"
            )
        tables = tables_for(rules)
        n = (
            rules.players.default
            if players is None
            else players_of(
                players, rules.players.min, tables.max_players, rules.title or "these rules"
            )
        )
        seed_ = None if seed is None else whole("seed", seed, low=0, high=MAX_SEED)
        dealer_ = None if dealer is None else whole("dealer", dealer, low=0, high=n - 1)
        pool_ = whole("pool", pool, low=0, high=MAX_COUNTERS)
        before = whole("deals_before", deals_before, low=0, high=MAX_ROUNDS * MAX_TABLE)
        checked = [0] * n if scores is None else scores_of(scores, n)
        if deal is not None and not isinstance(deal, FixedDeal):
            raise ArgumentTypeError(f"deal: expected a FixedDeal, got {type(deal).__name__}")
        first_deal = flag("first_deal", first_deal)
        single = flag("single", single, optional=True)
        pause_at_deal_end = flag("pause_at_deal_end", pause_at_deal_end)
        if origin is not None and not isinstance(origin, Origin):
            raise ArgumentTypeError(f"origin: expected an Origin, got {type(origin).__name__}")
        if on_deal is not None and not callable(on_deal):
            raise ArgumentTypeError(f"on_deal: expected a function, got {type(on_deal).__name__}")
        if chance not in CHANCE_MODES:
            raise ArgumentValueError(f"chance: expected one of {CHANCE_MODES}, got {chance!r}")
        self.rules = rules
        self.on_deal = on_deal
        self.tables = tables
        self.players = n
        self.seed = seed_
        self.origin = origin
        self._rng = random.Random(seed_)
        self._rng_shared = False  # shared with a clone until one of them deals again
        self._scores = checked
        self.chance_mode = chance
        self._explicit = chance == "explicit"
        self._chance: ChanceNode | None = None
        self._deal: Deal | None = None
        self._live: Deal | None = None
        self.pool = pool_
        self.deals_before = before
        self._start = {
            "dealer": dealer_,
            "pool": pool_,
            "scores": list(checked),
            "first_deal": first_deal,
            "single": single,
            "deal": deal.to_json() if deal else None,
        }
        if before:
            self._start["deals_before"] = before
        if dealer_ is not None:
            self.dealer = dealer_
        elif self._explicit:
            self.dealer = -1  # until the cut
            self._chance = ChanceNode("cut")
        else:
            self.dealer = self._cut()
        self._results: list[DealResult] = []
        self._histories: list[list[tuple[int, int]]] = []
        self.winner: tuple[int, ...] = ()
        self.pause_at_deal_end = pause_at_deal_end
        self.last_deal: Deal | None = None
        self._over = False
        self._paused = False
        self._first = first_deal
        self._single = (pool_ == 0) if single is None else single
        if self._chance is None:
            self._start_deal(deal)

    def __repr__(self) -> str:
        """The game and its house rules, the table, and where the session stands: the deal
        under way (counting those played before it), its phase and the seat to move.

        >>> import cardrules
        >>> s = cardrules.new_session("five-card-loo", ["club-law"], dealer=4, seed=1)
        >>> s  # diamonds turned up: the elder, left of the dealer, declares first
        <Session five-card-loo + club-law, 5 players, deal 1, declare, seat 0 to move>
        >>> cardrules.new_session("put", dealer=1, chance="explicit")
        <Session put, 2 players, deal 1, dealing (chance)>
        >>> s = cardrules.new_session("put", dealer=1, deals_before=3, pause_at_deal_end=True)
        >>> while not s.deal_over:
        ...     s.apply(s.legal_actions()[0])
        >>> s
        <Session put, 2 players, deal 4 over>
        """
        # The game as it was opened (a variant's name or file), else the rules' title.
        origin = self.origin
        first = origin.variant if origin is not None else self.rules.title or "unnamed rules"
        game = " + ".join((first, *(origin or self.rules).house_rules))
        played = self.deals_before + len(self._results)
        if self._over:
            where = f"over after deal {played}"
        elif self._paused:
            where = f"deal {played} over"
        elif self._chance is not None:
            where = f"deal {played + 1}, {_CHANCE_WORDS[self._chance.kind]} (chance)"
        else:
            where = f"deal {played + 1}, {self.deal.phase.word}, seat {self.to_move} to move"
        return f"<Session {game}, {self.players} players, {where}>"

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
        return cut_for_deal(self.rules, self.tables, self.players, self._rng)

    def _stakes(self) -> tuple[int, ...]:
        r = self.rules
        n = self.players
        if r.wagers.scoring == Scoring.POINTS:
            return (0,) * n
        stake = r.wagers.stake_deal
        stakes = [0] * n
        ante = r.wagers.ante
        if self._first and r.session.first_deal == FirstDeal.ALL_ANTE_WITH_MISS:
            ante = Ante.ALL_PLAYERS
        if ante == Ante.DEALER_ONLY:
            stakes[self.dealer] = stake
        else:
            stakes = [stake] * n
            if ante == Ante.ALL_PLAYERS_DEALER_DOUBLE:
                stakes[self.dealer] = 2 * stake
        if r.wagers.ante_excused != AnteExcused.NONE and self._results:
            for s in ante_excused(r, self._results[-1], n):
                stakes[s] = 0
        return tuple(stakes)

    def _open_deal(self, fixed: FixedDeal | None = None) -> DealContext:
        """The next deal's context, its stakes paid into the pool."""
        stakes = self._stakes()
        scores = self._scores
        for s, v in enumerate(stakes):
            scores[s] -= v
        # players, dealer, pool, stakes, single, first (by place: this is done every deal)
        ctx = DealContext(
            self.players, self.dealer, self.pool + sum(stakes), stakes, self._single, self._first
        )
        if self.rules.session.finish == Finish.RELEASE_LOOS:
            # Peel's quick finish releasing the loos: those of the deal before the last are
            # released, and in the last all stand, with no miss and no loo (1.1.16).
            played = self.deals_before + len(self._results)
            to_go = self.rules.session.rounds * self.players - played
            ctx.last = to_go <= 1
            ctx.released = to_go <= 2
        self.pool = ctx.pool
        if varies(self.rules):
            ctx.hand_size = self._hand_size(fixed)
        if bags_counted(self.rules):
            limit = self.rules.settlement.contract.bag_limit
            ctx.bags = tuple(bag_residue(score, limit) for score in self._scores)
        offsets = pass_offsets(self.rules, self.players)
        if offsets and not passes_by_chance(self.rules):
            ctx.pass_to = offsets[(self.deals_before + len(self._results)) % len(offsets)]
        elif offsets and not self._explicit:
            ctx.pass_to = offsets[self._own_rng().randrange(len(offsets))]
        return ctx

    def _hand_size(self, fixed: FixedDeal | None) -> int:
        """The next deal's hand size when the rules vary it: a fixed deal's own under
        ``random`` (0 when an explicit chance node is to draw it)."""
        size = len(fixed.hands[0]) if fixed is not None and fixed.hands else None
        rng = None if self._explicit else self._own_rng()
        number = self.deals_before + len(self._results)
        return hand_size_of_deal(self.rules, self.players, number, rng, size)

    def _start_deal(self, fixed: FixedDeal | None = None) -> None:
        """Deal the next hand; one that ends as it is dealt (a flush shown at once,
        an exposed-card single) is settled at once and, unless the session pauses at
        a deal's end, the next dealt. In explicit chance mode the deal waits for its
        cards (a chance node) unless ``fixed`` gives them."""
        while True:
            ctx = self._open_deal(fixed)
            if fixed is None and self._explicit:
                self._deal = self._live = None
                if passes_by_chance(self.rules):
                    self._chance = ChanceNode("direction", context=ctx)
                    return
                if varies(self.rules) and not ctx.hand_size:
                    self._chance = ChanceNode("size", context=ctx)  # drawn at random
                    return
                self._chance = self._deal_node(ctx)
                return
            deal = Deal(self._tables_of(ctx), ctx, rng=self._own_rng(), fixed=fixed)
            fixed = None
            if self._dealt(deal):
                return

    def _tables_of(self, ctx: DealContext) -> Tables:
        """The tables a deal of ``ctx`` plays by (its own hand size's, when it varies)."""
        if not ctx.hand_size:
            return self.tables
        return tables_for(deal_rules(self.rules, ctx.hand_size))

    def _deal_node(self, ctx: DealContext) -> ChanceNode:
        """The chance node of a deal's cards, in explicit chance mode."""
        order = [(ctx.dealer + 1 + i) % ctx.players for i in range(ctx.players)]
        places = deal_places(self._tables_of(ctx).rules, ctx, order)
        return ChanceNode("deal", places=places, context=ctx)

    def _dealt(self, deal: Deal) -> bool:
        """Take up a new deal; a deal that ends as it is dealt is settled at once. Whether
        the session now waits (for an action, or paused, or over)."""
        self._deal = deal
        if self.on_deal is not None:
            self.on_deal(deal)  # before a deal that ends as dealt is settled
        if not deal.is_over:
            self._live = deal
            return True
        self._settle_deal()
        return self._over or self._paused

    def _close_deal(self) -> None:
        self._settle_deal()
        if not self._over and not self._paused:
            self._start_deal()

    def _settle_deal(self) -> None:
        self._live = None
        deal = self.deal
        res = deal.result
        assert res is not None
        n = self.players
        scores = self._scores
        net = res.net
        stakes = deal._ctx.stakes or (0,) * n
        for s in range(n):
            scores[s] += net[s] + stakes[s]
        points = res.points
        if points:
            for s in range(n):
                scores[s] += points[s]
        if res.restart:
            self._scores = [0] * self.players
        self.pool = res.carried
        self._results.append(res)
        self._histories.append(deal._history)
        self.last_deal = deal
        self._first = False
        self._single = res.next_single
        self.dealer = (self.dealer + 1) % self.players
        self._paused = self.pause_at_deal_end
        if self._session_over(res):
            self._over = True

    def _session_over(self, res: DealResult) -> bool:
        played = self.deals_before + len(self._results)
        over, winner = session_ends(self.rules, self.players, played, self._scores, res)
        if winner:
            self.winner = winner
        if over and self.rules.session.finish == Finish.DIVIDE_POOL:
            self._divide_pool()
        return over

    def _divide_pool(self) -> None:
        """Peel's quick finish: "an equal division of the amount in the pool among the
        players" (1.1.16), the odd counters one each from the last deal's elder hand."""
        for s, share in zip(self._division_order(), split(self.pool, self.players), strict=True):
            self._scores[s] += share
        self.pool = 0

    def _division_order(self) -> list[int]:
        """The seats in the order of play of the last deal, its elder hand (now the dealer,
        the deal having passed) first."""
        return [(self.dealer + i) % self.players for i in range(self.players)]

    @property
    def division(self) -> tuple[int, ...]:
        """What each seat received when the session ended by dividing the pool
        (``session.finish: divide_pool``); zeros otherwise.

        The last deal of the rounds: the dealer exchanges into a flush, which Hoffmann's
        rules show at once and loo into the pool, 10 from each other seat; the 20 left are
        divided, the odd counters one each from the last deal's elder hand, seat 0:

        >>> from cardrules.engine.dealing import FixedDeal
        >>> from cardrules.rules.loader import load_variant
        >>> quick = {"session.finish": "divide_pool"}
        >>> rules = load_variant("five-card-loo", ["hoffmann-1909"], quick)
        >>> hands = ["AH 6C 9H JS KS", "AS 3C KD 7H QS", "5D 7D TD 3D 3H"]
        >>> fixed = FixedDeal(hands, turn_up="6H", stock=["2D"])
        >>> s = Session(rules, 3, dealer=2, deals_before=2, deal=fixed)
        >>> for action in ["stand", "stand", "exchange 3H"]:
        ...     s.apply(action)
        >>> s.is_over, s.pool, s.division
        (True, 0, (7, 7, 6))
        """
        last = self.last_result
        n = self.players
        if not self._over or last is None or self.rules.session.finish is not Finish.DIVIDE_POOL:
            return (0,) * n
        out = [0] * n
        for s, share in zip(self._division_order(), split(last.carried, n), strict=True):
            out[s] = share
        return tuple(out)

    # ------------------------------------------------------------------ public API

    @property
    def deal(self) -> Deal:
        """The deal in progress (or the one just finished, when paused or over).

        Raises :class:`~cardrules.errors.PlayError` while its cards are being dealt in
        explicit chance mode."""
        deal = self._deal
        if deal is None:
            raise PlayError("the cards are being dealt: no deal yet (a chance node)")
        return deal

    @property
    def deals_played(self) -> int:
        """Deals finished so far."""
        return len(self._results)

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
        return self._results[-1] if self._results else None

    @property
    def to_move(self) -> int:
        """The seat to move, :data:`CHANCE` at a chance node, or -1 when the session is
        over or paused at a deal's end."""
        live = self._live
        if live is not None:
            return live.to_move
        if self._chance is not None:
            return CHANCE
        return -1 if self._over or self._paused else self.deal.to_move

    def legal_actions(self) -> list[int]:
        """The sorted action ids open to the seat to move (none at a chance node: see
        :meth:`chance_outcomes`)."""
        live = self._live
        if live is not None:
            return live.legal_actions()
        if self._over or self._paused or self._chance is not None:
            return []
        return self.deal.legal_actions()  # raises: the cards are being dealt

    def legal_action_texts(self) -> list[str]:
        """The legal actions as text."""
        return [action_text(a) for a in self.legal_actions()]

    def apply(self, action: SupportsIndex | str) -> None:
        """Apply an action of the seat to move; a finished deal is settled and the next
        begins (unless the session pauses at a deal's end).

        An illegal action raises :class:`~cardrules.errors.IllegalActionError`
        with the reason and changes nothing. At a chance node it applies an outcome
        (:meth:`apply_chance`).
        """
        d = self._live
        if (
            d is not None
            and type(action) is int
            and (
                PLAY <= action < EXCHANGE
                or 0 <= action <= LAST_WORD
                or (EXCHANGE <= action <= LAST_ACTION and not self._explicit)
            )
        ):
            # An action's id for a deal that waits for one: the common case, checked by the
            # deal (the rest below: text, a chance node, a session paused or over).
            d.apply(action)
            if d.phase == OVER:
                self._close_deal()
            return
        if self._chance is not None:
            self.apply_chance(action)
            return
        # An id (the common case) costs a type and a range test; the rest is checked in full
        # by action_id.
        a = (
            action
            if type(action) is int and (PLAY <= action <= LAST_ACTION or 0 <= action <= LAST_WORD)
            else action_id(action)
        )
        if self._over or self._paused:
            if self._over:
                raise GameOverError("the session is over: no more actions")
            raise GameOverError("the deal is over: call next_deal() to deal the next one")
        d = self._deal
        if d is None:
            d = self.deal  # raises: the cards are being dealt
        if EXCHANGE <= a <= LAST_ACTION and self._explicit and a in d.legal_actions():
            self._draw_for(d, a)
            return
        d.apply(a)
        if d.phase == OVER:
            self._close_deal()

    def apply_unchecked(self, action: int) -> None:
        """Apply an action just taken from :meth:`legal_actions` (the simulation's fast path)."""
        deal = self._deal
        if deal is None:
            deal = self.deal  # raises: the cards are being dealt
        if self._explicit and EXCHANGE <= action <= LAST_ACTION:
            self._draw_for(deal, action)
            return
        deal.apply_unchecked(action)
        if deal.phase == OVER:
            self._close_deal()

    # ------------------------------------------------------------------ chance nodes

    def _draw_for(self, deal: Deal, action: int) -> None:
        """An exchange in explicit chance mode: ask for the cards it draws first."""
        count = len(exchange_cards(action))
        self._chance = ChanceNode("draw", seat=deal.to_move, action=action, count=count)
        self._live = None

    def is_chance_node(self) -> bool:
        """Whether the session waits for a chance outcome (explicit chance mode only)."""
        return self._chance is not None

    @property
    def chance_node(self) -> ChanceNode | None:
        """The chance node the session waits at (a copy), or None."""
        return None if self._chance is None else self._chance.copy()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each possible outcome with its probability, by outcome: a card
        id for a card dealt or drawn, a seat for the cut. Empty elsewhere."""
        node = self._chance
        if node is None:
            return []
        if node.kind == "cut":
            return cut_odds(self.rules, self.tables.pack, self.players)
        if node.kind == "size":
            return size_outcomes(self.rules, self.players)
        if node.kind == "direction":
            return direction_outcomes(self.rules, self.players)
        if node.kind == "deal":
            return deal_outcomes(self.tables.pack, node.cards)
        d = self.deal
        cards = d._cards
        rule = d._tables.restock
        later = [] if rule is None else batches(cards, d._decl.status, node.seat, rule)
        return draw_outcomes(cards.stock, cards.turnup, node.cards, later)

    def chance_outcome_text(self, outcome: int) -> str:
        """What ``outcome`` of the chance node means (``'QH to seat 2'``)."""
        if self._chance is None:
            raise PlayError("no chance node: nothing is being dealt or drawn")
        return outcome_text(self._chance, outcome)

    def apply_chance(self, outcome: Any) -> None:
        """Apply an outcome of the chance node: one of :meth:`chance_outcomes` (a card may
        be given as text, ``"QH"``). Anything else raises a named error and changes
        nothing."""
        node = self._chance
        if node is None:
            raise PlayError("no chance node: nothing is being dealt or drawn")
        if isinstance(outcome, str) and node.kind not in ("cut", "size", "direction"):
            try:
                outcome = parse_card(outcome)
            except ValueError as exc:
                raise ActionSyntaxError(
                    f"{outcome!r}: a chance outcome here is a card ({exc})"
                ) from None
        if type(outcome) is not int:
            raise ArgumentTypeError(f"a chance outcome is an int, not {outcome!r}")
        outcomes = self.chance_outcomes()
        if all(o != outcome for o, _ in outcomes):
            raise ArgumentValueError(
                f"chance outcome {outcome}: expected one of the {len(outcomes)} outcomes of "
                f"this chance node (chance_outcomes())"
            )
        if node.kind == "cut":
            self._chance = None
            self.dealer = outcome
            start = self._start["deal"]
            self._start_deal(FixedDeal.from_json(start) if start else None)
            return
        if node.kind == "direction":
            assert node.context is not None
            ctx = DealContext.from_json(node.context.to_json() | {"pass_to": outcome})
            if varies(self.rules) and not ctx.hand_size:
                self._chance = ChanceNode("size", context=ctx)
            else:
                self._chance = self._deal_node(ctx)
            return
        if node.kind == "size":
            assert node.context is not None
            ctx = DealContext.from_json(node.context.to_json() | {"hand_size": outcome})
            self._chance = self._deal_node(ctx)
            return
        node.cards.append(outcome)
        if not node.complete:
            return
        self._chance = None
        if node.kind == "deal":
            assert node.context is not None
            ctx = node.context
            deal = Deal(self._tables_of(ctx), ctx, fixed=fixed_deal(node, self.players))
            if not self._dealt(deal):
                self._start_deal()
            return
        d = self._live = self.deal
        # The cards drawn from the stock go on its top; those drawn once it ran out come
        # first in the restocks, in the order drawn (the rest of each in pack order).
        d._cards.restock_first = stack_stock(d._cards.stock, node.cards)
        d.apply_unchecked(node.action)  # checked when it was made
        if d.phase == OVER:
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

    def hand(self, seat: Any) -> list[int]:
        """The cards ``seat`` holds now, as sorted card ids."""
        seat = seat_of(seat, self.players)
        if self._deal is None:
            return sorted(self._dealt_so_far(seat))
        return list(self._deal._cards.hands[seat])

    def dealt_hand(self, seat: Any) -> list[int]:
        """The cards ``seat`` was dealt this deal (before the miss, an exchange or a gift),
        as sorted card ids: perfect recall.

        >>> import cardrules
        >>> s = cardrules.new_session("three-card-loo", players=3, seed=1)
        >>> s.dealt_hand(s.to_move) == s.observation(s.to_move)["dealt_ids"] == s.hand(s.to_move)
        True
        """
        seat = seat_of(seat, self.players)
        if self._deal is None:
            return sorted(self._dealt_so_far(seat))
        return list(self._deal._cards.dealt[seat])

    def _dealt_so_far(self, seat: int) -> list[int]:
        """The cards dealt to ``seat`` so far while a deal's cards are chance nodes."""
        node = self._chance
        if node is None or node.kind != "deal":
            return []
        return [c for p, c in zip(node.places, node.cards, strict=False) if p == ("hand", seat)]

    def observation(self, seat: Any) -> dict[str, Any]:
        """Exactly what ``seat`` may know now, as plain data (see
        :func:`cardrules.engine.observation.observe` for the keys)."""
        seat = seat_of(seat, self.players)
        return observe(self, seat)
