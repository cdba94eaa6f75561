"""The generated files in the source tree match the model they are generated from.

``schemas/cardrules.schema.json`` and ``docs/format.md`` are written by
``python -m cardrules.rules.schemagen`` and ``python -m cardrules.rules.formatdoc``; a
change to the model that is not followed by both commands fails here.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.rules.formatdoc import format_markdown
from cardrules.rules.schemagen import schema_text

ROOT = Path(__file__).resolve().parent.parent


def test_schema_is_generated_from_the_model() -> None:
    committed = (ROOT / "schemas" / "cardrules.schema.json").read_text(encoding="utf-8")
    assert committed == schema_text(), "run: python -m cardrules.rules.schemagen"


def test_format_reference_is_generated_from_the_model() -> None:
    committed = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    assert committed == format_markdown(), "run: python -m cardrules.rules.formatdoc"


def test_format_reference_has_every_section_in_mechanism_order() -> None:
    from cardrules.rules.model import SECTIONS

    text = format_markdown()
    positions = [text.index(f"(`{name}`)") for name in SECTIONS]
    assert positions == sorted(positions)
