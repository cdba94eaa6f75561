"""Streamed statistics: the running sums give the estimates that the sessions' own counts
give; sessions are played on the fast path exactly as on the checked one; a session is
played again from the run's seed; points games speak of points and sides."""

from __future__ import annotations

import io
import random

import pytest

import cardrules
from cardrules.cli import app as cli
from cardrules.players.base import RandomBot, SeatView
from cardrules.tools.simulate import (
    compare,
    make_plan,
    paired_difference,
    play_session,
    ratio,
    session_of,
    session_seed,
    simulate,
)
from cardrules.tools.simulate.bots import bot_seed
from cardrules.tools.simulate.engine_reads import Dealt, deal_observer
from cardrules.tools.simulate.stream import Running, median_of
from cardrules.tools.simulate.tally import SessionTally, layout_for


def _sessions(
    variant: str, house: list[str], players: int, deals: int, seed: int
) -> list[SessionTally]:
    """The tallies of a run's sessions, one by one, as a single process plays them."""
    plan = make_plan(cardrules.load_variant(variant, house), players, deals, seed, "random", False)
    out: list[SessionTally] = []
    played = 0
    while played < deals:
        t = play_session(plan, len(out), deals - played)
        out.append(t)
        played += t.deals
    return out


def test_running_sums_give_the_estimates_of_the_sessions_counts() -> None:
    # The estimates computed from every session's counts kept in a list (the ratio
    # estimator, written out) and from the running sums alone agree to rounding.
    tallies = _sessions("five-card-loo", [], 4, 1500, 8)
    summary = simulate(cardrules.load_variant("five-card-loo"), 4, 1500, seed=8)
    units = [t.counts for t in tallies]
    assert summary.sessions == len(units)
    for m in summary.metrics():
        listed = ratio(units, m.num, m.den)
        streamed = summary.estimate(m.key)
        if listed.mean is None:
            assert streamed.mean is None, m.key
            continue
        assert streamed.mean == pytest.approx(listed.mean, rel=1e-12), m.key
        assert streamed.se == pytest.approx(listed.se, rel=1e-9, abs=1e-15), m.key
    pools = sorted(p for t in tallies for p in t.pools)
    mid = len(pools) // 2
    median = pools[mid] if len(pools) % 2 else (pools[mid - 1] + pools[mid]) / 2
    assert summary.median_pool == median and summary.largest_pool == pools[-1]


def test_paired_differences_from_running_sums_match_the_paired_sessions() -> None:
    a, b = "three-card-loo", ["club-law"]
    ta = [t.counts for t in _sessions(a, [], 5, 1200, 3)]
    tb = [t.counts for t in _sessions(a, b, 5, 1200, 3)]
    assert len(ta) != len(tb)  # unequal numbers of sessions: the extra pair with nothing
    c = compare(cardrules.load_variant(a), cardrules.load_variant(a, b), 5, 1200, seed=3)
    for m, _, _, d in c.differences():
        listed = paired_difference(ta, tb, m.num, m.den)
        assert d.mean == pytest.approx(listed.mean, rel=1e-12, abs=1e-15), m.key
        assert d.se == pytest.approx(listed.se, rel=1e-9, abs=1e-15), m.key


def test_the_median_of_a_histogram_is_the_median_of_its_values() -> None:
    values = [random.Random(5).randrange(40) for _ in range(999)] + [3]
    histogram: dict[int, int] = {}
    for v in values:
        histogram[v] = histogram.get(v, 0) + 1
    ordered = sorted(values)
    assert median_of(histogram) == (ordered[499] + ordered[500]) / 2
    histogram[ordered[-1]] += 1  # 1001 values: the middle one
    assert median_of(histogram) == sorted([*values, ordered[-1]])[500]


def test_running_sums_hold_no_list_that_grows_with_the_deals() -> None:
    run = Running(layout_for(5, 3), points=False)
    plan = make_plan(cardrules.load_variant("three-card-loo"), 5, 10_000, 2, "random", False)
    for i in range(300):
        run.add(play_session(plan, i, 10_000))
    # Every attribute, read through dir(): a compiled Running has no __dict__ for vars().
    held = {k: getattr(run, k) for k in dir(run) if not k.startswith("__")}
    sizes = {k: len(v) for k, v in held.items() if isinstance(v, (list, dict))}
    assert {"totals", "pools", "_y", "_m"} <= set(sizes)
    # Lists of one entry per count or per statistic, and the pools histogram (one entry
    # per pool size seen: at three-card loo a few dozen), never one per deal or session.
    assert run.sessions == 300 and run.totals[run.layout["deals"]] > 2000
    assert max(sizes.values()) < 100, sizes
    assert run.pool_series == [] and run.net_series == []


def test_the_fast_path_plays_the_sessions_the_checked_path_plays() -> None:
    # Random bots choose from the offer of the fast path; played through the checked
    # legal_actions and SeatView with the same seeds, every session is the same game.
    for variant, players in (("five-card-loo", 5), ("put-four-handed", 4), ("irish-loo", 4)):
        rules = cardrules.load_variant(variant)
        plan = make_plan(rules, players, 10_000, 6, "random", False)
        for i in range(12):
            fast = session_of(plan, i, cap=30)
            checked = cardrules.Session(rules, players, seed=session_seed(6, i))
            bots = [RandomBot(random.Random(bot_seed(6, i, s))) for s in range(players)]
            while not checked.is_over and len(checked.results) < 30:
                seat = checked.to_move
                checked.apply(bots[seat].choose(SeatView(checked, seat)))
            assert checked.results == fast.results, (variant, i)
            assert checked.actions == fast.actions, (variant, i)
            assert cardrules.replay(fast.record()).results == fast.results


def test_a_session_of_a_run_is_played_again_from_the_seed_alone() -> None:
    rules = cardrules.load_variant("three-card-loo")
    plan = make_plan(rules, 5, 3000, 17, "random", False)
    dealt: list[Dealt] = []
    again = session_of(plan, 41, on_deal=deal_observer(rules, 5, dealt))
    tally = play_session(plan, 41, 3000)
    assert again.seed == session_seed(17, 41)
    assert len(again.results) == tally.deals
    assert tuple(r.pool for r in again.results) == tally.pools


def test_the_per_player_loo_rate_is_looed_hands_per_player_and_deal() -> None:
    s = simulate(cardrules.load_variant("three-card-loo"), 5, 2000, seed=4)
    e = s.estimate("looed_per_player")
    assert e.mean == pytest.approx(s.looed / (5 * s.deals))
    # The same ratio as looed hands per deal, a fifth of it, with a fifth of its interval.
    per_deal = s.moments["looed_per_player"]
    assert per_deal.m == 5 * s.deals
    assert e.ci is not None and e.mean is not None
    lo, hi = e.ci
    assert lo < e.mean < hi and hi - lo < 0.02
    assert s.to_json()["looed_per_player"]["player_deals"] == 5 * s.deals


def test_four_handed_put_counts_points_per_side() -> None:
    s = simulate(cardrules.load_variant("put-four-handed"), deals=600, seed=2)
    assert s.sides == ((0, 2), (1, 3))
    # Partners score together: each point of a side is credited to both partners.
    assert s.net[0] == s.net[2] and s.net[1] == s.net[3]
    assert s.games_won[0] == s.games_won[2] and s.games_won[1] == s.games_won[3]
    assert s.games_won[0] + s.games_won[1] == s.games
    # Points scored per deal count each side's points once, not once per partner.
    assert s.estimate("points_per_deal").mean == pytest.approx((s.net[0] + s.net[1]) / s.deals)
    text = s.text()
    assert "side 0 (seats 0, 2) points" in text and "seat 2" not in text
    data = s.to_json()
    assert [side["seats"] for side in data["sides"]] == [[0, 2], [1, 3]]
    assert data["sides"][1]["points"] == s.net[1] and "points" in data["seats"][0]


def test_two_handed_put_reports_points_not_nets() -> None:
    s = simulate(cardrules.load_variant("put"), deals=400, seed=2)
    rows = [line.split() for line in s.text().splitlines() if line.startswith("  seat ")]
    assert [r[:3] for r in rows] == [["seat", "0", "points"], ["seat", "1", "points"]]
    assert all(not r[3].startswith(("+", "-")) and int(r[3]) > 0 for r in rows)
    assert sum(s.net) == s.estimate("points_per_deal").mean * s.deals  # type: ignore[operator]


def test_a_comparison_names_which_side_the_difference_takes_from() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["simulate", "three-card-loo", "-H", "club-law", "--deals", "300"]
    assert cli.run([*argv, "--compare", "three-card-loo"], out, err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "A: three-card-loo + club-law" and lines[1] == "B: three-card-loo"
    assert lines[3] == (
        "B - A: B's figure less A's, the change from playing three-card-loo + club-law "
        "to playing three-card-loo (+: more under B)"
    )
    # Here B drops Club Law: fewer forced stands under B, so the difference is negative.
    forced = next(line for line in lines if line.lstrip().startswith("deals where all"))
    assert forced.split()[-3].startswith("-")
    out = io.StringIO()
    assert cli.run([*argv, "--compare", "three-card-loo", "--json"], out, err) == 0
    assert '"difference_is": "b - a"' in out.getvalue()
