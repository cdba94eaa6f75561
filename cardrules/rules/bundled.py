"""Where the shipped data lives: the bundled rule files and the JSON Schemas.

An installed wheel carries them inside the package (``cardrules/_data``); a source checkout
has them at the top of the repository, beside the package.

>>> (data_dir("schemas") / "cardrules.schema.json").is_file()
True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["SOURCE_ROOT", "data_dir"]

#: The top of a source checkout (the folder that holds ``cardrules/``, ``variants/``, ``docs/``).
SOURCE_ROOT = Path(__file__).resolve().parents[2]


#: Where an installed package on the file system keeps its data.
_PACKAGED = Path(__file__).resolve().parents[1] / "_data"


def data_dir(folder: str) -> Traversable:
    """The folder of shipped data (``variants`` or ``schemas``)."""
    if (_PACKAGED / folder).is_dir():
        return _PACKAGED / folder
    if (SOURCE_ROOT / folder).is_dir():
        return SOURCE_ROOT / folder
    # A package that is not a folder on the file system (in a zip, say): read through
    # importlib.resources, imported only then (it costs 8 ms of every command's start).
    import importlib.resources

    return importlib.resources.files("cardrules") / "_data" / folder
