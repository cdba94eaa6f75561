"""Starting a child process that a test will interrupt with Ctrl-C (SIGINT).

A test run started in the background by a shell without job control (``cmd &`` in a
script) inherits SIGINT *ignored*, and Python leaves a signal that was ignored when it
started ignored: such a child would never see the test's Ctrl-C. Each child is given
SIGINT's default action back before it runs, as at a terminal.
"""

from __future__ import annotations

import signal


def sigint_as_at_a_terminal() -> None:
    """``preexec_fn`` for :class:`subprocess.Popen`: SIGINT's default action in the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
