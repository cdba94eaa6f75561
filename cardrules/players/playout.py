"""Whole sessions played by bots at speed: the fast path of simulation.

:func:`play_out` plays a :class:`~cardrules.engine.session.Session` with one bot per seat.
A bot with a ``choose_offer(offer) -> int`` method (:class:`~cardrules.players.base.RandomBot`
has one) is given the seat's actions by kind, an :class:`~cardrules.engine.offer.Offer`
filled by the deal's phase (the one list of its legal actions), and returns one action id;
the action is checked against the offer and applied. Any other bot is asked through
``choose(SeatView)`` and its action applied by the checked ``apply``. So the fast path
plays the same rules as the checked one: the same choices give the same game, and a
session played here replays through :func:`cardrules.replay` from its record.

Seeds: one generator per session deals the cards (the session's ``seed``), and one per
bot draws its choices, seeded with :func:`bot_seed` of the session's seed and the seat:
so the session's seed, kept in its record, is all it takes to play the same session again.
:func:`derive_seed` mixes integers into a seed without building a generator for it
(splitmix64), for a run's seed and a session's index.

>>> import cardrules
>>> seed = derive_seed(7, 0)  # session 0 of a run seeded 7
>>> s = cardrules.new_session("five-card-loo", players=5, seed=seed)
>>> bots = random_bots(seed, 5)
>>> play_out(s, bots, max_deals=4)
>>> s.deals_played
4
>>> again = cardrules.new_session("five-card-loo", players=5, seed=seed)
>>> play_out(again, random_bots(seed, 5), max_deals=4)
>>> again == s and cardrules.replay(s.record()).actions == s.actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardrules.engine.offer import Offer
from cardrules.engine.session import Session
from cardrules.errors import PlayError
from cardrules.players.base import Bot, RandomBot, SeatView

__all__ = ["bot_seed", "derive_seed", "play_out", "random_bots"]

_MASK = (1 << 64) - 1


def derive_seed(*parts: int) -> int:
    """A 64-bit seed mixed from integers: splitmix64, with each part added to its state
    before the step. The same in every process and on every machine, and cheap (no
    generator is built for it). ``derive_seed(0)`` is splitmix64's first output from 0.

    >>> hex(derive_seed(0)), derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)
    ('0xe220a8397b1dcdaf', True)
    """
    z = 0
    for p in parts:
        z = (z + (p & _MASK) + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
    return z


def bot_seed(session_seed: int, seat: int) -> int:
    """The seed of the generator of the bot at ``seat`` in a session seeded ``session_seed``.

    >>> bot_seed(5, 0) != bot_seed(5, 1)
    True
    """
    return derive_seed(session_seed, seat, 0xB07)


def random_bots(session_seed: int, players: int) -> list[RandomBot]:
    """A :class:`~cardrules.players.base.RandomBot` for each seat, seeded by
    :func:`bot_seed`."""
    return [RandomBot(random.Random(bot_seed(session_seed, seat))) for seat in range(players)]


def play_out(
    session: Session,
    bots: Sequence[Bot],
    *,
    max_deals: int | None = None,
) -> None:
    """Play ``session`` with ``bots[seat]`` at each seat until it is over, or until it has
    finished ``max_deals`` deals in all (a session paused at a deal's end is dealt on).

    A bot's action that is not legal raises
    :class:`~cardrules.errors.IllegalActionError` (the session is unchanged).
    """
    if len(bots) != session.players:
        raise PlayError(f"{len(bots)} bots for a table of {session.players}")
    fast: list[Callable[[Offer], int] | None] = [getattr(b, "choose_offer", None) for b in bots]
    cap = -1 if max_deals is None else max_deals
    while not session.is_over and session.deals_played != cap:
        if session.deal_over:
            session.next_deal()
            continue
        deal = session.deal
        while not deal.is_over:  # the decisions of one deal
            seat = deal.to_move
            choose = fast[seat]
            if choose is None:
                session.apply(bots[seat].choose(SeatView(session, seat)))
                continue
            offer = deal.offer()
            action = choose(offer)
            if action in offer:
                session.apply_unchecked(action)
            else:
                session.apply(action)  # refused with the reason, the state unchanged
