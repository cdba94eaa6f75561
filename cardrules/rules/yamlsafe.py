"""Read a YAML rule file safely, as plain data that remembers where each value was.

:func:`load_yaml` accepts only the part of YAML a rule file needs, and reads
scalars the way editors do (YAML 1.2 core schema, stricter still): ``yes``,
``on``, ``010``, ``0x10``, ``1:30`` and ``2026-01-01`` stay strings. Every hazard
(bad UTF-8, syntax, duplicate or non-string keys, anchors, aliases, merge keys,
tags, several documents, too large, too deep, too many nodes, a ``%YAML`` directive
for another version than 1.2) is reported as a
:class:`~cardrules.errors.RulesError` whose problems carry line, column and a
``kind`` word; no other exception escapes for any input text.

>>> doc = load_yaml("name: Loo\\non: lead\\nplayers: [3, 010, 1.5]\\n", file="loo.yaml")
>>> doc.data
{'name': 'Loo', 'on': 'lead', 'players': [3, '010', 1.5]}
>>> doc.position(["players", 1]), doc.position(["on"], key=True)
((3, 14), (2, 1))
>>> try:
...     load_yaml("pam: 1\\npam: 2\\n", file="house.yaml")
... except RulesError as err:
...     print(err.problems[0].kind, err.problems[0].message)
duplicate-key duplicate key 'pam' (first set at line 1)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence

import attrs
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cardrules.errors import Problem, RulesError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "Document", "load_yaml", "read_document"]

MAX_BYTES = 256 * 1024
MAX_DEPTH = 40
MAX_NODES = 20_000

#: The fastest safe loader available: libyaml's when PyYAML was built with it.
LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

PathKey = tuple[str | int, ...]
Position = tuple[int, int]

_EXTENDS = "rule files reuse rules with 'extends:' instead; write the value out here"
#: The suggestion given with each kind of problem.
SUGGESTIONS = {
    "encoding": "save the file as UTF-8 text",
    "too-large": "a rule file is a few kilobytes; split it and combine the parts with 'extends:'",
    "syntax": "check the indentation, colons and quotes here",
    "key-type": "quote the key to make it a string",
    "duplicate-key": "remove one of them",
    "anchor": _EXTENDS,
    "alias": _EXTENDS,
    "merge-key": _EXTENDS,
    "tag": "remove the tag; quote the value if it must be a string",
    "too-deep": "flatten the structure",
    "too-many-nodes": "a rule file is far smaller; is this the right file?",
    "multi-document": "a rule file holds one document: remove the '---' or split the file",
    "number": "quote it if it is meant as text",
    "yaml-version": "write '%YAML 1.2' or remove the directive",
}
_WORDS: dict[str, object] = {
    **dict.fromkeys(("", "~", "null", "Null", "NULL")),
    **dict.fromkeys(("true", "True", "TRUE"), True),
    **dict.fromkeys(("false", "False", "FALSE"), False),
    **{
        sign + inf: (-math.inf if sign == "-" else math.inf)
        for sign in ("", "+", "-")
        for inf in (".inf", ".Inf", ".INF")
    },
    **dict.fromkeys((".nan", ".NaN", ".NAN"), math.nan),
}
_NUMBER_START = frozenset("0123456789+-.")
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[-+]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_TYPE_NAMES = {type(None): "null", bool: "a boolean", int: "an integer", float: "a number"}


@attrs.frozen
class Document:
    """A loaded rule file: its display name, its plain data, and the place of every value."""

    file: str
    data: object
    _values: Mapping[PathKey, Position] = attrs.field(factory=dict, repr=False, eq=False)
    _keys: Mapping[PathKey, Position] = attrs.field(factory=dict, repr=False, eq=False)

    def position(self, path: Sequence[str | int], *, key: bool = False) -> Position:
        """(line, column), both 1-based, of the value at ``path`` (keys and list indexes).

        With ``key=True``, the place of the mapping key of the last element instead.
        A path that goes past the document gives the deepest existing node on it;
        the empty path gives the root.

        >>> doc = load_yaml("a:\\n  b: [x, y]\\n")
        >>> doc.position(["a", "b", 1]), doc.position(["a", "b"], key=True)
        ((2, 10), (2, 3))
        >>> doc.position(["a", "missing", 0]), doc.position([])
        ((2, 3), (1, 1))
        """
        whole = tuple(path)
        if key and whole in self._keys:
            return self._keys[whole]
        for end in range(len(whole), -1, -1):
            found = self._values.get(whole[:end])
            if found is not None:
                return found
        return (1, 1)


def load_yaml(text: str | bytes, file: str = "<string>") -> Document:
    """Parse one YAML rule file into a :class:`Document`, or raise :class:`RulesError`.

    ``text`` is a ``str`` or UTF-8 ``bytes`` (a BOM is skipped); ``file`` is the name
    shown in problems. An empty file gives ``data`` None.

    >>> load_yaml(b"\\xef\\xbb\\xbfround: [1, 2]").data
    {'round': [1, 2]}
    >>> load_yaml("").data is None
    True
    """
    return _load(text, file, LOADER)


def read_document(text: str | bytes, file: str = "<string>") -> tuple[Document, list[Problem]]:
    """Like :func:`load_yaml`, but a file whose problems leave its data readable (a key
    written twice, a key that is not text, a tag, a merge key, an over-long number) gives
    its :class:`Document` together with those problems, so that the rest of the file can
    still be checked; the first of two equal keys is kept. What leaves nothing to read
    (bad UTF-8, syntax, size, depth, anchors and aliases, several documents) still raises.

    >>> doc, problems = read_document("pam: 1\\npam: 2\\nloo: 3\\n", file="house.yaml")
    >>> doc.data, [p.kind for p in problems]
    ({'pam': 1, 'loo': 3}, ['duplicate-key'])
    """
    return _read(text, file, LOADER)


def _load(text: str | bytes, file: str, loader: type) -> Document:
    """:func:`load_yaml` with a chosen PyYAML loader class (tests use both)."""
    doc, problems = _read(text, file, loader)
    if problems:
        raise RulesError(_sorted(problems))
    return doc


def _read(text: str | bytes, file: str, loader: type) -> tuple[Document, list[Problem]]:
    """The document and its readable problems; raises for the others."""
    source = _decode(text, file)
    problems = _scan_events(source, file, loader)
    if any(p.kind in ("anchor", "alias") for p in problems):
        raise RulesError(_sorted(problems))  # never compose shared nodes: never expand them
    try:
        root = yaml.compose(source, Loader=loader)
    except yaml.YAMLError as exc:  # unreachable after a clean scan, kept for safety
        raise RulesError([*problems, _yaml_problem(exc, source, file, loader)]) from None
    builder = _Builder(file)
    data = None if root is None else builder.build(root, ())
    problems += builder.problems
    return Document(file, data, builder.values, builder.keys), _sorted(problems)


def _place(item: yaml.Event | Node) -> Position:
    """1-based (line, column) where an event or node starts; (0, 0) if unknown."""
    mark = item.start_mark
    return (0, 0) if mark is None else (mark.line + 1, mark.column + 1)


def _problem(
    file: str, place: Position, kind: str, message: str, suggestion: str = "", key: str = ""
) -> Problem:
    """A Problem of ``kind`` at ``place``, with the kind's usual suggestion by default."""
    return Problem(file, *place, message, suggestion or SUGGESTIONS[kind], kind=kind, key=key)


def _error(file: str, place: Position, kind: str, message: str) -> RulesError:
    """A RulesError with the one problem."""
    return RulesError([_problem(file, place, kind, message)])


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.line, p.column))


def _line_col(text: str, index: int) -> Position:
    """1-based (line, column) of character ``index``, counting YAML's line breaks."""
    line, start = 1, 0
    for match in _LINE_BREAK.finditer(text, 0, index):
        line, start = line + 1, match.end()
    return line, index - start + 1


def _decode(text: str | bytes, file: str) -> str:
    """The text as ``str`` without BOM, after the size and encoding checks."""
    if isinstance(text, str):
        try:  # a str longer than MAX_BYTES is too large whatever its encoding
            size = len(text) if len(text) > MAX_BYTES else len(text.encode("utf-8"))
        except UnicodeEncodeError as exc:
            message = f"character {text[exc.start]!r} cannot be written in UTF-8"
            raise _error(file, _line_col(text, exc.start), "encoding", message) from None
    else:
        size = len(text)
    if size > MAX_BYTES:
        message = f"file is {size} bytes, more than the limit of {MAX_BYTES}"
        raise _error(file, (0, 0), "too-large", message)
    if isinstance(text, str):
        return text.removeprefix("\ufeff")
    raw = bytes(text).removeprefix(b"\xef\xbb\xbf")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8")
        message = f"invalid UTF-8 byte 0x{raw[exc.start]:02x} ({exc.reason})"
        raise _error(file, _line_col(good, len(good)), "encoding", message) from None


def _yaml_problem(exc: yaml.YAMLError, text: str, file: str, loader: type) -> Problem:
    """A PyYAML error as a Problem of kind ``syntax`` (or ``encoding`` for bad characters)."""
    if isinstance(exc, yaml.reader.ReaderError):
        index = exc.position
        if not issubclass(loader, yaml.reader.Reader):  # libyaml counts bytes, not characters
            index = len(text.encode("utf-8")[:index].decode("utf-8", "ignore"))
        char = exc.character
        shown = repr(chr(char)) if isinstance(char, int) and 0 <= char < 0x110000 else repr(char)
        message = f"character {shown} is not allowed in YAML ({exc.reason})"
        return _problem(file, _line_col(text, index), "encoding", message)
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        place = (0, 0) if mark is None else (mark.line + 1, mark.column + 1)
        suggestion = SUGGESTIONS["syntax"]
        if exc.context and exc.context_mark and exc.problem:
            suggestion = f"{exc.context} at line {exc.context_mark.line + 1}; {suggestion}"
        message = exc.problem or exc.context or "invalid YAML"
        return _problem(file, place, "syntax", message, suggestion)
    return _problem(file, (0, 0), "syntax", str(exc) or "invalid YAML")


def _scan_events(text: str, file: str, loader: type) -> list[Problem]:
    """Check the event stream before building anything.

    Raises at once for syntax errors, a second document, too deep nesting or too many
    nodes; returns the anchor, alias and tag problems (the stream is bounded by then).
    """
    problems: list[Problem] = []
    depth = nodes = documents = 0

    def fatal(event: yaml.Event, kind: str, message: str) -> RulesError:
        return RulesError(_sorted([*problems, _problem(file, _place(event), kind, message)]))

    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.NodeEvent):
                nodes += 1
                if nodes > MAX_NODES:
                    raise fatal(event, "too-many-nodes", f"more than {MAX_NODES} values in a file")
                place = _place(event)
                if isinstance(event, yaml.AliasEvent):
                    message = f"alias '*{event.anchor}' is not allowed"
                    problems.append(_problem(file, place, "alias", message))
                    continue
                if event.anchor is not None:
                    message = f"anchor '&{event.anchor}' is not allowed"
                    problems.append(_problem(file, place, "anchor", message))
                tag = getattr(event, "tag", None)
                if tag is not None:
                    shown = "!!" + tag[18:] if tag.startswith("tag:yaml.org,2002:") else tag
                    problems.append(_problem(file, place, "tag", f"tag '{shown}' is not allowed"))
                if isinstance(event, yaml.CollectionStartEvent):
                    depth += 1
                    if depth > MAX_DEPTH:
                        raise fatal(event, "too-deep", f"nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.DocumentStartEvent):
                if event.version is not None and tuple(event.version) != (1, 2):
                    version = ".".join(str(v) for v in event.version)
                    message = f"'%YAML {version}': a rule file is read as YAML 1.2"
                    problems.append(_problem(file, _place(event), "yaml-version", message))
                documents += 1
                if documents > 1:
                    raise fatal(event, "multi-document", "a second YAML document in the file")
    except yaml.YAMLError as exc:
        raise RulesError(_sorted([*problems, _yaml_problem(exc, text, file, loader)])) from None
    return problems


class _Builder:
    """Builds plain data from a composed node tree and records each value's place."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.values: dict[PathKey, Position] = {}
        self.keys: dict[PathKey, Position] = {}

    def build(self, node: Node, path: PathKey) -> object:
        """The value of ``node``; recursion is bounded by MAX_DEPTH, checked before."""
        self.values[path] = _place(node)
        if isinstance(node, ScalarNode):
            return node.value if node.style else self.resolve(node)
        if isinstance(node, SequenceNode):
            return [self.build(item, (*path, index)) for index, item in enumerate(node.value)]
        assert isinstance(node, MappingNode)
        data: dict[str, object] = {}
        first_lines: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = self.key(key_node)
            if key is None:
                self.build(value_node, (*path, "?"))  # for nested problems only
                continue
            place = _place(key_node)
            if key in first_lines:
                message = f"duplicate key {key!r} (first set at line {first_lines[key]})"
                self.problem(key_node, "duplicate-key", message, key=key)
                self.build(value_node, (*path, "?"))
                continue
            first_lines[key] = place[0]
            key_path = (*path, key)
            self.keys[key_path] = place
            data[key] = self.build(value_node, key_path)
        return data

    def key(self, node: Node) -> str | None:
        """The key as a string, or None after recording why it cannot be one."""
        if not isinstance(node, ScalarNode):
            kind = "a mapping" if isinstance(node, MappingNode) else "a list"
            self.problem(node, "key-type", f"a key must be a string, not {kind}")
            return None
        if node.style:
            return str(node.value)
        if node.value == "<<":
            self.problem(node, "merge-key", "merge key '<<' is not allowed")
            return None
        value = self.resolve(node)
        if isinstance(value, str):
            return value
        if node.value == "":
            self.problem(node, "key-type", "a key is missing", "write the key before the ':'")
            return None
        message = f"key {node.value!r} is read as {_TYPE_NAMES[type(value)]}, not a string"
        self.problem(node, "key-type", message, f"quote it: '{node.value}':")
        return None

    def resolve(self, node: ScalarNode) -> object:
        """A plain scalar by the strict YAML 1.2 core rules; anything unusual is a str."""
        text: str = node.value
        if text in _WORDS:
            return _WORDS[text]
        if text[0] not in _NUMBER_START:
            return text
        if _INT.fullmatch(text):
            try:
                return int(text)
            except ValueError:  # more digits than int() accepts (sys.get_int_max_str_digits)
                self.problem(node, "number", f"integer of {len(text)} digits is too long")
                return text
        if _FLOAT.fullmatch(text):
            return float(text)
        return text

    def problem(
        self, node: Node, kind: str, message: str, suggestion: str = "", key: str = ""
    ) -> None:
        """Record a problem at ``node``."""
        self.problems.append(_problem(self.file, _place(node), kind, message, suggestion, key))
