"""The build hook of the optional compiled build (see docs/compiled.md).

``pip install .`` builds the pure-Python wheel and this hook does nothing. With the
environment variable ``CARDRULES_COMPILE=1`` at build time, the wheel build compiles the
modules listed in ``cardrules/engine/compiled.py`` (``COMPILED``) with mypyc, from the
same source, and adds the extensions to a platform wheel beside the sources.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "CARDRULES_COMPILE"

# Run in a copy of the package, so that the extensions are built beside copies of the
# sources and nothing is written into the source tree.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="cardrules-compiled",
    packages=[],
    ext_modules=mypycify(sys.argv[3:], opt_level="3", group_name="cardrules"),
    script_args=sys.argv[1:3],
)
"""


def compile_requested() -> bool:
    """Whether the build was asked to compile (``CARDRULES_COMPILE`` set to 1/true/yes)."""
    return os.environ.get(SWITCH, "").strip().lower() in ("1", "true", "yes", "on")


def compiled_names(root: Path) -> list[str]:
    """The modules to compile, read from ``COMPILED`` in cardrules/engine/compiled.py."""
    tree = ast.parse((root / "cardrules" / "engine" / "compiled.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in targets):
                assert node.value is not None
                names: list[str] = list(ast.literal_eval(node.value))
                return names
    raise RuntimeError("cardrules/engine/compiled.py defines no COMPILED")


class CustomBuildHook(BuildHookInterface):
    """Compile the engine with mypyc when ``CARDRULES_COMPILE=1``."""

    def dependencies(self) -> list[str]:
        if not compile_requested():
            return []
        # mypy brings mypyc (1.19 or later: a class's own __new__ is compiled, and makes the
        # session's blanks without running __init__); setuptools builds the extensions;
        # attrs is read by the type check of the rules model that the engine imports.
        return ["mypy>=1.19", "setuptools>=65", "attrs>=23.1"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not compile_requested() or self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="cardrules-mypyc-"))
        self._work = work
        shutil.copytree(
            root / "cardrules",
            work / "cardrules",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        sources = [n.replace(".", "/") + ".py" for n in compiled_names(root)]
        self.app.display_info(f"cardrules: compiling {len(sources)} modules with mypyc")
        # The type check follows the imports of the compiled modules into the rest of the
        # package (the rule-file side among it): those modules are only read, for their
        # types, so their errors and the stubs of their libraries do not stop the build.
        options = ["--follow-imports=silent", "--ignore-missing-imports"]
        subprocess.run(
            [sys.executable, "-c", _SETUP, "build_ext", "--inplace", *options, *sources],
            cwd=work,
            check=True,
        )
        built = sorted(
            p
            for p in work.rglob("*")
            if p.suffix in (".so", ".pyd") and "build" not in p.relative_to(work).parts[:1]
        )
        if not built:
            raise RuntimeError("mypyc built no extension")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
