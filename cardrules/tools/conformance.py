"""Conformance: random legal play with the engine's invariants checked at every step.

Used by the test suite for every bundled variant and by ``cardrules check``
for an author's own rule file. A failure carries the seed and the record
that reproduces it.

>>> import cardrules
>>> from cardrules.tools.conformance import check_rules
>>> report = check_rules(cardrules.load_variant("irish-loo"), players=4, deals=20, seed=1)
>>> report.ok, report.deals >= 20
(True, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs

from cardrules.engine.actions import CIVIL, PLAY, THROW_UP, action_text
from cardrules.engine.duties import legality_reads_hidden_cards
from cardrules.engine.record import replay_under
from cardrules.engine.sampling import Place, swap_cards
from cardrules.engine.session import Origin, Session
from cardrules.errors import CardRulesError, PlayError
from cardrules.rules.model import Rules, Scoring


@attrs.frozen
class ConformanceFailure:
    """An invariant that did not hold, with what reproduces it."""

    check: str
    message: str
    seed: int
    record: dict[str, Any] = attrs.field(repr=False)

    def __str__(self) -> str:
        return (
            f"{self.check}: {self.message} (seed {self.seed}; record: "
            f"{json.dumps(self.record)[:2000]})"
        )


@attrs.frozen
class ConformanceReport:
    """What a conformance run covered and what failed."""

    rules: str
    players: int
    deals: int
    steps: int
    failures: tuple[ConformanceFailure, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether every invariant held."""
        return not self.failures


def snapshot(s: Session) -> dict[str, Any]:
    """The whole state of a session (:meth:`Session.state`), for equality checks."""
    return s.state()


def card_places(s: Session) -> list[int]:
    """Every card of the deal in progress, wherever it is (hands, miss, stock, table...)."""
    v = s.deal.view
    cards: list[int] = []
    for p in range(s.players + 1):
        cards.extend(v.hand(p))
    for p in range(s.players):
        cards.extend(v.passed(p))
    if v.miss is not None:
        cards.extend(v.miss)
    cards.extend(v.stock)
    cards.extend(c for _, c in v.played)
    cards.extend(v.discarded[i] for i in v.lying_discards)
    if v.turnup >= 0 and v.turnup not in cards:
        cards.append(v.turnup)  # on the table, in no hand (where it may be drawn, it is there)
    return cards


def _hidden_swap(s: Session, seat: int, rng: random.Random) -> Session | None:
    """A copy of ``s`` in which two cards hidden from ``seat`` have changed places."""
    v = s.deal.view
    places: list[Place] = []
    n = s.players
    for other in range(n):
        if other == seat or other in v.shown:
            continue
        if s.rules.partnerships.enabled and other == (seat + 2) % n and v.givers:
            continue  # partners' cards may have passed between them
        places.extend(("hand", other, i) for i in range(len(v.hand(other))))
    if v.miss is not None:
        places.extend(("miss", 0, i) for i in range(len(v.miss)))
    places.extend(("stock", 0, i) for i in range(len(v.stock)) if v.stock[i] != v.turnup)
    if len(places) < 2:
        return None
    pair = rng.sample(places, 2)
    t = s.clone()
    swap_cards(t, pair)
    return t


#: The most steps one deal may take before conformance calls it endless.
MAX_STEPS_PER_DEAL = 10_000


def check_rules(
    rules: Rules,
    players: int,
    deals: int,
    seed: int = 0,
    *,
    deep_every: int = 8,
    origin: Origin | None = None,
    progress: Callable[[int], None] | None = None,
) -> ConformanceReport:
    """Play ``deals`` deals of random legal play in sessions and check the invariants.

    Cheap invariants hold at every step (counters conserved, every card in one
    place, a legal action for the seat to move); on every ``deep_every``-th
    deal each step also checks that every listed action applies, an unlisted
    one is refused with the state unchanged, clones are independent and an
    observation ignores cards hidden from its seat. Every session's record
    must rebuild it, and the same seed must give the same session.

    Deals settled as they are dealt (a flush shown at once) count as deals played, so a
    run always ends: after ``deals`` deals, at the first failure, or when a deal takes more
    than :data:`MAX_STEPS_PER_DEAL` steps or a session ends without a deal (both failures).
    ``progress(deals_played)`` is called after each session.
    """
    failures: list[ConformanceFailure] = []
    rng = random.Random(seed)
    played = 0
    steps = 0
    session_seed = seed * 1_000_003
    pack = len(Session(rules, players, seed=0).tables.pack)
    pool_game = rules.wagers.scoring is Scoring.POOL
    origin = origin or Origin(rules.name)
    while played < deals and not failures:
        session_seed += 1
        s = Session(rules, players, seed=session_seed, origin=origin)
        total = sum(s.scores) + s.pool

        def fail(check: str, message: str, sess: Session = s) -> None:
            failures.append(ConformanceFailure(check, message, sess.seed or 0, sess.record()))

        deal_steps = 0
        while not s.is_over and played + len(s.results) < deals and not failures:
            deep = (played + len(s.results)) % deep_every == 0
            legal = s.legal_actions()
            if not legal:
                fail(
                    "legal",
                    f"seat {s.to_move} to move has no legal action "
                    f"in the {s.deal.phase_name} phase",
                )
                break
            if deal_steps >= MAX_STEPS_PER_DEAL:
                fail("endless", f"a deal did not end after {MAX_STEPS_PER_DEAL} steps")
                break
            cards = card_places(s)
            if len(cards) != pack or len(set(cards)) != pack:
                fail(
                    "cards",
                    f"{len(cards)} cards in play, {len(set(cards))} distinct, the pack has {pack}",
                )
                break
            if pool_game and sum(s.scores) + s.pool != total:
                fail("counters", f"scores {s.scores} + pool {s.pool} != {total}")
                break
            if deep:
                msg = _deep_checks(s, legal, rng)
                if msg:
                    fail(*msg)
                    break
            before = len(s.results)
            s.apply(rng.choice(legal))
            steps += 1
            deal_steps = 0 if len(s.results) > before else deal_steps + 1
        if not s.results and s.is_over and not failures:
            fail("session", "the session ended without a single deal")
        played += len(s.results)
        if progress is not None:
            progress(min(played, deals))
        if failures:
            break
        rebuilt_ok, why = _rebuilds(s, rules)
        if not rebuilt_ok:
            failures.append(ConformanceFailure("record", why, session_seed, s.record()))
    return ConformanceReport(rules.name, players, played, steps, tuple(failures))


def _deep_checks(s: Session, legal: list[int], rng: random.Random) -> tuple[str, str] | None:
    snap = snapshot(s)
    obs_before = {seat: s.observation(seat) for seat in range(s.players)}
    for a in legal:
        c = s.clone()
        try:
            c.apply(a)
        except CardRulesError as exc:
            return "apply", f"listed action {action_text(a)} refused: {exc}"
    if snapshot(s) != snap:
        return "clone", "applying actions to clones changed the original"
    unlisted = _unlisted(s, legal, rng)
    if unlisted is not None:
        try:
            s.apply(unlisted)
        except PlayError:
            if snapshot(s) != snap:
                return "refusal", f"refusing {action_text(unlisted)} changed the state"
        else:
            return "refusal", f"unlisted action {action_text(unlisted)} was accepted"
    # Under a rule that reads the hidden hands the legal actions may change with them, as
    # that rule says; everything else a seat observes still must not.
    hidden_legal = legality_reads_hidden_cards(s.rules)
    for seat in range(s.players):
        if s.observation(seat) != obs_before[seat]:
            return "observation", "observing changed the observation"
        t = _hidden_swap(s, seat, rng)
        if t is not None and _seen(t.observation(seat), hidden_legal) != _seen(
            obs_before[seat], hidden_legal
        ):
            return "observation", f"seat {seat}'s observation changed when hidden cards moved"
    return None


def _seen(obs: dict[str, Any], hidden_legal: bool) -> dict[str, Any]:
    """``obs`` without its legal actions when the rules let those read hidden cards."""
    if not hidden_legal:
        return obs
    return {k: v for k, v in obs.items() if k not in ("legal", "legal_ids")}


def _unlisted(s: Session, legal: list[int], rng: random.Random) -> int | None:
    candidates = [PLAY + c for c in range(52)] + [0, 1, 2, 3, 4, 5, 6, 7]
    candidates += [CIVIL + suit for suit in range(4)]  # the ace led calling "Pam, be civil"
    rng.shuffle(candidates)
    for a in candidates:
        if a not in legal:
            return a
    return THROW_UP if THROW_UP not in legal else None


def _rebuilds(s: Session, rules: Rules) -> tuple[bool, str]:
    try:
        again = replay_under(s.record(), rules=rules)
    except CardRulesError as exc:
        return False, f"the record does not replay: {exc}"
    if snapshot(again) != snapshot(s):
        return False, "the record rebuilds a different state"
    twin = Session(rules, s.players, seed=s.seed, origin=s.origin)
    for _, a in s.actions:
        twin.apply(a)
    if snapshot(twin) != snapshot(s):
        return False, "the same seed and actions gave a different session"
    return True, ""
