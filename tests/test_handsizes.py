"""Hand sizes that change from deal to deal (``deal.sizes``, docs/sources.md 1.7.1, D61,
D83): the sizes each table deals, a number of cards drawn at random as a chance event
(explicit, sampled, recorded and replayed), schedules down and up over a session with the
deal passing and the totals running, and the combinations the format refuses.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter

import pytest
from envruns import gymnasium_suite, pettingzoo_suite

import cardrules
from cardrules.engine.encoding import Encoder
from cardrules.engine.handsize import table_sizes
from cardrules.engine.session import Session
from cardrules.envs.gymnasium import env as gym_env
from cardrules.errors import ArgumentValueError, RulesError
from cardrules.players.base import SeatView
from cardrules.players.heuristic import HeuristicBot
from cardrules.players.montecarlo import MonteCarloBot
from cardrules.tools.conformance import check_rules

#: The house rules of each kind of changing size: two schedules, and none at all, for the
#: game itself draws the number of cards at random (OpenSpiel's default, D61).
HOUSE = [("oh-hell-down-and-up",), ("oh-hell-ten-down",), ()]


def rules(*house: str, **overrides: object) -> cardrules.Rules:
    return cardrules.load_variant("oh-hell", list(house), dict(overrides) or None)


def first_size(s: Session) -> int:
    return len(s.dealt_hand(0))


def play_deal(s: Session, rng: random.Random) -> None:
    """Play the deal in progress to its end with random choices."""
    before = s.deals_played
    while s.deals_played == before and not s.is_over:
        s.apply(rng.choice(s.legal_actions()))


def test_pagats_schedule_starts_at_ten_eight_or_seven() -> None:
    # pagat: "10 cards (3-5 players), 8 (6) or 7 (7), one fewer each deal down to one, then
    # back up"; 6 x 8 + the turn-up = 49 and 7 x 7 + 1 = 50 cards of 52, 6 x 9 + 1 = 55 too
    # many. Down and up, the one-card deal once: 2 x start - 1 deals.
    r = rules("oh-hell-down-and-up")
    starts = {n: table_sizes(r, n)[0] for n in range(3, 8)}
    assert starts == {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}
    assert table_sizes(r, 6) == (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
    assert [len(table_sizes(r, n)) for n in range(3, 8)] == [19, 19, 19, 15, 13]
    # TGR's ten down to one: ten deals at three to five players.
    assert table_sizes(rules("oh-hell-ten-down"), 4) == tuple(range(10, 0, -1))


def test_random_sizes_are_one_to_what_the_pack_holds() -> None:
    # OpenSpiel's default: k uniform over 1..(NC - 1) div n: 17, 12, 10, 8, 7 with the full
    # pack; with two suits of five ranks and three players, (10 - 1) div 3 = 3.
    r = rules()
    assert {n: table_sizes(r, n) for n in range(3, 8)} == {
        n: tuple(range(1, 51 // n + 1)) for n in range(3, 8)
    }
    small = rules(**{"pack.cards": "listed", "pack.suits": ["C", "D"], "pack.ranks": list("65432")})
    assert table_sizes(small, 3) == (1, 2, 3)
    s = Session(r, 5, dealer=0, chance="explicit")
    assert s.chance_outcomes() == [(k, 0.1) for k in range(1, 11)]
    assert s.chance_outcome_text(4) == "4 cards each"


def test_seven_tricks_deals_seven_every_deal_with_no_draw() -> None:
    # OpenSpiel with num_tricks_fixed = 7: k is 7 at every table (7 x 7 + the turn-up = 50
    # of 52 at seven players), and nothing is drawn before the cards.
    r = rules("oh-hell-seven-tricks")
    assert {n: table_sizes(r, n) for n in range(3, 8)} == {n: (7,) for n in range(3, 8)}
    node = Session(r, 5, dealer=0, chance="explicit").chance_node
    assert node is not None and node.kind == "deal"
    s = cardrules.new_session(r, players=7, seed=2, pause_at_deal_end=True)
    rng = random.Random(2)
    for _ in range(3):
        assert [len(s.dealt_hand(i)) for i in range(7)] == [7] * 7
        play_deal(s, rng)
        s.next_deal()


def test_a_size_drawn_explicitly_deals_that_many_and_the_state_is_a_value() -> None:
    r = rules()
    s = Session(r, 4, dealer=3, chance="explicit")
    node = s.chance_node
    assert node is not None and node.kind == "size"
    with pytest.raises(ArgumentValueError):
        s.apply_chance(13)  # four players hold at most twelve each
    assert s.chance_node == node  # refused, unchanged
    s.apply_chance(2)
    assert s.chance_node is not None and len(s.chance_node.places) == 4 * 2 + 1
    for twin in (
        Session.from_json(json.loads(json.dumps(s.to_json()))),
        pickle.loads(pickle.dumps(s)),
    ):
        assert twin == s
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    assert [len(s.hand(i)) for i in range(4)] == [2, 2, 2, 2]
    assert s.legal_action_texts() == ["bid 0", "bid 1", "bid 2"]
    mid = Session.from_json(json.loads(json.dumps(s.to_json())))
    assert mid == s and mid.legal_actions() == s.legal_actions()


def test_sampled_sizes_are_drawn_alike_and_replay_from_the_record() -> None:
    # Six hundred deals at seven players: each of the seven sizes about 86 times; a size
    # that never came, or came more than twice as often as it should, would be a bug.
    rounds = {"session.rounds": 100}
    rng = random.Random(4)
    counts: Counter[int] = Counter()
    s = cardrules.new_session("oh-hell", overrides=rounds, players=7, seed=11)
    for _ in range(600):
        counts[first_size(s)] += 1
        play_deal(s, rng)
    assert set(counts) == set(range(1, 8))
    assert max(counts.values()) < 2 * 600 / 7
    assert cardrules.replay(s.record()) == s


def test_a_schedule_is_a_session_with_the_deal_passing_and_the_totals_running() -> None:
    # Three down to one and back up at four players: five deals of 3, 2, 1, 2, 3 cards,
    # dealt from the dealer's left by each seat in turn; the session ends with the
    # schedule, the highest total winning.
    r = rules("oh-hell-down-and-up", **{"deal.sizes.high": 3})
    s = cardrules.new_session(r, players=4, seed=5, dealer=2, pause_at_deal_end=True)
    rng = random.Random(5)
    sizes, dealers, totals = [], [], [0, 0, 0, 0]
    while True:
        sizes.append(first_size(s))
        dealers.append(s.dealer)
        play_deal(s, rng)
        assert s.last_result is not None
        totals = [t + p for t, p in zip(totals, s.last_result.points, strict=True)]
        assert list(s.scores) == totals
        if s.is_over:
            break
        s.next_deal()
    assert sizes == [3, 2, 1, 2, 3] and dealers == [2, 3, 0, 1, 2]
    top = max(totals)
    assert s.winner == tuple(i for i in range(4) if totals[i] == top)


def test_bots_and_the_encoder_play_every_size() -> None:
    # The encoder is sized for the largest deal; the bots read the deal's own hand size.
    r = rules()
    enc = Encoder(r, 3)
    # Seventeen tricks at most against thirteen: four more bids for each of three seats, and
    # four more past tricks of three slots, each with its leader and its 52 cards.
    thirteen = rules(**{"deal.sizes.vary": "fixed", "deal.hand_size": 13, "players.max": 3})
    assert enc.size == Encoder(thirteen, 3).size + 3 * 4 + 4 * 3 + 4 * 3 * 52
    bots: list[HeuristicBot | MonteCarloBot] = [
        HeuristicBot(),
        MonteCarloBot(samples=4, rng=random.Random(1)),
        HeuristicBot(),
    ]
    s = cardrules.new_session(r, players=3, seed=8)
    while not s.is_over:
        seat = s.to_move
        assert len(enc.encode(s, seat)) == enc.size
        s.apply(bots[seat].choose(SeatView(s, seat)))
    assert len(s.results) == 3


@pytest.mark.parametrize("house", HOUSE, ids=["+".join(h) or "oh-hell" for h in HOUSE])
@pytest.mark.parametrize("players", range(3, 8))
def test_conformance_at_every_table_size(house: tuple[str, ...], players: int) -> None:
    report = check_rules(rules(*house), players, 30, seed=3, deep_every=10)
    assert report.ok, "\n".join(str(f) for f in report.failures)


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"deal.sizes.vary": "random", "deal.sizes.low": 5, "deal.sizes.high": 3}, "low is more"),
        ({"session.finish": "end_of_schedule"}, "deals none"),
        ({"deal.sizes.vary": "random", "deal.sizes.low": 14, "players.min": 4}, "cards"),
    ],
)
def test_combinations_that_cannot_be_played_are_refused(
    overrides: dict[str, object], words: str
) -> None:
    with pytest.raises(RulesError, match=words):
        rules(**overrides)


def test_a_changing_size_with_an_exchange_is_refused_where_it_is_set() -> None:
    # Five-card loo exchanges from the stock: the exchanges open are counted for one size.
    with pytest.raises(RulesError) as info:
        cardrules.load_variant("five-card-loo", overrides={"deal.sizes.vary": "random"})
    text = str(info.value)
    assert "deal.sizes.vary" in text and "exchange.mode" in text


def test_the_adapters_expose_every_deal_of_a_schedule() -> None:
    # A whole session down and up as one episode for seat 0, three-handed: nineteen deals
    # of 10, 9, ..., 1, 2, ..., 10 cards, in each a bid and a card a trick: 19 + 55 + 54
    # steps, every observation in the one observation space (sized for the largest deal).
    # Gymnasium's and PettingZoo's own checks pass, PettingZoo's with a random number of
    # tricks.
    g = gym_env("oh-hell", ["oh-hell-down-and-up"], 3, episode="session")
    obs, info = g.reset(seed=3)
    rng = random.Random(3)
    steps, done = 0, False
    while not done:
        assert g.observation_space.contains(obs)
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        obs, _, term, trunc, info = g.step(rng.choice(legal))
        done, steps = term or trunc, steps + 1
    assert steps == 19 + 55 + 54
    gymnasium_suite("oh-hell", ("oh-hell-down-and-up",), 3)
    pettingzoo_suite("oh-hell", (), 4, 100)
