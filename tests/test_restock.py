"""The stock restocked when it runs out (``exchange.restock``, docs/sources.md 1.8.8, D80).

Scenario B-4 of COUSINS (eight players, H deals, 40 cards dealt and 12 in the stock, at
most three cards changed): A, C, D and E change three each and empty the stock, B and F
pass; when G asks for three the dealer gathers B's and F's folded hands (10) and the
discards of A, C, D and E (12), not G's own, shuffles these 22 and deals on. The rulings
in tests/rulings/bourre/ rule the draws of the default chance mode card by card; here the
same restock is a chance event, a value, a record and what a sample of hidden cards
respects.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import cardrules
from cardrules.api import replay
from cardrules.cards import card_text, parse_card
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.offer import Offer
from cardrules.engine.sampling import determinize, restock_conflicts
from cardrules.engine.session import Session
from cardrules.errors import RecordError
from cardrules.players.base import SeatView
from cardrules.players.playout import play_out
from cardrules.rules.loader import load_variant
from cardrules.tools.conformance import check_rules

HANDS = (
    "AS KS QS JS TS",  # A
    "9S 8S 7S 6S 5S",  # B
    "4S 3S 2S AH KH",  # C
    "QH JH TH 9H 8H",  # D
    "7H 6H 5H 4H 3H",  # E
    "2H AD KD QD JD",  # F
    "TD 9D 8D 7D 6D",  # G
    "5D 4D 3D 2D 2C",  # H, the dealer: 2C is his turn-up
)
STOCK = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AC"
FOLDED = {"9S", "8S", "7S", "6S", "5S", "2H", "AD", "KD", "QD", "JD"}
DISCARDS = {"AS", "KS", "QS", "4S", "3S", "2S", "QH", "JH", "TH", "7H", "6H", "5H"}
BEFORE_G = ["exchange AS KS QS", "throw-up", "exchange 4S 3S 2S", "exchange QH JH TH"]
BEFORE_G += ["exchange 7H 6H 5H", "throw-up"]


def _cards(texts: set[str] | str) -> set[int]:
    items = texts.split() if isinstance(texts, str) else texts
    return {parse_card(t) for t in items}


def _b4(chance: str = "sampled", **options: object) -> Session:
    rules = load_variant("bourre", overrides={"exchange": options} if options else None)
    deal = FixedDeal(hands=HANDS, turn_up="2C", stock=STOCK)
    return Session(rules, 8, dealer=7, chance=chance, first_deal=False, deal=deal)


def _draw_any(s: Session) -> None:
    while s.is_chance_node():
        s.apply_chance(s.chance_outcomes()[0][0])


def test_the_draw_after_the_stock_runs_out_is_any_gathered_card_alike() -> None:
    s = _b4("explicit")
    for action in BEFORE_G:
        s.apply(action)
        _draw_any(s)
    assert len(s.deal.view.stock) == 0
    s.apply("exchange TD 9D 8D")
    outcomes = s.chance_outcomes()
    assert {c for c, _ in outcomes} == _cards(FOLDED | DISCARDS)  # not G's own discards
    assert all(p == pytest.approx(1 / 22) for _, p in outcomes)
    # A session waiting at that node is a value, and so is one past it.
    assert Session.from_json(s.to_json()) == s
    s.apply_chance("5S")
    s.apply_chance("AS")
    assert {c for c, _ in s.chance_outcomes()} == _cards(FOLDED | DISCARDS) - _cards("5S AS")
    s.apply_chance("QD")
    assert sorted(s.hand(6)) == sorted(_cards("5S AS QD 7D 6D"))
    assert len(s.deal.view.stock) == 19
    assert s.deal.view.restocks[0] == tuple(sorted(_cards(FOLDED | DISCARDS)))
    assert s.deal.view.restock_draws[0] == (0, 0, 0, 0, 0, 0, 3, 0)
    assert s.hand(1) == [] and s.hand(5) == []  # the folded hands were gathered
    seen = {"cards": 22, "drawn": [0, 0, 0, 0, 0, 0, 3, 0]}
    assert all(s.observation(seat)["restocks"] == [seen] for seat in range(8))
    # H draws from what is left of the 22, and never G's discards.
    s.apply("exchange 5D 4D")
    assert {c for c, _ in s.chance_outcomes()} == _cards(FOLDED | DISCARDS) - _cards("5S AS QD")
    for t in (copy.deepcopy(s), pickle.loads(pickle.dumps(s)), Session.from_json(s.to_json())):
        assert t == s and t.state() == s.state()


def test_folds_first_draws_the_folded_hands_then_the_discards() -> None:
    s = _b4("explicit", restock="folds_first")
    for action in BEFORE_G:
        s.apply(action)
        _draw_any(s)
    s.apply("exchange TD 9D 8D")
    assert {c for c, _ in s.chance_outcomes()} == _cards(FOLDED)
    for _ in range(3):
        s.apply_chance(s.chance_outcomes()[0][0])
    assert len(s.deal.view.stock) == 7


def test_without_restocking_nobody_draws_more_than_the_stock_holds() -> None:
    s = _b4(restock="none")
    for action in BEFORE_G:
        s.apply(action)
    assert s.legal_action_texts() == ["stand", "throw-up"]


def _random_restocked(seed: int, **options: object) -> Session:
    """A session of Bourré at eight, played at random until a deal has been restocked."""
    rules = load_variant("bourre", overrides={"exchange": options} if options else None)
    s = cardrules.new_session(rules, players=8, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        s.apply(rng.choice(s.legal_actions()))
        if s.deal.view.restocks and s.deal.phase_name == "play":
            return s
    raise AssertionError("no deal was restocked")


@pytest.mark.parametrize("rule", ["discards_and_folds", "folds_first", "discards_only"])
def test_a_restocked_session_is_a_value_and_its_record_replays(rule: str) -> None:
    s = _random_restocked(3, restock=rule)
    assert replay(s.record(), s.rules) == s
    assert Session.from_json(s.to_json()) == s
    assert pickle.loads(pickle.dumps(s)) == s
    t = s.clone()
    t.apply(t.legal_actions()[0])
    assert t != s and s.clone() == s


def test_the_seed_of_a_restock_is_drawn_only_where_a_restock_can_happen() -> None:
    """At five players every draw is sure of fresh cards (1.8.1): those deals draw nothing
    more from the session's generator, and stay the deals they always were."""
    five = cardrules.new_session("bourre", players=5, seed=9)
    none = cardrules.new_session(
        "bourre", overrides={"exchange": {"restock": "none"}}, players=5, seed=9
    )
    # The engine's own part of the state, read by its test: no view shows the seed.
    assert five.deal._cards.restock_seed == -1
    assert five.deal._cards == none.deal._cards
    eight = cardrules.new_session("bourre", players=8, seed=9)
    assert eight.deal._cards.restock_seed >= 0


def _hidden_known(s: Session, seat: int) -> set[int]:
    """The cards of ``seat``'s own that were gathered and are hidden from him now."""
    own = set(s.deal.view.dealt_hand(seat))
    gathered = {c for b in s.deal.view.restocks for c in b}
    return (own & gathered) - set(s.hand(seat))


@pytest.mark.parametrize("seat", [0, 1, 5])
def test_a_sample_puts_a_seats_gathered_cards_only_where_the_restock_went(seat: int) -> None:
    s = _b4()
    for action in [*BEFORE_G, "exchange TD 9D 8D", "exchange 5D 4D"]:
        s.apply(action)
    known = _hidden_known(s, seat)
    assert len(known) in (3, 5)  # A's three discards; B's or F's folded hand
    draws = s.deal.view.restock_draws[0]
    for k in range(40):
        t = determinize(s, seat, random.Random(k))
        assert t.observation(seat) == s.observation(seat)
        assert restock_conflicts(t, seat) == 0
        stock = set(t.deal.view.stock)
        for c in known:
            holder = next((p for p in range(8) if c in t.hand(p)), -1)
            assert c in stock or draws[holder] > 0, card_text(c)
        for p in range(8):
            assert len(known & set(t.hand(p))) <= draws[p]
        # The copy keeps of the restock only what the seat knows was in it, and of the
        # discards gathered only his own: nothing of the true hidden cards.
        gone = {c for b in s.deal.view.restocks for c in b}
        laid = zip(t.deal.view.discarded, t.deal.view.discard_owner, strict=True)
        assert all(o == seat or c not in gone for c, o in laid)
        assert set(t.deal.view.restocks[0]) <= set(s.deal.view.dealt_hand(seat)) | set(s.hand(seat))


def test_a_gathered_card_placed_where_no_restock_went_is_a_conflict() -> None:
    s = _b4()
    for action in [*BEFORE_G, "exchange TD 9D 8D"]:
        s.apply(action)
    assert restock_conflicts(s, 1) == 0
    t = s.clone()
    hand_a = t.deal._cards.hands[0]  # a card planted in the engine's own state
    stock = t.deal._cards.stock
    mine = next(i for i, c in enumerate(stock) if card_text(c) in {"9S", "8S", "7S", "6S", "5S"})
    hand_a[0], stock[mine] = stock[mine], hand_a[0]  # one of B's folded cards to A
    assert restock_conflicts(t, 1) == 1  # A drew nothing from the restock
    assert restock_conflicts(t, 5) == 0  # F knows nothing of B's cards


RESTOCKS = pytest.mark.parametrize(
    ("rule", "timing"),
    [
        (rule, timing)
        for rule in ("discards_and_folds", "folds_first", "discards_only")
        for timing in ("with_declaration", "after_declarations")
    ],
)


def _invariants(rule: str, timing: str, tables: tuple[int, ...], deals: int) -> None:
    rules = load_variant("bourre", overrides={"exchange": {"restock": rule, "timing": timing}})
    for players in tables:
        report = check_rules(rules, players, deals=deals, seed=5, deep_every=3)
        assert report.ok, report.failures


@RESTOCKS
def test_restocked_deals_keep_the_invariants(rule: str, timing: str) -> None:
    _invariants(rule, timing, (8,), deals=6)


@pytest.mark.slow
@RESTOCKS
def test_long_restocked_play_keeps_the_invariants(rule: str, timing: str) -> None:
    _invariants(rule, timing, (6, 7, 8), deals=40)


class Drawer:
    """A bot that exchanges whenever it may (any exchange, alike), and plays at random: the
    stock of an eight-handed table runs out in most deals."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> int:  # pragma: no cover - the offer is used
        raise AssertionError("a bot with offers is asked through them")

    def choose_offer(self, offer: Offer) -> int:
        if offer.count:
            return offer.action(self.rng.randrange(offer.count))
        return self.rng.choice(offer.legal())


def test_the_fast_path_restocks_as_the_checked_path_does() -> None:
    rules = load_variant("bourre")
    restocked = 0
    for seed in range(3):
        fast = cardrules.new_session(rules, players=8, seed=seed)
        bots = [Drawer(seed * 8 + seat) for seat in range(8)]
        for k in range(1, 5):
            play_out(fast, bots, max_deals=k)
            assert fast.last_deal is not None
            restocked += bool(fast.last_deal.view.restocks)
        assert replay(fast.record()) == fast
    assert restocked >= 6


def test_a_card_gathered_twice_lies_where_the_last_restock_put_it() -> None:
    """A player who may declare again after drawing (``exchanger_must_play: false``) can
    draw a card of one restock and throw it up with his hand, to be gathered by the next:
    the seat that discarded it knows it lies where that later restock's cards lie."""
    options = {"exchanger_must_play": False, "restock": "discards_and_folds"}
    rules = load_variant("five-card-loo", overrides={"players": {"max": 10}, "exchange": options})
    s = Session(rules, 10, dealer=9, seed=3, first_deal=False)  # 50 dealt, one in the stock
    mine = s.hand(0)[0]
    s.apply(f"exchange {card_text(mine)}")  # the stock's last card
    s.apply("stand")
    s.apply(f"exchange {card_text(s.hand(1)[0])}")  # restocked: seat 0's discard
    assert mine in s.hand(1)
    s.apply("throw-up")  # seat 1 throws it up with his hand
    s.apply(f"exchange {card_text(s.hand(2)[0])}")  # gathered again, with seat 1's discard
    assert [mine in b for b in s.deal.view.restocks] == [True, True]
    for k in range(10):
        t = determinize(s, 0, random.Random(k))
        assert restock_conflicts(t, 0) == 0
        assert mine in t.deal.view.stock or mine in t.hand(2)


@pytest.mark.parametrize(
    ("key", "junk"),
    [
        ("restock_seed", "7"),
        ("restock_seed", -2),
        ("restock_seed", 1 << 70),
        ("restocks", [[0, 99]]),
        ("restocks", [3]),
        ("restock_draws", [[-1, 0]]),
        ("restock_first", ["AS"]),
    ],
)
def test_a_position_with_broken_restocks_is_refused(key: str, junk: object) -> None:
    s = _b4()
    for action in [*BEFORE_G, "exchange TD 9D 8D"]:
        s.apply(action)
    data = s.to_json()
    Session.from_json(data)  # as it is, it reads
    data["state"]["deal"]["cards"][key] = junk
    with pytest.raises(RecordError, match=f"cards.{key}"):
        Session.from_json(data)
