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
from cardrules.engine.actions import action_text, exchange_cards
from cardrules.rules.applies import partnerships_play
from cardrules.rules.model import Rules

__all__ = ["public_form", "public_text", "sees_whole"]


def sees_whole(rules: Rules, players: int, actor: int, action: int, seat: int) -> bool:
    """Whether ``seat`` sees ``actor``'s ``action`` in full: his own, a public one, or a
    gift to ``seat`` as his partner."""
    if actor == seat or action < A.GIVE or A.is_play(action) or A.is_bid(action):
        return True
    if action >= A.DISCARD:
        return False  # an exchange or a discard shows how many cards, not which
    return partnerships_play(rules) and (actor + 2) % players == seat


def public_form(rules: Rules, players: int, actor: int, action: int, seat: int) -> tuple[int, int]:
    """What ``seat`` sees of ``actor``'s ``action``, as a (seat, action id) pair. A hidden
    action is given the id of its kind with the lowest cards (an exchange of k cards that
    of exchanging the k lowest, a discard or gift that of the lowest card), so the id alone
    does not tell a hidden gift from a seen gift of that card: :func:`sees_whole` does."""
    if sees_whole(rules, players, actor, action, seat):
        return actor, action
    if action >= A.EXCHANGE:
        return actor, A.exchange_id(range(len(exchange_cards(action))))
    return actor, A.DISCARD if action >= A.DISCARD else A.GIVE


def public_text(rules: Rules, players: int, actor: int, action: int, seat: int) -> str:
    """``actor``'s ``action`` in words as ``seat`` sees it: another's exchange shows how
    many cards (``exchange 2``), his gift or discard only that he made one.

    >>> from cardrules.engine.actions import parse_action
    >>> public_text(Rules(), 3, 0, parse_action("exchange 7H 5S"), 1)
    'exchange 2'
    """
    if sees_whole(rules, players, actor, action, seat):
        return action_text(action)
    if action >= A.EXCHANGE:
        return f"exchange {len(exchange_cards(action))}"
    return "discard" if action >= A.DISCARD else "give"
