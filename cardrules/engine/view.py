"""A read-only view of a deal: what settlement, refusals, observations and players read.

:class:`DealView` exposes a deal's state through properties that hand out tuples (copies
of the deal's lists, each a few cards long), so that nothing read through it changes the
deal. Settlement works from it alone, and so do the bots.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
>>> v = s.deal.view
>>> v.phase.word, len(v.hand(v.to_move)), v.trump_suit in ("S", "H", "D", "C")
('declare', 3, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.cards import CARD_TEXT, NO_TRUMP, SUITS
from cardrules.engine.phases import MISS, PASS, Phase, Status
from cardrules.engine.restock import drawable, lying_discards

if TYPE_CHECKING:
    from cardrules.engine.dealing import DealContext
    from cardrules.engine.result import DealResult
    from cardrules.engine.state import DealState
    from cardrules.engine.tables import Tables
    from cardrules.rules.model import Rules

__all__ = ["DealView"]


class DealView:
    """The public, read-only face of a :class:`~cardrules.engine.deal.Deal`.

    Seats are absolute. A *player* (in :attr:`in_play`, :attr:`winners`, :attr:`played`)
    is a seat, or ``players`` for the miss played for the pool; the ``*_by_seat`` and
    :meth:`trick_so_far` forms give the miss as seat ``-1`` (:data:`MISS`).
    """

    __slots__ = ("_d",)

    def __init__(self, deal: DealState) -> None:
        self._d = deal

    # ------------------------------------------------------------------ the table

    @property
    def rules(self) -> Rules:
        """The rules played."""
        return self._d.rules

    @property
    def tables(self) -> Tables:
        """The compiled rule tables."""
        return self._d._tables

    @property
    def ctx(self) -> DealContext:
        """The session's context: players, dealer, pool, stakes, single, first."""
        return self._d._ctx

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self._d._n

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._d.dealer

    @property
    def order(self) -> tuple[int, ...]:
        """The seats from the dealer's left (the elder) round to the dealer."""
        return tuple(self._d._order)

    @property
    def pool(self) -> int:
        """The pool played for (stakes included)."""
        return self._d._pool

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._d.phase

    @property
    def phase_name(self) -> str:
        """The current phase's name: declare, partner, play, decide, respond or over."""
        return self._d.phase.word

    @property
    def to_move(self) -> int:
        """The seat to move, or -1 when the deal is over."""
        return self._d.to_move

    @property
    def history(self) -> tuple[tuple[int, int], ...]:
        """Every (seat, action id) of the deal so far, in order."""
        return tuple(self._d._history)

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over."""
        return self._d.result

    # ------------------------------------------------------------------ cards

    @property
    def trump(self) -> int:
        """The trump suit's index (4 for none)."""
        return self._d._cards.trump

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's letter, or None."""
        t = self._d._cards.trump
        return None if t == NO_TRUMP else SUITS[t]

    @property
    def turnup(self) -> int:
        """The card turned up for trumps, or -1."""
        return self._d._cards.turnup

    @property
    def turnup_text(self) -> str | None:
        """The turn-up as text, or None."""
        t = self._d._cards.turnup
        return None if t < 0 else CARD_TEXT[t]

    def hand(self, player: int) -> tuple[int, ...]:
        """The cards of a player (a seat, or ``players`` for the miss played for the pool)."""
        return tuple(self._d._cards.hands[player])

    def dealt_hand(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` was dealt (before taking the miss, exchanging or giving)."""
        return tuple(self._d._cards.dealt[seat])

    @property
    def miss(self) -> tuple[int, ...] | None:
        """The untaken miss, or None."""
        miss = self._d._cards.miss
        return None if miss is None else tuple(miss)

    @property
    def stock(self) -> tuple[int, ...]:
        """The undealt cards, the top last."""
        return tuple(self._d._cards.stock)

    @property
    def discarded(self) -> tuple[int, ...]:
        """The cards laid aside face down, in order."""
        return tuple(self._d._cards.discarded)

    @property
    def discard_owner(self) -> tuple[int, ...]:
        """Who laid aside each card of :attr:`discarded`."""
        return tuple(self._d._cards.discard_owner)

    @property
    def lying_discards(self) -> list[int]:
        """The indices in :attr:`discarded` of the cards still lying where they were laid
        (the others were gathered into the stock when it ran out, D80)."""
        return lying_discards(self._d._cards)

    @property
    def restocks(self) -> tuple[tuple[int, ...], ...]:
        """The cards of each restock of the stock so far, sorted (D80)."""
        return tuple(tuple(x) for x in self._d._cards.restocks)

    @property
    def restock_draws(self) -> tuple[tuple[int, ...], ...]:
        """For each restock, how many of its cards each seat drew."""
        return tuple(tuple(x) for x in self._d._cards.restock_draws)

    def drawable(self, seat: int) -> int:
        """How many cards ``seat`` could draw now: the stock, and what restocking it would
        give him (:func:`cardrules.engine.restock.drawable`)."""
        d = self._d
        rule = d._tables.restock
        if rule is None:
            return len(d._cards.stock)
        return drawable(d._cards, d._decl.status, seat, rule)

    @property
    def shown(self) -> dict[int, tuple[int, ...]]:
        """The hands shown to all (a flush, an exposed card), by seat."""
        return {seat: tuple(cards) for seat, cards in self._d._cards.shown.items()}

    @property
    def exposed_single(self) -> bool:
        """Whether this deal is an exposed-card single."""
        return self._d._cards.exposed_single

    # ------------------------------------------------------------------ declarations

    @property
    def status(self) -> tuple[Status, ...]:
        """Each seat's :class:`Status`."""
        return tuple(self._d._decl.status)

    @property
    def drawing(self) -> int:
        """Where the exchanges follow the declarations (D78): 1 while declaring, 2 in the
        draw; 0 where they go with the declarations."""
        d = self._d
        if not d._tables.draw_after:
            return 0
        return 2 if d._decl.pos >= d._n else 1

    @property
    def exchanged(self) -> tuple[int, ...]:
        """How many cards each seat exchanged (-1 for no exchange)."""
        return tuple(self._d._decl.exchanged)

    @property
    def bids(self) -> tuple[int, ...]:
        """The tricks each seat bid, by seat (-1 for no bid yet); empty without bidding."""
        return tuple(self._d._decl.bids)

    @property
    def miss_taker(self) -> int:
        """The seat that took the miss, or -1."""
        return self._d._decl.miss_taker

    @property
    def miss_for_pool(self) -> bool:
        """Whether the dealer plays the miss for the pool."""
        return self._d._decl.miss_for_pool

    @property
    def forced(self) -> bool:
        """Whether every seat had to play (Club Law, a single's forced play)."""
        return self._d._decl.forced

    def stood(self) -> tuple[int, ...]:
        """The seats that stand, in order from the elder."""
        status = self._d._decl.status
        out = []
        for s in self._d._order:  # a loop: every settlement asks
            if status[s] == Status.STOOD:
                out.append(s)
        return tuple(out)

    # ------------------------------------------------------------------ tricks

    @property
    def in_play(self) -> tuple[int, ...]:
        """The players in playing order from the first leader."""
        return tuple(self._d._play.in_play)

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat acting for each player of :attr:`in_play`."""
        return tuple(self._d._play.actors)

    @property
    def trick_no(self) -> int:
        """Tricks finished so far."""
        return self._d._play.trick_no

    @property
    def turn_pos(self) -> int:
        """The position in :attr:`in_play` of the player to play."""
        return self._d._play.turn_pos

    @property
    def lead_pos(self) -> int:
        """The position in :attr:`in_play` of the current trick's leader."""
        return self._d._play.lead_pos

    @property
    def trick_cards(self) -> tuple[int, ...]:
        """The cards of the trick in progress, in playing order."""
        return tuple(self._d._play.cards)

    @property
    def best(self) -> int:
        """The card heading the trick in progress (-1 before the lead)."""
        return self._d._play.best

    @property
    def calls(self) -> tuple[int, ...]:
        """The tricks (by number, from 0) whose leader called "Pam, be civil" (1.2.8)."""
        return tuple(self._d._play.calls)

    @property
    def civil_called(self) -> bool:
        """Whether the leader of the trick in progress called "Pam, be civil"."""
        p = self._d._play
        return bool(p.cards) and bool(p.calls) and p.calls[-1] == p.trick_no

    @property
    def winners(self) -> tuple[int | None, ...]:
        """Each finished trick's winning player, None for a tie."""
        return tuple(self._d._play.winners)

    @property
    def played(self) -> tuple[tuple[int, int], ...]:
        """Every (player, card) played so far, in order."""
        return tuple(self._d._play.played)

    @property
    def won(self) -> tuple[int, ...]:
        """Tricks won by each player (index ``players``: the miss)."""
        return tuple(self._d._play.won)

    def seat_of(self, player: int) -> int:
        """The seat recorded for a player: the miss is -1."""
        return MISS if player == self._d._n else player

    def tricks_by_seat(self) -> tuple[int | None, ...]:
        """Each finished trick's winning seat (-1 for the miss, None for a tie)."""
        n = self._d._n
        return tuple(None if w is None else (MISS if w == n else w) for w in self._d._play.winners)

    def trick_so_far(self) -> list[tuple[int, int]]:
        """The current trick as (seat, card) in playing order; the miss's seat is -1."""
        p = self._d._play
        k = len(p.in_play)
        return [(self.seat_of(p.in_play[(p.lead_pos + i) % k]), c) for i, c in enumerate(p.cards)]

    def played_cards(self) -> list[tuple[int, int]]:
        """Every card played so far as (seat, card); the miss's seat is -1."""
        return [(self.seat_of(p), c) for p, c in self._d._play.played]

    # ------------------------------------------------------------------ challenges, partners

    @property
    def put_seen(self) -> bool:
        """Whether a put was seen."""
        return self._d._chal.put_seen

    @property
    def putter(self) -> int:
        """The seat that put, or -1."""
        return self._d._chal.putter

    @property
    def pending_discard(self) -> int:
        """The receiving partner who must lay out a card, or -1."""
        return self._d._partnering.pending_discard

    @property
    def givers(self) -> tuple[int, ...]:
        """The seats that gave their card to a partner."""
        return tuple(self._d._partnering.givers)

    def passed(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` has passed in the passing phase, not yet received by anyone
        (empty once they have been)."""
        given = self._d._passing.given
        return tuple(given[seat]) if given and self._d.phase == PASS else ()

    def side(self, seat: int) -> list[int]:
        """The seats of ``seat``'s side (partners sit opposite)."""
        if self._d.rules.partnerships.enabled:
            return [seat, (seat + 2) % self._d._n]
        return [seat]
