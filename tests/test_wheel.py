"""What users install works: the built wheel carries its rule files and schema.

The wheel is built from the source tree, installed into a fresh virtual
environment that does not see this interpreter's packages, and used from
another directory: ``cardrules list`` names every bundled variant, and every
one of them loads. This is the evidence that ``pip install cardrules`` gives a
working library, not only a working checkout.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

#: Building, installing and using the wheel takes 20 s or more: the slow set runs it.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))


def _run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_installed_wheel_lists_and_loads_every_bundled_variant(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    # Build the wheel from the source tree, as a release would.
    dist = tmp_path / "dist"
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, ROOT],
        cwd=elsewhere,
        env=env,
    )
    (wheel,) = dist.glob("cardrules-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "cardrules/_data/schemas/cardrules.schema.json" in names
    assert {f"cardrules/_data/variants/{v}.yaml" for v in BUNDLED} <= names
    # The documents of rules that rulebooks cite, for `cardrules sources`.
    assert {"cardrules/_data/docs/sources.md", "cardrules/_data/docs/families.md"} <= names

    # A plain virtual environment: nothing of this interpreter's packages is visible.
    target = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(target)
    bin_dir = target / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    _run([python, "-m", "pip", "install", "--quiet", wheel], cwd=elsewhere, env=env)

    listed = _run([bin_dir / "cardrules", "list"], cwd=elsewhere, env=env)
    # A citation's passages are found away from any checkout: D36 in sources.md, families.md
    # 1.2.3 (Hearts' passing).
    shown = _run([bin_dir / "cardrules", "sources", "D36", "F1.2.3"], cwd=elsewhere, env=env)
    assert "Where flush payments go" in shown and "3. **Passing.** Three cards" in shown
    missing = [v for v in BUNDLED if v not in listed]
    assert not missing, f"cardrules list does not name {missing}:\n{listed}"

    # Every game loads, and every house rule loads on each game it applies to.
    loaded = _run([python, "-c", _LOAD_ALL], cwd=elsewhere, env=env)
    count, where = loaded.split()
    assert int(count) == len(BUNDLED)
    assert Path(where).resolve().is_relative_to(target.resolve()), where


_LOAD_ALL = """
import cardrules
variants = cardrules.list_variants()
for v in variants:
    if v.kind.value == "game":
        cardrules.load_variant(v.name)
    else:
        assert v.applies_to, v.name
        for game in v.applies_to:
            cardrules.load_variant(game, house_rules=[v.name])
print(len(variants), cardrules.__file__)
"""
