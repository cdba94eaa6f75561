"""Overlays: how files combine (deep merge, lists replace, unset, house rules, overrides),
where each value comes from, and the errors of a broken chain, named at the file and line
that caused them however deep in the chain."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path

import pytest

from cardrules.errors import ERROR, WARNING, Problem, RulesError
from cardrules.rules import loader
from cardrules.rules.overlay import (
    NO_FINDER,
    OVERRIDES,
    RuleFile,
    deep_merge,
    model_paths,
    nest_overrides,
    resolve,
)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems(path: Path) -> list[Problem]:
    return loader.validate(path)


def errors(path: Path) -> list[Problem]:
    return [p for p in loader.validate(path) if p.severity == ERROR]


class Files:
    """A finder over in-memory files, for unit tests of the merge alone."""

    def __init__(self, **files: Mapping[str, object]) -> None:
        self.files = {name: RuleFile.of(data, name) for name, data in files.items()}

    def find(self, ref: str, near: RuleFile | None) -> RuleFile | None:
        return self.files.get(ref)

    def suggest(self, ref: str, near: RuleFile | None) -> str | None:
        return None


# --------------------------------------------------------------------------- merge semantics


def test_mappings_merge_deeply_and_lists_replace() -> None:
    base = {
        "deal": {"hand_size": 5, "packets": [3, 2], "miss": False},
        "declarations": {"forced_play": {"turn_up_suits": ["C", "S"]}},
    }
    over = {"deal": {"packets": [1]}, "declarations": {"forced_play": {"turn_up_suits": ["H"]}}}
    assert deep_merge(base, over) == {
        "deal": {"hand_size": 5, "packets": [1], "miss": False},
        "declarations": {"forced_play": {"turn_up_suits": ["H"]}},
    }


def test_a_value_of_another_shape_replaces_what_was_there() -> None:
    assert deep_merge({"deal": {"hand_size": 3}}, {"deal": 5}) == {"deal": 5}
    assert deep_merge({"promoted": {"card": "JC"}}, {"promoted": {"card": None}}) == {
        "promoted": {"card": None}
    }


def test_merging_never_changes_the_files_merged() -> None:
    base_data = {"name": "base", "deal": {"hand_size": 5, "packets": [3, 2]}}
    files = Files(base=base_data)
    child = RuleFile.of({"extends": "base", "deal": {"packets": [1]}}, "child")
    first = resolve(child, files).data
    first["deal"]["packets"].append(9)
    assert base_data == {"name": "base", "deal": {"hand_size": 5, "packets": [3, 2]}}
    assert resolve(child, files).data["deal"] == {"hand_size": 5, "packets": [1]}


def test_file_keys_are_not_merged_into_the_rules() -> None:
    files = Files(base={"name": "base", "applies_to": ["x"]})
    child = RuleFile.of({"$schema": "s.json", "extends": "base", "unset": []}, "child")
    # A file's identity is its own: without a name of its own it is named by its file.
    assert resolve(child, files).data == {"name": "child"}


def test_overrides_accept_nested_and_dotted_keys_and_python_values() -> None:
    from cardrules.rules.model import LooMode

    assert nest_overrides(
        {"wagers.loo": LooMode.MIXED, "wagers": {"mixed_cap": 20}, "deal.packets": (3, 2)}
    ) == {"wagers": {"loo": "mixed", "mixed_cap": 20}, "deal": {"packets": [3, 2]}}


def test_overrides_apply_last_with_their_own_provenance() -> None:
    game = RuleFile.of({"wagers": {"loo": "limited", "stake_loo": 6}}, "game")
    res = resolve(game, NO_FINDER, overrides={"wagers.loo": "mixed"})
    assert res.data["wagers"] == {"loo": "mixed", "stake_loo": 6}
    assert res.origin_text(("wagers", "loo")) == OVERRIDES
    assert res.origin_text(("wagers", "stake_loo")) == "game"
    assert res.origin_text(("wagers", "mixed_cap")) == "default"


def test_overrides_cannot_change_how_files_combine() -> None:
    res = resolve(RuleFile.of({}, "game"), NO_FINDER, overrides={"extends": "x"})
    assert [p.kind for p in res.problems] == ["override"]


def test_model_paths_know_sections_and_options() -> None:
    paths = model_paths()
    assert paths["special_hands.flush"] is True
    assert paths["special_hands.flush.payers"] is False
    assert "flush" not in paths


# --------------------------------------------------------------------------- files on disk


def test_a_child_states_only_what_differs(tmp_path: Path) -> None:
    write(
        tmp_path,
        "base.yaml",
        """
        name: base
        deal:
          hand_size: 5
          packets: [3, 2]
          miss: false
        wagers:
          stake_deal: 5
          stake_loo: 10
        """,
    )
    child = write(
        tmp_path,
        "child.yaml",
        """
        name: child
        extends: base.yaml
        deal:
          packets: [1]
        """,
    )
    rules = loader.load_variant(child)
    assert rules.name == "child"
    assert (rules.deal.hand_size, rules.deal.packets, rules.deal.miss) == (5, (1,), False)
    assert (rules.wagers.stake_deal, rules.wagers.stake_loo) == (5, 10)


def test_provenance_names_the_file_and_line_of_every_value(tmp_path: Path) -> None:
    write(
        tmp_path,
        "c.yaml",
        """
        name: c
        wagers:
          stake_deal: 6
          stake_loo: 12
        """,
    )
    write(
        tmp_path,
        "b.yaml",
        """
        name: b
        extends: c.yaml
        wagers:
          stake_loo: 9
        """,
    )
    a = write(
        tmp_path,
        "a.yaml",
        """
        name: a
        extends: b.yaml
        deal:
          miss: false
        """,
    )
    res = loader.resolve(a)
    c_file, b_file = str(tmp_path / "c.yaml"), str(tmp_path / "b.yaml")
    assert res.origin(("wagers", "stake_deal")) == f"{c_file}:3"
    assert res.origin(("wagers", "stake_loo")) == f"{b_file}:4"
    assert res.origin(("deal", "miss")) == f"{a}:4"
    assert res.origin(("name",)) == f"{a}:1"
    assert res.origin(("deal", "hand_size")) == "default"


def test_unset_returns_an_inherited_key_to_the_default(tmp_path: Path) -> None:
    write(
        tmp_path,
        "base.yaml",
        """
        name: base
        promoted:
          card: JC
          name: Pam
        deal:
          hand_size: 5
          miss: false
        """,
    )
    child = write(
        tmp_path,
        "child.yaml",
        """
        name: child
        extends: base.yaml
        unset: [promoted.card, deal]
        """,
    )
    res = loader.resolve(child)
    assert res.rules.promoted.card is None  # the format's default: no promoted card
    assert res.rules.promoted.name == "Pam"  # still inherited
    assert (res.rules.deal.hand_size, res.rules.deal.miss) == (3, True)  # a whole section
    assert res.origin(("deal", "hand_size")) == "default"


def test_unset_happens_before_the_files_own_values(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\ndeal: {hand_size: 5, miss: false}\n")
    child = write(
        tmp_path,
        "child.yaml",
        """
        name: child
        extends: base.yaml
        unset: [deal]
        deal:
          hand_size: 4
        """,
    )
    rules = loader.load_variant(child)
    assert (rules.deal.hand_size, rules.deal.miss) == (4, True)


def test_unset_of_a_key_nothing_inherited_sets_is_a_warning(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\n")
    child = write(
        tmp_path, "child.yaml", "name: child\nextends: base.yaml\nunset: [promoted.card]\n"
    )
    (problem,) = problems(child)
    assert (problem.severity, problem.kind, problem.line, problem.column) == (
        WARNING,
        "unset",
        3,
        9,
    )


def test_unset_of_a_key_the_format_lacks_is_an_error_with_a_suggestion(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\n")
    child = write(tmp_path, "child.yaml", "name: child\nextends: base.yaml\nunset: [deal.misss]\n")
    (problem,) = errors(child)
    assert (problem.kind, problem.line, problem.column) == ("unset", 3, 9)
    assert "'deal.miss'" in problem.suggestion


# --------------------------------------------------------------------------- house rules


def test_house_rules_apply_in_order_after_the_file_and_later_wins(tmp_path: Path) -> None:
    write(
        tmp_path,
        "unlimited.yaml",
        """
        name: unlimited
        kind: house_rule
        wagers: {loo: unlimited}
        """,
    )
    write(
        tmp_path,
        "mixed.yaml",
        """
        name: mixed
        title: Mixed
        kind: house_rule
        description: a loo of the pool, capped
        sources: [Peel]
        wagers: {loo: mixed, mixed_cap: 20}
        """,
    )
    game = write(
        tmp_path,
        "game.yaml",
        """
        name: game
        title: Game
        house_rules: [unlimited.yaml, mixed.yaml]
        wagers: {loo: limited, stake_loo: 6}
        """,
    )
    rules = loader.load_variant(game)
    assert (rules.wagers.loo.value, rules.wagers.mixed_cap) == ("mixed", 20)
    assert rules.house_rules == ("unlimited", "mixed")
    # a house rule's own description does not replace the game's
    assert (rules.name, rules.title, rules.description, rules.sources) == ("game", "Game", "", ())
    swapped = loader.load_variant(game, overrides=None, house_rules=[])
    assert swapped.wagers.loo.value == "mixed"
    reverse = write(
        tmp_path,
        "reverse.yaml",
        "name: reverse\nextends: game.yaml\nhouse_rules: [unlimited.yaml]\n",
    )
    # a house rule applied again is skipped with a warning, not applied twice
    res = loader.resolve(reverse)
    assert [p.kind for p in res.warnings] == ["duplicate-house-rule"]


def test_house_rules_from_python_come_after_the_files_own(tmp_path: Path) -> None:
    write(tmp_path, "cap.yaml", "name: cap\nkind: house_rule\nwagers: {mixed_cap: 12}\n")
    game = write(tmp_path, "game.yaml", "name: game\nwagers: {loo: mixed, mixed_cap: 40}\n")
    res = loader.resolve(game, house_rules=[tmp_path / "cap.yaml"])
    assert res.rules.wagers.mixed_cap == 12
    assert res.rules.house_rules == ("cap",)
    assert res.origin(("wagers", "mixed_cap")) == f"{tmp_path / 'cap.yaml'}:3"


def test_a_child_overrides_its_bases_house_rules(tmp_path: Path) -> None:
    write(tmp_path, "mixed.yaml", "name: mixed\nkind: house_rule\nwagers: {loo: mixed}\n")
    write(tmp_path, "base.yaml", "name: base\nhouse_rules: [mixed.yaml]\n")
    child = write(
        tmp_path, "child.yaml", "name: child\nextends: base.yaml\nwagers: {loo: limited}\n"
    )
    rules = loader.load_variant(child)
    assert rules.wagers.loo.value == "limited"
    assert rules.house_rules == ("mixed",)


def test_a_house_rules_unset_removes_from_the_game(tmp_path: Path) -> None:
    write(tmp_path, "no-pam.yaml", "name: no-pam\nkind: house_rule\nunset: [promoted.card]\n")
    game = write(
        tmp_path, "game.yaml", "name: game\npromoted: {card: JC}\nhouse_rules: [no-pam.yaml]\n"
    )
    assert loader.load_variant(game).promoted.card is None


def test_a_house_rule_for_other_games_gives_a_warning(tmp_path: Path) -> None:
    write(tmp_path, "other.yaml", "name: other\n")
    write(
        tmp_path,
        "only-other.yaml",
        "name: only-other\nkind: house_rule\napplies_to: [other.yaml]\nwagers: {stake_loo: 3}\n",
    )
    game = write(tmp_path, "game.yaml", "name: game\nhouse_rules: [only-other.yaml]\n")
    (problem,) = problems(game)
    assert (problem.severity, problem.kind, problem.line, problem.column) == (
        WARNING,
        "not-applicable",
        2,
        15,
    )
    derived = write(
        tmp_path,
        "derived.yaml",
        "name: derived\nextends: other.yaml\nhouse_rules: [only-other.yaml]\n",
    )
    assert problems(derived) == []  # a game built on one it is written for qualifies


def test_a_game_named_as_a_house_rule_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "other.yaml", "name: other\nkind: game\n")
    game = write(tmp_path, "game.yaml", "name: game\nhouse_rules: [other.yaml]\n")
    (problem,) = errors(game)
    assert (problem.kind, problem.line, problem.column) == ("not-house-rule", 2, 15)


# --------------------------------------------------------------------------- broken chains


def test_a_cycle_of_two_files_is_reported_with_its_chain(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "name: a\nextends: b.yaml\n")
    write(tmp_path, "b.yaml", "name: b\nextends: a.yaml\n")
    (problem,) = errors(tmp_path / "a.yaml")
    assert problem.kind == "cycle"
    assert problem.file == str(tmp_path / "b.yaml")
    assert (problem.line, problem.column) == (2, 10)
    assert problem.message == "cycle: a.yaml -> b.yaml -> a.yaml"


def test_a_file_extending_itself_is_a_cycle(tmp_path: Path) -> None:
    me = write(tmp_path, "me.yaml", "name: me\nextends: ./me.yaml\n")
    (problem,) = errors(me)
    assert (problem.kind, problem.message) == ("cycle", "cycle: me.yaml -> me.yaml")


def test_a_house_rule_that_applies_itself_is_a_cycle(tmp_path: Path) -> None:
    write(tmp_path, "loop.yaml", "name: loop\nkind: house_rule\nhouse_rules: [loop.yaml]\n")
    game = write(tmp_path, "game.yaml", "name: game\nhouse_rules: [loop.yaml]\n")
    (problem,) = errors(game)
    assert (problem.kind, problem.file, problem.line) == ("cycle", str(tmp_path / "loop.yaml"), 3)


def test_a_missing_bundled_base_suggests_the_closest_name(tmp_path: Path) -> None:
    child = write(tmp_path, "child.yaml", "name: child\nextends: Five-Card-Lo\n")
    (problem,) = errors(child)
    assert (problem.kind, problem.line, problem.column) == ("missing-base", 2, 10)
    assert problem.suggestion == "did you mean 'five-card-loo'?"


def test_a_missing_base_by_alias_suggests_the_closest_alias(tmp_path: Path) -> None:
    alias = max((a for v in loader.list_variants() for a in v.aliases), key=len)
    child = write(tmp_path, "child.yaml", f"name: child\nextends: {alias[:2] + alias[3:]}\n")
    (problem,) = errors(child)
    assert problem.suggestion == f"did you mean {alias!r}?"


def test_a_missing_base_file_suggests_a_file_beside_it(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\n")
    child = write(tmp_path, "child.yaml", "name: child\nextends: ./bsae.yaml\n")
    (problem,) = errors(child)
    assert problem.kind == "missing-base"
    assert problem.suggestion == "did you mean 'base.yaml'?"


def test_a_missing_house_rule_is_named_where_it_is_listed(tmp_path: Path) -> None:
    game = write(tmp_path, "game.yaml", "name: game\nhouse_rules:\n  - club-law\n  - clb-law\n")
    (problem,) = errors(game)
    assert (problem.kind, problem.line, problem.column) == ("missing-house-rule", 4, 5)
    assert problem.suggestion == "did you mean 'club-law'?"


def test_a_bad_value_two_levels_down_is_named_in_its_own_file(tmp_path: Path) -> None:
    bottom = write(
        tmp_path,
        "bottom.yaml",
        """
        name: bottom
        following:
          trump_when_void: sometimes
        """,
    )
    write(tmp_path, "middle.yaml", "name: middle\nextends: bottom.yaml\n")
    top = write(tmp_path, "top.yaml", "name: top\nextends: middle.yaml\n")
    (problem,) = errors(top)
    assert (problem.file, problem.line, problem.column, problem.kind) == (
        str(bottom),
        3,
        20,
        "enum",
    )
    with pytest.raises(RulesError) as info:
        loader.load_variant(top)
    assert info.value.problems == (problem,)


def test_an_impossible_game_is_named_where_the_last_cause_was_set(tmp_path: Path) -> None:
    # Two levels down, the base allows 9 players: 9 hands of 3, the miss and the turn-up
    # take 31 cards. The top file switches to the 32-card pack: still fits. Its child
    # raises the hand to 4: 9 x 4 + 4 + 1 = 41 cards, more than 32. The error is named
    # at the hand size, the value set last, in the file that set it.
    write(tmp_path, "base.yaml", "name: base\nplayers:\n  max: 9\n")
    write(
        tmp_path,
        "piquet.yaml",
        """
        name: piquet
        extends: base.yaml
        pack:
          cards: piquet32
          ranks: [A, K, Q, J, T, "9", "8", "7"]
        """,
    )
    assert errors(tmp_path / "piquet.yaml") == []
    four = write(
        tmp_path,
        "four.yaml",
        """
        name: four
        extends: piquet.yaml
        deal:
          hand_size: 4
          packets: [1]
        """,
    )
    (problem,) = errors(four)
    assert (problem.file, problem.line, problem.column, problem.kind) == (
        str(four),
        4,
        14,
        "capacity",
    )
    assert "41 cards" in problem.message and "32" in problem.message


def test_a_base_with_a_problem_does_not_hide_the_childs(tmp_path: Path) -> None:
    write(tmp_path, "base.yaml", "name: base\ndeal:\n  misss: true\n")
    child = write(tmp_path, "child.yaml", "name: child\nextends: base.yaml\ntrumps: {turn_up: 1}\n")
    found = errors(child)
    assert [(Path(p.file).name, p.line, p.kind) for p in found] == [
        ("base.yaml", 3, "unknown-key"),
        ("child.yaml", 3, "type"),
    ]


def test_an_unreadable_base_is_reported_once_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_bytes(b"name: base\ndeal: {hand_size: 3\n")
    child = write(tmp_path, "child.yaml", "name: child\nextends: base.yaml\n")
    found = errors(child)
    assert [p.kind for p in found] == ["syntax"]
    assert found[0].file == str(tmp_path / "base.yaml")
