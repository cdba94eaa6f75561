"""The public loading API: load_variant, validate, list_variants, resolve, and where the
bundled data is found."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

import cardrules
from cardrules.errors import ERROR, RulesError, VariantNotFoundError
from cardrules.rules import bundled, loader
from cardrules.rules.model import Kind, Rules

ROOT = Path(__file__).resolve().parent.parent


def test_a_bundled_game_loads_by_name_and_gives_its_rules() -> None:
    rules = cardrules.load_variant("five-card-loo")
    assert isinstance(rules, Rules)
    # Five cards each, no miss, Pam the knave of clubs (RULES 1.2.4, 1.2.5).
    assert (rules.deal.hand_size, rules.deal.miss, rules.promoted.card) == (5, False, "JC")
    assert rules.name == "five-card-loo" and rules.house_rules == ()


@pytest.mark.parametrize(
    "name",
    ["three-card-loo", "Three-Card-Loo", "THREE CARD LOO", "three_card_loo", " three-card-loo "],
)
def test_names_are_found_ignoring_case_and_spelling_of_separators(name: str) -> None:
    assert cardrules.load_variant(name).name == "three-card-loo"


def test_aliases_find_the_same_game() -> None:
    for info in cardrules.list_variants():
        if info.kind != Kind.GAME:
            continue
        for alias in info.aliases:
            assert cardrules.load_variant(alias.upper()).name == info.name


def test_house_rules_apply_by_name_and_alias() -> None:
    (club_law,) = [v for v in cardrules.list_variants() if v.name == "club-law"]
    for ref in ("Club-Law", *(a.upper() for a in club_law.aliases)):
        rules = cardrules.load_variant("three-card-loo", house_rules=[ref])
        # Club Law: all stand when a club is turned up (RULES 1.4.1).
        assert rules.declarations.forced_play.turn_up_suits == ("C",)
        assert rules.house_rules == ("club-law",)


def test_one_house_rule_given_as_a_string_is_one_house_rule() -> None:
    assert cardrules.load_variant("three-card-loo", house_rules="club-law").house_rules == (
        "club-law",
    )


def test_a_file_loads_by_path_as_str_or_pathlike(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text("name: ours\nextends: three-card-loo\nwagers: {stake_loo: 3}\n", "utf-8")
    for ref in (path, str(path)):
        rules = cardrules.load_variant(ref)
        assert (rules.name, rules.wagers.stake_loo, rules.deal.hand_size) == ("ours", 3, 3)


def test_a_relative_path_is_read_from_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "ours.yml").write_text("name: ours\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    assert cardrules.load_variant("ours.yml").name == "ours"


def test_overrides_nested_or_dotted_give_the_same_rules() -> None:
    nested = cardrules.load_variant("three-card-loo", overrides={"wagers": {"loo": "mixed"}})
    dotted = cardrules.load_variant("three-card-loo", overrides={"wagers.loo": "mixed"})
    assert nested == dotted
    assert nested.wagers.loo.value == "mixed"


def test_bad_overrides_are_rules_errors_named_at_the_overrides() -> None:
    with pytest.raises(RulesError) as info:
        cardrules.load_variant(
            "three-card-loo", overrides={"wagers.lo": "mixed", "deal.hand_size": "five"}
        )
    found = {(p.file, p.key, p.kind): p for p in info.value.problems}
    assert set(found) == {
        ("<overrides>", "wagers.lo", "unknown-key"),
        ("<overrides>", "deal.hand_size", "type"),
    }
    assert found["<overrides>", "wagers.lo", "unknown-key"].suggestion == "did you mean 'loo'?"


def test_an_unknown_name_is_a_lookup_error_with_a_suggestion() -> None:
    with pytest.raises(VariantNotFoundError) as info:
        cardrules.load_variant("five-card-lo")
    assert isinstance(info.value, LookupError) and isinstance(info.value, RulesError)
    (problem,) = info.value.problems
    assert problem.suggestion == "did you mean 'five-card-loo'?"


def test_a_missing_file_is_a_lookup_error(tmp_path: Path) -> None:
    with pytest.raises(VariantNotFoundError):
        cardrules.load_variant(tmp_path / "absent.yaml")


def test_a_house_rule_is_not_a_game() -> None:
    with pytest.raises(RulesError) as info:
        cardrules.load_variant("club-law")
    (problem,) = info.value.problems
    assert problem.kind == "not-a-game"
    assert "house_rules=['club-law']" in problem.suggestion


def test_an_unknown_house_rule_names_the_argument() -> None:
    with pytest.raises(RulesError) as info:
        cardrules.load_variant("three-card-loo", house_rules=["club-lw"])
    (problem,) = info.value.errors
    assert (problem.file, problem.kind) == ("<arguments>", "missing-house-rule")
    assert problem.suggestion == "did you mean 'club-law'?"


def test_rules_errors_carry_every_problem_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: Bad\ndeal: {miss: yes}\nkind: gamme\n", "utf-8")
    with pytest.raises(RulesError) as info:
        cardrules.load_variant(path)
    assert [(p.line, p.kind) for p in info.value.problems] == [
        (1, "name"),
        (2, "type"),
        (3, "enum"),
    ]
    assert str(info.value).splitlines()[0].startswith(f"{path}:1:7: error: name: 'Bad'")


def test_validate_returns_problems_and_never_raises_for_a_bad_file(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("name: good\nextends: three-card-loo\n", "utf-8")
    assert cardrules.validate(good) == []
    for content in (b"\x00\xff", b"[", b"- 1\n", b"a: *b\n", b"name: " + b"[" * 100):
        bad = tmp_path / "bad.yaml"
        bad.write_bytes(content)
        problems = cardrules.validate(bad)
        assert problems and all(p.severity == ERROR for p in problems)


def test_resolve_keeps_the_merged_mapping_its_origins_and_the_warnings(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text("name: ours\nextends: three-card-loo\nwagers:\n  mixed_cap: 20\n", "utf-8")
    res = loader.resolve(path, overrides={"deal.packets": [1]})
    assert res.data["wagers"]["mixed_cap"] == 20
    assert res.origin(("wagers", "mixed_cap")) == f"{path}:4"
    assert res.origin(("deal", "packets")) == "<overrides>"
    assert [p.kind for p in res.warnings] == ["no-effect"]  # no mixed loo: the cap is idle
    assert res.rules == cardrules.load_variant(path, overrides={"deal.packets": [1]})


def test_list_variants_gives_games_then_house_rules_with_their_descriptions() -> None:
    variants = cardrules.list_variants()
    kinds = [v.kind for v in variants]
    assert kinds == sorted(kinds, key=lambda k: k != Kind.GAME)
    names = [v.name for v in variants]
    for required in (
        "three-card-loo",
        "five-card-loo",
        "irish-loo",
        "put",
        "put-four-handed",
        "club-law",
        "unlimited-loo",
        "mixed-loo",
        "piquet-pack",
    ):
        assert required in names
    for v in variants:
        assert v.title and v.description and os.path.isfile(v.file)
        if v.kind == Kind.GAME:  # the file given is the one the name loads
            assert cardrules.load_variant(v.file) == cardrules.load_variant(v.name)


def test_bundled_files_are_parsed_once() -> None:
    bundled = loader._bundled()
    first = bundled.find("three-card-loo")
    assert first is not None and bundled.find("LOO") is first


def test_loading_the_same_bundled_game_twice_gives_the_same_rules() -> None:
    assert cardrules.load_variant("put") is cardrules.load_variant("put")


def test_the_data_folders_are_found_in_a_source_checkout() -> None:
    assert Path(str(bundled.data_dir("variants"))) == ROOT / "variants"
    assert (bundled.data_dir("schemas") / "cardrules.schema.json").is_file()


def test_a_packaged_data_folder_is_preferred(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed package's ``_data`` comes before a checkout's folders."""
    packaged = tmp_path / "cardrules" / "_data"
    (packaged / "variants").mkdir(parents=True)
    monkeypatch.setattr(bundled, "_PACKAGED", packaged)
    assert Path(str(bundled.data_dir("variants"))) == packaged / "variants"
    # Its folders only: one it lacks is the checkout's.
    assert Path(str(bundled.data_dir("schemas"))) == ROOT / "schemas"


def test_data_outside_the_file_system_is_read_as_resources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package neither installed as a folder nor in a checkout (imported from a zip,
    say) reads its data through importlib.resources."""
    import importlib.resources

    packaged = tmp_path / "cardrules"
    (packaged / "_data" / "variants").mkdir(parents=True)
    monkeypatch.setattr(bundled, "_PACKAGED", tmp_path / "nowhere")
    monkeypatch.setattr(bundled, "SOURCE_ROOT", tmp_path / "nowhere")
    monkeypatch.setattr(importlib.resources, "files", lambda package: packaged)
    assert Path(str(bundled.data_dir("variants"))) == packaged / "_data" / "variants"


def test_a_file_that_extends_a_game_has_its_own_identity(tmp_path: Path) -> None:
    ours = tmp_path / "our-loo.yaml"
    ours.write_text("kind: game\nextends: five-card-loo\nwagers: {stake_loo: 4}\n", "utf-8")
    rules = loader.load_variant(ours)
    base = loader.load_variant("five-card-loo")
    assert base.aliases and base.title
    # Not the base's name, title or aliases: the file's name, no title, no aliases.
    assert (rules.name, rules.title, rules.aliases) == ("our-loo", "", ())
    named = tmp_path / "named.yaml"
    named.write_text("name: ours\ntitle: Ours\nextends: our-loo.yaml\n", "utf-8")
    rules = loader.load_variant(named)
    assert (rules.name, rules.title, rules.aliases, rules.wagers.stake_loo) == (
        "ours",
        "Ours",
        (),
        4,
    )


def test_validate_takes_a_bundled_name_as_the_command_line_does() -> None:
    from cardrules.cli import app

    out, err = io.StringIO(), io.StringIO()
    assert app.run(["validate", "three-card-loo"], out, err) == 0
    assert cardrules.validate("three-card-loo") == []
    assert cardrules.validate("Three-Card-Loo") == []  # names are read as the CLI reads them
    (problem,) = cardrules.validate("five-card-lu")
    assert "no bundled game or house rule has that name" in problem.message
    assert "did you mean 'five-card-loo'?" in problem.suggestion
