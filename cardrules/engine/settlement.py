"""Settling a deal: the pool divided among the tricks, loos, flushes, and points.

Pure functions from a finished deal's :class:`~cardrules.engine.view.DealView` to its
:class:`DealResult`: who receives and pays what. They read the view and change nothing.
Amounts are whole counters, so that conservation is easy to check: what the seats paid
plus the pool played for equals what they received plus what is carried.

>>> shares = trick_shares(10, 3, carry_remainder=False)
>>> shares, sum(shares)
([4, 3, 3], 10)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import sub
from typing import Any

from cardrules.cards import CARD_TEXT
from cardrules.engine.cardpoints import card_point_scores
from cardrules.engine.challenges import deal_outcome, played_out_points
from cardrules.engine.contractpoints import contract_points
from cardrules.engine.flush import flush_suit, flush_winners
from cardrules.engine.phases import MISS, Status
from cardrules.engine.result import DealResult
from cardrules.engine.view import DealView
from cardrules.rules.applies import card_points_counted
from cardrules.rules.model import (
    AnteExcused,
    AwardTie,
    FlushDestination,
    FlushPayers,
    LooMode,
    PeelSingleLooed,
    PoolAward,
    Remainder,
    Rules,
    Scoring,
    SingleDefinition,
    TrickAndTie,
)

#: Each trick's share of a pool, by (pool, tricks, carry_remainder): the pools played for
#: are few.
_SHARES: dict[tuple[int, int, bool], tuple[int, ...]] = {}


def _shares(pool: int, tricks: int, carry_remainder: bool) -> tuple[int, ...]:
    """:func:`trick_shares`, kept."""
    key = (pool, tricks, carry_remainder)
    found = _SHARES.get(key)
    if found is None:
        if len(_SHARES) >= 4096:
            _SHARES.clear()
        found = _SHARES[key] = tuple(trick_shares(pool, tricks, carry_remainder=carry_remainder))
    return found


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


# --------------------------------------------------------------------------- common fields


def _common(view: DealView, how: str) -> dict[str, Any]:
    shown = view.shown
    return {
        "dealer": view.dealer,
        "trump": view.trump_suit,
        "turn_up": view.turnup_text,
        "ended_by": how,
        "pool": view.pool,
        "shown": _shown_texts(shown) if shown else (),
    }


def _money(view: DealView, receipts: Sequence[int], payments: Sequence[int]) -> dict[str, Any]:
    """What each seat received and paid, and its net (its stake for the deal included)."""
    return {
        "receipts": tuple(receipts),
        "payments": tuple(payments),
        "net": _net(view, receipts, payments),
    }


def _next_single(view: DealView, carried: int, loos: int) -> bool:
    if view.rules.settlement.single_definition is SingleDefinition.NO_LOO:
        return loos == 0
    return carried == 0


# --------------------------------------------------------------------------- settling a deal


def pool_to(view: DealView, seats: Sequence[int], how: str) -> DealResult:
    """The pool to ``seats`` without play (all pass, an unopposed stander), or kept."""
    n = view.players
    receipts = [0] * n
    for s, share in zip(seats, split(view.pool, len(seats)) if seats else [], strict=True):
        receipts[s] += share
    carried = 0 if seats else view.pool
    return DealResult(
        **_common(view, how),
        **_money(view, receipts, [0] * n),
        carried=carried,
        next_single=_next_single(view, carried, 0),
        stood=view.stood(),
    )


def flush_holders(view: DealView, candidates: Sequence[int]) -> list[int]:
    """The seats among ``candidates`` that hold a flush."""
    tb = view.tables
    trump = view.trump
    return [s for s in candidates if flush_suit(tb, view.hand(s), trump) >= 0]


def settle_flush(view: DealView, candidates: Sequence[int]) -> DealResult:
    """A flush sweeps the board: the pool and the flush payments (1.2.9, D32-D41).

    The deal has shown the holders' hands (:func:`flush_holders`) before it settles."""
    r = view.rules.special_hands.flush
    tb = view.tables
    trump = view.trump
    holders = [(s, view.hand(s)) for s in flush_holders(view, candidates)]
    winners = flush_winners(tb, holders, trump)
    n = view.players
    loo = tb.loo_amount(view.pool)
    pam = tb.promoted[trump]
    status = view.status
    if view.ctx.released and r.destination is FlushDestination.NEXT_POOL:
        payers = []  # Peel's quick finish: no loo into the pool (1.1.16)
    elif r.payers is FlushPayers.ALL_OTHERS:
        payers = [s for s in view.order if s not in winners and status[s] != Status.OUT]
    else:
        payers = [s for s in candidates if s not in winners]
    exempt: set[int] = set()
    if r.exempt_losing_flush:
        exempt.update(s for s, _ in holders)
    if r.exempt_promoted_holder and pam >= 0:
        exempt.update(s for s in payers if pam in view.hand(s))
    payers = [s for s in payers if s not in exempt]
    receipts = [0] * n
    payments = [0] * n
    for s in payers:
        payments[s] += loo
    paid = loo * len(payers)
    for s, share in zip(winners, split(view.pool, len(winners)), strict=True):
        receipts[s] += share
    carried = 0
    if r.destination is FlushDestination.TO_HOLDER:
        for s, share in zip(winners, split(paid, len(winners)), strict=True):
            receipts[s] += share
    else:
        carried = paid
    return DealResult(
        **_common(view, "flush"),
        looed=tuple(payers),
        **_money(view, receipts, payments),
        carried=carried,
        next_single=_next_single(view, carried, paid),
        flush=tuple(winners),
        stood=view.stood(),
    )


def settle_play(view: DealView) -> DealResult:
    """A deal played to its last trick: counters (the pool divided among the tricks,
    standers who won none looed, 1.1.14) or points, as ``wagers.scoring`` says."""
    r = view.rules
    if card_points_counted(r):
        points = card_point_scores(r, view.played, view.winners, view.players)
        return points_result(view, points, "play")
    if r.bidding.enabled:
        bids = view.bids
        won = view.won[: len(bids)]
        points = contract_points(r.settlement.contract, bids=bids, won=won, bags=view.ctx.bags)
        return points_result(view, points, "play")
    if r.wagers.scoring == Scoring.POINTS:
        return settle_points(view)
    n = view.players
    pool = view.pool
    winners = view.winners
    settlement = r.settlement
    if settlement.award != PoolAward.BY_TRICKS:
        receipts = award(r, winners, n, pool)
        payments = [0] * n
        carried = pool - sum(receipts)
    else:
        shares = _shares(pool, r.deal.hand_size, settlement.remainder == Remainder.CARRY_FORWARD)
        receipts = [0] * n
        payments = [0] * n
        carried = pool - sum(shares)
        for w, share in zip(winners, shares, strict=True):  # a trick a share
            if w is None or w == n:
                carried += share  # the miss's winnings stay in the pool (1.1.8.2)
            else:
                receipts[w] += share
    loo = view.tables.loo_amount(pool)
    looed = []
    won = view.won
    # Peel's quick finish releases the loos of the last two deals (1.1.16).
    for pid in () if view.ctx.released else view.in_play:
        if won[pid] == 0:
            if pid == n:
                if r.declarations.miss_for_pool_looed:
                    carried += loo  # the dealer pays for the miss (D10)
                    payments[view.dealer] += loo
                continue
            looed.append(pid)
            payments[pid] += loo
    carried += loo * len(looed)
    return DealResult(
        **_common(view, "play"),
        tricks=_tricks_by_seat(winners, n),
        looed=tuple(looed),
        **_money(view, receipts, payments),
        carried=carried,
        next_single=_next_single(view, carried, len(looed)),
        stood=view.stood(),
    )


def most_tricks(rules: Rules, winners: Sequence[int | None], players: int) -> list[int]:
    """The players who took the most tricks of a deal played out, when nobody took the pool
    for them (``settlement.award`` most_tricks or majority, 1.8.14.1-2): empty when one
    player took it, or when the pool is divided by the tricks. A tied trick counts for
    nobody; the miss played for the pool is no player, and a player whose tricks equal the
    miss's ties with it.

    >>> from cardrules.rules.loader import load_variant
    >>> most_tricks(load_variant("bourre"), [0, 1, 2, 0, 1], 4)
    [0, 1]
    """
    s = rules.settlement
    if s.award is PoolAward.BY_TRICKS:
        return []
    count = [0] * (players + 1)
    for w in winners:
        if w is not None:
            count[w] += 1
    top = max(count)
    tied = [s for s in range(players) if count[s] == top]
    if len(tied) + (count[players] == top) == 1:
        return []
    if s.award is PoolAward.MOST_TRICKS and s.award_tie is AwardTie.DIVIDE:
        return []  # the tie is settled by the division
    return tied


def award(rules: Rules, winners: Sequence[int | None], players: int, pool: int) -> list[int]:
    """What each seat takes of ``pool`` when it goes to one player (1.8.14, D72-D75): all
    of it, or at most ``wagers.mixed_cap`` of it when ``settlement.winnings_capped`` and
    the loo is mixed, to the one player with more tricks than any other (``most_tricks``)
    or with more than half of them (``majority``); on a tie for the most, nothing
    (``carry_over``) or the pool divided among the tied (``divide``, the first in seat
    order taking the odd counters). What nobody takes stays in the pool. The miss played
    for the pool is seat ``players``: it takes nothing.

    >>> from cardrules.rules.loader import load_variant
    >>> award(load_variant("bourre"), [0, 0, 1, 0, 1], 3, 30)
    [30, 0, 0]
    """
    s = rules.settlement
    w = rules.wagers
    if s.winnings_capped and w.loo is LooMode.MIXED:
        pool = min(pool, w.mixed_cap)
    count = [0] * (players + 1)
    for t in winners:
        if t is not None:
            count[t] += 1
    top = max(count)
    tied = [seat for seat in range(players + 1) if count[seat] == top]
    out = [0] * players
    if s.award is PoolAward.MAJORITY and (2 * top <= len(winners) or tied == [players]):
        return out
    if len(tied) == 1:
        if tied[0] < players:
            out[tied[0]] = pool
        return out
    if s.award_tie is AwardTie.DIVIDE:
        seats = [seat for seat in tied if seat < players]
        for seat, share in zip(seats, split(pool, len(seats)), strict=True):
            out[seat] = share
    return out


def ante_excused(rules: Rules, last: DealResult | None, players: int) -> list[int]:
    """The seats the last deal's result excuses from the next ante (``wagers.ante_excused``,
    1.8.14.5, D76): those looed in it and those who shared the most tricks when the pool
    was not taken (:func:`most_tricks`), or those tied only. A deal not played out (a pool
    taken without play, a flush) excuses the looed only.

    >>> from cardrules.rules.loader import load_variant
    >>> last = DealResult(dealer=3, trump="S", turn_up="9S", ended_by="play",
    ...                   tricks=(0, 1, 2, 0, 1), looed=(3,))
    >>> ante_excused(load_variant("bourre"), last, 4)
    [0, 1, 3]
    """
    rule = rules.wagers.ante_excused
    if last is None or rule is AnteExcused.NONE:
        return []
    tied: list[int] = []
    if last.ended_by == "play":
        winners = [players if w == MISS else w for w in last.tricks]
        tied = most_tricks(rules, winners, players)
    if rule is AnteExcused.TIED:
        return tied
    return sorted(set(tied) | set(last.looed))


def _shown_texts(shown: Mapping[int, Sequence[int]]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The hands shown, as (seat, card texts) by seat."""
    return tuple(
        (seat, tuple(CARD_TEXT[c] for c in cards)) for seat, cards in sorted(shown.items())
    )


def _net(view: DealView, receipts: Sequence[int], payments: Sequence[int]) -> tuple[int, ...]:
    """Each seat's net over the deal: what it received less what it paid and its stake
    (a seat each: maps, as zip's strict=True and a comprehension each cost more here)."""
    stakes = view.ctx.stakes
    if not stakes:
        return tuple(map(sub, receipts, payments))
    return tuple(map(sub, map(sub, receipts, payments), stakes))


def _tricks_by_seat(winners: Sequence[int | None], n: int) -> tuple[int | None, ...]:
    """:meth:`DealView.tricks_by_seat` from the winners read already."""
    out: list[int | None] = []
    for w in winners:
        out.append(w if w is None or w < n else MISS)
    return tuple(out)


def settle_points(view: DealView) -> DealResult:
    """Points for a deal of a points race played out between two sides (1.5.5, D50-D53)."""
    ch = view.rules.challenges
    a, b = view.in_play[0], view.in_play[1]
    won = view.won
    outcome = deal_outcome((won[a], won[b]), view.rules.deal.hand_size, ch)
    points = [0] * view.players
    restart = False
    if outcome < 0:
        winners = view.winners
        ones = sum(1 for w in winners if w is not None)
        if (
            view.put_seen
            and ones == 2
            and len(winners) == 3
            and ch.trick_and_tie is TrickAndTie.RESTART_GAME
        ):
            restart = True
    else:
        winner = (a, b)[outcome]
        pts = played_out_points(ch, view.rules.session.target_points, view.put_seen)
        for s in view.side(winner):
            points[s] = pts
    return points_result(view, points, "play", restart=restart, trump_shown=False)


def points_result(
    view: DealView,
    points: Sequence[int],
    how: str,
    *,
    restart: bool = False,
    trump_shown: bool = True,
) -> DealResult:
    """A deal of a points race that ended with ``points`` scored (the pool is kept)."""
    common = _common(view, how)
    if not trump_shown:
        common.update(trump=None, turn_up=None)
    return DealResult(
        **common,
        tricks=view.tricks_by_seat(),
        net=(0,) * view.players,
        carried=view.pool,
        points=tuple(points),
        restart=restart,
        stood=view.stood(),
    )


def challenge_points(view: DealView, seat: int, pts: int, how: str) -> DealResult:
    """``pts`` points to ``seat``'s side: a put refused, or the other side threw up."""
    points = [0] * view.players
    for s in view.side(seat):
        points[s] = pts
    return points_result(view, points, how)


def settle_exposed_single(view: DealView) -> DealResult:
    """Peel's exposed-card single: one card face up each; the best of the turned suit wins."""
    r = view.rules
    ps = r.session.peel_single
    n = view.players
    seats = [s for s in view.order if s != view.dealer or ps.dealer_receives_card]
    trump = view.trump
    pw = view.tables.power[trump]
    superior = [
        s for s in seats if view.hand(s)[0] // 13 == trump and pw[view.hand(s)[0]] > pw[view.turnup]
    ]
    fine = view.tables.single_loo_fine
    receipts = [0] * n
    payments = [0] * n
    if superior:
        winner = max(superior, key=lambda s: pw[view.hand(s)[0]])
        receipts[winner] = view.pool
        if ps.looed is PeelSingleLooed.ALL_OTHERS:
            looed = [s for s in seats if s != winner]
        else:
            looed = [s for s in superior if s != winner]
        carried = 0
    else:
        winner = -1
        looed = list(seats)
        carried = view.pool
    for s in looed:
        payments[s] += fine
    carried += fine * len(looed)
    return DealResult(
        **_common(view, "exposed_single"),
        looed=tuple(looed),
        **_money(view, receipts, payments),
        carried=carried,
        next_single=_next_single(view, carried, len(looed)),
        flush=(winner,) if winner >= 0 else (),
    )
