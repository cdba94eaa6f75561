"""What a seat sees of another seat's action: a private action in its public form.

Another seat's exchange shows how many cards, not which; a discard shows that a card was
laid out; a gift to one's partner is seen by that partner alone.

>>> from cardrules.rules.model import Rules
>>> from cardrules.engine.actions import parse_action, action_text
>>> seen = public_form(Rules(), 3, 0, parse_action("exchange 7H 5S"), 1)
>>> seen[0], action_text(seen[1])
(0, 'exchange 3S 2S')
"""

from __future__ import annotations

from cardrules.engine import actions as A
from cardrules.engine.actions import exchange_cards
from cardrules.rules.model import Rules

__all__ = ["public_form"]


def public_form(rules: Rules, players: int, actor: int, action: int, seat: int) -> tuple[int, int]:
    """What ``seat`` sees of ``actor``'s ``action``, as a (seat, action id) pair."""
    if actor == seat or action < A.GIVE or A.is_play(action):
        return actor, action
    if action >= A.EXCHANGE:
        return actor, A.exchange_id(range(len(exchange_cards(action))))
    if action >= A.DISCARD:
        return actor, A.DISCARD
    partner = rules.partnerships.enabled and (actor + 2) % players == seat
    return actor, action if partner else A.GIVE
