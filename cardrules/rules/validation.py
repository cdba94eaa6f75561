"""Checking a rule file against the format's JSON Schema.

:func:`schema_problems` checks one file's data against the format's schema
and turns every error into a :class:`~cardrules.errors.Problem` placed at the
line and column that set the offending value. Messages are built from the
error's fields (keyword, path, value), never from jsonschema's wording, and
never quote more than a short value. Unknown keys and misspelt words get a
"did you mean"; a key the format no longer has says why and what to write instead.

What a schema cannot express (the pack must hold the players, options must
not contradict each other...) is checked afterwards on the merged rules, by
:mod:`cardrules.rules.semantics`.

jsonschema is imported only when a schema check runs, so that importing
cardrules (and playing) stays fast.

>>> from cardrules.rules.overlay import RuleFile
>>> bad = RuleFile.of({"following": {"trump_when_void": "alwys"}}, "house.yaml")
>>> problem = schema_problems(bad)[0]
>>> print(problem.message.removeprefix("following.trump_when_void: "))
'alwys' is not one of if_can_head, always, any_trump, highest_trump, never
>>> problem.suggestion
"did you mean 'always'?"
"""

from __future__ import annotations

import difflib
import importlib
import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import RANKS, SUIT_NAMES, SUITS, card_text, parse_card
from cardrules.errors import Problem
from cardrules.rules.bundled import data_dir
from cardrules.rules.model import CARD_PATTERN, RANK_PATTERN, RETIRED, SUIT_PATTERN

if TYPE_CHECKING:
    from cardrules.rules.overlay import RuleFile

__all__ = ["SCHEMA_FILE", "schema", "schema_problems", "strict_validator", "validator"]

SCHEMA_FILE = "cardrules.schema.json"
_LONG = 40

# --------------------------------------------------------------------------- the schema

_CACHE: dict[str, Any] = {}


def schema(name: str = SCHEMA_FILE) -> dict[str, Any]:
    """A JSON Schema shipped with cardrules (the rule files' by default), read once.

    >>> schema()["properties"]["pack"]["properties"]["cards"]["enum"]
    ['full52', 'piquet32', 'listed']
    """
    key = "schema:" + name
    if key not in _CACHE:
        text = (data_dir("schemas") / name).read_text(encoding="utf-8")
        _CACHE[key] = json.loads(text)
    result: dict[str, Any] = _CACHE[key]
    return result


def validator(name: str = SCHEMA_FILE) -> Any:
    """The one Draft 2020-12 validator of the schema (built on first use, then reused).

    Integers are strict: ``5.0`` is not a number of cards. No reference is ever
    fetched: the registry is empty and the schema has no remote references.

    >>> validator().is_valid({"deal": {"hand_size": 5}}), validator().is_valid({"deal": 5})
    (True, False)
    """
    key = "validator:" + name
    if key not in _CACHE:
        _CACHE[key] = strict_validator(schema(name))
    return _CACHE[key]


def strict_validator(document: dict[str, Any]) -> Any:
    """A Draft 2020-12 validator of the schema ``document``, with strict integers and an
    empty registry (see :func:`validator`, which keeps one for each shipped schema).

    >>> strict_validator({"type": "integer"}).is_valid(5.0)
    False
    """
    # jsonschema (and its referencing) are imported on the first schema check, not with
    # cardrules: listing, loading bundled games (see cardrules.rules.checked) and playing
    # never need them.
    from referencing import Registry

    jsonschema = importlib.import_module("jsonschema")  # untyped: no stubs for mypy
    draft = jsonschema.Draft202012Validator

    def is_integer(checker: object, instance: object) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = draft.TYPE_CHECKER.redefine("integer", is_integer)
    strict = jsonschema.validators.extend(draft, type_checker=checker)
    return strict(document, registry=Registry())


# --------------------------------------------------------------------------- schema errors


def schema_problems(source: RuleFile, name: str = SCHEMA_FILE) -> list[Problem]:
    """Every schema error in one file's data, in file order: a rule file's, or another
    file's against the shipped schema ``name`` (a record's, a rulings file's).

    >>> from cardrules.rules.overlay import RuleFile
    >>> [p.kind for p in schema_problems(RuleFile.of({"deal": {"miss": "yes"}, "flush": 1}, "f"))]
    ['type', 'unknown-key']
    """
    if source.data is None and source.doc is not None and name == SCHEMA_FILE:
        return [
            Problem(
                source.file,
                1,
                1,
                "the file is empty",
                "a rule file is a mapping of sections, e.g. 'name: my-loo'",
                kind="empty",
            )
        ]
    problems: list[Problem] = []
    for error in validator(name).iter_errors(source.data):
        problems.extend(_convert(error, source, name))
    return sorted(problems, key=lambda p: (p.line, p.column))


def _convert(error: Any, source: RuleFile, name: str = SCHEMA_FILE) -> Iterator[Problem]:
    """Problems for one jsonschema error (an unknown-key error may hold several keys)."""
    path = tuple(error.absolute_path)
    keyword = str(error.validator)
    value = error.instance
    if keyword == "additionalProperties" and isinstance(value, dict):
        allowed = list(error.schema.get("properties", {}))
        for key in value:
            if key not in allowed:
                line, col = source.position((*path, key), key=True)
                where = f" in {_dotted(path)}" if path else ""
                dotted = _dotted((*path, str(key)[:_LONG]))
                if dotted in RETIRED:
                    reason, fix = RETIRED[dotted]
                    yield Problem(
                        source.file,
                        line,
                        col,
                        f"{dotted} is no longer a key of the format: {reason}",
                        fix,
                        kind="retired-key",
                        key=dotted,
                    )
                    continue
                yield Problem(
                    source.file,
                    line,
                    col,
                    f"unknown key {_describe(key)}{where}",
                    _key_hint(str(key), path, allowed, name),
                    kind="unknown-key",
                    key=dotted,
                )
        return
    if keyword == "uniqueItems" and isinstance(value, list):
        index = next(i for i, item in enumerate(value) if item in value[:i])
        line, col = source.position((*path, index))
        yield Problem(
            source.file,
            line,
            col,
            f"{_dotted(path)}: {_describe(value[index])} is listed twice",
            "list each item once",
            kind="duplicate-item",
            key=_dotted(path),
        )
        return
    if keyword == "required" and isinstance(value, dict):
        missing = [k for k in error.validator_value if k not in value]
        line, col = source.position(path)
        where = f"{_dotted(path)}: " if path else ""
        for key in missing:
            yield Problem(
                source.file,
                line,
                col,
                f"{where}{key!r} is missing",
                f"write the {key!r} key",
                kind="missing-key",
                key=_dotted((*path, key)),
            )
        return
    build = _MESSAGES.get(keyword, _other)
    kind, message, hint = build(error.validator_value, value)
    line, col = source.position(path)
    prefix = f"{_dotted(path)}: " if path else ""
    yield Problem(source.file, line, col, prefix + message, hint, kind=kind, key=_dotted(path))


def _type(expected: Any, value: Any) -> tuple[str, str, str]:
    names = [expected] if isinstance(expected, str) else list(expected)
    if value is None and "object" in names:
        return "type", "is empty: write its keys below it, or remove it", ""
    if isinstance(value, list) and "object" in names:
        return "type", "expected a mapping, got a list", "a rule file is a mapping of sections"
    want = " or ".join(_TYPE_WORDS.get(n, n) for n in names)
    return "type", f"expected {want}, got {_describe(value)}", _type_hint(names, value)


def _type_hint(names: list[str], value: Any) -> str:
    if isinstance(value, str):
        text = value.strip().lower()
        if "boolean" in names and text in _YES_NO:
            word = "true" if _YES_NO[text] else "false"
            return f"write {word}: yes, no, on and off are text in YAML 1.2"
        if "integer" in names or "number" in names:
            if re.fullmatch(r"[-+]?0[0-9]+", text):
                return f"write {int(text)}: a leading zero does not make a number"
            if re.fullmatch(r"[-+]?0x[0-9a-f]+", text):
                return f"write it in decimal: {int(text, 16)}"
            if re.fullmatch(r"[0-9]+(:[0-5]?[0-9])+", text):
                return "write the number in decimal; 1:30 is text in YAML 1.2"
            if re.fullmatch(r"\d{4}-\d\d-\d\d.*", text):
                return "a date is text here: write a whole number"
            return "write the number without quotes"
        if "array" in names:
            return f"write a list: [{value}]"
    if isinstance(value, float) and "integer" in names:
        return "write a whole number"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and "string" in names:
        return f"quote it if it is meant as text: '{value}'"
    return ""


def _enum(allowed: Any, value: Any) -> tuple[str, str, str]:
    words = [str(w) for w in allowed]
    message = f"{_describe(value)} is not one of {', '.join(words)}"
    return "enum", message, _word_hint(value, words)


def _pattern(pattern: Any, value: Any) -> tuple[str, str, str]:
    kind, what, fix = _PATTERNS.get(
        str(pattern), ("pattern", f"does not match {pattern}", _no_hint)
    )
    hint = fix(value) if isinstance(value, str) else ""
    return kind, f"{_describe(value)} {what}", hint


def _range(bound: Any, value: Any, below: bool) -> tuple[str, str, str]:
    side = "less than the minimum" if below else "more than the maximum"
    return "range", f"{_describe(value)} is {side} {bound}", ""


def _other(rule: Any, value: Any) -> tuple[str, str, str]:
    return "schema", f"{_describe(value)} is not allowed here", ""


_MESSAGES: dict[str, Callable[[Any, Any], tuple[str, str, str]]] = {
    "type": _type,
    "enum": _enum,
    "pattern": _pattern,
    "minimum": lambda bound, value: _range(bound, value, True),
    "maximum": lambda bound, value: _range(bound, value, False),
    "minItems": lambda n, value: ("length", f"needs at least {n} item{'s' * (n != 1)}", ""),
    "minLength": lambda n, value: ("length", "must not be empty", ""),
    "maxItems": lambda n, value: ("length", f"has more than {n} items", ""),
    "maxLength": lambda n, value: ("length", f"is longer than {n} characters", ""),
    "maxProperties": lambda n, value: ("length", f"has more than {n} keys", ""),
    "const": lambda want, value: ("enum", f"{_describe(value)} is not {_describe(want)}", ""),
}

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "string": "text",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}
_YES_NO = {"yes": True, "y": True, "on": True, "no": False, "n": False, "off": False}


def _no_hint(value: str) -> str:
    return ""


def _card_hint(value: str) -> str:
    try:
        return f"write {card_text(parse_card(value))}"
    except ValueError:
        pass
    words = re.sub(r"[\s_-]+", " ", value.strip().lower()).split()
    words = [_CARD_WORDS.get(w, w) for w in words]
    if words[-2:] == ["of", "trumps"] and len(words) == 3 and words[0] == "J":
        return "did you mean 'jack_of_trumps'?"
    if len(words) == 3 and words[1] == "of" and words[0] in RANKS and words[2] in SUITS:
        return f"did you mean {words[0] + words[2]!r}?"
    close = difflib.get_close_matches(value.strip().lower(), ["jack_of_trumps"], n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    return "write rank then suit in capitals, e.g. JC for the knave of clubs"


#: The words of the texts for ranks and suits (the knave is the jack), as the format writes them.
_CARD_WORDS = {
    **dict.fromkeys(("knave", "jack", "jacks", "knaves"), "J"),
    "ace": "A",
    "king": "K",
    "queen": "Q",
    "ten": "T",
    "nine": "9",
    "eight": "8",
    "seven": "7",
    "six": "6",
    "five": "5",
    "four": "4",
    "three": "3",
    "trey": "3",
    "two": "2",
    "deuce": "2",
    **{name: letter for letter, name in zip(SUITS, SUIT_NAMES, strict=True)},
    **{name.rstrip("s"): letter for letter, name in zip(SUITS, SUIT_NAMES, strict=True)},
    "trump": "trumps",
}


def _rank_hint(value: str) -> str:
    text = value.strip().upper()
    if text == "10" or text in RANKS:
        return f"write {text}"
    return f"ranks are {' '.join(RANKS[::-1])}; 10 is also accepted for T"


def _suit_hint(value: str) -> str:
    text = value.strip().lower()
    for letter, name in zip(SUITS, SUIT_NAMES, strict=True):
        if text in (letter.lower(), name, name.rstrip("s")):
            return f"write {letter}"
    return f"suits are {' '.join(SUITS)}"


def _name_hint(value: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")
    return f"write {slug}" if slug else "use lower-case letters, digits and hyphens"


_PATTERNS: dict[str, tuple[str, str, Callable[[str], str]]] = {
    f"({CARD_PATTERN[:-1]}|^jack_of_trumps)$": (
        "card",
        "is not a card (rank then suit, e.g. JC) nor jack_of_trumps",
        _card_hint,
    ),
    RANK_PATTERN: ("rank", "is not a rank", _rank_hint),
    SUIT_PATTERN: ("suit", "is not a suit", _suit_hint),
    "^[a-z0-9][a-z0-9-]*$": (
        "name",
        "is not a name: lower-case words joined by hyphens",
        _name_hint,
    ),
    "^[a-z_]+(\\.[a-z_]+)*$": ("pattern", "is not a dotted key such as promoted.card", _no_hint),
}


def _key_hint(key: str, path: tuple[Any, ...], allowed: list[str], name: str = SCHEMA_FILE) -> str:
    """ "did you mean" for an unknown key: a close key of the same section, else the same
    (or a close) key in another section."""
    close = difflib.get_close_matches(key, allowed, n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    here = _dotted(path)
    every = _all_keys(name)
    elsewhere = [p for p in every if p.rsplit(".", 1)[-1] == key and p != here]
    if not elsewhere:
        names = {p.rsplit(".", 1)[-1]: p for p in every}
        elsewhere = [
            names[n] for n in difflib.get_close_matches(key, list(names), n=1, cutoff=0.75)
        ]
    if elsewhere:
        return f"did you mean {elsewhere[0]!r}?"
    return f"the keys here are {', '.join(allowed)}" if len(allowed) <= 8 else ""


def _all_keys(name: str = SCHEMA_FILE) -> list[str]:
    cache = "keys:" + name
    if cache not in _CACHE:
        keys: list[str] = []

        def walk(node: dict[str, Any], prefix: str) -> None:
            for name, sub in node.get("properties", {}).items():
                keys.append(prefix + name)
                walk(sub, prefix + name + ".")

        walk(schema(name), "")
        _CACHE[cache] = keys
    result: list[str] = _CACHE[cache]
    return result


def _word_hint(value: Any, words: list[str]) -> str:
    if not isinstance(value, str):
        return ""
    norm = re.sub(r"[\s-]+", "_", value.strip().lower())
    if norm in words:
        return f"did you mean {norm!r}?"
    close = difflib.get_close_matches(norm, words, n=1, cutoff=0.5)
    return f"did you mean {close[0]!r}?" if close else ""


def _describe(value: Any) -> str:
    """A short description of a value for a message: never the whole of a big one."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = repr(value)
        return text if len(text) <= _LONG else text[:_LONG] + "..."
    if isinstance(value, str):
        text = value if len(value) <= _LONG else value[:_LONG] + "..."
        return repr(text)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _dotted(path: Sequence[Any]) -> str:
    """``pack.ranks[3]`` for the path ('pack', 'ranks', 3)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
