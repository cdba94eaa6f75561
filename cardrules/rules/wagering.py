"""The sections of the rules model for what is played for: the stakes (the pool, the
deal, the loo), the settling of a deal, and the session of deals.

They are sections of :class:`~cardrules.rules.model.Rules`, kept here so that the model
stays readable; the model re-exports them. ``settlement.award`` says who takes the pool
of a deal played out: a share a trick, as at Loo, or the whole pool to the one player
with the most tricks (or a majority of them), carried over on a tie or divided
(``settlement.award_tie``); a cap on that winner's take (``settlement.winnings_capped``)
goes with a mixed loo. ``wagers.ante_excused`` lets the last deal's result excuse
players from the next ante.

>>> Settlement().award.value, Settlement().award_tie.value, Wagers().ante_excused.value
('by_tricks', 'carry_over', 'none')
"""

from __future__ import annotations

import attrs

from cardrules.rules.bounds import MAX_POINTS, MAX_ROUNDS, MAX_STAKE
from cardrules.rules.contracts import Contract
from cardrules.rules.fields import opt, section
from cardrules.rules.options import (
    Ante,
    AnteExcused,
    AwardTie,
    Finish,
    FirstDeal,
    FirstDealer,
    LooMode,
    MixedFloor,
    PeelSingleLooed,
    PoolAward,
    Remainder,
    Scoring,
    SingleDefinition,
    SingleLoo,
)

__all__ = ["PeelSingle", "SessionSection", "Settlement", "Wagers"]


@attrs.frozen
class Wagers:
    """What is staked: the pool, the deal and the loo."""

    scoring: Scoring = opt(
        Scoring.POOL,
        "Counters in a pool, or points for each deal: points are scored by challenges "
        "(Put), bids (settlement.contract) or the cards taken (card_points), and only "
        "where one of them is on.",
        source="1.1.4, 1.5.7",
    )
    ante: Ante = opt(Ante.DEALER_ONLY, "Who pays into the pool before a deal.", source="1.1.4, D2")
    ante_excused: AnteExcused = opt(
        AnteExcused.NONE,
        "Players the last deal's result excuses from the next ante (wagers.ante all_players): "
        "those looed in it and those tied for the most tricks when nobody took the pool "
        "(looed_and_tied), or the tied only (tied).",
        source="1.8.14.5, D76",
    )
    stake_deal: int = opt(
        3, "The dealer's stake for a deal.", source="1.1.4", minimum=1, maximum=MAX_STAKE
    )
    stake_loo: int = opt(
        6, "The ordinary (limited) loo.", source="1.1.4, D3", minimum=0, maximum=MAX_STAKE
    )
    loo: LooMode = opt(LooMode.LIMITED, "How much a loo costs.", source="1.4.2, 1.4.3")
    mixed_cap: int = opt(
        30, "The most a mixed loo costs.", source="1.4.3", minimum=1, maximum=MAX_STAKE
    )
    mixed_floor: MixedFloor = opt(
        MixedFloor.NONE, "A mixed loo is at least the ordinary loo.", source="D20"
    )
    single_loo: SingleLoo = opt(
        SingleLoo.HALF_LOO,
        "The penalty single loo, paid by each player looed in Peel's exposed-card single "
        "(other irregularities are not played by the engine).",
        source="D4",
    )


@attrs.frozen
class Settlement:
    """Dividing the pool and carrying it forward."""

    remainder: Remainder = opt(
        Remainder.EARLIEST_TRICKS_FIRST, "A pool that does not divide by the tricks.", source="D18"
    )
    single_definition: SingleDefinition = opt(
        SingleDefinition.POOL_ONLY_DEALER_STAKE, "What makes a single.", source="D21"
    )
    award: PoolAward = opt(
        PoolAward.BY_TRICKS,
        "Who takes the pool of a deal played out: a share for each trick (by_tricks), or the "
        "whole pool to the one player who took more tricks than any other (most_tricks) or "
        "more than half of them (majority). Standers who took no trick are looed as ever.",
        source="1.8.14.1, D72",
    )
    award_tie: AwardTie = opt(
        AwardTie.CARRY_OVER,
        "With the pool to one player, two or more share the most tricks: the pool stays for "
        "the next deal (carry_over) or is divided among them (divide). Under majority a deal "
        "in which nobody took more than half the tricks carries the pool either way.",
        source="1.8.14.2, D73",
    )
    winnings_capped: bool = opt(
        False,
        "With the pool to one player and a mixed loo, the winner takes at most "
        "wagers.mixed_cap of it; the rest stays for the next deal.",
        source="1.8.14.6, D75",
    )
    contract: Contract = section(Contract)


@attrs.frozen
class PeelSingle:
    """Peel's exposed-card first deal."""

    dealer_receives_card: bool = opt(True, "The dealer receives an exposed card too.", source="D8")
    looed: PeelSingleLooed = opt(PeelSingleLooed.ALL_OTHERS, "Who is looed.", source="D8")


@attrs.frozen
class SessionSection:
    """A sequence of deals at one table."""

    first_dealer: FirstDealer = opt(
        FirstDealer.LOWEST_CUT, "How the first dealer is found.", source="D1, D49"
    )
    first_deal: FirstDeal = opt(FirstDeal.NORMAL, "The first deal of a session.", source="D7")
    peel_single: PeelSingle = section(PeelSingle)
    finish: Finish = opt(
        Finish.UNTIL_SINGLE,
        "When the session ends: until_single needs a pool, target_points (a total reached) "
        "and loss_limit (a total lost, session.target_points below nothing) need points; "
        "divide_pool and release_loos are Peel's quick finishes after the rounds: the pool "
        "left divided equally among the players, or a last deal in which all stand, with no "
        "miss and no loo, the loos of the deal before it released.",
        source="1.1.16, D23",
    )
    target_points: int = opt(
        5,
        "Points that win the game in a points race (session.finish target_points), or that a "
        "player loses to end it (loss_limit).",
        source="1.5.7, F1.2.9",
        minimum=1,
        maximum=MAX_POINTS,
    )
    rounds: int = opt(
        1,
        "Rounds (each player dealing once) before a session may end.",
        source="1.1.16",
        minimum=1,
        maximum=MAX_ROUNDS,
    )
