"""Oh Hell equal to OpenSpiel's ``oh_hell``, move for move (docs/sources.md 1.7, D61-D71).

For many random games per configuration (3 to 7 players, several fixed numbers of tricks
and a number drawn at random for each game, both scorings, reduced packs; the bundled file
as it stands against OpenSpiel's defaults) OpenSpiel's game and a cardrules session in
explicit chance mode are driven through the same deal and the same choices
(:mod:`ohhell_openspiel`): at every decision the same player must be to move with the same
legal actions, and at the end the returns must be equal. The fast set plays a few hundred
games in all; the slow set 2,000 a configuration.
"""

from __future__ import annotations

import random

import pyspiel  # type: ignore[import-not-found]
import pytest
from ohhell_openspiel import Pair, os_params, our_rules

import cardrules
from cardrules.cards import card_text
from cardrules.engine.space import action_space_size, max_game_length, utility_bounds

#: (players, tricks, penalty, points per trick, suits, ranks): OpenSpiel's parameters.
CONFIGS = [
    (n, k, penalty, 2 if penalty else 1, 4, 13)
    for n in range(3, 8)
    for k in (1, 2, 5, 7)
    for penalty in (False, True)
] + [
    (3, 13, False, 1, 4, 13),  # the longest hand
    (3, 13, True, 3, 4, 13),
    (6, 8, False, 1, 4, 13),  # the most tricks six can hold
    (3, 2, False, 1, 2, 5),  # clubs and diamonds, two to six
    (3, 2, True, 1, 2, 5),
    (4, 2, True, 2, 3, 4),  # clubs, diamonds, spades, two to five
    (5, 1, False, 1, 1, 13),  # one suit: every card a trump
    (3, 3, False, 1, 4, 3),  # twelve cards, two to four
]
#: The same with OpenSpiel's default number of tricks (-1): drawn for each game, from 1 to
#: the most the pack holds for the table, as a chance event before the dealer (D61).
RANDOM_CONFIGS = [
    (n, -1, penalty, 2 if penalty else 1, 4, 13) for n in range(3, 8) for penalty in (False, True)
] + [
    (3, -1, False, 1, 2, 5),  # clubs and diamonds, two to six: 1 to 3 tricks
    (4, -1, True, 2, 3, 4),  # twelve cards: 1 or 2 tricks
    (5, -1, False, 1, 1, 13),  # one suit: 1 or 2 tricks, every card a trump
]


def ids(configs: list[tuple[int, int, bool, int, int, int]]) -> list[str]:
    return [f"n{n}-k{k}-{'pen' if p else 'plain'}{pt}-s{s}r{r}" for n, k, p, pt, s, r in configs]


IDS = ids(CONFIGS)
RANDOM_IDS = ids(RANDOM_CONFIGS)


def pair(config: tuple[int, int, bool, int, int, int]) -> Pair:
    return Pair(our_rules(*config), os_params(*config))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_move_for_move(config: tuple[int, int, bool, int, int, int]) -> None:
    p = pair(config)
    rng = random.Random(repr(config))
    decisions = sum(p.play(rng) for _ in range(8))
    n, k = config[0], config[1]
    assert decisions == 8 * (n + n * k)  # every bid and every card compared


@pytest.mark.parametrize("config", RANDOM_CONFIGS, ids=RANDOM_IDS)
def test_move_for_move_with_a_random_number_of_tricks(
    config: tuple[int, int, bool, int, int, int],
) -> None:
    # Each game draws its number of tricks k: OpenSpiel's outcomes 1..M and ours must be
    # the same list with the same probabilities, and the game then has n bids and n k cards.
    p = pair(config)
    rng = random.Random(repr(config))
    decisions = [p.play(rng) for _ in range(12)]
    n = config[0]
    most = (config[4] * config[5] - 1) // n  # M = (NC - 1) div n (COUSINS 2.1.2)
    assert all(d % n == 0 and n + n <= d <= n + n * most for d in decisions)
    assert len(set(decisions)) > 1  # not the same k every game


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS + RANDOM_CONFIGS, ids=IDS + RANDOM_IDS)
def test_move_for_move_2000_games(config: tuple[int, int, bool, int, int, int]) -> None:
    p = pair(config)
    rng = random.Random(f"slow {config!r}")
    for _ in range(2000):
        p.play(rng)


@pytest.mark.parametrize("config", CONFIGS + RANDOM_CONFIGS, ids=IDS + RANDOM_IDS)
def test_sizes_and_bounds_are_openspiels(config: tuple[int, int, bool, int, int, int]) -> None:
    # With M the most tricks (k when fixed, else (NC - 1) div n) OpenSpiel has NC + M + 1
    # actions, utilities 0 (or -M p) to M p + 10, and a game of 3 + n + 2 n M steps: k,
    # the dealer, n M cards dealt and the trump card are chance; the rest are our n bids
    # and n M cards played (2.1.2).
    p = pair(config)
    n, k = config[0], config[1]
    most = k if k > 0 else (config[4] * config[5] - 1) // n
    game = p.game
    assert action_space_size(p.rules, n) == game.num_distinct_actions()
    assert utility_bounds(p.rules, n) == (game.min_utility(), game.max_utility())
    assert max_game_length(p.rules, n) == game.max_game_length() - 3 - n * most


def test_the_bundled_file_is_openspiels_game_with_its_defaults() -> None:
    # oh-hell with no option against oh_hell with no parameter: three players, the full
    # pack, num_tricks_fixed = -1 (k drawn, 1 to 17), no penalty, a point a trick (2.1.2),
    # at three players and at every other size the game allows.
    assert pyspiel.load_game("oh_hell").get_parameters() == os_params(3, -1, False, 1, 4, 13)
    rules = cardrules.load_variant("oh-hell")
    assert (rules.players.min, rules.players.default, rules.players.max) == (3, 3, 7)
    for n in range(3, 8):
        p = Pair(rules, os_params(n, -1, False, 1, 4, 13))
        most = 51 // n  # M = (NC - 1) div n
        assert action_space_size(rules, n) == p.game.num_distinct_actions() == 52 + most + 1
        assert utility_bounds(rules, n) == (p.game.min_utility(), p.game.max_utility())
        assert max_game_length(rules, n) == p.game.max_game_length() - 3 - n * most
        rng = random.Random(f"default {n}")
        decisions = [p.play(rng) for _ in range(10)]
        assert all(d % n == 0 and n + n <= d <= n + n * most for d in decisions)
        assert len(set(decisions)) > 1  # not the same k every game


def test_seven_tricks_is_openspiels_game_with_seven_fixed() -> None:
    # The house rule oh-hell-seven-tricks against oh_hell(num_tricks_fixed=7): one outcome
    # for the number of tricks, and n bids and 7 n cards in every game.
    rules = cardrules.load_variant("oh-hell", ["oh-hell-seven-tricks"])
    for n in range(3, 8):
        p = Pair(rules, os_params(n, 7, False, 1, 4, 13))
        rng = random.Random(f"seven {n}")
        assert [p.play(rng) for _ in range(4)] == [n + 7 * n] * 4


def test_the_deal_starts_at_seat_0_whoever_deals() -> None:
    # COUSINS 2.3, run in OpenSpiel: dealing ids 0..5 with dealer 1 gave P0 C2 H2, P1 D2
    # C3, P2 S2 D3; the seventh card became the trump and P2 (the dealer's left) bid first.
    # Two cards each: the number of tricks, drawn first, is 2.
    s = cardrules.Session(cardrules.load_variant("oh-hell"), 3, dealer=1, chance="explicit")
    s.apply_chance(2)
    for text in ("2C", "2D", "2S", "2H", "3C", "3D", "4C"):
        s.apply_chance(text)
    assert [sorted(card_text(c) for c in s.hand(seat)) for seat in range(3)] == [
        ["2C", "2H"],
        ["2D", "3C"],
        ["2S", "3D"],
    ]
    assert s.deal.view.turnup_text == "4C" and s.to_move == 2
    assert s.legal_action_texts() == ["bid 0", "bid 1", "bid 2"]


def test_the_comparison_finds_a_difference() -> None:
    # The harness is evidence only if it can fail: without the hook our dealer may bid
    # what OpenSpiel bars, and some game of a hundred shows it.
    overrides = {"deal.sizes.vary": "fixed", "deal.hand_size": 1, "bidding.hook": "none"}
    rules = cardrules.load_variant("oh-hell", overrides=overrides)
    p = Pair(rules, os_params(3, 1, False, 1, 4, 13))
    rng = random.Random(5)
    with pytest.raises(AssertionError):
        for _ in range(100):
            p.play(rng)
