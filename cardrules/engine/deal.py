"""One deal as a phase machine: declare, pass cards, bid, play tricks, challenge, settle.

A :class:`Deal` is created by a :class:`~cardrules.engine.session.Session` (which pays the
stakes and carries the pool) and moves through :class:`~cardrules.engine.phases.Phase`
values, as OpenSpiel writes games: each phase is a module with its pair of functions, its
legal actions and applying one, and :data:`PHASE_TABLE` names them. The legal actions are
listed once, by kind, as an :class:`~cardrules.engine.offer.Offer`: :meth:`Deal.legal_actions`
reads them as ids, the bots' fast path reads the offer itself. :meth:`Deal.apply` refuses
an illegal action with the reason and leaves the state exactly as it was. Every mechanism
is switched on by the rules model; nothing here knows a game by name.

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
from collections.abc import Callable
from typing import NamedTuple

from cardrules.engine.actions import parse_action
from cardrules.engine.bidding import apply_bid, legal_bid
from cardrules.engine.challenging import apply_decide, apply_respond, legal_decide, legal_respond
from cardrules.engine.dealing import DealContext, FixedDeal, deal_cards, dealing_plan
from cardrules.engine.declaring import apply_declare, legal_declare, open_deal
from cardrules.engine.offer import Offer
from cardrules.engine.partnering import apply_partner, legal_partner
from cardrules.engine.parts import Challenge, Declaring, Partnering, Passing, TrickPlay
from cardrules.engine.passing import apply_pass, legal_pass
from cardrules.engine.phases import (
    DECIDE,
    DECLARE,
    MISS,
    OUT,
    OVER,
    PARTNER,
    PASS,
    PLAY,
    RESPOND,
    STOOD,
    THREW,
    UNDECIDED,
    Phase,
)
from cardrules.engine.playing import apply_play, legal_play
from cardrules.engine.privacy import public_form, public_text
from cardrules.engine.refusals import refusal
from cardrules.engine.result import DealResult
from cardrules.engine.state import DealState
from cardrules.engine.tables import Tables
from cardrules.engine.view import DealView

__all__ = [
    "DECIDE",
    "DECLARE",
    "MISS",
    "OUT",
    "OVER",
    "PARTNER",
    "PASS",
    "PHASE_TABLE",
    "PLAY",
    "RESPOND",
    "STOOD",
    "THREW",
    "UNDECIDED",
    "Deal",
    "DealContext",
    "FixedDeal",
    "PhaseRow",
]


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
        self._ctx = ctx
        self._n = n
        self.dealer = ctx.dealer
        self._order = dealing_plan(tables, ctx).orders[ctx.dealer]  # shared: never changed
        self._pool = ctx.pool
        self._history: list[tuple[int, int]] = []
        self.phase = DECLARE
        self.to_move = -1
        self.result: DealResult | None = None
        self._legal: list[int] | None = None
        self._cards = deal_cards(tables, ctx, self._order, rng, fixed)
        self._decl = Declaring(n)
        self._play = TrickPlay(n)
        self._chal = Challenge()
        self._partnering = Partnering()
        self._passing = Passing(n)
        self.attach_tables(tables)
        open_deal(self)

    def attach_tables(self, tables: Tables) -> None:
        """Attach the compiled tables (built from the rules, never copied or pickled)."""
        self._tables = tables
        self.rules = tables.rules

    # ------------------------------------------------------------------ public API

    @property
    def view(self) -> DealView:
        """The read-only view of this deal."""
        return DealView(self)

    @property
    def players(self) -> int:
        """The seats at the table."""
        return self._n

    @property
    def history(self) -> tuple[tuple[int, int], ...]:
        """Every (seat, action id) of the deal so far, in order."""
        return tuple(self._history)

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended (its :attr:`result` is set)."""
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """The current phase: declare, partner, bid, play, decide, respond or over."""
        return self.phase.word

    @property
    def trump(self) -> int:
        """The trump suit's index (4 for none)."""
        return self._cards.trump

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's letter, or None."""
        return self.view.trump_suit

    def offer(self) -> Offer:
        """The actions the seat to move may take, by kind (see :mod:`cardrules.engine.offer`):
        the phase's legal actions, the one list of them."""
        return PHASE_TABLE[self.phase].legal(self)

    def legal_actions(self) -> list[int]:
        """The actions the seat to move may take, as sorted ids (empty when over)."""
        if self._legal is None:  # kept until the next action is applied
            self._legal = self.offer().legal()
        return self._legal[:]

    def apply(self, action: int | str) -> None:
        """Apply an action (an id or its text) for the seat to move.

        Raises :class:`~cardrules.errors.IllegalActionError` saying why when
        the rules forbid it; the state is then unchanged.
        """
        a = action if type(action) is int else parse_action(action)
        if self._legal is None:
            self._legal = self.offer().legal()
        if a not in self._legal:
            raise refusal(self.view, a, self._legal)
        self._legal = None
        self._history.append((self.to_move, a))
        PHASE_TABLE[self.phase].apply(self, a)

    def apply_unchecked(self, action: int) -> None:
        """Apply an action taken from :meth:`legal_actions` (or :meth:`offer`) without
        checking it again."""
        self._legal = None
        self._history.append((self.to_move, action))
        PHASE_TABLE[self.phase].apply(self, action)

    # ------------------------------------------------------------------ what a seat sees

    def public_history(self, seat: int) -> list[str]:
        """The actions so far as ``seat`` sees them: others' exchanges, gifts and
        discards show how many cards, not which."""
        return [f"{s}: {public_text(self.rules, self._n, s, a, seat)}" for s, a in self._history]

    def public_actions(self, seat: int) -> list[tuple[int, int]]:
        """The actions so far as (seat, action id) in the form ``seat`` sees them: another
        seat's exchange of k cards is the id of exchanging the k lowest cards
        (:func:`~cardrules.engine.actions.exchange_id` of ``range(k)``), a discard is
        :data:`~cardrules.engine.actions.DISCARD`, a gift to someone else
        :data:`~cardrules.engine.actions.GIVE`."""
        return [public_form(self.rules, self._n, s, a, seat) for s, a in self._history]


def _legal_over(deal: DealState) -> Offer:
    """Nothing is legal once the deal is over."""
    return Offer(deal.to_move)


def _apply_over(deal: DealState, action: int) -> None:  # pragma: no cover - nothing is legal
    raise AssertionError("the deal is over")


class PhaseRow(NamedTuple):
    """A phase's pair of functions: its legal actions, by kind, as an offer; and applying
    one of them for the seat to move."""

    legal: Callable[[DealState], Offer]
    apply: Callable[[DealState, int], None]


#: For each phase (by its number), its legal actions and applying one (OpenSpiel style).
PHASE_TABLE: tuple[PhaseRow, ...] = (
    PhaseRow(legal_declare, apply_declare),  # DECLARE: stand, throw up, the miss, exchanges
    PhaseRow(legal_partner, apply_partner),  # PARTNER: partners pass a card
    PhaseRow(legal_play, apply_play),  # PLAY: cards, calls and challenges in trick play
    PhaseRow(legal_decide, apply_decide),  # DECIDE: put or throw up after the first trick
    PhaseRow(legal_respond, apply_respond),  # RESPOND: see or refuse a put
    PhaseRow(_legal_over, _apply_over),  # OVER: nothing
    PhaseRow(legal_bid, apply_bid),  # BID: each player's bid
    PhaseRow(legal_pass, apply_pass),  # PASS: every player passes cards to another
)
assert [p.value for p in Phase] == list(range(len(PHASE_TABLE)))
