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
import os
import random
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING

from cardrules.cli.arguments import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    HOUSE_RULES,
    VARIANT,
    arg,
    command,
    positive,
    whole,
)

if TYPE_CHECKING:
    from cardrules.engine.session import Session
    from cardrules.players.base import Bot

BOT_NAMES = ("random", "heuristic", "mc")  # as cardrules.players.registry, without importing it


def make_bots(name: str | None, seats: list[int], seed: int) -> tuple[dict[int, Bot], str]:
    """One bot for each seat, each with its own random stream drawn from ``seed``; and the
    name of the kind actually used (random when the one asked for is not available).

    >>> bots, used = make_bots("random", [1, 2], seed=1)
    >>> sorted(bots), used
    ([1, 2], 'random')
    """
    # Start-up time: the bots (and the engine) are imported when a game starts.
    from cardrules.players.registry import make_bot

    used = name or "heuristic"
    out: dict[int, Bot] = {}
    for seat in seats:
        out[seat] = make_bot(used, random.Random(f"cardrules-bot:{seed}:{seat}"))
    return out, used


def _reader(out: IO[str], stdin: IO[str]) -> Callable[[str], str]:
    """Read one line after showing ``prompt``; EOFError at the end of input.

    At a terminal the builtin :func:`input` reads it (the terminal echoes what
    is typed); from a pipe the line read is echoed, so that the output reads
    as a transcript.
    """
    interactive = out is sys.stdout and stdin is sys.stdin and stdin.isatty()

    def read(prompt: str) -> str:
        if interactive:
            return input(prompt)
        out.write(prompt)
        out.flush()
        line = stdin.readline()
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
    arg("--players", type=positive, metavar="N", help="players at the table (default: the rules')"),
    arg("--seat", type=whole, default=0, metavar="K", help="your seat, from 0 (default 0)"),
    arg(
        "--bots",
        choices=BOT_NAMES,
        default=None,
        help="how the other seats play (default heuristic)",
    ),
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
)
def _play(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    # Start-up time: the game, the engine and the loader are imported when a game starts,
    # not to build the parser.
    from cardrules.cli.terminal import play_game
    from cardrules.engine.session import Origin, Session  # start-up time, as above
    from cardrules.rules.loader import load_variant  # start-up time, as above

    rules = load_variant(args.variant, args.house_rules)
    players = rules.players.default if args.players is None else args.players
    if not rules.players.min <= players <= rules.max_players:
        print(
            f"cardrules: {rules.name} is played by {rules.players.min} to "
            f"{rules.max_players} players, not {players}",
            file=err,
        )
        return 2
    if not 0 <= args.seat < players:
        print(f"cardrules: --seat must be 0 to {players - 1} at a table of {players}", file=err)
        return 2
    if args.record is not None:
        folder = os.path.dirname(os.path.abspath(args.record))
        if not os.path.isdir(folder) or os.path.isdir(args.record):
            print(
                f"cardrules: cannot write the record to {args.record}: no such folder"
                if not os.path.isdir(folder)
                else f"cardrules: cannot write the record to {args.record}: it is a folder",
                file=err,
            )
            return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    session = Session(
        rules, players, seed=seed, origin=Origin(args.variant, tuple(args.house_rules))
    )
    others = [s for s in range(players) if s != args.seat]
    bots, used = make_bots(args.bots, others, seed)
    if args.bots is not None and used != args.bots:
        print(
            f"cardrules: the {args.bots} bot is not available; the others play at random", file=err
        )
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
            session, args.seat, bots, _reader(out, sys.stdin), write, deals=args.deals, title=label
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
        with open(path, "w", encoding="utf-8") as f:
            f.write(dumps(session.record()))
    except OSError as exc:
        print(f"cardrules: cannot write the record to {path}: {exc.strerror or exc}", file=err)
        return 1
    print(f"Game record saved to {path}; see it again with: cardrules replay {path}", file=out)
    return 0
