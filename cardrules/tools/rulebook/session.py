"""The sentence table, section 7: the session (the first dealer, the first deal, the end).

>>> [rule.topic for rule in THE_SESSION][:2]
['The first dealer', 'The first deal']
"""

from __future__ import annotations

from typing import Any

from cardrules.rules.applies import plays_for_pool
from cardrules.rules.model import Finish, FirstDeal, FirstDealer, PeelSingleLooed
from cardrules.tools.rulebook.rule import SESSION, Phrase, Rule

_FINISH: dict[Any, Phrase] = {
    Finish.UNTIL_SINGLE: (
        "at the first single",
        "Once every player has dealt {rounds}, the session ends as soon as the next deal would "
        "be a single.",
    ),
    Finish.EQUAL_DEALS_THEN_NO_LOO: (
        "after equal deals, at a deal without {a_loo}",
        "The session ends when every player has dealt the same number of times, at least "
        "{rounds}; if the last deal of the round has {a_loo}, play goes on until a deal "
        "without one.",
    ),
    Finish.TARGET_POINTS: (
        "first to {target} points",
        "{first_to_score} {target} points wins the game{both_reach}.",
    ),
    Finish.LOSS_LIMIT: (
        "until someone has lost {target} points",
        "The game ends after the deal in which a player's losses reach {target} points in all; "
        "the player who has lost the fewest wins, and those who tie for it share the win.",
    ),
    Finish.FIXED_DEALS: (
        "after {round_s}",
        "The session ends when every player has dealt {rounds}{highest_wins}.",
    ),
    Finish.DIVIDE_POOL: (
        "a quick finish after {round_s}: the {pool} divided",
        "The session ends when every player has dealt {rounds}, just before the first dealer "
        "would deal again, so that all have paid for the same number of deals; whatever is "
        "then in the {pool} is divided equally among all the players, the odd counters going "
        "one each to the players in order of play from the elder hand of the last deal.",
    ),
    Finish.END_OF_SCHEDULE: (
        "when the hand sizes are played through",
        "The session ends when every deal of the hand sizes above has been played "
        "{rounds}; the highest total of points wins, and those who tie for it share the win.",
    ),
    Finish.RELEASE_LOOS: (
        "a quick finish after {round_s}: the last {loos} released",
        "The session ends when every player has dealt {rounds}, just before the first dealer "
        "would deal again. Those who win no trick in the last deal but one are released "
        "from their {loo}; in the last deal every player {stands} on his own "
        "cards{last_no_miss}, nobody may {throw_up}, and nobody is {looed}: its {pool} goes to "
        "the tricks.",
    ),
}


#: Section 7, the session.
THE_SESSION: tuple[Rule, ...] = (
    Rule(
        SESSION,
        "The first dealer",
        ("session.first_dealer",),
        {
            FirstDealer.LOWEST_CUT: (
                "the lowest cut, ace low",
                "To find the first dealer every player cuts: the lowest card "
                "deals, the ace counting low; ties cut again.",
            ),
            FirstDealer.FIRST_KNAVE: (
                "the first knave",
                "The cards are dealt face up round the table, one to each "
                "player in turn: the first to receive a knave deals first.",
            ),
            FirstDealer.HIGHEST_CUT: (
                "the highest cut",
                "To find the first dealer every player cuts: the highest "
                "card deals; ties cut again.",
            ),
            FirstDealer.HIGHEST_PUT_CARD: (
                "the highest Put card",
                "To find the first dealer each cuts: the highest card by "
                "the ranking above deals; ties cut again.",
            ),
            FirstDealer.LOWEST_CARD: (
                "the lowest cut, ace high",
                "To find the first dealer each cuts: the lowest card deals, "
                "the ace counting high; ties cut again.",
            ),
        },
    ),
    Rule(
        SESSION,
        "The first deal",
        ("session.first_deal",),
        {
            FirstDeal.NORMAL: (
                "an ordinary deal",
                "The first deal of a session is an ordinary deal.",
            ),
            FirstDeal.ALL_STAND_NO_MISS: (
                "a single in which all play",
                "The first deal of a session is a single without a miss, in which every player "
                "must play.",
            ),
            FirstDeal.ALL_ANTE_WITH_MISS: (
                "all stake, with a miss",
                "For the first deal of a session every player puts into the {pool} a stake equal "
                "to the dealer's, and a miss is dealt.",
            ),
            FirstDeal.PEEL_EXPOSED_SINGLE: (
                "Peel's exposed-card single",
                "The first deal of a session is Peel's exposed-card single: the dealer turns up "
                "the top card, then gives one card face up to each player; whoever receives the "
                "highest card of the turned-up suit above the turn-up takes the {pool}, and if "
                "nobody does, everyone is looed a single loo and the {pool} stays.",
            ),
        },
        applies=plays_for_pool,
    ),
    Rule(
        SESSION,
        "The dealer's exposed card",
        ("session.peel_single.dealer_receives_card",),
        {
            True: ("dealt", "In the exposed-card single the dealer gives a card to himself too."),
            False: ("not dealt", "In the exposed-card single the dealer gives no card to himself."),
        },
        applies=lambda r: (
            plays_for_pool(r) and r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
        ),
    ),
    Rule(
        SESSION,
        "Looed in the exposed-card single",
        ("session.peel_single.looed",),
        {
            PeelSingleLooed.ALL_OTHERS: (
                "every other player",
                "When one player takes the {pool} of the exposed-card "
                "single, every other player who received a card is looed "
                "a single loo.",
            ),
            PeelSingleLooed.OTHER_SUPERIOR_ONLY: (
                "the other holders of a higher card",
                "When one player takes the {pool} of the exposed-card single, only the others "
                "who received a higher card of the turned-up suit are looed a single loo.",
            ),
        },
        applies=lambda r: (
            plays_for_pool(r) and r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
        ),
    ),
    Rule(
        SESSION,
        "The end",
        ("session.finish", "session.target_points", "session.rounds"),
        _FINISH,
        cites=lambda r: (
            ("session.finish", "session.target_points")
            if r.session.finish in (Finish.TARGET_POINTS, Finish.LOSS_LIMIT)
            else ("session.finish", "session.rounds")
        ),
    ),
)
