"""The sentence table, section 6: settlement (stakes, the pool, loos).

>>> SETTLEMENT[0].topic, SETTLEMENT[-1].topic
('Playing for', 'A single')
"""

from __future__ import annotations

from typing import Any

from cardrules.rules.applies import plays_for_pool
from cardrules.rules.model import (
    Ante,
    AnteExcused,
    AwardTie,
    Finish,
    LooMode,
    MixedFloor,
    PoolAward,
    Remainder,
    Rules,
    Scoring,
    SingleDefinition,
    SingleLoo,
)
from cardrules.tools.rulebook.rule import SETTLE, Phrase, Rule
from cardrules.tools.rulebook.words import plural


def _stake(r: Rules) -> Phrase:
    n = r.wagers.stake_deal
    return f"{n} counters", f"The stake for a deal is {plural(n, 'counter')}."


_LOOED = (
    "A player who {stood}{on_miss_too} and won no trick {is_looed}: he pays "
    "into the {pool} for the next deal "
)

_LOO: dict[Any, Phrase] = {
    LooMode.LIMITED: ("a fixed {stake_loo} counters", _LOOED + "{a_loo} of {loo_counters}."),
    LooMode.UNLIMITED: (
        "the {pool} played for",
        _LOOED + "{a_loo} equal to the {pool} that was played for{unlimited_name}; "
        "the stake for the deal is unchanged.",
    ),
    LooMode.MIXED: (
        "the {pool} played for, at most {mixed_cap}",
        _LOOED + "{a_loo} equal to the {pool} that was played for, but never more than "
        "{cap_counters}{mixed_name}.",
    ),
}


def _one_winner(r: Rules) -> bool:
    """Whether the pool goes to one player rather than by the tricks."""
    return plays_for_pool(r) and r.settlement.award is not PoolAward.BY_TRICKS


_AWARD: dict[Any, Phrase] = {
    PoolAward.BY_TRICKS: ("a share for each trick", "Each trick wins its share of the {pool}."),
    PoolAward.MOST_TRICKS: (
        "all to the most tricks",
        "The player who took more tricks than any other takes the whole {pool}; the {pool} is "
        "not divided by the tricks.",
    ),
    PoolAward.MAJORITY: (
        "all to a majority of the tricks",
        "The player who took more than half the tricks takes the whole {pool}; when nobody "
        "did, the {pool} stays for the next deal.",
    ),
}

_TIE: dict[Any, Phrase] = {
    AwardTie.CARRY_OVER: (
        "the {pool} stays",
        "When two or more players share the most tricks, nobody takes the {pool}: it stays "
        "for the next deal, the new stakes and {loos} added to it.",
    ),
    AwardTie.DIVIDE: (
        "the {pool} divided",
        "When two or more players share the most tricks, they divide the {pool} equally, the "
        "first of them from the dealer's left taking any odd counter.",
    ),
}

_EXCUSED: dict[Any, Phrase] = {
    AnteExcused.NONE: ("nobody", "Nobody is excused the stake."),
    AnteExcused.LOOED_AND_TIED: (
        "{the_looed} and the tied",
        "A player {looed_in} the last deal, and a player who shared the most tricks in it "
        "when nobody took the {pool}, does not stake for the next deal.",
    ),
    AnteExcused.TIED: (
        "the tied",
        "A player who shared the most tricks in the last deal when nobody took the {pool} does "
        "not stake for the next deal; everyone else stakes, {the_looed} too.",
    ),
}

_CAPPED: dict[Any, Phrase] = {
    True: (
        "at most {mixed_cap}",
        "The winner takes at most {cap_counters} out of the {pool}; the rest stays for the "
        "next deal.",
    ),
    False: (
        "the whole {pool}",
        "The limit does not cap the winnings: the winner takes the {pool}.",
    ),
}


_PENALTIES = (
    "The old texts make the single loo, or a full loo, the penalty for irregularities "
    "(a misdeal, a card exposed, playing out of turn, a revoke); such penalties are agreed "
    "at the table and not applied by the program, which refuses every action the rules "
    "forbid."
)


#: Section 6, settlement.
SETTLEMENT: tuple[Rule, ...] = (
    Rule(
        SETTLE,
        "Playing for",
        ("wagers.scoring",),
        {
            Scoring.POOL: (
                "counters in a {pool}",
                "Play is for counters: the stakes make a {pool}, {won_by}.",
            ),
            Scoring.POINTS: (
                "points",
                "Play is for points, added up deal by deal; nothing is staked.",
            ),
        },
    ),
    Rule(
        SETTLE,
        "Who stakes",
        ("wagers.ante",),
        {
            Ante.DEALER_ONLY: (
                "the dealer only",
                "Before each deal only the dealer puts his stake into the {pool}.",
            ),
            Ante.ALL_PLAYERS: (
                "every player",
                "Before each deal every player puts the stake into the {pool}.",
            ),
            Ante.ALL_PLAYERS_DEALER_DOUBLE: (
                "every player, the dealer double",
                "Before each deal every player puts the stake into the {pool}, and the dealer "
                "twice the stake.",
            ),
        },
        applies=plays_for_pool,
    ),
    Rule(SETTLE, "The stake", ("wagers.stake_deal",), _stake, applies=plays_for_pool),
    Rule(
        SETTLE,
        "Excused from the stake",
        ("wagers.ante_excused",),
        _EXCUSED,
        applies=plays_for_pool,
        quiet=lambda r: r.wagers.ante_excused is AnteExcused.NONE,
    ),
    Rule(
        SETTLE,
        "Who takes the pool",
        ("settlement.award",),
        _AWARD,
        applies=lambda r: plays_for_pool(r) and not r.challenges.enabled,
        quiet=lambda r: r.settlement.award is PoolAward.BY_TRICKS,
    ),
    Rule(SETTLE, "A tie for the pool", ("settlement.award_tie",), _TIE, applies=_one_winner),
    Rule(
        SETTLE,
        "The winner's limit",
        ("settlement.winnings_capped",),
        _CAPPED,
        applies=lambda r: _one_winner(r) and r.wagers.loo is LooMode.MIXED,
    ),
    Rule(
        SETTLE,
        "Dividing the pool",
        ("settlement.remainder",),
        {
            Remainder.EARLIEST_TRICKS_FIRST: (
                "odd counters to the earliest tricks",
                "The {pool} is divided equally among the {hand} tricks, each winning {share} of "
                "it; if it does not divide exactly, the winners of the earliest tricks take one "
                "counter more each.",
            ),
            Remainder.CARRY_FORWARD: (
                "odd counters carried forward",
                "The {pool} is divided equally among the {hand} tricks, each winning {share} of "
                "it; if it does not divide exactly, the odd counters stay in the {pool} for the "
                "next deal.",
            ),
        },
        applies=lambda r: plays_for_pool(r) and not r.challenges.enabled and not _one_winner(r),
    ),
    Rule(
        SETTLE,
        "Loo",
        ("wagers.loo", "wagers.stake_loo", "wagers.mixed_cap"),
        _LOO,
        applies=plays_for_pool,
        cites=lambda r: {
            LooMode.LIMITED: ("wagers.loo", "wagers.stake_loo"),
            LooMode.UNLIMITED: ("wagers.loo",),
            LooMode.MIXED: ("wagers.loo", "wagers.mixed_cap"),
        }[r.wagers.loo],
    ),
    Rule(
        SETTLE,
        "An unlimited loo",
        (),
        lambda r: (
            "the {pool} played for",
            "The {pool} played for is the whole {pool} of the deal, the stakes paid in, as it "
            "stands before the winner takes it."
            if _one_winner(r)
            else "The {pool} played for is the whole {pool} of the deal, after the dealer's stake "
            "is paid in and before it is divided.",
        ),
        applies=lambda r: plays_for_pool(r) and r.wagers.loo is not LooMode.LIMITED,
        in_diff=False,
        cites=lambda r: ("one_way.unlimited_loo",),
    ),
    Rule(
        SETTLE,
        "The least mixed loo",
        ("wagers.mixed_floor",),
        {
            MixedFloor.NONE: ("no minimum", "{no_least_loo}"),
            MixedFloor.ORDINARY_LOO: (
                "the ordinary loo",
                "{a_mixed_loo} is never less than {least_loo}{stake_loo} counters.",
            ),
        },
        applies=lambda r: plays_for_pool(r) and r.wagers.loo is LooMode.MIXED,
    ),
    Rule(
        SETTLE,
        "The single loo",
        ("wagers.single_loo",),
        {
            SingleLoo.HALF_LOO: (
                "half a loo",
                "The single loo is half the ordinary loo ({half_loo} counters){single_loo_use}. "
                + _PENALTIES,
            ),
            SingleLoo.DEAL_STAKE: (
                "the deal stake",
                "The single loo is the stake for a deal ({stake_deal} counters){single_loo_use}. "
                + _PENALTIES,
            ),
            SingleLoo.FULL_LOO: (
                "a full loo",
                "The single loo is the full ordinary loo ({stake_loo} counters){single_loo_use}. "
                + _PENALTIES,
            ),
        },
        applies=lambda r: plays_for_pool(r) and not _one_winner(r),
    ),
    Rule(
        SETTLE,
        "A single",
        ("settlement.single_definition",),
        {
            SingleDefinition.POOL_ONLY_DEALER_STAKE: (
                "when nothing is carried forward",
                "The next {pool} holds the {loos} paid, whatever was left in the {pool}, and the "
                "next stake; when nothing is carried forward, the next deal is a single, played "
                "for the stake alone.",
            ),
            SingleDefinition.NO_LOO: (
                "when nobody is {looed}",
                "The next {pool} holds the {loos} paid, whatever was left in the {pool}, and the "
                "next stake; when nobody was {looed}, the next deal is a single.",
            ),
        },
        applies=lambda r: (
            plays_for_pool(r) and (not _one_winner(r) or r.session.finish is Finish.UNTIL_SINGLE)
        ),
    ),
)
