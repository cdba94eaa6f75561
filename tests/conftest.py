"""pytest collects every rulings file under tests/rulings as a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardrules.tools.rulings import load_ruling, run_ruling

RULINGS = Path(__file__).parent / "rulings"


def pytest_collect_file(parent: Any, file_path: Path) -> Any:
    if file_path.suffix == ".yaml" and RULINGS in file_path.parents:
        return RulingFile.from_parent(parent, path=file_path)
    return None


class RulingFile(pytest.File):
    def collect(self) -> Any:
        yield RulingItem.from_parent(self, name=self.path.stem)


class RulingItem(pytest.Item):
    def runtest(self) -> None:
        result = run_ruling(load_ruling(self.path))
        if not result.ok:
            lines = [f"{result.ruling.title} [{result.ruling.source}]"]
            lines += [f"  {f}" for f in result.failures]
            raise RulingFailed("\n".join(lines))

    def repr_failure(self, excinfo: Any, style: Any = None) -> Any:
        if isinstance(excinfo.value, RulingFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> Any:
        return self.path, 0, f"ruling: {self.name}"


class RulingFailed(Exception):
    """A ruling's expectations did not hold."""
