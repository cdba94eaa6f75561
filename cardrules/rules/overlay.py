"""Overlays: one merged mapping from a file, its ``extends`` chain and its house rules.

A rule file states only what differs from what it builds on. Resolving it
applies *layers* in order, each remembered with the file and place that set
every value (the *provenance*):

1. the file's ``extends`` base, resolved the same way (recursively);
2. the file's ``unset`` list: those dotted keys are removed from what it
   inherited, so they return to the format's defaults;
3. the file's own values: mappings merge deeply, anything else (a list, a
   scalar, a mapping replacing a scalar) replaces what was there;
4. the file's ``house_rules``, in order, each resolved like a file (its own
   ``extends``, ``unset``, values and house rules) but without its metadata
   (``name``, ``title``, ``kind``, ``aliases``, ``description``, ``sources``);
   its name is appended to the effective ``house_rules``.

House rules given by the caller come after the whole file, and ``overrides``
(nested or dotted keys) last of all, with the provenance ``<overrides>``.

At most :data:`MAX_CHAIN` files build on one another (bases, house rules' house rules),
at most :data:`MAX_FILES` are applied in all: the reference past either is an error.

Finding a file by name or path is the caller's business (a :class:`Finder`);
this module never reads the disk.

>>> game = RuleFile.of({"name": "g", "deal": {"hand_size": 5, "packets": [1]}}, "g.yaml")
>>> res = resolve(game, NO_FINDER, overrides={"deal.packets": [3, 2]})
>>> res.data["deal"], res.origin_text(("deal", "hand_size")), res.origin_text(("deal", "packets"))
({'hand_size': 5, 'packets': [3, 2]}, 'g.yaml', '<overrides>')
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from cardrules.errors import ARGUMENTS, ERROR, OVERRIDES, WARNING, Problem
from cardrules.rules.merging import copy_data, deep_merge, model_paths, nest_overrides
from cardrules.rules.model import RETIRED

if TYPE_CHECKING:
    from cardrules.rules.yamlsafe import Document

__all__ = [
    "ARGUMENTS",
    "FILE_KEYS",
    "IDENTITY_KEYS",
    "MAX_CHAIN",
    "MAX_FILES",
    "METADATA_KEYS",
    "NO_FINDER",
    "OVERRIDES",
    "Finder",
    "Provenance",
    "Resolved",
    "RuleFile",
    "deep_merge",
    "is_path",
    "model_paths",
    "nest_overrides",
    "resolve",
]

PathKey = tuple[str | int, ...]

#: Keys that say how a file is put together; they are never merged into the rules.
FILE_KEYS = ("$schema", "extends", "applies_to", "unset", "house_rules")
#: Keys that describe a file; a house rule's are not merged into the game it changes.
METADATA_KEYS = ("name", "title", "kind", "aliases", "description", "sources")
#: Keys that say which game a file is: never inherited from its base.
IDENTITY_KEYS = ("name", "title", "aliases")
#: The most files that may build on one another (``extends:`` and ``house_rules:``
#: nested); going past it is a located error.
MAX_CHAIN = 32
#: The most files applied in resolving one game (each application counts).
MAX_FILES = 256


@attrs.frozen
class RuleFile:
    """One rule file as read: its identity, the name shown for it, and its data.

    ``key`` identifies the file (two references to the same file share it);
    ``file`` is the name printed in problems; ``doc`` gives positions (None for
    data that came from Python); ``problems`` are those found reading it;
    ``folder`` is where its relative references are looked up (the finder's
    business).
    """

    key: str
    file: str
    data: object
    doc: Document | None = None
    problems: tuple[Problem, ...] = ()
    folder: Any = None
    bundled: bool = False

    @classmethod
    def of(cls, data: object, file: str, doc: Document | None = None) -> RuleFile:
        """A rule file made from data (``file`` names it and is its key)."""
        return cls(key=file, file=file, data=data, doc=doc)

    @property
    def mapping(self) -> dict[str, Any]:
        """The data when it is a mapping, else an empty one (the schema reports why)."""
        return self.data if isinstance(self.data, dict) else {}

    @property
    def kind(self) -> str | None:
        """``game`` or ``house_rule`` when the file says so, else None."""
        kind = self.mapping.get("kind")
        return kind if kind in ("game", "house_rule") else None

    @property
    def name(self) -> str:
        """The file's ``name``, or its file name without the extension."""
        name = self.mapping.get("name")
        if isinstance(name, str) and name:
            return name
        stem = self.file.replace("\\", "/").rsplit("/", 1)[-1]
        for ext in (".yaml", ".yml"):
            stem = stem.removesuffix(ext)
        return stem

    def position(self, path: Sequence[str | int], *, key: bool = False) -> tuple[int, int]:
        """(line, column) of the value (or key) at ``path``; (0, 0) without a document."""
        return self.doc.position(path, key=key) if self.doc is not None else (0, 0)


class Finder(Protocol):
    """Finds the rule file a reference names (a bundled name or a path)."""

    def find(self, ref: str, near: RuleFile | None) -> RuleFile | None:
        """The file ``ref`` names, seen from ``near`` (None: the caller); None if none."""

    def suggest(self, ref: str, near: RuleFile | None) -> str | None:
        """The closest existing reference to a ``ref`` that names nothing."""


class _NoFinder:
    """Finds nothing: for data without references."""

    def find(self, ref: str, near: RuleFile | None) -> RuleFile | None:
        return None

    def suggest(self, ref: str, near: RuleFile | None) -> str | None:
        return None


#: A :class:`Finder` that finds nothing (for data without references).
NO_FINDER: Finder = _NoFinder()


@attrs.frozen
class Provenance:
    """Where a value of the merged mapping was set: a file, its path in that file,
    and the step at which it was applied (later steps override earlier ones)."""

    source: RuleFile
    path: PathKey
    step: int

    def position(self, rest: Sequence[str | int] = (), *, key: bool = False) -> tuple[int, int]:
        """(line, column) of this value, or of a place inside it (``rest``)."""
        return self.source.position((*self.path, *rest), key=key)

    def text(self) -> str:
        """``file:line`` of the value, or the file alone when it has no positions."""
        line, _ = self.position()
        return f"{self.source.file}:{line}" if line else self.source.file


@attrs.define
class Resolved:
    """The result of :func:`resolve`: merged data, where each value came from, and
    what went wrong.

    ``data`` holds only rule keys (no ``extends``, ``unset``...); ``provenance``
    maps every path of ``data`` (mappings and leaves) to its :class:`Provenance`;
    ``files`` lists every file read, in the order it was applied; ``top`` is the
    file resolved (None when only house rules were applied to the defaults).
    """

    data: dict[str, Any] = attrs.Factory(dict)
    provenance: dict[PathKey, Provenance] = attrs.Factory(dict)
    problems: list[Problem] = attrs.Factory(list)
    files: list[RuleFile] = attrs.Factory(list)
    house_rules: list[str] = attrs.Factory(list)
    game_keys: set[str] = attrs.Factory(set)
    top: RuleFile | None = None

    def origin(self, path: Sequence[str | int]) -> Provenance | None:
        """The origin of exactly ``path``, or None when the format's default applies."""
        return self.provenance.get(tuple(path))

    def origin_text(self, path: Sequence[str | int]) -> str:
        """``file:line`` that set ``path``, or ``default``.

        >>> Resolved().origin_text(("deal", "miss"))
        'default'
        """
        found = self.origin(path)
        return found.text() if found is not None else "default"

    def locate(self, path: Sequence[str | int], *, key: bool = False) -> tuple[str, int, int]:
        """(file, line, column) for a problem at ``path``: the file that set the value
        there, or for a missing value the nearest existing node on the path."""
        whole = tuple(path)
        for end in range(len(whole), 0, -1):
            found = self.provenance.get(whole[:end])
            if found is not None:
                line, col = found.position(whole[end:], key=key and end == len(whole))
                return found.source.file, line, col
        if self.top is not None:
            return (self.top.file, *self.top.position(()))
        return "<defaults>", 0, 0

    def latest(self, paths: Iterable[Sequence[str | int]]) -> PathKey | None:
        """Of ``paths``, the one whose value was set last (None if all are defaults).

        A problem that involves several values is shown where the most recent
        of them was set: that is the change that made the rules inconsistent.
        """
        best: tuple[int, PathKey] | None = None
        for path in paths:
            found = self.provenance.get(tuple(path))
            if found is not None and (best is None or found.step > best[0]):
                best = (found.step, tuple(path))
        return None if best is None else best[1]

    def set_leaves(self, prefix: Sequence[str | int]) -> list[PathKey]:
        """Every leaf at or under ``prefix`` that some file set (sorted by path)."""
        p = tuple(prefix)
        n = len(p)
        return sorted(
            (
                path
                for path in self.provenance
                if path[:n] == p and not isinstance(_get(self.data, path), dict)
            ),
            key=str,
        )


def resolve(
    top: RuleFile | None,
    finder: Finder,
    house_rules: Sequence[str | RuleFile] = (),
    overrides: Mapping[str, Any] | None = None,
) -> Resolved:
    """Merge ``top`` with its chain, then ``house_rules``, then ``overrides``.

    Never raises for bad input: problems (missing bases, cycles, bad ``unset``)
    are collected in :attr:`Resolved.problems`, together with the reading
    problems of every file involved. Files are not schema-checked here.

    >>> base = RuleFile.of({"name": "base", "wagers": {"stake_deal": 3, "stake_loo": 6}}, "base")
    >>> child = RuleFile.of({"extends": "base", "unset": ["wagers.stake_loo"],
    ...                      "wagers": {"loo": "mixed"}}, "child")
    >>> class One:
    ...     def find(self, ref, near): return base if ref == "base" else None
    ...     def suggest(self, ref, near): return None
    >>> resolve(child, One()).data  # the child's identity is its own: named by its file
    {'wagers': {'stake_deal': 3, 'loo': 'mixed'}, 'name': 'child'}
    """
    resolver = _Resolver(finder)
    resolver.out.top = top
    if top is not None:
        role = "house_rule" if top.kind == "house_rule" else "game"
        resolver.apply(top, role, ())
    for ref in house_rules:
        resolver.house_rule(ref, None, (), ())
    if overrides:
        resolver.overrides(overrides)
    if resolver.house_origin is not None:
        resolver.out.data["house_rules"] = list(resolver.out.house_rules)
        resolver.out.provenance[("house_rules",)] = resolver.house_origin
    return resolver.out


class _Resolver:
    """Applies layers onto one mapping, recording provenance and problems."""

    def __init__(self, finder: Finder) -> None:
        self.finder = finder
        self.out = Resolved()
        self.step = 0
        self.reported: set[str] = set()
        self.house_origin: Provenance | None = None
        self.applied = 0

    # ------------------------------------------------------------------ problems

    def problem(
        self,
        source: RuleFile,
        path: PathKey,
        message: str,
        suggestion: str,
        kind: str,
        severity: str = ERROR,
    ) -> None:
        line, col = source.position(path)
        self.out.problems.append(
            Problem(source.file, line, col, message, suggestion, severity=severity, kind=kind)
        )

    def read(self, f: RuleFile) -> None:
        """Note a file's reading problems (once per file)."""
        if f.key not in self.reported:
            self.reported.add(f.key)
            self.out.problems.extend(f.problems)

    # ------------------------------------------------------------------ layers

    def too_deep(self, near: RuleFile, site: PathKey, stack: tuple[RuleFile, ...]) -> bool:
        """Whether one more file at ``site`` goes past MAX_CHAIN or MAX_FILES (reported once)."""
        if len(stack) < MAX_CHAIN and self.applied < MAX_FILES:
            return False
        if not any(p.kind == "too-long" for p in self.out.problems):
            limit = f"{MAX_CHAIN} files build on one another" if len(stack) >= MAX_CHAIN else ""
            message = f"more than {limit or f'{MAX_FILES} files are applied in all'} here"
            hint = "shorten the chain of 'extends:' and 'house_rules:'"
            self.problem(near, site, message, hint, "too-long")
        return True

    def apply(self, f: RuleFile, role: str, stack: tuple[RuleFile, ...]) -> None:
        """Apply ``f`` (its base, unset, values and house rules) as a game or a house rule."""
        self.applied += 1
        self.read(f)
        if role == "game":
            self.out.game_keys.add(f.key)
        data = f.mapping
        inner = (*stack, f)
        base_ref = data.get("extends")
        if isinstance(base_ref, str) and base_ref:
            base = self.find(
                base_ref,
                f,
                ("extends",),
                "missing-base",
                "no such file"
                if is_path(base_ref)
                else "no bundled game or house rule of that name",
            )
            ok = base is not None and self.acyclic(base, f, ("extends",), inner)
            if ok and base is not None and not self.too_deep(f, ("extends",), inner):
                if base.kind is not None and base.kind != role:
                    self.problem(
                        f,
                        ("extends",),
                        f"a {_word(role)} cannot extend the {_word(base.kind)} {_short(base_ref)}",
                        "house rules are applied with 'house_rules:', not extended",
                        "extends-kind",
                    )
                else:
                    self.apply(base, role, inner)
                    self.own_identity(f)
        self.out.files.append(f)  # in the order files are applied: bases first
        unset = data.get("unset")
        if isinstance(unset, list):
            for index, item in enumerate(unset):
                if isinstance(item, str):
                    self.unset(item, f, ("unset", index))
        self.step += 1
        skip = FILE_KEYS + METADATA_KEYS if role == "house_rule" else FILE_KEYS
        for key, value in data.items():
            if key not in skip:
                self.set(self.out.data, (key,), value, Provenance(f, (key,), self.step))
        refs = data.get("house_rules")
        if isinstance(refs, list):
            for index, ref in enumerate(refs):
                if isinstance(ref, str) and ref:
                    self.house_rule(ref, f, ("house_rules", index), inner)

    def own_identity(self, f: RuleFile) -> None:
        """A file that extends a game is a game of its own: its name (its file's name when
        it sets none), title and aliases are not its base's."""
        for key in IDENTITY_KEYS:
            self.out.data.pop(key, None)
            self.forget((key,))
        if "name" not in f.mapping:
            self.out.data["name"] = f.name
            self.out.provenance[("name",)] = Provenance(f, (), self.step)

    def house_rule(
        self, ref: str | RuleFile, near: RuleFile | None, site: PathKey, stack: tuple[RuleFile, ...]
    ) -> None:
        """Apply the house rule ``ref`` named at ``site`` of ``near`` (None: the caller)."""
        where = near if near is not None else RuleFile.of(None, ARGUMENTS)
        if isinstance(ref, RuleFile):
            rule: RuleFile | None = ref
        else:
            rule = self.find(
                ref,
                near,
                site,
                "missing-house-rule",
                "no such file" if is_path(ref) else "no house rule of that name",
                where=where,
            )
        if rule is None or not self.acyclic(rule, where, site, stack):
            return
        if self.too_deep(where, site, stack):
            return
        if rule.kind == "game":
            self.problem(
                where,
                site,
                f"{_short(rule.name)} is a game, not a house rule",
                "name a house rule here, or extend the game with 'extends:'",
                "not-house-rule",
            )
            return
        if rule.name in self.out.house_rules:
            self.problem(
                where,
                site,
                f"house rule {_short(rule.name)} is already applied",
                "remove the repetition",
                "duplicate-house-rule",
                WARNING,
            )
            return
        self.check_applies(rule, where, site)
        self.apply(rule, "house_rule", stack)
        self.out.house_rules.append(rule.name)
        self.house_origin = Provenance(where, site[:1], self.step)

    def check_applies(self, rule: RuleFile, where: RuleFile, site: PathKey) -> None:
        """Check a house rule's ``applies_to``: each must name a game that exists, and a
        game it is applied to should be one of them (or built on one): a warning otherwise."""
        targets = rule.mapping.get("applies_to")
        if not isinstance(targets, list):
            return
        keys = set()
        for index, target in enumerate(targets):
            if not isinstance(target, str):
                continue
            found = self.finder.find(target, rule)
            if found is not None and found.data is None and found.problems:
                self.read(found)  # refused or unreadable: its problem says why
            elif found is None:
                close = self.finder.suggest(target, rule)
                self.problem(
                    rule,
                    ("applies_to", index),
                    f"applies_to {_short(target)}: no such game",
                    f"did you mean {close!r}?" if close else "",
                    "missing-game",
                )
            elif found.kind == "house_rule":
                self.problem(
                    rule,
                    ("applies_to", index),
                    f"applies_to {_short(target)}: that is a house rule, not a game",
                    "name the games this house rule is written for",
                    "not-a-game",
                )
            else:
                keys.add(found.key)
        if keys and self.out.game_keys and not keys & self.out.game_keys:
            game = self.out.top.name if self.out.top is not None else "this game"
            self.problem(
                where,
                site,
                f"house rule {_short(rule.name)} is written for "
                f"{', '.join(str(t) for t in targets)}, and {game!r} is none of them "
                "nor built on one",
                "check that it makes sense for this game",
                "not-applicable",
                WARNING,
            )

    def find(
        self,
        ref: str,
        near: RuleFile | None,
        site: PathKey,
        kind: str,
        why: str,
        where: RuleFile | None = None,
    ) -> RuleFile | None:
        found = self.finder.find(ref, near)
        if found is None:
            close = self.finder.suggest(ref, near)
            self.problem(
                where or near or RuleFile.of(None, ARGUMENTS),
                site,
                f"{site[0] if site else 'house rule'} {_short(ref)}: {why}",
                f"did you mean {close!r}?" if close else "",
                kind,
            )
        return found

    def acyclic(
        self, target: RuleFile, near: RuleFile, site: PathKey, stack: tuple[RuleFile, ...]
    ) -> bool:
        keys = [f.key for f in stack]
        if target.key not in keys:
            return True
        chain = [_base_name(f.file) for f in (*stack[keys.index(target.key) :], target)]
        self.problem(
            near,
            site,
            f"cycle: {' -> '.join(chain)}",
            "a file cannot build on itself; remove one of these references",
            "cycle",
        )
        return False

    def unset(self, dotted: str, f: RuleFile, site: PathKey) -> None:
        paths = model_paths()
        if dotted in RETIRED:
            reason, _ = RETIRED[dotted]
            self.problem(
                f,
                site,
                f"unset {_short(dotted)}: the format has no such key any more: {reason}",
                "remove it from 'unset'",
                "retired-key",
            )
            return
        if dotted not in paths or dotted.split(".")[0] in FILE_KEYS:
            close = difflib.get_close_matches(dotted, [p for p in paths if p != "house_rules"], n=1)
            self.problem(
                f,
                site,
                f"unset {_short(dotted)}: the format has no such key",
                f"did you mean {close[0]!r}?" if close else "",
                "unset",
            )
            return
        path = tuple(dotted.split("."))
        parent = _get(self.out.data, path[:-1])
        if not isinstance(parent, dict) or path[-1] not in parent:
            self.problem(
                f,
                site,
                f"unset {dotted!r} has no effect: nothing this file builds on sets it",
                "remove it from 'unset'",
                "unset",
                WARNING,
            )
            return
        del parent[path[-1]]
        self.forget(path)

    def overrides(self, overrides: Mapping[str, Any]) -> None:
        nested = nest_overrides(overrides)
        source = RuleFile.of(nested, OVERRIDES)
        self.out.files.append(source)
        self.step += 1
        for key, value in nested.items():
            if key in FILE_KEYS:
                self.problem(
                    source,
                    (key,),
                    f"{key!r} cannot be overridden",
                    "pass house rules with house_rules=..."
                    if key == "house_rules"
                    else "overrides set rules only",
                    "override",
                )
                continue
            self.set(self.out.data, (key,), value, Provenance(source, (key,), self.step))

    # ------------------------------------------------------------------ merging

    def set(self, target: dict[str, Any], path: PathKey, value: Any, origin: Provenance) -> None:
        """Merge ``value`` at ``path`` (its last element is a key of ``target``)."""
        key = path[-1]
        assert isinstance(key, str)
        old = target.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            for sub, item in value.items():
                self.set(old, (*path, sub), item, attrs.evolve(origin, path=(*origin.path, sub)))
            return
        self.forget(path)
        target[key] = copy_data(value)
        self.record(path, value, origin)

    def record(self, path: PathKey, value: Any, origin: Provenance) -> None:
        self.out.provenance[path] = origin
        if isinstance(value, dict):
            for sub, item in value.items():
                self.record((*path, sub), item, attrs.evolve(origin, path=(*origin.path, sub)))

    def forget(self, path: PathKey) -> None:
        n = len(path)
        for stale in [p for p in self.out.provenance if p[:n] == path]:
            del self.out.provenance[stale]


def _get(data: Any, path: Sequence[str | int]) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return None
    return data


def is_path(ref: str) -> bool:
    """A reference is a path when it has a slash or a YAML extension, else a name.

    >>> is_path("club-law"), is_path("club-law.yaml"), is_path("house/ours")
    (False, True, True)
    """
    return "/" in ref or "\\" in ref or ref.lower().endswith((".yaml", ".yml"))


def _short(text: str, limit: int = 60) -> str:
    """A name quoted for a message, cut short if it is long."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _base_name(file: str) -> str:
    return file.replace("\\", "/").rsplit("/", 1)[-1]


def _word(kind: str) -> str:
    return "house rule" if kind == "house_rule" else "game"
