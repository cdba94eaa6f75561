"""Command-line subcommands for rule files: ``list``, ``schema``, ``validate`` and ``show``.

- ``cardrules list`` names the bundled games and house rules;
- ``cardrules schema`` prints the JSON Schema of rule files, for editors;
- ``cardrules validate FILE...`` checks rule files, one line per problem;
- ``cardrules show VARIANT [-H HOUSE_RULE]... [--set KEY=VALUE]...`` prints the
  effective rules, each value commented with where it was set.

They register themselves with :func:`cardrules.cli.arguments.command`; the
parser imports this module when it is built.

>>> import io
>>> from cardrules.cli.app import run
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["show", "put"], out, err)
0
>>> out.getvalue().splitlines()[0]
'# Put: put'
"""

from __future__ import annotations

import argparse
import enum
import json
import os
from collections.abc import Callable, Sequence
from typing import IO, Any

import attrs

from cardrules.cli.arguments import (
    EXIT_FOUND,
    EXIT_OK,
    EXIT_USAGE,
    HOUSE_RULES,
    INCLUDE,
    OVERRIDES,
    VARIANT,
    arg,
    command,
    exit_codes,
    missing_rule_file,
    problem_text,
    rule_file,
)
from cardrules.errors import ERROR, WARNING, Problem

# --------------------------------------------------------------------------- list


@command("list", "list the bundled games and house rules")
def _list(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the loader is imported by the commands that load rules, not by --help.
    from cardrules.rules.loader import list_variants

    variants = list_variants()
    width = max((len(v.name) for v in variants), default=0)
    for kind, heading in (("game", "Games"), ("house_rule", "House rules")):
        group = [v for v in variants if v.kind == kind]
        if not group:
            continue
        print(f"{heading}:", file=out)
        for v in group:
            print(f"  {v.name:<{width}}  {_first_line(v.description)}", file=out)
            notes = []
            if v.aliases:
                notes.append(f"aliases: {', '.join(v.aliases)}")
            if v.applies_to:
                notes.append(f"for: {', '.join(v.applies_to)}")
            if notes:
                print(f"  {'':<{width}}  ({'; '.join(notes)})", file=out)
    return 0


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


# --------------------------------------------------------------------------- schema


#: The schemas ``cardrules schema`` prints, by the kind of file they describe.
SCHEMAS = {
    "rules": "cardrules.schema.json",
    "rulings": "rulings.schema.json",
    "record": "record.schema.json",
}


@command(
    "schema",
    "print the JSON Schema of rule files, rulings files or game records (for editors and "
    "other tools); written beside your files under the name their modeline gives, e.g. "
    "'cardrules schema > cardrules.schema.json'",
    arg(
        "kind",
        nargs="?",
        default="rules",
        choices=sorted(SCHEMAS),
        help="which files the schema describes (default: rules)",
    ),
)
def _schema(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: importlib.resources is loaded only when a bundled file is read.
    from cardrules.rules.bundled import data_dir

    out.write((data_dir("schemas") / SCHEMAS[args.kind]).read_text(encoding="utf-8"))
    return 0


# --------------------------------------------------------------------------- validate


@command(
    "validate",
    "check rule files; exit 0 only when all are valid",
    arg(
        "files",
        metavar="FILE",
        nargs="+",
        help="rule files (games or house rules), or the names of bundled ones",
    ),
    arg("--strict", action="store_true", help="treat warnings as errors"),
    INCLUDE,
    arg(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text lines (default) or JSON for tools",
    ),
    epilog=exit_codes("a file is invalid (2 when a FILE does not exist)"),
)
def _validate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time, as in _list.
    from cardrules.rules.loader import validate

    results: list[tuple[str, list[Problem]]] = []
    missing = False
    for given in args.files:
        file = rule_file(given)
        if os.path.lexists(file):
            results.append((given, validate(file, strict=args.strict, search_path=args.include)))
        else:
            missing = True
            results.append((given, [missing_rule_file(given)]))
    invalid = [file for file, problems in results if _failed(problems)]
    if args.format == "json":
        report = {
            "valid": not invalid,
            "files": [
                {
                    "file": file,
                    "valid": not _failed(problems),
                    "problems": [p.to_json() for p in problems],
                }
                for file, problems in results
            ],
        }
        print(json.dumps(report, indent=2, ensure_ascii=False), file=out)
    else:
        shown = set()  # a broken base shared by several files is shown once
        for _, problems in results:
            for problem in problems:
                if problem not in shown:
                    shown.add(problem)
                    print(problem_text(problem, args), file=out)
        errors = sum(p.severity == ERROR for _, ps in results for p in ps)
        warnings = sum(p.severity == WARNING for _, ps in results for p in ps)
        files = f"{len(results)} file{'s' * (len(results) != 1)} checked"
        state = f"{len(invalid)} invalid" if invalid else "all valid"
        print(
            f"{files}: {state} ({_count(errors, 'error')}, {_count(warnings, 'warning')})", file=out
        )
    return EXIT_USAGE if missing else EXIT_FOUND if invalid else EXIT_OK


def _failed(problems: Sequence[Problem]) -> bool:
    return any(p.severity == ERROR for p in problems)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


# --------------------------------------------------------------------------- show


@command(
    "show",
    "print the effective rules after every overlay, and where each value was set",
    VARIANT,
    HOUSE_RULES,
    OVERRIDES,
    INCLUDE,
)
def _show(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time, as in _list.
    from cardrules.rules.loader import resolve

    res = resolve(
        args.variant, args.house_rules, dict(args.overrides) or None, search_path=args.include
    )
    for problem in res.warnings:
        print(problem_text(problem, args), file=err)
    label = " + ".join([res.rules.name, *res.rules.house_rules])
    print(f"# {res.rules.title or res.rules.name}: {label}", file=out)
    for line in _lines(res.rules, (), res.origin):
        print(line, file=out)
    return 0


_COMMENT_AT = 44
#: How ``show`` names the values set on the command line rather than in a file.
_ORIGINS = {"<overrides>": "set by --set", "<arguments>": "set by -H"}


def _lines(
    section: Any,
    path: tuple[str, ...],
    origin: Callable[[tuple[str, ...]], str],
) -> list[str]:
    """The YAML-like lines of a model section, each value commented with its origin."""
    # Start-up time: the rules model is imported only by the commands that show rules.
    from cardrules.rules.model import settable

    lines = []
    indent = "  " * len(path)
    for field in attrs.fields(type(section)):
        if not settable(field):
            continue  # fixed or derived from another option: not a key of the format
        value = getattr(section, field.name)
        here = (*path, field.name)
        if attrs.has(type(value)):
            lines.append(f"{indent}{field.name}:")
            lines.extend(_lines(value, here, origin))
            continue
        text = f"{indent}{field.name}: {_yaml_value(value)}"
        where = _ORIGINS.get(origin(here), origin(here))
        lines.append(f"{text:<{_COMMENT_AT}} # {where}")
    return lines


_PLAIN_WORDS = frozenset(("true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"))


def _yaml_value(value: Any, flow: bool = False) -> str:
    """A value as YAML text that reads back the same (YAML 1.2); ``flow`` inside ``[...]``.

    >>> _yaml_value(("A", "9")), _yaml_value("Pam, be civil"), _yaml_value("on")
    ('[A, "9"]', 'Pam, be civil', '"on"')
    """
    if isinstance(value, enum.Enum):
        value = value.value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_yaml_value(v, flow=True) for v in value) + "]"
    text = str(value)
    plain = (
        text[:1].isalpha()
        and text.lower() not in _PLAIN_WORDS
        and text == text.strip()
        and ": " not in text
        and " #" not in text
        and not text.endswith(":")
        and not (flow and any(c in text for c in ",[]{}"))
    )
    return text if plain else json.dumps(text, ensure_ascii=False)
