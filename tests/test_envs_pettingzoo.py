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
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]
from test_space import GAMES, rules_of

import cardrules
from cardrules.cards import CARD_TEXT
from cardrules.engine.actions import action_text
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.space import action_space, legal_mask
from cardrules.envs.pettingzoo import env, raw_env
from cardrules.envs.table import deal_rewards
from cardrules.errors import ArgumentValueError, IllegalActionError


def pettingzoo_suite(variant: str, house: tuple[str, ...], players: int, cycles: int) -> None:
    """PettingZoo's api_test and seed_test, in deal and in session episodes."""
    with warnings.catch_warnings():
        # The two warnings api_test gives every dict-observation game, classic ones included.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(env(variant, house, players), num_cycles=cycles)
        api_test(env(variant, house, players, episode="session"), num_cycles=cycles)
        seed_test(lambda: env(variant, house, players), num_cycles=cycles)
        seed_test(lambda: env(variant, house, players, episode="session"), num_cycles=cycles)


@pytest.mark.parametrize("variant", GAMES)
def test_pettingzoo_suite_at_the_default_size(variant: str) -> None:
    pettingzoo_suite(variant, (), rules_of(variant).players.default, cycles=60)


# ------------------------------------------------------------------ masked random runs


def masked_run(
    variant: str, house: tuple[str, ...], players: int, steps: int, seed: int, episode: str
) -> int:
    """Two environments with one seed, stepped in lockstep with masked random actions, and
    a shadow session (the engine alone) fed the same actions: returns the deals played.

    Checked at every step: both environments give equal observations, masks, rewards,
    terminations and agents; the mask is exactly the legal actions of the seat to move;
    the action taken is legal; each agent's reward is what the shadow's deals gave it
    (net counters, or points). At every deal's end the deals, scores and pools are equal."""
    rules = rules_of(variant, house)
    space = action_space(rules, players)
    names = space.names()
    a, b = (env(variant, house, players, episode=episode) for _ in range(2))
    a.reset(seed=seed)
    b.reset(seed=seed)
    rng = random.Random(seed)
    shadow = shadow_of = None
    carry = [0] * players
    deals = done = 0
    while done < steps:
        obs_a, rew_a, term_a, trunc_a, _ = a.last()
        obs_b, rew_b, term_b, trunc_b, _ = b.last()
        assert a.agent_selection == b.agent_selection and a.agents == b.agents
        assert np.array_equal(obs_a["observation"], obs_b["observation"])
        assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"])
        assert (rew_a, term_a, trunc_a) == (rew_b, term_b, trunc_b)
        if term_a or trunc_a:
            a.step(None)
            b.step(None)
            if not a.agents:
                assert not b.agents
                a.reset()
                b.reset()
            continue
        s = a.unwrapped.session
        if shadow_of is not s:  # the environment opened a session: so does the shadow
            shadow = cardrules.new_session(
                rules, players=players, seed=s.seed, pause_at_deal_end=True
            )
            shadow_of = s
            carry = [0] * players
        assert shadow is not None
        while shadow.to_move < 0:  # deals the environment went past
            assert shadow.deal_over and not shadow.is_over
            if episode == "session":
                carry = add(carry, shadow)
            shadow.next_deal()
        seat = int(a.agent_selection.split("_")[1])
        assert seat == s.to_move == shadow.to_move
        hand = s.deal.cards.hands[seat]
        legal = s.legal_actions()
        assert obs_a["action_mask"].tolist() == list(legal_mask(s))
        indices = np.flatnonzero(obs_a["action_mask"]).tolist()
        assert indices == sorted(names.index(compact_name(x, hand)) for x in legal)
        index = rng.choice(indices)
        action = space.from_compact(hand, index)
        assert action in legal
        a.step(index)
        b.step(index)
        shadow.apply(action)
        done += 1
        expected, carry = carry, [0] * players
        if shadow.deal_over:
            expected = add(expected, shadow)
            deals += 1
            while episode == "session" and not shadow.is_over:
                shadow.next_deal()
                if not shadow.deal_over:
                    break
                expected = add(expected, shadow)
            assert shadow.deal.to_json() == s.deal.to_json()
            assert (shadow.scores, shadow.pool) == (s.scores, s.pool)
        assert [a.rewards[f"player_{i}"] for i in range(players)] == [float(g) for g in expected]
    return deals


def compact_name(action: int, hand: list[int]) -> str:
    """The name ``ActionSpace.names`` gives ``action``, worked out from the action's text:
    the same words, except that an exchange names its cards by their places in the hand
    sorted by card id."""
    text = action_text(action)
    if not text.startswith("exchange "):
        return text
    held = [CARD_TEXT[c] for c in sorted(hand)]
    places = sorted(held.index(card) for card in text.split()[1:])
    return "exchange " + " ".join(f"#{p}" for p in places)


def add(gains: list[int], shadow: cardrules.Session) -> list[int]:
    """``gains`` with what the shadow's last deal gave each seat."""
    res = shadow.last_result
    assert res is not None
    return [g + r for g, r in zip(gains, deal_rewards(res), strict=True)]


def session_of(e: Any) -> cardrules.Session:
    s = e.unwrapped.session
    assert isinstance(s, cardrules.Session)
    return s


@pytest.mark.parametrize("variant", GAMES)
def test_masked_random_run(variant: str) -> None:
    players = rules_of(variant).players.default
    assert masked_run(variant, (), players, steps=600, seed=1, episode="deal") > 10
    assert masked_run(variant, (), players, steps=300, seed=2, episode="session") > 3


# ------------------------------------------------------------------ seeds, rewards, illegal


def test_a_seed_deals_what_the_engine_deals() -> None:
    e = raw_env("five-card-loo", players=4)
    e.reset(seed=9)
    s = cardrules.new_session("five-card-loo", players=4, seed=9)
    assert [session_of(e).dealt_hand(i) for i in range(4)] == [s.dealt_hand(i) for i in range(4)]
    assert e.agent_selection == f"player_{s.to_move}"


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
    assert first.scores == scores and first.pool == first.deal.pool


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
        raw_env("put", render_mode="human")
