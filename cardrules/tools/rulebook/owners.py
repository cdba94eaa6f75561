"""Who states each rule of a rulebook: the bundled game, or a rule file of one's own.

A rule a bundled file states (a bundled game, the bundled game a file ``extends``, a bundled
house rule) cites where ``docs/sources.md`` or ``docs/families.md`` gives it. A rule a file
that is not bundled states (a game of one's own, a file that extends a bundled game and sets
an option itself, a house rule of one's own) is that file's: the rulebook cites the file,
``[polignac.yaml]``, and says in its preamble which sources the file names. Which file
states a rule is read from the resolution (:mod:`cardrules.rules.overlay` records the file
that set each key), never guessed from values: an option a file leaves as its bundled game
has it is the bundled game's, an option it sets is its own even where it sets the bundled
game's value again, and an option no file sets is the format's default, which a file that
extends a bundled game takes from that game and a game of one's own states itself.

>>> from cardrules.rules.loader import resolve
>>> owners = owners_of(resolve("five-card-loo"))
>>> owners.game.value, owners.stated_by("deal.hand_size") is None
('five-card loo', True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.rules.citations import Game, game_of
from cardrules.rules.loader import Resolution, list_variants, resolve
from cardrules.rules.model import Rules, field_class
from cardrules.rules.overlay import OVERRIDES, Provenance, Resolved, RuleFile

__all__ = [
    "ONE_WAY_PREFIX",
    "UNCITED",
    "OwnFile",
    "Owners",
    "owners_of",
    "set_by",
    "setter",
    "unsetter",
]

#: The prefix of the keys that cite a rule the engine plays one way (no option sets it).
ONE_WAY_PREFIX = "one_way."


@attrs.frozen
class OwnFile:
    """A rule file, not bundled, that states rules of its own.

    ``label`` is the file as a citation names it (its file name, ``polignac.yaml``);
    ``sources`` the file's own ``sources:``; ``role`` says what the file is: ``game``, a
    game of its own (it extends no bundled game), ``file``, a file that extends a game,
    or ``house_rule``.
    """

    label: str
    sources: tuple[str, ...] = ()
    role: str = "file"

    @property
    def citation(self) -> str:
        """``[polignac.yaml]``, or "" when the file names no source (nothing to cite).

        >>> OwnFile("ours.yaml", ("Parlett",)).citation, OwnFile("ours.yaml").citation
        ('[ours.yaml]', '')
        """
        return f"[{self.label}]" if self.sources and self.label else ""


#: What states a rule that nothing cites: an override of a game of one's own (the file does
#: not state the value given on the command line, and no bundled game does).
UNCITED = OwnFile("", (), "")


@attrs.frozen
class Owners:
    """Who states each rule of one rulebook.

    ``stated_by(key)`` is None where the bundled game states the option ``key`` (a dotted
    model path, or a ``one_way.`` key) as the rules have it, else the :class:`OwnFile` that
    does; ``game`` is the kind of game whose sections the bundled rules cite (the bundled
    game's own, whatever the file changes).
    """

    stated_by: Callable[[str], OwnFile | None]
    game: Game


def set_by(key: str) -> str:
    """The key that sets ``key``: itself, or the option a derived rule follows.

    >>> set_by("deal.hand_size")
    'deal.hand_size'
    """
    *path, name = key.split(".")
    cls: Any = Rules
    for part in path:
        cls = field_class(cls, part)
    follows = attrs.fields_dict(cls)[name].metadata.get("follows")
    return ".".join([*path, follows]) if follows else key


def setter(merged: Resolved, path: tuple[str, ...]) -> Provenance | None:
    """Where the value at ``path`` was set: the latest of it and of the entries under it (a
    table of values, card points, is set entry by entry), or None for the format's default.

    >>> setter(resolve("put-four-handed").merged, ("partnerships", "enabled")).source.file
    'variants/put-four-handed.yaml'
    """
    below = [p for p in merged.provenance if p[: len(path)] == path]
    latest = merged.latest(below)
    return merged.origin(latest) if latest is not None else None


def unsetter(merged: Resolved, path: tuple[str, ...]) -> RuleFile | None:
    """The last file applied whose ``unset`` returned ``path`` (or a key above or under it)
    to the format's default, or None: what states a value no file sets, when one unset it.

    >>> unsetter(resolve("five-card-loo").merged, ("players", "max")) is None
    True
    """
    for f in reversed(merged.files):
        unset = f.mapping.get("unset")
        if not isinstance(unset, list):
            continue
        for item in unset:
            if isinstance(item, str):
                parts = tuple(item.split("."))
                n = min(len(parts), len(path))
                if parts[:n] == path[:n]:
                    return f
    return None


def _label(f: RuleFile) -> str:
    return f.file.replace("\\", "/").rsplit("/", 1)[-1]


def _sources(f: RuleFile) -> tuple[str, ...]:
    found = f.mapping.get("sources")
    if not isinstance(found, list):
        return ()
    return tuple(s.strip() for s in found if isinstance(s, str) and s.strip())


def owners_of(res: Resolution, search_path: Sequence[str] = ()) -> Owners:
    """Who states each rule of the game ``res`` resolved, from where its values were set.

    ``search_path`` is the resolution's, for the bundled game a file extends.

    >>> from cardrules.rules.loader import resolve
    >>> owners = owners_of(resolve("five-card-loo", overrides={"wagers.stake_loo": 9}))
    >>> owners.stated_by("wagers.stake_loo") is None  # an override of a bundled game
    True
    """
    merged = res.merged
    bundled_keys: set[str] = set()

    def bundled(f: RuleFile) -> bool:
        # A bundled file, or the same file named by its path (from a checkout).
        if f.bundled:
            return True
        if not bundled_keys:
            bundled_keys.update(os.path.realpath(v.file) for v in list_variants())
        return f.key in bundled_keys

    games = [f for f in merged.files if f.key in merged.game_keys]
    bundled_games = [f for f in games if bundled(f)]
    base = bundled_games[-1] if bundled_games else None
    root = games[0] if games else None
    if base is not None:
        game = game_of(resolve(base.name, search_path=search_path).rules)
    else:
        game = game_of(res.rules)
    found: dict[str, OwnFile] = {}

    def own(f: RuleFile) -> OwnFile | None:
        if bundled(f):
            return None
        if f.key not in found:
            if f.key not in merged.game_keys:
                role = "house_rule"
            else:
                role = "game" if base is None and f is root else "file"
            found[f.key] = OwnFile(_label(f), _sources(f), role)
        return found[f.key]

    known: dict[str, OwnFile | None] = {}

    def stated_by(key: str) -> OwnFile | None:
        if key not in known:
            known[key] = _stated_by(key)
        return known[key]

    def _stated_by(key: str) -> OwnFile | None:
        origin = None
        path: tuple[str, ...] = ()
        if not key.startswith(ONE_WAY_PREFIX):
            path = tuple(set_by(key).split("."))
            origin = setter(merged, path)
        if origin is None:
            unset = unsetter(merged, path) if path else None
            if unset is not None and not bundled(unset):
                return own(unset)
            if base is not None or root is None:
                return None  # the bundled game's rule (or its default)
            return own(root)  # a game of one's own states even what it leaves as default
        if origin.source.file == OVERRIDES:
            return None if base is not None else UNCITED
        return own(origin.source)

    return Owners(stated_by, game)
