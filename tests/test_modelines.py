"""The editor modelines the docs show resolve beside a user's own file, and the command
that writes the schema there prints the schema the modeline's name promises."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from cardrules.cli.app import run
from cardrules.cli.rule_commands import SCHEMAS

ROOT = Path(__file__).resolve().parent.parent
MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_modeline_in_the_docs_names_a_schema_beside_the_file() -> None:
    # The examples are the reader's own files, which live anywhere: a relative path into
    # this project's tree (../schemas/...) would resolve nowhere for them. The schema they
    # name is one `cardrules schema KIND > NAME` writes beside them.
    found = []
    for page in PAGES:
        for name in MODELINE.findall(page.read_text(encoding="utf-8")):
            found.append((page.name, name))
            assert name in SCHEMAS.values(), f"{page.name}: $schema={name}"
    pages = {page for page, _ in found}
    assert {"README.md", "authoring.md", "rulings.md"} <= pages


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_cardrules_schema_prints_the_bundled_schema_of_each_kind(kind: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(["schema", kind], out, err) == 0
    printed = json.loads(out.getvalue())
    shipped = json.loads((ROOT / "schemas" / SCHEMAS[kind]).read_text(encoding="utf-8"))
    assert printed == shipped


def test_the_default_kind_is_the_rule_files() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(["schema"], out, err) == 0
    shipped = (ROOT / "schemas" / "cardrules.schema.json").read_text(encoding="utf-8")
    assert json.loads(out.getvalue()) == json.loads(shipped)


def test_an_unknown_kind_is_a_usage_error() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(["schema", "rulez"], out, err) == 2
