"""The semantic checks: what a schema cannot express (a deal that needs more cards than the
pack holds, a setting that has no effect, a house rule that breaks a game it applies to),
each reported with its severity, at the value that was set.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rulefiles import kinds, write

from cardrules.errors import ERROR, WARNING, Problem
from cardrules.rules import loader, semantics

# --------------------------------------------------------------------------- semantic checks

# (what a file sets, the problems expected: severity and kind). Every expectation follows
# from the rules: a deal takes players x hand + the miss + the turn-up (RULES 1.1.1), the
# 32-card pack has A K Q J T 9 8 7 (1.1.2), Put's ranking needs the full pack (D60),
# partners are two sides of two (1.6.1), a trick wins an equal share of the pool (1.1.14).
PIQUET = {"cards": "piquet32", "ranks": ["A", "K", "Q", "J", "T", "9", "8", "7"]}
#: A points race between two with challenges, and no miss and no declaring (1.5).
PUT_LIKE: dict[str, Any] = {
    "players": {"min": 2, "max": 2, "default": 2},
    "deal": {"miss": False},
    "declarations": {"enabled": False},
    "challenges": {"enabled": True},
    "wagers": {"scoring": "points"},
    "session": {"finish": "target_points"},
}
#: Two sides of two in a pool game (1.6).
PARTNERS: dict[str, Any] = {
    "players": {"min": 4, "max": 4, "default": 4},
    "deal": {"miss": False},
    "partnerships": {"enabled": True},
}
SEMANTIC_CASES = [
    ("defaults", {}, []),
    ("16 fit a full pack", {"players": {"max": 16}}, []),
    ("17 do not", {"players": {"max": 17}}, [(ERROR, "capacity")]),
    ("9 fit a piquet pack", {"pack": PIQUET, "players": {"max": 9}}, []),
    ("10 do not", {"pack": PIQUET, "players": {"max": 10}}, [(ERROR, "capacity")]),
    (
        "the default count counts too",
        {"pack": PIQUET, "deal": {"hand_size": 6}, "wagers": {"stake_deal": 6}},
        [(ERROR, "capacity")],
    ),
    (
        "no miss, no turn-up: 17 fit",
        {"players": {"max": 17}, "deal": {"miss": False}, "trumps": {"turn_up": False}},
        [],
    ),
    ("JC in piquet", {"pack": PIQUET, "promoted": {"card": "JC"}}, []),
    ("6C not in piquet", {"pack": PIQUET, "promoted": {"card": "6C"}}, [(ERROR, "promoted-card")]),
    (
        "10 is T",
        {"pack": {"ranks": ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]}},
        [],
    ),
    ("piquet with full ranks", {"pack": {"cards": "piquet32"}}, [(ERROR, "ranks")]),
    (
        "T and 10 twice",
        {"pack": {**PIQUET, "ranks": ["A", "K", "Q", "J", "T", "10", "9", "8", "7"]}},
        [(ERROR, "ranks")],
    ),
    (
        "Put ranking on full pack",
        {"tricks": {"winner": "rank_only"}, "trumps": {"turn_up": False}},
        [],
    ),
    (
        "rank-only on piquet",
        {"pack": PIQUET, "tricks": {"winner": "rank_only"}, "trumps": {"turn_up": False}},
        [(ERROR, "rank-only-pack")],
    ),
    ("min above default", {"players": {"min": 6}}, [(ERROR, "players")]),
    ("default above max", {"players": {"max": 4}}, [(ERROR, "players")]),
    (
        "partners of four",
        {
            "players": {"min": 4, "max": 4, "default": 4},
            "deal": {"miss": False},
            "partnerships": {"enabled": True},
        },
        [],
    ),
    (
        "partners, any number",
        {"deal": {"miss": False}, "partnerships": {"enabled": True}},
        [(ERROR, "partnerships")],
    ),
    (
        "3 then 2 for five",
        {"deal": {"hand_size": 5, "packets": [3, 2]}, "wagers": {"stake_deal": 5}},
        [],
    ),
    ("2 a round for three", {"deal": {"packets": [2]}}, [(ERROR, "packets")]),
    ("stake 4 in thirds", {"wagers": {"stake_deal": 4}}, [(WARNING, "stake-division")]),
    (
        "points need no division",
        {**PUT_LIKE, "wagers": {"scoring": "points", "stake_deal": 4}},
        [(WARNING, "no-effect")],
    ),
    # Challenges are between two sides, and only they score points (1.5.5-1.5.7, 1.6).
    ("a points race of two", PUT_LIKE, []),
    (
        "challenges with a pool",
        {**PUT_LIKE, "wagers": {"scoring": "pool"}, "session": {"finish": "fixed_deals"}},
        [(ERROR, "contradiction")],
    ),
    (
        "points without challenges",
        {"wagers": {"scoring": "points"}, "session": {"finish": "fixed_deals"}},
        [(ERROR, "contradiction")],
    ),
    (
        "points until a single",
        {**PUT_LIKE, "session": {"finish": "until_single"}},
        [(ERROR, "contradiction")],
    ),
    (
        "points for a fixed number of deals",
        {**PUT_LIKE, "session": {"finish": "fixed_deals"}},
        [],
    ),
    (
        "flushes in a points race",
        {**PUT_LIKE, "special_hands": {"flush": {"enabled": True}}},
        [(ERROR, "contradiction")],
    ),
    (
        "an exposed single in a points race",
        {**PUT_LIKE, "session": {"finish": "target_points", "first_deal": "peel_exposed_single"}},
        [(ERROR, "contradiction")],
    ),
    (
        "challenges while declaring",
        {**PUT_LIKE, "declarations": {"enabled": True}},
        [(ERROR, "two-sides")],
    ),
    ("challenges with a miss", {**PUT_LIKE, "deal": {"miss": True}}, [(ERROR, "two-sides")]),
    (
        "challenges among three",
        {**PUT_LIKE, "players": {"min": 2, "max": 3, "default": 2}},
        [(ERROR, "two-sides")],
    ),
    (
        "challenges among as many as the pack holds",
        {**PUT_LIKE, "players": {"min": 2, "max": None, "default": 2}},
        [(ERROR, "two-sides")],
    ),
    (
        "challenges among three, the dealer sitting out",
        {**PUT_LIKE, "players": {"min": 3, "max": 3, "default": 3, "dealer_sits_out_above": 2}},
        [],
    ),
    (
        "challenges among four, the dealer sitting out",
        {**PUT_LIKE, "players": {"min": 4, "max": 4, "default": 4, "dealer_sits_out_above": 3}},
        [(ERROR, "two-sides")],
    ),
    (
        "challenges between partners",
        {**PUT_LIKE, "players": PARTNERS["players"], "partnerships": {"enabled": True}},
        [],
    ),
    (
        "partners with the dealer sitting out",
        {**PARTNERS, "players": {**PARTNERS["players"], "dealer_sits_out_above": 3}},
        [(ERROR, "contradiction")],
    ),
    (
        "target points with a pool",
        {"session": {"finish": "target_points"}},
        [(ERROR, "contradiction")],
    ),
    (
        "miss holder leads, no miss",
        {"deal": {"miss": False}, "leads": {"first_leader": "miss_holder"}},
        [(ERROR, "contradiction")],
    ),
    (
        "first deal with a miss, no miss",
        {"deal": {"miss": False}, "session": {"first_deal": "all_ante_with_miss"}},
        [(ERROR, "contradiction")],
    ),
    ("rank-only with trumps", {"tricks": {"winner": "rank_only"}}, [(ERROR, "contradiction")]),
    (
        "flush by rank",
        {
            "tricks": {"winner": "rank_only"},
            "trumps": {"turn_up": False},
            "special_hands": {"flush": {"enabled": True}},
        },
        [(ERROR, "contradiction")],
    ),
    (
        "exchange without declaring",
        {"declarations": {"enabled": False}, "exchange": {"mode": "once_any_number"}},
        [(ERROR, "contradiction")],
    ),
    (
        "flush options while off",
        {"special_hands": {"flush": {"payers": "standers_only"}}},
        [(WARNING, "no-effect")],
    ),
    (
        "flush options while on",
        {"special_hands": {"flush": {"enabled": True, "payers": "standers_only"}}},
        [],
    ),
    ("a cap without a mixed loo", {"wagers": {"mixed_cap": 20}}, [(WARNING, "no-effect")]),
    ("a cap with a mixed loo", {"wagers": {"mixed_cap": 20, "loo": "mixed"}}, []),
    ("civility without Pam", {"following": {"be_civil": "strict"}}, [(WARNING, "no-effect")]),
    (
        "the call with civility off",
        {"promoted": {"card": "JC"}, "following": {"be_civil": "off", "civil_call": "not_needed"}},
        [(WARNING, "no-effect")],
    ),
    (
        "the call with civility on",
        {"promoted": {"card": "JC"}, "following": {"civil_call": "not_needed"}},
        [],
    ),
    (
        "trump rules without trumps",
        {"trumps": {"turn_up": False}, "following": {"trump_when_void": "never"}},
        [(WARNING, "no-effect")],
    ),
    (
        "a miss position without a miss",
        {"deal": {"miss": False, "miss_position": "block_at_end"}},
        [(WARNING, "no-effect")],
    ),
    (
        "dealer out above the most",
        {"players": {"max": 6, "dealer_sits_out_above": 6}},
        [(WARNING, "no-effect")],
    ),
    ("dealer out above five", {"players": {"dealer_sits_out_above": 5}}, []),
    # Whist deals the whole pack, the dealer's last card turned for trumps (families.md 5.1).
    (
        "13 each at four, the dealer's card turned",
        {
            "players": {"min": 4, "max": 4, "default": 4},
            "deal": {"hand_size": 13, "miss": False},
            "trumps": {"turn_up_to": "dealer"},
            "wagers": {"stake_deal": 13},
        },
        [],
    ),
    (
        "13 each at four, the next card turned",
        {
            "players": {"min": 4, "max": 4, "default": 4},
            "deal": {"hand_size": 13, "miss": False},
            "wagers": {"stake_deal": 13},
        },
        [(ERROR, "capacity")],
    ),
    # Passing (families.md 1.2.3): each passes cards of his hand, across needs a seat across.
    ("three of three cards passed", {"passing": {"cards": 3, "directions": ["left"]}}, []),
    (
        "four of three cards passed",
        {"passing": {"cards": 4, "directions": ["left"]}},
        [(ERROR, "passing")],
    ),
    (
        "four cards of hands as small as three",
        {
            "deal": {"hand_size": 5, "sizes": {"vary": "random", "low": 3}},
            "passing": {"cards": 4, "directions": ["left"]},
            "wagers": {"stake_deal": 5},
        },
        [(ERROR, "passing")],
    ),
    ("across at a table of three", {"passing": {"cards": 1}}, [(ERROR, "passing")]),
    (
        "across at four only",
        {"players": {"min": 4, "max": 4, "default": 4}, "passing": {"cards": 1}},
        [],
    ),
    ("directions without passing", {"passing": {"directions": ["left"]}}, [(WARNING, "no-effect")]),
    (
        "a choice of hold alone",
        {"passing": {"cards": 1, "directions": ["hold"], "choice": "chance"}},
        [(WARNING, "no-effect")],
    ),
    (
        "a suit led of the first card, none named",
        {"leads": {"first_card_suit": True}},
        [(WARNING, "no-effect")],
    ),
    ("breakers of no barred suit", {"leads": {"breakers": ["QS"]}}, [(WARNING, "no-effect")]),
    ("breakers of hearts", {"leads": {"unbroken": "H", "breakers": ["QS"]}}, []),
    (
        "a moon without card points",
        {"card_points": {"moon": "others_take"}},
        [(WARNING, "no-effect")],
    ),
]


@pytest.mark.parametrize(
    ("data", "expected"), [c[1:] for c in SEMANTIC_CASES], ids=[c[0] for c in SEMANTIC_CASES]
)
def test_semantic_checks(
    tmp_path: Path, data: dict[str, object], expected: list[tuple[str, str]]
) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(json.dumps({"name": "game", **data}), "utf-8")  # JSON is YAML
    assert kinds(path) == expected


def test_every_check_is_exercised_by_a_case() -> None:
    names = {check.__name__ for check in semantics.CHECKS}
    assert len(names) == len(semantics.CHECKS) >= 10


def test_warnings_fail_only_when_strict(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("name: game\nwagers:\n  mixed_cap: 20\n", "utf-8")
    (problem,) = loader.validate(path)
    assert (problem.severity, problem.kind, problem.line, problem.column) == (
        WARNING,
        "no-effect",
        3,
        14,
    )
    assert problem.message == "wagers.mixed_cap has no effect: wagers.loo is not mixed"
    (strict,) = loader.validate(path, strict=True)
    assert strict.severity == ERROR
    assert loader.load_variant(path).wagers.mixed_cap == 20  # a warning does not stop loading


def test_a_problem_of_several_values_is_named_where_the_last_was_set(tmp_path: Path) -> None:
    write(
        tmp_path,
        "put-like.yaml",
        """
        name: put-like
        tricks: {winner: rank_only}
        trumps: {turn_up: false}
        """,
    )
    write(
        tmp_path,
        "piquet.yaml",
        """
        name: piquet
        kind: house_rule
        pack:
          cards: piquet32
          ranks: [A, K, Q, J, T, "9", "8", "7"]
        """,
    )
    game = write(
        tmp_path, "game.yaml", "name: game\nextends: put-like.yaml\nhouse_rules: [piquet.yaml]\n"
    )
    (problem,) = [p for p in loader.validate(game) if p.severity == ERROR]
    assert (Path(problem.file).name, problem.line, problem.column, problem.kind) == (
        "piquet.yaml",
        4,
        10,
        "rank-only-pack",
    )


def test_a_house_rule_is_checked_on_every_game_it_applies_to(tmp_path: Path) -> None:
    write(tmp_path, "plain.yaml", "name: plain\n")
    write(tmp_path, "flushes.yaml", "name: flushes\nspecial_hands: {flush: {enabled: true}}\n")
    both = write(
        tmp_path,
        "both.yaml",
        """
        name: both
        kind: house_rule
        applies_to: [plain.yaml, flushes.yaml]
        special_hands:
          flush:
            payers: standers_only
        """,
    )
    # The flush rule matters in one of its games: no warning.
    assert loader.validate(both) == []
    plain_only = write(
        tmp_path,
        "plain-only.yaml",
        """
        name: plain-only
        kind: house_rule
        applies_to: [plain.yaml]
        special_hands:
          flush:
            payers: standers_only
        """,
    )
    (problem,) = loader.validate(plain_only)
    assert (problem.severity, problem.kind, problem.line) == (WARNING, "no-effect", 6)


def test_a_house_rule_without_applies_to_is_checked_on_the_defaults(tmp_path: Path) -> None:
    rule = write(tmp_path, "rule.yaml", "name: rule\nkind: house_rule\nplayers: {max: 30}\n")
    (problem,) = loader.validate(rule)
    assert (problem.kind, problem.line, problem.column) == ("capacity", 3, 16)


def test_a_problem_is_named_at_the_value_set(tmp_path: Path) -> None:
    # players.default (5) is the format's default; players.max is what the file set.
    path = write(tmp_path, "game.yaml", "name: game\nplayers:\n  max: 4\n")
    (problem,) = loader.validate(path)
    assert (problem.kind, problem.line, problem.column) == ("players", 3, 8)


def test_a_default_is_located_at_the_nearest_value_a_file_set(tmp_path: Path) -> None:
    path = write(tmp_path, "game.yaml", "name: game\nplayers:\n  max: 4\n  min: 3\n")
    merged = loader.resolve(path, overrides={"players.max": 6}).merged
    assert merged.locate(("players", "default")) == (str(path), 3, 3)  # the players section
    assert merged.locate(("players", "min")) == (str(path), 4, 8)
    assert merged.locate(("players", "max")) == ("<overrides>", 0, 0)
    assert merged.locate(("deal", "miss")) == (str(path), 1, 1)  # the file itself


def test_problem_keys_name_the_offending_option(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "game.yaml",
        "name: game\npromoted: {card: 2C}\n"
        "pack: {cards: piquet32, ranks: [A, K, Q, J, T, '9', '8', '7']}\n",
    )
    (problem,) = loader.validate(path)
    assert (problem.kind, problem.key) == ("promoted-card", "promoted.card")
    assert isinstance(problem, Problem)
