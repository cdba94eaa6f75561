"""The ``cardrules`` command line: the parser assembled, the work run, the process served.

Three layers, as in jsonschema's command line: :func:`build_parser` reads the
arguments, :func:`run` does the work and returns the exit code (tests call it
with string buffers), :func:`main` connects it to the process.

The subcommands live in the modules of :data:`COMMAND_MODULES`, each
registered with :func:`cardrules.cli.arguments.command`, which also declares
its arguments; adding a subcommand touches nothing else::

    @command("describe", "explain a variant in words",
             arg("variant", help="a bundled name or a rule file"))
    def _describe(args, out, err):
        ...
        return 0

No traceback reaches the user: a :class:`~cardrules.errors.RulesError`
prints its problems and exits 1 (2 when the problem is with an argument, naming it), a
file that cannot be read is a one-line message. The exit codes are those of
:mod:`cardrules.cli.arguments` (:data:`~cardrules.cli.arguments.EXIT_USAGE` and the rest).

>>> import io
>>> out, err = io.StringIO(), io.StringIO()
>>> run(["validate", "no/such/file.yaml"], out, err)
2
>>> print(out.getvalue(), end="")
cardrules validate: error: argument FILE 'no/such/file.yaml': no such file
1 file checked: 1 invalid (1 error, 0 warnings)
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
import textwrap
from collections.abc import Sequence
from typing import IO

from cardrules import __version__
from cardrules.cli import arguments

# The names below were defined here before they moved to cardrules.cli.arguments; they are
# still importable from here.
from cardrules.cli.arguments import (
    EXIT_FOUND,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    HOUSE_RULES,
    OVERRIDES,
    VARIANT,
    Runner,
    arg,
    assignment,
    command,
    positive,
)
from cardrules.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    CardRulesError,
    FileError,
    RulesError,
)

__all__ = [
    "COMMAND_MODULES",
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

#: The modules that register the subcommands when imported, in the order ``--help``
#: lists them.
COMMAND_MODULES = (
    "cardrules.cli.rule_commands",
    "cardrules.cli.engine_commands",
    "cardrules.cli.play_commands",
    "cardrules.cli.rulebook_commands",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand.

    >>> build_parser().parse_args(["validate", "a.yaml", "--strict"]).strict
    True
    """
    parser = argparse.ArgumentParser(
        prog="cardrules",
        description="Trick-taking card games and their house rules as YAML rule files.",
        epilog=arguments.exit_codes("the command found something (see each COMMAND --help)"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="show the version, and whether the compiled modules are in use, and exit",
    )
    for name in COMMAND_MODULES:
        importlib.import_module(name)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for cmd in arguments.commands():
        p = sub.add_parser(
            cmd.name,
            help=cmd.help,
            description=textwrap.fill(cmd.help, 79),
            epilog=cmd.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        for names, options in cmd.arguments:
            p.add_argument(*names, **options)
        p.set_defaults(runner=cmd.runner)
    return parser


def version_text() -> str:
    """The version, and whether this installation runs the compiled (mypyc) modules.

    >>> version_text().startswith("cardrules ")
    True
    """
    text = f"cardrules {__version__}"
    try:
        # Start-up time, and the build may not have it: imported only for --version.
        compiled = importlib.import_module("cardrules.engine.compiled")
    except ImportError:
        return text
    used = compiled.compiled_modules()
    if not used:
        return f"{text} (pure Python: no compiled modules in use)"
    return f"{text} (compiled: {len(used)} of {len(compiled.COMPILED)} modules in use, by mypyc)"


class _Version(argparse.Action):
    """``--version``: the version line of :func:`version_text`, then exit 0."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(version_text())
        parser.exit()


def run(argv: Sequence[str], stdout: IO[str], stderr: IO[str]) -> int:
    """Run the command line ``argv`` (without the program name); return the exit code.

    The codes are those of :mod:`cardrules.cli.arguments`: 0 success, 1 something found
    (an invalid rule file, a variant that is not conformant, variants that differ), 2 a
    usage error (a bad argument, an unknown variant or house rule, a bad ``--set``),
    130 interrupted. A problem with an argument names the argument:

    >>> import io
    >>> err = io.StringIO()
    >>> run(["show", "put", "--set", "wagers.stake_lo=2"], io.StringIO(), err)
    2
    >>> print(err.getvalue(), end="")
    cardrules show: error: argument --set wagers.stake_lo=2: unknown key 'stake_lo' in wagers (did you mean 'stake_loo'?)
    """  # noqa: E501
    parser = build_parser()
    argv = list(argv)
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # argparse: --help, --version, or a usage error
            return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    runner: Runner = args.runner
    args.argv = argv  # for messages that name the argument a problem is about
    try:
        return runner(args, stdout, stderr)
    except RulesError as exc:
        for problem in exc.problems:
            print(arguments.problem_text(problem, args), file=stderr)
        return EXIT_USAGE if arguments.usage_error(exc.problems, args) else EXIT_FOUND
    except (ArgumentTypeError, ArgumentValueError) as exc:  # the API refused an argument
        text = str(exc).replace("search_path: ", "--include: ")
        print(f"cardrules {args.command}: error: {text}", file=stderr)
        return EXIT_USAGE
    except FileError as exc:  # a file named that is not there, or not a regular file
        print(f"cardrules: {exc}", file=stderr)
        return EXIT_USAGE if exc.kind in ("missing", "not-regular", "name") else EXIT_FOUND
    except CardRulesError as exc:
        print(f"cardrules: {exc}", file=stderr)
        return EXIT_FOUND
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        raise  # the reader went away (cardrules list | head): main() ends quietly
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        print(f"cardrules: cannot read{where}: {exc.strerror or exc}", file=stderr)
        return EXIT_FOUND


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run with the process's arguments and streams, then exit."""
    try:
        code = run(sys.argv[1:] if argv is None else argv, sys.stdout, sys.stderr)
    except KeyboardInterrupt:  # before or after run(): while starting, or while ending
        print("cardrules: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
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
