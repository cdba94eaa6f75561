"""``python -m cardrules.tools.rulebook``: write, check or print the rulebooks.

See :func:`cardrules.tools.rulebook.writer.main` for the arguments.
"""

from __future__ import annotations

from cardrules.tools.rulebook.writer import main

if __name__ == "__main__":
    raise SystemExit(main())
