"""Actions: one text form and one stable integer id each.

Every decision in every game is one of a few kinds. The text form is used in
records, rulings, error messages and the terminal; the integer id is what
:meth:`Deal.legal_actions` returns, sorted, for fast play and for learning
adapters. Ids depend only on the kind and the cards, so they are stable for
every rules model.

========================  =============================================  ==========
text                      meaning                                        id
========================  =============================================  ==========
``stand``                 stand on one's cards ("I play")                0
``throw-up``              throw up the hand (pass, concede, decline)     1
``take-miss``             exchange one's hand for the miss, unseen       2
``play-miss``             the dealer plays the miss for the pool         3
``put``                   say "I put" (Put)                              4
``see``                   accept a put                                   5
``refuse``                refuse a put                                   6
``receive``               ask one's partner for his best card            7
``play AH civil``         lead the ace of trumps, calling "Pam, be       8 + suit
                          civil" (1.2.8; the suit S H D C is 0-3)
``play QH``               play a card                                    16 + card
``give 3S``               give a card to one's partner                   68 + card
``discard 4D``            lay out a card                                 120 + card
``exchange 2H 3C``        stand, and exchange these cards with the stock 172 + subset
``bid 2``                 bid to take that many tricks (0 to 26)         BID + tricks
========================  =============================================  ==========

:data:`BID` follows the last exchange id, so every kind keeps its ids.

>>> a = parse_action("exchange 3c 2h")
>>> a, action_text(a)
(1017, 'exchange 2H 3C')
>>> parse_action("play 10H") == PLAY + 21
True
>>> a = parse_action("play ah civil")
>>> a == CIVIL + 1, action_text(a), civil_card(a) == parse_card("AH")
(True, 'play AH civil', True)
>>> parse_action("bid 2") == BID + 2, action_text(BID)
(True, 'bid 0')
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import combinations
from math import comb
from typing import Any

from cardrules.cards import CARD_TEXT, parse_card, sorted_cards
from cardrules.errors import ActionSyntaxError

STAND = 0
THROW_UP = 1
TAKE_MISS = 2
PLAY_MISS = 3
PUT = 4
SEE = 5
REFUSE = 6
RECEIVE = 7
#: Leading the ace of a suit and calling "Pam, be civil": ``CIVIL + suit`` (S H D C).
CIVIL = 8
PLAY = 16
GIVE = PLAY + 52
DISCARD = GIVE + 52
EXCHANGE = DISCARD + 52

WORDS = {
    STAND: "stand",
    THROW_UP: "throw-up",
    TAKE_MISS: "take-miss",
    PLAY_MISS: "play-miss",
    PUT: "put",
    SEE: "see",
    REFUSE: "refuse",
    RECEIVE: "receive",
}
_BY_WORD = {w: a for a, w in WORDS.items()}
_CARD_VERBS = {"play": PLAY, "give": GIVE, "discard": DISCARD}
#: The word after the ace led that makes the call "Pam, be civil" (``play AH civil``).
CIVIL_WORD = "civil"

#: Subsets of up to this many cards have exchange ids (a whole five-card hand).
MAX_EXCHANGE = 13
# Offsets of each subset size in the exchange id block: size k starts at _OFFSET[k].
_OFFSET = [0] * (MAX_EXCHANGE + 2)
for _k in range(1, MAX_EXCHANGE + 1):
    _OFFSET[_k + 1] = _OFFSET[_k] + comb(52, _k)
_COMB = [[comb(n, k) for k in range(MAX_EXCHANGE + 1)] for n in range(53)]
#: ``COLUMNS[k][c]`` is C(c, k), the part of card ``c`` at place ``k`` in a subset's rank.
COLUMNS = [[_COMB[c][k] for c in range(53)] for k in range(MAX_EXCHANGE + 1)]
#: ``EXCHANGE_OFFSETS[k]``: the id of the first exchange of ``k`` cards.
EXCHANGE_OFFSETS = [EXCHANGE + o for o in _OFFSET]
#: The id of bidding no trick; bidding ``b`` tricks is ``BID + b``, up to :data:`MAX_BID`.
BID = EXCHANGE_OFFSETS[-1]
#: The most tricks a bid may name: a hand drawn at random or scheduled may hold half the
#: pack (:data:`cardrules.rules.sizes.MOST_CARDS`).
MAX_BID = 26
#: The last id of any action.
LAST_ID = BID + MAX_BID


def is_bid(action: int) -> bool:
    """Whether the action is a bid.

    >>> is_bid(BID + 3), is_bid(EXCHANGE)
    (True, False)
    """
    return action >= BID


def is_exchange(action: int) -> bool:
    """Whether the action is an exchange.

    >>> is_exchange(EXCHANGE), is_exchange(BID)
    (True, False)
    """
    return EXCHANGE <= action < BID


def exchange_id(cards: Iterable[int]) -> int:
    """The id of exchanging a set of cards (combinatorial number system).

    >>> exchange_id([0]) == EXCHANGE
    True
    """
    cs = sorted(cards)
    k = len(cs)
    rank = 0
    for i, c in enumerate(cs):
        rank += _COMB[c][i + 1]
    return EXCHANGE + _OFFSET[k] + rank


def exchange_cards(action: int) -> tuple[int, ...]:
    """The cards of an exchange id, lowest first.

    >>> exchange_cards(exchange_id([40, 13]))
    (13, 40)
    """
    rank = action - EXCHANGE
    k = bisect_right(_OFFSET, rank) - 1
    rank -= _OFFSET[k]
    out = []
    for i in range(k, 0, -1):
        c = bisect_right(COLUMNS[i], rank) - 1
        rank -= COLUMNS[i][c]
        out.append(c)
    return tuple(reversed(out))


def exchange_cards_of(hand: list[int], action: int) -> list[int]:
    """The cards of an exchange id that a sorted ``hand`` holds, lowest first: as
    :func:`exchange_cards`, read off the hand (each card of the exchange is the highest
    card of the hand whose column fits what is left of the rank), which costs less than
    searching the columns.

    >>> exchange_cards_of([3, 13, 20, 40], exchange_id([40, 13]))
    [13, 40]
    """
    rank = action - EXCHANGE
    m = bisect_right(_OFFSET, rank) - 1
    rank -= _OFFSET[m]
    out = [0] * m
    i = len(hand) - 1
    while m:
        column = COLUMNS[m]
        c = hand[i]
        while column[c] > rank:
            i -= 1
            c = hand[i]
        rank -= column[c]
        m -= 1
        out[m] = c
        i -= 1
    return out


def is_play(action: int) -> bool:
    """Whether the action plays a card (without a call)."""
    return PLAY <= action < GIVE


def is_civil(action: int) -> bool:
    """Whether the action leads an ace calling "Pam, be civil"."""
    return CIVIL <= action < CIVIL + 4


def civil_id(card: int) -> int:
    """The id of leading ``card``, an ace, with the call "Pam, be civil".

    >>> civil_id(parse_card("AC")) == CIVIL + 3
    True
    """
    return CIVIL + card // 13


def civil_card(action: int) -> int:
    """The ace led by a call id (:data:`CIVIL` + suit)."""
    return (action - CIVIL) * 13 + 12


def action_text(action: int) -> str:
    """The text form of an action id."""
    if action in WORDS:
        return WORDS[action]
    if CIVIL <= action < CIVIL + 4:
        return "play " + CARD_TEXT[civil_card(action)] + " " + CIVIL_WORD
    if PLAY <= action < GIVE:
        return "play " + CARD_TEXT[action - PLAY]
    if GIVE <= action < DISCARD:
        return "give " + CARD_TEXT[action - GIVE]
    if DISCARD <= action < EXCHANGE:
        return "discard " + CARD_TEXT[action - DISCARD]
    if BID <= action <= LAST_ID:
        return f"bid {action - BID}"
    if EXCHANGE <= action < BID:
        return "exchange " + " ".join(CARD_TEXT[c] for c in sorted_cards(exchange_cards(action)))
    raise ValueError(f"no action has id {action}")


def format_step(seat: int, action: int) -> str:
    """``"SEAT: ACTION"``, the form of actions in records and rulings.

    >>> format_step(2, PLAY + 11)
    '2: play KS'
    """
    return f"{seat}: {action_text(action)}"


def parse_action(text: str | int) -> int:
    """Read an action's text form (any case; ``10`` for ``T``); an int passes through.

    Raises :class:`~cardrules.errors.ActionSyntaxError` saying what is wrong.
    """
    if isinstance(text, int):
        return text
    words = text.strip().lower().split()
    if not words:
        raise ActionSyntaxError("empty action: write e.g. 'stand', 'play QH' or 'exchange 2H 3C'")
    verb, args = words[0], words[1:]
    if verb == "bid":
        if len(args) != 1 or not args[0].isdigit() or int(args[0]) > MAX_BID:
            raise ActionSyntaxError(f"{text!r}: 'bid' takes a number of tricks, e.g. 'bid 2'")
        return BID + int(args[0])
    civil = verb == "play" and len(args) == 2 and args[1] == CIVIL_WORD
    if civil:
        verb, args = "play", args[:1]
    verb = {"throwup": "throw-up", "pass": "throw-up", "take": "take-miss"}.get(verb, verb)
    if verb in _BY_WORD:
        if args and not (verb == "take-miss" and args == ["miss"]):
            raise ActionSyntaxError(f"{text!r}: '{verb}' takes no cards")
        return _BY_WORD[verb]
    try:
        cards = [parse_card(a) for a in args]
    except ValueError as exc:
        raise ActionSyntaxError(f"{text!r}: {exc}") from None
    if verb in _CARD_VERBS:
        if len(cards) != 1:
            raise ActionSyntaxError(f"{text!r}: '{verb}' takes exactly one card, e.g. '{verb} QH'")
        if civil:
            if cards[0] % 13 != 12:
                raise ActionSyntaxError(
                    f"{text!r}: only the ace of trumps is led with the call, e.g. 'play AH civil'"
                )
            return civil_id(cards[0])
        return _CARD_VERBS[verb] + cards[0]
    if verb == "exchange":
        if not cards:
            raise ActionSyntaxError(f"{text!r}: name the cards to exchange, e.g. 'exchange 2H 3C'")
        if len(set(cards)) != len(cards):
            raise ActionSyntaxError(f"{text!r}: a card is named twice")
        if len(cards) > MAX_EXCHANGE:
            raise ActionSyntaxError(f"{text!r}: too many cards")
        return exchange_id(cards)
    known = ", ".join(
        [
            *WORDS.values(),
            "play CARD",
            "play ACE civil",
            "give CARD",
            "discard CARD",
            "exchange CARD...",
            "bid N",
        ]
    )
    raise ActionSyntaxError(f"{text!r}: unknown action '{words[0]}' (actions: {known})")


def exchange_ids(hand: list[int], limit: int) -> list[int]:
    """The ids of exchanging every non-empty subset of ``hand`` of at most ``limit`` cards,
    sorted.

    >>> exchange_ids([5, 1], 2) == sorted(exchange_id(s) for s in ([1], [5], [1, 5]))
    True
    >>> exchange_ids([5, 1], 0)
    []
    """
    k = len(hand)
    if limit >= k and k in _EXCHANGE_LISTERS:
        ids: list[int] = _EXCHANGE_LISTERS[k](sorted(hand), ())
        return ids
    return sorted(
        exchange_id(cs) for m in range(1, min(limit, k) + 1) for cs in combinations(sorted(hand), m)
    )


def with_exchanges(words: list[int], hand: list[int], limit: int) -> list[int]:
    """``words`` (ids below every exchange's) followed by :func:`exchange_ids` of a sorted
    ``hand``, in one new list: what a declarer is offered, listed on every declaration.

    >>> with_exchanges([0, 1], [1, 5], 2) == [0, 1] + exchange_ids([1, 5], 2)
    True
    """
    lister = _EXCHANGE_LISTERS.get(len(hand))
    if lister is None or limit < len(hand):
        return words + exchange_ids(hand, limit)
    ids: list[int] = lister(hand, words)
    return ids


def _exchange_lister(k: int) -> Any:
    """Straight-line code for the exchange ids of a sorted hand of ``k`` cards, in the
    order of the ids, after the given ids (``words``).

    An exchange's id is the combinatorial rank of its cards plus the offset of its size.
    A subset's id is the id of the subset without its highest card plus one term of that
    card (its column at that place, and the step between the two sizes' offsets, read
    from a table of both): written out, each of the 31 exchanges of a five-card hand costs
    one addition at most. The ids of a sorted hand's subsets rise by size, then in colex
    order of the subsets' places in the hand (its cards rise with their places), so the
    list is written in that order and needs no sort.
    """
    columns = ", ".join(f"T{m}=_TERMS[{m}]" for m in range(1, k + 1))
    lines = [f"def ids(hand, words, {columns}):"]
    lines.append(
        "    " + ", ".join(f"h{i}" for i in range(k)) + (", = hand" if k == 1 else " = hand")
    )
    ordered = []
    for m in range(1, k + 1):
        for combo in sorted(combinations(range(k), m), key=lambda t: t[::-1]):
            name = "s" + "_".join(map(str, combo))
            ordered.append(name)
            term = f"T{m}[h{combo[-1]}]"
            parent = "s" + "_".join(map(str, combo[:-1]))
            lines.append(f"    {name} = {term}" if m == 1 else f"    {name} = {parent} + {term}")
    lines.append("    return [*words, " + ", ".join(ordered) + "]")
    scope: dict[str, Any] = {"_TERMS": _TERMS}
    exec("\n".join(lines), scope)  # generated from integers only
    return scope["ids"]


#: ``_TERMS[m][c]``: the part of card ``c`` at place ``m`` in an exchange's id, with the
#: step from the offset of ``m - 1`` cards to that of ``m`` (from the id block's start at 1).
_TERMS = [
    [
        COLUMNS[m][c] + EXCHANGE_OFFSETS[m] - (EXCHANGE_OFFSETS[m - 1] if m > 1 else 0)
        for c in range(53)
    ]
    for m in range(MAX_EXCHANGE + 1)
    if m > 0
]
_TERMS.insert(0, [])
_EXCHANGE_LISTERS = {k: _exchange_lister(k) for k in range(1, 7)}
