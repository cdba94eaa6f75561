"""The stock restocked when it runs out in the middle of the exchanges (1.8.8, D80).

Under ``exchange.restock`` other than ``none``, a player who asks for more cards than the
stock holds draws what it holds; then the dealer gathers the cards the rule names, shuffles
them and deals on, as often as the draws need:

``discards_and_folds``
    the discards laid aside since the last restock and the hands folded since (WK);
``folds_first``
    the folded hands, and only when there are none left to gather, the discards (WP);
``discards_only``
    the discards (JL).

The discards of the player being served are never gathered ("except the discards of the
player he is serving"), nor is a turn-up: laid aside face up, or in a folded dealer's hand,
it stays where it lies. Each restock is one shuffle of its own cards; in the default chance
mode its order is drawn from a seed dealt with the cards (:attr:`Cards.restock_seed
<cardrules.engine.parts.Cards.restock_seed>`, one shuffle per restock), so that the state
stays a value and a record replays; in explicit chance mode each card drawn is a chance
outcome (:func:`cardrules.engine.chance.draw_outcomes`).

Bourré with a 32-card pack at five: 25 cards dealt, 7 in the stock.

>>> import cardrules
>>> from cardrules.engine.dealing import FixedDeal
>>> small = {"players": {"max": 6}, "pack": {"cards": "piquet32", "ranks": list("AKQJT987")}}
>>> rules = cardrules.load_variant("bourre", overrides=small)
>>> hands = ["7S 8S 9S TS JS", "7H 8H 9H TH JH", "7D 8D 9D TD JD", "7C 8C 9C TC JC",
...          "QS QH QD QC KS"]
>>> deal = FixedDeal(hands=hands, turn_up="KS", stock="KH KD KC AS AH AD AC", restock=["JS"])
>>> s = cardrules.new_session(rules, players=5, dealer=4, deal=deal)
>>> s.apply("throw-up")                 # seat 0 folds
>>> s.apply("exchange 7H 8H 9H TH JH")  # seat 1 draws five: two are left
>>> s.apply("exchange 7D 8D 9D")        # seat 2 draws AD and AC, then the first of ten
>>> s.observation(2)["hand"], len(s.deal.view.restocks[0]), len(s.deal.view.stock)
(['JS', 'AD', 'JD', 'TD', 'AC'], 10, 9)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.engine.parts import Cards
from cardrules.engine.phases import THREW, Status
from cardrules.rules.applies import exchange_cap, turn_up_apart
from cardrules.rules.capacity import cards_needed
from cardrules.rules.model import Restock, Rules

__all__ = [
    "batches",
    "drawable",
    "gathered",
    "lying_discards",
    "may_restock",
    "restock",
]


def may_restock(rules: Rules, players: int, pack: int) -> bool:
    """Whether a restock can ever happen at a table of ``players``: the rules restock, and
    the players may ask for more cards than the stock holds after the deal.

    >>> from cardrules.rules.loader import load_variant
    >>> r = load_variant("bourre")
    >>> [may_restock(r, n, 52) for n in (5, 6, 8)]
    [False, True, True]
    """
    if rules.exchange.restock is Restock.NONE:
        return False
    deal = rules.deal
    dealt = cards_needed(players, deal.hand_size, miss=deal.miss, turn_up=turn_up_apart(rules))
    return players * exchange_cap(rules, players) > pack - dealt


def gathered(cards: Cards) -> set[int]:
    """Every card the restocks have gathered so far."""
    return {c for batch in cards.restocks for c in batch}


def lying_discards(cards: Cards) -> list[int]:
    """The indices of the discards that still lie where they were laid: not gathered.

    >>> from cardrules.engine.parts import Cards
    >>> c = Cards(2); c.discarded = [3, 4, 5]; c.discard_owner = [0, 0, 1]
    >>> c.restocks = [[4, 9]]; lying_discards(c)
    [0, 2]
    """
    laid = cards.discarded
    if not cards.restocks:
        return list(range(len(laid)))
    gone = gathered(cards)
    return [i for i in range(len(laid)) if laid[i] not in gone]


def batches(cards: Cards, status: Sequence[Status], seat: int, rule: Restock) -> list[list[int]]:
    """The cards that the restocks to come would gather, in order, for ``seat``'s draw
    (empty under ``none``): each a sorted list; a later one is gathered only when the one
    before is used up."""
    if rule is Restock.NONE:
        return []
    turnup = cards.turnup
    folds: list[int] = []
    for s, st in enumerate(status):
        if st == THREW and s != seat:
            folds.extend(c for c in cards.hands[s] if c != turnup)
    owners = cards.discard_owner
    laid = cards.discarded
    discards = [laid[i] for i in lying_discards(cards) if owners[i] != seat and laid[i] != turnup]
    if rule is Restock.DISCARDS_AND_FOLDS:
        out = [sorted(folds + discards)]
    elif rule is Restock.FOLDS_FIRST:
        out = [sorted(folds), sorted(discards)]
    else:
        out = [sorted(discards)]
    return [b for b in out if b]


def drawable(cards: Cards, status: Sequence[Status], seat: int, rule: Restock) -> int:
    """How many cards ``seat`` could draw now: the stock, and what the restocks would give."""
    return len(cards.stock) + sum(len(b) for b in batches(cards, status, seat, rule))


def restock(cards: Cards, status: Sequence[Status], seat: int, rule: Restock) -> bool:
    """Gather the next restock for ``seat``'s draw under the stock, in the order a shuffle
    gives (:attr:`Cards.restock_first` first); whether there was one to gather."""
    found = batches(cards, status, seat, rule)
    if not found:
        return False
    batch = found[0]
    taken = set(batch)
    for s, st in enumerate(status):
        if st == THREW and s != seat:
            hand = cards.hands[s]
            if any(c in taken for c in hand):
                cards.hands[s] = [c for c in hand if c not in taken]
    first = [c for c in cards.restock_first if c in taken]
    named = set(first)
    if named:
        cards.restock_first = [c for c in cards.restock_first if c not in named]
    rest = [c for c in batch if c not in named]
    if cards.restock_seed >= 0:
        random.Random(cards.restock_seed * 64 + len(cards.restocks)).shuffle(rest)
    order = first + rest  # the order drawn: the first card drawn first
    order.reverse()  # the top of the stock is the end of the list
    cards.stock[:0] = order
    cards.restocks = [*cards.restocks, batch]
    cards.restock_draws = [*cards.restock_draws, [0] * len(status)]
    return True
