"""Where the shipped data lives: the bundled rule files and the JSON Schemas.

An installed wheel carries them inside the package (``cardrules/_data``); a source checkout
has them at the top of the repository, beside the package.

>>> (data_dir("schemas") / "cardrules.schema.json").is_file()
True
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["SOURCE_ROOT", "data_dir"]

#: The top of a source checkout (the folder that holds ``cardrules/``, ``variants/``, ``docs/``).
SOURCE_ROOT = Path(__file__).resolve().parents[2]


def data_dir(folder: str) -> Traversable:
    """The folder of shipped data (``variants`` or ``schemas``)."""
    packaged = importlib.resources.files("cardrules") / "_data" / folder
    if packaged.is_dir():
        return packaged
    return SOURCE_ROOT / folder
