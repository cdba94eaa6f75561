"""The challenging phases of Put (1.5.6, D54): the elder's decision after the first trick
(put or throw up), and the answer to "I put" (see or refuse); and the challenges a player
may make as he plays.

When each challenge may be made is the model's table of windows
(:func:`~cardrules.engine.challenges.windows`); this module asks it and moves the deal
on: a put waits for the answer, a refusal or a throw-up ends the deal, a put seen plays on
for the game.

>>> import cardrules
>>> from cardrules.engine.actions import action_text
>>> s = cardrules.new_session("put", ["hoyle-put"], seed=1, dealer=1)
>>> [action_text(a) for a in s.legal_actions() if a < 16]  # before the first lead
['throw-up']
"""

from __future__ import annotations

from cardrules.engine import actions as A
from cardrules.engine.challenges import windows
from cardrules.engine.offer import Offer
from cardrules.engine.phases import DECIDE, PLAY, RESPOND
from cardrules.engine.settlement import challenge_points
from cardrules.engine.state import DealState
from cardrules.engine.transitions import finish
from cardrules.engine.view import DealView
from cardrules.rules.applies import choice_after_first_trick

__all__ = [
    "apply_decide",
    "apply_respond",
    "challenge_words",
    "concede",
    "decide_after_first_trick",
    "legal_decide",
    "legal_respond",
    "put",
]


def challenge_words(deal: DealState) -> list[int]:
    """The challenges (throw up, put) open to the player to move in trick play, sorted:
    after a put is seen only a throw-up, where it is not binding; else as the model's
    windows open them at this lead or follow."""
    rules = deal.rules.challenges
    chal = deal._chal
    play = deal._play
    if chal.put_seen:
        return [] if rules.put_binding else [A.THROW_UP]
    w = windows(rules.model)
    if not play.cards:
        if play.trick_no > 0:
            words = list(w.later_lead)
        elif play.turn_pos == 0:  # only the elder leads the first trick
            words = list(w.first_lead)
        else:
            words = []
        return sorted(a for a in words if not (a == A.PUT and chal.putter >= 0))
    words = []
    if rules.follower_may_concede:
        words.append(A.THROW_UP)
    if play.trick_no == 0 and chal.putter < 0:
        words.extend(w.follow_first)
    return sorted(words)


def decide_after_first_trick(deal: DealState) -> bool:
    """After a trick: where the model makes the elder decide once the first trick is
    played (and no put is seen), the deal waits for his decision. Whether it does."""
    if (
        deal._play.trick_no == 1
        and not deal._chal.put_seen
        and choice_after_first_trick(deal.rules)
    ):
        deal.phase = DECIDE
        deal.to_move = deal._play.actors[0]
        return True
    return False


def legal_decide(deal: DealState) -> Offer:
    """The elder's choice after the first trick: put or throw up."""
    return Offer(deal.to_move, sorted(windows(deal.rules.challenges.model).after_first_trick))


def apply_decide(deal: DealState, action: int) -> None:
    """The elder puts or throws up."""
    if action == A.PUT:
        put(deal, deal.to_move)
    else:
        concede(deal, deal.to_move)


def legal_respond(deal: DealState) -> Offer:
    """The answer to a put: see it or refuse."""
    return Offer(deal.to_move, [A.SEE, A.REFUSE])


def apply_respond(deal: DealState, action: int) -> None:
    """A put seen plays on for the game; refused, it scores the putter his point."""
    if action == A.SEE:
        deal._chal.put_seen = True
        deal.phase = PLAY
        deal.to_move = deal._play.actors[deal._play.turn_pos]
    else:
        points = deal.rules.challenges.point
        finish(deal, challenge_points(DealView(deal), deal._chal.putter, points, "refused"))


def put(deal: DealState, seat: int) -> None:
    """``seat`` says "I put": his opponent is to answer."""
    deal._chal.putter = seat
    deal.phase = RESPOND
    deal.to_move = _opponent(deal, seat)


def concede(deal: DealState, seat: int) -> None:
    """``seat`` throws up: his opponent scores the point, or the game once a put was seen."""
    points = deal.rules.challenges.point
    if deal._chal.put_seen:
        points = deal.rules.session.target_points
    finish(deal, challenge_points(DealView(deal), _opponent(deal, seat), points, "throw_up"))


def _opponent(deal: DealState, seat: int) -> int:
    first, second = deal._play.in_play[0], deal._play.in_play[1]
    return second if seat == first else first
