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
from collections.abc import Callable, Iterable
from typing import IO, Any

import attrs

from cardrules.errors import RulesError

__all__ = [
    "HOUSE_RULES",
    "OVERRIDES",
    "VARIANT",
    "Argument",
    "Command",
    "Runner",
    "arg",
    "assignment",
    "command",
    "commands",
    "positive",
    "whole",
]

#: A subcommand's work: ``runner(args, stdout, stderr) -> exit code``.
Runner = Callable[[argparse.Namespace, IO[str], IO[str]], int]
#: An argument as ``argparse.add_argument`` takes it: the names, then the options.
Argument = tuple[tuple[str, ...], dict[str, Any]]


@attrs.frozen
class Command:
    """A registered subcommand: its name, its help, its arguments and its runner."""

    name: str
    help: str
    arguments: tuple[Argument, ...]
    runner: Runner


_COMMANDS: dict[str, Command] = {}


def arg(*names: str, **options: Any) -> Argument:
    """An argument of a subcommand, as ``argparse.add_argument`` takes it.

    >>> arg("--deals", type=int, default=1000)
    (('--deals',), {'type': <class 'int'>, 'default': 1000})
    """
    return names, options


def command(name: str, help: str, *arguments: Argument) -> Callable[[Runner], Runner]:
    """Register ``runner(args, stdout, stderr) -> exit code`` as the subcommand ``name``."""

    def register(runner: Runner) -> Runner:
        _COMMANDS[name] = Command(name, help, arguments, runner)
        return runner

    return register


def commands() -> Iterable[Command]:
    """The registered subcommands, in the order they were registered."""
    return list(_COMMANDS.values())


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
OVERRIDES = arg(
    "--set",
    dest="overrides",
    action="append",
    default=[],
    type=assignment,
    metavar="KEY=VALUE",
    help="override one option, e.g. wagers.loo=mixed",
)
