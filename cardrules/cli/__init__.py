"""The ``cardrules`` command line: argument parsing, the subcommands and the terminal screen.

The top layer: it may import everything, and nothing imports it.
"""

from cardrules.cli.app import main

__all__ = ["main"]
