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


#: A ruling that passes: three players, all before the dealer throw up, and the dealer
#: takes the pool (docs/sources.md 1.1.8.1); tests of the rulings runner vary it.
ALL_PASS_RULING = """\
title: All pass
source: docs/sources.md 1.1.8.1
variant: three-card-loo
players: 3
dealer: 2
deal: {hands: [[2S, 3S, 4S], [5S, 6S, 7S], [8S, 9S, TS]], miss: [2H, 3H, 4H], turn_up: 2C}
steps: ["0: throw-up", "1: throw-up"]
expect: {ended_by: all_pass, net: [0, 0, 0], pool: 0, single: true}
"""
