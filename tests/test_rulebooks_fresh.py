"""The rulebooks in ``docs/rules`` are those the rule files and the model generate.

They are written by ``python -m cardrules.tools.rulebook --write docs/rules``; a change
to a bundled variant, a house rule, the model or a sentence template that is not
followed by that command fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardrules.rules.loader import list_variants
from cardrules.tools.rulebook import rulebooks, stale

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "rules"


def test_rulebooks_are_up_to_date() -> None:
    assert stale(FOLDER) == [], "run: python -m cardrules.tools.rulebook --write docs/rules"


def test_every_game_and_house_rule_has_a_rulebook_in_the_index() -> None:
    files = rulebooks()
    index = files["README.md"]
    for name in files:
        if name != "README.md":
            assert f"]({name})" in index, name
    for v in list_variants():
        if v.kind.value == "game":
            assert f"{v.name}.md" in files
        else:
            for game in v.applies_to:
                assert f"{game}+{v.name}.md" in files


def test_rulebooks_name_only_files_the_project_has() -> None:
    # Citations and sources lists name docs/sources.md and docs/families.md, which exist,
    # and no other file of the consolidated rules.
    assert (FOLDER.parent / "sources.md").is_file()
    assert (FOLDER.parent / "families.md").is_file()
    for name, text in rulebooks().items():
        assert not re.search(r"\b[A-Z]+\.md\b", text), name  # only the project's documents
        assert not re.search(r"(?:^|[\s(\[])/\w+/", text, re.M), name  # no absolute path
        if name != "README.md":
            assert "[sources.md " in text or "[families.md " in text, name
            cited = set(re.findall(r"\[(\w+\.md) ", text))
            assert cited <= {"sources.md", "families.md"}, (name, cited)
            for document in cited:
                assert f"`docs/{document}`" in text, (name, document)  # the preamble says it
    index = rulebooks()["README.md"]
    assert "(../sources.md)" in index and "(../families.md)" in index
