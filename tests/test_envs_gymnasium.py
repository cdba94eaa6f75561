"""The Gymnasium environment, judged by Gymnasium's own checker (``check_env``, which steps
random unmasked actions, illegal ones among them) and by runs checked against the engine
replaying the same session: rewards, masks, the refusal of an illegal action, seeds.

The fast set checks each bundled game at its default table size; the whole matrix is in
``test_envs_long.py``, marked slow.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from envruns import gymnasium_suite
from tables import GAMES, rules_of

import cardrules
from cardrules.engine.space import action_space
from cardrules.envs.gymnasium import CardGameEnv, env
from cardrules.envs.table import deal_rewards
from cardrules.errors import ArgumentTypeError, ArgumentValueError, PlayError


@pytest.mark.parametrize("variant", GAMES)
def test_check_env_at_the_default_size(variant: str) -> None:
    gymnasium_suite(variant, (), rules_of(variant).players.default)


def session_of(e: Any) -> cardrules.Session:
    s = e.unwrapped.session
    assert isinstance(s, cardrules.Session)
    return s


def masked_episodes(variant: str, seat: int, episodes: int, seed: int, **options: Any) -> None:
    """Masked random episodes; each reward checked against the engine replaying the
    session's record, each mask against the legal actions."""
    e = env(variant, seat=seat, **options)
    rules = e.table.rules
    space = action_space(rules, e.table.players)
    rng = random.Random(seed)
    obs, info = e.reset(seed=seed)
    for _ in range(episodes):
        terminated = False
        while not terminated:
            s = session_of(e)
            assert s.to_move == seat
            hand = s.hand(seat)
            indices = np.flatnonzero(info["action_mask"]).tolist()
            assert indices == [space.to_compact(hand, a) for a in s.legal_actions()]
            assert np.array_equal(obs, e.table.encoder.encode(s, seat, np.zeros_like(obs)))
            before = len(s.results)
            obs, reward, terminated, truncated, info = e.step(rng.choice(indices))
            assert not truncated and not info["illegal_action"]
            replayed = cardrules.replay(s.record())  # the engine alone, the same actions
            assert replayed.state()["results"] == s.state()["results"]
            gained = sum(deal_rewards(r)[seat] for r in replayed.results[before:])
            if terminated or options.get("episode") != "session":
                assert reward == gained
        assert not info["action_mask"].any()
        obs, info = e.reset()


@pytest.mark.parametrize("variant", GAMES)
def test_masked_episodes(variant: str) -> None:
    masked_episodes(variant, seat=1, episodes=8, seed=5)


def test_session_episode_rewards_sum_to_the_score() -> None:
    e = env("put", seat=1, episode="session", opponents="random")
    _, info = e.reset(seed=8)
    rng = random.Random(8)
    total = 0.0
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = e.step(rng.choice(np.flatnonzero(info["action_mask"])))
        total += reward
    s = session_of(e)
    assert s.is_over and total == s.scores[1]


def test_an_illegal_action_is_refused() -> None:
    e = env("three-card-loo", players=4, seat=2, illegal_reward=-3)
    obs, info = e.reset(seed=1)
    before = session_of(e).state()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = e.step(illegal)
    assert (reward, terminated, truncated, info2["illegal_action"]) == (-3.0, False, False, True)
    assert session_of(e).state() == before
    assert np.array_equal(obs, obs2) and np.array_equal(info["action_mask"], info2["action_mask"])
    with pytest.raises(ArgumentValueError):
        e.step(e.table.space.size)  # outside the space


def test_the_same_seed_plays_the_same() -> None:
    def run() -> list[Any]:
        e = env("five-card-loo", seat=0, opponents="heuristic")
        obs, info = e.reset(seed=21)
        rng = random.Random(0)
        seen = [obs.tolist()]
        for _ in range(3):
            terminated = False
            while not terminated:
                action = rng.choice(np.flatnonzero(info["action_mask"]))
                obs, reward, terminated, _, info = e.step(action)
                seen.append((obs.tolist(), reward))
            obs, info = e.reset()
            seen.append(obs.tolist())
        return seen

    assert run() == run()


def test_arguments() -> None:
    with pytest.raises(ArgumentValueError):
        env("put", seat=2)
    with pytest.raises(ArgumentValueError):
        env("put", opponents=["random"] * 3)
    with pytest.raises(PlayError):
        env("put", opponents="nobody")
    with pytest.raises(ArgumentValueError):
        env("put", episode="forever")
    e = CardGameEnv("irish-loo", players=3, opponents=["random", "heuristic", "mc:4"])
    e.reset(seed=2)
    assert e.table.players == 3


@pytest.mark.parametrize(
    "action",
    ["1", 0.7, float("nan"), float("inf"), None, np.array([1]), np.array([1, 2]), np.array([0.5])],
)
def test_step_refuses_what_is_not_an_action_with_the_named_error(action: object) -> None:
    e = env("put")
    e.reset(seed=1)
    before = session_of(e).to_json()
    with pytest.raises(ArgumentTypeError, match="action: expected a whole number"):
        e.step(action)
    assert session_of(e).to_json() == before


def test_step_takes_numpy_integers() -> None:
    e = env("put")
    _, info = e.reset(seed=1)
    before = len(session_of(e).actions)
    e.step(np.int64(info["action_mask"].argmax()))
    assert len(session_of(e).actions) > before


@pytest.mark.parametrize("variant", GAMES)
def test_every_index_of_the_space_is_taken_or_refused_never_raised(variant: str) -> None:
    # Every compact index at every decision of the seat in random deals: a legal one is
    # taken; any other is refused (illegal_reward, info["illegal_action"], nothing
    # changed), never raised, an exchange of positions past a short hand included.
    e = CardGameEnv(variant)
    size = e.table.space.size
    rng = random.Random(7)
    for seed in range(3):
        _, info = e.reset(seed=seed)
        s = e.session
        assert s is not None
        done = False
        while not done:
            legal = [i for i in range(size) if info["action_mask"][i]]
            assert list(np.flatnonzero(e.action_masks())) == legal
            before = s.to_json()
            for index in range(size):
                if index not in legal:
                    _, reward, done, _, refused = e.step(index)
                    assert refused["illegal_action"] and reward == -1.0 and not done
            assert s.to_json() == before
            _, _, done, _, info = e.step(rng.choice(legal))
