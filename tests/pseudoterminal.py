"""Reading what a command wrote to a pseudo-terminal, for the tests that run one as a
person would."""

from __future__ import annotations

import os


def read_all(master: int) -> bytes:
    """Everything written to the pseudo-terminal whose master end is ``master``, read until
    the command's end closes it (Linux reports that as an OSError, other systems as an
    empty read)."""
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    return b"".join(chunks)
