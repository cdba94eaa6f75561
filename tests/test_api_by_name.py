"""simulate and compare take a variant as new_session does (a bundled name, a path or Rules),
and are exported by the package without importing the optional extras."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.errors import ArgumentTypeError, VariantNotFoundError

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "variants" / "three-card-loo.yaml"


def test_simulate_takes_a_name_and_plays_what_the_loaded_rules_play() -> None:
    by_name = cardrules.simulate("three-card-loo", 4, 60, seed=5)
    by_rules = cardrules.simulate(cardrules.load_variant("three-card-loo"), 4, 60, seed=5)
    assert by_name.deals == 60 and by_name.to_json() == by_rules.to_json()


def test_simulate_takes_a_path_and_house_rules() -> None:
    summary = cardrules.simulate(FILE, 4, 30, seed=1, house_rules=["club-law"])
    assert summary.house_rules == ("club-law",)
    assert summary.deals == 30


def test_compare_takes_names_with_their_house_rules() -> None:
    c = cardrules.compare(
        "three-card-loo", "three-card-loo", 4, 40, seed=2, house_rules_b="club-law"
    )
    assert (c.a.label, c.b.label) == ("three-card-loo", "three-card-loo + club-law")
    loaded = cardrules.compare(
        cardrules.load_variant("three-card-loo"),
        cardrules.load_variant("three-card-loo", ["club-law"]),
        4,
        40,
        seed=2,
    )
    assert c.to_json() == loaded.to_json()


def test_a_wrong_name_or_type_is_refused_as_new_session_refuses_it() -> None:
    with pytest.raises(VariantNotFoundError, match="five-card-loo"):
        cardrules.simulate("five-card-lu", deals=2)
    with pytest.raises(ArgumentTypeError, match="variant: expected a variant name"):
        cardrules.compare(3, "put", deals=2)  # type: ignore[arg-type]


def test_import_cardrules_imports_no_extra_nor_the_simulation() -> None:
    code = (
        "import sys, cardrules; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'ray', 'gymnasium', 'pettingzoo', 'matplotlib', 'pyspiel', 'yaml') "
        "or m.startswith('cardrules.tools')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
    assert "simulate" in cardrules.__all__ and "compare" in cardrules.__all__
