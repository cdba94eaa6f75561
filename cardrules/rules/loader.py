"""Loading rule files: bundled variants by name, files by path, into checked rules.

The public entry points:

- :func:`load_variant` gives the effective :class:`~cardrules.rules.model.Rules` of a
  game with house rules and overrides, or raises
  :class:`~cardrules.errors.RulesError` listing every problem;
- :func:`validate` checks one file and returns its problems (never raises
  for a bad file);
- :func:`list_variants` lists the bundled games and house rules;
- :func:`resolve` gives everything :func:`load_variant` computed: the merged
  mapping, where each value was set, the warnings and the rules.

A reference that contains a slash or ends in ``.yaml``/``.yml`` is a file
path; anything else is a bundled name or alias, looked up ignoring case.
Loading goes: read each file safely (:mod:`cardrules.rules.yamlsafe`), merge the
chain (:mod:`cardrules.rules.overlay`), check every file against the schema
(:mod:`cardrules.rules.validation`), build the model and check the merged rules for
consistency (:mod:`cardrules.rules.semantics`).

>>> rules = load_variant("three-card-loo", overrides={"wagers.loo": "unlimited"})
>>> rules.deal.hand_size, rules.wagers.loo.value
(3, 'unlimited')
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Union

import attrs

from cardrules.errors import (
    ERROR,
    WARNING,
    ArgumentTypeError,
    ArgumentValueError,
    FileError,
    Problem,
    RulesError,
    VariantNotFoundError,
)
from cardrules.files import (
    MAX_REFERENCE,
    RULE_FILE,
    data_depth,
    long_integer,
    read_bytes,
    resolve_reference,
)
from cardrules.rules.bundled import data_dir
from cardrules.rules.checked import known_valid
from cardrules.rules.model import Kind, Rules, from_mapping
from cardrules.rules.overlay import ARGUMENTS, Resolved, RuleFile, is_path, model_paths
from cardrules.rules.overlay import resolve as resolve_overlays
from cardrules.rules.semantics import READABLE, semantic_problems, semantics_of_the_rest
from cardrules.rules.validation import schema_problems
from cardrules.rules.yamlsafe import MAX_DEPTH, read_document

__all__ = [
    "Resolution",
    "VariantInfo",
    "data_dir",
    "list_variants",
    "load_effective",
    "load_variant",
    "missing_rule_file",
    "resolve",
    "rule_file",
    "validate",
]

Ref = Union[str, "os.PathLike[str]"]


# --------------------------------------------------------------------------- reading files


def _parse(raw: bytes, file: str, key: str, folder: Any, bundled: bool = False) -> RuleFile:
    """A file as read: with its data when its problems leave it readable (a key written
    twice...), so that the rest of it is checked in the same run."""
    try:
        doc, problems = read_document(raw, file)
    except RulesError as exc:
        return RuleFile(key, file, None, None, exc.problems, folder, bundled)
    return RuleFile(key, file, doc.data, doc, tuple(problems), folder, bundled)


def _read_path(path: Path, file: str) -> RuleFile | None:
    """A user's rule file, or None when there is no such file.

    Read through :func:`cardrules.files.read_bytes`: a FIFO, a device or a folder is
    refused at once, and so is a file larger than a rule file may be.
    """
    try:
        raw = read_bytes(path, RULE_FILE)
    except FileError as exc:
        if exc.kind == "missing":
            return None
        key = f"unreadable:{os.path.abspath(path)}"
        return RuleFile(key, file, None, None, (attrs.evolve(exc.problem, file=file),))
    return _parse(raw, file, os.path.realpath(path), path.parent)


class _Bundled:
    """The bundled variants: parsed once, found by name, alias or file name."""

    def __init__(self) -> None:
        self.folder = data_dir("variants")
        self.files: dict[str, RuleFile] = {}
        self.index: dict[str, str] | None = None

    def by_file(self, filename: str) -> RuleFile | None:
        if filename not in self.files:
            if len(filename) > MAX_REFERENCE or "\x00" in filename or "/" in filename:
                return None  # no bundled file has such a name
            entry = self.folder / filename
            try:
                if not entry.is_file():
                    return None
            except OSError:  # a name the system refuses (too long): no such bundled file
                return None
            key = os.path.realpath(entry) if isinstance(entry, Path) else f"bundled:{filename}"
            self.files[filename] = _parse(
                entry.read_bytes(), f"variants/{filename}", key, self.folder, bundled=True
            )
        return self.files[filename]

    def all(self) -> list[RuleFile]:
        names = sorted(
            e.name
            for e in self.folder.iterdir()
            if e.name.endswith((".yaml", ".yml")) and e.is_file()
        )
        return [f for f in (self.by_file(n) for n in names) if f is not None]

    def names(self) -> dict[str, str]:
        """Every name, alias and file stem (normalised) mapped to its file name."""
        if self.index is None:
            index: dict[str, str] = {}
            for f in self.all():
                filename = f.file.rsplit("/", 1)[-1]
                aliases = f.mapping.get("aliases")
                words = [f.name, filename.rsplit(".", 1)[0]]
                words += (
                    [a for a in aliases if isinstance(a, str)] if isinstance(aliases, list) else []
                )
                for word in words:
                    index.setdefault(_norm(word), filename)
            self.index = index
        return self.index

    def find(self, name: str) -> RuleFile | None:
        direct = self.by_file(_norm(name) + ".yaml")
        if direct is not None and _norm(direct.name) == _norm(name):
            return direct
        filename = self.names().get(_norm(name))
        return None if filename is None else self.by_file(filename)

    def suggest(self, name: str) -> str | None:
        close = difflib.get_close_matches(_norm(name), list(self.names()), n=1)
        return close[0] if close else None


def _norm(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").split())


_BUNDLED: list[_Bundled] = []


def _bundled() -> _Bundled:
    if not _BUNDLED:
        _BUNDLED.append(_Bundled())
    return _BUNDLED[0]


class _Finder:
    """Finds references: bundled names, or paths relative to the referring file.

    A path is resolved by :func:`cardrules.files.resolve_reference`: from the folder of
    the file that names it, never out of that folder's tree, unless into a folder of
    ``search_path``. A refused reference gives a stand-in file whose one problem is
    located at the reference; its target is never opened. Names and paths given by the
    caller (the file to load, ``house_rules=``) are the caller's own and not limited.
    """

    def __init__(self, search_path: Sequence[str] = ()) -> None:
        self.search_path = tuple(search_path)

    def find(self, ref: str, near: RuleFile | None) -> RuleFile | None:
        if not is_path(ref):
            return _bundled().find(ref)
        if near is not None and near.bundled:
            filename = ref.replace("\\", "/").removeprefix("./")
            return None if "/" in filename else _bundled().by_file(filename)
        if near is None or near.folder is None:
            return _read_path(Path(ref), ref)
        try:
            path, file = self._path(ref, near)
        except FileError as exc:
            return _refused(ref, near, exc.problem.message, exc.problem.suggestion, exc.kind)
        if not ref.lower().endswith((".yaml", ".yml")):
            return _refused(
                ref,
                near,
                f"{_quoted(ref)} is not a rule file: a rule file's name ends in .yaml or .yml",
                "name the .yaml file",
                "reference",
            )
        return _read_path(path, file)

    def suggest(self, ref: str, near: RuleFile | None) -> str | None:
        if not is_path(ref):
            return _bundled().suggest(ref)
        try:
            path = self._path(ref, near)[0] if near is not None and near.folder else Path(ref)
        except FileError:
            return None  # never list a folder the reference may not reach
        try:
            siblings = [p.name for p in path.parent.iterdir() if p.suffix in (".yaml", ".yml")]
        except OSError:
            return None
        close = difflib.get_close_matches(path.name, siblings, n=1)
        return str(Path(ref).parent / close[0]) if close else None

    def _path(self, ref: str, near: RuleFile | None) -> tuple[Path, str]:
        if near is None or near.folder is None:
            return Path(ref), ref
        folder = os.fspath(near.folder)
        found = resolve_reference(ref, folder, self.search_path)
        if os.path.normpath(found) == os.path.normpath(os.path.join(folder, ref)):
            return Path(found), os.path.normpath(os.path.join(os.path.dirname(near.file), ref))
        return Path(found), found


def _refused(ref: str, near: RuleFile, message: str, hint: str, kind: str) -> RuleFile:
    """A stand-in for a reference that may not be followed, its problem at the reference."""
    data = near.mapping
    site: tuple[str | int, ...] = ("extends",)
    for key in ("house_rules", "applies_to"):
        listed = data.get(key)
        if isinstance(listed, list) and ref in listed:
            site = (key, listed.index(ref))
    if data.get("extends") == ref:
        site = ("extends",)
    problem = Problem(
        near.file, *near.position(site), f"{site[0]}: {message}", hint, kind=kind, key=str(site[0])
    )
    return RuleFile(f"refused:{near.key}:{ref}", near.file, None, None, (problem,))


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


_FINDER = _Finder()


# --------------------------------------------------------------------------- checking


_SCHEMA_CACHE: dict[str, list[Problem]] = {}


def _schema_problems(f: RuleFile) -> list[Problem]:
    """Schema problems of one file (cached for bundled files)."""
    if f.doc is None and f.problems:
        return []  # unreadable: its reading problems say why
    if f.bundled and f.key in _SCHEMA_CACHE:
        return _SCHEMA_CACHE[f.key]
    if f.bundled and known_valid(os.path.basename(f.file), f.data):
        found: list[Problem] = []  # passed when the schemas were written (see .checked)
    else:
        found = schema_problems(f)
    if f.bundled:
        _SCHEMA_CACHE[f.key] = found
    return found


@attrs.frozen
class _Checked:
    merged: Resolved
    problems: tuple[Problem, ...]
    rules: Rules | None


def _check(
    top: RuleFile | None,
    house_rules: Sequence[str | RuleFile] = (),
    overrides: Mapping[str, Any] | None = None,
    *,
    house_warnings: bool = False,
    finder: _Finder = _FINDER,
) -> _Checked:
    """Resolve, schema-check every file involved, build and check the rules.

    Warnings are kept for the files being checked: not for bundled files other
    than ``top`` (they are checked on their own), and not "no effect" for house
    rules, which are written for several games (:func:`validate` checks a house
    rule against each of them).
    """
    merged = resolve_overlays(top, finder, house_rules, overrides)
    problems = list(merged.problems)
    schema_found: list[Problem] = []
    seen: set[str] = set()
    for f in merged.files:
        if f.key not in seen:
            seen.add(f.key)
            schema_found += _schema_problems(f)
    problems += schema_found
    rules = None
    stops = [p for p in merged.problems if p.severity == ERROR and p.kind not in READABLE]
    if any(p.severity == ERROR for p in problems):
        if not stops and all(p.key for p in schema_found if p.severity == ERROR):
            # The consistency checks of the parts that are valid, in the same run.
            problems += semantics_of_the_rest(merged, [p.key for p in schema_found])
    else:
        try:
            rules = from_mapping(Rules, merged.data)
        except (TypeError, ValueError) as exc:  # pragma: no cover - the schema prevents it
            file, line, col = merged.locate(())
            problems.append(
                Problem(file, line, col, f"the rules cannot be built: {exc}", kind="model")
            )
        else:
            problems += semantic_problems(rules, merged)
    house = set() if house_warnings else {f.file for f in merged.files if f.kind == "house_rule"}
    bundled = {f.file for f in merged.files if f.bundled and f is not top}
    problems = [
        p
        for p in problems
        if p.severity == ERROR
        or not (p.file in bundled or (p.kind == "no-effect" and p.file in house))
    ]
    return _Checked(merged, tuple(_in_file_order(problems, merged.files)), rules)


def _in_file_order(problems: Iterable[Problem], files: Sequence[RuleFile]) -> list[Problem]:
    """Problems without repeats, by the order files were applied, then line and column."""
    order: dict[str, int] = {}
    for f in files:
        order.setdefault(f.file, len(order))
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (order.get(p.file, len(order)), p.line, p.column))


# --------------------------------------------------------------------------- public API


@attrs.frozen
class VariantInfo:
    """A bundled game or house rule, as :func:`list_variants` gives it."""

    name: str
    title: str
    kind: Kind
    aliases: tuple[str, ...]
    description: str
    file: str
    applies_to: tuple[str, ...] = ()


@attrs.frozen
class Resolution:
    """Everything known about a loaded variant: the merged mapping, where each value
    was set, the warnings, and the rules (see :func:`resolve`)."""

    rules: Rules
    merged: Resolved
    warnings: tuple[Problem, ...]

    @property
    def data(self) -> dict[str, Any]:
        """The merged mapping of rule keys (only what files set; the rest is default)."""
        return self.merged.data

    def origin(self, path: Sequence[str | int]) -> str:
        """``file:line`` that set the value at ``path``, ``<overrides>``, or ``default``."""
        return self.merged.origin_text(path)


def resolve(
    name_or_path: Ref,
    house_rules: Iterable[Ref] = (),
    overrides: Mapping[str, Any] | None = None,
    *,
    search_path: Iterable[Ref] = (),
) -> Resolution:
    """Load a game like :func:`load_variant` and keep everything computed on the way.

    >>> res = resolve("three-card-loo", overrides={"wagers": {"stake_loo": 9}})
    >>> res.origin(("wagers", "stake_loo")), res.origin(("wagers", "mixed_cap"))
    ('<overrides>', 'default')
    """
    refs, folders = _arguments(name_or_path, house_rules, overrides, search_path)
    top = _top(name_or_path)
    if top.kind == "house_rule":
        raise RulesError(
            [
                Problem(
                    top.file,
                    *top.position(("kind",)),
                    f"{top.name!r} is a house rule, not a game",
                    f"apply it to a game: house_rules=[{top.name!r}]",
                    kind="not-a-game",
                )
            ]
        )
    checked = _check(top, list(refs), overrides, finder=_finder(folders))
    if checked.rules is None or any(p.severity == ERROR for p in checked.problems):
        raise RulesError(checked.problems)
    return Resolution(checked.rules, checked.merged, checked.problems)


_LOADED: dict[tuple[str, tuple[str, ...]], Rules] = {}


def load_variant(
    name_or_path: Ref,
    house_rules: Iterable[Ref] = (),
    overrides: Mapping[str, Any] | None = None,
    *,
    search_path: Iterable[Ref] = (),
) -> Rules:
    """The effective rules of a game after its house rules and overrides.

    ``name_or_path`` is a bundled name or alias (any case) or a rule file's
    path; ``house_rules`` are applied in order after the file's own; then
    ``overrides`` (``{"wagers": {"loo": "mixed"}}`` or ``{"wagers.loo": "mixed"}``).
    Raises :class:`~cardrules.errors.RulesError` with every problem found
    (:class:`~cardrules.errors.VariantNotFoundError` when nothing has that name),
    and :class:`~cardrules.errors.ArgumentTypeError` or
    :class:`~cardrules.errors.ArgumentValueError` for arguments of the wrong kind.

    References inside rule files (``extends:``, ``house_rules:``, ``applies_to:``) are
    bundled names, or paths relative to the file that names them which stay inside
    that file's folder (an absolute path, a ``..`` escape or a link leading out is a
    located error, and the file it names is never read). ``search_path`` widens this
    explicitly: a list of folders where references are also looked up and may lead
    (the command line's ``--include DIR``). The file given here and the paths in
    ``house_rules`` are the caller's own and may be anywhere.

    >>> load_variant("five-card-loo", house_rules=["mixed-loo"]).wagers.loo.value
    'mixed'
    >>> try:
    ...     load_variant("five-card-lo")
    ... except LookupError as exc:
    ...     print(exc.problems[0].message, exc.problems[0].suggestion)
    no bundled game or house rule is named 'five-card-lo' did you mean 'five-card-loo'?
    >>> load_variant("put", house_rules=3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: house_rules: expected a list of names or paths, got a int
    """
    refs, folders = _arguments(name_or_path, house_rules, overrides, search_path)
    key = (_ref_text(name_or_path), refs)
    cacheable = overrides is None and not any(is_path(r) for r in (key[0], *refs))
    if cacheable and key in _LOADED:
        return _LOADED[key]
    rules = resolve(name_or_path, refs, overrides, search_path=folders).rules
    if cacheable:
        _LOADED[key] = rules
    return rules


def _finder(search_path: Sequence[str]) -> _Finder:
    return _Finder(search_path) if search_path else _FINDER


def _arguments(
    name_or_path: object, house_rules: object, overrides: object, search_path: object
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The house rules and search folders as text, after checking every argument."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise ArgumentTypeError(
            f"name_or_path: expected a variant name or a path, got {_kind(name_or_path)}"
        )
    if not _ref_text(name_or_path).strip():
        raise ArgumentValueError("name_or_path: expected a variant name or a path, got ''")
    refs = _texts("house_rules", "names or paths", house_rules)
    if overrides is not None:
        if not isinstance(overrides, Mapping):
            raise ArgumentTypeError(
                f"overrides: expected a mapping of rule keys to values, got {_kind(overrides)}"
            )
        bad = [k for k in overrides if not isinstance(k, str) or not k]
        if bad:
            raise ArgumentTypeError(f"overrides: keys are dotted rule keys (text), got {bad[0]!r}")
        if data_depth(overrides, MAX_DEPTH) > MAX_DEPTH:
            raise ArgumentValueError(f"overrides: nested more than {MAX_DEPTH} levels deep")
        digits = long_integer(overrides)
        if digits is not None:
            raise ArgumentValueError(f"overrides: an integer of about {digits} digits")
    folders = _texts("search_path", "folders", search_path)
    for folder in folders:
        if not os.path.isdir(folder):
            raise ArgumentValueError(f"search_path: {folder!r} is not a folder")
    return refs, folders


def _texts(name: str, what: str, value: object) -> tuple[str, ...]:
    if isinstance(value, (str, os.PathLike)):
        value = [value]  # one name or path: a list of one
    if isinstance(value, (bytes, Mapping)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{name}: expected a list of {what}, got {_kind(value)}")
    out = []
    for item in value:
        if not isinstance(item, (str, os.PathLike)):
            raise ArgumentTypeError(f"{name}: expected a list of {what}, got {_kind(item)} in it")
        text = os.fspath(item)
        if not isinstance(text, str) or not text or "\x00" in text:
            raise ArgumentValueError(f"{name}: {text!r} is not a name or a path")
        out.append(text)
    return tuple(out)


def _kind(value: object) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def validate(path: Ref, *, strict: bool = False, search_path: Iterable[Ref] = ()) -> list[Problem]:
    """Every problem of one rule file (errors and warnings), in file order.

    Never raises for a bad file. A game is checked with everything it builds
    on; a house rule is checked applied to each game of its ``applies_to``
    (or to the format's defaults), with warnings kept only when they hold for
    every such game. With ``strict``, warnings are reported as errors. References are
    found as by :func:`load_variant` (``search_path`` widens where they may lead).

    ``path`` is a rule file, or the name or alias of a bundled one (as ``cardrules
    validate`` takes it: see :func:`rule_file`).

    >>> validate("three-card-loo")
    []
    >>> validate("no/such/file.yaml")[0].message
    'no such file'
    """
    _, folders = _arguments(path, (), None, search_path)
    finder = _finder(folders)
    given = _ref_text(path)
    file = given if isinstance(path, os.PathLike) else rule_file(given)
    top = _read_path(Path(file), file)
    if top is None:
        problems = [missing_rule_file(given)]
    elif top.kind == "house_rule":
        problems = _validate_house_rule(top, finder)
    else:
        problems = list(_check(top, finder=finder).problems)
    if strict:
        problems = [attrs.evolve(p, severity=ERROR) for p in problems]
    return problems


def _validate_house_rule(rule: RuleFile, finder: _Finder) -> list[Problem]:
    targets = rule.mapping.get("applies_to")
    refs = [t for t in targets if isinstance(t, str)] if isinstance(targets, list) else []
    named = [finder.find(ref, rule) for ref in refs]
    games = [
        g
        for g in named
        if g is not None and g.kind != "house_rule" and not (g.data is None and g.problems)
    ]
    problems: list[Problem] = []
    tops: list[RuleFile | None] = [*games] or [None]
    results = [_check(game, [rule], house_warnings=True, finder=finder).problems for game in tops]
    warnings = set.intersection(
        *({p for p in found if p.severity == WARNING and p.file == rule.file} for found in results)
    )
    files = [rule]
    for found in results:
        problems += [p for p in found if p.severity == ERROR or p in warnings]
    return _in_file_order(problems, files)


def load_effective(data: object, file: str = "<record>") -> Rules:
    """Effective rules carried as data (a record's ``rules.effective``), checked exactly
    as a rule file is: the schema's bounds and the consistency checks, so that rules from
    a stranger's record never ask the engine for more than a rule file may.

    Only keys a rule file may set are read (the fixed and derived rules that
    :func:`~cardrules.engine.rulesdata.rules_json` writes too follow from them), and the
    house rules are names only: they are already applied. Raises
    :class:`~cardrules.errors.RulesError`.

    >>> from cardrules.engine.rulesdata import rules_json
    >>> put = load_variant("put")
    >>> load_effective(rules_json(put)) == put
    True
    """
    if not isinstance(data, dict):
        raise RulesError(
            [Problem(file, 0, 0, "the effective rules must be a mapping", kind="type")]
        )
    plain = _settable(data, "")
    plain.pop("house_rules", None)
    names = data.get("house_rules")
    checked = _check(RuleFile.of(plain, file))
    if checked.rules is None or any(p.severity == ERROR for p in checked.problems):
        raise RulesError(checked.problems)
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        return attrs.evolve(checked.rules, house_rules=tuple(names))
    return checked.rules


def _settable(data: dict[str, Any], prefix: str) -> dict[str, Any]:
    paths = model_paths()
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = prefix + str(key)
        if path not in paths:
            continue
        out[key] = (
            _settable(value, path + ".") if paths[path] and isinstance(value, dict) else value
        )
    return out


def list_variants() -> list[VariantInfo]:
    """The bundled games, then the bundled house rules, each by name.

    >>> [v.name for v in list_variants() if v.kind == "game"][:2]
    ['bourre', 'five-card-loo']
    """
    out = []
    for f in _bundled().all():
        data = f.mapping

        def texts(key: str, data: dict[str, Any] = data) -> tuple[str, ...]:
            value = data.get(key)
            return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()

        kind = Kind.HOUSE_RULE if f.kind == "house_rule" else Kind.GAME
        out.append(
            VariantInfo(
                name=f.name,
                title=str(data.get("title") or f.name),
                kind=kind,
                aliases=texts("aliases"),
                description=str(data.get("description") or ""),
                file=str(_bundled().folder / f.file.rsplit("/", 1)[-1]),
                applies_to=texts("applies_to"),
            )
        )
    return sorted(out, key=lambda v: (v.kind != Kind.GAME, v.name))


def rule_file(text: str) -> str:
    """The file a rule-file argument names: the path as given when it is a file (or looks like
    a path), else the file of the bundled game or house rule of that name or alias.

    >>> rule_file("five-card-loo").replace("\\\\", "/").endswith("variants/five-card-loo.yaml")
    True
    >>> rule_file("house/ours.yaml")
    'house/ours.yaml'
    """
    if os.path.lexists(text) or "/" in text or "\\" in text:
        return text
    for info in list_variants():
        if text.lower() in (info.name, *(a.lower() for a in info.aliases)):
            return info.file
    return text


def missing_rule_file(text: str) -> Problem:
    """The problem of a rule-file argument that names neither a file nor a bundled variant, with
    a did-you-mean among the bundled names and how to write a path.

    >>> print(missing_rule_file("fiv-card-loo").suggestion)
    did you mean 'five-card-loo'? A rule file's path is written as it is, e.g. ./my-loo.yaml
    """
    if "/" in text or "\\" in text or text.lower().endswith((".yaml", ".yml")):
        return Problem(text, 0, 0, "no such file", kind="file")
    names = [n for v in list_variants() for n in (v.name, *v.aliases)]
    close = difflib.get_close_matches(text.lower(), names, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else "see 'cardrules list'; "
    return Problem(
        text,
        0,
        0,
        "no such file, and no bundled game or house rule has that name",
        hint + "A rule file's path is written as it is, e.g. ./my-loo.yaml",
        kind="file",
    )


def _ref_text(ref: Ref) -> str:
    return os.fspath(ref)


def _top(name_or_path: Ref) -> RuleFile:
    ref = _ref_text(name_or_path)
    if isinstance(name_or_path, os.PathLike) or is_path(ref):
        found = _read_path(Path(ref), ref)
        if found is None:
            raise VariantNotFoundError([Problem(ref, 0, 0, "no such file", kind="file")])
        return found
    found = _bundled().find(ref)
    if found is None:
        close = _bundled().suggest(ref)
        raise VariantNotFoundError(
            [
                Problem(
                    ARGUMENTS,
                    0,
                    0,
                    f"no bundled game or house rule is named {ref!r}",
                    f"did you mean {close!r}?" if close else "see 'cardrules list'",
                    kind="missing-variant",
                )
            ]
        )
    return found
