"""The ``cardrules`` command line: argument parsing, the subcommands and the terminal screen.

- :mod:`~cardrules.cli.app`: :func:`main`, ``run`` and the parser, assembled from the
  command modules;
- :mod:`~cardrules.cli.arguments`: how a subcommand is declared, and the arguments and
  argument types several share;
- :mod:`~cardrules.cli.rule_commands`: ``list``, ``schema``, ``validate`` and ``show``;
- :mod:`~cardrules.cli.engine_commands`: ``simulate``, ``rulings`` and ``replay``;
- :mod:`~cardrules.cli.play_commands`: ``play``;
- :mod:`~cardrules.cli.rulebook_commands`: ``describe``, ``diff`` and ``check``;
- :mod:`~cardrules.cli.terminal`: the game at the terminal, reading the person's moves;
- :mod:`~cardrules.cli.screen`: the table as a seat sees it, the menu of its actions,
  and the text helpers shared with the narration;
- :mod:`~cardrules.cli.narration`: the lines that tell a game as it goes, and its replay.

The top layer: it may import everything, and nothing imports it.
"""

from cardrules.cli.app import main

__all__ = ["main"]
