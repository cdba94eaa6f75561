"""The compact action space: sizes worked out by hand, round trips, masks and bounds.

Sizes: the word actions a game can produce, one slot per card of the pack for each card
verb, and for exchanges every non-empty subset of hand positions up to the hand size or
the stock left after the deal (whichever is less). The random runs check, at every step
of many random sessions, that every legal action goes to its compact index and back,
that the mask marks exactly the legal actions, and that every other index is illegal.
"""

from __future__ import annotations

import random

import attrs
import pytest
from tables import configurations, rules_of

import cardrules
from cardrules.engine import actions as A
from cardrules.engine.actions import exchange_id
from cardrules.engine.space import (
    action_space,
    action_space_size,
    from_compact,
    legal_indices,
    legal_mask,
    max_game_length,
    to_compact,
    utility_bounds,
)
from cardrules.errors import ArgumentValueError
from cardrules.rules.model import BeCivil, CivilCall

SIZES = [
    # stand, throw-up, take-miss, play-miss + 52 plays; no exchange.
    ("three-card-loo", (), 3, 56),
    ("three-card-loo", (), 5, 56),
    ("three-card-loo", (), 16, 56),
    ("three-card-loo", ("club-law",), 5, 56),
    ("three-card-loo", ("unlimited-loo",), 5, 56),
    # Enquire Within: the dealer concedes to a lone stander, never plays the miss.
    ("three-card-loo", ("enquire-within",), 5, 55),
    # A 32-card pack: 4 words + 32 plays.
    ("three-card-loo", ("piquet-pack",), 4, 36),
    # stand, throw-up, the ace of trumps led calling "Pam, be civil" + 52 plays
    # + 5 + 10 + 10 + 5 + 1 = 31 exchanges.
    ("five-card-loo", (), 3, 86),
    ("five-card-loo", (), 5, 86),
    ("five-card-loo", (), 6, 86),
    ("five-card-loo", ("mixed-loo",), 5, 86),
    # 32 cards, 4 players: stock 32 - 20 - 1 = 11, every subset: 3 + 32 + 31.
    ("five-card-loo", ("piquet-pack",), 4, 66),
    # 32 cards, 6 players: stock 32 - 30 - 1 = 1, one card at most: 3 + 32 + 5.
    ("five-card-loo", ("piquet-pack",), 6, 40),
    # stand, throw-up + 52 + 3 + 3 + 1 = 7 exchanges.
    ("irish-loo", (), 3, 61),
    ("irish-loo", (), 8, 61),
    # 32 cards, 8 players (Irish Loo's most): stock 32 - 24 - 1 = 7, every subset: 2 + 32 + 7.
    ("irish-loo", ("piquet-pack",), 8, 41),
    # throw-up, put, see, refuse + 52 plays.
    ("put", (), 2, 56),
    ("put", ("cotton-put",), 2, 56),
    ("put", ("parlett-put",), 2, 56),
    # throw-up, put, see, refuse, receive + 52 plays, gives, discards.
    ("put-four-handed", (), 4, 161),
]


@pytest.mark.parametrize(("variant", "house", "players", "size"), SIZES)
def test_size_worked_by_hand(variant: str, house: tuple[str, ...], players: int, size: int) -> None:
    rules = rules_of(variant, house)
    assert action_space_size(rules, players) == size
    assert len(action_space(rules, players).names()) == size


def test_no_call_where_civility_needs_none_or_is_off() -> None:
    # Without the call's index: stand, throw-up + 52 plays + 31 exchanges.
    rules = rules_of("five-card-loo")
    for following in (
        attrs.evolve(rules.following, civil_call=CivilCall.NOT_NEEDED),
        attrs.evolve(rules.following, be_civil=BeCivil.OFF),
    ):
        assert action_space_size(attrs.evolve(rules, following=following), 5) == 85


def test_names_of_the_blocks() -> None:
    names = action_space(rules_of("five-card-loo"), 5).names()
    assert names[:4] == ["stand", "throw-up", "play ACE civil", "play 2S"]
    assert names[54] == "play AC"
    # One card: positions 0..4; then pairs in colex order: #0 #1, #0 #2, #1 #2, #0 #3 ...
    assert names[55:61] == [f"exchange #{p}" for p in range(5)] + ["exchange #0 #1"]
    assert names[61:63] == ["exchange #0 #2", "exchange #1 #2"]
    assert names[-1] == "exchange #0 #1 #2 #3 #4"
    four = action_space(rules_of("put-four-handed"), 4).names()
    assert four[:5] == ["throw-up", "put", "see", "refuse", "receive"]
    assert four[5] == "play 2S" and four[57] == "give 2S" and four[109] == "discard 2S"
    piquet = action_space(rules_of("three-card-loo", ("piquet-pack",)), 4).names()
    assert piquet[4:6] == ["play 7S", "play 8S"]  # the pack begins at the sevens


def test_exchange_numbers_from_hand_positions() -> None:
    s = cardrules.new_session(rules_of("five-card-loo"), players=5, seed=1)
    hand = s.hand(s.to_move)
    # Positions 1 and 3: C(1,1) + C(3,2) = 4 among the pairs, after the 5 singles.
    assert to_compact(s, exchange_id([hand[1], hand[3]])) == 55 + 5 + 4
    assert from_compact(s, 55 + 5 + 4) == exchange_id([hand[1], hand[3]])
    assert to_compact(s, exchange_id(hand)) == 85
    assert from_compact(s, 55 + 2) == exchange_id([hand[2]])


def test_outside_the_space_is_refused() -> None:
    s = cardrules.new_session(rules_of("five-card-loo"), players=5, seed=1)
    with pytest.raises(ArgumentValueError):
        to_compact(s, A.TAKE_MISS)  # no miss at five-card loo
    others = [c for c in range(52) if c not in s.hand(s.to_move)]
    with pytest.raises(ArgumentValueError):
        to_compact(s, exchange_id(others[:2]))
    with pytest.raises(ArgumentValueError):
        from_compact(s, 86)
    with pytest.raises(ArgumentValueError):
        from_compact(s, -1)
    with pytest.raises(ArgumentValueError):
        action_space_size(rules_of("put"), 3)


def test_mask_is_empty_when_nobody_moves() -> None:
    s = cardrules.new_session(rules_of("put"), seed=2, pause_at_deal_end=True)
    while not s.deal_over:
        s.apply(s.legal_actions()[0])
    assert legal_mask(s) == bytearray(56) and legal_indices(s) == []


# ------------------------------------------------------------------ random sessions


def check_position(s: cardrules.Session, size: int) -> None:
    legal = s.legal_actions()
    compact = [to_compact(s, a) for a in legal]
    assert compact == sorted(compact) and len(set(compact)) == len(compact)
    assert legal_indices(s) == compact
    mask = legal_mask(s)
    assert len(mask) == size and sum(mask) == len(legal)
    assert all(mask[i] == 1 for i in compact)
    legal_set = set(legal)
    for i in range(size):
        try:
            a = from_compact(s, i)
        except ArgumentValueError:
            assert not mask[i]
            continue
        assert (a in legal_set) == bool(mask[i]), (i, a)


@pytest.mark.parametrize(("variant", "house", "players"), configurations())
def test_round_trip_on_random_sessions(variant: str, house: tuple[str, ...], players: int) -> None:
    rules = rules_of(variant, house)
    size = action_space_size(rules, players)
    longest = max_game_length(rules, players)
    rng = random.Random(f"{variant}{house}{players}")
    steps = 0
    for seed in range(6):
        s = cardrules.new_session(rules, players=players, seed=seed, pause_at_deal_end=True)
        for _ in range(4):  # deals
            length = 0
            while not s.deal_over:
                check_position(s, size)
                s.apply(rng.choice(s.legal_actions()))
                length += 1
                steps += 1
            assert length <= longest
            res = s.last_result
            assert res is not None
            low, high = utility_bounds(rules, players, pool=res.pool)
            gains = res.points if res.points else res.net
            assert all(low <= g <= high for g in gains), (gains, low, high)
            if s.is_over:
                break
            s.next_deal()
    assert steps > 50


# ------------------------------------------------------------------ bounds by hand


@pytest.mark.parametrize(
    ("variant", "players", "length"),
    [
        ("three-card-loo", 5, 20),  # 5 declarations, 3 tricks of 5
        ("five-card-loo", 5, 30),  # 5 declarations, 5 tricks of 5
        ("irish-loo", 8, 32),  # 8 declarations, 3 tricks of 8
        ("put", 2, 8),  # 3 tricks of 2, a put and its seeing
        ("put-four-handed", 4, 14),  # 3 passing actions a side, 3 tricks of 2, put, see
    ],
)
def test_max_game_length(variant: str, players: int, length: int) -> None:
    assert max_game_length(rules_of(variant), players) == length


@pytest.mark.parametrize(
    ("variant", "house", "pool", "bounds"),
    [
        # The dealer stakes 3 and is looed 6; a stander takes the pool of 3.
        ("three-card-loo", (), 0, (-9, 3)),
        # The dealer stakes 5 and is looed 10; a flush takes the pool and 10 from each other.
        ("five-card-loo", (), 0, (-15, 45)),
        # Unlimited: the loo is the pool played for, 3, or 33 with 30 carried in.
        ("three-card-loo", ("unlimited-loo",), 0, (-6, 3)),
        ("three-card-loo", ("unlimited-loo",), 30, (-36, 33)),
        # Mixed: the pool played for, up to the cap of 30.
        ("three-card-loo", ("mixed-loo",), 30, (-33, 33)),
        ("three-card-loo", ("mixed-loo",), 1, (-7, 4)),
        # Points: nothing lost, the game (5 points) at most.
        ("put", (), 0, (0, 5)),
        ("put-four-handed", (), 0, (0, 5)),
    ],
)
def test_utility_bounds(
    variant: str, house: tuple[str, ...], pool: int, bounds: tuple[int, int]
) -> None:
    rules = rules_of(variant, house)
    assert utility_bounds(rules, rules.players.default, pool=pool) == bounds
