"""Bids and contracts as primitives: the bid actions, the hook, the points of a bid, the
combinations the checks refuse, and bids in the compact space, the offer and the
observation (docs/sources.md 1.7.4, 1.7.6; D64, D65, D67-D69)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import cardrules
from cardrules.cards import card_text
from cardrules.engine.actions import BID, LAST_ID, action_text, is_bid, is_exchange, parse_action
from cardrules.engine.bidding import legal_bids
from cardrules.engine.contractpoints import contract_points
from cardrules.engine.space import action_space, from_compact, legal_indices, to_compact
from cardrules.errors import ActionSyntaxError, RulesError
from cardrules.rules.contracts import Contract
from cardrules.rules.model import Bidding, BidHook, ContractMiss, Rules


def test_bid_actions_read_and_write() -> None:
    # A hand may hold half the pack: two players, no turn-up, 26 cards each.
    assert parse_action("bid 0") == BID and parse_action("BID 26") == LAST_ID
    assert action_text(BID + 4) == "bid 4" and is_bid(BID) and not is_exchange(BID)
    for text in ("bid", "bid 27", "bid -1", "bid two", "bid 1 2"):
        with pytest.raises(ActionSyntaxError, match="number of tricks"):
            parse_action(text)


@pytest.mark.parametrize(
    ("hook", "tricks", "others", "last", "legal"),
    [
        (BidHook.DEALER, 1, [0, 1], True, [1]),  # O-1: 0 + 1 + 0 = 1 barred
        (BidHook.DEALER, 3, [1, 1], True, [0, 2, 3]),  # O-2
        (BidHook.DEALER, 2, [2, 1, 0], True, [0, 1, 2]),  # O-3: an overbid, none barred
        (BidHook.DEALER, 3, [1, 2, 0], True, [1, 2, 3]),  # O-5
        (BidHook.DEALER, 3, [1], False, [0, 1, 2, 3]),  # not the dealer: free
        (BidHook.NONE, 1, [0, 1], True, [0, 1]),
        (BidHook.NOT_IN_ONE_CARD_DEAL, 1, [0, 1], True, [0, 1]),
        (BidHook.NOT_IN_ONE_CARD_DEAL, 2, [0, 2], True, [1, 2]),
    ],
)
def test_the_hook(
    hook: BidHook, tricks: int, others: list[int], last: bool, legal: list[int]
) -> None:
    rules = Rules(bidding=Bidding(enabled=True, hook=hook))
    assert legal_bids(rules, tricks=tricks, others=others, last=last) == legal


@pytest.mark.parametrize(
    ("contract", "points"),
    [
        # bids [2, 1, 0, 1], tricks [1, 2, 0, 1]: P2 and P3 made theirs.
        (Contract(), [1, 2, 10, 11]),
        (Contract(per_trick=2, missed=ContractMiss.MINUS_DIFF), [-2, -2, 10, 12]),
        (Contract(bonus=5, missed=ContractMiss.ZERO), [0, 0, 5, 6]),
        (Contract(missed=ContractMiss.MINUS_BID), [-2, -1, 10, 11]),
        (Contract(per_trick=3, missed=ContractMiss.TRICKS), [3, 6, 10, 13]),
    ],
)
def test_contract_points_worked_by_hand(contract: Contract, points: list[int]) -> None:
    assert contract_points(contract, bids=[2, 1, 0, 1], won=[1, 2, 0, 1]) == points


def _refusal(overrides: dict[str, object]) -> str:
    with pytest.raises(RulesError) as info:
        cardrules.load_variant("oh-hell", overrides=overrides)
    return str(info.value)


@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"wagers.scoring": "pool"}, "bids score points"),
        ({"declarations.enabled": True}, "throw up"),
        ({"deal.miss": True}, "spare hand"),
        ({"challenges.enabled": True}, "challenges may end it"),
        ({"players.dealer_sits_out_above": 5}, "sit out"),
        ({"deal.sizes.vary": "fixed", "deal.hand_size": 13, "players.max": 4}, "pack"),
    ],
)
def test_combinations_that_cannot_be_played_are_refused(
    overrides: dict[str, object], words: str
) -> None:
    assert words in _refusal(overrides)


def test_a_refusal_is_located_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bids.yaml"
    path.write_text(
        "name: bids\nkind: game\nextends: oh-hell\ndeclarations:\n  enabled: true\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesError) as info:
        cardrules.load_variant(str(path))
    problem = info.value.problems[0]
    assert problem.file.endswith("bids.yaml") and problem.line == 5
    assert "bidding.enabled" in problem.message or "throw up" in problem.message


def test_bids_are_public_and_in_the_compact_space() -> None:
    # Seven tricks: bids of 0 to 7 after the 52 cards (OpenSpiel: NC + k + 1 actions).
    s = cardrules.new_session("oh-hell", ["oh-hell-seven-tricks"], players=4, seed=11, dealer=3)
    space = action_space(s.rules, 4)
    assert space.size == 52 + 8 and space.names()[-1] == "bid 7"
    rng = random.Random(2)
    while s.deal.phase_name == "bid":
        legal = s.legal_actions()
        assert [from_compact(s, i) for i in legal_indices(s)] == legal
        assert all(to_compact(s, a) == 52 + a - BID for a in legal)
        offer = s.deal.offer()
        assert all(a in offer for a in legal)
        assert BID + 8 not in offer and offer.kind == BID
        s.apply(rng.choice(legal))
    obs = s.observation(1)
    bids = obs["bids"]
    assert all(0 <= b <= 7 for b in bids)
    assert [f"{seat}: bid {bids[seat]}" for seat in (0, 1, 2, 3)] == obs["history"]
    assert obs["phase"] == "play" and s.to_move == 0  # the first bidder leads


def test_a_bid_out_of_turn_or_out_of_phase_is_refused_with_the_reason() -> None:
    s = cardrules.new_session("oh-hell", ["oh-hell-seven-tricks"], players=3, seed=1, dealer=2)
    with pytest.raises(cardrules.IllegalActionError, match="bid a number of tricks"):
        s.apply("play " + card_text(s.hand(0)[0]))
    with pytest.raises(cardrules.IllegalActionError, match="0 to 7"):
        s.apply("bid 8")
    for _ in range(3):
        s.apply("bid 0")
    with pytest.raises(cardrules.IllegalActionError, match="no bid is made in the play phase"):
        s.apply("bid 1")


def test_a_loo_game_has_no_bids() -> None:
    s = cardrules.new_session("three-card-loo", players=3, seed=1)
    assert "bids" not in s.observation(0)
    with pytest.raises(cardrules.IllegalActionError, match="bid"):
        s.apply("bid 1")
