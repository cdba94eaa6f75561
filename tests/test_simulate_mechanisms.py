"""Statistics a rule mechanism switches on (cardrules.tools.simulate.mechanisms): with bids,
how often a bid is made, overall and seat by seat; with a side's contracts, how often a
side makes its contract, its overtricks and the nil bids made; streamed into each
session's tally.
"""

from __future__ import annotations

from pathlib import Path

import cardrules
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.session import Session
from cardrules.rules.yamlsafe import load_yaml
from cardrules.tools.simulate import make_plan, session_of, simulate
from cardrules.tools.simulate.mechanisms import BIDS, CONTRACTS, statistics_for
from cardrules.tools.simulate.tally import Layout


def test_one_deal_is_tallied_bid_by_bid() -> None:
    # COUSINS O-6: bids 2, 1, 2; tricks won by P2, P1, P2, P0: P0 took 1 of 2 (short),
    # P1 1 of 1 and P2 2 of 2 (made); five tricks bid.
    rules = cardrules.load_variant("oh-hell")  # k = 4 drawn
    hands = ["AS 2S KH 3C", "QS AH 2H 4C", "TS KD QD AC"]
    s = Session(rules, 3, dealer=2, deal=FixedDeal(hands, turn_up="7S"))
    bids = ["bid 2", "bid 1", "bid 2"]
    plays = ["KH", "AH", "TS", "KD", "2S", "QS", "4C", "AC", "3C", "QD", "AS", "2H"]
    for step in bids + [f"play {c}" for c in plays]:
        s.apply(step)
    res = s.results[0]
    assert res.tricks == (2, 1, 2, 0)
    lay = Layout(3, 4, statistics=("bids",))
    at = lay.stats["bids"]
    v = [0] * len(lay)
    BIDS.tally(res, s.histories[0], v, at)
    got = {name: v[i] for name, i in at.items()}
    assert got == {
        "bids": 3,
        "bids made": 2,
        "bids over": 0,
        "bids under": 1,
        "tricks bid": 5,
        "bids 0": 1,
        "bids made 0": 0,
        "bids 1": 1,
        "bids made 1": 1,
        "bids 2": 1,
        "bids made 2": 1,
    }


def test_bids_made_in_a_run_are_the_deals_that_scored_the_bonus() -> None:
    # Seven tricks and a bonus of ten: a seat scores ten or more exactly when it made its
    # bid, so the sessions played again count the bids made without the statistic.
    rules = cardrules.load_variant("oh-hell", ["oh-hell-seven-tricks"])
    summary = simulate(rules, players=4, deals=120, seed=6)
    plan = make_plan(rules, 4, 120, 6, "random", False)
    made, seat0 = 0, 0
    for i in range(summary.sessions):
        for res in session_of(plan, i).results:
            made += sum(p >= 10 for p in res.points)
            seat0 += res.points[0] >= 10
    stats = summary.to_json()["statistics"]
    assert stats["bids_made"]["count"] == made and stats["bids_made"]["of"] == 4 * 120
    assert stats["bids_made 0"]["count"] == seat0 and stats["bids_made 0"]["of"] == 120
    over, under = stats["bids_over"]["count"], stats["bids_under"]["count"]
    assert made + over + under == 4 * 120
    assert "bids made (of bids)" in summary.text()


def test_games_without_the_mechanism_report_nothing_of_it() -> None:
    assert statistics_for(cardrules.load_variant("five-card-loo")) == ()
    summary = simulate(cardrules.load_variant("put"), deals=40, seed=1)
    assert "statistics" not in summary.to_json() and summary.mechanism_ratios() == []


def test_the_heuristic_bids_what_its_hand_may_take_and_makes_more_bids() -> None:
    # Random bids of 0 to 7 are made about one time in eight (a random bid hits the tricks
    # taken with a chance near 1/8); bidding the expected tricks of the hand's cards must
    # do clearly better, the two 95% intervals apart.
    rules = cardrules.load_variant("oh-hell", ["oh-hell-seven-tricks"])
    rand = simulate(rules, players=4, deals=240, seed=2, bots="random").estimate("bids_made")
    heur = simulate(rules, players=4, deals=240, seed=2, bots="heuristic").estimate("bids_made")
    assert rand.mean is not None and rand.ci is not None and heur.ci is not None
    assert rand.ci[1] < heur.ci[0]
    assert 0.05 < rand.mean < 0.25


def test_a_spades_deal_is_tallied_contract_by_contract() -> None:
    # families.md 10 S-1: bids N 5, E 4, S 3, W nil; tricks N 6, E 4, S 3, W 0. North-South
    # bid 8 and take 9 (made, one overtrick); East-West bid 4 and take 4 (made); West's nil
    # is made.
    rules = cardrules.load_variant("spades", ["spades-openspiel"])
    record = Path(__file__).parent / "rulings" / "spades" / "s1-nil-made-one-bag-openspiel.yaml"
    data = load_yaml(record.read_bytes(), record.name).data
    assert isinstance(data, dict)
    s = Session(rules, 4, dealer=3, deal=FixedDeal(data["deal"]["hands"]))
    for step in data["steps"]:
        if isinstance(step, str):
            s.apply(step.partition(": ")[2])
    res = s.results[0]
    assert [sum(1 for w in res.tricks if w == seat) for seat in range(4)] == [6, 4, 3, 0]
    assert statistics_for(rules) == ("contracts",)
    lay = Layout(4, 13, statistics=("contracts",))
    at = lay.stats["contracts"]
    v = [0] * len(lay)
    CONTRACTS.tally(res, s.histories[0], v, at)
    got = {name: v[i] for name, i in at.items()}
    assert got == {
        "contracts": 2,
        "contracts made": 2,
        "overtricks": 1,
        "nils": 1,
        "nils made": 1,
        "contracts made 0": 1,
        "sides 0": 1,
        "contracts made 1": 1,
        "sides 1": 1,
    }
