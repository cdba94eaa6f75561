"""The adapters' own suites over the whole matrix, and the long masked runs (slow).

Every bundled game at its fewest, default and most players, and each applicable house
rule at the default size: PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's
``check_env``. Every bundled game: a masked random run of 20,000 steps in deal episodes
(and 5,000 in session episodes) against a shadow engine, two environments with one seed
in lockstep (see :func:`envruns.masked_run`); each house rule: 2,000 steps.
"""

from __future__ import annotations

import pytest
from envruns import gymnasium_suite, masked_run, pettingzoo_suite
from tables import GAMES, configurations, rules_of

from cardrules.engine.space import max_game_length

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("variant", "house", "players"), configurations())
def test_pettingzoo_suite(variant: str, house: tuple[str, ...], players: int) -> None:
    pettingzoo_suite(variant, house, players, cycles=300)


@pytest.mark.parametrize(("variant", "house", "players"), configurations())
def test_gymnasium_suite(variant: str, house: tuple[str, ...], players: int) -> None:
    gymnasium_suite(variant, house, players)


def _deals_at_least(variant: str, house: tuple[str, ...], players: int, steps: int) -> int:
    """The fewest deals ``steps`` decisions can hold: a deal asks at most the game's
    longest deal's number of decisions."""
    return steps // max_game_length(rules_of(variant, house), players)


@pytest.mark.parametrize("variant", GAMES)
def test_twenty_thousand_masked_steps(variant: str) -> None:
    players = rules_of(variant).players.default
    least = _deals_at_least(variant, (), players, 20_000)
    assert masked_run(variant, (), players, steps=20_000, seed=7, episode="deal") >= least
    least = _deals_at_least(variant, (), players, 5_000)
    assert masked_run(variant, (), players, steps=5_000, seed=8, episode="session") >= least


@pytest.mark.parametrize(("variant", "house", "players"), [c for c in configurations() if c[1]])
def test_masked_steps_with_each_house_rule(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    least = _deals_at_least(variant, house, players, 2_000)
    assert masked_run(variant, house, players, steps=2_000, seed=9, episode="deal") >= least
