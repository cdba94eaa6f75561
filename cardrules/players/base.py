"""Players that choose actions: the interface and the random player.

A bot is given a :class:`SeatView`: only what its seat may know (the
observation), the legal actions, the rules, and random samples of the hidden
cards; it returns one of the legal actions. :class:`RandomBot` draws its choice with
:mod:`cardrules.players.draws` (whose functions this module re-exports).

>>> import cardrules, random
>>> s = cardrules.new_session("irish-loo", players=3, seed=2)
>>> bot = RandomBot(random.Random(0))
>>> bot.choose(SeatView(s, s.to_move)) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from cardrules.engine.offer import Offer
from cardrules.engine.sampling import determinize
from cardrules.players.draws import action_kind, random_legal, random_offered

__all__ = ["Bot", "RandomBot", "SeatView", "action_kind", "random_legal", "random_offered"]

if TYPE_CHECKING:
    from cardrules.engine.session import Session
    from cardrules.rules.model import Rules


class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat may know.

    A bot may also have ``choose_offer(offer) -> int``, choosing from the actions by kind
    (an :class:`~cardrules.engine.offer.Offer`): :func:`cardrules.players.playout.play_out`
    then asks it that way, which is faster (see :meth:`RandomBot.choose_offer`).
    """

    def choose(self, view: SeatView) -> int:
        """One of ``view.legal``."""
        ...


class SeatView:
    """What a bot is given: its seat's observation, the legal actions, the rules, and
    samples of the hidden cards consistent with the observation (never the real ones).

    >>> import cardrules
    >>> s = cardrules.new_session("put", seed=1)
    >>> v = SeatView(s, s.to_move)
    >>> v.legal == s.legal_actions(), v.observation["seat"] == s.to_move
    (True, True)
    """

    __slots__ = ("_session", "legal", "seat")

    def __init__(self, session: Session, seat: int) -> None:
        self._session = session
        self.seat = seat
        self.legal = session.legal_actions() if session.to_move == seat else []

    @property
    def rules(self) -> Rules:
        """The rules the deal is played under (with its own hand size when the rules
        change it from deal to deal)."""
        return self._session.deal.rules

    @property
    def observation(self) -> dict[str, Any]:
        """``session.observation(seat)``: exactly what the seat may know."""
        return self._session.observation(self.seat)

    def sample(self, rng: random.Random) -> Session:
        """A session in which the cards hidden from this seat are dealt afresh at random
        (see :func:`cardrules.engine.sampling.determinize`); play it out to search."""
        return determinize(self._session, self.seat, rng)


class RandomBot:
    """Uniformly random over the kinds of legal action, then over the actions of that kind.

    So a declarer with thirty-one possible exchanges still throws up as often
    as he stands or exchanges, as a person choosing at random would.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: SeatView) -> int:
        """A random legal action (the observation is not needed)."""
        return random_legal(self.rng, view.legal)

    def choose_offer(self, offer: Offer) -> int:
        """The same choice from the actions by kind: the same draws from the generator as
        :meth:`choose` makes from the list of legal actions, so the same action.

        >>> import cardrules
        >>> from cardrules.engine.offer import Offer
        >>> s = cardrules.new_session("five-card-loo", players=5, seed=3)
        >>> offer = s.deal.offer()
        >>> RandomBot(random.Random(8)).choose_offer(offer) == random_legal(
        ...     random.Random(8), s.legal_actions())
        True
        """
        return random_offered(self.rng, offer)
