"""The ``play`` subcommand: a person at the terminal against bots.

It registers itself with :func:`cardrules.cli.arguments.command`; the game itself is
:func:`cardrules.cli.terminal.play_game`, which this module connects to the
process's input and output.

>>> import io, sys
>>> from cardrules.cli.app import run
>>> out, err = io.StringIO(), io.StringIO()
>>> stdin, sys.stdin = sys.stdin, io.StringIO("quit\\n")
>>> try:
...     code = run(["play", "three-card-loo", "--players", "4", "--seed", "3",
...                 "--bots", "random"], out, err)
... finally:
...     sys.stdin = stdin
>>> code, out.getvalue().splitlines()[0]
(0, 'three-card-loo: 4 players, seed 3; you are seat 0. Type ? for help, q to quit.')
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING

from cardrules.cli.arguments import (
    EXIT_FOUND,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    HOUSE_RULES,
    INCLUDE,
    OVERRIDES,
    VARIANT,
    arg,
    command,
    exit_codes,
    positive,
    whole,
)
from cardrules.errors import ArgumentValueError, CardRulesError, FileError
from cardrules.files import RECORD, check_writable, write_text

if TYPE_CHECKING:
    from cardrules.engine.session import Session
    from cardrules.players.base import Bot

BOT_NAMES = ("random", "heuristic", "mc")  # as cardrules.players.registry, without importing it

#: What ``--bots`` accepts, for the help texts (``cardrules play --help``, docs/playing.md).
BOTS_HELP = (
    "how the other seats play: random (any legal action), heuristic (rules of thumb from "
    "the old texts; the default), mc (a Monte Carlo search of 32 samples of the unseen "
    "cards per action), mc:N (the same with N samples: more is stronger and slower); one "
    "name for every other seat, or a comma list with one per other seat in seat order, "
    "e.g. heuristic,mc:64,random"
)


def bot_names(text: str) -> list[str]:
    """The bots named by ``--bots``: one name, or a comma list (checked, not yet made).

    >>> bot_names("mc:64"), bot_names("heuristic, random")
    (['mc:64'], ['heuristic', 'random'])
    >>> bot_names("mc:0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'mc:0': N of mc:N must be a whole number of at least 1
    """
    names = [n.strip().lower() for n in text.split(",")]
    for name in names:
        kind, colon, samples = name.partition(":")
        if kind not in BOT_NAMES or (colon and kind != "mc"):
            close = difflib.get_close_matches(kind, BOT_NAMES, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise argparse.ArgumentTypeError(
                f"{name!r}: not a bot ({hint}bots: random, heuristic, mc, mc:N)"
            )
        if colon and not (samples.isascii() and samples.isdigit() and 0 < int(samples) < 10**6):
            raise argparse.ArgumentTypeError(
                f"{name!r}: N of mc:N must be a whole number of at least 1"
            )
    return names


def make_bots(
    name: str | list[str] | None, seats: list[int], seed: int
) -> tuple[dict[int, Bot], str]:
    """One bot for each seat, each with its own random stream drawn from ``seed``; and the
    names of the bots, as the first line shows them. ``name`` is one name for every seat,
    or a list: one name (for all), or one per seat of ``seats`` in order.

    >>> bots, used = make_bots("random", [1, 2], seed=1)
    >>> sorted(bots), used
    ([1, 2], 'random')
    >>> make_bots(["random", "mc:8"], [0, 2], seed=1)[1]
    'random,mc:8'
    """
    # Start-up time: the bots (and the engine) are imported when a game starts.
    from cardrules.players.registry import make_bot

    names = [name or "heuristic"] if not isinstance(name, list) else name or ["heuristic"]
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise ArgumentValueError(
            f"--bots names {len(names)} bots for the {len(seats)} other seats: "
            "give one name, or one per other seat"
        )
    out: dict[int, Bot] = {}
    for seat, bot in zip(seats, names, strict=True):
        out[seat] = make_bot(bot, random.Random(f"cardrules-bot:{seed}:{seat}"))
    used = names[0] if len(set(names)) == 1 else ",".join(names)
    return out, used


def _reader(out: IO[str], stdin: IO[str]) -> Callable[[str], str]:
    """Read one line after showing ``prompt``; EOFError at the end of input.

    At a terminal the builtin :func:`input` reads it (the terminal echoes what
    is typed); from a pipe the line read is echoed, so that the output reads
    as a transcript. Bytes that are not text in the input's encoding are read as
    U+FFFD (junk, answered as any line not understood), whatever the locale.
    """
    interactive = out is sys.stdout and stdin is sys.stdin and stdin.isatty()
    raw = getattr(stdin, "buffer", None)
    encoding = getattr(stdin, "encoding", None) or "utf-8"

    def read(prompt: str) -> str:
        if interactive:
            try:
                return input(prompt)
            except UnicodeDecodeError:
                return "\ufffd"
        out.write(prompt)
        out.flush()
        line = str(raw.readline(), encoding, "replace") if raw is not None else stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        out.write(line + "\n")
        return line

    return read


@command(
    "play",
    "play a variant at the terminal against bots",
    VARIANT,
    HOUSE_RULES,
    OVERRIDES,
    INCLUDE,
    arg("--players", type=positive, metavar="N", help="players at the table (default: the rules')"),
    arg("--seat", type=whole, default=0, metavar="K", help="your seat, from 0 (default 0)"),
    arg("--bots", type=bot_names, default=None, metavar="BOTS", help=BOTS_HELP),
    arg(
        "--seed",
        type=whole,
        default=None,
        metavar="S",
        help="random seed: the same seed deals the same cards (default: a new game)",
    ),
    arg(
        "--deals",
        type=positive,
        default=None,
        metavar="N",
        help="stop after N deals (default: when the rules end the game)",
    ),
    arg(
        "--record", metavar="FILE", help="save the game record here when the game ends or you stop"
    ),
    arg(
        "--no-auto",
        dest="auto",
        action="store_false",
        help="always ask, even when there is only one thing you may do (by default a single "
        "legal card, and the last trick's card, are played for you)",
    ),
    epilog=exit_codes("the record could not be saved")
    + "\n\nAt the question, type the number of an action or the action itself (? for help,\n"
    "q to stop). Ctrl-C stops the game too, saving the record if asked (exit 130).",
)
def _play(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the game, the engine and the loader are imported when a game starts,
    # not to build the parser.
    from cardrules.cli.terminal import play_game
    from cardrules.engine.session import Origin, Session  # start-up time, as above
    from cardrules.rules.loader import load_variant  # start-up time, as above

    rules = load_variant(
        args.variant, args.house_rules, dict(args.overrides) or None, search_path=args.include
    )
    players = rules.players.default if args.players is None else args.players
    if not rules.players.min <= players <= rules.max_players:
        print(
            f"cardrules: {rules.name} is played by {rules.players.min} to "
            f"{rules.max_players} players, not {players}",
            file=err,
        )
        return EXIT_USAGE
    if not 0 <= args.seat < players:
        print(f"cardrules: --seat must be 0 to {players - 1} at a table of {players}", file=err)
        return EXIT_USAGE
    if args.record is not None:
        try:
            check_writable(args.record, RECORD)
        except FileError as exc:
            print(f"cardrules: {args.record}: {exc.problem.message}", file=err)
            return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    session = Session(
        rules, players, seed=seed, origin=Origin(args.variant, tuple(args.house_rules))
    )
    others = [s for s in range(players) if s != args.seat]
    try:
        bots, _ = make_bots(args.bots, others, seed)
    except CardRulesError as exc:
        print(f"cardrules play: error: argument --bots: {exc}", file=err)
        return EXIT_USAGE
    label = " + ".join([rules.name, *args.house_rules])
    print(
        f"{label}: {players} players, seed {seed}; you are seat {args.seat}. "
        "Type ? for help, q to quit.",
        file=out,
    )

    def write(line: str) -> None:
        print(line, file=out)

    try:
        reason = play_game(
            session,
            args.seat,
            bots,
            _reader(out, sys.stdin),
            write,
            deals=args.deals,
            title=label,
            auto=args.auto,
        )
    except BaseException:
        if args.record is not None:
            _save(session, args.record, out, err)
        raise
    code = EXIT_OK if args.record is None else _save(session, args.record, out, err)
    out.flush()
    return EXIT_INTERRUPTED if reason == "interrupted" else code


def _save(session: Session, path: str, out: IO[str], err: IO[str]) -> int:
    """Write the session's record to ``path``; 0, or 1 with a one-line message."""
    # Start-up time: the engine's record writer is imported when a record is saved.
    from cardrules.engine.record import dumps

    try:
        write_text(path, dumps(session.record()), RECORD)
    except FileError as exc:
        print(f"cardrules: {path}: {exc.problem.message}", file=err)
        return EXIT_FOUND
    print(f"Game record saved to {path}; see it again with: cardrules replay {path}", file=out)
    return 0
