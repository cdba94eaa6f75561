"""The ``cardrules`` command line.

Three layers, as in jsonschema's command line: :func:`build_parser` reads the
arguments, :func:`run` does the work and returns the exit code (tests call it
with string buffers), :func:`main` connects it to the process.

Each subcommand is one function registered with :func:`command`, which also
declares its arguments; adding a subcommand touches nothing else::

    @command("describe", "explain a variant in words",
             arg("variant", help="a bundled name or a rule file"))
    def _describe(args, out, err):
        ...
        return 0

No traceback reaches the user: a :class:`~cardrules.errors.RulesError`
prints its problems and exits 1, a file that cannot be read is a one-line
message.

>>> import io
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["validate", "no/such/file.yaml"], out, err)
1
>>> print(out.getvalue(), end="")
no/such/file.yaml:0:0: error: no such file
1 file checked: 1 invalid (1 error, 0 warnings)
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import json
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any

import attrs

from cardrules.errors import ERROR, WARNING, CardRulesError, Problem, RulesError

__all__ = [
    "HOUSE_RULES",
    "OVERRIDES",
    "VARIANT",
    "arg",
    "assignment",
    "build_parser",
    "command",
    "main",
    "positive",
    "run",
]

Runner = Callable[[argparse.Namespace, IO[str], IO[str]], int]
Argument = tuple[tuple[str, ...], dict[str, Any]]


@attrs.frozen
class _Command:
    name: str
    help: str
    arguments: tuple[Argument, ...]
    runner: Runner


_COMMANDS: dict[str, _Command] = {}


def arg(*names: str, **options: Any) -> Argument:
    """An argument of a subcommand, as ``argparse.add_argument`` takes it."""
    return names, options


def command(name: str, help: str, *arguments: Argument) -> Callable[[Runner], Runner]:
    """Register ``runner(args, stdout, stderr) -> exit code`` as the subcommand ``name``."""

    def register(runner: Runner) -> Runner:
        _COMMANDS[name] = _Command(name, help, arguments, runner)
        return runner

    return register


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand.

    >>> build_parser().parse_args(["validate", "a.yaml", "--strict"]).strict
    True
    """
    parser = argparse.ArgumentParser(
        prog="cardrules",
        description="Trick-taking card games and their house rules as YAML rule files.",
    )
    from cardrules import __version__

    parser.add_argument("--version", action="version", version=f"cardrules {__version__}")
    _load_command_modules()
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for cmd in _COMMANDS.values():
        p = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        for names, options in cmd.arguments:
            p.add_argument(*names, **options)
        p.set_defaults(runner=cmd.runner)
    return parser


#: Modules that register more subcommands with :func:`command` when imported.
COMMAND_MODULES = (
    "cardrules.cli.engine_commands",
    "cardrules.cli.play_commands",
    "cardrules.cli.rulebook_commands",
)


def _load_command_modules() -> None:
    import importlib

    for name in COMMAND_MODULES:
        importlib.import_module(name)


def run(argv: Sequence[str], stdout: IO[str], stderr: IO[str]) -> int:
    """Run the command line ``argv`` (without the program name); return the exit code.

    Usage errors exit 2, rule-file problems and unreadable files exit 1.
    """
    parser = build_parser()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            args = parser.parse_args(list(argv))
        except SystemExit as exc:  # argparse: --help, --version, or a usage error
            return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    runner: Runner = args.runner
    try:
        return runner(args, stdout, stderr)
    except RulesError as exc:
        for problem in exc.problems:
            print(problem, file=stderr)
        return 1
    except CardRulesError as exc:
        print(f"cardrules: {exc}", file=stderr)
        return 1
    except BrokenPipeError:
        raise  # the reader went away (cardrules list | head): main() ends quietly
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        print(f"cardrules: cannot read{where}: {exc.strerror or exc}", file=stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run with the process's arguments and streams, then exit."""
    try:
        code = run(sys.argv[1:] if argv is None else argv, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        code = 130
    except BrokenPipeError:
        code = 0
    except Exception as exc:  # a bug: say so in one line rather than a traceback
        print(
            f"cardrules: internal error: {type(exc).__name__}: {exc} "
            "(please report it with the command that caused it)",
            file=sys.stderr,
        )
        code = 70
    sys.stdout.flush()
    return code


# --------------------------------------------------------------------------- list


@command("list", "list the bundled games and house rules")
def _list(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
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


# --------------------------------------------------------------------------- validate


@command("schema", "print the JSON Schema of rule files (for editors and other tools)")
def _schema(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from cardrules.rules.bundled import data_dir

    out.write((data_dir("schemas") / "cardrules.schema.json").read_text(encoding="utf-8"))
    return 0


@command(
    "validate",
    "check rule files; exit 0 only when all are valid",
    arg("files", metavar="FILE", nargs="+", help="rule files (games or house rules)"),
    arg("--strict", action="store_true", help="treat warnings as errors"),
    arg(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text lines (default) or JSON for tools",
    ),
)
def _validate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from cardrules.rules.loader import validate

    results = [(file, validate(file, strict=args.strict)) for file in args.files]
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
                    print(problem, file=out)
        errors = sum(p.severity == ERROR for _, ps in results for p in ps)
        warnings = sum(p.severity == WARNING for _, ps in results for p in ps)
        files = f"{len(results)} file{'s' * (len(results) != 1)} checked"
        state = f"{len(invalid)} invalid" if invalid else "all valid"
        print(
            f"{files}: {state} ({_count(errors, 'error')}, {_count(warnings, 'warning')})", file=out
        )
    return 1 if invalid else 0


def _failed(problems: Sequence[Problem]) -> bool:
    return any(p.severity == ERROR for p in problems)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


# --------------------------------------------------------------------------- show


def assignment(text: str) -> tuple[str, Any]:
    """``key=value`` from ``--set``; the value is read as YAML (``true``, ``5``, ``[3, 2]``)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, e.g. wagers.loo=mixed: {text!r}")
    from cardrules.rules.yamlsafe import load_yaml

    try:
        data = load_yaml(value, "--set").data
    except RulesError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc.problems[0].message}") from None
    return key.strip(), data


def positive(text: str) -> int:
    """A whole number of at least 1, for counts such as ``--deals``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


#: The arguments every command that loads a variant shares.
VARIANT = arg("variant", metavar="VARIANT", help="a bundled name or alias, or a rule file")
HOUSE_RULES = arg(
    "-H",
    "--house-rule",
    dest="house_rules",
    action="append",
    default=[],
    metavar="HOUSE_RULE",
    help="apply a house rule (repeatable, in order)",
)
OVERRIDES = arg(
    "--set",
    dest="overrides",
    action="append",
    default=[],
    type=assignment,
    metavar="KEY=VALUE",
    help="override one option, e.g. wagers.loo=mixed",
)


@command(
    "show",
    "print the effective rules after every overlay, and where each value was set",
    VARIANT,
    HOUSE_RULES,
    OVERRIDES,
)
def _show(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from cardrules.rules.loader import resolve

    res = resolve(args.variant, args.house_rules, dict(args.overrides) or None)
    for problem in res.warnings:
        print(problem, file=err)
    label = " + ".join([res.rules.name, *res.rules.house_rules])
    print(f"# {res.rules.title or res.rules.name}: {label}", file=out)
    for line in _lines(res.rules, (), res.origin):
        print(line, file=out)
    return 0


_COMMENT_AT = 44


def _lines(
    section: Any,
    path: tuple[str, ...],
    origin: Callable[[tuple[str, ...]], str],
) -> list[str]:
    """The YAML-like lines of a model section, each value commented with its origin."""
    lines = []
    indent = "  " * len(path)
    for field in attrs.fields(type(section)):
        value = getattr(section, field.name)
        here = (*path, field.name)
        if attrs.has(type(value)):
            lines.append(f"{indent}{field.name}:")
            lines.extend(_lines(value, here, origin))
            continue
        text = f"{indent}{field.name}: {_yaml_value(value)}"
        lines.append(f"{text:<{_COMMENT_AT}} # {origin(here)}")
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
