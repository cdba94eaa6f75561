"""The optional compiled build: which modules are compiled, and that it plays the same.

These tests run against either build. Against the pure-Python package they check that
nothing claims to be compiled; against the compiled wheel (CI installs it in its own
environment and sets ``CARDRULES_EXPECT_COMPILED=1``) that every listed module is, and
that ``cardrules simulate`` prints byte for byte what the same installation prints when
it is made to import the pure sources that ship beside the extensions.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.engine.compiled import COMPILED, compiled_modules

# Run a command line of cardrules with every cardrules module imported from its .py
# source, never from a compiled extension beside it: the pure build of the same files.
PURE = r"""
import importlib.abc, importlib.util, os, sys

class PureSource(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != "cardrules" and not name.startswith("cardrules."):
            return None
        leaf = name.rpartition(".")[2]
        for entry in path if path is not None else sys.path:
            base = os.path.join(entry or os.getcwd(), leaf)
            init = os.path.join(base, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    name, init, submodule_search_locations=[base])
            if os.path.isfile(base + ".py"):
                return importlib.util.spec_from_file_location(name, base + ".py")
        return None

sys.meta_path.insert(0, PureSource())
"""

MAIN = "from cardrules.cli.app import main; sys.exit(main(sys.argv[1:]))"
REPORT = "from cardrules.engine.compiled import compiled_modules; print(compiled_modules())"


def _run(code: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    # -P: the working directory is not put on the path, so the installation is imported.
    return subprocess.run(
        [sys.executable, "-P", "-c", "import sys\n" + code, *args],
        capture_output=True,
        cwd=cwd,
        timeout=300,
        check=False,
    )


def _is_extension(module_name: str) -> bool:
    module = importlib.import_module(module_name)
    file = getattr(module, "__file__", None) or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_modules_are_those_loaded_from_extensions() -> None:
    loaded = tuple(name for name in COMPILED if _is_extension(name))
    assert compiled_modules() == loaded


def test_a_build_is_wholly_compiled_or_wholly_pure() -> None:
    # A part-compiled installation is a broken build or a stale extension beside a source.
    expect = os.environ.get("CARDRULES_EXPECT_COMPILED")
    found = compiled_modules()
    if expect == "1":
        assert found == COMPILED
    elif expect == "0":
        assert found == ()
    else:
        assert found in ((), COMPILED)


def test_the_listed_modules_exist_and_the_players_base_is_not_among_them() -> None:
    for name in COMPILED:
        assert importlib.util.find_spec(name) is not None, name
    assert "cardrules.players.base" not in COMPILED  # a user may subclass its RandomBot
    assert len(set(COMPILED)) == len(COMPILED)


def test_the_pure_run_imports_no_extension(tmp_path: Path) -> None:
    run = _run(PURE + REPORT, cwd=tmp_path)
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout.decode().strip() == "()"


@pytest.mark.parametrize(
    "args",
    [
        ("three-card-loo", "--players", "5", "--deals", "400", "--seed", "7"),
        ("five-card-loo", "--players", "5", "--deals", "400", "--seed", "3", "--json"),
        ("put", "--deals", "200", "--seed", "11", "--bots", "heuristic,random"),
        ("irish-loo", "-H", "club-law", "--deals", "300", "--seed", "5"),
    ],
)
def test_simulate_prints_the_same_bytes_compiled_and_pure(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    installed = _run(MAIN, "simulate", *args, cwd=tmp_path)
    pure = _run(PURE + MAIN, "simulate", *args, cwd=tmp_path)
    assert installed.returncode == pure.returncode == 0, installed.stderr.decode()
    assert installed.stdout  # a summary was printed
    assert installed.stdout == pure.stdout
