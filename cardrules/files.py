"""The one place that opens the files cardrules reads and writes.

Rule files, game records, rulings files and whatever a command line names are read
here, and nowhere else, under the same guarantees:

- only a regular file is read: a FIFO, a device, a socket or a directory is refused at
  once, without blocking (the path is checked by ``stat`` before it is opened, opened
  with ``O_NONBLOCK`` and checked again by ``fstat`` on the open descriptor);
- the size is checked before reading (``fstat``) and while reading (never more than the
  limit plus one byte is read), against the limit of the kind of file (:data:`LIMITS`);
- the text must be UTF-8 (a leading BOM is dropped by :func:`read_text`);
- a NUL byte or an over-long name in a path is refused, never passed to the system.

Every refusal is a :class:`~cardrules.errors.FileError` whose ``problem`` is located
(``file:0:0`` for the whole file, the line and column of a bad byte or JSON syntax
error) and whose ``kind`` is a stable word: ``missing``, ``not-regular``, ``too-large``,
``encoding``, ``unreadable``, ``name``, ``syntax``, ``too-deep``, ``number``,
``duplicate-key``.

The entry points:

- :func:`read_bytes` and :func:`read_text`: a file's content, by the limit of its kind;
- :func:`read_json`: a JSON document (a record), with bounded depth and integer sizes;
- :func:`read_stream`: the same bounded read from an open binary stream (stdin);
- :func:`check_writable` and :func:`write_text`: a path to write must be a regular file
  or not exist yet, in a folder that exists (``--record FILE``).

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "house.yaml")
>>> write_text(path, "name: ours\\n")
>>> read_text(path, RULE_FILE)
'name: ours\\n'
>>> try:
...     read_text(folder, RULE_FILE)
... except FileError as exc:
...     print(exc.kind, exc.problem.message)
not-regular is a directory, not a rule file
>>> write_text(os.path.join(folder, "r.json"), '{"players": 3}')
>>> read_json(os.path.join(folder, "r.json"), RECORD)
{'players': 3}
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Sequence
from typing import IO, Any, NoReturn

from cardrules.errors import FileError, Problem

__all__ = [
    "LIMITS",
    "MAX_JSON_DEPTH",
    "MAX_JSON_DIGITS",
    "MAX_NAME",
    "MAX_REFERENCE",
    "RECORD",
    "RULE_FILE",
    "RULINGS",
    "TEXT",
    "FileError",
    "check_path",
    "check_writable",
    "data_depth",
    "decode",
    "long_integer",
    "read_bytes",
    "read_json",
    "read_stream",
    "read_text",
    "resolve_reference",
    "write_text",
]

#: The kinds of file, as named in messages.
RULE_FILE = "rule file"
RECORD = "game record"
RULINGS = "rulings file"
TEXT = "text file"

#: The largest file of each kind, in bytes. A rule file or a rulings file is a few
#: kilobytes; a record holds the effective rules (about 10 kB) and about 12 bytes per
#: action, so 8 MiB is far more than any session played.
LIMITS: dict[str, int] = {
    RULE_FILE: 256 * 1024,
    RULINGS: 256 * 1024,
    RECORD: 8 * 1024 * 1024,
    TEXT: 1024 * 1024,
}
#: The longest path accepted, in characters (longer is refused before the system sees it).
MAX_NAME = 1024
#: The deepest nesting of lists and objects in a JSON document.
MAX_JSON_DEPTH = 32
#: The most digits of an integer in a JSON document (a 64-bit seed has 20).
MAX_JSON_DIGITS = 40

_CHUNK = 64 * 1024
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0) | _NONBLOCK
_SPECIAL = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _fail(
    name: str, kind: str, message: str, hint: str = "", line: int = 0, col: int = 0
) -> NoReturn:
    if len(name) > 80:
        name = name[:77] + "..."
    raise FileError(Problem(name, line, col, message, hint, kind=kind))


def _what(mode: int) -> str:
    for test, word in _SPECIAL:
        if test(mode):
            return word
    return "not a regular file"


def check_path(path: str | os.PathLike[str], what: str = TEXT) -> str:
    """The path as text, after refusing a NUL byte, an empty or an over-long name.

    >>> check_path("variants/put.yaml")
    'variants/put.yaml'
    >>> try:
    ...     check_path("a\\x00b")
    ... except FileError as exc:
    ...     print(exc)
    <path>:0:0: error: a file name cannot contain a NUL byte
    """
    name = os.fspath(path)
    if not isinstance(name, str):
        name = os.fsdecode(name)
    if "\x00" in name:
        _fail("<path>", "name", "a file name cannot contain a NUL byte")
    if not name:
        _fail("<path>", "name", f"an empty file name where a {what} was expected")
    if len(name) > MAX_NAME:
        _fail(name, "name", f"the file name is {len(name)} characters, more than {MAX_NAME}")
    return name


def read_bytes(path: str | os.PathLike[str], what: str = TEXT) -> bytes:
    """The content of the regular file at ``path``, at most ``LIMITS[what]`` bytes.

    Raises :class:`~cardrules.errors.FileError` (kind ``missing`` when there is no such
    file) for anything that is not a readable regular file within the limit.
    """
    name = check_path(path, what)
    limit = LIMITS.get(what, LIMITS[TEXT])
    try:
        before = os.stat(name)
    except FileNotFoundError:
        _fail(name, "missing", "no such file")
    except NotADirectoryError:
        _fail(name, "missing", "no such file (a part of the path is not a folder)")
    except OSError as exc:
        _fail(name, _os_kind(exc), f"cannot be read: {exc.strerror or exc}")
    if not stat.S_ISREG(before.st_mode):
        _fail(name, "not-regular", f"is {_what(before.st_mode)}, not a {what}")
    _check_size(name, before.st_size, limit, what)
    try:
        fd = os.open(name, _OPEN_FLAGS)
    except FileNotFoundError:
        _fail(name, "missing", "no such file")
    except OSError as exc:
        _fail(name, _os_kind(exc), f"cannot be read: {exc.strerror or exc}")
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode):
            _fail(name, "not-regular", f"is {_what(now.st_mode)}, not a {what}")
        _check_size(name, now.st_size, limit, what)
        return _read_fd(fd, name, limit, what)
    finally:
        os.close(fd)


def _os_kind(exc: OSError) -> str:
    return "name" if exc.errno == errno.ENAMETOOLONG else "unreadable"


def _check_size(name: str, size: int, limit: int, what: str) -> None:
    if size > limit:
        _fail(
            name,
            "too-large",
            f"the file is {size} bytes, more than the limit of {limit} for a {what}",
            "is this the right file?",
        )


def _read_fd(fd: int, name: str, limit: int, what: str) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while True:
        try:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
        except BlockingIOError:  # pragma: no cover - a regular file never blocks
            _fail(name, "not-regular", f"would block: not a {what}")
        except OSError as exc:
            _fail(name, "unreadable", f"cannot be read: {exc.strerror or exc}")
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            _fail(
                name,
                "too-large",
                f"the file grew past the limit of {limit} bytes for a {what} while being read",
            )


def read_stream(stream: IO[bytes], name: str = "<stdin>", what: str = TEXT) -> bytes:
    """At most ``LIMITS[what]`` bytes read from an open binary stream (``sys.stdin.buffer``).

    >>> import io
    >>> read_stream(io.BytesIO(b"{}"), what=RECORD)
    b'{}'
    """
    limit = LIMITS.get(what, LIMITS[TEXT])
    try:
        data = stream.read(limit + 1)
    except OSError as exc:
        _fail(name, "unreadable", f"cannot be read: {exc.strerror or exc}")
    if len(data) > limit:
        _fail(name, "too-large", f"more than the limit of {limit} bytes for a {what}")
    return bytes(data)


def decode(raw: bytes, name: str) -> str:
    """UTF-8 text without a leading BOM; a bad byte is located by line and column.

    >>> try:
    ...     decode(b"ok\\nbad \\xff", "x.yaml")
    ... except FileError as exc:
    ...     print(exc)
    x.yaml:2:5: error: invalid UTF-8 byte 0xff (invalid start byte) (save the file as UTF-8 text)
    """
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8", "replace")
        line = good.count("\n") + 1
        col = len(good) - (good.rfind("\n") + 1) + 1
        _fail(
            name,
            "encoding",
            f"invalid UTF-8 byte 0x{raw[exc.start]:02x} ({exc.reason})",
            "save the file as UTF-8 text",
            line,
            col,
        )


def read_text(path: str | os.PathLike[str], what: str = TEXT) -> str:
    """The UTF-8 text of the regular file at ``path`` (see :func:`read_bytes`)."""
    name = check_path(path, what)
    return decode(read_bytes(name, what), name)


def read_json(
    path: str | os.PathLike[str] | None = None,
    what: str = RECORD,
    *,
    raw: bytes | None = None,
    name: str | None = None,
) -> Any:
    """A JSON document read from ``path`` (or parsed from ``raw`` bytes named ``name``).

    Refused, with a located :class:`~cardrules.errors.FileError`: a file that
    :func:`read_bytes` refuses, bad UTF-8, bad JSON syntax (line and column), nesting
    deeper than :data:`MAX_JSON_DEPTH`, an integer of more than :data:`MAX_JSON_DIGITS`
    digits, ``NaN`` or ``Infinity``, and a key repeated in one object.

    >>> read_json(raw=b'{"players": 3, "actions": ["stand"]}', name="r.json")
    {'players': 3, 'actions': ['stand']}
    >>> try:
    ...     read_json(raw=b'{"players": 3,}', name="r.json")
    ... except FileError as exc:
    ...     print(exc.kind, exc.problem.line, exc.problem.column)
    syntax 1 15
    """
    if raw is None:
        if path is None:
            raise TypeError("read_json needs a path or raw bytes")
        name = check_path(path, what)
        raw = read_bytes(name, what)
    shown = name or (os.fspath(path) if path is not None else "<json>")
    text = decode(raw, shown)
    depth, index = _json_depth(text)
    if depth > MAX_JSON_DEPTH:
        line, col = _line_col(text, index)
        _fail(
            shown,
            "too-deep",
            f"nested more than {MAX_JSON_DEPTH} levels deep",
            f"is this a {what}?",
            line,
            col,
        )
    try:
        return json.loads(
            text,
            parse_int=_parse_int(shown),
            parse_constant=_no_constant(shown),
            object_pairs_hook=_no_duplicates(shown),
        )
    except json.JSONDecodeError as exc:
        _fail(shown, "syntax", f"not JSON: {exc.msg}", f"is this a {what}?", exc.lineno, exc.colno)
    except RecursionError:  # pragma: no cover - the depth is checked first
        _fail(shown, "too-deep", "nested too deep")


def _json_depth(text: str) -> tuple[int, int]:
    """The deepest nesting of ``[``/``{`` outside strings (up to one past the limit), and
    the index where it went past the limit (0 if it never did)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if depth > MAX_JSON_DEPTH:
                    return deepest, match.start()
        elif char in "]}":
            depth -= 1
    return deepest, 0


#: A JSON string (skipped whole) or a bracket.
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _parse_int(name: str) -> Callable[[str], int]:
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_JSON_DIGITS:
            _fail(name, "number", f"an integer of {len(digits)} digits is too long")
        return int(digits)

    return parse


def _no_constant(name: str) -> Callable[[str], Any]:
    def parse(word: str) -> Any:
        _fail(name, "number", f"{word} is not a JSON number", "write a finite number")

    return parse


def _no_duplicates(name: str) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                _fail(name, "duplicate-key", f"duplicate key {key!r}", "remove one of them")
            out[key] = value
        return out

    return build


def check_writable(path: str | os.PathLike[str], what: str = RECORD) -> str:
    """The path as text, if a file may be written there: it does not exist yet, or it
    is a regular file; and its folder exists. Raises :class:`~cardrules.errors.FileError`.

    >>> try:
    ...     check_writable("/dev/null")
    ... except FileError as exc:
    ...     print(exc.kind)
    not-regular
    """
    name = check_path(path, what)
    try:
        found = os.stat(name)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(name))
        if not os.path.isdir(folder):
            _fail(name, "missing", f"cannot write the {what}: no such folder")
        return name
    except OSError as exc:
        _fail(name, _os_kind(exc), f"cannot write the {what}: {exc.strerror or exc}")
    if not stat.S_ISREG(found.st_mode):
        _fail(name, "not-regular", f"cannot write the {what}: it is {_what(found.st_mode)}")
    return name


def write_text(path: str | os.PathLike[str], text: str, what: str = RECORD) -> None:
    """Write ``text`` (UTF-8) to ``path``, refusing anything but a regular file.

    The path is checked by :func:`check_writable`, then opened without blocking and
    checked again on the open descriptor, before anything is truncated or written.
    """
    name = check_writable(path, what)
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0) | _NONBLOCK
    flags |= getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags, 0o666)
    except OSError as exc:
        _fail(name, "unreadable", f"cannot write the {what}: {exc.strerror or exc}")
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            _fail(name, "not-regular", f"cannot write the {what}: it is {_what(found.st_mode)}")
        os.ftruncate(fd, 0)
        data = text.encode("utf-8")
        while data:
            done = os.write(fd, data)
            data = data[done:]
    except OSError as exc:
        _fail(name, "unreadable", f"cannot write the {what}: {exc.strerror or exc}")
    finally:
        os.close(fd)


#: The longest reference (``extends:``, ``house_rules:``, ``applies_to:``, ``variant:``).
MAX_REFERENCE = 255


def resolve_reference(
    ref: str,
    folder: str | os.PathLike[str],
    search_path: Sequence[str | os.PathLike[str]] = (),
    what: str = RULE_FILE,
) -> str:
    """The path that a reference written in a file of ``folder`` names.

    A reference is a relative path resolved from ``folder`` and may not leave that
    folder's tree: an absolute path, a ``..`` escape or a symbolic link that leads out
    is refused with a :class:`~cardrules.errors.FileError` of kind ``outside``, before
    anything is opened. ``search_path`` widens this explicitly: a reference is also
    looked up in each of those folders (in order, when it is not found from
    ``folder``), and may lead anywhere inside them (``../shared/base.yaml`` from a
    folder beside ``shared``, when their common parent is on the search path); an
    absolute path is accepted when it is inside one of them. The path returned may not
    exist (the reader says so).

    >>> resolve_reference("house/ours.yaml", "games")
    'games/house/ours.yaml'
    >>> for ref in ("../../etc/passwd", "/etc/passwd"):
    ...     try:
    ...         resolve_reference(ref, "games")
    ...     except FileError as exc:
    ...         print(exc.kind, exc.problem.message)
    outside '../../etc/passwd' leads out of the folder of the file that names it
    outside '/etc/passwd' is an absolute path; a reference is relative to the file that names it
    """
    if "\x00" in ref:
        _fail("<reference>", "name", "a reference cannot contain a NUL byte")
    if len(ref) > MAX_REFERENCE:
        _fail(
            ref,
            "name",
            f"the reference is {len(ref)} characters, more than {MAX_REFERENCE}",
            "use a shorter file name",
        )
    roots = [os.fspath(folder), *(os.fspath(p) for p in search_path)]
    shown = repr(ref if len(ref) <= 60 else ref[:57] + "...")
    if os.path.isabs(ref) or os.path.splitdrive(ref)[0]:
        inside = [r for r in roots[1:] if _within(ref, r)]
        if not inside:
            _fail(
                ref,
                "outside",
                f"{shown} is an absolute path; a reference is relative to the file that names it",
                "name a file in this folder or below it, or widen the search path explicitly",
            )
        return ref
    found: str | None = None
    for root in roots:
        candidate = os.path.join(root, ref)
        if not any(_within(candidate, r) for r in roots):
            continue
        if os.path.lexists(candidate):
            return candidate
        if found is None:
            found = candidate
    if found is None:
        _fail(
            ref,
            "outside",
            f"{shown} leads out of the folder of the file that names it",
            "name a file in this folder or below it, or widen the search path explicitly",
        )
    return found


def _within(path: str, root: str) -> bool:
    """Whether ``path``, links followed, is ``root`` or inside it."""
    real = os.path.realpath(path)
    top = os.path.realpath(root)
    try:
        return os.path.commonpath([real, top]) == top
    except ValueError:  # different drives
        return False


def data_depth(value: object, limit: int = MAX_JSON_DEPTH) -> int:
    """The nesting depth of plain data (lists and mappings), counted without recursion
    and no further than ``limit + 1``: data handed to the API from Python is bounded
    like data read from a file.

    >>> data_depth({"a": [1, [2]]}), data_depth(3), data_depth([[[[]]]], limit=2)
    (3, 0, 3)
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth) for child in children)
    return deepest


def long_integer(value: object, digits: int = MAX_JSON_DIGITS) -> int | None:
    """The number of digits (about) of the first integer in plain data longer than
    ``digits``, or None; found without recursion, and without writing the number out
    (Python refuses to write one of more than 4300 digits).

    >>> long_integer({"pool": [1, 10**50]}), long_integer({"pool": 10**20})
    (51, None)
    """
    bits = int(digits * 3.33) + 4
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            if item.bit_length() > bits or len(str(abs(item))) > digits:
                return int(item.bit_length() * 0.30103) + 1
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return None
