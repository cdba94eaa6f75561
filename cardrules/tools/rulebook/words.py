"""Numbers, cards and option values as the words a rulebook's sentences use.

:func:`template_words` gives the ``{word}`` fields of the sentence templates;
the section modules use the other helpers in the sentences they compute.

>>> num(3), plural(1, "counter"), card_words("JC"), join_words(["a", "b", "c"], "or")
('three', '1 counter', 'the knave of clubs', 'a, b or c')
>>> card_words("2C"), card_or_suit_words("H"), card_or_suit_words("QS")
('the two of clubs', 'a heart', 'the queen of spades')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import SUIT_NAMES, SUITS
from cardrules.rules.applies import (
    bags_counted,
    card_points_counted,
    exchanges_made,
    first_card_named,
    lead_barred_until_broken,
    partnerships_play,
    sides_play,
    trumps_in_play,
)
from cardrules.rules.model import (
    Ante,
    ContractBy,
    ContractMade,
    DealStart,
    FirstDeal,
    HeadWhenTrumped,
    Moon,
    PassDirection,
    PoolAward,
    Rules,
    Scoring,
    TrumpAfterTrickScope,
)
from cardrules.tools.rulebook.terms import terms

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


def num(n: int) -> str:
    """A small number in words: ``num(3) == "three"``."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _times(n: int) -> str:
    """How many times in words: ``once``, ``twice``, ``three times``."""
    return {1: "once", 2: "twice"}.get(n, f"{num(n)} times")


def share(n: int) -> str:
    """Each of ``n`` tricks' share of a pool in words: ``share(3) == "a third"``."""
    return _SHARES.get(n, f"1/{n}")


def plural(n: int, word: str) -> str:
    """``n`` and the word, with an ``s`` unless ``n`` is 1: ``plural(2, "point") == "2 points"``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def rank_word(rank: str) -> str:
    """A rank as a word: ``rank_word("J") == "knave"``; a number stays a number."""
    return _RANK_WORDS.get(rank, rank)


def suit_name(letter: str) -> str:
    """A suit's name from its letter: ``suit_name("C") == "clubs"``."""
    return SUIT_NAMES[SUITS.index(letter)]


def card_words(text: str) -> str:
    """``JC`` as words: ``the knave of clubs``; ``2C``: ``the two of clubs``."""
    rank, suit = text[:-1], text[-1]
    if rank in ("T", "10"):
        word = "ten"
    elif rank.isdigit():
        word = num(int(rank))
    else:
        word = rank_word(rank)
    return f"the {word} of {suit_name(suit)}"


def card_or_suit_words(text: str, article: str = "a") -> str:
    """A card (``QS``) or a suit standing for each of its cards (``H``) as words: ``the queen
    of spades``, or ``a heart`` (``article`` for the suit's card: ``every heart``)."""
    if len(text) == 1:
        return f"{article} {suit_name(text)[:-1]}"
    return card_words(text)


def card_value_words(name: str, value: int) -> str:
    """What a card or a suit counts against its taker, in words: ``each heart 1 point``,
    ``the knave of diamonds 10 points in his favour``.

    >>> card_value_words("H", 1), card_value_words("JD", -10)
    ('each heart 1 point', 'the knave of diamonds 10 points in his favour')
    """
    what = card_or_suit_words(name, "each")
    if value < 0:
        return f"{what} {plural(-value, 'point')} in his favour"
    return f"{what} {plural(value, 'point')}"


def card_points_in_order(r: Rules) -> list[tuple[str, int]]:
    """``card_points.values`` in the order a sentence names them: suits first, then cards,
    those that count against their taker before those in his favour, the largest first."""
    return sorted(r.card_points.values, key=lambda nv: (len(nv[0]) > 1, nv[1] < 0, -abs(nv[1])))


def card_value(r: Rules, card: str) -> int:
    """What a card counts against its taker: its own value if named, else its suit's."""
    values = dict(r.card_points.values)
    return values.get(card, values.get(card[-1], 0))


def pack_cards(r: Rules) -> list[str]:
    """The cards of the pack, as text (``AS``)."""
    return [rank + suit for suit in r.pack.suits for rank in r.pack.ranks]


def join_words(words: Sequence[str], last: str = "and") -> str:
    """The words in a list: ``a, b and c``, or with ``last`` for ``and``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _elder_in_play(r: Rules) -> str:
    """Who leads to the first trick, in the game's own words: at a game of bids every
    player plays every deal, and the elder hand leads."""
    if partnerships_play(r):
        return "the player for the non-dealer's side"
    if r.challenges.enabled and r.max_players == 2:
        return "the non-dealer (the elder hand)"
    if r.bidding.enabled:
        # The deal names the elder hand where it begins with him; else say where he sits.
        return (
            "the elder hand"
            if r.deal.start is DealStart.DEALER_LEFT
            else ("the elder hand, on the dealer's left,")
        )
    return "the player nearest the dealer's left who is in the play"


def trumps_words(r: Rules) -> str:
    """The trumps, as a summary names them: ``trumps turned up``, ``spades always trumps``
    (a suit fixed for every deal), ``no trumps``.

    >>> from cardrules.rules.model import Trumps
    >>> trumps_words(Rules()), trumps_words(Rules(trumps=Trumps(turn_up=False, suit="S")))
    ('trumps turned up', 'spades always trumps')
    """
    if r.trumps.suit is not None:
        return f"{suit_name(r.trumps.suit)} always trumps"
    return "trumps turned up" if r.trumps.turn_up else "no trumps"


def template_words(r: Rules) -> dict[str, Any]:
    """The values sentence templates may use, as words, and the game's own words in
    every form (:mod:`~cardrules.tools.rulebook.terms`)."""
    t = terms(r)
    hand = r.deal.hand_size
    high = r.deal.sizes.high
    w = r.wagers
    exchanges = exchanges_made(r)
    out = r.players.dealer_sits_out_above is not None
    first_duty = r.leads.ace_compulsory or r.leads.king_if_ace_turned
    return {
        **t.fields(),
        **_play_words(r),
        **_card_point_words(r),
        **_pass_words(r),
        **_contract_words(r),
        "pam": r.promoted.name if r.promoted.card else "the promoted card",
        "size_low": num(r.deal.sizes.low),
        "size_high": "as many as the pack holds" if high is None else num(high),
        "size_cap": (
            "" if high is None else " (or as many as the pack holds for the players, if fewer)"
        ),
        "hand": num(hand),
        "hand_less": num(hand - 1),
        "majority": num(hand // 2 + 1),
        # the sentence of two or more trumps follows another duty of the first lead, or none
        "otherwise_holding": "Otherwise, holding" if first_duty else "Holding",
        "otherwise_the": "Otherwise the" if first_duty else "The",
        "unless_trumped": (
            ", unless the trick has already been trumped"
            if r.following.head_when_trumped is HeadWhenTrumped.FREE
            else ""
        ),
        "share": share(hand),
        "won_by": (
            "which the tricks win"
            if r.settlement.award is PoolAward.BY_TRICKS
            else "which one player wins by his tricks"
        ),
        "stake_deal": w.stake_deal,
        "stake_loo": w.stake_loo,
        "half_loo": w.stake_loo // 2,
        "mixed_cap": w.mixed_cap,
        "loo_counters": plural(w.stake_loo, "counter"),
        "cap_counters": plural(w.mixed_cap, "counter"),
        "target": r.session.target_points,
        "point": plural(r.challenges.point, "point"),
        "trick_points": plural(r.settlement.contract.per_trick, "point"),
        "rounds": _times(r.session.rounds),
        "highest_wins": _highest_wins(r),
        "first_to_score": "The first side to score" if sides_play(r) else "The first to score",
        "both_reach": (
            "; if both sides reach it in the same deal, the higher score wins, and equal "
            "scores share the win"
            if sides_play(r)
            else ""
        ),
        "round_s": plural(r.session.rounds, "round"),
        "on_miss_too": " (on his own hand or on the miss)" if r.deal.miss else "",
        "elder_in_play": _elder_in_play(r),
        "non_dealer": (
            "the player for the non-dealer's side" if partnerships_play(r) else "the non-dealer"
        ),
        "dealer_player": (
            "the player for the dealer's side" if partnerships_play(r) else "the dealer"
        ),
        "trick_winner": (
            "the winner of the first trick"
            if r.leads.trump_after_trick_scope is TrumpAfterTrickScope.FIRST_TRICK
            else "the winner of every trick"
        ),
        "later_leads": (
            "; later leads are free"
            if r.leads.trump_after_trick_scope is TrumpAfterTrickScope.FIRST_TRICK
            else ""
        ),
        "single_loo_use": (
            ": each player looed in the exposed-card single pays it"
            if r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE
            else ""
        ),
        "miss_untaken": " and nobody has taken the miss" if r.deal.miss else "",
        # every player stakes before the deal: who throws up has paid his stake all the same
        "beyond_stake": "" if w.ante is Ante.DEALER_ONLY else " beyond his stake",
        "flush_exchanged": f", a hand made by {t.an_exchange} counting" if exchanges else "",
        "flush_exchanged_at_once": (
            f" or as soon as {t.an_exchange} makes one" if exchanges else ""
        ),
        "dealer_out_all_pass": (
            "; when the dealer stands out of the play, nobody takes it and it is carried whole "
            "to the next deal"
            if out
            else ""
        ),
        "dealer_out_miss": " (or stands out of the play)" if out else "",
        "last_no_miss": ", no miss being dealt" if r.deal.miss else "",
        "dealer_out_lone": (
            "; when the dealer stands out of the play, the lone player takes the "
            f"{t.pool} without play"
            if out
            else ""
        ),
    }


def _highest_wins(r: Rules) -> str:
    """Who wins a session of points: the highest total, or the side with it."""
    if r.wagers.scoring is not Scoring.POINTS:
        return ""
    if sides_play(r):
        return "; the side with the higher total of points wins, and equal totals share the win"
    return "; the highest total of points wins"


def _points(n: int) -> str:
    """``n`` points in words: ``one point``, ``ten points``."""
    return f"{num(n)} point{'s' * (n != 1)}"


def _contract_words(r: Rules) -> dict[str, str]:
    """The words of the contracts' sentences: whose contract a bid makes (a player's, or
    his side's, ``settlement.contract.by``), when it is made (``made``), and what a trick
    bid, a trick over and a bonus are worth.

    >>> from cardrules.rules.loader import load_variant
    >>> words = _contract_words(load_variant("spades"))
    >>> words["contractor"], words["missed"]
    ('a side that', 'A side that took fewer tricks than it bid is set: it')
    >>> print(_contract_words(load_variant("oh-hell"))["missed"])
    A player who took more or fewer tricks than he bid
    """
    c = r.settlement.contract
    side = c.by is ContractBy.SIDE
    at_least = c.made is ContractMade.AT_LEAST
    he, his = ("it", "its") if side else ("he", "his")
    who = "A side that" if side else "A player who"
    how = "fewer" if at_least else "more or fewer"
    missed = f"{who} took {how} tricks than {he} bid"
    if at_least:
        missed += f" is set: {he}"
    if c.overtrick and bags_counted(r):
        over = f" and {_points(c.overtrick)} for each trick over {his} bid, called a bag"
    elif c.overtrick:
        over = f" and {_points(c.overtrick)} for each trick over {his} bid"
    else:
        over = f", and nothing for the tricks over {his} bid"
    bonus = (
        f" and {_points(c.bonus)} more (the {num(c.bonus)} whatever a trick is worth)"
        if c.bonus
        else ""
    )
    return {
        "contractor": "a side that" if side else "each player who",
        "contract_he": he,
        "contract_his": his,
        "contract_bid": f"{he} bid",
        "per_trick_points": _points(c.per_trick),
        "exact_bonus": bonus,
        "overtricks": over,
        "missed": missed,
        "missed_by": "under" if at_least else "over or under",
    }


def _play_words(r: Rules) -> dict[str, str]:
    """The words of the play's sentences: how a trick is won, the card named for the first
    lead, the suit barred from the lead until broken (each with its stand-in when the rules
    have none, so that every sentence reads for any rules)."""
    first = r.leads.first_card if first_card_named(r) else None
    unbroken = r.leads.unbroken if lead_barred_until_broken(r) else None
    breakers = [card_or_suit_words(b) for b in r.leads.breakers]
    trumps = trumps_in_play(r)
    trump = suit_name(r.trumps.suit)[:-1] if r.trumps.suit is not None else "trump"
    return {
        "trick_won_by": (
            f"the highest {trump} in it, or if it holds no {trump}, by the highest card of the "
            "suit led"
            if trumps
            else "the highest card of the suit led"
        ),
        "trick_won_short": "by suit and trumps" if trumps else "by the suit led",
        # a player who cannot follow suit: the rule on trumping says what he plays, if any
        "otherwise_any": "" if trumps else "; otherwise he may play any card",
        "first_card": card_words(first) if first else "the card named for the first lead",
        "first_suit_card": (
            f"any other {suit_name(first[-1])[:-1]}" if first else "any other card of its suit"
        ),
        "unbroken_suit": suit_name(unbroken) if unbroken else "the suit barred from the lead",
        "unbroken_are": "are" if unbroken else "is",
        "unbroken_card": suit_name(unbroken)[:-1] if unbroken else "card of it",
        "unbroken_them": "them" if unbroken else "it",
        "breakers_too": f", or {join_words(breakers, 'or')}," if breakers else "",
    }


def _card_point_words(r: Rules) -> dict[str, str]:
    """The words of the card points' sentences: the cards whose points the moon turns
    against the others, and their total."""
    counting = [(name, v) for name, v in card_points_in_order(r) if v > 0]
    cards = [card_or_suit_words(name, "every") for name, _ in counting]
    total = sum(max(card_value(r, c), 0) for c in pack_cards(r))
    in_favour = any(v < 0 for _, v in r.card_points.values)
    return {
        "moon_cards": join_words(cards) if cards else "every card that counts against its taker",
        "moon_total": f", {total} in all," if card_points_counted(r) and total else "",
        "moon_in_favour": (
            "; a card that counts in its taker's favour still counts for him" if in_favour else ""
        ),
        "unless_moon": (
            ", unless someone shot the moon" if r.card_points.moon is Moon.OTHERS_TAKE else ""
        ),
    }


#: Each passing direction as a sentence says it, and what it means.
_WHERE = {
    PassDirection.LEFT: ("to the left", "to the left is to the next player clockwise"),
    PassDirection.RIGHT: ("to the right", "to the right to the player before him"),
    PassDirection.ACROSS: ("across", "across to the player opposite"),
    PassDirection.HOLD: ("no passing", "with no passing each keeps his cards"),
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _pass_words(r: Rules) -> dict[str, str]:
    """The words of the sentence on where passed cards go: the directions listed, deal by
    deal (``in the first deal to the left, ...``) or as choices (``to the left or across``),
    and what they mean.

    >>> from cardrules.rules.model import Passing
    >>> print(_pass_words(Rules(passing=Passing(cards=3)))["pass_deals"])
    in the first deal to the left, in the second to the right, in the third across and in the fourth no passing
    """  # noqa: E501
    directions = [PassDirection(d) for d in r.passing.directions]
    where = [_WHERE[d][0] for d in directions]
    deals = [
        f"in the {_ORDINALS[i]}{' deal' * (i == 0)} {w}" if i < len(_ORDINALS) else w
        for i, w in enumerate(where)
    ]
    gloss = [_WHERE[d][1] for d in PassDirection if d in directions]
    return {
        "pass_list": ", ".join(where),
        "pass_deals": join_words(deals),
        "pass_either": join_words(where, "or"),
        "pass_gloss": f" ({'; '.join(gloss)})" if gloss else "",
    }
