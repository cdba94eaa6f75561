"""The PettingZoo environments, judged by PettingZoo's own tests (``api_test``,
``seed_test``) and by masked random runs checked against a shadow session played
directly through the engine with the same actions: every action taken legal, the mask the
legal actions named by their text, every reward the engine's deal result, two
environments with one seed identical step by step.

The fast set runs each bundled game at its default table size; the whole matrix (fewest,
default and most players, each applicable house rule) and the runs of 20,000 steps are
in ``test_envs_long.py``, marked slow.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from envruns import masked_run, pettingzoo_suite
from pettingzoo.test import render_test  # type: ignore[import-untyped]
from tables import GAMES, rules_of

import cardrules
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.space import action_space, max_game_length
from cardrules.envs.pettingzoo import env, raw_env
from cardrules.errors import ArgumentTypeError, ArgumentValueError, IllegalActionError


@pytest.mark.parametrize("variant", GAMES)
def test_pettingzoo_suite_at_the_default_size(variant: str) -> None:
    pettingzoo_suite(variant, (), rules_of(variant).players.default, cycles=60)


# ------------------------------------------------------------------ masked random runs


def session_of(e: Any) -> cardrules.Session:
    s = e.unwrapped.session
    assert isinstance(s, cardrules.Session)
    return s


@pytest.mark.parametrize("variant", GAMES)
def test_masked_random_run(variant: str) -> None:
    players = rules_of(variant).players.default
    steps = max(600, 12 * max_game_length(rules_of(variant), players))  # a dozen deals
    assert masked_run(variant, (), players, steps=steps, seed=1, episode="deal") > 10
    assert masked_run(variant, (), players, steps=300, seed=2, episode="session") > 3


# ------------------------------------------------------------------ seeds, rewards, illegal


def test_a_seed_deals_what_the_engine_deals() -> None:
    e = raw_env("five-card-loo", players=4)
    e.reset(seed=9)
    s = cardrules.new_session("five-card-loo", players=4, seed=9)
    assert [session_of(e).dealt_hand(i) for i in range(4)] == [s.dealt_hand(i) for i in range(4)]
    assert e.agent_selection == f"player_{s.to_move}"


def test_observations_are_new_arrays_and_masks_read_only() -> None:
    """An observation kept is never changed by the steps after it; a mask cannot be
    changed in place, and the one for the same legal actions is the same array."""
    e = env("three-card-loo", players=4)
    e.reset(seed=7)
    first = e.last()[0]
    kept = first["observation"].copy()
    with pytest.raises(ValueError):
        first["action_mask"][0] = 1
    other = e.unwrapped.observe("player_0")  # not to move: an all-0 mask
    assert not other["action_mask"].any() and not other["action_mask"].flags.writeable
    again = e.last()[0]
    assert again["action_mask"] is first["action_mask"]
    assert again["observation"] is not first["observation"]
    e.step(int(np.flatnonzero(first["action_mask"])[0]))
    e.last()
    assert np.array_equal(first["observation"], kept)


def test_deal_episodes_go_on_through_the_session() -> None:
    """Without a seed, reset() deals the session's next deal: the dealer passes on and
    the scores carry."""
    e = raw_env("three-card-loo", players=3)
    e.reset(seed=4)
    first = session_of(e)
    dealer = first.deal.dealer
    while not all(e.terminations.values()):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert not first.is_over
    scores = list(first.scores)
    e.reset()
    assert e.session is first and first.deal.dealer == (dealer + 1) % 3
    scores[(dealer + 1) % 3] -= 3  # the new dealer's stake
    assert list(first.scores) == scores and first.pool == first.deal.view.pool


def test_session_episode_rewards_sum_to_the_scores() -> None:
    e = raw_env("put", episode="session")
    e.reset(seed=3)
    rng = random.Random(3)
    total = dict.fromkeys(e.possible_agents, 0.0)
    while not all(e.terminations.values()):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
        for k, r in e.rewards.items():
            total[k] += r
    s = session_of(e)
    assert s.is_over and max(s.scores) >= 5  # a race to five points
    assert [total[f"player_{i}"] for i in range(2)] == [float(x) for x in s.scores]


def test_an_illegal_action() -> None:
    bare = raw_env("three-card-loo", players=3)
    bare.reset(seed=2)
    before = session_of(bare).state()
    mask = bare.observe(bare.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        bare.step(illegal)
    assert session_of(bare).state() == before
    with pytest.raises(ArgumentValueError):
        bare.step(56)
    # Wrapped as PettingZoo's classic games are: the episode ends, the mover pays the
    # illegal reward (-5 here).
    wrapped = env("three-card-loo", players=3, illegal_reward=-5)
    wrapped.reset(seed=2)
    mover = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[mover] == -5 and sum(wrapped.rewards.values()) == -5


def test_render_tells_the_deal() -> None:
    fixed = FixedDeal(
        hands=(("AH", "KH", "2C"), ("QS", "JS", "3D"), ("4C", "5C", "6C")),
        miss=("7D", "8D", "9D"),
        turn_up="TH",
    )
    e = raw_env("three-card-loo", players=3, render_mode="ansi", dealer=2, deal=fixed)
    e.reset(seed=1)
    text = e.render()
    assert text is not None
    assert text.splitlines()[0] == "Deal 1: player 2 deals, trumps hearts (TH turned up), pool 3."
    assert "  player 0 holds KH AH 2C" in text.splitlines()
    e.step(0)  # seat 0 stands
    assert e.render() == "player 0: stand"
    with pytest.raises(ArgumentValueError):
        raw_env("put", render_mode="rgb_array")


def test_render_human_prints_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    # PettingZoo's render_test builds the environment with render_mode="human".
    e = raw_env("put", render_mode="human")
    e.reset(seed=1)
    assert e.render() is None
    assert capsys.readouterr().out.startswith("Deal 1: player")
    render_test(lambda render_mode=None: raw_env("put", render_mode=render_mode))


def test_an_exchange_past_a_short_hand_is_refused_not_raised() -> None:
    # Irish Loo at three: once a trick is played the hands hold two cards, and an exchange
    # index naming a third card's position is refused as illegal (illegal_reward, the
    # episode over), never raised.
    e = raw_env("irish-loo", players=3, illegal_reward=-1.0)
    e.reset(seed=1)
    s = e.session
    assert s is not None
    while len(s.hand(s.to_move)) == 3:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert not all(e.terminations.values())
    agent = e.agent_selection
    e.step(action_space(rules_of("irish-loo"), 3).size - 1)  # all three positions
    assert e.rewards[agent] == -1.0 and all(e.terminations.values())


@pytest.mark.parametrize(
    "action",
    ["1", 0.7, float("nan"), float("inf"), None, np.array([1]), np.array([1, 2]), np.array([0.5])],
)
def test_step_refuses_what_is_not_an_action_with_the_named_error(action: object) -> None:
    e = env("put")
    e.reset(seed=1)
    before = e.unwrapped.session.to_json()
    with pytest.raises(ArgumentTypeError, match="action: expected a whole number"):
        e.step(action)
    assert e.unwrapped.session.to_json() == before


@pytest.mark.parametrize("variant", ["five-card-loo", "hearts", "spades"])
def test_action_names_are_the_legal_actions_in_words(variant: str) -> None:
    # The names of the legal indices are the engine's texts of the legal actions, cards
    # named (an exchange by the cards of the hand, not by their positions).
    e = raw_env(variant)
    e.reset(seed=2)
    rng = random.Random(2)
    for _ in range(30):
        s = e.session
        assert s is not None
        mask = e.observe(e.agent_selection)["action_mask"]
        legal = [int(i) for i in np.flatnonzero(mask)]
        assert sorted(e.action_name(i) for i in legal) == sorted(s.legal_action_texts())
        e.step(rng.choice(legal))
        if all(e.terminations.values()):
            break
    with pytest.raises(ArgumentValueError):
        e.action_name(10**6)
