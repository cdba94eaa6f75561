"""Game records: the rules, the start and every action, as JSON.

A record (:meth:`Session.record <cardrules.engine.session.Session.record>`) rebuilds the
exact session: the same rules (checked by a hash of the effective rules), the same seed
or fixed deal, and the same actions. :func:`replay_under` here takes the rules it replays under;
:func:`cardrules.replay` also finds them by the record's variant name.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=3, seed=11)
>>> for _ in range(5):
...     s.apply(s.legal_actions()[0])
>>> again = replay_under(s.record(), s.rules)
>>> again == s
True
"""

from __future__ import annotations

import json
from typing import Any

from cardrules.engine.actions import format_step, parse_action
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.rulesdata import rules_hash, rules_json
from cardrules.engine.session import RECORD_FORMAT, Origin, Session
from cardrules.errors import CardRulesError, RecordError
from cardrules.rules.model import Rules

__all__ = [
    "FORMAT",
    "SCHEMA_URL",
    "check_record",
    "dumps",
    "format_step",
    "parse_step",
    "replay_under",
    "rules_hash",
    "rules_json",
]

FORMAT = RECORD_FORMAT


def parse_step(text: str) -> tuple[int | None, str]:
    """Split ``"2: play QH"`` into ``(2, "play QH")``; a step without a seat gives None.

    >>> parse_step("2: play QH"), parse_step("stand")
    ((2, 'play QH'), (None, 'stand'))
    """
    if ":" in text:
        head, _, rest = text.partition(":")
        try:
            return int(head.strip()), rest.strip()
        except ValueError:
            raise RecordError(f"{text!r}: the seat before ':' must be a number") from None
    return None, text.strip()


def check_record(record: Any) -> dict[str, Any]:
    """The record's rules specification, after checking that ``record`` is a record.

    This is the shape the engine needs; :func:`cardrules.replay` checks the whole record
    against its JSON Schema first.

    >>> check_record({"format": FORMAT, "rules": {"variant": "put"}, "players": 2})
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: the record's rules lack their 'hash'
    """
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a cardrules record (expected format {FORMAT!r})")
    spec = record.get("rules")
    if not isinstance(spec, dict) or not (spec.get("variant") or spec.get("effective")):
        raise RecordError("the record lacks its 'rules' (a variant or the effective rules)")
    if not isinstance(spec.get("hash"), str):
        raise RecordError("the record's rules lack their 'hash'")
    players = record.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError("the record's 'players' must be a whole number")
    actions = record.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's 'actions' must be a list of texts")
    if not isinstance(record.get("pause_at_deal_end", False), bool):
        raise RecordError("the record's 'pause_at_deal_end' must be true or false")
    start = record.get("start") or {}
    if not isinstance(start, dict):
        raise RecordError("the record's 'start' must be a mapping")
    dealer = start.get("dealer")
    if dealer is not None and (
        isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players
    ):
        raise RecordError(
            f"the record's dealer {dealer!r} is not a seat at a table of {players} "
            f"(seats are 0 to {players - 1})"
        )
    return spec


def replay_under(record: dict[str, Any], rules: Rules) -> Session:
    """Rebuild a session from its record under ``rules``, applying every action: the
    step of :func:`cardrules.replay` once it has the rules.

    Raises :class:`~cardrules.errors.RecordError` when the rules' hash differs from the
    record's, or an action does not replay.
    """
    spec = check_record(record)
    if spec["hash"] != rules_hash(rules):
        raise RecordError(
            f"the rules have changed since the record was made "
            f"(hash {rules_hash(rules)}, record {spec['hash']})"
        )
    try:
        start = record.get("start") or {}
        fixed = FixedDeal.from_json(start["deal"]) if start.get("deal") else None
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
            deals_before=start.get("deals_before", 0),
            pause_at_deal_end=record.get("pause_at_deal_end", False),
            origin=Origin(
                spec["variant"], tuple(spec.get("house_rules", ())), spec.get("overrides") or None
            )
            if spec.get("variant")
            else None,
        )
    except KeyError as exc:
        raise RecordError(f"the record lacks {exc}") from None
    except CardRulesError as exc:
        raise RecordError(f"the record's start cannot be set up: {exc}") from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        # A hand-made record that skipped the schema check: the start has wrong types.
        raise RecordError(f"the record's start is not valid: {exc}") from None
    for i, step in enumerate(record.get("actions", [])):
        seat, text = parse_step(step)
        if session.deal_over and not session.is_over:
            session.next_deal()  # a pausing session went on to the next deal
        if seat is not None and seat != session.to_move:
            raise RecordError(
                f"action {i + 1} ({step!r}): seat {session.to_move} is to move, not seat {seat}"
            )
        try:
            session.apply(parse_action(text))
        except CardRulesError as exc:
            raise RecordError(f"action {i + 1} ({step!r}) does not replay: {exc}") from None
    return session


#: The record schema named in a record's ``$schema``, for editors.
SCHEMA_URL = "https://cardrules.invalid/schemas/record.schema.json"


def dumps(record: dict[str, Any]) -> str:
    """A record as indented JSON text, naming its schema first (``$schema``, for editors).

    >>> dumps({"format": FORMAT}).splitlines()[1]
    ' "$schema": "https://cardrules.invalid/schemas/record.schema.json",'
    """
    return json.dumps({"$schema": SCHEMA_URL, **record}, indent=1) + "\n"
