"""References in rule files stay in their author's tree, and long chains are refused.

A reference (``extends:``, ``house_rules:``, ``applies_to:``) is a bundled name or a path
relative to the file that names it, which may not leave that file's folder unless the
caller widens the search path. The file a refused reference names is never read: its
content never appears in a message.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cardrules.errors import ERROR, Problem, RulesError
from cardrules.rules import loader
from cardrules.rules.overlay import MAX_CHAIN

SECRET = "the-secret-line-of-a-private-file"
GAME = "name: ours\nkind: game\nextends: five-card-loo\n"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """``tmp/secret.yaml`` (outside), ``tmp/games/`` (the author's folder)."""
    (tmp_path / "secret.yaml").write_text(f"{SECRET}: 1\nname: secret\n", "utf-8")
    (tmp_path / "secret.txt").write_text(SECRET + "\n", "utf-8")
    games = tmp_path / "games"
    games.mkdir()
    (games / "sub").mkdir()
    (games / "sub" / "notes.txt").write_text(SECRET + "\n", "utf-8")
    return games


def _errors(path: Path, **kwargs: object) -> list[Problem]:
    problems = loader.validate(path, **kwargs)  # type: ignore[arg-type]
    errors = [p for p in problems if p.severity == ERROR]
    for p in problems:
        assert SECRET not in str(p), str(p)
    return errors


def _one(path: Path, kind: str, line: int, column: int) -> Problem:
    errors = _errors(path)
    assert errors, "accepted"
    first = errors[0]
    assert (first.file, first.line, first.column, first.kind) == (
        str(path),
        line,
        column,
        kind,
    ), "\n".join(map(str, errors))
    return first


@pytest.mark.parametrize(
    ("key", "line"),
    [("extends", "extends: {}"), ("house_rules", "house_rules: [{}]")],
)
def test_absolute_paths_and_escapes_are_refused_at_the_reference(
    tree: Path, key: str, line: str
) -> None:
    for ref in (str(tree.parent / "secret.yaml"), "../secret.yaml", "sub/../../secret.yaml"):
        path = tree / "ours.yaml"
        body = "name: ours\nkind: game\n" if key == "house_rules" else "name: ours\n"
        path.write_text(body + line.format(ref) + "\n", "utf-8")
        row = 3 if key == "house_rules" else 2
        col = len(key) + 3 + (1 if key == "house_rules" else 0)
        problem = _one(path, "outside", row, col)
        assert problem.message.startswith(key + ":"), problem.message


def test_applies_to_may_not_leave_the_folder(tree: Path) -> None:
    path = tree / "rule.yaml"
    path.write_text("name: rule\nkind: house_rule\napplies_to: [../secret.yaml]\n", "utf-8")
    _one(path, "outside", 3, 14)


def test_a_link_that_leads_out_is_refused(tree: Path) -> None:
    (tree / "base.yaml").symlink_to(tree.parent / "secret.yaml")
    path = tree / "ours.yaml"
    path.write_text("name: ours\nextends: base.yaml\n", "utf-8")
    _one(path, "outside", 2, 10)


def test_a_reference_must_name_a_yaml_file(tree: Path) -> None:
    path = tree / "ours.yaml"
    path.write_text("name: ours\nextends: sub/notes.txt\n", "utf-8")
    _one(path, "reference", 2, 10)


def test_nul_bytes_and_long_names_are_located(tree: Path) -> None:
    path = tree / "ours.yaml"
    path.write_text('name: ours\nextends: "a\\0b.yaml"\n', "utf-8")
    _one(path, "name", 2, 10)
    path.write_text("name: ours\nextends: " + "a" * 300 + ".yaml\n", "utf-8")
    _one(path, "name", 2, 10)
    # Short enough for a reference, too long for the system's file names.
    path.write_text("name: ours\nextends: " + "b" * 250 + "/" + "c" * 250 + ".yaml\n", "utf-8")
    assert _errors(path)[0].kind in ("name", "missing-base")


def test_references_inside_the_tree_are_followed(tree: Path) -> None:
    (tree / "sub" / "base.yaml").write_text(GAME + "wagers: {stake_loo: 7}\n", "utf-8")
    (tree / "sub" / "house.yaml").write_text(
        "name: house\nkind: house_rule\napplies_to: [five-card-loo]\nwagers: {stake_deal: 4}\n",
        "utf-8",
    )
    path = tree / "ours.yaml"
    path.write_text(
        "name: ours2\nkind: game\nextends: sub/base.yaml\nhouse_rules: [./sub/house.yaml]\n",
        "utf-8",
    )
    rules = loader.load_variant(path)
    assert (rules.wagers.stake_loo, rules.wagers.stake_deal) == (7, 4)


def test_the_search_path_widens_explicitly(tree: Path) -> None:
    shared = tree.parent / "shared"
    shared.mkdir()
    (shared / "base.yaml").write_text(GAME + "wagers: {stake_loo: 9}\n", "utf-8")
    path = tree / "ours.yaml"
    path.write_text("name: ours2\nkind: game\nextends: ../shared/base.yaml\n", "utf-8")
    assert _errors(path)[0].kind == "outside"
    assert loader.load_variant(path, search_path=[tree.parent]).wagers.stake_loo == 9
    # A plain name is also looked up in the search path's folders.
    path.write_text("name: ours2\nkind: game\nextends: base.yaml\n", "utf-8")
    assert loader.load_variant(path, search_path=[shared]).wagers.stake_loo == 9
    path.write_text(f"name: ours2\nkind: game\nextends: {shared / 'base.yaml'}\n", "utf-8")
    assert loader.load_variant(path, search_path=[shared]).wagers.stake_loo == 9
    assert not _errors(path, search_path=[shared])


def test_a_fifo_named_as_a_base_is_refused_at_once(tree: Path) -> None:
    os.mkfifo(tree / "pipe.yaml")
    path = tree / "ours.yaml"
    path.write_text("name: ours\nextends: pipe.yaml\n", "utf-8")
    start = time.monotonic()
    errors = _errors(path)
    assert time.monotonic() - start < 5
    assert errors[0].kind == "not-regular"
    assert [p.kind for p in loader.validate(tree / "pipe.yaml")] == ["not-regular"]


def _chain(folder: Path, n: int, key: str) -> Path:
    kind = "game" if key == "extends" else "house_rule"
    for i in range(n):
        ref = f"f{i + 1}.yaml"
        body = f"name: f{i}\nkind: {kind}\n"
        if i + 1 < n:
            body += f"extends: {ref}\n" if key == "extends" else f"house_rules: [{ref}]\n"
        elif kind == "game":
            body += "extends: five-card-loo\n"
        (folder / f"f{i}.yaml").write_text(body, "utf-8")
    return folder / "f0.yaml"


@pytest.mark.parametrize(("key", "n"), [("extends", 941), ("house_rules", 491)])
def test_long_chains_are_a_located_error(tmp_path: Path, key: str, n: int) -> None:
    top = _chain(tmp_path, n, key)
    errors = _errors(top)
    assert [p.kind for p in errors] == ["too-long"]
    assert errors[0].file == str(tmp_path / f"f{MAX_CHAIN - 1}.yaml")
    assert str(MAX_CHAIN) in errors[0].message
    with pytest.raises(RulesError):
        if key == "extends":
            loader.load_variant(top)
        else:
            loader.load_variant("five-card-loo", house_rules=[top])


def test_a_chain_at_the_limit_loads(tmp_path: Path) -> None:
    top = _chain(tmp_path, MAX_CHAIN - 1, "extends")  # and five-card-loo: MAX_CHAIN files
    assert loader.load_variant(top).name == "f0"


def test_overlong_and_odd_bundled_names_are_missing_not_crashes(tmp_path: Path) -> None:
    for name in ("9" * 5000 + "-irish-loo", "x" * 300, "a\x00b"):
        path = tmp_path / "rule.yaml"
        quoted = name.replace("\x00", "\\0")
        path.write_text(f'name: rule\nkind: house_rule\napplies_to: ["{quoted}"]\n', "utf-8")
        errors = _errors(path)
        assert [p.kind for p in errors] == ["missing-game"], errors
        path.write_text(f'name: ours\nextends: "{quoted}"\n', "utf-8")
        assert _errors(path)[0].kind == "missing-base"
