"""The shape of the package, checked from its source.

The import contracts (which layer may import which) are import-linter's, written in
pyproject.toml under ``[tool.importlinter]``; the test here runs ``lint-imports`` and fails
with its report. The other rules are read off each module's syntax tree with ``ast``:
no module reaches for another module's private names, no code outside the engine names
a private part of a deal or a session, every import
written inside a function says why it is there, and the engine and the players never
name a game.
"""

from __future__ import annotations

import ast
import enum
import io
import re
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

import cardrules
import cardrules.rules.model as model
from cardrules.engine.actions import WORDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardrules"
MODULES = sorted(PACKAGE.rglob("*.py"))
#: What the ``lint-imports`` script runs, run by this interpreter (with the checkout first
#: on its path) wherever the script was installed.
LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=_relative(path))


# ------------------------------------------------------------------ import contracts


def test_import_contracts_hold() -> None:
    """The contracts in pyproject.toml: the layers, and the engine and the players seeing
    only the rules model."""
    done = subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"lint-imports failed:\n{done.stdout}\n{done.stderr}"


# ------------------------------------------------------------------ import cycles


def import_cycles() -> list[tuple[str, str]]:
    """Pairs of the package's modules that import each other, directly or through others,
    counting the imports made only for type checking too."""
    import grimp  # installed with import-linter, which is built on it

    graph = grimp.build_graph("cardrules", exclude_type_checking_imports=False)
    found = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                found.add(tuple(sorted((module, imported))))
    return sorted(found)  # type: ignore[arg-type]


def test_no_import_cycles() -> None:
    cycles = import_cycles()
    assert not cycles, "modules that import each other:\n  " + "\n  ".join(
        f"{a} <-> {b}" for a, b in cycles
    )


# ------------------------------------------------------------------ private names


def _is_private(name: str) -> bool:
    """``_name`` is private; ``__name__``-style dunders are not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_module(dotted: str) -> bool:
    """Whether ``dotted`` names a module of this package (a file or a package folder)."""
    parts = dotted.split(".")
    if parts[0] != "cardrules":
        return False
    base = ROOT.joinpath(*parts)
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _module_aliases(tree: ast.Module) -> set[str]:
    """The names a module binds to module objects by its imports, anywhere in it."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                names.add(alias.asname or alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if _is_module(f"{node.module}.{alias.name}"):
                    names.add(alias.asname or alias.name)
    return names


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def private_name_uses(source: str, filename: str = "<source>") -> list[str]:
    """Each ``from x import _name`` and each ``module._name`` read in ``source``."""
    tree = ast.parse(source, filename=filename)
    modules = _module_aliases(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(
                        f"{filename}:{node.lineno}: from {node.module} import {alias.name}"
                    )
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if any(_is_private(part) for part in alias.name.split(".")[1:]):
                    found.append(f"{filename}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.Attribute) and _is_private(node.attr):
            base = _dotted(node.value)
            if base is not None and (base in modules or base.split(".")[0] in modules):
                found.append(f"{filename}:{node.lineno}: {base}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    found = []
    for path in MODULES:
        found += private_name_uses(path.read_text(encoding="utf-8"), _relative(path))
    assert not found, "private names used from another module:\n" + "\n".join(found)


def test_the_private_name_check_can_fail() -> None:
    planted = (
        "from cardrules.engine.session import _public_form\n"
        "from cardrules.engine import actions as A\n"
        "import cardrules.engine.deal\n"
        "def f(self):\n"
        "    self._ok = A._BY_WORD\n"
        "    return cardrules.engine.deal._x, A.WORDS, A.__name__\n"
    )
    found = private_name_uses(planted, "planted.py")
    assert found == [
        "planted.py:1: from cardrules.engine.session import _public_form",
        "planted.py:5: A._BY_WORD",
        "planted.py:6: cardrules.engine.deal._x",
    ]


# ------------------------------------------------------------------ the sealed state

ENGINE = PACKAGE / "engine"


def private_attribute_reads(source: str, filename: str = "<source>") -> list[str]:
    """Each ``x._name`` in ``source`` whose ``x`` is not ``self`` or ``cls``: an object's
    private part (a deal's ``_cards``, a session's ``_deal``) named from outside it."""
    found = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_code_outside_the_engine_names_no_private_part() -> None:
    """The deal's and the session's parts are the engine's: the players, the tools, the
    adapters and the command line read them through the view and the public accessors."""
    found = []
    for path in MODULES:
        if ENGINE not in path.parents:
            found += private_attribute_reads(path.read_text(encoding="utf-8"), _relative(path))
    assert not found, "private parts named outside the engine:\n" + "\n".join(found)


def test_the_private_part_check_can_fail() -> None:
    planted = (
        "def f(self, session):\n"
        "    hands = session.deal._cards.hands\n"
        "    return self._seen, session.deal.view.hand(0), hands\n"
    )
    assert private_attribute_reads(planted, "planted.py") == ["planted.py:2: session.deal._cards"]


# ------------------------------------------------------------------ imports in functions

#: Comment words that are instructions to tools, not reasons.
_PRAGMA = re.compile(
    r"noqa(:\s*[A-Z]+[0-9]+(\s*,\s*[A-Z]+[0-9]+)*)?|type:\s*ignore(\[[^\]]*\])?"
    r"|pragma:\s*no\s*cover|fmt:\s*(on|off|skip)"
)


def _comments(source: str) -> dict[int, tuple[str, bool]]:
    """Line number to (comment text, whether the line holds nothing else)."""
    out: dict[int, tuple[str, bool]] = {}
    code_lines: set[int] = set()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            out[token.start[0]] = (token.string.lstrip("#").strip(), True)
        elif token.type not in skip and token.type != tokenize.ENDMARKER:
            code_lines.update(range(token.start[0], token.end[0] + 1))
    return {line: (text, line not in code_lines) for line, (text, _) in out.items()}


def _is_reason(comment: str) -> bool:
    """A comment that says something beyond tool pragmas (``noqa``, ``type: ignore``)."""
    return re.search(r"[A-Za-z]{3}", _PRAGMA.sub("", comment)) is not None


def _function_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    def inside(node: ast.AST, in_function: bool) -> Iterator[ast.Import | ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            if in_function and isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            yield from inside(child, nested)

    yield from inside(tree, False)


def unexplained_function_imports(source: str, filename: str = "<source>") -> list[str]:
    """Each import inside a function body with no reason comment on its own lines or on
    the line just above it."""
    comments = _comments(source)
    found = []
    for node in _function_imports(ast.parse(source, filename=filename)):
        end = node.end_lineno or node.lineno
        beside = [comments[n][0] for n in range(node.lineno, end + 1) if n in comments]
        above = comments.get(node.lineno - 1)
        if above is not None and above[1]:
            beside.append(above[0])
        if not any(_is_reason(c) for c in beside):
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_every_import_in_a_function_says_why() -> None:
    found = []
    for path in MODULES:
        found += unexplained_function_imports(path.read_text(encoding="utf-8"), _relative(path))
    assert not found, "imports inside functions without a reason comment:\n" + "\n".join(found)


def test_the_import_reason_check_can_fail() -> None:
    planted = (
        "import os\n"
        "def f():\n"
        "    import json\n"
        "    import re  # noqa: F401, E402\n"
        "    # the slow module, only for plots\n"
        "    import math\n"
        "    from typing import (  # cycle: typing is fine\n"
        "        Any,\n"
        "    )\n"
        "    import io  # noqa: PLC0415 kept out of start-up: only the export needs it\n"
        "    x = 1  # a comment on code is no reason for the next line\n"
        "    import sys\n"
        "    def g():\n"
        "        import io\n"
    )
    found = unexplained_function_imports(planted, "p.py")
    assert [line.split(": ")[0] for line in found] == ["p.py:3", "p.py:4", "p.py:12", "p.py:14"]


# ------------------------------------------------------------------ no game names

#: The words of the format itself (option values) and of the actions ("I put" is an
#: action as well as a game): the engine may use them whatever game they also name.
FORMAT_WORDS = frozenset(
    str(member.value)
    for value in vars(model).values()
    if isinstance(value, type) and issubclass(value, enum.Enum)
    for member in value
) | frozenset(WORDS.values())


def game_names() -> frozenset[str]:
    """The bundled games' and house rules' names and aliases, less the format's words."""
    names = set()
    for info in cardrules.list_variants():
        names.add(info.name)
        names.update(info.aliases)
    return frozenset(names - FORMAT_WORDS)


def _pieces(names: frozenset[str]) -> frozenset[str]:
    """Every hyphen-bounded run of words of the names (``five-card`` of ``five-card-loo``),
    less the format's words: what a prefix, suffix or substring test would look for."""
    out = set()
    for name in names:
        words = name.split("-")
        for i in range(len(words)):
            for j in range(i + 1, len(words) + 1):
                out.add("-".join(words[i:j]))
    return frozenset(out - FORMAT_WORDS)


def _strings(node: ast.expr) -> list[str]:
    """The string constants of a constant or of a literal tuple, list or set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _strings(e)]
    return []


def game_name_findings(source: str, filename: str = "<source>") -> list[str]:
    """Where ``source`` names a game: (a) ``.name`` read on the rules, (b) a game's name or
    alias as a string, (c) a comparison or a prefix, suffix or substring test against one
    (or a hyphen-bounded piece of one, such as ``five-card``)."""
    names = game_names()
    pieces = _pieces(names)
    tree = ast.parse(source, filename=filename)
    found: set[tuple[int, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "name":
            if ast.unparse(node.value).endswith("rules"):
                found.add((node.lineno, f"reads {ast.unparse(node)}"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in names:
                found.add((node.lineno, f"the string {node.value!r}"))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for k, op in enumerate(node.ops):
                left, right = sides[k], sides[k + 1]
                if isinstance(op, (ast.In, ast.NotIn)):
                    hits = [s for s in _strings(left) if s in pieces]
                    hits += [s for s in _strings(right) if s in names]
                elif isinstance(op, (ast.Eq, ast.NotEq)):
                    hits = [s for s in _strings(left) + _strings(right) if s in names]
                else:
                    continue
                for s in hits:
                    found.add((node.lineno, f"compares with {s!r}: {ast.unparse(node)}"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith")
        ):
            for s in (s for arg in node.args for s in _strings(arg)):
                if s in pieces:
                    found.add((node.lineno, f"tests {node.func.attr}({s!r})"))
    return [f"{filename}:{line}: {what}" for line, what in sorted(found)]


NAMELESS = sorted([*(PACKAGE / "engine").glob("*.py"), *(PACKAGE / "players").glob("*.py")])


def test_the_engine_and_the_players_name_no_game() -> None:
    names = game_names()
    assert "five-card-loo" in names and "club-law" in names and "put" not in names
    assert NAMELESS
    found = []
    for path in NAMELESS:
        found += game_name_findings(path.read_text(encoding="utf-8"), _relative(path))
    assert not found, "the engine or the players name a game:\n" + "\n".join(found)


def _plant(source: str, code: str) -> tuple[str, int]:
    """``source`` with ``code`` put in as the first statement after the first function's
    first statement, and the line number it is on."""
    tree = ast.parse(source)
    function = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
    first = function.body[0]
    at = first.end_lineno or first.lineno
    lines = source.splitlines(keepends=True)
    lines.insert(at, " " * first.col_offset + code + "\n")
    return "".join(lines), at + 1


def test_the_game_name_check_can_fail() -> None:
    settlement = (PACKAGE / "engine" / "settlement.py").read_text(encoding="utf-8")
    assert game_name_findings(settlement) == []
    plants = {
        'if rules.name.startswith("put"): pass': "reads rules.name",
        'if self.deal.rules.name == "irish": pass': "reads self.deal.rules.name",
        'variant = "five-card-loo"': "the string 'five-card-loo'",
        'if variant in ("club-law", "hoyle-put"): pass': "compares with 'club-law'",
        'if variant.startswith("five-card"): pass': "tests startswith('five-card')",
        'if "three-card" in variant: pass': "compares with 'three-card'",
    }
    for code, expected in plants.items():
        planted, line = _plant(settlement, code)
        found = game_name_findings(planted, "settlement.py")
        assert found, code
        assert all(f.startswith(f"settlement.py:{line}: ") for f in found), found
        assert any(expected in f for f in found), (code, found)
    # The format's own words are not game names, though "put" is also the game.
    for code in ('if word == "put": pass', 'if mode == "unlimited": pass'):
        assert game_name_findings(_plant(settlement, code)[0]) == [], code


# ------------------------------------------------------------------ package docstrings


def _named_in(doc: str, package: str, module: str) -> bool:
    """Whether a package's docstring names ``module``: ``module`` in double backquotes, or
    a :mod: reference to it (``cardrules.pkg.module``, ``~cardrules.pkg.module``)."""
    return f"``{module}``" in doc or f"{package}.{module}`" in doc


def missing_from_package_docstrings(root: Path = PACKAGE) -> list[str]:
    """The modules and subpackages that their package's ``__init__`` docstring leaves out."""
    missing = []
    for init in sorted(root.rglob("__init__.py")):
        folder = init.parent
        package = ".".join(folder.relative_to(root.parent).parts)
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        members = [p.stem for p in folder.glob("*.py") if p.stem != "__init__"]
        members += [p.name for p in folder.iterdir() if (p / "__init__.py").is_file()]
        missing += [f"{package}.{m}" for m in sorted(members) if not _named_in(doc, package, m)]
    return missing


def test_every_package_docstring_names_each_of_its_modules() -> None:
    missing = missing_from_package_docstrings()
    assert not missing, "not named in their package's docstring:\n  " + "\n  ".join(missing)


def test_the_package_docstring_check_can_fail(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""Holds ``named`` and :mod:`pkg.cited`."""\n')
    for module in ("named", "cited", "forgotten"):
        (package / f"{module}.py").write_text("")
    assert missing_from_package_docstrings(package) == ["pkg.forgotten"]
