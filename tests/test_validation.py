"""Validation: every broken file in tests/rules/invalid/ is caught at the right place, the
schema errors are complete and readable, and the checks a schema cannot express hold.

Each file in tests/rules/invalid/ has one mistake and says on its first line where the
first error must be: ``# expect: [FILE:]LINE:COL KIND`` (FILE when the error is in
another file of its chain).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.errors import ERROR, WARNING, Problem, RulesError
from cardrules.rules import loader, semantics, validation
from cardrules.rules.model import (
    RETIRED,
    AllPass,
    Flush,
    FlushDestination,
    FlushNextDeal,
    ThreeTies,
    Tricks,
    UnlimitedBasis,
    settable,
)
from cardrules.rules.overlay import RuleFile, model_paths
from cardrules.rules.yamlsafe import MAX_BYTES

ROOT = Path(__file__).resolve().parent.parent
INVALID = ROOT / "tests" / "rules" / "invalid"
VALID = ROOT / "tests" / "rules" / "valid"
EXPECT = re.compile(
    r"# expect: (?:(?P<file>[\w.-]+\.yaml):)?(?P<line>\d+):(?P<col>\d+) "
    r"(?P<kind>[a-z-]+)"
)


def expectation(path: Path) -> tuple[str, int, int, str]:
    first = path.read_bytes().split(b"\n", 1)[0].decode("ascii")
    match = EXPECT.fullmatch(first)
    assert match, f"{path.name}: the first line must be '# expect: LINE:COL KIND'"
    return (match["file"] or path.name, int(match["line"]), int(match["col"]), match["kind"])


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def kinds(path: Path, *, strict: bool = False) -> list[tuple[str, str]]:
    return [(p.severity, p.kind) for p in loader.validate(path, strict=strict)]


# --------------------------------------------------------------------------- the broken files

BROKEN = sorted(INVALID.glob("*.yaml"))
#: The broken files build on the valid ones beside their folder (``../valid/...``): a
#: reference may leave its file's folder only into a folder of the search path.
SEARCH = [ROOT / "tests" / "rules"]


def test_there_are_enough_broken_files_and_each_states_its_expectation() -> None:
    assert len(BROKEN) >= 45
    kinds_covered = {expectation(p)[3] for p in BROKEN}
    for kind in (
        "type",
        "duplicate-key",
        "anchor",
        "alias",
        "tag",
        "merge-key",
        "too-deep",
        "encoding",
        "multi-document",
        "unknown-key",
        "enum",
        "card",
        "capacity",
        "promoted-card",
        "rank-only-pack",
        "packets",
        "missing-base",
        "cycle",
        "unset",
        "missing-house-rule",
        "contradiction",
        "two-sides",
        "retired-key",
        "not-a-game",
    ):
        assert kind in kinds_covered, f"no broken file shows {kind}"


@pytest.mark.parametrize("path", BROKEN, ids=[p.name for p in BROKEN])
def test_a_broken_file_is_caught_where_its_mistake_is(path: Path) -> None:
    file, line, col, kind = expectation(path)
    problems = loader.validate(path, search_path=SEARCH)
    errors = [p for p in problems if p.severity == ERROR]
    assert errors, f"{path.name} was accepted"
    first = errors[0]
    assert (Path(first.file).name, first.line, first.column, first.kind) == (
        file,
        line,
        col,
        kind,
    ), "\n".join(str(p) for p in problems)
    assert first.message and "Traceback" not in first.message


@pytest.mark.parametrize("path", BROKEN, ids=[p.name for p in BROKEN])
def test_a_broken_file_does_not_load_and_says_why(path: Path) -> None:
    from cardrules.errors import RulesError

    with pytest.raises(RulesError) as info:
        if b"kind: house_rule" in path.read_bytes():  # a house rule is applied to a game
            loader.load_variant(VALID / "base-game.yaml", house_rules=[path], search_path=SEARCH)
        else:
            loader.load_variant(path, search_path=SEARCH)
    assert info.value.errors


def test_a_file_too_large_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("name: big\ndescription: " + "x" * (MAX_BYTES + 10) + "\n", "utf-8")
    (problem,) = loader.validate(big)
    assert (problem.kind, problem.line, problem.column) == ("too-large", 0, 0)
    assert str(big.stat().st_size) in problem.message


def test_many_small_values_are_refused_as_too_many(tmp_path: Path) -> None:
    many = tmp_path / "many.yaml"
    many.write_text("name: many\nsources: [" + ", ".join(["a"] * 30000) + "]\n", "utf-8")
    (problem,) = loader.validate(many)
    assert problem.kind == "too-many-nodes"


def test_junk_and_directories_give_problems_not_exceptions(tmp_path: Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(bytes(range(256)))
    assert loader.validate(junk)[0].kind == "encoding"
    assert loader.validate(tmp_path)[0].kind == "not-regular"
    assert loader.validate(tmp_path / "absent.yaml")[0].kind == "file"


VALID_FILES = sorted(VALID.glob("*.yaml"))


@pytest.mark.parametrize("path", VALID_FILES, ids=[p.name for p in VALID_FILES])
def test_the_valid_examples_have_no_problem_even_when_strict(path: Path) -> None:
    assert loader.validate(path, strict=True) == []


def test_yaml_1_2_words_are_text_where_text_is_wanted() -> None:
    rules = loader.load_variant(VALID / "yaml12-words.yaml")
    assert (rules.title, rules.description) == ("yes", "2026-01-01 at 1:30")
    assert rules.following.be_civil.value == "off"


# --------------------------------------------------------------------------- schema errors


def test_all_schema_errors_are_reported_at_once_in_file_order(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "many.yaml",
        """
        name: many
        wagers:
          stake_loo: lots
        deal:
          miss: sometimes
          hand_size: 0
        following:
          trump_when_void: always
          headtrick: true
        kind: gamee
        """,
    )
    found = [(p.line, p.column, p.kind) for p in loader.validate(path)]
    assert found == [
        (3, 14, "type"),
        (5, 9, "type"),
        (6, 14, "range"),
        (9, 3, "unknown-key"),
        (10, 7, "enum"),
    ]


def test_unknown_keys_suggest_the_key_of_that_section() -> None:
    (problem,) = validation.schema_problems(RuleFile.of({"leads": {"ace_compulsary": True}}, "f"))
    assert problem.message == "unknown key 'ace_compulsary' in leads"
    assert problem.suggestion == "did you mean 'ace_compulsory'?"
    assert problem.key == "leads.ace_compulsary"


def test_unknown_keys_in_the_wrong_section_suggest_the_right_one() -> None:
    (problem,) = validation.schema_problems(RuleFile.of({"leads": {"be_civil": "strict"}}, "f"))
    assert problem.suggestion == "did you mean 'following.be_civil'?"


def _nested(dotted: str, value: object) -> dict[str, object]:
    head, _, rest = dotted.partition(".")
    return {head: _nested(rest, value) if rest else value}


@pytest.mark.parametrize("key", sorted(RETIRED))
def test_a_retired_key_is_refused_where_it_is_set_saying_why(key: str, tmp_path: Path) -> None:
    *sections, leaf = key.split(".")
    node = validation.schema()
    for part in sections:
        node = node["properties"][part]
    assert leaf not in node["properties"]  # nor a key of the schema, nor of unset
    assert key not in model_paths()
    path = tmp_path / "game.yaml"
    path.write_text(json.dumps({"name": "game", **_nested(key, "x")}), "utf-8")
    (problem,) = loader.validate(path)
    reason, fix = RETIRED[key]
    assert (problem.kind, problem.key, problem.line) == ("retired-key", key, 1)
    assert problem.message == f"{key} is no longer a key of the format: {reason}"
    assert problem.suggestion == fix
    with pytest.raises(RulesError):
        loader.load_variant("three-card-loo", overrides={key: "x"})


def test_the_deal_after_a_flush_follows_from_where_the_payments_go() -> None:
    # D36, D37: paid to the holder, the next deal is a single; paid into the pool, it is not.
    assert Flush().next_deal is FlushNextDeal.SINGLE
    into_pool = Flush(destination=FlushDestination.NEXT_POOL)
    assert into_pool.next_deal is FlushNextDeal.NORMAL
    assert attrs.evolve(into_pool, destination=FlushDestination.TO_HOLDER).next_deal is (
        FlushNextDeal.SINGLE
    )
    # derived() returns Any, so mypy's attrs plugin takes next_deal for an argument of
    # Flush; the keyword goes in untyped and the refusal is checked where it happens, at run time.
    setting_next_deal: dict[str, Any] = {"next_deal": FlushNextDeal.NORMAL}
    with pytest.raises(TypeError):
        Flush(**setting_next_deal)
    assert loader.load_variant(
        "five-card-loo", ["hoffmann-1909"]
    ).special_hands.flush.next_deal is (FlushNextDeal.NORMAL)


def test_the_fixed_rules_are_read_on_the_model_but_never_set() -> None:
    r = loader.load_variant("three-card-loo")
    assert r.declarations.all_pass is AllPass.DEALER_TAKES_POOL
    assert r.wagers.unlimited_basis is UnlimitedBasis.POOL_PLAYED_FOR
    assert loader.load_variant("put").challenges.three_ties is ThreeTies.NO_SCORE
    for f in attrs.fields(Tricks):
        assert settable(f) == (f.name != "tied_trick_leader"), f.name


def test_misspelt_values_suggest_the_word() -> None:
    (problem,) = validation.schema_problems(
        RuleFile.of({"special_hands": {"flush": {"payers": "standers-only"}}}, "f")
    )
    assert problem.kind == "enum"
    assert problem.suggestion == "did you mean 'standers_only'?"


def test_a_huge_value_is_never_quoted_whole() -> None:
    huge = "x" * 100_000
    found = validation.schema_problems(
        RuleFile.of(
            {
                "following": {"be_civil": huge},
                "pack": {"ranks": [huge]},
                "deal": {"packets": [[huge] * 1000]},
                huge: 1,
            },
            "f",
        )
    )
    assert len(found) == 4
    assert all(len(str(p)) < 300 for p in found)


def test_integers_are_whole_numbers_only() -> None:
    assert not validation.validator().is_valid({"deal": {"hand_size": 5.0}})
    assert not validation.validator().is_valid({"deal": {"miss": 1}})
    assert validation.validator().is_valid({"deal": {"hand_size": 5}})


def test_the_schema_is_a_valid_2020_12_schema_and_the_validator_is_built_once() -> None:
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(validation.schema())
    assert validation.validator() is validation.validator()


def test_the_schema_is_read_from_the_shipped_data() -> None:
    committed = json.loads((ROOT / "schemas" / "cardrules.schema.json").read_text("utf-8"))
    assert validation.schema() == committed


def test_importing_cardrules_imports_no_jsonschema_and_no_yaml() -> None:
    code = (
        "import sys, cardrules; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('jsonschema', 'referencing', 'yaml')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]"


def test_loading_a_variant_does_not_import_jsonschema_until_it_validates() -> None:
    code = "import sys, cardrules; cardrules.list_variants(); print('jsonschema' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "False"


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


# --------------------------------------------------------------------------- any data at all


def _leaf_values(schema: Mapping[str, Any]) -> st.SearchStrategy[object]:
    """Values for one option: mostly ones the schema allows, sometimes anything."""
    allowed: list[st.SearchStrategy[object]] = []
    if "enum" in schema:
        allowed.append(st.sampled_from(list(schema["enum"])))
    kinds = schema.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else list(kinds)
    if "integer" in kinds:
        allowed.append(st.integers(-2, 60))
    if "boolean" in kinds:
        allowed.append(st.booleans())
    if "null" in kinds:
        allowed.append(st.none())
    if "string" in kinds:
        allowed.append(st.sampled_from(["JC", "jack_of_trumps", "2C", "A", "C", "x", ""]))
    if "array" in kinds:
        allowed.append(st.lists(st.sampled_from(["A", "K", "7", "C", "S", 1, 2, 3]), max_size=14))
    junk = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=2),
    )
    return st.one_of(*allowed, junk) if allowed else junk


def _sections(schema: Mapping[str, Any]) -> st.SearchStrategy[dict[str, object]]:
    props: Mapping[str, Mapping[str, Any]] = schema.get("properties", {})
    fields: dict[str, st.SearchStrategy[object]] = {}
    for name, sub in props.items():
        if name in ("extends", "house_rules", "unset", "applies_to", "$schema"):
            continue
        fields[name] = _sections(sub) if "properties" in sub else _leaf_values(sub)
    return st.fixed_dictionaries({}, optional=fields)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_sections(validation.schema()))
def test_any_data_gives_rules_or_problems_never_an_exception(data: dict[str, object]) -> None:
    from cardrules.rules.model import Rules, from_mapping
    from cardrules.rules.overlay import NO_FINDER, resolve

    source = RuleFile.of(data, "any.yaml")
    problems = validation.schema_problems(source)
    if problems:
        assert all(p.kind and p.message for p in problems)
        return
    merged = resolve(source, NO_FINDER)
    rules = from_mapping(Rules, merged.data)
    found = semantics.semantic_problems(rules, merged)
    assert all(p.severity in (ERROR, WARNING) and p.file == "any.yaml" for p in found)


# --------------------------------------------------------------------- rules that validate play


def _option_leaves(schema: dict[str, Any], prefix: str = "") -> dict[str, dict[str, Any]]:
    """Every option of the schema (dotted key to its schema), sections walked through."""
    out: dict[str, dict[str, Any]] = {}
    for name, sub in schema.get("properties", {}).items():
        if name in ("extends", "house_rules", "unset", "applies_to", "$schema") and not prefix:
            continue
        if "properties" in sub:
            out.update(_option_leaves(sub, f"{prefix}{name}."))
        elif prefix:
            out[f"{prefix}{name}"] = sub
    return out


_OPTIONS = _option_leaves(validation.schema())
_VARIABLE = sorted(k for k, s in _OPTIONS.items() if "enum" in s or s.get("type") == "boolean")
_GAMES = [v.name for v in loader.list_variants() if v.kind.value == "game"]


@st.composite
def _variations(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A bundled game and a few of its options set to other values the schema allows."""
    game = draw(st.sampled_from(_GAMES))
    keys = draw(st.lists(st.sampled_from(_VARIABLE), min_size=1, max_size=4, unique=True))
    changes: dict[str, object] = {}
    for key in keys:
        spec = _OPTIONS[key]
        values = list(spec["enum"]) if "enum" in spec else [True, False]
        changes[key] = draw(st.sampled_from(values))
    return game, changes


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variation=_variations(), seed=st.integers(0, 2**16))
def test_rules_that_validate_are_played_to_the_end_without_an_exception(
    variation: tuple[str, dict[str, object]], seed: int
) -> None:
    import random

    from cardrules.engine.session import Session

    game, changes = variation
    try:
        rules = loader.load_variant(game, overrides=changes)
    except RulesError:
        return  # refused when loaded: what the checks are for
    rng = random.Random(seed)
    players = rng.randint(rules.players.min, min(rules.max_players, rules.players.min + 4))
    session = Session(rules, players, seed=seed)
    for _ in range(3000):
        if session.is_over or session.deals_played >= 4:
            break
        session.apply(rng.choice(session.legal_actions()))
    else:
        pytest.fail(f"{game} {changes}: no deal ended in 3000 actions")


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("knave_of_trumps", "jack_of_trumps"),
        ("Knave of Trumps", "jack_of_trumps"),
        ("knave of clubs", "JC"),
        ("ace of hearts", "AH"),
    ],
)
def test_cards_named_in_the_texts_words_get_a_suggestion(
    tmp_path: Path, written: str, meant: str
) -> None:
    path = tmp_path / "pam.yaml"
    path.write_text(f"name: pam\nextends: five-card-loo\npromoted: {{card: {written}}}\n")
    (problem,) = [p for p in loader.validate(path) if p.severity == ERROR]
    assert (problem.line, problem.column, problem.kind) == (3, 18, "card")
    assert problem.suggestion == f"did you mean {meant!r}?"


def test_every_mistake_of_a_file_is_reported_in_one_run(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text(
        "name: many\n"
        "kind: game\n"
        "extends: five-card-loo\n"
        "players: {max: 20}\n"  # more than the pack holds: a consistency problem
        "following: {trump_when_void: alwys}\n"  # a schema problem
        "wagers: {stake_loo: 4}\n"
        "wagers: {stake_loo: 5}\n",  # a key written twice: a reading problem
        "utf-8",
    )
    found = [(p.line, p.kind) for p in loader.validate(path) if p.severity == ERROR]
    assert found == [(4, "capacity"), (5, "enum"), (7, "duplicate-key")]


def test_a_consistency_check_on_a_wrong_value_is_not_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    # hand_size is wrong (text); the capacity check needs it, so it is not run on a guess.
    path.write_text(
        "name: bad\nextends: five-card-loo\nplayers: {max: 20}\ndeal: {hand_size: five}\n",
        "utf-8",
    )
    kinds = [p.kind for p in loader.validate(path) if p.severity == ERROR]
    assert kinds == ["type"]
