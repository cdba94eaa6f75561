"""The declarations open to a seat: stand, take the miss, play the miss for the pool,
throw up, and the exchanges (1.1.8, 1.2.6, D9).

The one statement of this rule: the deal lists a seat's declarations with it, and players
reasoning about the declarations others made with the hands a sample gives them use it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.engine import actions as A
from cardrules.engine.actions import exchange_ids
from cardrules.engine.phases import STOOD
from cardrules.engine.restock import drawable, exchange_cap
from cardrules.engine.state import DealState
from cardrules.engine.tables import Tables
from cardrules.engine.view import DealView
from cardrules.rules.model import ExchangeMode, LoneStander, Rules

__all__ = [
    "declaration_options",
    "declaration_words",
    "exchangeable",
    "legal_declarations",
    "next_drawer",
    "remembered_words",
    "words_of",
]


def legal_declarations(view: DealView, seat: int) -> list[int]:
    """The declarations open to ``seat`` now, as sorted ids (see :func:`declaration_options`).

    >>> import cardrules
    >>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
    >>> [A.action_text(a) for a in legal_declarations(s.deal.view, s.to_move)]
    ['stand', 'throw-up', 'take-miss']
    """
    return declaration_options(
        view.rules,
        view.hand(seat),
        dealer=seat == view.dealer,
        miss_there=view.miss is not None,
        standers=len(view.stood()),
        exchanged=view.exchanged[seat] >= 0,
        stock=view.drawable(seat),
        bound=seat == view.dealer and view.turnup in view.tables.binding_turnups,
        keep=view.turnup if seat == view.dealer and view.tables.kept_turnup else -1,
        cap=exchange_cap(view.rules, view.players),
        drawing=view.drawing,
    )


def declaration_options(
    rules: Rules,
    hand: Sequence[int],
    *,
    dealer: bool,
    miss_there: bool,
    standers: int,
    exchanged: bool,
    stock: int,
    bound: bool = False,
    keep: int = -1,
    cap: int = 13,
    drawing: int = 0,
) -> list[int]:
    """The declarations open to a seat holding ``hand``: stand, take the miss, play the
    miss for the pool, throw up, and the exchanges (1.1.8, 1.2.6, D9), as sorted ids.

    The one statement of this rule: the deal uses it, and so do players reasoning about
    the declarations others made with the hands a sample gives them. ``bound``: the seat
    may not throw up (the dealer on a turned ace, 1.8.5); ``keep``: a card of ``hand`` that
    may not be exchanged (the dealer's turn-up where he may not discard it), -1 for none;
    ``cap``: the most cards the table lets one exchange (:func:`exchange_cap`); ``drawing``:
    0 where the exchanges go with the declarations, 1 declaring before a draw, 2 in it.
    """
    words, limit = declaration_words(
        rules,
        dealer=dealer,
        miss_there=miss_there,
        standers=standers,
        exchanged=exchanged,
        stock=stock,
        hand_size=len(hand),
        bound=bound,
        drawing=drawing,
    )
    limit = min(limit, cap)
    if not limit:
        return list(words)
    cards = [c for c in hand if c != keep]
    return words + exchange_ids(cards, limit)  # sorted


def declaration_words(
    rules: Rules,
    *,
    dealer: bool,
    miss_there: bool,
    standers: int,
    exchanged: bool,
    stock: int,
    hand_size: int,
    bound: bool = False,
    drawing: int = 0,
) -> tuple[list[int], int]:
    """The declarations open to a seat as (the words open, as sorted ids; the most cards
    it may exchange, 0 for none): :func:`declaration_options` without listing the
    exchanges, for a player that chooses the kind first.

    >>> from cardrules.rules.model import Rules
    >>> declaration_words(Rules(), dealer=False, miss_there=True, standers=0,
    ...                   exchanged=False, stock=30, hand_size=3)
    ([0, 1, 2], 0)
    """
    out = [A.STAND]
    if drawing == 2:  # the draw after the declarations: stand pat, or exchange (D78)
        return out, 0 if exchanged else min(hand_size, stock)
    may_throw = rules.declarations.allow_throw_up and not bound
    play_miss = (
        miss_there
        and dealer
        and rules.declarations.lone_stander is LoneStander.DEALER_PLAYS_MISS_FOR_POOL
        and standers == 1
    )
    if play_miss:
        # One stander on his own hand: the dealer stands, takes the miss, or defends the
        # miss for the pool (1.1.8.2, D9); under dealer_may_concede he may throw up.
        may_throw = False
    if may_throw:
        out.append(A.THROW_UP)
    if miss_there:
        out.append(A.TAKE_MISS)
    if play_miss:
        out.append(A.PLAY_MISS)
    limit = 0
    if rules.exchange.mode is ExchangeMode.ONCE_ANY_NUMBER and not exchanged and not drawing:
        limit = min(hand_size, stock)
    return out, limit


def words_of(deal: DealState) -> tuple[list[int], int]:
    """:func:`declaration_words` for the seat to move in ``deal``, kept with its tables by
    what they read (:func:`remembered_words`)."""
    seat = deal.to_move
    cards = deal.cards
    decl = deal.decl
    miss_there = cards.miss is not None
    dealer = seat == deal.dealer
    standers = 0
    if miss_there and dealer:  # only then does the count matter
        standers = sum(1 for s in deal.order if decl.status[s] == STOOD)
    tb = deal.tb
    bound = dealer and cards.turnup in tb.binding_turnups  # a turned ace (1.8.5)
    if not tb.exchanges:  # nothing else is read where nobody exchanges
        key = (dealer, miss_there, standers, False, 0, 0, bound, 0)
    else:
        exchanged = decl.exchanged[seat] >= 0
        drawing = (2 if decl.pos >= deal.n else 1) if tb.draw_after else 0  # (D78)
        stock = len(cards.stock)
        if tb.restock is not None:  # and what the restocks would give (D80)
            stock = drawable(cards, decl.status, seat, tb.restock)
        stock = min(stock, tb.caps[deal.n])  # the cap (D79)
        hand = len(cards.hands[seat])
        key = (dealer, miss_there, standers, exchanged, stock, hand, bound, drawing)
    found = tb.declarations.get(key)
    return remembered_words(tb, key) if found is None else found


def exchangeable(deal: DealState) -> list[int]:
    """The cards the seat to move may exchange: his hand, but the dealer's turn-up where
    he may not discard it (1.8.5, D77)."""
    hand = deal.cards.hands[deal.to_move]
    if deal.tb.kept_turnup and deal.to_move == deal.dealer:
        return [c for c in hand if c != deal.cards.turnup]
    return hand


def next_drawer(deal: DealState) -> int:
    """Once everybody has declared, the next player to draw where the exchanges follow the
    declarations (``exchange.timing: after_declarations``, 1.8.7, D78): the players who
    stood, in turn from the dealer's left, when two or more stood (a lone stander takes the
    pool without play); -1 when there is none, or the draw is made with the declarations."""
    decl = deal.decl
    n = deal.n
    status = decl.status
    if not deal.tb.draw_after or (decl.pos == n and status[:n].count(STOOD) < 2):
        return -1
    while decl.pos < 2 * n and status[deal.order[decl.pos - n]] != STOOD:
        decl.pos += 1
    return deal.order[decl.pos - n] if decl.pos < 2 * n else -1


def remembered_words(
    tb: Tables, key: tuple[bool, bool, int, bool, int, int, bool, int]
) -> tuple[list[int], int]:
    """:func:`declaration_words` under ``tb``'s rules for ``key``, that is (dealer,
    miss_there, standers, exchanged, stock, hand_size, bound, drawing), kept in
    ``tb.declarations`` for the deal to find there next time (the lists are shared: never
    changed).

    >>> from cardrules.rules.model import Rules
    >>> tb = Tables(Rules())
    >>> remembered_words(tb, (False, True, 0, False, 30, 3, False, 0)) is tb.declarations[
    ...     (False, True, 0, False, 30, 3, False, 0)]
    True
    """
    dealer, miss_there, standers, exchanged, stock, hand_size, bound, drawing = key
    found = tb.declarations[key] = declaration_words(
        tb.rules,
        dealer=dealer,
        miss_there=miss_there,
        standers=standers,
        exchanged=exchanged,
        stock=stock,
        hand_size=hand_size,
        bound=bound,
        drawing=drawing,
    )
    return found
