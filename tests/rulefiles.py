"""Writing rule files for a test and reading back the problems they give."""

from __future__ import annotations

import textwrap
from pathlib import Path

from cardrules.rules import loader


def write(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` (dedented) as ``folder/name``."""
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def kinds(path: Path, *, strict: bool = False) -> list[tuple[str, str]]:
    """The severity and kind of each problem the rule file at ``path`` gives."""
    return [(p.severity, p.kind) for p in loader.validate(path, strict=strict)]
