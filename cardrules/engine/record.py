"""Game records: the rules, the start and every action, as JSON.

A record rebuilds the exact session: the same rules (checked by a hash of the
effective rules), the same seed or fixed deal, and the same actions.

>>> import cardrules
>>> from cardrules.engine.record import replay
>>> s = cardrules.new_session("three-card-loo", players=3, seed=11)
>>> for _ in range(5):
...     s.apply(s.legal_actions()[0])
>>> again = replay(s.record())
>>> again.actions == s.actions and again.scores == s.scores
True
"""

from __future__ import annotations

import enum
import hashlib
import json
from typing import Any

import attrs

from cardrules.engine.actions import action_text, parse_action
from cardrules.engine.deal import FixedDeal
from cardrules.errors import CardRulesError, RecordError
from cardrules.rules.model import Rules

FORMAT = "cardrules-record/1"


def rules_json(rules: Rules) -> dict[str, Any]:
    """The effective rules as plain JSON data (enum values as their words)."""

    def convert(_inst: Any, _field: Any, value: Any) -> Any:
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, tuple):
            return list(value)
        return value

    return attrs.asdict(rules, value_serializer=convert)


def rules_hash(rules: Rules) -> str:
    """A short fingerprint of the effective rules (names and descriptions excluded).

    >>> from cardrules.rules.model import Rules
    >>> len(rules_hash(Rules()))
    16
    """
    data = rules_json(rules)
    for key in ("name", "title", "aliases", "description", "sources", "house_rules", "kind"):
        data.pop(key, None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def format_step(seat: int, action: int) -> str:
    """``"SEAT: ACTION"``, the form of actions in records and rulings."""
    return f"{seat}: {action_text(action)}"


def parse_step(text: str) -> tuple[int | None, str]:
    """Split ``"2: play QH"`` into ``(2, "play QH")``; a step without a seat gives None."""
    if ":" in text:
        head, _, rest = text.partition(":")
        try:
            return int(head.strip()), rest.strip()
        except ValueError:
            raise RecordError(f"{text!r}: the seat before ':' must be a number") from None
    return None, text.strip()


def session_record(session: Any) -> dict[str, Any]:
    """The record of a session (see :meth:`cardrules.engine.session.Session.record`)."""
    origin = session.origin
    rules = session.rules
    return {
        "format": FORMAT,
        "rules": {
            "variant": origin.variant if origin else rules.name,
            "house_rules": list(origin.house_rules) if origin else list(rules.house_rules),
            "overrides": (origin.overrides if origin else None) or {},
            "hash": rules_hash(rules),
        },
        "players": session.players,
        "seed": session.seed,
        "start": session.start,
        "actions": [format_step(s, a) for s, a in session.actions],
    }


def replay(record: dict[str, Any], rules: Rules | None = None) -> Any:
    """Rebuild a session from its record, applying every action.

    ``rules`` may be given when the record's variant is not a bundled name or
    a path that can be found from here.
    """
    from cardrules.engine.session import Session

    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a cardrules record (expected format {FORMAT!r})")
    try:
        spec = record["rules"]
        if rules is None:
            from cardrules.rules.loader import load_variant

            rules = load_variant(
                spec["variant"],
                house_rules=spec.get("house_rules", ()),
                overrides=spec.get("overrides") or None,
            )
        if spec.get("hash") and spec["hash"] != rules_hash(rules):
            raise RecordError(
                f"the rules have changed since the record was made "
                f"(hash {rules_hash(rules)}, record {spec['hash']})"
            )
        start = record.get("start") or {}
        fixed = FixedDeal.from_json(start["deal"]) if start.get("deal") else None
        from cardrules.engine.session import Origin

        session = Session(
            rules,
            record["players"],
            seed=record.get("seed"),
            dealer=start.get("dealer"),
            pool=start.get("pool", 0),
            scores=start.get("scores"),
            deal=fixed,
            first_deal=start.get("first_deal", True),
            single=start.get("single"),
            origin=Origin(
                spec["variant"], tuple(spec.get("house_rules", ())), spec.get("overrides") or None
            ),
        )
    except KeyError as exc:
        raise RecordError(f"the record lacks {exc}") from None
    for i, step in enumerate(record.get("actions", [])):
        seat, text = parse_step(step)
        if seat is not None and seat != session.to_move:
            raise RecordError(
                f"action {i + 1} ({step!r}): seat {session.to_move} is to move, not seat {seat}"
            )
        try:
            session.apply(parse_action(text))
        except CardRulesError as exc:
            raise RecordError(f"action {i + 1} ({step!r}) does not replay: {exc}") from None
    return session


def dumps(record: dict[str, Any]) -> str:
    """A record as indented JSON text."""
    return json.dumps(record, indent=1) + "\n"
