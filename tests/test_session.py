"""How a session ends, by each rule of session.finish (RULES 1.1.16, D23, 1.5.7)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import cardrules


def _play_out(
    variant: str,
    overrides: dict[str, object],
    players: int,
    seed: int,
) -> cardrules.Session:
    rules = cardrules.load_variant(variant, overrides=overrides)
    s = cardrules.Session(rules, players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        assert len(s.results) < 2000, "the session never ended"
    return s


@pytest.mark.parametrize("seed", range(12))
def test_until_single_ends_at_the_first_single_after_the_rounds(seed: int) -> None:
    # Peel: play on until a single occurs, all having dealt (rounds) times.
    s = _play_out("three-card-loo", {"session.rounds": 2}, 4, seed)
    played = len(s.results)
    assert played >= 8
    assert s.results[-1].next_single and s.pool == 0
    assert not any(r.next_single for r in s.results[7:-1])


@pytest.mark.parametrize("seed", range(12))
def test_equal_deals_then_no_loo(seed: int) -> None:
    # EB1911: each deals the same number of times; if the last deal has a loo, play goes on
    # until a deal without one.
    s = _play_out("three-card-loo", {"session.finish": "equal_deals_then_no_loo"}, 5, seed)
    assert len(s.results) >= 5
    assert not s.results[-1].looed
    assert all(r.looed for r in s.results[4:-1])


def test_fixed_deals_ends_after_the_rounds() -> None:
    s = _play_out("irish-loo", {"session.finish": "fixed_deals", "session.rounds": 3}, 4, 1)
    assert len(s.results) == 12
    assert sum(s.scores) + s.pool == 0


@pytest.mark.parametrize("seed", range(12))
def test_put_ends_when_a_player_reaches_the_target(seed: int) -> None:
    s = _play_out("put", {}, 2, seed)
    assert max(s.scores) >= 5 and s.winner == (s.scores.index(max(s.scores)),)
    before = [0, 0]
    for r in s.results[:-1]:
        before = [0, 0] if r.restart else [b + p for b, p in zip(before, r.points, strict=True)]
        assert max(before) < 5


def test_four_handed_put_scores_both_partners() -> None:
    s = _play_out("put-four-handed", {}, 4, 3)
    assert s.scores[0] == s.scores[2] and s.scores[1] == s.scores[3]
    assert len(s.winner) == 2 and (s.winner[1] - s.winner[0]) == 2


def test_the_dealer_rotates_to_the_left() -> None:
    s = _play_out("three-card-loo", {"session.rounds": 3}, 3, 5)
    dealers = [r.dealer for r in s.results]
    assert all((b - a) % 3 == 1 for a, b in pairwise(dealers))
