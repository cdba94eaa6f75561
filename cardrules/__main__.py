"""``python -m cardrules``: the same as the ``cardrules`` command."""

from cardrules.cli.app import main

if __name__ == "__main__":
    raise SystemExit(main())
