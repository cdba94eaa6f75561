"""Options that cannot hold together: each a test on the effective rules, what is wrong,
the options involved (the error is placed at the latest of them a file set) and what to
do. :mod:`cardrules.rules.semantics` reports every one that holds.

>>> from cardrules.rules.model import Rules
>>> [message for when, message, _, _ in CONTRADICTIONS if when(Rules())]
[]
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.rules.applies import (
    card_points_counted,
    challenges_made,
    exchanges_after_declarations,
    partnerships_play,
    plays_for_pool,
    rank_only,
    side_contracts,
    sides_play,
)
from cardrules.rules.model import (
    ExchangeMode,
    Finish,
    FirstDeal,
    FirstLeader,
    Restock,
    Rules,
    Scoring,
    TurnUpTo,
    Vary,
)
from cardrules.rules.sizes import SCHEDULES

__all__ = ["CONTRADICTIONS"]

#: Options that cannot hold together: (when, message, the values involved, what to do).
CONTRADICTIONS: tuple[tuple[Callable[[Rules], bool], str, tuple[str, ...], str], ...] = (
    (
        lambda r: r.exchange.mode is not ExchangeMode.NONE and not r.declarations.enabled,
        "exchanges are made while declaring, but declarations.enabled is false",
        ("exchange.mode", "declarations.enabled"),
        "set declarations.enabled: true, or exchange.mode: none",
    ),
    # What a deal is played for is wagers.scoring, and only challenges, bids and card points
    # score points: so wagers.scoring is points exactly when one of them is on (1.5.5-1.5.7,
    # 1.7.6, F1.1.7).
    (
        lambda r: challenges_made(r) and plays_for_pool(r),
        "challenges score points, but wagers.scoring is pool",
        ("challenges.enabled", "wagers.scoring"),
        "set wagers.scoring: points",
    ),
    (
        lambda r: r.bidding.enabled and plays_for_pool(r),
        "bids score points (settlement.contract), but wagers.scoring is pool",
        ("bidding.enabled", "wagers.scoring"),
        "set wagers.scoring: points",
    ),
    (
        lambda r: (
            r.wagers.scoring is Scoring.POINTS
            and not r.challenges.enabled
            and not r.bidding.enabled
            and not card_points_counted(r)
        ),
        "wagers.scoring is points, but only challenges, bids and card points score points "
        "and neither challenges.enabled nor bidding.enabled is true, nor card_points.values "
        "set",
        ("wagers.scoring", "challenges.enabled", "bidding.enabled"),
        "set challenges.enabled or bidding.enabled: true, or wagers.scoring: pool",
    ),
    (
        lambda r: card_points_counted(r) and plays_for_pool(r),
        "card points are points (card_points.values), but wagers.scoring is pool",
        ("card_points.values", "wagers.scoring"),
        "set wagers.scoring: points",
    ),
    # A bid is made by every player for the whole deal: nobody may leave the play, and
    # nothing but the tricks may end it.
    (
        lambda r: r.bidding.enabled and r.challenges.enabled,
        "bids are scored when the deal is played out, but challenges may end it before",
        ("bidding.enabled", "challenges.enabled"),
        "set challenges.enabled: false",
    ),
    (
        lambda r: r.bidding.enabled and r.declarations.enabled,
        "every player bids and plays, but with declarations.enabled a player may throw up "
        "his hand or take the miss",
        ("bidding.enabled", "declarations.enabled"),
        "set declarations.enabled: false",
    ),
    (
        lambda r: r.bidding.enabled and r.deal.miss,
        "every player bids and plays his own hand, but deal.miss deals a spare hand",
        ("bidding.enabled", "deal.miss"),
        "set deal.miss: false",
    ),
    (
        lambda r: r.bidding.enabled and partnerships_play(r),
        "every player bids and plays his own hand, but partners give cards and one of each "
        "side plays",
        ("bidding.enabled", "partnerships.enabled"),
        "set partnerships.enabled: false",
    ),
    (
        lambda r: side_contracts(r) and not sides_play(r),
        "settlement.contract.by is side, but no side plays together: partnerships with "
        "all four playing are needed",
        ("settlement.contract.by", "partnerships.enabled", "partnerships.play"),
        "set partnerships.enabled: true and partnerships.play: all, or contract.by: player",
    ),
    (
        lambda r: sides_play(r) and r.declarations.enabled,
        "all four play in partnerships (partnerships.play: all), but declarations.enabled "
        "lets a player throw up his hand",
        ("partnerships.play", "declarations.enabled"),
        "set declarations.enabled: false",
    ),
    (
        lambda r: r.trumps.suit is not None and r.trumps.turn_up,
        "trumps.suit fixes the trumps, but trumps.turn_up turns a card up for them",
        ("trumps.suit", "trumps.turn_up"),
        "set trumps.turn_up: false",
    ),
    (
        lambda r: r.bidding.enabled and r.players.dealer_sits_out_above is not None,
        "the dealer bids last and plays, but players.dealer_sits_out_above may have him sit out",
        ("bidding.enabled", "players.dealer_sits_out_above"),
        "set players.dealer_sits_out_above: null",
    ),
    (
        lambda r: r.bidding.enabled and rank_only(r),
        "a bid counts tricks won, but tricks won by rank alone may be tied and won by nobody",
        ("bidding.enabled", "tricks.winner"),
        "set tricks.winner: suit_and_trumps",
    ),
    # A hand size that changes from deal to deal (1.7.1, D61).
    (
        lambda r: r.deal.sizes.vary is not Vary.FIXED and r.exchange.mode is not ExchangeMode.NONE,
        "the exchanges open to a hand are counted for one hand size, but deal.sizes.vary "
        "changes it from deal to deal",
        ("deal.sizes.vary", "exchange.mode"),
        "set exchange.mode: none, or deal.sizes.vary: fixed",
    ),
    (
        lambda r: r.deal.sizes.vary is not Vary.FIXED and sum(r.deal.packets) != 1,
        "hands whose size changes from deal to deal are dealt one card at a time, but "
        "deal.packets deals more",
        ("deal.sizes.vary", "deal.packets"),
        "set deal.packets: [1]",
    ),
    (
        lambda r: r.deal.sizes.high is not None and r.deal.sizes.low > r.deal.sizes.high,
        "deal.sizes.low is more than deal.sizes.high",
        ("deal.sizes.low", "deal.sizes.high"),
        "set deal.sizes.low at most deal.sizes.high",
    ),
    (
        lambda r: r.session.finish is Finish.END_OF_SCHEDULE and r.deal.sizes.vary not in SCHEDULES,
        "session.finish end_of_schedule ends the session when a schedule of hand sizes is "
        "played through, but deal.sizes.vary deals none",
        ("session.finish", "deal.sizes.vary"),
        "set deal.sizes.vary: down, up, down_up or up_down",
    ),
    (
        lambda r: (
            r.session.finish in (Finish.TARGET_POINTS, Finish.LOSS_LIMIT) and plays_for_pool(r)
        ),
        "session.finish target_points and loss_limit need points, but wagers.scoring is pool",
        ("session.finish", "wagers.scoring"),
        "set wagers.scoring: points, or another session.finish",
    ),
    (
        lambda r: r.session.finish is Finish.UNTIL_SINGLE and r.wagers.scoring is Scoring.POINTS,
        "session.finish until_single waits for a single, but a points race has no pool and "
        "never makes one",
        ("session.finish", "wagers.scoring"),
        "set session.finish: target_points",
    ),
    (
        lambda r: (
            r.session.finish in (Finish.DIVIDE_POOL, Finish.RELEASE_LOOS)
            and r.wagers.scoring is Scoring.POINTS
        ),
        "session.finish divide_pool and release_loos settle a pool, but a points race has none",
        ("session.finish", "wagers.scoring"),
        "set session.finish: target_points",
    ),
    (
        lambda r: r.special_hands.flush.enabled and r.wagers.scoring is Scoring.POINTS,
        "flushes are paid in counters, but wagers.scoring is points",
        ("special_hands.flush.enabled", "wagers.scoring"),
        "set special_hands.flush.enabled: false",
    ),
    (
        lambda r: (
            r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
            and r.wagers.scoring is Scoring.POINTS
        ),
        "Peel's exposed-card single is played for the pool, but wagers.scoring is points",
        ("session.first_deal", "wagers.scoring"),
        "set session.first_deal: normal",
    ),
    (
        lambda r: r.deal.miss and r.partnerships.enabled,
        "a miss is dealt, but partners play with no miss",
        ("deal.miss", "partnerships.enabled"),
        "set deal.miss: false",
    ),
    (
        lambda r: (
            r.partnerships.enabled
            and r.players.dealer_sits_out_above is not None
            and r.players.dealer_sits_out_above < 4
        ),
        "partners are two sides of two, but players.dealer_sits_out_above has the dealer sit out",
        ("players.dealer_sits_out_above", "partnerships.enabled"),
        "set players.dealer_sits_out_above: null",
    ),
    (
        lambda r: r.promoted.card == "jack_of_trumps" and not r.trumps.turn_up,
        "promoted.card jack_of_trumps needs trumps, but trumps.turn_up is false",
        ("promoted.card", "trumps.turn_up"),
        "set trumps.turn_up: true, or name a card in promoted.card",
    ),
    (
        lambda r: rank_only(r) and r.trumps.turn_up,
        "tricks won by rank alone ignore suits, but trumps.turn_up is true",
        ("tricks.winner", "trumps.turn_up"),
        "set trumps.turn_up: false",
    ),
    (
        lambda r: r.leads.first_leader is FirstLeader.MISS_HOLDER and not r.deal.miss,
        "the holder of the miss leads, but no miss is dealt",
        ("leads.first_leader", "deal.miss"),
        "set leads.first_leader: elder_hand, or deal.miss: true",
    ),
    (
        lambda r: r.session.first_deal is FirstDeal.ALL_ANTE_WITH_MISS and not r.deal.miss,
        "the first deal has a miss, but no miss is dealt",
        ("session.first_deal", "deal.miss"),
        "set deal.miss: true, or another session.first_deal",
    ),
    (
        lambda r: r.special_hands.flush.enabled and rank_only(r),
        "flushes need suits, but tricks are won by rank alone",
        ("special_hands.flush.enabled", "tricks.winner"),
        "set special_hands.flush.enabled: false",
    ),
    # The draw after the declarations is made by the players who stood on their own
    # hands: a miss taken while declaring would make a second kind of exchange (D78).
    (
        lambda r: exchanges_after_declarations(r) and r.deal.miss,
        "the exchanges follow the declarations (exchange.timing: after_declarations), but "
        "deal.miss deals a spare hand to take while declaring",
        ("exchange.timing", "deal.miss"),
        "set deal.miss: false, or exchange.timing: with_declaration",
    ),
    # Folded hands gathered into the stock when it runs out (D80) are no longer there to be
    # read when a flush is paid, yet the exemption of the promoted card's holder reads them.
    (
        lambda r: (
            r.exchange.restock in (Restock.DISCARDS_AND_FOLDS, Restock.FOLDS_FIRST)
            and r.special_hands.flush.enabled
            and r.special_hands.flush.exempt_promoted_holder
        ),
        "the folded hands are gathered into the stock when it runs out (exchange.restock), "
        "but a flush's payment exempts the holder of the promoted card, read in the hand he "
        "threw up (special_hands.flush.exempt_promoted_holder)",
        ("exchange.restock", "special_hands.flush.exempt_promoted_holder"),
        "set exchange.restock: discards_only, or special_hands.flush.exempt_promoted_holder: false",
    ),
    # The turn-up as the dealer's own card is in his hand: it cannot be in the stock too,
    # nor be the exposed card of Peel's single, which deals no hands (1.8.4, D77).
    (
        lambda r: r.trumps.turn_up_to is TurnUpTo.DEALER and r.exchange.turnup_drawable,
        "the turn-up is the dealer's own card (trumps.turn_up_to: dealer), but "
        "exchange.turnup_drawable has it drawn from the stock",
        ("trumps.turn_up_to", "exchange.turnup_drawable"),
        "set exchange.turnup_drawable: false",
    ),
    (
        lambda r: (
            r.trumps.turn_up_to is TurnUpTo.DEALER
            and r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
        ),
        "the turn-up is the dealer's own card (trumps.turn_up_to: dealer), but Peel's "
        "exposed-card single deals no hands",
        ("trumps.turn_up_to", "session.first_deal"),
        "set session.first_deal: normal, or trumps.turn_up_to: nobody",
    ),
)
