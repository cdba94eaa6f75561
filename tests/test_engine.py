"""The engine's API: actions, refusals, clones, records, observations, genericity."""

from __future__ import annotations

import json
import random

import pytest
from tables import configurations, rules_of

import cardrules
from cardrules import replay
from cardrules.cards import parse_card
from cardrules.engine.actions import (
    EXCHANGE,
    PLAY,
    action_text,
    exchange_cards,
    exchange_id,
    parse_action,
)
from cardrules.engine.declaring import legal_declarations
from cardrules.engine.record import rules_hash
from cardrules.errors import (
    ActionSyntaxError,
    ArgumentValueError,
    GameOverError,
    IllegalActionError,
    RecordError,
)
from cardrules.tools.conformance import snapshot


@pytest.mark.parametrize(
    "text",
    [
        "stand",
        "throw-up",
        "take-miss",
        "play-miss",
        "put",
        "see",
        "refuse",
        "receive",
        "play QH",
        "give 3S",
        "discard 4D",
        "exchange 2H 3C",
        "exchange 5S 4S 3S 2S JC",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    # Cards print in display order: by suit (S H D C), high first.
    assert action_text(parse_action(text)) == text


def test_action_ids_are_stable_numbers() -> None:
    # The ids are part of the record format and of learning adapters: fixed by the cards.
    assert parse_action("stand") == 0 and parse_action("throw-up") == 1
    assert parse_action("play 2S") == PLAY and parse_action("play AC") == PLAY + 51
    assert parse_action("exchange 2S") == EXCHANGE
    assert parse_action("play 10h") == parse_action("PLAY TH")
    ids = {exchange_id(c) for c in [(0,), (1,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]}
    assert len(ids) == 6
    assert exchange_cards(exchange_id([parse_card("3C"), parse_card("2H")])) == (
        parse_card("2H"),
        parse_card("3C"),
    )


@pytest.mark.parametrize(
    "text", ["", "dance", "play", "play QX", "play QH KH", "stand QH", "exchange", "exchange 2H 2H"]
)
def test_bad_action_text_is_named(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def _fixed_three_card() -> cardrules.Session:
    deal = cardrules.FixedDeal(
        hands=(("9D", "5D", "3H"), ("QD", "AS", "2C"), ("KD", "4S", "7H")),
        miss=("2S", "3S", "4H"),
        turn_up="8C",
    )
    rules = cardrules.load_variant("three-card-loo")
    return cardrules.Session(rules, 3, dealer=2, deal=deal, first_deal=False)


def test_illegal_play_names_the_rule_and_changes_nothing() -> None:
    s = _fixed_three_card()
    for a in ("0: stand", "1: stand", "2: stand"):
        s.apply(a.split(": ")[1])
    s.apply("play 9D")  # elder (seat 0) leads the nine of diamonds
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="head the trick with a higher diamond: QD"):
        s.apply("play 2C")
    assert snapshot(s) == before
    with pytest.raises(IllegalActionError, match="not in the hand"):
        s.apply("play KD")
    assert snapshot(s) == before


def test_session_over_refuses_actions() -> None:
    s = _fixed_three_card()
    s.apply("throw-up")
    s.apply("throw-up")  # all pass: the dealer takes the pool, then the next deal is dealt
    assert s.results[0].ended_by == "all_pass"
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    with pytest.raises(GameOverError):
        s.apply("stand")
    assert s.legal_actions() == []


def test_clone_is_independent() -> None:
    s = cardrules.new_session("five-card-loo", players=4, seed=5)
    c = s.clone()
    before = snapshot(s)
    while c.deals_played < 3:
        c.apply(c.legal_actions()[-1])
    assert snapshot(s) == before


def test_same_seed_same_game_and_record_rebuilds() -> None:
    def play(seed: int) -> cardrules.Session:
        s = cardrules.new_session("irish-loo", ["club-law"], players=5, seed=seed)
        rng = random.Random(99)
        while s.deals_played < 30 and not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
        return s

    a, b = play(4), play(4)
    assert snapshot(a) == snapshot(b) and a.actions == b.actions
    record = json.loads(json.dumps(a.record()))
    assert record["rules"]["house_rules"] == ["club-law"]
    assert record["rules"]["hash"] == rules_hash(a.rules)
    assert snapshot(replay(record)) == snapshot(a)


def test_record_with_changed_rules_is_refused() -> None:
    s = cardrules.new_session("three-card-loo", players=3, seed=1)
    s.apply(s.legal_actions()[0])
    record = s.record()
    record["rules"]["overrides"] = {"wagers": {"stake_loo": 9}}
    with pytest.raises(RecordError, match="rules have changed"):
        replay(record)


def test_record_with_an_illegal_action_is_refused() -> None:
    s = cardrules.new_session("three-card-loo", players=3, seed=1)
    record = s.record()
    record["actions"] = [f"{s.to_move}: play AS"]
    with pytest.raises(RecordError, match="does not replay"):
        replay(record)


def test_observation_shows_own_hand_and_hides_others() -> None:
    s = _fixed_three_card()
    obs = s.observation(0)
    assert obs["hand"] == ["3H", "9D", "5D"]
    text = json.dumps(obs)
    for hidden in ("QD", "AS", "KD", "2S"):  # others' cards and the miss
        assert hidden not in text
    assert obs["turn_up"] == "8C" and obs["trump"] == "C" and obs["miss"] == "untaken"
    assert obs["legal"] == ["stand", "throw-up", "take-miss"]
    assert s.observation(1)["legal"] == []


def test_exchanges_are_private() -> None:
    deal = cardrules.FixedDeal(
        hands=(
            ("2S", "3S", "4S", "5S", "7H"),
            ("2H", "3H", "4H", "5H", "6H"),
            ("2D", "3D", "4D", "5D", "6D"),
        ),
        turn_up="AD",
        stock=("8C", "9C"),
    )
    rules = cardrules.load_variant("five-card-loo")
    s = cardrules.Session(rules, 3, dealer=2, deal=deal, first_deal=False)
    s.apply("exchange 7H 5S")
    assert s.observation(0)["history"] == ["0: exchange 5S 7H"]
    assert s.observation(1)["history"] == ["0: exchange 2"]
    assert s.observation(0)["hand"] == ["4S", "3S", "2S", "9C", "8C"]


def test_player_count_outside_the_rules_is_refused() -> None:
    rules = cardrules.load_variant("put")
    with pytest.raises(ArgumentValueError, match="2 to 2 players"):
        cardrules.Session(rules, 3)


@pytest.mark.parametrize("variant", ["three-card-loo", "five-card-loo", "put-four-handed"])
def test_determinize_depends_only_on_what_the_seat_knows(variant: str) -> None:
    from cardrules.engine.sampling import determinize
    from cardrules.tools.conformance import _hidden_swap

    rng = random.Random(3)
    s = cardrules.new_session(variant, seed=8)
    for _ in range(40):
        if s.is_over:
            break
        seat = s.to_move
        other = _hidden_swap(s, seat, rng)
        if other is not None:
            assert other.observation(seat) == s.observation(seat)
            a = determinize(s, seat, random.Random(5))
            b = determinize(other, seat, random.Random(5))
            assert snapshot(a) == snapshot(b)
            # Others' exchanges keep only their size: the cards are 2S, 3S, ... in the copy.
            others = [exchange_cards(x) for s_, x in a.actions if s_ != seat and x >= EXCHANGE]
            assert all(cards == tuple(range(len(cards))) for cards in others)
            assert a.observation(seat) == s.observation(seat)
            assert a.legal_actions() == s.legal_actions()
        s.apply(rng.choice(s.legal_actions()))


def test_the_deal_shuffle_is_random_shuffle_exactly() -> None:
    # Deals must come out as they always did for a seed: the written-out shuffle draws the
    # same numbers from the generator as random.shuffle and leaves it in the same state.
    from cardrules.engine.dealing import shuffle

    for seed in range(500):
        for size in (1, 2, 20, 32, 36, 52):
            a, b = list(range(size)), list(range(size))
            ra, rb = random.Random(seed), random.Random(seed)
            ra.shuffle(a)
            shuffle(b, rb)
            assert a == b and ra.getstate() == rb.getstate(), (seed, size)


@pytest.mark.parametrize(("variant", "house", "players"), configurations())
def test_the_deal_lists_the_declarations_the_rule_gives(
    variant: str, house: tuple[str, ...], players: int
) -> None:
    """The deal finds a declarer's words by a key of what they depend on (and where nobody
    exchanges, by fewer things); the one statement of the rule, which players reasoning
    about others' declarations use, gives the same actions at every declaration of random
    play of every game, table size and house rule."""
    rules = rules_of(variant, house)
    rng = random.Random(players * 7 + len(house))
    seen = 0
    for index in range(12):
        s = cardrules.new_session(rules, players=players, seed=index, pause_at_deal_end=True)
        while not s.is_over and s.deals_played < 3:
            if s.deal_over:
                s.next_deal()
                continue
            if s.deal.phase_name == "declare":
                seat = s.to_move
                assert legal_declarations(s.deal.view, seat) == s.legal_actions()
                seen += 1
            s.apply(rng.choice(s.legal_actions()))
    assert seen or not rules.declarations.enabled
