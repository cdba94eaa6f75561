"""The sentence table, sections 1 and 2: the players and the pack, and the deal.

>>> [rule.topic for rule in THE_DEAL]  # doctest: +NORMALIZE_WHITESPACE
['The deal', 'The first card', 'The miss', 'Where the miss is dealt', 'Trumps',
 'The bowers', "The dealer's turn-up"]
"""

from __future__ import annotations

from cardrules.rules.applies import (
    first_card_named,
    partnerships_play,
    rank_only,
    trumps_in_play,
    turn_up_held,
)
from cardrules.rules.model import (
    DealStart,
    MissPosition,
    PackName,
    PartnersPlay,
    Rules,
    TurnUpTo,
    Vary,
)
from cardrules.tools.rulebook.rule import D, P, Phrase, Rule
from cardrules.tools.rulebook.terms import terms
from cardrules.tools.rulebook.words import card_words, join_words, num, rank_word, suit_name


def _players(r: Rules) -> Phrase:
    lo, hi, usual = r.players.min, r.max_players, r.players.default
    if lo == hi:
        return f"{lo} players", f"The game is for {num(lo)} players."
    if r.players.max is None:
        return (
            f"{lo} to {hi} players, usually {usual}",
            f"{num(lo)} or more may play, up to {num(hi)}, the most the pack can deal "
            f"to; {num(usual)} is usual.",
        )
    return (
        f"{lo} to {hi} players, usually {usual}",
        f"From {num(lo)} to {num(hi)} players may play; {num(usual)} is usual.",
    )


def _dealer_out(r: Rules) -> Phrase:
    above = r.players.dealer_sits_out_above
    if above is None:
        return "never", "The dealer plays his own hand, however many play."
    t = terms(r)
    miss = f" (nobody plays the miss for the {t.pool})" if r.deal.miss else ""
    return (
        f"with more than {above} players",
        f"When more than {num(above)} play, the dealer stands out of the play, neither "
        "paying nor receiving on the tricks: he shuffles, deals and stakes as dealer and is "
        f"dealt a hand, but he neither declares nor plays, and is never {t.looed} nor pays for "
        f"a flush. The rules below that give the dealer the {t.pool} or a choice bind him only "
        f"when he plays: with him out, if every other player {t.throws_up} nobody takes the "
        f"{t.pool}, which is carried whole to the next deal, and a player who {t.stands} alone "
        f"takes the {t.pool} without play{miss}. His hand is dealt all the same, as the hand of "
        f"a player who {t.throws_up} is: the stock is the smaller by it. (Peel has a player who "
        'withdraws from the game at his turn to deal "not deal any cards to himself"; that is '
        "another arrangement, a player leaving the game, which is not modelled.)",
    )


def _ranks(r: Rules) -> Phrase:
    words = ", ".join(rank_word(x) for x in r.pack.ranks)
    short = " ".join(r.pack.ranks)
    if rank_only(r):
        return short, f"The cards rank {words}, from highest to lowest, whatever their suit."
    return short, f"In each suit the cards rank {words}, from highest to lowest."


def _promoted_card(r: Rules) -> Phrase:
    card, name = r.promoted.card, r.promoted.name
    if card is None:
        return "none", "No card ranks above the trumps: the ace of trumps is the highest card."
    if card == "jack_of_trumps":
        return (
            f"the knave of trumps ({name})",
            f"The knave of the trump suit, called {name}, is the highest card of all, "
            "above the ace of trumps.",
        )
    suit = suit_name(card[-1])
    return (
        f"{card_words(card)} ({name})",
        f"{card_words(card)}, called {name}, is the highest card of all, above the ace of "
        f"trumps. {name} is a trump for every purpose: it follows a trump lead, trumps a "
        f"plain suit and counts among its holder's trumps in the rules of leading, so that "
        f"when {suit} are not trumps it is not one of the {suit}.",
    )


def _dealing(r: Rules) -> Phrase:
    packets = r.deal.packets
    if all(p == 1 for p in packets):
        how = "one at a time"
    else:
        how = "in packets of " + " then ".join(num(p) for p in packets)
    start = "from the player on his left (the elder hand)"
    if r.deal.start is DealStart.DEALER:
        start = "beginning with himself"
    if r.deal.start is DealStart.SEAT0:
        start = "from the first seat at the table, whoever deals"
        if not first_card_named(r):
            start += " (the dealer fixes only who bids and leads first)"
    size, many = str(r.deal.hand_size), num(r.deal.hand_size)
    if r.deal.sizes.vary is not Vary.FIXED:
        size = many = "the deal's number of"  # given by the hand sizes (below)
    return (
        f"{size} cards, {how}",
        f"The dealer gives each player {many} cards, {how}, clockwise "
        f"{start}; the deal passes to the left after every hand.",
    )


def _trumps(r: Rules) -> Phrase:
    """The trumps: a suit fixed for every deal (Spades), a card turned up, or none."""
    if r.trumps.suit is not None:
        suit = suit_name(r.trumps.suit)
        return f"{suit} always", f"No card is turned up: {suit} are always trumps."
    if r.trumps.turn_up:
        return (
            "turned up",
            "The next card is turned face up: its suit is trumps for the deal. "
            "The turn-up belongs to no hand.",
        )
    return "none", "No card is turned up, and there are no trumps."


def _suits(r: Rules) -> Phrase:
    suits = r.pack.suits
    if len(suits) == 4:
        return "all four", "The pack holds all four suits."
    names = join_words([suit_name(x) for x in suits])
    return names, f"Only the {names} of the pack are used: the other suits are left out."


#: Section 1, players and pack.
PLAYERS_AND_PACK: tuple[Rule, ...] = (
    Rule(P, "Players", ("players.min", "players.max", "players.default"), _players),
    Rule(
        P,
        "Partners",
        ("partnerships.enabled",),
        {
            True: (
                "two sides of two",
                "The players form two sides of two, partners sitting opposite; partners win and "
                "lose together.",
            ),
            False: ("each for himself", "Each player plays for himself."),
        },
        quiet=lambda r: not r.partnerships.enabled,
    ),
    Rule(
        P,
        "Who plays",
        ("partnerships.play",),
        {
            PartnersPlay.RECEIVERS: (
                "one of each side",
                "On each side one partner plays for both, the other giving him a card and "
                "taking no further part.",
            ),
            PartnersPlay.ALL: (
                "all four, by sides",
                "All four play, each his own hand; the tricks two partners take count together "
                "for their side, and each partner scores what his side scores.",
            ),
        },
        applies=lambda r: r.partnerships.enabled,
        # Where one partner plays, the rules of passing to him (section 3) say so.
        quiet=partnerships_play,
    ),
    Rule(
        P,
        "The dealer standing out",
        ("players.dealer_sits_out_above",),
        _dealer_out,
        applies=lambda r: r.max_players > 2 and not r.partnerships.enabled,
        quiet=lambda r: r.players.dealer_sits_out_above is None,
    ),
    Rule(
        P,
        "The pack",
        ("pack.cards",),
        {
            PackName.FULL52: ("52 cards", "The full pack of 52 cards is used."),
            PackName.PIQUET32: (
                "32 cards",
                "A piquet or bezique pack of 32 cards is used: the ace, king, "
                "queen, knave, 10, 9, 8 and 7 of each suit.",
            ),
            PackName.LISTED: (
                "the ranks listed",
                "The pack holds only the ranks named below, in each suit it uses.",
            ),
        },
    ),
    Rule(P, "The suits", ("pack.suits",), _suits, quiet=lambda r: len(r.pack.suits) == 4),
    Rule(P, "The ranking", ("pack.ranks",), _ranks),
    Rule(
        P,
        "The promoted card",
        ("promoted.card", "promoted.name"),
        _promoted_card,
        applies=lambda r: trumps_in_play(r) or r.promoted.card is not None,
        quiet=lambda r: r.promoted.card is None,
    ),
)


#: Section 2, the deal.
THE_DEAL: tuple[Rule, ...] = (
    Rule(
        D,
        "The deal",
        ("deal.hand_size", "deal.packets", "deal.start"),
        _dealing,
        also_marks=("deal.sizes.vary",),  # the sentence says the size where it is fixed
    ),
    Rule(
        D,
        "The first card",
        ("deal.start",),
        {
            DealStart.DEALER_LEFT: (
                "the dealer's left",
                "The first card goes to the dealer's left.",
            ),
            DealStart.SEAT0: (
                "the first seat",
                "The first card goes to the first seat at the table, whoever deals.",
            ),
            DealStart.DEALER: ("the dealer", "The first card goes to the dealer himself."),
        },
        in_book=False,
    ),
    Rule(
        D,
        "The miss",
        ("deal.miss",),
        {
            True: (
                "dealt",
                "A spare hand of {hand} cards, the miss, is dealt face down as if to "
                "another player.",
            ),
            False: ("not dealt", "No spare hand (miss) is dealt."),
        },
        quiet=lambda r: not r.deal.miss and not r.declarations.enabled,
    ),
    Rule(
        D,
        "Where the miss is dealt",
        ("deal.miss_position",),
        {
            MissPosition.AFTER_DEALER_EACH_ROUND: (
                "after the dealer in each round",
                "In each round of the deal the miss is served immediately after the dealer.",
            ),
            MissPosition.FIRST_EACH_ROUND: (
                "first in each round",
                "In each round of the deal the miss is served first, before the elder hand.",
            ),
            MissPosition.BLOCK_AT_END: (
                "all together at the end",
                "The miss receives all its cards together, after every hand has been dealt.",
            ),
        },
        applies=lambda r: r.deal.miss,
    ),
    Rule(D, "Trumps", ("trumps.turn_up", "trumps.suit"), _trumps, quiet=turn_up_held),
    Rule(
        D,
        "The bowers",
        ("trumps.bowers",),
        {
            True: (
                "the knaves of the trump colour",
                "The knave of trumps (the right bower) is the highest trump, and the other "
                "knave of the same colour (the left bower) the next: it counts as a trump, "
                "not as a card of its own suit.",
            ),
            False: ("none", "Each knave ranks in its own suit, below the queen."),
        },
        applies=trumps_in_play,
        quiet=lambda r: not r.trumps.bowers,
    ),
    Rule(
        D,
        "The dealer's turn-up",
        ("trumps.turn_up_to",),
        {
            TurnUpTo.NOBODY: ("nobody's card", "The turn-up belongs to no hand."),
            TurnUpTo.DEALER: (
                "the dealer's last card",
                "The dealer's last card is dealt face up: its suit is trumps for the deal. It "
                "stays one of his cards, and he may play it like any other.",
            ),
        },
        applies=lambda r: r.trumps.turn_up,
        quiet=lambda r: r.trumps.turn_up_to is TurnUpTo.NOBODY,
    ),
)
