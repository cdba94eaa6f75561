"""What pytest leaves out where an optional dependency cannot be installed.

open_spiel, behind ``cardrules.openspiel`` (the ``[openspiel]`` extra), is published for
Python 3.11 and later only: on an older Python its module, its guide and its tests are not
collected (rather than collected and skipped). Everywhere else they run, and fail if
open_spiel is missing.
"""

from __future__ import annotations

import sys

collect_ignore: list[str] = []
if sys.version_info < (3, 11):
    collect_ignore += [
        "cardrules/openspiel.py",
        "docs/openspiel.md",
        "tests/test_openspiel.py",
    ]
