"""What a simulation reads from the engine beyond a session's results.

The tallies count what the rules' results do not say: how many dealt hands
held a flush, whether everyone was made to stand, and how often each
declaration and decision was made. :func:`deal_observer` is the one place
that reads a deal's insides for them (its hands, trump, the exposed-card
single and the forced stand, and the flush tables); :func:`decision_counter`
decodes the action ids of a deal's history. A change to the engine's deal or
action numbering is made here and nowhere else in the simulation.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence

from cardrules.engine.actions import BID, DISCARD, EXCHANGE, EXCHANGE_OFFSETS, GIVE, WORDS
from cardrules.engine.deal import Deal
from cardrules.engine.flush import flush_suit
from cardrules.engine.tables import tables_for
from cardrules.rules.applies import flushes_count
from cardrules.rules.model import Rules

#: The declarations (``stand``, ``throw-up``...) in the order of their action ids.
DECLARATION_WORDS = tuple(WORDS[a] for a in sorted(WORDS))

#: What a deal was as it was dealt: hands counted for flushes, how many of them held
#: one, and whether everyone was made to stand.
Dealt = tuple[int, int, bool]


def deal_observer(rules: Rules, players: int, dealt: list[Dealt]) -> Callable[[Deal], None]:
    """A ``Session(on_deal=...)`` hook appending to ``dealt``, as each deal is dealt, how
    many hands hold a flush and whether everyone is made to stand (deals that end as they
    are dealt included).

    >>> import cardrules
    >>> rules = cardrules.load_variant("five-card-loo")
    >>> dealt = []
    >>> s = cardrules.Session(rules, 4, seed=1, on_deal=deal_observer(rules, 4, dealt))
    >>> dealt
    [(4, 0, False)]
    """
    tables = tables_for(rules)
    counts_flushes = flushes_count(rules)

    def note(deal: Deal) -> None:
        view = deal.view
        if counts_flushes and not view.exposed_single:
            hands = [view.dealt_hand(seat) for seat in range(players)]
            flushes = sum(flush_suit(tables, hand, view.trump) >= 0 for hand in hands)
            dealt.append((players, flushes, view.forced))
        else:
            dealt.append((0, 0, view.forced))

    return note


def decision_counter(
    slots: Mapping[str, int],
) -> Callable[[Sequence[tuple[int, int]], list[int]], None]:
    """A function ``count(history, counts)`` adding one to ``counts[slots[kind]]`` for each
    declaration or decision other than playing a card in a deal's ``(seat, action)``
    history; ``slots`` places each word of :data:`DECLARATION_WORDS`, ``give``,
    ``discard`` and ``exchange 1`` ... ``exchange k`` (consecutive).

    >>> from cardrules.engine.actions import parse_action
    >>> count = decision_counter({"stand": 0, "throw-up": 1, "give": 2, "discard": 3,
    ...                           "exchange 1": 4, "exchange 2": 5} | {w: 6 for w in
    ...                           DECLARATION_WORDS if w not in ("stand", "throw-up")})
    >>> counts = [0] * 7
    >>> count([(0, parse_action("stand")), (1, parse_action("play QH")),
    ...        (1, parse_action("exchange 2H 3C"))], counts)
    >>> counts
    [1, 0, 0, 0, 0, 1, 0]
    """
    # The slot of every id below the exchanges, in one table (-1: a card played).
    slot_of = [-1] * EXCHANGE
    for a, w in zip(sorted(WORDS), DECLARATION_WORDS, strict=True):
        slot_of[a] = slots[w]
    for a in range(GIVE, DISCARD):
        slot_of[a] = slots["give"]
    for a in range(DISCARD, EXCHANGE):
        slot_of[a] = slots["discard"]
    exchange_at = slots["exchange 1"] - 1

    def count(history: Sequence[tuple[int, int]], counts: list[int]) -> None:
        for _, a in history:
            if a < EXCHANGE:
                at = slot_of[a]
                if at >= 0:
                    counts[at] += 1
            elif a < BID:  # a bid is no declaration
                counts[exchange_at + bisect_right(EXCHANGE_OFFSETS, a) - 1] += 1

    return count
