"""Simulation and comparison: statistics against exact counts and the rule texts, the
conservation of counters, workers, common random numbers, and the command line."""

from __future__ import annotations

import io
import json
import math
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules.cli import app as cli
from cardrules.tools.simulate import compare, session_seed, simulate

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str, err: io.StringIO | None = None) -> tuple[int, str, str]:
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    code = cli.run(list(argv), out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


# --------------------------------------------------------------------------- flushes


def exact_flush_probability() -> float:
    """The chance that five cards dealt from 52 make a flush at Five-Card Loo.

    A flush is five cards of one suit, or four of one suit and Pam (the knave of
    clubs), Pam counting as a card of any suit (RULES 1.2.9). Count the hands:

    - without Pam, all five cards from one suit among the 51 other cards: spades,
      hearts and diamonds have 13 cards each, clubs 12 (its knave is Pam):
      3 * C(13, 5) + C(12, 5) = 3 * 1287 + 792 = 4653 hands;
    - with Pam, the other four from one suit: 3 * C(13, 4) + C(12, 4)
      = 3 * 715 + 495 = 2640 hands (four clubs and Pam is also five clubs: counted once).

    7293 flush hands of C(52, 5) = 2,598,960: p = 0.0028061...
    """
    without_pam = 3 * math.comb(13, 5) + math.comb(12, 5)
    with_pam = 3 * math.comb(13, 4) + math.comb(12, 4)
    assert (without_pam, with_pam) == (4653, 2640)
    return (without_pam + with_pam) / math.comb(52, 5)


@pytest.mark.slow  # 25,000 deals, for enough flushes
def test_flush_frequency_of_dealt_hands_is_the_counted_probability() -> None:
    # No exchange and no declaring: every hand is played as dealt, so the flushes the
    # engine settles are the flushes dealt, and every dealt hand is counted.
    rules = cardrules.load_variant(
        "five-card-loo", overrides={"exchange.mode": "none", "declarations.enabled": False}
    )
    assert rules.promoted.card == "JC"
    s = simulate(rules, players=5, deals=25_000, seed=2024)
    p = exact_flush_probability()
    assert s.hands_dealt == 5 * s.deals
    measured = s.flush_hands / s.hands_dealt
    se = math.sqrt(p * (1 - p) / s.hands_dealt)
    assert abs(measured - p) < 4 * se, (measured, p, se)
    assert s.flush_hands > 300  # enough deals for the normal approximation
    # A deal ends by a flush exactly when one was dealt, everyone standing.
    with_flush = s.total("deals_flush_dealt")
    assert s.flushes == s.ended_by["flush"] == with_flush


# --------------------------------------------------------------------------- conservation


@pytest.mark.parametrize(
    ("variant", "house", "players"),
    [
        ("three-card-loo", [], 5),
        ("three-card-loo", ["club-law"], 6),
        ("three-card-loo", ["unlimited-loo"], 4),
        ("three-card-loo", ["mixed-loo"], 5),
        ("five-card-loo", [], 5),
        ("irish-loo", [], 3),
        ("three-card-loo", ["peel-1891"], 5),
        ("five-card-loo", ["hoffmann-1909"], 4),
        ("five-card-loo", ["enquire-within"], 5),
        ("three-card-loo", ["piquet-pack"], 6),
    ],
)
def test_counters_are_conserved(variant: str, house: list[str], players: int) -> None:
    s = simulate(cardrules.load_variant(variant, house), players, 700, seed=9)
    assert s.deals == 700
    assert sum(s.net) + s.pool_left == 0
    assert s.pool_left >= 0
    assert s.looed <= s.stood


def test_conservation_holds_in_the_json_of_the_command() -> None:
    code, out, _ = run(
        "simulate", "five-card-loo", "-H", "mixed-loo", "--deals", "500", "--seed", "4", "--json"
    )
    data = json.loads(out)
    assert code == 0
    assert sum(seat["net"] for seat in data["seats"]) + data["pool_left"] == 0


# --------------------------------------------------------------------------- workers


def test_two_workers_give_the_same_json_as_one() -> None:
    base = [
        "simulate",
        "three-card-loo",
        "--deals",
        "3000",
        "--seed",
        "17",
        "--json",
        "--compare",
        "three-card-loo",
        "-H2",
        "club-law",
    ]
    code1, one, _ = run(*base, "--workers", "1")
    code2, two, _ = run(*base, "--workers", "2")
    assert code1 == code2 == 0
    assert one == two


def test_two_workers_give_the_same_put_games() -> None:
    rules = cardrules.load_variant("put")
    one = simulate(rules, deals=1500, seed=5)
    two = simulate(rules, deals=1500, seed=5, workers=2)
    assert one.to_json() == two.to_json()
    assert one.games and sum(one.games_won) >= one.games


# --------------------------------------------------------------------------- comparison


def test_the_same_seed_deals_the_same_cards_under_both_rule_sets() -> None:
    # Common random numbers: a house rule that changes only the declaring leaves the cards
    # of every deal of session i alone, however differently the deals before were played.
    plain = cardrules.load_variant("three-card-loo")
    club = cardrules.load_variant("three-card-loo", ["club-law"])
    seed = session_seed(3, 0)
    a, b = cardrules.Session(plain, 5, seed=seed), cardrules.Session(club, 5, seed=seed)
    for _ in range(4):
        assert a.dealer == b.dealer
        assert [a.hand(s) for s in range(5)] == [b.hand(s) for s in range(5)]
        assert a.deal.view.turnup == b.deal.view.turnup
        played = len(a.results)
        while len(a.results) == played:
            a.apply(a.legal_actions()[0])  # A stands or plays its lowest card
        while len(b.results) == played:
            b.apply(b.legal_actions()[-1])  # B throws up or plays its highest
        if a.is_over or b.is_over:
            break


def test_comparison_shows_what_club_law_does_with_intervals() -> None:
    code, out, _ = run(
        "simulate",
        "three-card-loo",
        "--deals",
        "4000",
        "--seed",
        "1",
        "--json",
        "--compare",
        "three-card-loo",
        "-H2",
        "club-law",
    )
    assert code == 0
    data = json.loads(out)
    assert data["a"]["house_rules"] == [] and data["b"]["house_rules"] == ["club-law"]
    diffs = data["differences"]
    for key in ("net 0", "net 4", "loo_rate", "pool", "singles", "deal_length", "forced"):
        d = diffs[key]
        low, high = d["ci95"]
        assert low <= d["difference"] <= high, key
        assert d["difference"] == pytest.approx(d["b"] - d["a"])
    # Club Law: everyone stands when a club is turned up (RULES 1.4.1): a quarter of deals.
    forced = diffs["forced"]
    assert forced["a"] == 0
    se = math.sqrt(0.25 * 0.75 / data["b"]["deals"])
    assert abs(forced["b"] - 0.25) < 4 * se
    # More players stand, so more are looed and the pool carried grows.
    assert diffs["stood"]["ci95"][0] > 0
    assert diffs["pool"]["ci95"][0] > 0


def test_comparison_text_has_both_sides_and_the_differences() -> None:
    code, out, _ = run(
        "simulate",
        "three-card-loo",
        "-H",
        "unlimited-loo",
        "--deals",
        "1500",
        "--seed",
        "2",
        "--compare",
        "three-card-loo",
        "-H2",
        "mixed-loo",
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "A: three-card-loo + unlimited-loo"
    assert lines[1] == "B: three-card-loo + mixed-loo"
    assert "B - A [95% CI]" in out
    row = next(line for line in lines if line.strip().startswith("pool played for"))
    assert row.count("[") == 1 and row.rstrip().endswith("]")
    # Random bots do not look at the pool: the play, and so the loo rate, is the same.
    row = next(line for line in lines if line.strip().startswith("loo rate"))
    assert row.endswith("0 (the same in every session)")


def test_a_rule_set_compared_with_itself_differs_in_nothing() -> None:
    rules = cardrules.load_variant("five-card-loo")
    c = compare(rules, rules, 4, 800, seed=8)
    assert c.a.to_json() == c.b.to_json()
    for _, _, _, d in c.differences():
        assert d.mean == 0 and d.ci == (0.0, 0.0)


def test_each_side_of_a_comparison_is_its_own_simulation() -> None:
    a = cardrules.load_variant("irish-loo")
    b = cardrules.load_variant("irish-loo", ["club-law"])
    c = compare(a, b, 4, 600, seed=6)
    assert c.a.to_json() == simulate(a, 4, 600, seed=6).to_json()
    assert c.b.to_json() == simulate(b, 4, 600, seed=6).to_json()


# --------------------------------------------------------------------------- output


def _is_estimate(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and set(value) >= {"mean", "ci95"}
        and isinstance(value["mean"], float)
        and len(value["ci95"]) == 2
        and value["ci95"][0] <= value["ci95"][1]
    )


def test_json_has_the_documented_shape() -> None:
    code, out, _ = run(
        "simulate",
        "five-card-loo",
        "--players",
        "4",
        "--deals",
        "800",
        "--seed",
        "3",
        "--json",
        "--bots",
        "random",
    )
    assert code == 0
    data = json.loads(out)
    assert {
        k: type(data[k])
        for k in ("variant", "players", "deals", "sessions", "seed", "scoring", "pool_left")
    } == {
        "variant": str,
        "players": int,
        "deals": int,
        "sessions": int,
        "seed": int,
        "scoring": str,
        "pool_left": int,
    }
    assert data["variant"] == "five-card-loo" and data["scoring"] == "counters"
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]
    for seat in data["seats"]:
        assert isinstance(seat["net"], int) and _is_estimate(seat["per_deal"])
        assert seat["bot"] == "random"
    for key in (
        "loo_rate",
        "deals_with_loo",
        "pool",
        "won",
        "singles",
        "flushes",
        "dealt_flush",
        "deal_length",
        "session_length",
    ):
        assert _is_estimate(data[key]), key
    assert data["pool"]["median"] <= data["pool"]["largest"]
    assert data["loo_rate"]["looed"] <= data["loo_rate"]["stood"]
    decl = data["declarations"]
    assert {"stand", "throw-up"} <= set(decl)
    assert any(k.startswith("exchange ") for k in decl)
    assert sum(d["share"] for d in decl.values()) == pytest.approx(1)
    assert sum(data["ended_by"].values()) == data["deals"]


def test_put_reports_points_game_length_and_games_won() -> None:
    code, out, _ = run("simulate", "put", "--deals", "600", "--seed", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["scoring"] == "points"
    assert _is_estimate(data["points_per_deal"]) and _is_estimate(data["game_length"])
    assert data["game_length"]["mean"] >= 1
    assert all(isinstance(s["games_won"], int) for s in data["seats"])
    code, text, _ = run("simulate", "put", "--deals", "600", "--seed", "2")
    assert "game length (deals per game)" in text and "games won" in text


def test_the_progress_bar_is_not_printed_when_not_a_terminal() -> None:
    code, out, err = run("simulate", "three-card-loo", "--deals", "300", "--json")
    assert code == 0 and err == ""
    json.loads(out)


def test_the_progress_bar_goes_to_a_terminal_and_never_into_the_json() -> None:
    tty = Terminal()
    code, out, err = run("simulate", "three-card-loo", "--deals", "300", "--json", err=tty)
    assert code == 0
    assert "300/300 deals" in err
    json.loads(out)
    code, out, err = run("simulate", "put", "--deals", "200", "--progress")
    assert code == 0 and "deals" in err and "[" not in out.splitlines()[0]


def test_bots_one_name_or_one_per_seat() -> None:
    code, out, _ = run(
        "simulate",
        "irish-loo",
        "--players",
        "3",
        "--deals",
        "100",
        "--bots",
        "random,random,random",
        "--json",
    )
    assert code == 0 and json.loads(out)["bots"] == ["random"] * 3
    code, _, err = run("simulate", "irish-loo", "--players", "3", "--bots", "random,random")
    assert code == 2 and "2 bots for 3 seats" in err
    code, _, err = run("simulate", "irish-loo", "--bots", "clever")
    assert code == 2 and "clever" in err and len(err.splitlines()) == 1


def test_house_rules_for_other_need_compare() -> None:
    code, _, err = run("simulate", "three-card-loo", "-H2", "club-law")
    assert code == 2 and "--compare" in err


def test_plot_without_matplotlib_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    code, out, err = run("simulate", "three-card-loo", "--deals", "50", "--plot", "x.png")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "pip install '.[plot]' from a checkout" in err


def test_plot_series_are_the_deals_in_order() -> None:
    from cardrules.tools.plot import cumulative_nets

    s = simulate(
        cardrules.load_variant("three-card-loo", ["unlimited-loo"]), 4, 400, seed=1, series=True
    )
    assert len(s.pools) == len(s.nets) == 400
    assert max(s.pools) == s.largest_pool
    assert [c[-1] for c in cumulative_nets(s)] == list(s.net)


# --------------------------------------------------------------------------- the guide


NUMBER = re.compile(r"[+-]?\d[\d,]*(?:\.\d+)?")


def _labels(text: str) -> list[str]:
    """Each line's label: its text up to a colon or a gap of two spaces, numbers masked."""
    return [re.split(r"\s{2,}|:", NUMBER.sub("#", line).strip())[0] for line in text.splitlines()]


def test_the_guides_reports_are_what_the_commands_print() -> None:
    # Every report in docs/simulation.md is a real command's output: run each command
    # (on fewer deals) and check that it prints the same rows, in the same shape.
    guide = (ROOT / "docs" / "simulation.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n\$ (cardrules .*?)\n(.*?)```", guide, re.S)
    assert len(blocks) >= 5
    for command, shown in blocks:
        argv = shlex.split(command)[1:]
        argv[argv.index("--deals") + 1] = "600"
        code, out, _ = run(*argv)
        assert code == 0, command
        assert NUMBER.sub("#", out.splitlines()[0]) == NUMBER.sub("#", shown.splitlines()[0])
        for line in shown.splitlines():
            if line.startswith(("A: ", "B: ")):
                assert line in out.splitlines(), (command, line)
        missing = [label for label in _labels(shown) if label not in _labels(out)]
        assert not missing, (command, missing)


def test_counters_and_points_are_not_compared() -> None:
    code, out, err = run(
        "simulate", "five-card-loo", "--players", "4", "--compare", "put-four-handed"
    )
    assert code == 2 and out == "" and "cannot be compared" in err
    with pytest.raises(cardrules.PlayError):
        compare(
            cardrules.load_variant("five-card-loo"),
            cardrules.load_variant("put-four-handed"),
            4,
            10,
        )


def test_the_report_counts_one_session_in_the_singular() -> None:
    # Five deals of Spades are one game still under way: "5 deals in 1 session".
    text = simulate(cardrules.load_variant("spades"), players=4, deals=5, seed=1).text()
    assert text.splitlines()[0].startswith("spades: 5 deals in 1 session, 4 players")
