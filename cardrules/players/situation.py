"""What the seat to move knows, as integers: the :class:`Situation` the rules of thumb
reason about (:mod:`cardrules.players.heuristic`).

It is built from an observation (:meth:`Situation.from_view`) or, inside a sampled deal,
straight from the engine's state for the seat to move (:meth:`Situation.from_session`,
the fast path of the search's play-outs); the two agree (a test checks it).
"""

from __future__ import annotations

from typing import Any

from cardrules.cards import NO_TRUMP, SUITS, parse_card
from cardrules.engine import actions as A
from cardrules.engine.phases import (
    DECLARE,
    PHASE_NAMES,
    PLAY,
    STOOD,
    UNDECIDED,
)
from cardrules.engine.session import Session
from cardrules.engine.tables import Tables, tables_for
from cardrules.players.base import SeatView
from cardrules.rules.model import Rules
from cardrules.rules.seating import dealer_sits_out

_WORD = {
    "stand": A.STAND,
    "take-miss": A.TAKE_MISS,
    "throw-up": A.THROW_UP,
    "play-miss": A.PLAY_MISS,
    "exchange": A.EXCHANGE,
}


# ---------------------------------------------------------------------------------- knowledge


class Situation:
    """What the seat to move knows, as integers: the material of every rule of thumb.

    ``hand`` is the hand the seat plays now (the miss, when the dealer plays it
    for the pool); ``trick`` the current trick as ``(seat, card)``; ``played``
    every card played so far; ``standers`` the others who stand (the miss
    played for the pool counts as one); ``undecided`` the others still to
    declare; ``tricks`` each finished trick's winning seat (None for a tie);
    ``loos_released`` whether nobody is looed this deal (Peel's quick finish, 1.1.16).
    """

    __slots__ = (
        "bids",
        "dealer",
        "hand",
        "legal",
        "loos_released",
        "miss_untaken",
        "phase",
        "played",
        "players",
        "pool",
        "put_seen",
        "rules",
        "scores",
        "seat",
        "standers",
        "tables",
        "trick",
        "tricks",
        "trump",
        "turnup",
        "undecided",
    )

    def __init__(
        self,
        *,
        rules: Rules,
        seat: int,
        players: int,
        dealer: int,
        phase: int,
        trump: int,
        turnup: int,
        hand: list[int],
        legal: list[int],
        trick: list[tuple[int, int]],
        played: list[int],
        pool: int,
        standers: int,
        undecided: int,
        miss_untaken: bool,
        tricks: tuple[int | None, ...],
        scores: list[int],
        put_seen: bool,
        loos_released: bool = False,
        bids: tuple[int, ...] = (),
    ) -> None:
        self.rules = rules
        self.tables: Tables = tables_for(rules)
        self.seat = seat
        self.players = players
        self.dealer = dealer
        self.phase = phase
        self.trump = trump
        self.turnup = turnup
        self.hand = hand
        self.legal = legal
        self.trick = trick
        self.played = played
        self.pool = pool
        self.standers = standers
        self.undecided = undecided
        self.miss_untaken = miss_untaken
        self.tricks = tricks
        self.scores = scores
        self.put_seen = put_seen
        self.loos_released = loos_released
        #: The tricks each seat bid (-1: not yet), where bids are made; else empty.
        self.bids = bids

    def key(self) -> tuple[Any, ...]:
        """Everything in the situation, for comparisons."""
        return tuple(getattr(self, k) for k in self.__slots__ if k != "tables")

    @classmethod
    def from_view(cls, view: SeatView) -> Situation:
        """The situation of the seat of ``view``, read from its observation alone."""
        obs = view.observation
        rules = view.rules
        seat = view.seat
        n = obs["players"]
        phase = PHASE_NAMES.index(obs["phase"]) if obs["phase"] in PHASE_NAMES else -1
        hand_text = obs["hand"]
        if phase == PLAY and "miss_hand" in obs:
            hand_text = obs["miss_hand"]  # the dealer plays the miss for the pool
        status: dict[int, int] = {}
        for line in obs["history"]:
            who, _, text = line.partition(": ")
            word = _WORD.get(text.split(" ", 1)[0], -1)
            if word >= 0:
                status[int(who)] = word
        standers = undecided = 0
        if phase == DECLARE:
            standers = sum(
                1
                for s, w in status.items()
                if s != seat and w in (A.STAND, A.TAKE_MISS, A.EXCHANGE)
            )
            out = dealer_sits_out(rules, n)
            undecided = sum(
                1
                for s in range(n)
                if s != seat and s not in status and not (out and s == obs["dealer"])
            )
        history = obs["history"]
        put_seen = any(line.endswith(": see") for line in history)
        trump = SUITS.index(obs["trump"]) if obs["trump"] else NO_TRUMP
        return cls(
            rules=rules,
            seat=seat,
            players=n,
            dealer=obs["dealer"],
            phase=phase,
            trump=trump,
            turnup=parse_card(obs["turn_up"]) if obs["turn_up"] else -1,
            hand=sorted(parse_card(t) for t in hand_text),
            legal=list(view.legal),
            trick=[(s, parse_card(t)) for s, t in obs["trick"]],
            played=[parse_card(t) for _, t in obs["played"]],
            pool=obs["pool"],
            standers=standers,
            undecided=undecided,
            miss_untaken=obs["miss"] == "untaken",
            tricks=tuple(obs["tricks"]),
            scores=list(obs["scores"]),
            put_seen=put_seen,
            loos_released=bool(obs.get("loos_released", False)),
            bids=tuple(obs.get("bids", ())),
        )

    @classmethod
    def from_session(cls, t: Session) -> Situation:
        """The situation of the seat to move in ``t``, read from the engine's state.

        Only what that seat may know is taken (its own hand, the public play);
        the search calls it on sampled deals, never on the real one.
        """
        d = t.deal.view
        seat = d.to_move
        n = t.players
        phase = d.phase
        hand = sorted(d.hand(d.in_play[d.turn_pos]) if phase == PLAY else d.hand(seat))
        status = d.status
        standers = undecided = 0
        if phase == DECLARE:
            standers = sum(1 for s in range(n) if s != seat and status[s] == STOOD)
            undecided = sum(1 for s in range(n) if s != seat and status[s] == UNDECIDED)
        return cls(
            rules=d.rules,  # the deal's (its own hand size, when the rules vary it)
            seat=seat,
            players=n,
            dealer=d.dealer,
            phase=phase,
            trump=d.trump,
            turnup=d.turnup,
            hand=hand,
            legal=t.legal_actions(),
            trick=d.trick_so_far(),
            played=[c for _, c in d.played],
            pool=d.pool,
            standers=standers,
            undecided=undecided,
            miss_untaken=d.miss is not None,
            tricks=d.tricks_by_seat(),
            scores=list(t.scores),
            put_seen=d.put_seen,
            loos_released=d.ctx.released,
            bids=d.bids,
        )
