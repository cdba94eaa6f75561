"""The OpenSpiel game: OpenSpiel's own checks, the returns, serialisation and search.

The main evidence is OpenSpiel's ``random_sim_test`` (clones, serialisation, observations,
chance outcomes, returns within the bounds, game length) on every bundled game at its
smallest, usual and largest table and with each house rule that applies to it; the whole
matrix with more simulations is in the slow set, at the end.
"""

from __future__ import annotations

import base64
import json
import pickletools
import random
from math import isclose
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

import cardrules
import cardrules.openspiel as cos
from cardrules.engine.encoding import Encoder
from cardrules.errors import ArgumentValueError
from cardrules.rules.loader import list_variants
from cardrules.rules.model import Kind


def configs() -> list[tuple[str, str, int]]:
    """(variant, house rules, players) for every bundled game at its smallest, usual and
    largest table, and with each bundled house rule that applies to it at the usual one."""
    infos = list_variants()
    out = []
    for game in (v.name for v in infos if v.kind is Kind.GAME):
        rules = cardrules.load_variant(game)
        for n in sorted({rules.players.min, rules.players.default, rules.max_players}):
            out.append((game, "", n))
        out.extend((game, h.name, 0) for h in infos if game in h.applies_to)
    return out


CONFIGS = configs()


def load(variant: str, house: str = "", players: int = 0) -> Any:
    return pyspiel.load_game(
        cos.SHORT_NAME, {"variant": variant, "house_rules": house, "players": players}
    )


def random_play(state: Any, rng: random.Random) -> Any:
    """Play ``state`` out at random (chance by its odds), returning the final state."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_matrix_covers_every_game_and_house_rule() -> None:
    games = {g for g, _, _ in CONFIGS}
    assert games == {
        "three-card-loo",
        "five-card-loo",
        "irish-loo",
        "put",
        "put-four-handed",
        "oh-hell",
        "bourre",
        "hearts",
        "spades",
    }
    assert ("three-card-loo", "", 16) in CONFIGS and ("put", "", 2) in CONFIGS
    assert ("five-card-loo", "club-law", 0) in CONFIGS and ("put", "parlett-put", 0) in CONFIGS


@pytest.mark.parametrize(("variant", "house", "players"), CONFIGS)
def test_random_sim_test_passes(variant: str, house: str, players: int) -> None:
    pyspiel.random_sim_test(load(variant, house, players), 1, serialize=True, verbose=False)


def test_a_game_with_house_rules_loads_again_from_its_string() -> None:
    game = pyspiel.load_game(
        cos.SHORT_NAME,
        {"variant": "three-card-loo", "players": 5, "house_rules": "club-law,mixed-loo"},
    )
    assert game.num_players() == 5
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert "club-law+mixed-loo" in str(game)
    pyspiel.random_sim_test(game, 2, serialize=True, verbose=False)


def test_the_game_reads_its_parameters() -> None:
    game = load("five-card-loo", players=6)
    rules = cardrules.load_variant("five-card-loo")
    assert game.num_players() == 6
    # Stand, throw-up, the ace of trumps led calling "Pam, be civil", 52 plays and the 31
    # exchanges of five cards (positions in the hand).
    assert game.num_distinct_actions() == 2 + 1 + 52 + 31
    assert game.max_chance_outcomes() == 52
    # Five cards to each of six, one turned up; the cut; draws are at most the stock.
    assert game.max_chance_nodes_in_history() == 1 + 52
    info = game.get_type()
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert info.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 6 and rules.players.default == 5
    assert load("five-card-loo").num_players() == rules.players.default
    with pytest.raises(ArgumentValueError):
        load("put", players=3)


@pytest.mark.parametrize("variant", ["three-card-loo", "five-card-loo", "put", "put-four-handed"])
def test_returns_are_the_deals_result(variant: str) -> None:
    game = load(variant)
    for seed in range(6):
        state = random_play(game.new_initial_state(), random.Random(seed))
        res = state.session.last_result
        expected = list(res.points) if res.points else list(res.net)
        assert state.returns() == [float(x) for x in expected]
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
        # Counters are conserved: a fresh table's pool is empty, so what the seats lost
        # (their stakes included) is the pool carried to the next deal.
        if not res.points:
            assert sum(state.returns()) == -res.carried


def test_chance_nodes_deal_every_card_with_its_odds() -> None:
    game = load("three-card-loo", players=3)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert [o for o, _ in state.chance_outcomes()] == [0, 1, 2]  # the cut: a seat
    state.apply_action(2)  # seat 2 deals
    dealt = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert state.legal_actions() == [o for o, _ in outcomes]
        assert isclose(sum(p for _, p in outcomes), 1.0)
        assert len(outcomes) == 52 - dealt
        text = state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0])
        assert text.startswith(cardrules.cards.card_text(outcomes[0][0]))
        state.apply_action(outcomes[0][0])
        dealt += 1
    # Three cards to each of three and the miss, then the turn-up (RULES 1.1.5).
    assert dealt == 13 and state.current_player() == 0  # the elder, left of the dealer


def test_a_clone_is_independent_of_its_original() -> None:
    game = load("five-card-loo", players=3)
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    before = str(state)
    clone = state.clone()
    other = state.clone()
    a, b = state.legal_actions()[0], state.legal_actions()[-1]
    clone.apply_action(a)
    assert str(state) == before and str(clone) != before
    state.apply_action(b)
    assert str(other) == before and str(state) != str(clone)
    other.apply_action(a)
    assert str(other) == str(clone) and other.history() == clone.history()


def test_serialisation_carries_the_session_json_and_nothing_else() -> None:
    game = load("five-card-loo", players=4)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    # OpenSpiel pickles a Python state's attributes: here one call of the JSON reader on
    # the session's JSON text. No class of the session is named in it.
    pickled = base64.b64decode(text.split("__dict__=", 1)[1])
    names = [arg for op, arg, _ in pickletools.genops(pickled) if isinstance(arg, str)]
    assert "_position_from_json" in names and "Session" not in names
    document = next(n for n in names if n.startswith("{"))
    assert json.loads(document) == state.session.to_json()
    # The plain JSON door, checked as a position is.
    assert str(game.state_from_json(state.to_json())) == str(state)


def test_tensors_are_the_encoder_s_and_strings_tell_recall() -> None:
    game = load("three-card-loo", players=4)
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    state.apply_action(state.legal_actions()[0])
    s = state.session
    for seat in range(4):
        info = np.array(state.information_state_tensor(seat))
        obs = np.array(state.observation_tensor(seat))
        assert list(info) == Encoder(s.rules, 4, recall=True).encode(s, seat)
        assert list(obs) == Encoder(s.rules, 4, recall=False).encode(s, seat)
        assert json.loads(state.information_state_string(seat)) == s.observation(seat)
        view = json.loads(state.observation_string(seat))
        assert "history" not in view and view["hand_ids"] == s.hand(seat)


def test_state_for_refuses_a_session_of_another_kind() -> None:
    game = load("put")
    with pytest.raises(ArgumentValueError):
        game.state_for(cardrules.new_session("put", seed=1))
    with pytest.raises(ArgumentValueError):
        game.state_for(cardrules.new_session("three-card-loo", chance="explicit"))


def play_ismcts(game: Any, seed: int, simulations: int, seat: int) -> tuple[float, int]:
    """One deal with OpenSpiel's ISMCTS bot at ``seat`` (resampling through the public
    sampler, each sample checked against the real state), the rest random; the bot's
    return and how many samples it drew."""
    rng = random.Random(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, simulations, random_state=np.random.RandomState(seed)
    )
    resample = cos.resampler(seed)
    samples = 0

    def checked(state: Any, player: int) -> Any:
        nonlocal samples
        sample = resample(state, player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        samples += 1
        return sample

    bot.set_resampler(checked)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.current_player() == seat:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()[seat], samples


def test_ismcts_plays_three_card_loo_through_the_public_sampler() -> None:
    game = load("three-card-loo", players=3)
    total = 0
    for seed in range(3):
        _, samples = play_ismcts(game, seed, 20, seed % 3)
        total += samples
    assert total > 0


def test_ismcts_resamples_by_the_state_s_own_method_when_no_resampler_is_set() -> None:
    game = load("three-card-loo", players=4)
    rng = random.Random(6)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    me = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(20):
        sample = state.resample_from_infostate(me, sampler)
        assert sample.information_state_string(me) == state.information_state_string(me)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        2.0,
        20,
        random_state=np.random.RandomState(1),
    )
    assert int(bot.step(state)) in state.legal_actions()


# ------------------------------------------------------------------ the slow set


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "house", "players"), CONFIGS)
def test_random_sim_test_passes_many_times(variant: str, house: str, players: int) -> None:
    pyspiel.random_sim_test(load(variant, house, players), 20, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 5])
def test_ismcts_resamples_consistently_over_many_deals(players: int) -> None:
    game = load("three-card-loo", players=players)
    samples = 0
    for seed in range(12):
        _, drawn = play_ismcts(game, seed, 60, seed % players)
        samples += drawn
    assert samples >= 12 * 60  # the bot searched at least once a deal, each sample checked
