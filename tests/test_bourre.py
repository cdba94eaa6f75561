"""Bourré's mechanisms beyond the single deals of tests/rulings/bourre: a session of
consecutive deals (the digest's scenarios B-1 to B-3, dealt card by card in explicit
chance mode), the dealer's turn-up as public information, and the combinations the
format refuses.

Every expected figure is worked by hand from docs/sources.md 1.8 and the digest's
scenarios, not read from the program.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from pathlib import Path

import pytest

import cardrules
from cardrules.cards import parse_card
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.encoding import Encoder
from cardrules.engine.sampling import determinize
from cardrules.engine.session import Session
from cardrules.errors import RecordError
from cardrules.players.base import SeatView
from cardrules.players.registry import make_bot
from cardrules.tools.simulate import simulate


def _deal(s: Session, hands: Sequence[str]) -> None:
    """Deal ``hands`` (in seat order, each in the order its cards are dealt) one card at a
    time from the dealer's left, as the chance nodes ask for them."""
    n = s.players
    order = [(s.dealer + 1 + i) % n for i in range(n)]
    cards = [h.split() for h in hands]
    for k in range(5):
        for seat in order:
            assert s.is_chance_node()
            s.apply_chance(cards[seat][k])
    assert not s.is_chance_node()


def _draw(s: Session, action: str, cards: str) -> None:
    """Make an exchange, then give the cards it draws from the stock, top first."""
    s.apply(action)
    for c in cards.split():
        s.apply_chance(c)


def _play(s: Session, actions: str) -> None:
    for a in actions.split(","):
        s.apply(a.strip())


def test_b1_to_b3_a_session_of_three_deals() -> None:
    """B-1, B-2 and B-3 as one four-handed session: the pots 4, 7 and 9, the antes the
    results excuse, and the totals A +2, B +7, C -6, D -3."""
    s = cardrules.new_session(
        "bourre", players=4, dealer=3, chance="explicit", pause_at_deal_end=True
    )
    # B-1: D deals; the 9S, his fifth card, is dealt face up.
    _deal(s, ["AS 7S KH 4H 2C", "QH JH 5D 3D 8C", "QD TD 6C 5C 3H", "AH 7D 6D 4C 9S"])
    assert s.deal.view.turnup == parse_card("9S") and s.pool == 4
    assert parse_card("9S") in s.hand(3)
    _draw(s, "exchange 2C", "6H")
    _draw(s, "exchange 3D 5D 8C", "QC 5S 2H")
    _play(s, "stand, throw-up")
    _play(s, "play AS, play 5S, play 5C, play KH, play 2H, play 3H, play 4H, play JH, play 6C")
    _play(s, "play QC, play TD, play 7S, play 6H, play QH, play QD")
    res = s.last_result
    assert res is not None and list(res.net) == [3, -1, -5, -1] and list(res.looed) == [2]
    assert s.pool == 4 and list(s.scores) == [3, -1, -5, -1]
    s.next_deal()
    # B-2: A deals; C, bourré in B-1, does not ante: 4 + 3 = 7.
    _deal(s, ["TH 9D 8D 3S 7H", "AS KS 4H 9C 2D", "QH 8H JS 3C 5D", "AC KC QC 6S 4D"])
    assert s.pool == 7 and list(s.deal.view.ctx.stakes) == [1, 1, 0, 1]
    _draw(s, "exchange 9C 2D", "5H TC")
    _draw(s, "exchange 3C 5D", "2S KD")
    _play(s, "throw-up, stand")
    _play(s, "play AS, play 2S, play 3S, play KS, play JS, play 7H, play 9D, play 4H, play KD")
    _play(s, "play TC, play 8H, play TH, play 8D, play 5H, play QH")
    res = s.last_result
    assert res is not None and list(res.receipts) == [0, 0, 0, 0] and s.pool == 7
    s.next_deal()
    # B-3: B deals; A and B, tied, do not ante: 7 + 2 = 9; B turns the ace of diamonds.
    _deal(s, ["2S 3S 4S 5S 6S", "7S 7H 7C 7D AD", "2H 3H 4H 5H 6H", "2C 3C 4C 5C 6C"])
    assert s.pool == 9 and list(s.deal.view.ctx.stakes) == [0, 0, 1, 1]
    _play(s, "throw-up, throw-up, throw-up")
    res = s.last_result
    assert res is not None and res.ended_by == "all_pass" and list(res.receipts) == [0, 9, 0, 0]
    assert s.pool == 0
    assert list(s.scores) == [2, 7, -6, -3] and sum(s.scores) == 0
    s.next_deal()
    assert s.pool == 4  # nobody excused: all four ante


def _discarding_dealer() -> Session:
    """Three players, seat 2 deals and holds the turn-up 9S; seat 0 stands, seat 1
    passes, and the dealer changes the 9S and the 5C (drawing 2H 2S)."""
    deal = FixedDeal(
        hands=("AH KH QH JH TH", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 9S"),
        turn_up="9S",
        stock=("2H", "2S"),
    )
    s = cardrules.new_session("bourre", players=3, dealer=2, deal=deal)
    _play(s, "stand, throw-up")
    return s


def test_the_turn_up_laid_aside_is_public() -> None:
    s = _discarding_dealer()
    nine = parse_card("9S")
    assert [s.observation(seat)["turn_up_aside"] for seat in range(3)] == [False] * 3
    enc = Encoder(s.rules, 3)
    aside = enc.offset("aside")
    assert enc.encode(s, 0)[aside] == 0
    s.apply("exchange 5C 9S")
    assert s.deal.view.trump_suit == "S"  # trumps unchanged
    assert [s.observation(seat)["turn_up_aside"] for seat in range(3)] == [True] * 3
    assert all(enc.encode(s, seat)[aside] == 1 for seat in range(3))
    # Seat 0 cannot know the dealer's other discard, but knows where the nine lies.
    for k in range(20):
        t = determinize(s, 0, random.Random(k))
        assert nine in t.deal.view.discarded and nine not in t.hand(2)


def test_a_sample_keeps_the_turn_up_in_the_dealers_hand() -> None:
    deal = FixedDeal(hands=("AH KH QH JH TH", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 9S"), turn_up="9S")
    s = cardrules.new_session("bourre", players=3, dealer=2, deal=deal)
    nine = parse_card("9S")
    for k in range(20):
        t = determinize(s, 0, random.Random(k))
        assert nine in t.hand(2) and t.hand(0) == s.hand(0)


def test_a_fixed_turn_up_must_be_in_the_dealers_hand() -> None:
    deal = FixedDeal(hands=("AH KH QH JH TH", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C"), turn_up="9S")
    with pytest.raises(RecordError, match="dealer's own card"):
        cardrules.new_session("bourre", players=3, dealer=2, deal=deal)


def test_the_dealer_turn_up_is_a_chance_outcome_dealt_face_up() -> None:
    s = cardrules.new_session("bourre", players=2, dealer=1, chance="explicit")
    places = s.chance_node.places if s.chance_node else []
    assert places[-1] == ("dealer_turn_up", 1) and len(places) == 10
    assert places.count(("hand", 1)) == 4 and ("turn_up", 0) not in places
    for _ in range(9):
        s.apply_chance(s.chance_outcomes()[0][0])
    outcome = s.chance_outcomes()[0][0]
    assert s.chance_outcome_text(outcome).endswith("to seat 1, face up")
    s.apply_chance(outcome)
    assert s.deal.view.turnup == outcome and outcome in s.hand(1)


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"exchange.turnup_drawable": True}, "exchange.turnup_drawable"),
        ({"session.first_deal": "peel_exposed_single"}, "session.first_deal"),
    ],
)
def test_the_dealers_turn_up_refuses_what_cannot_be_played(
    overrides: dict[str, object], key: str
) -> None:
    with pytest.raises(cardrules.RulesError) as info:
        cardrules.load_variant("bourre", overrides=overrides)
    problems = info.value.problems
    assert any(p.key == key and "dealer's own card" in p.message for p in problems)


def test_the_turn_up_options_do_nothing_without_the_dealers_turn_up(tmp_path: Path) -> None:
    path = tmp_path / "ace.yaml"
    path.write_text(
        "name: ace\nkind: house_rule\napplies_to: [five-card-loo]\n"
        "declarations:\n  dealer_plays_on_ace: true\n",
        encoding="utf-8",
    )
    problems = cardrules.validate(path)
    assert [p.kind for p in problems if p.key == "declarations.dealer_plays_on_ace"] == [
        "no-effect"
    ]


def test_the_heuristic_clearly_beats_random_play_at_bourre() -> None:
    """The heuristic in seat 0 against four random players, and a random player in seat 0
    against the same four, on the same seeded sessions of five deals: seat 0's counters
    per deal. (The heuristic values a hand by its share of the tricks, as at Loo: valuing it
    by its chance of taking the whole pot instead did no better.)"""
    rules = cardrules.load_variant("bourre")

    def arm(first: str, index: int) -> int:
        s = Session(rules, 5, seed=2000 + index)
        bots = [
            make_bot(first if k == 0 else "random", random.Random(index * 8 + k)) for k in range(5)
        ]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(SeatView(s, s.to_move)))
        assert s.deals_played == 5
        return s.scores[0]

    diffs = [arm("heuristic", i) - arm("random", i) for i in range(200)]
    mean = statistics.mean(diffs) / 5
    se = statistics.stdev(diffs) / 5 / math.sqrt(len(diffs))
    # Required: half a counter a deal, and four standard errors.
    assert mean > 0.5
    assert mean > 4 * se


def test_simulate_speaks_of_the_pot_and_the_bourre() -> None:
    summary = simulate(cardrules.load_variant("bourre"), deals=40, seed=5)
    text = summary.text()
    assert "bourré rate (standing hands)" in text and "pot played for" in text
    assert "singles" not in text and "loo rate" not in text
    assert summary.looed <= summary.stood and sum(summary.net) + summary.pool_left == 0


@pytest.mark.parametrize(
    "overrides",
    [
        {"exchange.timing": "after_declarations"},
        {"exchange.dealer_may_discard_turnup": False, "declarations.dealer_plays_on_ace": False},
    ],
)
def test_the_offer_and_the_bots_follow_the_options(overrides: dict[str, object]) -> None:
    """At every decision the fast path's offer is the legal actions; the rules of thumb and
    the search play the options out."""
    rules = cardrules.load_variant("bourre", overrides=overrides)
    for players, seed in ((3, 1), (7, 2)):
        s = Session(rules, players, seed=seed)
        bots = [
            make_bot("mc:2" if k == 0 else "heuristic", random.Random(k)) for k in range(players)
        ]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(SeatView(s, s.to_move)))
        assert s.deals_played == players
