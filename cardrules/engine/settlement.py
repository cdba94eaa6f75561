"""Settling a deal: the pool divided among the tricks, loos, flushes, and points.

Pure functions from what happened in a deal to who receives and pays what.
Amounts are whole counters; every function returns ``(receipts, payments,
carried)`` lists so that conservation is easy to check: what the seats paid
plus the pool played for equals what they received plus what is carried.

>>> shares = trick_shares(10, 3, carry_remainder=False)
>>> shares, sum(shares)
([4, 3, 3], 10)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.engine.challenges import deal_outcome, played_out_points
from cardrules.engine.flush import flush_suit, flush_winners
from cardrules.engine.phases import OUT
from cardrules.rules.model import (
    FlushDestination,
    FlushPayers,
    PeelSingleLooed,
    Remainder,
    SingleLoo,
    TrickAndTie,
)

if TYPE_CHECKING:
    from cardrules.engine.deal import Deal


def trick_shares(pool: int, tricks: int, *, carry_remainder: bool) -> list[int]:
    """Each trick's share of ``pool`` (1.1.14.1, D18).

    With ``carry_remainder`` the odd counters stay in the pool; otherwise the
    earliest tricks take one more each ("the winners of the first and second
    tricks have the preference").
    """
    base, rem = divmod(pool, tricks)
    if carry_remainder:
        return [base] * tricks
    return [base + (1 if i < rem else 0) for i in range(tricks)]


def split(amount: int, ways: int) -> list[int]:
    """``amount`` divided as nearly equally as can be, the first taking the odd counters.

    >>> split(7, 3)
    [3, 2, 2]
    """
    return trick_shares(amount, ways, carry_remainder=False)


@attrs.frozen
class DealResult:
    """What a deal came to. Seats are absolute (0 is the session's first seat).

    ``tricks`` holds each trick's winning seat, ``None`` for a tie, or ``-1``
    for the miss played for the pool; ``shown`` the hands shown to all (flushes,
    exposed cards), by seat. ``receipts`` and ``payments`` are what
    each seat took from the pool and paid (loos, flushes), ``net`` its change
    in counters over the deal, its stake included; ``points`` the points scored
    in a points race. ``carried`` is the pool carried to the next deal before
    its stake; ``next_single`` whether that deal is a single.
    """

    dealer: int
    trump: str | None
    turn_up: str | None
    ended_by: str
    tricks: tuple[int | None, ...] = ()
    looed: tuple[int, ...] = ()
    net: tuple[int, ...] = ()
    receipts: tuple[int, ...] = ()
    payments: tuple[int, ...] = ()
    pool: int = 0
    carried: int = 0
    next_single: bool = False
    flush: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    restart: bool = False
    stood: tuple[int, ...] = ()
    shown: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def to_json(self) -> dict[str, object]:
        """The result as a JSON-ready mapping."""
        return attrs.asdict(self)


# --------------------------------------------------------------------------- settling a deal


def end_pool_to(deal: Deal, seats: list[int], how: str) -> None:
    """The pool to ``seats`` without play (all pass, an unopposed stander), or kept."""
    n = deal.n
    receipts = [0] * n
    for s, share in zip(seats, split(deal.pool, len(seats)) if seats else [], strict=True):
        receipts[s] += share
    carried = 0 if seats else deal.pool
    deal._finish(
        DealResult(
            dealer=deal.dealer,
            trump=deal.trump_suit,
            turn_up=deal._turnup_text(),
            ended_by=how,
            **deal._money(receipts, [0] * n),
            pool=deal.pool,
            carried=carried,
            next_single=deal._next_single(carried, 0),
            stood=deal._stood(),
        )
    )


def settle_flush(deal: Deal, candidates: list[int]) -> None:
    """A flush sweeps the board: the pool and the flush payments (1.2.9, D32-D41)."""
    r = deal.rules.special_hands.flush
    tb = deal.tb
    holders = [
        (s, deal.hands[s]) for s in candidates if flush_suit(tb, deal.hands[s], deal.trump) >= 0
    ]
    winners = flush_winners(tb, holders, deal.trump)
    for s, h in holders:
        deal.shown[s] = tuple(h)
    n = deal.n
    loo = tb.loo_amount(deal.pool)
    pam = tb.promoted[deal.trump]
    if r.payers is FlushPayers.ALL_OTHERS:
        payers = [s for s in deal.order if s not in winners and deal.status[s] != OUT]
    else:
        payers = [s for s in candidates if s not in winners]
    exempt: set[int] = set()
    if r.exempt_losing_flush:
        exempt.update(s for s, _ in holders)
    if r.exempt_promoted_holder and pam >= 0:
        exempt.update(s for s in payers if pam in deal.hands[s])
    payers = [s for s in payers if s not in exempt]
    receipts = [0] * n
    payments = [0] * n
    for s in payers:
        payments[s] += loo
    paid = loo * len(payers)
    for s, share in zip(winners, split(deal.pool, len(winners)), strict=True):
        receipts[s] += share
    carried = 0
    if r.destination is FlushDestination.TO_HOLDER:
        for s, share in zip(winners, split(paid, len(winners)), strict=True):
            receipts[s] += share
    else:
        carried = paid
    deal._finish(
        DealResult(
            dealer=deal.dealer,
            trump=deal.trump_suit,
            turn_up=deal._turnup_text(),
            ended_by="flush",
            looed=tuple(payers),
            **deal._money(receipts, payments),
            pool=deal.pool,
            carried=carried,
            next_single=deal._next_single(carried, paid),
            flush=tuple(winners),
            stood=deal._stood(),
        )
    )


def settle_play(deal: Deal) -> None:
    """The pool divided among the tricks; standers who won none are looed (1.1.14)."""
    if deal.rules.challenges.enabled:
        settle_points(deal)
        return
    r = deal.rules
    n = deal.n
    tricks = r.deal.hand_size
    carry_rem = r.settlement.remainder is Remainder.CARRY_FORWARD
    shares = trick_shares(deal.pool, tricks, carry_remainder=carry_rem)
    receipts = [0] * n
    payments = [0] * n
    carried = deal.pool - sum(shares)
    for w, share in zip(deal.trick_winners, shares, strict=True):
        if w is None or w == n:
            carried += share  # the miss's winnings stay in the pool (1.1.8.2)
        else:
            receipts[w] += share
    loo = deal.tb.loo_amount(deal.pool)
    looed = []
    for pid in deal.in_play:
        if deal.won[pid] == 0:
            if pid == n:
                if r.declarations.miss_for_pool_looed:
                    carried += loo  # the dealer pays for the miss (D10)
                    payments[deal.dealer] += loo
                continue
            looed.append(pid)
            payments[pid] += loo
    carried += loo * len(looed)
    deal._finish(
        DealResult(
            dealer=deal.dealer,
            trump=deal.trump_suit,
            turn_up=deal._turnup_text(),
            ended_by="play",
            tricks=deal._tricks_by_seat(),
            looed=tuple(looed),
            **deal._money(receipts, payments),
            pool=deal.pool,
            carried=carried,
            next_single=deal._next_single(carried, len(looed)),
            stood=deal._stood(),
        )
    )


def settle_points(deal: Deal) -> None:
    """Points for a deal of a points race played out (1.5.5, D50-D53)."""
    ch = deal.rules.challenges
    a, b = deal.in_play[0], deal.in_play[1]
    outcome = deal_outcome((deal.won[a], deal.won[b]), deal.rules.deal.hand_size, ch)
    points = [0] * deal.n
    restart = False
    if outcome < 0:
        ones = sum(1 for w in deal.trick_winners if w is not None)
        if (
            deal.put_seen
            and ones == 2
            and len(deal.trick_winners) == 3
            and ch.trick_and_tie is TrickAndTie.RESTART_GAME
        ):
            restart = True
    else:
        winner = (a, b)[outcome]
        pts = played_out_points(ch, deal.rules.session.target_points, deal.put_seen)
        for s in deal._side(winner):
            points[s] = pts
    deal._finish(
        DealResult(
            dealer=deal.dealer,
            trump=None,
            turn_up=None,
            ended_by="play",
            tricks=deal._tricks_by_seat(),
            net=(0,) * deal.n,
            pool=deal.pool,
            carried=deal.pool,
            points=tuple(points),
            restart=restart,
            stood=deal._stood(),
        )
    )


def settle_exposed_single(deal: Deal) -> None:
    """Peel's exposed-card single: one card face up each; the best of the turned suit wins."""
    r = deal.rules
    ps = r.session.peel_single
    n = deal.n
    seats = [s for s in deal.order if s != deal.dealer or ps.dealer_receives_card]
    deck = deal.stock
    for s in seats:
        if not deal.hands[s]:  # a fixed deal gives the exposed cards
            deal.hands[s] = [deck.pop()]
    trump = deal.trump
    pw = deal.tb.power[trump]
    superior = [
        s
        for s in seats
        if deal.hands[s][0] // 13 == trump and pw[deal.hands[s][0]] > pw[deal.turnup]
    ]
    w = r.wagers
    fine = {
        SingleLoo.HALF_LOO: w.stake_loo // 2,
        SingleLoo.DEAL_STAKE: w.stake_deal,
        SingleLoo.FULL_LOO: w.stake_loo,
    }[w.single_loo]
    receipts = [0] * n
    payments = [0] * n
    if superior:
        winner = max(superior, key=lambda s: pw[deal.hands[s][0]])
        receipts[winner] = deal.pool
        if ps.looed is PeelSingleLooed.ALL_OTHERS:
            looed = [s for s in seats if s != winner]
        else:
            looed = [s for s in superior if s != winner]
        carried = 0
    else:
        winner = -1
        looed = list(seats)
        carried = deal.pool
    for s in looed:
        payments[s] += fine
    carried += fine * len(looed)
    for s in seats:
        deal.shown[s] = tuple(deal.hands[s])
    deal._finish(
        DealResult(
            dealer=deal.dealer,
            trump=deal.trump_suit,
            turn_up=deal._turnup_text(),
            ended_by="exposed_single",
            looed=tuple(looed),
            **deal._money(receipts, payments),
            pool=deal.pool,
            carried=carried,
            next_single=deal._next_single(carried, len(looed)),
            flush=(winner,) if winner >= 0 else (),
        )
    )
