"""The passing phase: before the play every player passes cards to another (Hearts: three
to the left, right or across, or none; F1.1.4.3, F1.2.3).

Each player in turn, from the first dealt to (the dealer's left, or seat 0 when
``deal.start`` is ``seat0``), passes ``passing.cards`` cards, one action each
(``give QS``); a card passed leaves his hand at once, but nothing is received until the last
player has passed, so that everybody chooses before looking at what he receives. Then the
cards passed by each seat go to the seat ``pass_to`` places on (the deal's context says
where: :func:`pass_offset`), and the play opens.

>>> import cardrules
>>> from cardrules.engine import actions as A
>>> s = cardrules.new_session("hearts", seed=2, dealer=3)
>>> s.deal.phase.word, s.deal.to_move, legal_pass(s.deal).kind == A.GIVE
('pass', 0, True)
"""

from __future__ import annotations

from cardrules.engine import actions as A
from cardrules.engine.dealing import receivers
from cardrules.engine.offer import Offer
from cardrules.engine.phases import PASS
from cardrules.engine.state import DealState
from cardrules.engine.transitions import after_declarations
from cardrules.rules.applies import passes
from cardrules.rules.model import PassDirection, Rules

__all__ = [
    "apply_pass",
    "direction_outcomes",
    "legal_pass",
    "open_passing",
    "pass_offset",
    "pass_offsets",
]


def pass_offset(direction: str, players: int) -> int:
    """The seat offset of a passing direction at a table of ``players``: the next seat
    clockwise for the left, the seat before for the right, the seat opposite across, 0 to
    hold.

    >>> [pass_offset(d, 4) for d in ("hold", "left", "across", "right")]
    [0, 1, 2, 3]
    """
    d = PassDirection(direction)
    if d is PassDirection.LEFT:
        return 1
    if d is PassDirection.RIGHT:
        return players - 1
    if d is PassDirection.ACROSS:
        return players // 2
    return 0


def pass_offsets(rules: Rules, players: int) -> list[int]:
    """The offsets of ``passing.directions`` in their order (empty when nobody passes).

    >>> import cardrules
    >>> pass_offsets(cardrules.load_variant("hearts"), 4)
    [1, 3, 2, 0]
    """
    if not passes(rules):
        return []
    return [pass_offset(d, players) for d in rules.passing.directions]


def direction_outcomes(rules: Rules, players: int) -> list[tuple[int, float]]:
    """The outcomes of drawing a deal's passing direction, by offset, each alike.

    >>> import cardrules
    >>> r = cardrules.load_variant("hearts", overrides={"passing.choice": "chance"})
    >>> direction_outcomes(r, 4)
    [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    """
    offsets = pass_offsets(rules, players)
    return [(o, 1 / len(offsets)) for o in sorted(offsets)]


def open_passing(deal: DealState) -> bool:
    """Begin the passing of a deal whose players are all in, where the deal passes cards;
    whether it does."""
    if deal._ctx.pass_to == 0 or not passes(deal.rules):
        return False
    deal.phase = PASS
    deal.to_move = _passers(deal)[0]
    return True


def _passers(deal: DealState) -> list[int]:
    """The seats in the order they pass: the order they were dealt to."""
    return list(receivers(deal.rules, deal._ctx, deal._order))


def legal_pass(deal: DealState) -> Offer:
    """The passing phase's legal actions: any card the seat to move still holds."""
    seat = deal.to_move
    return Offer(seat, [], A.GIVE, deal._cards.hands[seat])


def apply_pass(deal: DealState, action: int) -> None:
    """The seat to move passes a card; once he has passed them all the next seat passes;
    after the last, every seat receives what was passed to it and the play opens."""
    seat = deal.to_move
    card = action - A.GIVE
    hands = deal._cards.hands
    given = deal._passing.given
    hands[seat].remove(card)
    given[seat].append(card)
    if len(given[seat]) < deal.rules.passing.cards:
        return
    order = _passers(deal)
    pos = order.index(seat) + 1
    if pos < len(order):
        deal.to_move = order[pos]
        return
    n = deal._n
    to = deal._ctx.pass_to
    for s in range(n):
        receiver = hands[(s + to) % n]
        receiver.extend(given[s])
        receiver.sort()
    after_declarations(deal)
