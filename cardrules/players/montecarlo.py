"""Search: determinised Monte Carlo over the rules of thumb (:class:`MonteCarloBot`).

From a sample of the hidden cards (:meth:`SeatView.sample`, the only access
to them) the search deals them afresh many times, consistently with what the
others have done (:func:`inconsistency`), applies each candidate action,
plays the deal out with the rules of thumb (:mod:`cardrules.players.heuristic`) in
every seat, and chooses the action with the best mean result for this deal.
It never reads the hidden cards.

>>> import cardrules, random
>>> from cardrules.players.base import SeatView
>>> s = cardrules.new_session("three-card-loo", players=4, seed=5)
>>> mc = MonteCarloBot(samples=4, rng=random.Random(1))
>>> mc.choose(SeatView(s, s.to_move)) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.engine import actions as A
from cardrules.engine.declaring import declaration_options
from cardrules.engine.phases import DECLARE
from cardrules.engine.sampling import Place, hidden_places, play_conflicts, redeal
from cardrules.engine.session import Session
from cardrules.players.base import SeatView
from cardrules.players.heuristic import Policy, heuristic_action, heuristic_policy, random_policy
from cardrules.players.odds import declaration_values
from cardrules.players.situation import Situation
from cardrules.rules.applies import declarations_made
from cardrules.rules.model import Scoring
from cardrules.rules.seating import dealer_sits_out


class MonteCarloBot:
    """Determinised Monte Carlo search.

    One sample of the hidden cards is drawn from the view
    (:meth:`SeatView.sample`, the only access to them); from it, ``samples``
    times, those cards are dealt afresh (:meth:`redeal`) and each candidate
    action is applied and the deal played out with ``rollout``
    (``"heuristic"`` or ``"random"``) in every seat. An action's value is this
    seat's result for the deal: its change in counters, or at a points race
    its side's points less the other side's, each no more than was needed for
    the game. Every candidate meets the same deals (common random numbers).

    The candidate with the best mean is chosen if it beats the rules of
    thumb's choice by more than ``evidence`` standard errors of the paired
    differences; otherwise the rules of thumb's choice stands. With one legal
    action nothing is searched; of many exchanges only the ``max_exchanges``
    the rules of thumb value most are searched.

    A fresh deal of the hidden cards is uniform; of up to ``tries`` of them the
    first that agrees with what the others have done is kept (no card played
    that the rules would have forbidden with the hand the deal gives, no
    declaration the rules of thumb would not have made with it: see
    :func:`inconsistency`), or else the one that agrees best.
    """

    def __init__(
        self,
        samples: int = 32,
        rng: random.Random | None = None,
        *,
        rollout: str = "heuristic",
        max_exchanges: int = 4,
        tries: int = 20,
        evidence: float = 1.0,
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"unknown rollout {rollout!r}: 'heuristic' or 'random'")
        self.samples = samples
        self.rng = rng or random.Random()
        self.rollout = rollout
        self.max_exchanges = max_exchanges
        self.tries = max(1, tries)
        self.evidence = evidence

    def candidates(self, view: SeatView) -> list[int]:
        """The actions searched, the rules of thumb's choice first."""
        legal = view.legal
        sit = Situation.from_view(view)
        first = heuristic_action(sit)
        if sit.phase == DECLARE and legal[-1] >= A.EXCHANGE:
            values = declaration_values(sit)
            words = [a for a in legal if a < A.EXCHANGE]
            exchanges = sorted(
                (a for a in legal if a >= A.EXCHANGE), key=lambda a: (-values[a], a)
            )[: self.max_exchanges]
            pool = words + exchanges
        else:
            pool = list(legal)
        if first not in pool:
            pool.append(first)
        return [first] + [a for a in pool if a != first]

    def choose(self, view: SeatView) -> int:
        """The candidate with the best mean play-out result."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        cands = self.candidates(view)
        if len(cands) == 1:
            return cands[0]
        policy: Policy = (
            heuristic_policy if self.rollout == "heuristic" else random_policy(self.rng)
        )
        results = self.evaluate(view, cands, policy)
        return cands[self.pick(results)]

    def evaluate(self, view: SeatView, cands: Sequence[int], policy: Policy) -> list[list[float]]:
        """Each candidate's play-out results, sample by sample (the same samples for all)."""
        seat = view.seat
        results: list[list[float]] = [[] for _ in cands]
        root = view.sample(self.rng)
        places = hidden_places(root, seat)
        for _ in range(self.samples):
            base = root.clone()
            self.redeal(base, seat, places)
            for i, a in enumerate(cands):
                t = base.clone() if i < len(cands) - 1 else base
                results[i].append(play_out(t, a, seat, policy))
        return results

    def pick(self, results: list[list[float]]) -> int:
        """The candidate with the best mean, if it beats the first (the rules of thumb's
        choice) by more than ``evidence`` standard errors of the paired differences;
        else the first."""
        k = len(results[0])
        means = [sum(r) / k for r in results]
        best = max(range(len(results)), key=lambda i: (means[i], -i))
        if best == 0 or self.evidence <= 0 or k < 2:
            return best
        diffs = [x - y for x, y in zip(results[best], results[0], strict=True)]
        mean = means[best] - means[0]
        var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
        return best if mean > self.evidence * (var / k) ** 0.5 else 0

    def redeal(self, t: Session, seat: int, places: list[Place] | None = None) -> None:
        """Deal the cards hidden from ``seat`` in the sampled session ``t`` afresh until
        they agree with what the others have done (:func:`inconsistency`): of up to
        ``tries`` deals, the first that agrees, or else the one that agrees best."""
        redeal(t, seat, self.rng, places, tries=self.tries, score=inconsistency)


def play_out(t: Session, action: int, seat: int, policy: Policy) -> float:
    """Apply ``action`` in ``t``, play the deal to its end with ``policy``, and score it
    for ``seat`` (see :class:`MonteCarloBot`)."""
    before = len(t.results)
    scores = list(t.scores)
    t.apply(action)
    while len(t.results) == before:
        t.apply_unchecked(policy(t))
    res = t.results[before]
    if t.rules.wagers.scoring is not Scoring.POINTS:
        return float(res.net[seat])
    if res.restart or not res.points:
        return 0.0
    target = t.rules.session.target_points
    n = t.players
    side = {seat, (seat + 2) % n} if t.rules.partnerships.enabled else {seat}
    mine = max(res.points[s] for s in side)
    theirs = max(res.points[s] for s in range(n) if s not in side)
    my_need = target - max(scores[s] for s in side)
    their_need = target - max(scores[s] for s in range(n) if s not in side)
    return float(min(mine, my_need) - min(theirs, their_need))


# ---------------------------------------------------------------------------------- inference

#: Weight of a play the rules forbid, against a declaration the rules of thumb would not make.
ILLEGAL_PLAY = 10


def inconsistency(t: Session, seat: int) -> int:
    """How far the others' hands in a sampled deal ``t`` disagree with what they did.

    Every card another player has played must have been legal with the hand
    the sample gives him (the engine's :func:`~cardrules.engine.sampling.play_conflicts`):
    a card he could not have played counts :data:`ILLEGAL_PLAY` (a void revealed, a
    trick not headed). Each declaration on his own cards (stand, throw up,
    take the miss, play the miss) that the rules of thumb would not have made
    with the sampled cards counts 1. Exchanges are not checked. Only the
    sample is read: a seat's own cards are its own.
    """
    return play_conflicts(t, seat) * ILLEGAL_PLAY + _declaration_conflicts(t, seat)


def _declaration_conflicts(t: Session, seat: int) -> int:
    v = t.deal.view
    r = t.rules
    if not declarations_made(r) or v.forced or not v.history:
        return 0
    n = t.players
    out = dealer_sits_out(r, n)
    order = [s for s in v.order if not (out and s == v.dealer)]
    standing: set[int] = set()
    miss_there = r.deal.miss and not v.exposed_single
    bad = 0
    position = {s: i for i, s in enumerate(order)}
    must_play = r.exchange.exchanger_must_play
    for s, a in v.history:
        if A.PLAY <= a < A.EXCHANGE or A.is_civil(a) or A.is_bid(a):
            break  # the declarations are over (bids are made by all who play)
        kind = A.EXCHANGE if a >= A.EXCHANGE else a
        standers = len(standing - {s})
        if (
            s != seat
            and kind in (A.STAND, A.THROW_UP, A.TAKE_MISS, A.PLAY_MISS)
            and v.exchanged[s] < 0
        ):  # an exchanger's first hand is unknown
            hand = _hand_at_declaring(t, s, kind)
            if hand is not None:
                legal = declaration_options(
                    r,
                    sorted(hand),
                    dealer=s == v.dealer,
                    miss_there=miss_there,
                    standers=standers,
                    exchanged=False,
                    stock=len(v.stock),
                    bound=s == v.dealer and v.turnup in t.tables.binding_turnups,
                    keep=v.turnup if s == v.dealer and t.tables.kept_turnup else -1,
                    cap=t.tables.caps[n],
                    drawing=1 if t.tables.draw_after else 0,
                )
                sit = Situation(
                    rules=r,
                    seat=s,
                    players=n,
                    dealer=v.dealer,
                    phase=DECLARE,
                    trump=v.trump,
                    turnup=v.turnup,
                    hand=sorted(hand),
                    legal=legal,
                    trick=[],
                    played=[],
                    pool=v.pool,
                    standers=standers,
                    undecided=len(order) - 1 - position.get(s, len(order) - 1),
                    miss_untaken=miss_there,
                    tricks=(),
                    scores=[],
                    put_seen=False,
                    loos_released=v.ctx.released,
                )
                choice = heuristic_action(sit)
                if (choice >= A.EXCHANGE) != (kind == A.EXCHANGE) or (
                    kind != A.EXCHANGE and choice != kind
                ):
                    bad += 1
        if kind in (A.STAND, A.TAKE_MISS) or (kind == A.EXCHANGE and must_play):
            standing.add(s)
        elif kind == A.THROW_UP:
            standing.discard(s)
        if kind in (A.TAKE_MISS, A.PLAY_MISS):
            miss_there = False
    return bad


def _hand_at_declaring(t: Session, s: int, kind: int) -> list[int] | None:
    """The cards ``s`` held when he declared, in the sampled deal."""
    v = t.deal.view
    if kind == A.TAKE_MISS:
        return [c for c, o in zip(v.discarded, v.discard_owner, strict=True) if o == s] or None
    return list(v.hand(s)) + [c for p, c in v.played if p == s]
