"""How a session ends, by each rule of session.finish (RULES 1.1.16, D23, 1.5.7)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import cardrules
from cardrules.engine.actions import PLAY
from cardrules.errors import ArgumentValueError


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


@pytest.mark.parametrize("seed", range(8))
def test_a_quick_finish_dividing_the_pool_ends_the_round_with_an_empty_pool(seed: int) -> None:
    # Peel's quick finish: just before the first dealer's turn comes round again, "an equal
    # division of the amount in the pool among the players" (1.1.16).
    s = _play_out("three-card-loo", {"session.finish": "divide_pool", "session.rounds": 2}, 5, seed)
    assert len(s.results) == 10 and s.pool == 0 and sum(s.scores) == 0
    left = s.results[-1].carried
    shares = s.division
    assert sum(shares) == left and max(shares) - min(shares) <= 1
    elder = (s.results[-1].dealer + 1) % 5  # the odd counters from the last deal's elder hand
    odd = left % 5
    assert sorted(s for s in range(5) if shares[s] > left // 5) == sorted(
        (elder + i) % 5 for i in range(odd)
    )
    nets = [sum(r.net[seat] for r in s.results) for seat in range(5)]
    assert [n + d for n, d in zip(nets, shares, strict=True)] == list(s.scores)


@pytest.mark.parametrize("seed", range(8))
def test_a_quick_finish_releasing_the_loos(seed: int) -> None:
    # Peel: "releasing those who failed to win a trick in the previous deal from the [loo].
    # In this case all stand on the last round, and there is no miss" (1.1.16).
    s = _play_out("three-card-loo", {"session.finish": "release_loos"}, 4, seed)
    assert len(s.results) == 4
    before, last = s.results[-2], s.results[-1]
    assert not before.looed and not last.looed
    assert sorted(last.stood) == [0, 1, 2, 3] and last.ended_by == "play"
    assert last.carried == 0 and s.pool == 0 and sum(s.scores) == 0
    assert s.division == (0, 0, 0, 0)  # nothing is divided: the tricks took the pool
    assert s.histories[-1][0][1] >= PLAY  # nobody declares: the first action is a card


def test_deals_before_counts_towards_the_rounds_and_is_kept_in_a_position_and_a_record() -> None:
    rules = cardrules.load_variant("three-card-loo", overrides={"session.finish": "fixed_deals"})
    s = cardrules.Session(rules, 3, seed=4, deals_before=2)
    rng = random.Random(4)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert len(s.results) == 1  # two deals before it, three in all: one round of three
    t = cardrules.Session(rules, 3, seed=4, deals_before=1)
    t.apply(t.legal_actions()[0])
    assert cardrules.Session.from_json(t.to_json()) == t
    assert cardrules.replay(t.record()) == t
    with pytest.raises(ArgumentValueError, match="deals_before"):
        cardrules.Session(rules, 3, deals_before=-1)


def _mutate(value: object) -> None:
    """Change every list and dict reachable from ``value`` in place."""
    if isinstance(value, list):
        for item in value:
            _mutate(item)
        value.append(-1)
    elif isinstance(value, dict):
        for item in list(value.values()):
            _mutate(item)
        value["changed"] = True
    elif isinstance(value, tuple):
        for item in value:
            _mutate(item)


def test_what_a_session_and_its_view_hand_out_cannot_change_them() -> None:
    # Every list and dict a session and its deal's view hand out is changed in place: the
    # session stays as it was (equal to a clone taken before, the same record and start).
    s = cardrules.new_session("five-card-loo", players=4, seed=8, dealer=3)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    before = s.clone()
    view = s.deal.view
    handed = [
        s.scores,
        s.results,
        s.histories,
        s.start,
        s.actions,
        s.legal_actions(),
        s.legal_action_texts(),
        s.hand(s.to_move),
        s.dealt_hand(s.to_move),
        s.observation(s.to_move),
        s.state(),
        s.to_json(),
        s.record(),
    ]
    names = [n for n in dir(view) if not n.startswith("_")]
    for name in names:
        value = getattr(view, name)
        if callable(value):
            continue
        handed.append(value)
    handed += [view.hand(0), view.dealt_hand(0), view.trick_so_far(), view.played_cards()]
    for value in handed:
        _mutate(value)
    assert s == before and s.state() == before.state() and s.record() == before.record()
    assert s.start == before.start and s.legal_actions() == before.legal_actions()


def test_scores_results_and_histories_are_tuples() -> None:
    s = cardrules.new_session("three-card-loo", players=3, seed=2)
    while not s.results:
        s.apply(s.legal_actions()[0])
    assert type(s.scores) is tuple and type(s.results) is tuple
    assert type(s.histories) is tuple and all(type(h) is tuple for h in s.histories)
    assert type(s.deal.view.hand(0)) is tuple and type(s.deal.view.won) is tuple
