"""The rulebook of a variant in plain English, generated from the rules model.

Every option of the model has one sentence template per value (the table
:data:`RULES`): ``following.trump_when_void: if_can_head`` reads "A player who
cannot follow suit must trump if a trump would head the trick ...". A rulebook
is those sentences, in numbered sections (players and pack, the deal,
declaring, the play, special hands, settlement, the session), leaving out what
does not apply to the game (no flush rules when flushes do not count, no
challenges in Loo). Each rule cites the consolidated rules it follows (the
field's ``source``: a rule number such as 1.1.12.3, or a disagreement between
the old texts such as D17), and a rule that a house rule changed is marked
with the house rule's name. :mod:`cardrules.tools.rulediff` uses the same table to
state the differences between two variants.

``python -m cardrules.tools.rulebook --write docs/rules`` writes the rulebook of
every bundled game, alone and with each house rule written for it.

>>> from cardrules.rules.model import Rules
>>> print(option_sentence("following.trump_when_void", Rules()))  # doctest: +NORMALIZE_WHITESPACE
A player who cannot follow suit must trump if a trump would head the trick (overtrumping
if the trick is already trumped); otherwise he may play any card.
>>> text = describe_variant("five-card-loo", ["club-law"])
>>> marked = [line for line in text.splitlines() if "house rule: club-law" in line]
>>> len(marked), marked[0].startswith("**3.3** Club Law: whenever a club is turned up")
(1, True)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules.cards import SUIT_NAMES, SUITS
from cardrules.rules.model import (
    AllPass,
    Ante,
    BeCivil,
    ChallengeModel,
    EqualRanks,
    ExchangeMode,
    Finish,
    FirstDeal,
    FirstDealer,
    FirstLeader,
    FlushDeclare,
    FlushDestination,
    FlushExactTie,
    FlushNextDeal,
    FlushOrder,
    FlushPayers,
    FlushSameClass,
    LoneStander,
    LooMode,
    MissPosition,
    MixedFloor,
    OneTrickTwoTies,
    PackName,
    PamAndAce,
    PassCard,
    PeelSingleLooed,
    PlayedOutValue,
    ReceiverDiscard,
    Remainder,
    Rules,
    Scoring,
    SingleDefinition,
    SingleLoo,
    ThreeTies,
    TiedTrickLeader,
    TrickAndTie,
    TrickWinner,
    TrumpAfterTrick,
    TrumpAfterTrickScope,
    TrumpWhenVoid,
    TwoOrMoreTrumps,
    UnlimitedBasis,
    UnopposedHolder,
    field_class,
)

__all__ = [
    "RULES",
    "SECTION_TITLES",
    "Rule",
    "citation",
    "describe_variant",
    "option_sentence",
    "render",
    "rulebook",
    "rulebooks",
    "value_of",
]

#: The numbered sections of a rulebook, in order.
SECTION_TITLES = (
    "Players and pack",
    "The deal",
    "Declaring",
    "The play",
    "Special hands",
    "Settlement",
    "The session",
)

#: ``(short phrase, sentence)`` templates; ``{word}`` fields come from :func:`_words`.
Phrase = tuple[str, str]
Phrases = Mapping[Any, Phrase] | Callable[[Rules], Phrase]
Test = Callable[[Rules], bool]


def _always(r: Rules) -> bool:
    return True


def _never(r: Rules) -> bool:
    return False


@attrs.frozen
class Rule:
    """One rule of a rulebook: the options it states and its sentence for each value.

    ``keys`` are dotted model paths; the first chooses the template from
    ``phrases`` (a mapping from each of its values), or ``phrases`` computes
    the templates from the rules. ``topic`` names the rule in differences.
    ``applies`` says whether the rule matters in a game; ``quiet`` leaves an
    uninformative value out of a rulebook (unless a house rule changed it).
    A rule with ``in_diff`` false only restates another's option. ``cites``
    picks the keys whose sources the rule cites (default: all of ``keys``).
    """

    section: int
    topic: str
    keys: tuple[str, ...]
    phrases: Phrases
    applies: Test = _always
    quiet: Test = _never
    in_diff: bool = True
    cites: Callable[[Rules], tuple[str, ...]] | None = None


# --------------------------------------------------------------------------- words

_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
_SHARES = {
    1: "the whole",
    2: "a half",
    3: "a third",
    4: "a quarter",
    5: "a fifth",
    6: "a sixth",
    7: "a seventh",
    8: "an eighth",
    9: "a ninth",
    10: "a tenth",
}
_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "10", "10": "10"}


def _num(n: int) -> str:
    """A small number in words: ``_num(3) == "three"``."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{_num(n)} times")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _rank_word(rank: str) -> str:
    return _RANK_WORDS.get(rank, rank)


def _suit_name(letter: str) -> str:
    return SUIT_NAMES[SUITS.index(letter)]


def _card_words(text: str) -> str:
    """``JC`` as words: ``the knave of clubs``."""
    rank, suit = text[:-1], text[-1]
    return f"the {_rank_word(rank)} of {_suit_name(suit)}"


def _join(words: Sequence[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _words(r: Rules) -> dict[str, Any]:
    """The values sentence templates may use, as words."""
    hand = r.deal.hand_size
    w = r.wagers
    return {
        "pam": r.promoted.name if r.promoted.card else "the promoted card",
        "hand": _num(hand),
        "hand_less": _num(hand - 1),
        "share": _SHARES.get(hand, f"1/{hand}"),
        "stake_deal": w.stake_deal,
        "stake_loo": w.stake_loo,
        "half_loo": w.stake_loo // 2,
        "mixed_cap": w.mixed_cap,
        "loo_counters": _plural(w.stake_loo, "counter"),
        "cap_counters": _plural(w.mixed_cap, "counter"),
        "target": r.session.target_points,
        "point": _plural(r.challenges.point, "point"),
        "rounds": _times(r.session.rounds),
        "round_s": _plural(r.session.rounds, "round"),
        "on_miss_too": " (on his own hand or on the miss)" if r.deal.miss else "",
        "elder_in_play": (
            "the partner who plays for the side on the dealer's left"
            if r.partnerships.enabled
            else "the player nearest the dealer's left who is in the play"
        ),
        "miss_untaken": " and nobody has taken the miss" if r.deal.miss else "",
    }


# --------------------------------------------------------------------------- applicability


def _declaring(r: Rules) -> bool:
    return r.declarations.enabled


def _throwing_up(r: Rules) -> bool:
    return r.declarations.enabled and r.declarations.allow_throw_up


def _with_miss(r: Rules) -> bool:
    return r.deal.miss and r.declarations.enabled


def _suits_and_trumps(r: Rules) -> bool:
    return r.trumps.turn_up and r.tricks.winner is TrickWinner.SUIT_AND_TRUMPS


def _promoted(r: Rules) -> bool:
    return r.promoted.card is not None and _suits_and_trumps(r)


def _lead_duties(r: Rules) -> bool:
    return r.leads.enforced and _suits_and_trumps(r)


def _first_lead_duties(r: Rules) -> bool:
    return _lead_duties(r) and not r.leads.cassell_highest


def _exchanging(r: Rules) -> bool:
    return r.declarations.enabled and r.exchange.mode is not ExchangeMode.NONE


def _flush(r: Rules) -> bool:
    return r.special_hands.flush.enabled and r.tricks.winner is TrickWinner.SUIT_AND_TRUMPS


def _pool(r: Rules) -> bool:
    return r.wagers.scoring is Scoring.POOL


def _challenges(r: Rules) -> bool:
    return r.challenges.enabled


def _partners(r: Rules) -> bool:
    return r.partnerships.enabled


def _rank_only(r: Rules) -> bool:
    return r.tricks.winner is TrickWinner.RANK_ONLY


# --------------------------------------------------------------------------- computed phrases


def _players(r: Rules) -> Phrase:
    lo, hi, usual = r.players.min, r.max_players, r.players.default
    if lo == hi:
        return f"{lo} players", f"The game is for {_num(lo)} players."
    if r.players.max is None:
        return (
            f"{lo} to {hi} players, usually {usual}",
            f"{_num(lo)} or more may play, up to {_num(hi)}, the most the pack can deal "
            f"to; {_num(usual)} is usual.",
        )
    return (
        f"{lo} to {hi} players, usually {usual}",
        f"From {_num(lo)} to {_num(hi)} players may play; {_num(usual)} is usual.",
    )


def _dealer_out(r: Rules) -> Phrase:
    above = r.players.dealer_sits_out_above
    if above is None:
        return "never", "The dealer plays his own hand, however many play."
    return (
        f"with more than {above} players",
        f"When more than {_num(above)} play, the dealer stands out of the play, neither "
        "paying nor receiving on the tricks.",
    )


def _ranks(r: Rules) -> Phrase:
    words = ", ".join(_rank_word(x) for x in r.pack.ranks)
    short = " ".join(r.pack.ranks)
    if r.tricks.winner is TrickWinner.RANK_ONLY:
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
    suit = _suit_name(card[-1])
    return (
        f"{_card_words(card)} ({name})",
        f"{_card_words(card)}, called {name}, is the highest card of all, above the ace of "
        f"trumps. {name} is a trump for every purpose: it follows a trump lead, trumps a "
        f"plain suit and counts among its holder's trumps in the rules of leading, so that "
        f"when {suit} are not trumps it is not one of the {suit}.",
    )


def _dealing(r: Rules) -> Phrase:
    packets = r.deal.packets
    if all(p == 1 for p in packets):
        how = "one at a time"
    else:
        how = "in packets of " + " then ".join(_num(p) for p in packets)
    return (
        f"{r.deal.hand_size} cards, {how}",
        f"The dealer gives each player {_num(r.deal.hand_size)} cards, {how}, clockwise "
        "from the player on his left (the elder hand); the deal passes to the left after "
        "every hand.",
    )


def _forced(r: Rules) -> Phrase:
    suits = r.declarations.forced_play.turn_up_suits
    if not suits:
        return "never", "No turn-up obliges every player to stand."
    names = _join([_suit_name(s)[:-1] for s in suits], "or")
    label = "Club Law: w" if tuple(suits) == ("C",) else "W"
    article = "an" if names[0] in "aeiou" else "a"
    return (
        f"when {article} {names} is turned up",
        f"{label}henever {article} {names} is turned up, every player must stand on his own "
        f"cards: nobody may throw up{_no_miss_no_exchange(r)}.",
    )


def _no_miss_no_exchange(r: Rules) -> str:
    parts = []
    if r.deal.miss:
        parts.append("the miss is withdrawn and put with the undealt cards unexposed")
    if r.exchange.mode is not ExchangeMode.NONE:
        parts.append("nobody exchanges")
    return "".join((", and " if i == len(parts) - 1 else ", ") + p for i, p in enumerate(parts))


def _on_single(r: Rules) -> Phrase:
    if not r.declarations.forced_play.on_single:
        return "declared as usual", "A single is declared like any other deal."
    return (
        "everyone stands",
        "In a single (a deal whose pool is only the dealer's stake) every player must stand "
        f"on his own cards: nobody may throw up{_no_miss_no_exchange(r)}.",
    )


def _take_miss(r: Rules) -> Phrase:
    return (
        "may be taken",
        "Instead of standing on his own cards, a player may take the miss: he lays his own "
        "hand aside face down, unexposed, and takes up the miss sight unseen; he must then "
        "play. Once the miss is taken, later players may only stand or throw up; a miss "
        "nobody takes is set aside unexposed.",
    )


def _stake(r: Rules) -> Phrase:
    n = r.wagers.stake_deal
    return f"{n} counters", f"The stake for a deal is {_plural(n, 'counter')}."


_LOOED = (
    "A player who stood{on_miss_too} and won no trick is looed: he pays "
    "into the pool for the next deal "
)

_LOO: dict[Any, Phrase] = {
    LooMode.LIMITED: ("a fixed {stake_loo} counters", _LOOED + "a loo of {loo_counters}."),
    LooMode.UNLIMITED: (
        "the pool played for",
        _LOOED + "a loo equal to the pool that was played for (unlimited loo); "
        "the stake for the deal is unchanged.",
    ),
    LooMode.MIXED: (
        "the pool played for, at most {mixed_cap}",
        _LOOED + "a loo equal to the pool that was played for, but never more than "
        "{cap_counters} (mixed loo).",
    ),
}

_FINISH: dict[Any, Phrase] = {
    Finish.UNTIL_SINGLE: (
        "at the first single",
        "Once every player has dealt {rounds}, the session ends as soon as the next deal would "
        "be a single.",
    ),
    Finish.EQUAL_DEALS_THEN_NO_LOO: (
        "after equal deals, at a deal without a loo",
        "The session ends when every player has dealt the same number of times, at least "
        "{rounds}; if the last deal of the round has a loo, play goes on until a deal without "
        "one.",
    ),
    Finish.TARGET_POINTS: (
        "first to {target} points",
        "The first to score {target} points wins the game.",
    ),
    Finish.FIXED_DEALS: (
        "after {round_s}",
        "The session ends when every player has dealt {rounds}.",
    ),
}


def _point(r: Rules) -> Phrase:
    return (
        "{point}",
        "A throw-up, a declined lead or a refused put scores {point} to the opponent.",
    )


# --------------------------------------------------------------------------- the table

P, D, DECL, PLAY, SPECIAL, SETTLE, SESSION = range(1, 8)

RULES: tuple[Rule, ...] = (
    # 1. Players and pack -------------------------------------------------------------
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
        },
    ),
    Rule(P, "The ranking", ("pack.ranks",), _ranks),
    Rule(
        P,
        "The promoted card",
        ("promoted.card", "promoted.name"),
        _promoted_card,
        applies=lambda r: r.trumps.turn_up or r.promoted.card is not None,
        quiet=lambda r: r.promoted.card is None,
    ),
    # 2. The deal ---------------------------------------------------------------------
    Rule(D, "The deal", ("deal.hand_size", "deal.packets"), _dealing),
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
    Rule(
        D,
        "Trumps",
        ("trumps.turn_up",),
        {
            True: (
                "turned up",
                "The next card is turned face up: its suit is trumps for the deal. "
                "The turn-up belongs to no hand.",
            ),
            False: ("none", "No card is turned up, and there are no trumps."),
        },
    ),
    # 3. Declaring (and exchanging) ---------------------------------------------------
    Rule(
        DECL,
        "Declaring",
        ("declarations.enabled",),
        {
            True: (
                "in turn before the play",
                "Beginning with the elder hand and ending with the dealer, each player in turn "
                'looks at his cards and declares whether he will stand ("I play") and play '
                "the deal. No declaration may be altered, and whoever stands must play the deal "
                "out.",
            ),
            False: (
                "none",
                "Nobody declares before the play: every player takes part in every deal.",
            ),
        },
    ),
    Rule(
        DECL,
        "Throwing up",
        ("declarations.allow_throw_up",),
        {
            True: (
                "allowed",
                "Instead of standing, a player may throw up his hand: he takes no "
                "part in the deal, paying and receiving nothing.",
            ),
            False: ("not allowed", "Nobody may throw up his hand: every player must play."),
        },
        applies=_declaring,
    ),
    Rule(
        DECL, "The miss", ("deal.miss",), lambda r: _take_miss(r), applies=_with_miss, in_diff=False
    ),
    Rule(
        DECL,
        "Forced play",
        ("declarations.forced_play.turn_up_suits",),
        _forced,
        applies=lambda r: r.declarations.enabled and r.trumps.turn_up,
        quiet=lambda r: not r.declarations.forced_play.turn_up_suits,
    ),
    Rule(
        DECL,
        "Forced play in a single",
        ("declarations.forced_play.on_single",),
        _on_single,
        applies=_declaring,
        quiet=lambda r: not r.declarations.forced_play.on_single,
    ),
    Rule(
        DECL,
        "Everyone throws up",
        ("declarations.all_pass",),
        {
            AllPass.DEALER_TAKES_POOL: (
                "the dealer takes the pool",
                "If every player before the dealer throws up{miss_untaken}, the dealer takes the "
                "pool without play, whatever his cards.",
            ),
        },
        applies=_throwing_up,
    ),
    Rule(
        DECL,
        "A lone stander",
        ("declarations.lone_stander",),
        {
            LoneStander.DEALER_PLAYS_MISS_FOR_POOL: (
                "the dealer must play the miss for the pool",
                "If only one player stands on his own hand, all the others before the dealer "
                "having thrown up and the miss being untaken, the dealer may stand, or take the "
                "miss and play it as his own; if he will do neither, he must play the miss against "
                "the lone player for the benefit of the pool: what the miss wins stays in the pool "
                "for the next deal, and the dealer neither receives nor pays.",
            ),
            LoneStander.DEALER_MAY_CONCEDE: (
                "the dealer may give up the stakes",
                "If only one player stands, all the others before the dealer having thrown up, the "
                "dealer may play against him or give up the stakes: the lone player then takes the "
                "pool without play.",
            ),
            LoneStander.STANDER_TAKES_POOL_IF_DEALER_THROWS_UP: (
                "the stander takes the pool if the dealer throws up",
                "If only one player stands, all the others before the dealer having thrown up, the "
                "dealer may stand and play against him; if the dealer throws up, the lone stander "
                "takes the pool without play.",
            ),
        },
        applies=_throwing_up,
    ),
    Rule(
        DECL,
        "The miss played for the pool",
        ("declarations.miss_for_pool_looed",),
        {
            True: (
                "looed",
                "If the miss played for the pool wins no trick, the dealer pays a loo "
                "for it into the pool.",
            ),
            False: (
                "not looed",
                "The miss played for the pool is not looed when it wins no trick.",
            ),
        },
        applies=lambda r: (
            _throwing_up(r)
            and r.deal.miss
            and r.declarations.lone_stander is LoneStander.DEALER_PLAYS_MISS_FOR_POOL
        ),
    ),
    Rule(
        DECL,
        "The holder of the miss unopposed",
        ("declarations.miss_holder_unopposed",),
        {
            UnopposedHolder.TAKES_POOL: (
                "takes the pool",
                "If all the others before the dealer have thrown up except one who took the miss, "
                "and the dealer throws up too, the holder of the miss takes the pool without "
                "play.",
            ),
        },
        applies=lambda r: _throwing_up(r) and r.deal.miss,
    ),
    Rule(
        DECL,
        "Exchanging",
        ("exchange.mode",),
        {
            ExchangeMode.NONE: ("none", "Nobody exchanges cards with the stock."),
            ExchangeMode.ONCE_ANY_NUMBER: (
                "once, any number of cards",
                "A player who stands may exchange, once, any number of his cards: he lays them "
                "face down and the dealer gives him as many from the top of the stock. There is no "
                "second exchange, and a card laid out cannot be taken back.",
            ),
        },
        applies=_declaring,
        quiet=lambda r: r.exchange.mode is ExchangeMode.NONE and not r.deal.miss,
    ),
    Rule(
        DECL,
        "After exchanging",
        ("exchange.exchanger_must_play",),
        {
            True: ("must play", "Having exchanged, a player may not throw up: he must play."),
            False: (
                "may still throw up",
                "Having exchanged, a player may still throw up his hand.",
            ),
        },
        applies=_exchanging,
    ),
    Rule(
        DECL,
        "The turn-up in exchange",
        ("exchange.turnup_drawable",),
        {
            True: (
                "may be drawn",
                "The turn-up goes to the bottom of the stock and may be drawn "
                "in exchange when the cards above it are gone.",
            ),
            False: (
                "never drawn",
                "The turn-up is never drawn in exchange, and nobody may "
                "exchange more cards than the stock still holds.",
            ),
        },
        applies=lambda r: _exchanging(r) and r.trumps.turn_up,
    ),
    Rule(
        DECL,
        "Passing to a partner",
        ("partnerships.pass_card",),
        {
            PassCard.BEST: (
                "his best card",
                "Before the play the partners on each side settle which of them is to play; the "
                "other gives him his best card by the ranking above, lays his other cards face "
                "down and takes no further part.",
            ),
            PassCard.ANY: (
                "any card",
                "Before the play the partners on each side settle which of them is to play; the "
                "other gives him any one of his cards, lays the rest face down and takes no "
                "further part.",
            ),
        },
        applies=_partners,
    ),
    Rule(
        DECL,
        "The receiver's discard",
        ("partnerships.receiver_discard",),
        {
            ReceiverDiscard.ANY: (
                "any card",
                "The player who receives the card lays out any one of his own in lieu of it.",
            ),
            ReceiverDiscard.WORST: (
                "his worst card",
                "The player who receives the card lays out his worst card in lieu of it.",
            ),
        },
        applies=_partners,
    ),
    # 4. The play ---------------------------------------------------------------------
    Rule(
        PLAY,
        "The first leader",
        ("leads.first_leader",),
        {
            FirstLeader.ELDER_HAND: ("the elder hand", "{elder_in_play} leads to the first trick."),
            FirstLeader.MISS_HOLDER: (
                "the holder of the miss",
                "The player who took the miss leads to the first trick; if nobody took it, "
                "{elder_in_play} leads.",
            ),
        },
    ),
    Rule(
        PLAY,
        "Duties of the leader",
        ("leads.enforced",),
        {
            True: (
                "bound by the rules of leading",
                "The leader is bound by the rules of leading that follow.",
            ),
            False: ("free", "The leader is free: any card may be led."),
        },
        quiet=lambda r: r.leads.enforced,
    ),
    Rule(
        PLAY,
        "Cassell's first lead",
        ("leads.cassell_highest",),
        {
            True: (
                "highest trump, or highest card",
                "The leader to the first trick must lead his highest trump, or with no trump his "
                "highest card.",
            ),
            False: (
                "not required",
                "The leader to the first trick need not lead his highest card.",
            ),
        },
        applies=_lead_duties,
        quiet=lambda r: not r.leads.cassell_highest,
    ),
    Rule(
        PLAY,
        "The ace of trumps on the first lead",
        ("leads.ace_compulsory",),
        {
            True: (
                "must be led",
                "Holding the ace of trumps, the leader to the first trick must lead it.",
            ),
            False: (
                "need not be led",
                "The leader to the first trick need not lead the ace of trumps.",
            ),
        },
        applies=_first_lead_duties,
    ),
    Rule(
        PLAY,
        "The king when the ace is turned up",
        ("leads.king_if_ace_turned",),
        {
            True: (
                "must be led",
                "If the ace of trumps is the turn-up, the holder of the king of "
                "trumps must lead it to the first trick.",
            ),
            False: (
                "need not be led",
                "If the ace of trumps is the turn-up, the holder of the king need not lead it.",
            ),
        },
        applies=_first_lead_duties,
    ),
    Rule(
        PLAY,
        "The promoted card with the ace",
        ("leads.pam_and_ace",),
        {
            PamAndAce.PAM_IS_HIGHEST: (
                "{pam}, the highest trump",
                "Holding both {pam} and the ace of trumps, the leader to the first trick leads "
                "{pam}, his highest trump.",
            ),
            PamAndAce.ACE_COMPULSORY: (
                "the ace",
                "Holding both {pam} and the ace of trumps, the leader to the first trick must lead "
                "the ace.",
            ),
        },
        applies=lambda r: (
            _first_lead_duties(r)
            and _promoted(r)
            and r.leads.ace_compulsory
            and r.leads.two_or_more_trumps is TwoOrMoreTrumps.HIGHEST
        ),
    ),
    Rule(
        PLAY,
        "Two or more trumps on the first lead",
        ("leads.two_or_more_trumps",),
        {
            TwoOrMoreTrumps.HIGHEST: (
                "the highest",
                "Otherwise, holding two or more trumps, the leader to the first trick must lead the "
                "highest of them; with one trump or none he may lead any card.",
            ),
            TwoOrMoreTrumps.ANY_TRUMP: (
                "any trump",
                "Otherwise, holding two or more trumps, the leader to the first trick must lead one "
                "of them, any one he chooses; with one trump or none he may lead any card.",
            ),
            TwoOrMoreTrumps.FREE: (
                "any card",
                "Otherwise the leader to the first trick may lead any card, however many trumps he "
                "holds.",
            ),
        },
        applies=_first_lead_duties,
    ),
    Rule(
        PLAY,
        "Trump after trick",
        ("leads.trump_after_trick",),
        {
            TrumpAfterTrick.HIGHEST_TRUMP: (
                "his highest trump",
                "A player who has won a trick and still holds a trump must lead a trump to the "
                "next trick, the highest if he holds more than one.",
            ),
            TrumpAfterTrick.ANY_TRUMP: (
                "any trump",
                "A player who has won a trick and still holds a trump must lead a trump to the "
                "next trick, any one he chooses.",
            ),
            TrumpAfterTrick.NONE: (
                "any card",
                "The winner of a trick may lead any card to the next.",
            ),
        },
        applies=_lead_duties,
    ),
    Rule(
        PLAY,
        "Who must lead trumps",
        ("leads.trump_after_trick_scope",),
        {
            TrumpAfterTrickScope.FIRST_TRICK: (
                "the winner of the first trick",
                "This duty binds only the winner of the first trick; later leads are free.",
            ),
            TrumpAfterTrickScope.EVERY_TRICK: (
                "the winner of every trick",
                "This duty binds the winner of every trick.",
            ),
        },
        applies=lambda r: _lead_duties(r) and r.leads.trump_after_trick is not TrumpAfterTrick.NONE,
    ),
    Rule(
        PLAY,
        "Following suit",
        ("following.follow_suit",),
        {
            True: ("required", "Each player must follow suit if he can."),
            False: (
                "not required",
                "Suits need not be followed: any card may be played to a trick.",
            ),
        },
    ),
    Rule(
        PLAY,
        "Heading the trick",
        ("following.head_trick",),
        {
            True: (
                "required",
                "A player following suit must head the trick if he can, that is, play a card "
                "higher than the best card of the suit led so far, unless the trick has already "
                "been trumped; when trumps are led, each must beat the highest trump so far if "
                "he can.",
            ),
            False: (
                "not required",
                "A player following suit may play any card of the suit; he "
                "need not head the trick.",
            ),
        },
        applies=lambda r: r.following.follow_suit and not _rank_only(r),
    ),
    Rule(
        PLAY,
        "Trumping when void",
        ("following.trump_when_void",),
        {
            TrumpWhenVoid.IF_CAN_HEAD: (
                "only to head the trick",
                "A player who cannot follow suit must trump if a trump would head the trick "
                "(overtrumping if the trick is already trumped); otherwise he may play any card.",
            ),
            TrumpWhenVoid.ALWAYS: (
                "always",
                "A player who cannot follow suit must play a trump if he holds one, overtrumping "
                "if the trick is already trumped and he can; a trump that cannot head the trick "
                "must still be played.",
            ),
            TrumpWhenVoid.NEVER: (
                "never required",
                "A player who cannot follow suit may play any card; he need not trump.",
            ),
        },
        applies=lambda r: r.following.follow_suit and _suits_and_trumps(r),
    ),
    Rule(
        PLAY,
        '"Pam, be civil"',
        ("following.be_civil",),
        {
            BeCivil.UNLESS_REVOKE: (
                "unless it would be a revoke",
                '"{pam}, be civil": when the ace of trumps is led, the holder of {pam} must not '
                "win the trick with {pam} if he holds another trump; if {pam} is his only trump he "
                "may play it.",
            ),
            BeCivil.STRICT: (
                "strictly",
                '"{pam}, be civil": when the ace of trumps is led, the holder of {pam} must let '
                "the ace pass, playing any other card, even when {pam} is his only trump; he plays "
                "{pam} only if it is his last card.",
            ),
            BeCivil.OFF: (
                "not required",
                "{pam} need not be civil: when the ace of trumps is led, the holder of {pam} may "
                "win the trick with it.",
            ),
        },
        applies=lambda r: r.following.follow_suit and _promoted(r),
    ),
    Rule(
        PLAY,
        "Winning a trick",
        ("tricks.winner",),
        {
            TrickWinner.SUIT_AND_TRUMPS: (
                "by suit and trumps",
                "A trick is won by the highest trump in it, or if it holds no trump, by the highest "
                "card of the suit led; the winner leads to the next trick.",
            ),
            TrickWinner.RANK_ONLY: (
                "by rank alone",
                "A trick is won by the card of highest rank, whatever its suit; the winner leads to "
                "the next trick.",
            ),
        },
    ),
    Rule(
        PLAY,
        "Equal ranks",
        ("tricks.equal_ranks",),
        {
            EqualRanks.TIE: (
                "a tie",
                "If the two highest cards are of equal rank, the trick is "
                "tied and belongs to neither.",
            ),
            EqualRanks.FIRST_PLAYED_WINS: (
                "the first played wins",
                "Of two cards of equal rank, the one played first wins.",
            ),
        },
        applies=_rank_only,
    ),
    Rule(
        PLAY,
        "After a tied trick",
        ("tricks.tied_trick_leader",),
        {
            TiedTrickLeader.SAME_LEADER: (
                "the same leader",
                "After a tied trick, the player who led to it leads again.",
            ),
        },
        applies=lambda r: _rank_only(r) and r.tricks.equal_ranks is EqualRanks.TIE,
    ),
    Rule(
        PLAY,
        "Challenges",
        ("challenges.enabled",),
        {
            True: (
                "made",
                'Throwing up and putting ("I put") are challenges made during the '
                "play, as follows.",
            ),
            False: (
                "not made",
                "There are no challenges: nobody throws up or puts during the play.",
            ),
        },
        quiet=lambda r: not r.challenges.enabled,
    ),
    Rule(
        PLAY,
        "Who may challenge, and when",
        ("challenges.model",),
        {
            ChallengeModel.HOYLE: (
                "Hoyle's",
                "Before leading to the first trick the non-dealer may throw up his cards, and the "
                "dealer scores {point}. Once the first trick is played, the non-dealer must either "
                'say "I put" or throw up, the dealer then scoring {point}; a put the dealer '
                "refuses scores {point} to the non-dealer, and a put he sees is played out.",
            ),
            ChallengeModel.ENQUIRE_WITHIN: (
                "Enquire Within's",
                'The adversary of the first leader may say "I put" before playing to the lead. '
                'Once the first trick is played, the eldest hand either says "I put" or throws '
                "his cards on the pack, his adversary then scoring {point}. A put refused scores "
                "{point} to the putter; a put seen is played out.",
            ),
            ChallengeModel.PARLETT: (
                "Parlett's",
                "Either player, when about to lead to a trick, may throw in his cards (his "
                'opponent scoring {point}), lead in silence, or say "I put": his opponent then '
                "refuses, the putter scoring {point}, or sees it and the deal is played out.",
            ),
            ChallengeModel.COTTON: (
                "Cotton's",
                'Only the non-dealer may say "I put", before his first lead: his opponent '
                "refuses, the putter scoring {point}, or sees it and the deal is played out.",
            ),
        },
        applies=_challenges,
    ),
    Rule(
        PLAY,
        "Declining a lead",
        ("challenges.follower_may_concede",),
        {
            True: (
                "allowed",
                "A player may decline to play to his opponent's lead, conceding {point}.",
            ),
            False: ("not allowed", "A player must play to his opponent's lead."),
        },
        applies=_challenges,
    ),
    Rule(
        PLAY,
        "Abiding a put",
        ("challenges.put_binding",),
        {
            True: (
                "binding",
                "Once a put is seen, neither player may throw up: both must abide "
                "the event of the deal.",
            ),
            False: (
                "not binding",
                "Even after a put is seen, a player may throw up, conceding the game.",
            ),
        },
        applies=_challenges,
    ),
    Rule(
        PLAY,
        "A deal played out",
        ("challenges.played_out_value",),
        {
            PlayedOutValue.GAME: (
                "the game",
                "A deal played to its end is won by the player who takes more tricks than his "
                "opponent, and it wins him the game ({target} points).",
            ),
            PlayedOutValue.ONE_POINT: (
                "one point, or the game after a put",
                "A deal played to its end is won by the player who takes more tricks than his "
                "opponent and scores him one point; if a put was seen, it wins him the game "
                "({target} points).",
            ),
        },
        applies=_challenges,
    ),
    Rule(
        PLAY,
        "Trick and tie",
        ("challenges.trick_and_tie",),
        {
            TrickAndTie.NO_SCORE: (
                "no score",
                'One trick each and a tie ("trick and tie"): neither scores.',
            ),
            TrickAndTie.RESTART_GAME: (
                "the game begins anew",
                'One trick each and a tie ("trick and tie") after a put has been seen: the whole '
                "goes for nothing and the game begins anew, all scores returning to nothing; "
                "without a put neither scores.",
            ),
        },
        applies=_challenges,
    ),
    Rule(
        PLAY,
        "One trick and two ties",
        ("challenges.one_trick_two_ties",),
        {
            OneTrickTwoTies.WINS: (
                "wins",
                "One trick won and the other two tied: the winner of the one trick wins the deal.",
            ),
            OneTrickTwoTies.NO_SCORE: (
                "no score",
                "One trick won and the other two tied: neither scores.",
            ),
        },
        applies=_challenges,
    ),
    Rule(
        PLAY,
        "Every trick tied",
        ("challenges.three_ties",),
        {
            ThreeTies.NO_SCORE: ("no score", "Every trick tied: neither scores."),
        },
        applies=_challenges,
    ),
    Rule(PLAY, "A point", ("challenges.point",), _point, applies=_challenges),
    # 5. Special hands ----------------------------------------------------------------
    Rule(
        SPECIAL,
        "Flushes",
        ("special_hands.flush.enabled",),
        {
            True: (
                "counted",
                "A flush, {hand} cards of one suit (or {hand_less} of one suit and {pam}, who "
                "counts as a card of any suit), sweeps the board: its holder wins every trick "
                "as of right, without play, and takes the pool.",
            ),
            False: ("not counted", "No hand wins without play: flushes do not count."),
        },
        applies=lambda r: r.tricks.winner is TrickWinner.SUIT_AND_TRUMPS,
        quiet=lambda r: not r.special_hands.flush.enabled,
    ),
    Rule(
        SPECIAL,
        "Showing a flush",
        ("special_hands.flush.declare",),
        {
            FlushDeclare.AFTER_DECLARATIONS: (
                "after the declarations",
                "A flush is shown only when every player has declared whether he will stand.",
            ),
            FlushDeclare.AT_ONCE: (
                "at once",
                "A flush is shown at once, as soon as the hands are dealt, and nobody may then "
                "throw up.",
            ),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "Who pays a flush",
        ("special_hands.flush.payers",),
        {
            FlushPayers.ALL_OTHERS: (
                "every other player",
                "Every other player, whether he stood or not, pays a loo.",
            ),
            FlushPayers.STANDERS_ONLY: (
                "those who stood",
                "Every other player who stood pays a loo.",
            ),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "The holder of the promoted card",
        ("special_hands.flush.exempt_promoted_holder",),
        {
            True: ("exempt", "A player holding {pam} pays nothing for the flush."),
            False: (
                "not exempt",
                "Holding {pam} does not excuse a player from paying for the flush.",
            ),
        },
        applies=lambda r: _flush(r) and r.promoted.card is not None,
    ),
    Rule(
        SPECIAL,
        "The holder of a losing flush",
        ("special_hands.flush.exempt_losing_flush",),
        {
            True: ("exempt", "The holder of a losing flush pays nothing."),
            False: ("not exempt", "The holder of a losing flush pays like the others."),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "Flush payments",
        ("special_hands.flush.destination",),
        {
            FlushDestination.TO_HOLDER: (
                "to the holder",
                "The loos are paid to the holder of the flush, besides the pool.",
            ),
            FlushDestination.NEXT_POOL: (
                "into the next pool",
                "The loos are paid into the pool for the next deal.",
            ),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "The deal after a flush",
        ("special_hands.flush.next_deal",),
        {
            FlushNextDeal.SINGLE: (
                "a single",
                "The deal after a flush is a single: its pool is only the dealer's stake.",
            ),
            FlushNextDeal.NORMAL: (
                "an ordinary deal",
                "The deal after a flush is an ordinary deal.",
            ),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "Flush precedence",
        ("special_hands.flush.order",),
        {
            FlushOrder.TRUMP_FIRST: (
                "trumps first",
                "A flush in trumps beats a flush in a plain suit.",
            ),
            FlushOrder.PAM_FIRST: (
                "{pam} first",
                "A flush holding {pam} beats every other; then a "
                "flush in trumps beats a flush in a plain suit.",
            ),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "Flushes of the same class",
        ("special_hands.flush.same_class",),
        {
            FlushSameClass.PAM_THEN_ELDER: (
                "{pam}, then the elder hand",
                "Of two flushes of the same class, the one holding {pam} wins, or if neither holds "
                "it, the elder hand's.",
            ),
            FlushSameClass.BETTER_CARDS: (
                "the better cards",
                "Of two flushes of the same class, the one of better cards wins, compared card by "
                "card from the highest, {pam} counting as the highest card.",
            ),
            FlushSameClass.ELDER_HAND: (
                "the elder hand",
                "Of two flushes of the same class, the elder hand's wins.",
            ),
        },
        applies=_flush,
    ),
    Rule(
        SPECIAL,
        "Equal flushes",
        ("special_hands.flush.exact_tie",),
        {
            FlushExactTie.ELDER_HAND: (
                "the elder hand",
                "Of two exactly equal flushes, the elder hand's wins.",
            ),
            FlushExactTie.SPLIT_POOL: (
                "the pool divided",
                "Exactly equal flushes divide the pool.",
            ),
        },
        applies=lambda r: (
            _flush(r) and r.special_hands.flush.same_class is FlushSameClass.BETTER_CARDS
        ),
    ),
    # 6. Settlement -------------------------------------------------------------------
    Rule(
        SETTLE,
        "Playing for",
        ("wagers.scoring",),
        {
            Scoring.POOL: (
                "counters in a pool",
                "Play is for counters: the stakes make a pool, which the tricks win.",
            ),
            Scoring.POINTS: ("points", "Play is for points: there is no pool and no stake."),
        },
    ),
    Rule(
        SETTLE,
        "Who stakes",
        ("wagers.ante",),
        {
            Ante.DEALER_ONLY: (
                "the dealer only",
                "Before each deal only the dealer puts his stake into the pool.",
            ),
            Ante.ALL_PLAYERS: (
                "every player",
                "Before each deal every player puts the stake into the pool.",
            ),
            Ante.ALL_PLAYERS_DEALER_DOUBLE: (
                "every player, the dealer double",
                "Before each deal every player puts the stake into the pool, and the dealer twice "
                "the stake.",
            ),
        },
        applies=_pool,
    ),
    Rule(SETTLE, "The stake", ("wagers.stake_deal",), _stake, applies=_pool),
    Rule(
        SETTLE,
        "Dividing the pool",
        ("settlement.remainder",),
        {
            Remainder.EARLIEST_TRICKS_FIRST: (
                "odd counters to the earliest tricks",
                "The pool is divided equally among the {hand} tricks, each winning {share} of it; "
                "if it does not divide exactly, the winners of the earliest tricks take one "
                "counter more each.",
            ),
            Remainder.CARRY_FORWARD: (
                "odd counters carried forward",
                "The pool is divided equally among the {hand} tricks, each winning {share} of it; "
                "if it does not divide exactly, the odd counters stay in the pool for the next "
                "deal.",
            ),
        },
        applies=lambda r: _pool(r) and not r.challenges.enabled,
    ),
    Rule(
        SETTLE,
        "Loo",
        ("wagers.loo", "wagers.stake_loo", "wagers.mixed_cap"),
        _LOO,
        applies=_pool,
        cites=lambda r: {
            LooMode.LIMITED: ("wagers.loo", "wagers.stake_loo"),
            LooMode.UNLIMITED: ("wagers.loo",),
            LooMode.MIXED: ("wagers.loo", "wagers.mixed_cap"),
        }[r.wagers.loo],
    ),
    Rule(
        SETTLE,
        "An unlimited loo",
        ("wagers.unlimited_basis",),
        {
            UnlimitedBasis.POOL_PLAYED_FOR: (
                "the pool played for",
                "The pool played for is the whole pool of the deal, after the dealer's stake is "
                "paid in and before it is divided.",
            ),
        },
        applies=lambda r: _pool(r) and r.wagers.loo is not LooMode.LIMITED,
    ),
    Rule(
        SETTLE,
        "The least mixed loo",
        ("wagers.mixed_floor",),
        {
            MixedFloor.NONE: (
                "no minimum",
                "When the pool played for is smaller than the ordinary "
                "loo, the loo is only the pool.",
            ),
            MixedFloor.ORDINARY_LOO: (
                "the ordinary loo",
                "A mixed loo is never less than the ordinary loo of {stake_loo} counters.",
            ),
        },
        applies=lambda r: _pool(r) and r.wagers.loo is LooMode.MIXED,
    ),
    Rule(
        SETTLE,
        "The single loo",
        ("wagers.single_loo",),
        {
            SingleLoo.HALF_LOO: (
                "half a loo",
                "The single loo, the penalty for irregularities, is "
                "half the ordinary loo ({half_loo} counters).",
            ),
            SingleLoo.DEAL_STAKE: (
                "the deal stake",
                "The single loo, the penalty for "
                "irregularities, is the stake for a deal "
                "({stake_deal} counters).",
            ),
            SingleLoo.FULL_LOO: (
                "a full loo",
                "The single loo, the penalty for irregularities, is "
                "the full ordinary loo ({stake_loo} counters).",
            ),
        },
        applies=_pool,
    ),
    Rule(
        SETTLE,
        "A single",
        ("settlement.single_definition",),
        {
            SingleDefinition.POOL_ONLY_DEALER_STAKE: (
                "when nothing is carried forward",
                "The next pool holds the loos paid, whatever was left in the pool, and the next "
                "stake; when nothing is carried forward, the next deal is a single, played for the "
                "stake alone.",
            ),
            SingleDefinition.NO_LOO: (
                "when nobody is looed",
                "The next pool holds the loos paid, whatever was left in the pool, and the next "
                "stake; when nobody was looed, the next deal is a single.",
            ),
        },
        applies=_pool,
    ),
    # 7. The session ------------------------------------------------------------------
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
                "For the first deal of a session every player puts into the pool a stake equal to "
                "the dealer's, and a miss is dealt.",
            ),
            FirstDeal.PEEL_EXPOSED_SINGLE: (
                "Peel's exposed-card single",
                "The first deal of a session is Peel's exposed-card single: the dealer turns up "
                "the top card, then gives one card face up to each player; whoever receives the "
                "highest card of the turned-up suit above the turn-up takes the pool, and if "
                "nobody does, everyone is looed a single loo and the pool stays.",
            ),
        },
        applies=_pool,
    ),
    Rule(
        SESSION,
        "The dealer's exposed card",
        ("session.peel_single.dealer_receives_card",),
        {
            True: ("dealt", "In the exposed-card single the dealer gives a card to himself too."),
            False: ("not dealt", "In the exposed-card single the dealer gives no card to himself."),
        },
        applies=lambda r: _pool(r) and r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE,
    ),
    Rule(
        SESSION,
        "Looed in the exposed-card single",
        ("session.peel_single.looed",),
        {
            PeelSingleLooed.ALL_OTHERS: (
                "every other player",
                "When one player takes the pool of the exposed-card "
                "single, every other player who received a card is looed "
                "a single loo.",
            ),
            PeelSingleLooed.OTHER_SUPERIOR_ONLY: (
                "the other holders of a higher card",
                "When one player takes the pool of the exposed-card single, only the others who "
                "received a higher card of the turned-up suit are looed a single loo.",
            ),
        },
        applies=lambda r: _pool(r) and r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE,
    ),
    Rule(
        SESSION,
        "The end",
        ("session.finish", "session.target_points", "session.rounds"),
        _FINISH,
        cites=lambda r: (
            ("session.finish", "session.target_points")
            if r.session.finish is Finish.TARGET_POINTS
            else ("session.finish", "session.rounds")
        ),
    ),
)


# --------------------------------------------------------------------------- rendering


def value_of(rules: Rules, key: str) -> Any:
    """The value of a dotted option in ``rules``.

    >>> value_of(Rules(), "deal.hand_size")
    3
    """
    value: Any = rules
    for part in key.split("."):
        value = getattr(value, part)
    return value


def render(rule: Rule, rules: Rules, words: Mapping[str, Any] | None = None) -> Phrase:
    """The rule's ``(short phrase, sentence)`` for these rules, filled in.

    >>> render(RULES[0], Rules())[0]
    '3 to 16 players, usually 5'
    >>> render(RULES[0], Rules())[1][:40]
    'Three or more may play, up to sixteen, t'
    """
    if callable(rule.phrases):
        short, text = rule.phrases(rules)
    else:
        short, text = rule.phrases[value_of(rules, rule.keys[0])]
    fill = dict(words if words is not None else _words(rules))
    short, text = short.format_map(fill), text.format_map(fill)
    return short, _capital(text)


def _capital(text: str) -> str:
    """The text with its first letter in capitals (after any opening quote)."""
    lead = len(text) - len(text.lstrip("\"'("))
    return text[:lead] + text[lead : lead + 1].upper() + text[lead + 1 :]


def _by_key() -> dict[str, Rule]:
    found: dict[str, Rule] = {}
    for rule in RULES:
        if rule.in_diff:
            found.setdefault(rule.keys[0], rule)
    return found


def option_sentence(key: str, rules: Rules) -> str:
    """The sentence stating the option ``key`` (a dotted path) as ``rules`` have it.

    Raises KeyError for a key that no rule states first.

    >>> option_sentence("deal.miss", Rules())
    'A spare hand of three cards, the miss, is dealt face down as if to another player.'
    """
    return render(_by_key()[key], rules)[1]


def citation(rule: Rule, rules: Rules | None = None) -> str:
    """``[RULES 1.1.12.3, D17]``: the sources of the rule's options, or "" if none.

    >>> citation(_by_key()["following.trump_when_void"])
    '[RULES 1.1.12.3, D17]'
    """
    keys = rule.cites(rules) if rule.cites is not None and rules is not None else rule.keys
    seen: list[str] = []
    for key in keys:
        owner: Any = Rules
        *path, name = key.split(".")
        for part in path:
            owner = field_class(owner, part)
        source = attrs.fields_dict(owner)[name].metadata.get("source", "")
        for item in (s.strip() for s in source.split(",")):
            if item and item not in seen:
                seen.append(item)
    return f"[RULES {', '.join(seen)}]" if seen else ""


def _section_title(number: int, rules: Rules) -> str:
    title = SECTION_TITLES[number - 1]
    if number == DECL and (_exchanging(rules) or _partners(rules)):
        title += " and exchanging" if _exchanging(rules) else " and passing"
    return title


Origin = Callable[[tuple[str, ...]], "str | None"]


def rulebook(
    rules: Rules,
    base: Rules | None = None,
    house_rules_origin: Origin | None = None,
    *,
    comment: str = "",
) -> str:
    """The rulebook of ``rules`` as Markdown, in numbered sections.

    With ``base`` (the game before its house rules), each rule whose options
    differ from the base is marked, naming what changed it as
    ``house_rules_origin(path)`` tells (a house rule's name, ``override``, or
    None when unknown). ``comment`` is an HTML comment put under the title.

    >>> text = rulebook(Rules(name="loo", title="Loo"))
    >>> text.splitlines()[0], "## 1. Players and pack" in text, "Special hands" in text
    ('# Loo', True, False)
    """
    words = _words(rules)
    lines = [f"# {_title(rules)}", ""]
    if comment:
        lines += [f"<!-- {comment} -->", ""]
    lines += _preamble(rules, base is not None)
    for number in range(1, len(SECTION_TITLES) + 1):
        entries = []
        for rule in RULES:
            if rule.section != number or not rule.applies(rules):
                continue
            changed = [
                k for k in rule.keys if base is not None and value_of(rules, k) != value_of(base, k)
            ]
            if rule.quiet(rules) and not changed:
                continue
            _, text = render(rule, rules, words)
            cite = citation(rule, rules)
            mark = _mark(changed, house_rules_origin) if changed else ""
            entries.append(" ".join(x for x in (text, cite, mark) if x))
        if not entries:
            continue  # the section does not apply; the others keep their numbers
        lines += [f"## {number}. {_section_title(number, rules)}", ""]
        for index, entry in enumerate(entries, 1):
            lines += [f"**{number}.{index}** {entry}", ""]
    if rules.sources:
        lines += ["## Sources", ""]
        lines += [f"- {s}" for s in rules.sources]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _mark(changed: Sequence[str], origin: Origin | None) -> str:
    labels: list[str] = []
    for key in changed:
        label = origin(tuple(key.split("."))) if origin is not None else None
        label = label or "changed"
        if label not in labels:
            labels.append(label)
    houses = [x for x in labels if x not in ("override", "changed")]
    parts = []
    if houses:
        parts.append(f"house rule{'s' * (len(houses) > 1)}: {', '.join(houses)}")
    parts += [x for x in labels if x in ("override", "changed")]
    return f"*({'; '.join(parts)})*"


def _info() -> dict[str, Any]:
    try:
        from cardrules.rules.loader import list_variants

        return {v.name: v for v in list_variants()}
    except Exception:  # pragma: no cover - the bundled files are checked elsewhere
        return {}


def _title(rules: Rules) -> str:
    info = _info()
    title = rules.title or rules.name
    if rules.house_rules:
        names = [info[h].title if h in info else h for h in rules.house_rules]
        title += ", with " + _join(names)
    return title


def _preamble(rules: Rules, marked: bool) -> list[str]:
    lines = []
    if rules.description:
        lines += [f"*{rules.description.strip()}*", ""]
    info = _info()
    for name in rules.house_rules:
        found = info.get(name)
        what = f": {found.description.strip()}" if found is not None and found.description else ""
        title = found.title if found is not None else name
        lines += [f"House rule **{title}** (`{name}`){what}", ""]
    lines += [
        "Each rule cites, in brackets, the consolidated rules it follows: a number such as "
        "1.1.12 is a rule of the old texts, and D17 a point on which they disagree, with "
        "the reading chosen (see the sources, `docs/sources.md`)."
        + (
            " A rule that a house rule changes is marked with the house rule's name."
            if marked
            else ""
        ),
        "",
    ]
    return lines


# --------------------------------------------------------------------------- variants


def describe_variant(
    name_or_path: str, house_rules: Iterable[str] = (), overrides: Mapping[str, Any] | None = None
) -> str:
    """The rulebook of a variant with its house rules, each change marked.

    >>> text = describe_variant("irish-loo")
    >>> "No spare hand (miss) is dealt." in text
    True
    """
    from cardrules.rules.loader import resolve
    from cardrules.rules.overlay import OVERRIDES

    house = list(house_rules)
    res = resolve(name_or_path, house, overrides)
    base = resolve(name_or_path).rules if house or overrides else None

    def origin(path: tuple[str, ...]) -> str | None:
        found = res.merged.origin(path)
        if found is None:
            return None
        if found.source.file == OVERRIDES:
            return "override"
        return found.source.name if found.source.kind == "house_rule" else None

    return rulebook(res.rules, base, origin)


GENERATED = (
    "Generated from the rule files by `python -m cardrules.tools.rulebook --write docs/rules`: "
    "do not edit."
)


def _combinations() -> list[tuple[str, tuple[str, ...]]]:
    """Every bundled game alone, then with each house rule written for it."""
    from cardrules.rules.loader import list_variants

    variants = list_variants()
    games = [v for v in variants if v.kind.value == "game"]
    rules = [v for v in variants if v.kind.value == "house_rule"]
    out: list[tuple[str, tuple[str, ...]]] = []
    for game in games:
        out.append((game.name, ()))
        out += [(game.name, (h.name,)) for h in rules if game.name in h.applies_to]
    return out


def _file_name(game: str, house_rules: Sequence[str]) -> str:
    return "+".join([game, *house_rules]) + ".md"


def rulebooks() -> dict[str, str]:
    """The files of ``docs/rules``: each combination's rulebook, and the index ``README.md``.

    >>> files = rulebooks()
    >>> "three-card-loo.md" in files, "five-card-loo+club-law.md" in files, "README.md" in files
    (True, True, True)
    """
    from cardrules.rules.loader import list_variants

    info = {v.name: v for v in list_variants()}
    files: dict[str, str] = {}
    index = [
        "# Rulebooks of the bundled games",
        "",
        f"<!-- {GENERATED} -->",
        "",
        "The rules of every bundled game in plain English, generated from its rule file, "
        "alone and with each house rule written for it. Every rule cites the consolidated "
        "rules of the old texts; rules a house rule changes are marked.",
        "",
        "| game | house rule | rulebook |",
        "| --- | --- | --- |",
    ]
    for game, house in _combinations():
        rules = list(house)
        name = _file_name(game, house)
        text = describe_variant(game, rules)
        lines = text.split("\n")
        files[name] = "\n".join([lines[0], "", f"<!-- {GENERATED} -->", *lines[1:]])
        house_text = ", ".join(info[h].title for h in house) if house else "(none)"
        index.append(f"| {info[game].title} | {house_text} | [{name}]({name}) |")
    files["README.md"] = "\n".join(index) + "\n"
    return files


def stale(folder: Path) -> list[str]:
    """The files of ``folder`` that differ from :func:`rulebooks` (missing, changed, extra)."""
    expected = rulebooks()
    out = []
    for name, text in expected.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append(name)
    if folder.is_dir():
        out += sorted(p.name for p in folder.glob("*.md") if p.name not in expected)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardrules.tools.rulebook --write DIR`` writes the rulebooks; ``--check DIR``
    only reports the files that are out of date; ``VARIANT [HOUSE_RULE...]`` prints one."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m cardrules.tools.rulebook",
        description="Generate the rulebooks of the bundled games.",
    )
    parser.add_argument("--write", metavar="DIR", help="write every rulebook into DIR")
    parser.add_argument("--check", metavar="DIR", help="exit 1 if DIR is out of date")
    parser.add_argument("variant", nargs="*", help="a variant and its house rules, to print")
    args = parser.parse_args(argv)
    if args.write:
        folder = Path(args.write)
        folder.mkdir(parents=True, exist_ok=True)
        expected = rulebooks()
        for old in folder.glob("*.md"):
            if old.name not in expected:
                old.unlink()
        for name, text in expected.items():
            (folder / name).write_text(text, encoding="utf-8")
        print(f"wrote {len(expected)} files to {folder}")
        return 0
    if args.check:
        out = stale(Path(args.check))
        for name in out:
            print(f"out of date: {name}")
        return 1 if out else 0
    if args.variant:
        sys.stdout.write(describe_variant(args.variant[0], args.variant[1:]))
        return 0
    parser.print_usage()
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
