"""Hearts with the house rule ``hearts-openspiel`` equal to OpenSpiel's ``hearts``, move for
move, under each of the 256 combinations of its eight parameters (docs/families.md 1.1, 4.1).

For random deals (seeded) OpenSpiel's game and a cardrules session in explicit chance mode
are driven through the same passing direction, the same cards dealt and the same choices
(:mod:`hearts_openspiel`): at every node the same player must be to move with the same legal
actions, or the same chance outcomes with the same probabilities; the hands must be the same
once dealt and once passed; at the end the returns must be equal and within our utility
bounds. Our dealer is drawn at random for each deal: OpenSpiel has none, and the preset deals
and passes from seat 0 whoever deals. The fast set plays three deals in each configuration
and forty in a few; the slow set forty in each and 2,000 in the default and extreme ones.
The three worked deals H-1, H-2 and H-3 (docs/families.md 10) are replayed exactly, with the
legal sets, trick winners and returns their text states.
"""

from __future__ import annotations

import random

import pyspiel  # type: ignore[import-not-found]
import pytest
from families_scenarios import chunks, hands_of, history_ids
from hearts_openspiel import (
    DEFAULTS,
    PARAMS,
    PASSES,
    Decision,
    Game,
    Pair,
    all_configs,
    canonical_deal,
    card,
    config_id,
    moon_shooter,
    os_card,
    our_rules,
)

from cardrules.cards import card_text
from cardrules.engine.space import card_point_bounds, max_game_length, utility_bounds

CONFIGS = all_configs()
IDS = [config_id(c) for c in CONFIGS]

#: The default, every parameter turned from its default, every one true, every one false.
EXTREMES = [
    DEFAULTS,
    {p: not v for p, v in DEFAULTS.items()},
    dict.fromkeys(PARAMS, True),
    dict.fromkeys(PARAMS, False),
]
#: A few configurations for forty deals in the fast set: the extremes, no passing, and the
#: two bonuses together.
SOME = [*EXTREMES, DEFAULTS | {"pass_cards": False}]
SOME.append(DEFAULTS | {"jd_bonus": True, "avoid_all_tricks_bonus": True})


def pair(params: dict[str, bool]) -> Pair:
    return Pair(our_rules(**params), params)


def play_many(params: dict[str, bool], games: int, seed: str) -> list[Game]:
    p = pair(params)
    rng = random.Random(f"{seed} {config_id(params)}")
    return [p.play(rng) for _ in range(games)]


def check_games(params: dict[str, bool], games: list[Game]) -> None:
    # Every decision compared: 52 plays, and 12 passes when the direction drawn is not 0;
    # with pass_cards=false only 0 is legal (1.1.4.1).
    for g in games:
        assert len(g.decisions) == 52 + (PASSES if g.direction else 0)
        assert 0 <= g.direction <= 3
        assert params["pass_cards"] or g.direction == 0


@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_move_for_move(params: dict[str, bool]) -> None:
    check_games(params, play_many(params, 3, "fast"))


@pytest.mark.parametrize("params", SOME, ids=[config_id(c) for c in SOME])
def test_move_for_move_forty_deals(params: dict[str, bool]) -> None:
    games = play_many(params, 40, "forty")
    check_games(params, games)
    assert len({g.dealer for g in games}) == 4  # every seat dealt some of them
    if params["pass_cards"]:
        assert {g.direction for g in games} == {0, 1, 2, 3}  # every direction drawn


@pytest.mark.slow
@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_move_for_move_forty_deals_each(params: dict[str, bool]) -> None:
    check_games(params, play_many(params, 40, "slow"))


@pytest.mark.slow
@pytest.mark.parametrize("params", EXTREMES, ids=[config_id(c) for c in EXTREMES])
def test_move_for_move_2000_deals(params: dict[str, bool]) -> None:
    games = play_many(params, 2000, "slow 2000")
    check_games(params, games)
    # Among them some moons (the returns after one are compared too) and some players
    # who took no trick (the avoid bonus, where it counts).
    assert sum(moon_shooter(g) is not None for g in games) > 0
    assert sum(seat not in g.tricks for g in games for seat in range(4)) > 0


def test_the_house_rule_is_openspiels_defaults() -> None:
    # hearts(): get_parameters() lists the eight booleans with their defaults (1.1.2, 4.4),
    # and our_rules() with none is the house rule as it stands.
    assert pyspiel.load_game("hearts").get_parameters() == DEFAULTS
    p = pair({})
    assert p.rules == our_rules()
    assert p.rules.house_rules == ("hearts-openspiel",)


def test_without_passing_only_no_pass_is_legal() -> None:
    # pass_cards=false: OpenSpiel's first chance node lists 0-3 at 1/4 each but only 0 is
    # legal, and then nobody passes (1.1.4.1, 4.4); ours draws no direction. The harness
    # asserts both at that node; here every deal has no pass decision.
    params = DEFAULTS | {"pass_cards": False}
    state = pyspiel.load_game("hearts", params).new_initial_state()
    assert state.legal_actions() == [0]
    assert state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    games = play_many(params, 20, "no pass")
    assert all(g.direction == 0 and len(g.decisions) == 52 for g in games)
    assert our_rules(**params).passing.cards == 0


def test_the_dealer_makes_no_difference() -> None:
    # One deal replayed with each of our four dealers: seat 0 is dealt first and passes
    # first, the holder of 2C leads; the same history is legal in both engines each time,
    # with the same returns.
    p = pair(DEFAULTS)
    rng = random.Random("dealer")
    game = p.play(rng, dealer=0)
    while game.direction == 0:  # a deal with passing
        game = p.play(rng, dealer=0)
    history = [game.direction, *game.dealt, *(d.action for d in game.decisions)]
    for dealer in range(4):
        again = p.replay(history, dealer, hands=False)
        assert again.returns == game.returns
        assert [d.player for d in again.decisions[:PASSES]] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_utility_bounds_lie_within_openspiels(params: dict[str, bool]) -> None:
    # OpenSpiel's MinUtility and MaxUtility are the constants 0 and 36 (1.1.2) whatever the
    # parameters; returns lie in 0..36, 36 only with JD (the moon with JD, or JD alone),
    # 31 with the avoid bonus (no trick), else at most 26, none taken (1.1.9). Ours are the
    # tightest bounds the text gives.
    game = pyspiel.load_game("hearts", params)
    assert (game.min_utility(), game.max_utility()) == (0.0, 36.0)
    rules = our_rules(**params)
    low, high = utility_bounds(rules, 4)
    assert game.min_utility() <= low <= high <= game.max_utility()
    jd, avoid = params["jd_bonus"], params["avoid_all_tricks_bonus"]
    expected = (0, 36) if jd else (0, 31) if avoid else (0, 26)
    assert (low, high) == card_point_bounds(rules) == expected


def test_game_length_and_returns_range() -> None:
    # MaxGameLength 64: 12 passes and 52 plays, chance nodes not counted (1.1.2); without
    # passing our longest deal is the 52 plays.
    for params in (DEFAULTS, DEFAULTS | {"pass_cards": False}):
        game = pyspiel.load_game("hearts", params)
        assert game.max_game_length() == 64
        assert max_game_length(our_rules(**params), 4) == (64 if params["pass_cards"] else 52)


# ---------------------------------------------------------------------- worked deals

#: H-1: the default game, pass left (docs/families.md 10).
H1_DEALT = (
    "N KS JS KH 5H AD QD 9D 3D KC JC 9C 5C 2C · E QS TS 9S 8S JH 7H 4H 2H 7D 5D 4D AC QC · "
    "S AS 2S AH 9H 3H JD 8D TC 8C 7C 6C 4C 3C · W 7S 6S 5S 4S 3S QH TH 8H 6H KD TD 6D 2D"
)
H1_HISTORY = (
    "[1] · deal 0 2 3 1 · 5 9 4 7 · 12 10 6 11 · 14 13 8 15 · 28 21 16 17 · 29 22 20 18 · "
    "36 27 24 19 · 39 31 25 23 · 41 35 30 26 · 44 38 32 33 · 46 40 37 34 · 47 43 50 42 · "
    "49 48 51 45 · passes 49 46 44 · 43 48 40 · 50 51 37 · 45 42 34 · plays 0 44 40 51 · "
    "9 25 17 5 · 3 7 39 35 · 12 46 8 50 · 14 10 6 26 · 1 29 21 43 · 28 38 24 18 · "
    "34 22 30 37 · 36 2 32 33 · 41 13 48 23 · 42 49 20 19 · 45 31 16 15 · 47 27 4 11"
)
#: H-2: JD counts; the moon with JD elsewhere; pass right.
H2_DEALT = (
    "N QS TS AH JH 8H 3D AC TC 9C 8C 5C 4C 3C · E AS JS 9S 6S KH QH TH 6H AD QD KC QC 7C · "
    "S 8S 4S 9H 7H 5H 3H JD 9D 8D 7D 6D JC 6C · W KS 7S 5S 3S 2S 4H 2H KD TD 5D 4D 2D 2C"
)
H2_HISTORY = (
    "[3] · deal 4 18 6 0 · 5 19 11 1 · 8 20 14 2 · 12 31 16 3 · 24 34 17 7 · 26 39 21 9 · "
    "28 40 22 10 · 32 41 25 13 · 35 42 27 15 · 38 44 29 23 · 43 46 30 33 · 48 49 36 45 · "
    "50 51 37 47 · passes 4 5 8 · 49 51 46 · 36 37 30 · 45 47 33 · plays 0 48 44 16 · "
    "49 41 45 13 · 51 39 47 23 · 43 31 27 15 · 50 42 22 10 · 46 34 14 2 · 38 30 6 8 · "
    "32 20 33 4 · 35 19 11 7 · 28 36 29 9 · 18 25 5 26 · 24 40 21 1 · 37 17 3 12"
)
#: H-3: JD and the trickless bonus; pass across.
H3_DEALT = (
    "N QS 6S JH 8H 5H 2H TD 8D 6D 5D 2D 8C 3C · E KS JS TS 8S 2S 7H 4H AD 4D AC JC 4C 2C · "
    "S 7S AH KH TH 3H KD QD JD 9D 3D TC 7C 6C · W AS 9S 5S 4S 3S QH 9H 6H 7D KC QC 9C 5C"
)
H3_HISTORY = (
    "[2] · deal 1 0 5 7 · 2 3 6 11 · 4 8 16 12 · 13 9 20 15 · 14 10 23 18 · 17 22 29 21 · "
    "19 27 32 28 · 24 35 34 30 · 25 36 37 31 · 26 39 41 40 · 33 47 45 42 · 38 48 46 44 · "
    "43 49 50 51 · passes 43 38 33 · 48 49 47 · 50 46 45 · 51 44 42 · plays 0 16 12 4 · "
    "5 21 17 9 · 7 19 3 43 · 6 18 14 10 · 11 50 27 23 · 8 20 28 24 · 15 46 35 38 · "
    "22 34 30 26 · 29 49 45 42 · 31 2 39 41 · 36 32 40 25 · 47 13 51 37 · 44 33 48 1"
)


def texts(ids: tuple[int, ...] | list[int]) -> list[str]:
    """OpenSpiel ids as card texts, sorted."""
    return sorted(card_text(card(i)) for i in ids)


def played(decisions: list[Decision]) -> list[tuple[int, str]]:
    """Who played what, in order."""
    return [(d.player, card_text(card(d.action))) for d in decisions]


def replay(params: dict[str, bool], dealt: str, history: str, dealer: int) -> tuple[Game, Pair]:
    """A worked deal replayed through both engines; its history's deal is the canonical
    order of its dealt hands (docs/families.md 4)."""
    ids = history_ids(history)
    assert ids[1:53] == canonical_deal(hands_of(dealt))
    p = pair(params)
    return p.replay(ids, dealer), p


def passes_text(game: Game) -> list[list[str]]:
    return [texts(c) for c in chunks([d.action for d in game.decisions[:PASSES]], 3)]


def trick_leaders(game: Game) -> list[int]:
    return [d.player for d in game.decisions[-52::4]]


@pytest.mark.parametrize("dealer", range(4))
def test_h1_default_game_pass_left(dealer: int) -> None:
    game, _ = replay(DEFAULTS, H1_DEALT, H1_HISTORY, dealer)
    assert game.direction == 1  # Left
    # N→E AD KH KC; E→S QS AC QC; S→W AH AS JD; W→N KD QH TH.
    assert passes_text(game) == [
        ["AD", "KC", "KH"],
        ["AC", "QC", "QS"],
        ["AH", "AS", "JD"],
        ["KD", "QH", "TH"],
    ]
    plays = game.decisions[PASSES:]
    assert plays[0].player == 0 and texts(plays[0].legal) == ["2C"]  # N now holds 2C
    # Trick 1: W, void in clubs, may play all but 6H 8H AH.
    w = plays[3]
    assert w.player == 3 and not any(c.endswith("C") for c in w.hand)
    assert texts(w.legal) == sorted(set(w.hand) - {"6H", "8H", "AH"})
    # Trick 2: E leads, no heart (hearts unbroken), though he holds some.
    e = plays[4]
    assert e.player == 1 and any(c.endswith("H") for c in e.hand)
    assert texts(e.legal) == sorted(c for c in e.hand if not c.endswith("H"))
    # Trick 4: N leads, no heart legal; E's KH (void) breaks hearts; trick 5: N leads 5H.
    n = plays[12]
    assert n.player == 0 and any(c.endswith("H") for c in n.hand)
    assert texts(n.legal) == sorted(c for c in n.hand if not c.endswith("H"))
    assert plays[13].action == os_card("KH")
    assert plays[16].player == 0 and plays[16].action == os_card("5H")
    assert texts(plays[16].legal) == sorted(plays[16].hand)
    # Winners: E, S, N, N, W, then N for the last eight tricks; each leads the next.
    assert game.tricks == (1, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0)
    assert trick_leaders(game) == [0, *game.tricks[:12]]
    # Points N 22, W 4, E 0, S 0: returns 26 - points.
    assert moon_shooter(game) is None
    assert game.returns == [4.0, 26.0, 26.0, 22.0]
    assert sum(game.returns) == 78


@pytest.mark.parametrize("dealer", range(4))
def test_h2_moon_with_jd_elsewhere_pass_right(dealer: int) -> None:
    params = DEFAULTS | {"jd_bonus": True}
    game, _ = replay(params, H2_DEALT, H2_HISTORY, dealer)
    assert game.direction == 3  # Right
    # N→W 3C 3D 4C; E→N AD AS KH; S→E JC JD 9H; W→S KD KS TD.
    assert passes_text(game) == [
        ["3C", "3D", "4C"],
        ["AD", "AS", "KH"],
        ["9H", "JC", "JD"],
        ["KD", "KS", "TD"],
    ]
    plays = game.decisions[PASSES:]
    assert plays[0].player == 3 and texts(plays[0].legal) == ["2C"]  # W holds 2C
    # N wins tricks 1-9 and 11, E 10, 12 and 13; each winner leads the next.
    assert game.tricks == (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1)
    assert trick_leaders(game) == [3, *game.tricks[:12]]
    # QS at trick 4 breaks hearts: N leads hearts from trick 5 (a heart's id is 2 mod 4),
    # none before.
    assert os_card("QS") in [d.action for d in plays[12:16]]
    assert [d.action % 4 == 2 for d in plays[:20:4]] == [False] * 4 + [True]
    # E takes JD (-10) with the last trick. N took every heart and QS: the moon. Before it
    # N 26, E -10; after it N 0, E 16, S 26, W 26.
    assert os_card("JD") in [d.action for d in plays[48:]]
    assert moon_shooter(game) == 0
    assert game.returns == [26.0, 10.0, 0.0, 0.0]
    assert sum(game.returns) == 36


@pytest.mark.parametrize("dealer", range(4))
def test_h3_jd_and_the_trickless_bonus_pass_across(dealer: int) -> None:
    params = DEFAULTS | {"jd_bonus": True, "avoid_all_tricks_bonus": True}
    game, _ = replay(params, H3_DEALT, H3_HISTORY, dealer)
    assert game.direction == 2  # Across
    plays = game.decisions[PASSES:]
    assert plays[0].player == 1 and texts(plays[0].legal) == ["2C"]  # E leads 2C
    # Trick 3: W 3S, N 6S, E 2S, S QS: S takes QS, which breaks hearts; S leads 3H next.
    assert played(plays[8:12]) == [
        (3, "3S"),
        (0, "6S"),
        (1, "2S"),
        (2, "QS"),
    ]
    assert plays[12].player == 2 and plays[12].action == os_card("3H")
    # Trick 12: W KS, N 5D, E AS, S JD: E takes JD.
    assert played(plays[44:48]) == [
        (3, "KS"),
        (0, "5D"),
        (1, "AS"),
        (2, "JD"),
    ]
    assert game.tricks[11] == 1 and plays[48].player == 1
    # Tricks N 0, E 4, S 3, W 6.
    assert [game.tricks.count(seat) for seat in range(4)] == [0, 4, 3, 6]
    assert trick_leaders(game) == [1, *game.tricks[:12]]
    # Points N -5 (bonus), E 4 - 10 = -6, S 17, W 5 -> returns 26 - points.
    assert moon_shooter(game) is None
    assert game.returns == [31.0, 32.0, 9.0, 21.0]
    assert sum(game.returns) == 93


def test_the_worked_deals_under_other_rules_differ() -> None:
    # The text's returns need the text's parameters: H-2 without JD is the moon with N at
    # 0 and every other player at 26 points, returns [26, 0, 0, 0] (1.1.8).
    game, _ = replay(DEFAULTS, H2_DEALT, H2_HISTORY, 0)
    assert game.returns == [26.0, 0.0, 0.0, 0.0]


def test_the_comparison_finds_a_difference() -> None:
    # The harness is evidence only if it can fail: with hearts and QS allowed on the first
    # trick in our rules but not in OpenSpiel's, some deal of a hundred shows it; so does
    # QS breaking hearts in ours only, and JD counted in ours only.
    wrong = [
        (our_rules(no_pts_on_first_trick=False), DEFAULTS),
        (our_rules(), DEFAULTS | {"qs_breaks_hearts": False}),
        (our_rules(jd_bonus=True), DEFAULTS),
    ]
    for rules, params in wrong:
        p = Pair(rules, params)
        rng = random.Random(5)
        with pytest.raises(AssertionError):
            for _ in range(100):
                p.play(rng)


def test_unknown_parameters_are_refused() -> None:
    with pytest.raises(TypeError, match="not a parameter"):
        our_rules(pass_card=False)
