"""Installing the extras: cardrules is installed from a checkout, so every place that names an
extra gives the checkout form (``pip install '.[x]'``), the published form only beside it."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path
from typing import Any

import pytest

from cardrules.cli import app as cli

ROOT = Path(__file__).resolve().parent.parent
TEXTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SOURCES = sorted((ROOT / "cardrules").rglob("*.py"))


@pytest.mark.parametrize("path", TEXTS + SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_extra_named_has_its_checkout_form(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for extra in set(re.findall(r"cardrules\[(\w+)\]", text)):
        assert f"'.[{extra}]'" in text, f"{path.name}: cardrules[{extra}] without '.[{extra}]'"


def test_ray_hint_gives_the_checkout_form(monkeypatch: pytest.MonkeyPatch) -> None:
    find_spec = importlib.util.find_spec

    def without_ray(name: str, *args: Any) -> Any:
        return None if name == "ray" else find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_ray)
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(
        ["simulate", "three-card-loo", "--deals", "10", "--workers", "2", "--backend", "ray"],
        out,
        err,
    )
    assert code == 2
    assert "pip install '.[ray]' from a checkout" in err.getvalue()
