"""Explicit chance mode: the cut, the deal and the draws as chance nodes.

The main evidence: a session in explicit chance mode, given as outcomes the very cards a
seeded session in the default mode dealt and drew, plays the identical game.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from itertools import combinations
from math import isclose
from typing import Any

import pytest

import cardrules
from cardrules import FixedDeal, Session
from cardrules.cards import RANKS, parse_card, rank_of
from cardrules.engine.actions import EXCHANGE
from cardrules.engine.chance import CHANCE, ChanceNode, cut_odds, draw_outcomes
from cardrules.engine.deal import Deal
from cardrules.engine.dealing import deals_miss
from cardrules.errors import ArgumentValueError, CardRulesError, PlayError, RecordError

#: (variant, house rules, overrides, players): the bundled games at their sizes, and the
#: mechanisms that change what is dealt or drawn.
CONFIGS: list[tuple[str, tuple[str, ...], dict[str, Any], int | None]] = [
    ("three-card-loo", (), {}, None),
    ("three-card-loo", (), {}, 3),
    ("three-card-loo", (), {}, 16),
    ("three-card-loo", ("club-law",), {}, 5),
    ("three-card-loo", ("piquet-pack",), {}, None),
    ("three-card-loo", (), {"session.first_deal": "peel_exposed_single"}, 4),
    ("three-card-loo", (), {"session.first_deal": "all_stand_no_miss"}, 4),
    ("three-card-loo", (), {"session.first_dealer": "first_knave"}, 3),
    ("three-card-loo", ("hoffmann-1909",), {}, 4),
    ("five-card-loo", (), {}, None),
    ("five-card-loo", (), {"exchange.turnup_drawable": True}, 6),
    ("five-card-loo", ("club-law",), {}, 4),
    ("irish-loo", (), {}, None),
    ("irish-loo", (), {}, 8),
    ("put", (), {}, None),
    ("put", ("hoyle-put",), {}, None),
    ("put-four-handed", (), {}, None),
]


class Dealt:
    """What a default session dealt, deal by deal, read from each deal as the session's
    ``on_deal`` hook receives it (dealt, nothing played yet): the cards of each place as
    they were dealt, then the stock as the deal began (the draws come from its end)."""

    def __init__(self) -> None:
        self.places: list[dict[tuple[str, int], list[int]]] = []
        self.stocks: list[list[int]] = []

    def capture(self, deal: Deal) -> None:
        view = deal.view
        places: dict[tuple[str, int], list[int]] = {
            ("hand", s): list(view.dealt_hand(s)) for s in range(view.players)
        }
        miss = view.miss
        if miss is None and view.forced and deals_miss(deal.rules, view.ctx):
            # All must play: the miss, dealt, was withdrawn at once to the bottom of the
            # stock (Club Law), where it lies first.
            miss = tuple(sorted(view.stock[: deal.rules.deal.hand_size]))
        places[("miss", 0)] = list(miss or [])
        places[("turn_up", 0)] = [view.turnup] if view.turnup >= 0 else []
        self.places.append(places)
        self.stocks.append(list(view.stock))


def _default_and_explicit(
    variant: str,
    house: tuple[str, ...],
    overrides: dict[str, Any],
    players: int | None,
    seed: int,
) -> tuple[Session, Session, Dealt]:
    dealt = Dealt()
    rules = cardrules.load_variant(variant, house_rules=house, overrides=overrides or None)
    default = Session(rules, players, seed=seed, on_deal=dealt.capture)
    explicit = Session(rules, players, chance="explicit")
    return default, explicit, dealt


def _feed(explicit: Session, dealt: Dealt, default_dealer: int) -> None:
    """Give the explicit session, at its chance nodes, what the default one dealt."""
    deal_no = explicit.deals_played
    node = explicit.chance_node
    assert node is not None
    if node.kind == "cut":
        explicit.apply(default_dealer)
    elif node.kind == "deal":
        explicit.apply(dealt.places[deal_no][node.next_place].pop())
    else:
        explicit.apply(dealt.stocks[deal_no].pop())


@pytest.mark.parametrize(("variant", "house", "overrides", "players"), CONFIGS)
def test_explicit_chance_given_the_default_cards_plays_the_same_game(
    variant: str,
    house: tuple[str, ...],
    overrides: dict[str, Any],
    players: int | None,
) -> None:
    for seed in range(3):
        default, explicit, dealt = _default_and_explicit(variant, house, overrides, players, seed)
        rng = random.Random(seed)
        # The first dealer (the deal may have ended as it was dealt, the deal passing on).
        first_dealer = default.results[0].dealer if default.results else default.dealer
        exchanges = draws = 0
        while not default.is_over and default.deals_played < 6:
            while explicit.is_chance_node():
                assert explicit.to_move == CHANCE and explicit.legal_actions() == []
                _feed(explicit, dealt, first_dealer)
            assert explicit.deals_played == default.deals_played
            assert explicit.to_move == default.to_move
            legal = default.legal_actions()
            assert explicit.legal_actions() == legal
            for seat in range(default.players):
                assert explicit.observation(seat) == default.observation(seat)
            a = rng.choice(legal)
            exchanges += a >= EXCHANGE
            default.apply(a)
            explicit.apply(a)
            draws += a >= EXCHANGE and explicit.is_chance_node()
        while explicit.is_chance_node():  # the next deal's cards, or the last draws
            _feed(explicit, dealt, first_dealer)
        assert explicit.results == default.results
        # Every exchange waited for its draws (the games with exchanges do exchange).
        assert draws == exchanges and (exchanges > 0) == (variant in ("five-card-loo", "irish-loo"))
        assert explicit.histories == default.histories
        assert (explicit.scores, explicit.pool, explicit.dealer) == (
            default.scores,
            default.pool,
            default.dealer,
        )


def test_a_deal_asks_each_card_in_dealing_order_then_the_turn_up() -> None:
    # Three-card loo at 3 (RULES 1.1.5): three cards each and the miss, one at a time from
    # the elder (the dealer's left), the miss after the dealer each round, then the turn-up.
    s = cardrules.new_session("three-card-loo", players=3, dealer=2, chance="explicit")
    places = []
    while s.is_chance_node():
        node = s.chance_node
        assert node is not None and node.kind == "deal"
        places.append(node.next_place)
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 52 - len(places) + 1
        assert all(isclose(p, 1 / len(outcomes)) for _, p in outcomes)
        s.apply(outcomes[-1][0])  # the highest card left: the pack from the top, reversed
    round_ = [("hand", 0), ("hand", 1), ("hand", 2), ("miss", 0)]
    assert places == round_ * 3 + [("turn_up", 0)]
    # The highest cards went first: KC (51) to seat 0, QC to seat 1, JC to seat 2, TC to
    # the miss, and so on; the thirteenth card, 39 (2C), is turned up.
    assert s.hand(0) == [43, 47, 51] and s.hand(2) == [41, 45, 49]
    assert s.deal.view.miss == (40, 44, 48) and s.deal.view.turnup == 39


def test_an_exchange_draws_when_it_is_made() -> None:
    s = cardrules.new_session("five-card-loo", players=3, dealer=0, chance="explicit")
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    seat = s.to_move
    before = s.hand(seat)
    exchange = max(s.legal_actions())  # the exchange of the whole hand
    out = cardrules.engine.actions.exchange_cards(exchange)
    s.apply(exchange)
    # Nothing is drawn yet: the session waits for each card drawn, the hand unchanged.
    assert s.is_chance_node() and s.to_move == CHANCE and s.hand(seat) == before
    stock = set(s.deal.view.stock)
    for k in range(len(out)):
        outcomes = s.chance_outcomes()
        assert {c for c, _ in outcomes} == stock  # any undrawn card, alike
        assert all(isclose(p, 1 / len(stock)) for _, p in outcomes)
        card = max(stock)
        stock.discard(card)
        assert s.chance_outcome_text(card).startswith(f"seat {seat} draws ")
        s.apply(card)
        assert s.is_chance_node() == (k < len(out) - 1)
    drawn = sorted(set(range(52)) - set(s.deal.view.stock) - {s.deal.view.turnup})
    assert s.hand(seat) == sorted([c for c in before if c not in out] + drawn[-len(out) :])


def test_a_drawable_turn_up_is_drawn_last() -> None:
    node = ChanceNode("draw", seat=0, action=EXCHANGE, count=3)
    assert [c for c, _ in draw_outcomes([30, 7, 12], 30, node.cards)] == [7, 12]
    assert draw_outcomes([30, 7, 12], 30, [7, 12]) == [(30, 1.0)]
    assert [c for c, _ in draw_outcomes([5, 30, 7], 30, [7, 30])] == [5]


def test_first_knave_odds_match_counting_every_place_of_the_knaves() -> None:
    # Seat i deals when the first knave is the (i + k n)th card: count the C(52, 4) places
    # of the four knaves directly.
    rules = cardrules.load_variant(
        "three-card-loo", overrides={"session.first_dealer": "first_knave"}
    )
    pack = tuple(range(52))
    knaves = [c for c in pack if RANKS[rank_of(c)] == "J"]
    assert len(knaves) == 4
    for n in (2, 3, 5):
        counts = [0] * n
        total = 0
        for places in combinations(range(52), 4):
            counts[places[0] % n] += 1
            total += 1
        odds = dict(cut_odds(rules, pack, n))
        for s in range(n):
            assert isclose(odds[s], counts[s] / total, rel_tol=1e-12)
    plain = cardrules.load_variant("three-card-loo")
    assert cut_odds(plain, pack, 4) == [(s, 0.25) for s in range(4)]


def test_the_cut_is_a_chance_node_when_no_dealer_is_given() -> None:
    s = cardrules.new_session("put", chance="explicit")
    assert s.is_chance_node() and s.chance_node is not None and s.chance_node.kind == "cut"
    assert s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    s.apply(1)
    assert s.dealer == 1 and s.chance_node is not None and s.chance_node.kind == "deal"


def _positions() -> list[Session]:
    """Explicit sessions at chance nodes of every kind, and at decisions between them."""
    rng = random.Random(4)
    out = []
    for variant in ("five-card-loo", "three-card-loo", "put"):
        s = cardrules.new_session(variant, chance="explicit")
        for _ in range(80):
            if s.is_over:
                break
            out.append(s.clone())
            if s.is_chance_node():
                s.apply(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply(rng.choice(s.legal_actions()))
    return out


def test_a_session_at_a_chance_node_is_a_value() -> None:
    positions = _positions()
    kinds = {s.chance_node.kind for s in positions if s.chance_node is not None}
    assert kinds == {"cut", "deal", "draw"}
    for s in positions:
        state = s.state()
        assert state["chance_mode"] == "explicit"
        copies = (
            s.clone(),
            copy.deepcopy(s),
            pickle.loads(pickle.dumps(s)),
            Session.from_json(json.loads(json.dumps(s.to_json()))),
        )
        for c in copies:
            assert c == s and c.state() == state
            assert c.chance_outcomes() == s.chance_outcomes()
        if s.is_chance_node():
            outcome = s.chance_outcomes()[-1][0]
            t = copies[3]
            s.apply(outcome)
            t.apply(outcome)
            assert s.state() == t.state() != state
            # The copies made before are untouched by what the original did.
            assert copies[0].state() == state


def test_the_default_mode_state_has_no_chance_keys() -> None:
    s = cardrules.new_session("three-card-loo", seed=1)
    assert "chance" not in s.state() and not s.is_chance_node()
    assert s.chance_outcomes() == [] and s.chance_node is None
    with pytest.raises(PlayError):
        s.apply_chance(0)


def test_a_wrong_outcome_is_refused_and_changes_nothing() -> None:
    s = cardrules.new_session("three-card-loo", dealer=0, chance="explicit")
    s.apply(5)
    before = s.state()
    for bad in (5, 60, -1, "7S", "ZZ", None, 1.5, True, [3]):
        with pytest.raises(CardRulesError) as info:
            s.apply(bad)  # type: ignore[arg-type]
        assert isinstance(info.value, (TypeError, ValueError))
        assert s.state() == before
    with pytest.raises(ArgumentValueError, match="expected one of the 51 outcomes"):
        s.apply(5)
    s.apply("QH")
    assert s.chance_node is not None and s.chance_node.cards == [5, parse_card("QH")]


def test_a_position_with_a_broken_chance_node_is_refused() -> None:
    s = cardrules.new_session("three-card-loo", dealer=0, chance="explicit")
    s.apply(3)
    data = s.to_json()
    for broken in ({"kind": "shuffle"}, {"kind": "deal", "cards": "x"}, None):
        bad = json.loads(json.dumps(data))
        bad["state"]["chance"] = broken
        if broken is None:  # no deal and no chance node: nothing could go on
            with pytest.raises(RecordError):
                Session.from_json(bad)
            continue
        with pytest.raises(RecordError):
            Session.from_json(bad)


def test_an_explicit_session_has_no_record() -> None:
    s = cardrules.new_session("put", chance="explicit", dealer=0)
    with pytest.raises(PlayError, match="to_json"):
        s.record()


def test_the_next_deal_after_a_pause_is_dealt_by_chance_too() -> None:
    s = cardrules.new_session("put", chance="explicit", dealer=0, pause_at_deal_end=True)
    rng = random.Random(2)
    while not s.deal_over:
        if s.is_chance_node():
            s.apply(rng.choice(s.chance_outcomes())[0])
        else:
            s.apply(rng.choice(s.legal_actions()))
    assert not s.is_chance_node() and s.to_move == -1
    s.next_deal()
    assert s.is_chance_node() and s.dealer == 1  # the deal passes to the left
    with pytest.raises(PlayError, match="being dealt"):
        s.observation(0)
    # Put deals three cards each, one at a time from the non-dealer: seat 0 first now.
    s.apply(parse_card("3S"))
    s.apply(parse_card("4S"))
    assert s.hand(0) == [parse_card("3S")] and s.hand(1) == [parse_card("4S")]
    assert s.dealt_hand(0) == s.hand(0)


def test_a_given_deal_waits_for_the_cut_and_its_draws_are_still_chance() -> None:
    deal = FixedDeal(hands=(("AS", "KS", "QS"), ("2H", "3H", "4H")))
    s = cardrules.new_session("put", chance="explicit", deal=deal)
    assert s.chance_node is not None and s.chance_node.kind == "cut"
    s.apply(1)  # seat 1 deals; the given hands are dealt as they are
    assert not s.is_chance_node() and s.to_move == 0
    assert s.hand(0) == sorted(parse_card(c) for c in ("AS", "KS", "QS"))
    hands = (
        ("AH", "6C", "9H", "JS", "KS"),
        ("AS", "3C", "KD", "7H", "QS"),
        ("5D", "7D", "TD", "3D", "3H"),
    )
    rules = cardrules.load_variant("five-card-loo")
    s = Session(
        rules,
        3,
        dealer=2,
        chance="explicit",
        first_deal=False,
        deal=FixedDeal(hands=hands, turn_up="6H", stock=("2D",)),
    )
    s.apply("exchange 6C")
    # The stock given is not drawn from: the card drawn is a chance outcome, any undrawn.
    assert s.is_chance_node() and len(s.chance_outcomes()) == 52 - 15 - 1
    s.apply("AC")
    assert parse_card("AC") in s.hand(0) and parse_card("6C") not in s.hand(0)


def test_a_deal_that_starts_with_the_dealer_gives_him_the_first_card() -> None:
    # families.md 3.1.4 (E1): "the j-th card goes to (d + j) mod 4 - the dealer receives
    # the first card".
    rules = cardrules.load_variant(
        "oh-hell",
        overrides={"deal.start": "dealer", "deal.sizes.vary": "fixed", "deal.hand_size": 5},
    )
    s = Session(rules, 4, dealer=2, chance="explicit", pause_at_deal_end=True)
    node = s.chance_node
    assert node is not None and node.kind == "deal"
    assert [seat for _, seat in node.places[:20]] == [(2 + j) % 4 for j in range(20)]
