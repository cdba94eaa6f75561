"""When a session ends: after each deal its rules (``session.finish``) say whether the
session is over and, where the rules name one, who won (1.1.16, 1.5.7, 1.7.7, D23).

Ten deals from ten cards down to one, at three players: over after the tenth, the highest
totals winning.

>>> import cardrules
>>> r = cardrules.load_variant("oh-hell", ["oh-hell-ten-down"])
>>> s = cardrules.new_session(r, seed=1, pause_at_deal_end=True)
>>> while not s.deal_over:
...     s.apply(s.legal_actions()[0])
>>> session_ends(r, 3, 9, [20, 31, 31], s.last_result)
(False, ())
>>> session_ends(r, 3, 10, [20, 31, 31], s.last_result)
(True, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.engine.handsize import table_sizes
from cardrules.engine.result import DealResult
from cardrules.rules.model import Finish, Rules, Scoring

__all__ = ["session_ends"]


def _top(scores: Sequence[int]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(s for s, v in enumerate(scores) if v == best)


def session_ends(
    rules: Rules, players: int, played: int, scores: Sequence[int], res: DealResult
) -> tuple[bool, tuple[int, ...]]:
    """Whether a session whose last deal had result ``res``, after ``played`` deals (those
    before it began included) and with ``scores``, is over; and its winners, the highest
    totals, where the rules name them (empty otherwise)."""
    r = rules.session
    finish = r.finish
    enough = played >= r.rounds * players
    if finish == Finish.TARGET_POINTS:
        over = max(scores) >= r.target_points
        return over, _top(scores) if over else ()
    if finish == Finish.LOSS_LIMIT:
        # Until someone has lost the target; the fewest lost, the highest total, wins (F1.2.9).
        over = min(scores) <= -r.target_points
        return over, _top(scores) if over else ()
    if finish == Finish.END_OF_SCHEDULE:
        # The schedule of hand sizes played through ``rounds`` times, the highest total
        # winning (1.7.7).
        over = played >= r.rounds * len(table_sizes(rules, players))
        return over, _top(scores) if over else ()
    if finish == Finish.FIXED_DEALS and rules.wagers.scoring == Scoring.POINTS:
        # A fixed number of deals for points: the highest total wins (1.7.7).
        return enough, _top(scores) if enough else ()
    if finish in (Finish.FIXED_DEALS, Finish.RELEASE_LOOS, Finish.DIVIDE_POOL):
        return enough, ()
    if finish == Finish.UNTIL_SINGLE:
        return enough and res.next_single, ()
    # EB1911: each deals the same number of times, then play goes on until a deal ends
    # without a loo.
    return enough and not res.looed, ()
