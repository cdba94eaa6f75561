"""The runs the environment tests share: each adapter's own checker suite, and the
masked random run of PettingZoo environments in lockstep with a shadow session. The fast
tests run them at the default table sizes, ``test_envs_long.py`` over the whole matrix.
"""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]
from tables import rules_of

import cardrules
from cardrules.cards import CARD_TEXT
from cardrules.engine import actions as A
from cardrules.engine.actions import action_text
from cardrules.engine.encoding import Encoder
from cardrules.engine.space import action_space, legal_mask
from cardrules.envs.gymnasium import ENV_ID
from cardrules.envs.pettingzoo import env
from cardrules.envs.table import deal_rewards


def gymnasium_suite(variant: str, house: tuple[str, ...], players: int) -> None:
    """Gymnasium's check_env, on a made environment (so that its render mode and closing
    are checked too), in deal and in session episodes, the learner at two seats."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env reports through warnings: none allowed
        for seat, episode in ((0, "deal"), (players - 1, "session")):
            made = gymnasium.make(
                ENV_ID,
                variant=variant,
                house_rules=house,
                players=players,
                seat=seat,
                episode=episode,
                opponents="random",
            )
            check_env(made.unwrapped)


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


def masked_run(
    variant: str, house: tuple[str, ...], players: int, steps: int, seed: int, episode: str
) -> int:
    """Two environments with one seed, stepped in lockstep with masked random actions, and
    a shadow session (the engine alone) fed the same actions: returns the deals played.

    Checked at every step: both environments give equal observations, masks, rewards,
    terminations and agents; the observation is the encoder's, written afresh; the mask is
    exactly the legal actions of the seat to move; the action taken is legal; each agent's
    reward is what the shadow's deals gave it
    (net counters, or points). At every deal's end the deals, scores and pools are equal."""
    rules = rules_of(variant, house)
    space = action_space(rules, players)
    names = space.names()
    a, b = (env(variant, house, players, episode=episode) for _ in range(2))
    fresh = Encoder(rules, players)  # its own caches: the observation written afresh
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
        hand = s.hand(seat)
        legal = s.legal_actions()
        assert obs_a["action_mask"].tolist() == list(legal_mask(s))
        # float32, as the observation space says: a counter past 2**24 (an unlimited loo's
        # pool) is the float32 nearest to it.
        written = np.array(fresh.encode(s, seat), dtype=np.float32)
        assert obs_a["observation"].tolist() == written.tolist()
        indices = np.flatnonzero(obs_a["action_mask"]).tolist()
        assert indices == sorted(names.index(compact_name(x, hand)) for x in legal)
        index = rng.choice(indices)
        action = space.from_compact(hand, index, s.deal.trump)
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
    if A.is_civil(action):
        return "play ACE civil"  # one index whichever suit is trumps
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
