"""A one-line summary of a game, written from its effective rules.

A rule file's ``description`` describes the file as written; once house rules or
overrides change it (Pam made the knave of trumps, a mixed loo), the rulebook states
this summary instead, so that its first line never contradicts its rules.

>>> from cardrules.rules.model import Promoted, Rules
>>> print(summary_of(Rules()))  # doctest: +NORMALIZE_WHITESPACE
Three cards each and a miss, trumps turned up; each trick wins a third of the pool,
and a stander who wins none is looed a fixed 6 counters.
>>> "Pam (the knave of trumps) beats every trump" in summary_of(
...     Rules(promoted=Promoted(card="jack_of_trumps")))
True
>>> from cardrules.rules.loader import load_variant
>>> print(summary_of(load_variant("spades", ["spades-300"])))  # doctest: +NORMALIZE_WHITESPACE
Four players in two sides of two, partners opposite, thirteen cards each, spades always
trumps; each player bids the tricks he will take, the partners' bids added into their side's
contract; a side that takes at least its contract scores 10 a trick bid and 1 a trick over
(a bag), every 10 bags costing 100, and one that does not loses 10 a trick bid; a nil bid
wins or loses 100; the first side to 300 points wins.
"""

from __future__ import annotations

from cardrules.rules.applies import (
    bags_counted,
    card_points_counted,
    declarations_made,
    exchanges_made,
    flushes_count,
    partnerships_play,
    passes,
    passes_by_chance,
    side_contracts,
    sides_play,
)
from cardrules.rules.model import (
    AwardTie,
    ContractMade,
    ContractMiss,
    Finish,
    LooMode,
    PoolAward,
    Rules,
    Vary,
)
from cardrules.tools.rulebook.terms import Terms, terms
from cardrules.tools.rulebook.words import (
    card_points_in_order,
    card_value_words,
    card_words,
    join_words,
    num,
    plural,
    share,
    trumps_words,
)

__all__ = ["summary_of"]


def _promoted(r: Rules) -> str:
    card = r.promoted.card
    if card is None:
        return ""
    what = "the knave of trumps" if card == "jack_of_trumps" else card_words(card)
    return f"{r.promoted.name} ({what}) beats every trump"


def _loo(r: Rules, t: Terms) -> str:
    w = r.wagers
    if w.loo is LooMode.UNLIMITED:
        return f"the {t.pool} played for"
    if w.loo is LooMode.MIXED:
        return f"the {t.pool} played for, at most {plural(w.mixed_cap, 'counter')}"
    return f"a fixed {plural(w.stake_loo, 'counter')}"


def _award(r: Rules, t: Terms) -> str:
    """Who wins the pool: each trick its share, or one player the whole of it."""
    award = r.settlement.award
    if award is PoolAward.BY_TRICKS:
        return f"each trick wins {share(r.deal.hand_size)} of the {t.pool}"
    if award is PoolAward.MAJORITY:
        return f"the whole {t.pool} to a player with more than half the tricks, else carried over"
    tie = "carried over" if r.settlement.award_tie is AwardTie.CARRY_OVER else "divided"
    return f"the whole {t.pool} to the player with the most tricks, {tie} on a tie"


def _put(r: Rules) -> str:
    ranks = r.pack.ranks
    players = (
        "Two sides of two partners"
        if r.partnerships.enabled
        else f"{num(r.players.min).capitalize()} players"
    )
    ranked = " ".join(ranks[:4]) + " ... " + ranks[-1] if len(ranks) > 5 else " ".join(ranks)
    passing = "; each side passes a card to the partner who plays" if partnerships_play(r) else ""
    return (
        f"{players}, {num(r.deal.hand_size)} cards each, ranked {ranked} with suits "
        f'irrelevant{passing}; throw up, or say "I put", in a race to '
        f"{plural(r.session.target_points, 'point')}."
    )


def _bids(r: Rules) -> str:
    c = r.settlement.contract
    cards = f"{num(r.deal.hand_size).capitalize()} cards each"
    if r.deal.sizes.vary is not Vary.FIXED:
        cards = "A number of cards each that changes from deal to deal"
    trumps = trumps_words(r)
    return (
        f"{cards}, {trumps}; each player bids the tricks he will take, and scores "
        f"{plural(c.per_trick, 'point')} a trick and {c.bonus} more for exactly his bid."
    )


def _set(r: Rules) -> str:
    """What a side that misses its contract scores, in a few words."""
    c = r.settlement.contract
    return {
        ContractMiss.TRICKS: f"scores {c.per_trick} a trick taken",
        ContractMiss.MINUS_DIFF: f"loses {c.per_trick} a trick short",
        ContractMiss.ZERO: "scores nothing",
        ContractMiss.MINUS_BID: f"loses {c.per_trick} a trick bid",
    }[c.missed]


def _side_bids(r: Rules) -> str:
    """A game of contracts made by sides (Spades): the sides, the trumps, the bids, what a
    contract made, missed and a nil score, and how the game ends."""
    c = r.settlement.contract
    players = "Four players in two sides of two, partners opposite"
    if not sides_play(r):
        players = f"{num(r.players.min).capitalize()} players in two sides"
    first = [players, f"{num(r.deal.hand_size)} cards each", trumps_words(r)]
    cap = f", at most {r.bidding.side_cap} together" if r.bidding.side_cap is not None else ""
    parts = [
        ", ".join(first),
        f"each player bids the tricks he will take, the partners' bids added into their "
        f"side's contract{cap}",
    ]
    made = "at least" if c.made is ContractMade.AT_LEAST else "exactly"
    score = f"a side that takes {made} its contract scores {c.per_trick} a trick bid"
    if c.made is ContractMade.AT_LEAST and c.overtrick:
        score += f" and {c.overtrick} a trick over (a bag)"
    if c.made is ContractMade.EXACT and c.bonus:
        score += f" and {c.bonus} more"
    if bags_counted(r):
        score += f", every {c.bag_limit} bags costing {c.bag_penalty}"
    parts.append(f"{score}, and one that does not {_set(r)}")
    if c.nil:
        parts.append(f"a nil bid wins or loses {c.nil}")
    if r.session.finish is Finish.TARGET_POINTS:
        parts.append(f"the first side to {plural(r.session.target_points, 'point')} wins")
    elif r.session.finish is Finish.FIXED_DEALS:
        times = "once" if r.session.rounds == 1 else f"{num(r.session.rounds)} times"
        parts.append(
            f"the session ends when every player has dealt {times}, the side with the higher "
            "total winning"
        )
    return "; ".join(parts) + "."


def _card_points(r: Rules) -> str:
    """A game scored by the cards taken (Hearts): the players, the passing, what the cards
    count and how the game ends."""
    lo, hi = r.players.min, r.max_players
    players = f"{num(lo).capitalize()} players" if lo == hi else f"{lo} to {hi} players"
    alone = "" if r.partnerships.enabled else ", each for himself"
    first = [f"{players}{alone}", f"{num(r.deal.hand_size)} cards each", trumps_words(r)]
    parts = [", ".join(first)]
    if passes(r):
        how = (
            "the direction drawn at random each deal"
            if passes_by_chance(r)
            else "the direction changing in turn from deal to deal"
        )
        parts.append(f"{num(r.passing.cards)} cards passed before the play, {how}")
    values = [card_value_words(n, v) for n, v in card_points_in_order(r)]
    parts.append(f"the cards taken count against their taker, {join_words(values)}")
    if r.card_points.base:
        parts.append(f"each deal scores {r.card_points.base} less the points taken")
    if r.session.finish is Finish.LOSS_LIMIT:
        parts.append(
            f"the game ends when someone has lost {plural(r.session.target_points, 'point')}, "
            "and the fewest lost wins"
        )
    elif r.session.finish is Finish.FIXED_DEALS:
        times = "once" if r.session.rounds == 1 else f"{num(r.session.rounds)} times"
        parts.append(
            f"the session ends when every player has dealt {times}, the highest total winning"
        )
    return "; ".join(parts) + "."


def summary_of(r: Rules) -> str:
    """The game in one sentence, as its effective rules have it."""
    if r.challenges.enabled:
        return _put(r)
    if side_contracts(r):
        return _side_bids(r)
    if r.bidding.enabled:
        return _bids(r)
    if card_points_counted(r):
        return _card_points(r)
    hand = r.deal.hand_size
    first = [f"{num(hand).capitalize()} cards each" + (" and a miss" if r.deal.miss else "")]
    if not r.deal.miss and declarations_made(r):
        first[0] += ", no miss"
    first.append(trumps_words(r))
    t = terms(r)
    middle = []
    if exchanges_made(r):
        middle.append(f"one {t.exchange} from the stock")
    if _promoted(r):
        middle.append(_promoted(r))
    if flushes_count(r):
        middle.append("flushes sweep the board")
    parts = [", ".join(first), *middle]
    return (
        "; ".join(parts)
        + f"; {_award(r, t)}, and {t.a_stander} who wins none {t.looed_paying} {_loo(r, t)}."
    )
