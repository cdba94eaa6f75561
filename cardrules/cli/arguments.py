"""How a subcommand is declared, and the arguments and argument types several share.

Each subcommand is one function registered with :func:`command`, which also
declares its arguments (each made by :func:`arg`, as ``argparse.add_argument``
takes them); :func:`cardrules.cli.app.build_parser` adds every registered
subcommand to the parser, in the order they were registered::

    @command("describe", "explain a variant in words", VARIANT, HOUSE_RULES)
    def _describe(args, out, err):
        ...
        return 0

This module imports nothing of the rules or the engine, so that declaring
the commands costs nothing at start-up.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> p.add_argument(*VARIANT[0], **VARIANT[1]) and None
>>> p.add_argument(*HOUSE_RULES[0], **HOUSE_RULES[1]) and None
>>> p.parse_args(["put", "-H", "cotton-put"])
Namespace(variant='put', house_rules=['cotton-put'])
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

import attrs

from cardrules.errors import ERROR, Problem, RulesError

__all__ = [
    "EXIT_FOUND",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "HOUSE_RULES",
    "INCLUDE",
    "OVERRIDES",
    "VARIANT",
    "Argument",
    "Command",
    "Runner",
    "arg",
    "assignment",
    "command",
    "commands",
    "exit_codes",
    "missing_rule_file",
    "positive",
    "problem_text",
    "rule_file",
    "usage_error",
    "whole",
]

# --------------------------------------------------------------------------- exit codes

#: Exit code: the command did what was asked and found nothing wrong.
EXIT_OK = 0
#: Exit code: the command found something, as diff(1) does: a rule file is invalid, a
#: variant is not conformant, two variants differ, a ruling fails.
EXIT_FOUND = 1
#: Exit code: the command line is wrong: a bad argument, an unknown variant or house rule,
#: a player count the rules do not allow, a file named that does not exist.
EXIT_USAGE = 2
#: Exit code: interrupted with Ctrl-C (128 + SIGINT, as the shells use).
EXIT_INTERRUPTED = 130


def exit_codes(found: str = "a rule file is invalid") -> str:
    """The ``--help`` epilog that documents the exit codes; ``found`` says what exit 1 means
    for this command.

    >>> print(exit_codes("the variants differ"))
    exit codes:
      0    success
      1    the variants differ
      2    usage error: a bad argument, an unknown variant, a bad player count
      130  interrupted (Ctrl-C)
    """
    return (
        "exit codes:\n"
        f"  {EXIT_OK:<4} success\n"
        f"  {EXIT_FOUND:<4} {found}\n"
        f"  {EXIT_USAGE:<4} usage error: a bad argument, an unknown variant, a bad player count\n"
        f"  {EXIT_INTERRUPTED:<4} interrupted (Ctrl-C)"
    )


#: A subcommand's work: ``runner(args, stdout, stderr) -> exit code``.
Runner = Callable[[argparse.Namespace, IO[str], IO[str]], int]
#: An argument as ``argparse.add_argument`` takes it: the names, then the options.
Argument = tuple[tuple[str, ...], dict[str, Any]]


@attrs.frozen
class Command:
    """A registered subcommand: its name, its help, its arguments and its runner; ``epilog``
    ends its ``--help`` (what its exit codes mean, and any notes)."""

    name: str
    help: str
    arguments: tuple[Argument, ...]
    runner: Runner
    epilog: str = ""


_COMMANDS: dict[str, Command] = {}


def arg(*names: str, **options: Any) -> Argument:
    """An argument of a subcommand, as ``argparse.add_argument`` takes it.

    >>> arg("--deals", type=int, default=1000)
    (('--deals',), {'type': <class 'int'>, 'default': 1000})
    """
    return names, options


def command(
    name: str, help: str, *arguments: Argument, epilog: str = ""
) -> Callable[[Runner], Runner]:
    """Register ``runner(args, stdout, stderr) -> exit code`` as the subcommand ``name``.

    ``epilog`` ends its ``--help``; without one, :func:`exit_codes` is used (exit 1 when
    a rule file is invalid). Lines of the epilog are printed as written.
    """

    def register(runner: Runner) -> Runner:
        _COMMANDS[name] = Command(name, help, arguments, runner, epilog or exit_codes())
        return runner

    return register


def commands() -> Iterable[Command]:
    """The registered subcommands, in the order they were registered."""
    return list(_COMMANDS.values())


# --------------------------------------------------------------------------- problems


_OPTIONS_OF_RULES = (
    "-H",
    "--house-rule",
    "-HA",
    "--house-rule-a",
    "-H2",
    "--house-rule2",
    "--compare",
)


def problem_text(problem: Problem, args: argparse.Namespace) -> str:
    """A problem as the command line prints it: ``file:line:col: error: ...`` when it is in
    a rule file; when it is about an argument, naming the argument.

    >>> args = argparse.Namespace(command="show", variant="put", argv=["show", "pux"])
    >>> print(problem_text(Problem("<arguments>", 0, 0, "no game is named 'pux'"), args))
    cardrules show: error: argument 'pux': no game is named 'pux'
    """
    where = _argument_named(problem, getattr(args, "argv", []), args)
    if where is None:
        return str(problem)
    return f"cardrules {args.command}: {problem.severity}: {where}"


def usage_error(problems: Iterable[Problem], args: argparse.Namespace) -> bool:
    """Whether every error among ``problems`` is about an argument (exit 2, not 1)."""
    return all(
        p.severity != ERROR or _argument_named(p, getattr(args, "argv", []), args) is not None
        for p in problems
    )


def _argument_named(problem: Problem, argv: list[str], args: argparse.Namespace) -> str | None:
    """The problem as a message naming the command-line argument it is about, e.g.
    ``argument --set wagers.lo=mixed: unknown key 'lo' in wagers (did you mean 'loo'?)``;
    None when it is a problem inside a rule file."""
    # Start-up time: the rules layer is imported only when rules were loaded.
    from cardrules.rules.overlay import ARGUMENTS, OVERRIDES

    text = problem.message + (f" ({problem.suggestion})" if problem.suggestion else "")
    if problem.file == OVERRIDES:
        given = [a for a in _values_of(argv, ("--set", "--set-a", "--set2")) if "=" in a[1]]
        for option, value in given:
            key = value.partition("=")[0].strip()
            if (
                problem.key == key
                or problem.key.startswith(key + ".")
                or (problem.key and key.startswith(problem.key + "."))
            ):
                return f"argument {option} {value}: {text}"
        return f"argument --set: {text}"
    quoted = re.findall(r"'([^']*)'", problem.message)
    if (
        problem.file == ARGUMENTS
        or problem.kind == "not-a-game"
        or (problem.kind == "file" and problem.line == 0 and problem.file in argv)
    ):
        name = problem.file if problem.kind == "file" else quoted[0] if quoted else ""
        for option, value in _values_of(argv, _OPTIONS_OF_RULES):
            if value == name:
                return f"argument {option} {value!r}: {text}"
        positional = _positional(args, name)
        if problem.kind == "not-a-game":
            how = f"cardrules {args.command} GAME -H {name}"
            text = f"{problem.message} (apply it to a game: {how})"
        if positional is not None:
            return f"argument {positional} {name!r}: {text}"
        if problem.file == ARGUMENTS:
            return f"argument {name!r}: {text}" if name else text
    return None


def _values_of(argv: list[str], options: Sequence[str]) -> list[tuple[str, str]]:
    """The values given to ``options`` on the command line, with the option given."""
    found = []
    for i, token in enumerate(argv):
        option, eq, value = token.partition("=")
        if option in options and option.startswith("--") and eq:
            found.append((option, value))
        elif token in options and i + 1 < len(argv):
            found.append((token, argv[i + 1]))
    return found


def _positional(args: argparse.Namespace, value: str) -> str | None:
    """The name (as ``--help`` shows it) of the positional argument given ``value``."""
    names = {"variant": "VARIANT", "a": "A", "b": "B", "file": "FILE", "files": "FILE"}
    for dest, shown in names.items():
        given = getattr(args, dest, None)
        if given == value or (isinstance(given, list) and value in given):
            return shown
    return None


# --------------------------------------------------------------------------- rule files


def rule_file(text: str) -> str:
    """The file a FILE argument names (see :func:`cardrules.rules.loader.rule_file`).

    >>> rule_file("house/ours.yaml")
    'house/ours.yaml'
    """
    # Start-up time: the loader is imported only when a FILE argument is read.
    from cardrules.rules.loader import rule_file as named_file

    return named_file(text)


def missing_rule_file(text: str) -> Problem:
    """The problem of a FILE argument that names neither a file nor a bundled variant (see
    :func:`cardrules.rules.loader.missing_rule_file`).

    >>> print(missing_rule_file("fiv-card-loo").suggestion)
    did you mean 'five-card-loo'? A rule file's path is written as it is, e.g. ./my-loo.yaml
    """
    # Start-up time, as in rule_file.
    from cardrules.rules.loader import missing_rule_file as missing

    return missing(text)


# --------------------------------------------------------------------------- types


def assignment(text: str) -> tuple[str, Any]:
    """``key=value`` from ``--set``; the value is read as YAML (``true``, ``5``, ``[3, 2]``).

    >>> assignment("wagers.loo=mixed"), assignment("deal.hand_size=5")
    (('wagers.loo', 'mixed'), ('deal.hand_size', 5))
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, e.g. wagers.loo=mixed: {text!r}")
    # Start-up time: yaml is imported only when a --set is given, not to build the parser.
    from cardrules.rules.yamlsafe import load_yaml

    try:
        data = load_yaml(value, "--set").data
    except RulesError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc.problems[0].message}") from None
    return key.strip(), data


def positive(text: str) -> int:
    """A whole number of at least 1, for counts such as ``--deals``.

    >>> positive("3")
    3
    >>> positive("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be at least 1: 0
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def whole(text: str) -> int:
    """A whole number, for a seat or a seed.

    >>> whole("-2")
    -2
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


# --------------------------------------------------------------------------- shared arguments

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
INCLUDE = arg(
    "--include",
    dest="include",
    action="append",
    default=[],
    metavar="DIR",
    help="also look up the references of rule files (extends:, house_rules:, applies_to:) "
    "in the folder DIR, and let them lead into it (repeatable); without it a reference "
    "stays in the folder of the file that makes it",
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
