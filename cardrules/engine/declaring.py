"""The declaring phase: how a deal opens, and each seat's declaration in turn: stand, take
the miss, play the miss for the pool, throw up, and the exchanges (1.1.8, 1.2.6, D9).

:func:`open_deal` starts a deal once dealt (a forced play, the partners' passing, a flush
shown at once, or the declarations); :func:`legal_declare` and :func:`apply_declare` are the
phase's pair in the deal's phase table. :func:`declaration_options` is the one statement of
which declarations are open: the deal lists a seat's declarations with it, and players
reasoning about the declarations others made with the hands a sample gives them use it too.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
>>> [A.action_text(a) for a in legal_declare(s.deal).legal()]
['stand', 'throw-up', 'take-miss']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import SUITS
from cardrules.engine import actions as A
from cardrules.engine.actions import exchange_cards_of, exchange_ids
from cardrules.engine.offer import Offer
from cardrules.engine.passing import open_passing
from cardrules.engine.phases import DECLARE, OUT, PARTNER, STOOD, THREW
from cardrules.engine.restock import drawable, restock
from cardrules.engine.settlement import flush_holders, pool_to, settle_exposed_single
from cardrules.engine.state import DealState
from cardrules.engine.tables import Tables
from cardrules.engine.transitions import (
    after_declarations,
    discard,
    finish,
    flush_shown,
    settle_flush_of,
    stand_all,
)
from cardrules.engine.view import DealView
from cardrules.rules.applies import (
    declarations_made,
    exchanges_made,
    miss_played_for_pool,
    partnerships_play,
    throwing_up_allowed,
)
from cardrules.rules.model import FirstDeal, Rules
from cardrules.rules.seating import dealer_sits_out

__all__ = [
    "apply_declare",
    "declaration_options",
    "declaration_words",
    "exchangeable",
    "legal_declarations",
    "legal_declare",
    "next_declarer",
    "next_drawer",
    "open_deal",
    "remembered_words",
    "words_of",
]


def open_deal(deal: DealState) -> None:
    """Start ``deal`` once dealt: a single exposed ends it; partners first pass their cards;
    a forced play (the last round, the first deal, a single, a turned suit) or rules without
    declarations make everybody stand; a flush shown at once ends it; else the first seat
    in turn declares."""
    rules = deal.rules
    ctx = deal._ctx
    cards = deal._cards
    status = deal._decl.status
    if cards.exposed_single:
        finish(deal, settle_exposed_single(DealView(deal)))
        return
    if partnerships_play(rules):
        deal.phase = PARTNER
        deal.to_move = deal._order[0]
        return
    forced = (
        ctx.last  # Peel's quick finish: "all stand on the last round" (1.1.16)
        or (ctx.first and rules.session.first_deal == FirstDeal.ALL_STAND_NO_MISS)
        or (ctx.single and rules.declarations.forced_play.on_single)
        or (
            cards.turnup >= 0
            and SUITS[cards.turnup // 13] in rules.declarations.forced_play.turn_up_suits
        )
    )
    deal._decl.forced = forced
    if forced and cards.miss is not None:
        # Club Law: "the miss is withdrawn, and is added to the undealt portion of the pack
        # without being exposed" [S004].
        cards.stock[:0] = cards.miss
        cards.miss = None
    if dealer_sits_out(rules, deal._n):
        status[deal.dealer] = OUT
    if deal._tables.flush_at_once:
        # Hoffmann: the holder "at once turns up his cards"; nobody may throw up [S001].
        seats = [s for s in deal._order if status[s] != OUT]
        if flush_holders(DealView(deal), seats):
            stand_all(deal)
            settle_flush_of(deal, seats)
            return
    if forced or not declarations_made(rules):
        stand_all(deal)
        if not open_passing(deal):
            after_declarations(deal)
        return
    deal.phase = DECLARE
    deal._decl.pos = 0
    next_declarer(deal)


def next_declarer(deal: DealState) -> None:
    """The next seat in turn declares (or draws, where the draw follows the declarations);
    the dealer left alone by those before him takes the pool; after the last, the play
    opens."""
    decl = deal._decl
    status = decl.status
    while decl.pos < deal._n and status[deal._order[decl.pos]] == OUT:
        decl.pos += 1
    if decl.pos >= deal._n:
        seat = next_drawer(deal)  # the draw, where it follows the declarations (D78)
        if seat < 0:
            after_declarations(deal)
        else:
            deal.to_move = seat
        return
    seat = deal._order[decl.pos]
    if seat == deal.dealer and decl.miss_taker < 0 and STOOD not in status:
        # All before the dealer threw up: he takes the pool, no matter his cards (1.1.8.1),
        # and a flush he holds is shown and paid besides (1.2.9.2, D34).
        if not flush_shown(deal, seat):
            finish(deal, pool_to(DealView(deal), [seat], "all_pass"))
        return
    deal.to_move = seat


def legal_declare(deal: DealState) -> Offer:
    """The declaring phase's legal actions, by kind: the words open to the seat to move,
    and the exchanges of the cards it may exchange."""
    words, limit = words_of(deal)
    return Offer(deal.to_move, words, A.EXCHANGE, exchangeable(deal), limit)


def apply_declare(deal: DealState, action: int) -> None:
    """The seat to move declares ``action``: throws up, takes the miss, plays the miss for
    the pool, stands or exchanges; then the next seat declares."""
    seat = deal.to_move
    decl = deal._decl
    cards = deal._cards
    if action == A.THROW_UP:
        decl.status[seat] = THREW
        if seat == deal.dealer:
            decl.pos += 1
            next_declarer(deal)
            return
    elif action == A.TAKE_MISS:
        discard(deal, seat, cards.hands[seat])  # his own cards go aside, unexposed
        cards.hands[seat] = cards.miss or []
        cards.miss = None
        decl.miss_taker = seat
        decl.status[seat] = STOOD
    elif action == A.PLAY_MISS:
        decl.status[seat] = THREW
        decl.miss_for_pool = True
    else:
        if action >= A.EXCHANGE and not deal.rules.exchange.exchanger_must_play:
            # Whether the exchange ended the deal is not asked: a flush shown at once has
            # settled it already, and otherwise he declares again (stand or throw up,
            # 1.2.6); either way his turn stays where it is.
            _exchange(deal, seat, action)
            return
        decl.status[seat] = STOOD
        if action >= A.EXCHANGE and _exchange(deal, seat, action):
            return
    decl.pos += 1
    next_declarer(deal)


def _exchange(deal: DealState, seat: int, action: int) -> bool:
    """Make ``seat``'s exchange; whether it ended the deal (a flush shown at once)."""
    cards = deal._cards
    hand = cards.hands[seat]
    out = exchange_cards_of(hand, action)
    for c in out:
        hand.remove(c)
    discard(deal, seat, out)
    stock = cards.stock
    for _ in out:
        if not stock:  # the stock has run out: restocked, where the rules say so (D80)
            restock(cards, deal._decl.status, seat, deal.rules.exchange.restock)
            stock = cards.stock
        if cards.restock_draws:  # the stock holds only the last restock's cards now
            cards.restock_draws[-1][seat] += 1
        hand.append(stock.pop())
    hand.sort()
    deal._decl.exchanged[seat] = len(out)
    return deal._tables.flush_at_once and flush_shown(deal, seat)


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
        cap=view.tables.caps[view.players],
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
    ``cap``: the most cards the table lets one exchange
    (:func:`~cardrules.rules.applies.exchange_cap`); ``drawing``:
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
    may_throw = throwing_up_allowed(rules) and not bound
    play_miss = miss_there and dealer and miss_played_for_pool(rules) and standers == 1
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
    if exchanges_made(rules) and not exchanged and not drawing:
        limit = min(hand_size, stock)
    return out, limit


def words_of(deal: DealState) -> tuple[list[int], int]:
    """:func:`declaration_words` for the seat to move in ``deal``, kept with its tables by
    what they read (:func:`remembered_words`)."""
    seat = deal.to_move
    cards = deal._cards
    decl = deal._decl
    miss_there = cards.miss is not None
    dealer = seat == deal.dealer
    standers = 0
    if miss_there and dealer:  # only then does the count matter
        standers = sum(1 for s in deal._order if decl.status[s] == STOOD)
    tb = deal._tables
    bound = dealer and cards.turnup in tb.binding_turnups  # a turned ace (1.8.5)
    if not tb.exchanges:  # nothing else is read where nobody exchanges
        key = (dealer, miss_there, standers, False, 0, 0, bound, 0)
    else:
        exchanged = decl.exchanged[seat] >= 0
        drawing = (2 if decl.pos >= deal._n else 1) if tb.draw_after else 0  # (D78)
        stock = len(cards.stock)
        if tb.restock is not None:  # and what the restocks would give (D80)
            stock = drawable(cards, decl.status, seat, tb.restock)
        stock = min(stock, tb.caps[deal._n])  # the cap (D79)
        hand = len(cards.hands[seat])
        key = (dealer, miss_there, standers, exchanged, stock, hand, bound, drawing)
    found = tb.declarations.get(key)
    return remembered_words(tb, key) if found is None else found


def exchangeable(deal: DealState) -> list[int]:
    """The cards the seat to move may exchange: his hand, but the dealer's turn-up where
    he may not discard it (1.8.5, D77)."""
    hand = deal._cards.hands[deal.to_move]
    if deal._tables.kept_turnup and deal.to_move == deal.dealer:
        return [c for c in hand if c != deal._cards.turnup]
    return hand


def next_drawer(deal: DealState) -> int:
    """Once everybody has declared, the next player to draw where the exchanges follow the
    declarations (``exchange.timing: after_declarations``, 1.8.7, D78): the players who
    stood, in turn from the dealer's left, when two or more stood (a lone stander takes the
    pool without play); -1 when there is none, or the draw is made with the declarations."""
    decl = deal._decl
    n = deal._n
    status = decl.status
    if not deal._tables.draw_after or (decl.pos == n and status[:n].count(STOOD) < 2):
        return -1
    while decl.pos < 2 * n and status[deal._order[decl.pos - n]] != STOOD:
        decl.pos += 1
    return deal._order[decl.pos - n] if decl.pos < 2 * n else -1


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
