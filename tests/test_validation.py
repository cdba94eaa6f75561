"""Validation: every broken file in tests/rules/invalid/ is caught at the right place, the
schema errors are complete and readable, any data gives rules or problems, and rules that
validate are played. The checks a schema cannot express are in test_semantics.py.

Each file in tests/rules/invalid/ has one mistake and says on its first line where the
first error must be: ``# expect: [FILE:]LINE:COL KIND`` (FILE when the error is in
another file of its chain).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulefiles import write

from cardrules.errors import ERROR, WARNING, RulesError
from cardrules.rules import loader, semantics, validation
from cardrules.rules.model import (
    RETIRED,
    Flush,
    FlushDestination,
    FlushNextDeal,
    Rules,
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


#: Rules the engine always plays one way: once options of a single value, now no key of
#: the format and nothing of the model.
ONE_WAY = (
    "declarations.all_pass",
    "declarations.miss_holder_unopposed",
    "tricks.tied_trick_leader",
    "challenges.three_ties",
    "wagers.unlimited_basis",
)


@pytest.mark.parametrize("key", ONE_WAY)
def test_a_rule_played_one_way_is_no_option_but_a_retired_key(key: str) -> None:
    *path, name = key.split(".")
    section: Any = Rules()
    for part in path:
        section = getattr(section, part)
    assert name not in attrs.fields_dict(type(section)), key
    assert key in RETIRED and key not in model_paths()


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
