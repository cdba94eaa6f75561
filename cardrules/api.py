"""The entry points that join the rule-file side to the engine: open a session from a
variant's name, read and replay a record.

They are re-exported by :mod:`cardrules`; the engine itself never reads rule files.

A record is checked before anything is replayed: against its JSON Schema
(``schemas/record.schema.json``: bounded sizes, integers and texts, a required rules
hash), then its rules are found. They are loaded by the record's variant name, house
rules and overrides when those are at hand (and must give the recorded hash: a record
whose rule files changed since is refused, saying so); otherwise they are the effective
rules the record carries, checked as a rule file is and by their hash. A record
therefore replays anywhere, and never under rules other than its own.

>>> s = new_session("put", seed=3)
>>> s.players, s.rules.challenges.enabled
(2, True)
"""

from __future__ import annotations

import operator
import os
from collections.abc import Mapping, Sequence
from typing import Any

from cardrules.engine.record import check_record, replay_under
from cardrules.engine.rulesdata import rules_hash
from cardrules.engine.session import Origin, Session
from cardrules.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    FileError,
    Problem,
    RecordError,
    RulesError,
)
from cardrules.files import (
    MAX_JSON_DEPTH,
    RECORD,
    data_depth,
    long_integer,
    read_bytes,
    read_json,
    read_stream,
    resolve_reference,
)
from cardrules.rules.dataschemas import MAX_PLAYERS, MAX_SEED
from cardrules.rules.model import Rules

__all__ = [
    "house_rule_names",
    "load_record",
    "load_rules",
    "load_state",
    "new_session",
    "record_problems",
    "replay",
]


def new_session(
    variant: str | os.PathLike[str] | Rules,
    house_rules: Sequence[str] = (),
    overrides: Mapping[str, Any] | None = None,
    *,
    players: int | None = None,
    seed: int | None = None,
    **kwargs: Any,
) -> Session:
    """Load a variant (a bundled name, a path, or a :class:`Rules`) and open a session.

    Keyword arguments are those of :class:`~cardrules.engine.session.Session`. Wrong
    types and values raise :class:`~cardrules.errors.ArgumentTypeError` and
    :class:`~cardrules.errors.ArgumentValueError`, saying what was expected.

    >>> new_session(3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: variant: expected a variant name, a path or Rules, got a int
    """
    names = house_rule_names(house_rules)
    rules = load_rules(variant, names, overrides)
    if isinstance(variant, Rules):
        origin = Origin(rules.name, names, dict(overrides) if overrides else None)
    else:
        origin = Origin(os.fspath(variant), names, dict(overrides) if overrides else None)
    _check_count("players", players, 2, MAX_PLAYERS)
    _check_count("seed", seed, 0, MAX_SEED)
    return Session(rules, players, seed=seed, origin=origin, **kwargs)


def load_rules(
    variant: str | os.PathLike[str] | Rules,
    house_rules: Sequence[str] = (),
    overrides: Mapping[str, Any] | None = None,
) -> Rules:
    """The rules of a variant given as a bundled name, a path or a :class:`Rules`.

    A name or a path is loaded with its ``house_rules`` and ``overrides``; a :class:`Rules`
    is taken as it is (the house rules then only name what it was loaded with). Every entry
    point that takes a variant (:func:`new_session`, :func:`~cardrules.tools.simulate.simulate`,
    :func:`~cardrules.tools.simulate.compare`) reads it here.

    >>> load_rules("five-card-loo", ["club-law"]).promoted.card
    'JC'
    >>> load_rules(3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: variant: expected a variant name, a path or Rules, got a int
    """
    names = house_rule_names(house_rules)
    if overrides is not None and not isinstance(overrides, Mapping):
        raise ArgumentTypeError(
            f"overrides: expected a mapping of rule keys to values, got {_kind(overrides)}"
        )
    if isinstance(variant, Rules):
        return variant
    if isinstance(variant, (str, os.PathLike)):
        # Imported on first use: the loader brings in yaml, which ``import cardrules``
        # does not need.
        from cardrules.rules.loader import load_variant

        return load_variant(variant, house_rules=names, overrides=overrides)
    raise ArgumentTypeError(
        f"variant: expected a variant name, a path or Rules, got {_kind(variant)}"
    )


def house_rule_names(house_rules: object) -> tuple[str, ...]:
    """House rules given as one name or path, or a list of them, as a tuple of names."""
    if isinstance(house_rules, (str, os.PathLike)):
        house_rules = [os.fspath(house_rules)]
    if not isinstance(house_rules, Sequence) or not all(
        isinstance(h, (str, os.PathLike)) for h in house_rules
    ):
        raise ArgumentTypeError(
            f"house_rules: expected a list of names or paths, got {_kind(house_rules)}"
        )
    return tuple(os.fspath(h) for h in house_rules)


def _check_count(name: str, value: Any, least: int, most: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(f"{name}: expected a whole number or None, got {_kind(value)}")
    value = operator.index(value)
    if not least <= value <= most:
        shown = (
            value if long_integer(value) is None else f"a number of {long_integer(value)} digits"
        )
        raise ArgumentValueError(f"{name}: expected a number from {least} to {most}, got {shown}")


def _kind(value: object) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def record_problems(record: object, file: str = "<record>") -> list[Problem]:
    """Every way ``record`` departs from the record schema (located by their key path).

    >>> [p.message for p in record_problems({"format": "cardrules-record/1"})][:2]
    ["'rules' is missing", "'players' is missing"]
    """
    from cardrules.rules.dataschemas import RECORD_SCHEMA_FILE  # beside the two below
    from cardrules.rules.overlay import RuleFile  # on first use: it brings in the loader's kin
    from cardrules.rules.validation import schema_problems  # on first use: jsonschema

    if data_depth(record) > MAX_JSON_DEPTH:
        message = f"nested more than {MAX_JSON_DEPTH} levels deep: not a game record"
        return [Problem(file, 0, 0, message, kind="too-deep")]
    digits = long_integer(record)
    if digits is not None:
        message = f"an integer of about {digits} digits: not a number a record holds"
        return [Problem(file, 0, 0, message, kind="number")]
    return schema_problems(RuleFile.of(record, file), RECORD_SCHEMA_FILE)


def _checked(record: object, file: str, raw: bytes | None = None) -> dict[str, Any]:
    problems = record_problems(record, file)
    if problems and raw is not None:
        problems = _located(record, file, raw) or problems
    if problems:
        shown = [str(p) for p in problems[:10]]
        if len(problems) > 10:
            shown.append(f"... and {len(problems) - 10} more")
        raise RecordError("not a valid game record:\n" + "\n".join(shown))
    assert isinstance(record, dict)
    return record


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A game record read from a file (``-`` for standard input) and checked by its schema.

    Read by :func:`cardrules.files.read_json` (a regular file of at most
    ``LIMITS[RECORD]`` bytes, bounded JSON); raises
    :class:`~cardrules.errors.FileError` for a file that cannot be read so, and
    :class:`~cardrules.errors.RecordError` for JSON that is not a record.
    """
    name = os.fspath(path)
    if name == "-":
        import sys  # only for standard input

        raw = read_stream(sys.stdin.buffer, "<stdin>", RECORD)
    else:
        raw = read_bytes(name, RECORD)
    return _checked(read_json(raw=raw, name=name), name, raw)


def _located(record: object, file: str, raw: bytes) -> list[Problem]:
    """The record's schema problems at their lines and columns, read again with positions
    (JSON is YAML 1.2); empty when the text is too large or too odd for that."""
    from cardrules.rules.dataschemas import RECORD_SCHEMA_FILE  # on first use, as above
    from cardrules.rules.overlay import RuleFile  # on first use, as above
    from cardrules.rules.validation import schema_problems  # on first use, as above
    from cardrules.rules.yamlsafe import read_document  # on first use: yaml

    try:
        doc, _ = read_document(raw, file)
    except RulesError:
        return []
    if doc.data != record:
        return []
    return schema_problems(RuleFile(file, file, record, doc), RECORD_SCHEMA_FILE)


def replay(
    record: dict[str, Any], rules: Rules | None = None, *, folder: str | None = None
) -> Session:
    """Rebuild a session from its record, applying every action.

    The record is checked by its schema first. ``rules`` may be given; otherwise they
    are loaded by the record's variant, house rules and overrides when these are found
    (a path is looked up from ``folder``, the record's own folder, default the current
    one, and may not leave it), and must still give the recorded hash; when they are not
    found, they are the effective rules the record carries, checked like a rule file and
    by their hash. Raises :class:`~cardrules.errors.RecordError`.

    >>> s = new_session("three-card-loo", players=3, seed=11)
    >>> s.apply(s.legal_actions()[0])
    >>> replay(s.record()) == s
    True
    """
    spec = check_record(_checked(record, "<record>"))
    if rules is None:
        rules = _named_rules(spec, folder or os.curdir)
    if rules is None:
        rules = _carried_rules(spec)
    return replay_under(record, rules)


def _named_rules(spec: dict[str, Any], folder: str) -> Rules | None:
    """The rules by the record's names, or None when they are not at hand or differ."""
    from cardrules.rules.loader import load_variant  # imported on first use, as above
    from cardrules.rules.overlay import is_path  # imported on first use, as above

    variant = spec.get("variant")
    if not isinstance(variant, str):
        return None
    try:
        if is_path(variant):
            variant = resolve_reference(variant, folder)
        house = [
            resolve_reference(h, folder) if is_path(h) else h for h in spec.get("house_rules", ())
        ]
        rules = load_variant(variant, house_rules=house, overrides=spec.get("overrides") or None)
    except (RulesError, FileError, ArgumentTypeError, ArgumentValueError):
        if spec.get("effective") is None:
            raise RecordError(
                f"the record's rules {variant!r} cannot be loaded here, "
                "and the record does not carry its effective rules"
            ) from None
        return None
    return rules  # changed since the record was made: replay_under says so


def _carried_rules(spec: dict[str, Any]) -> Rules:
    from cardrules.rules.loader import load_effective  # imported on first use, as above

    if spec.get("effective") is None:
        raise RecordError("the record lacks its 'rules' (a variant or the effective rules)")
    try:
        rules = load_effective(spec["effective"], "<record>:rules.effective")
    except RulesError as exc:
        raise RecordError(f"the effective rules the record carries are not valid:\n{exc}") from None
    if rules_hash(rules) != spec["hash"]:
        raise RecordError(
            f"the effective rules the record carries do not match its hash "
            f"(hash {rules_hash(rules)}, record {spec['hash']})"
        )
    return rules


def load_state(data: object) -> Session:
    """A session from a position (:meth:`Session.to_json` output) of unknown origin.

    :meth:`Session.from_json` reads the rules a position carries within the model's types
    and bounds; this reads them exactly as a rule file is read (the schema's bounds and
    the consistency checks between options, by
    :func:`~cardrules.rules.loader.load_effective`) before the position is rebuilt under
    them, so a stranger's position never asks the engine for rules a rule file could not
    state. Raises :class:`~cardrules.errors.RecordError`.

    >>> s = new_session("five-card-loo", players=4, seed=2)
    >>> s.apply("stand")
    >>> load_state(s.to_json()) == s
    True
    >>> load_state({"format": "cardrules-state/1", "rules": []})
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: the position's rules are not valid: \
<position>:0:0: error: the effective rules must be a mapping
    """
    from cardrules.rules.loader import load_effective  # imported on first use, as above

    if not isinstance(data, dict):
        raise RecordError("not a cardrules position (expected a JSON object)")
    if data_depth(data) > MAX_JSON_DEPTH or long_integer(data) is not None:
        raise RecordError("not a cardrules position (nested too deep, or a number too long)")
    try:
        rules = load_effective(data.get("rules"), "<position>")
    except RulesError as e:
        shown = "; ".join(str(p) for p in e.errors[:3]) or str(e)
        raise RecordError(f"the position's rules are not valid: {shown}") from None
    return Session.from_json(data, rules=rules)
