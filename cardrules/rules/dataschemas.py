"""The JSON Schemas of the files cardrules reads besides rule files: game records and
rulings files.

Both are written into ``schemas/`` by ``python -m cardrules.rules.schemagen`` (a test
fails while the committed files are out of date) and shipped with the package. They
bound everything the engine will be asked to do with the file: sizes of lists and texts,
depths (no free-form nesting) and integers (:data:`MAX_INT`), so that a file that passes
is replayed or run in bounded time and memory. Checking against them is
:func:`cardrules.rules.validation.schema_problems` with the schema's file name.

>>> record_schema()["required"]
['format', 'rules', 'players', 'actions']
>>> sorted(rulings_schema()["required"])
['dealer', 'source', 'steps', 'title', 'variant']
"""

from __future__ import annotations

from typing import Any

from cardrules.rules.bounds import MAX_ROUNDS, MAX_TABLE

__all__ = [
    "MAX_ACTIONS",
    "MAX_INT",
    "MAX_PLAYERS",
    "MAX_SEED",
    "RECORD_FORMAT",
    "RECORD_SCHEMA_FILE",
    "RULINGS_SCHEMA_FILE",
    "record_schema",
    "rulings_schema",
]

RECORD_SCHEMA_FILE = "record.schema.json"
RULINGS_SCHEMA_FILE = "rulings.schema.json"
_BASE = "https://cardrules.invalid/schemas/"
#: The ``format`` word of a record (the engine writes it).
RECORD_FORMAT = "cardrules-record/1"
#: The largest counter, stake or pool in a record or a ruling (a billion counters).
MAX_INT = 10**9
#: The most seats at a table: a pack of 52 cards seats at most 52, one card each (the
#: rules' own checks refuse far fewer: a table is limited by what the pack can deal).
MAX_PLAYERS = MAX_TABLE
#: The largest seed a record stores (seeds are non-negative 64-bit integers).
MAX_SEED = 2**64 - 1
#: The most actions in one record (a long session is a few thousand).
MAX_ACTIONS = 200_000

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}
_COUNT = {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
_POOL = {"type": "integer", "minimum": 0, "maximum": MAX_INT}
_DEALS_BEFORE = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_ROUNDS * MAX_TABLE,
    "description": "Deals of the session played before this one (they count towards "
    "session.rounds).",
}
_NAME = {"type": "string", "minLength": 1, "maxLength": 255}
_CARD = {"type": "string", "pattern": "^(10|[2-9TJQKA])[CDHS]$", "description": "A card: JC."}
_CARDS: dict[str, Any] = {
    "type": ["array", "string"],
    "items": _CARD,
    "maxItems": 52,
    "maxLength": 52 * 4,
    "description": "Cards: a list, or a text of cards separated by spaces.",
}
_DEAL = {
    "type": "object",
    "description": "A fixed deal: each seat's hand, the miss, the turn-up, the stock, and the "
    "cards drawn first when the stock runs out and is restocked.",
    "properties": {
        "hands": {"type": "array", "items": _CARDS, "minItems": 1, "maxItems": MAX_PLAYERS},
        "miss": _CARDS,
        "turn_up": {**_CARD, "type": ["string", "null"]},
        "stock": _CARDS,
        "restock": _CARDS,
    },
    "required": ["hands"],
    "additionalProperties": False,
}
_STEP_TEXT = {
    "type": "string",
    "maxLength": 200,
    "pattern": "^\\s*([0-9]{1,2}\\s*:)?\\s*[a-z][A-Za-z0-9 \\-]*$",
    "description": "An action, after the seat that takes it: '2: play QH'.",
}
_PLAIN = ["string", "integer", "boolean", "null"]


def _plain_value(depth: int) -> dict[str, Any]:
    """A plain value of an override (a ruling's options), nested at most ``depth`` levels;
    what the rules make of it is checked when they are loaded."""
    value: dict[str, Any] = {
        "type": [*_PLAIN, "array"],
        "maxLength": 200,
        "minimum": -MAX_INT,
        "maximum": MAX_INT,
        "maxItems": 64,
        "items": {"type": _PLAIN, "maxLength": 200, "minimum": -MAX_INT, "maximum": MAX_INT},
    }
    if depth > 1:
        value["type"] = [*value["type"], "object"]
        value["maxProperties"] = 64
        value["propertyNames"] = {"maxLength": 100}
        value["additionalProperties"] = _plain_value(depth - 1)
    return value


_OVERRIDES: dict[str, Any] = {
    "type": "object",
    "maxProperties": 200,
    "propertyNames": {"maxLength": 100},
    "additionalProperties": _plain_value(3),
}


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a game record (:meth:`Session.record`)."""
    rules = {
        "type": "object",
        "description": "The rules the session was played under: named (variant, house rules, "
        "overrides) and carried whole (effective), with the hash of the effective rules.",
        "properties": {
            "variant": {**_NAME, "type": ["string", "null"]},
            "house_rules": {"type": "array", "items": _NAME, "maxItems": 32},
            "overrides": _OVERRIDES,
            "hash": {"type": "string", "pattern": "^[0-9a-f]{16,64}$"},
            "effective": {
                "type": "object",
                "maxProperties": 64,
                "description": "The effective rules (checked when read, by their hash).",
            },
        },
        "required": ["hash"],
        "additionalProperties": False,
    }
    start = {
        "type": "object",
        "description": "How the session started.",
        "properties": {
            "dealer": {**_SEAT, "type": ["integer", "null"]},
            "pool": _POOL,
            "scores": {"type": ["array", "null"], "items": _COUNT, "maxItems": MAX_PLAYERS},
            "first_deal": {"type": "boolean"},
            "single": {"type": ["boolean", "null"]},
            "deals_before": _DEALS_BEFORE,
            "deal": {**_DEAL, "type": ["object", "null"]},
        },
        "additionalProperties": False,
    }
    return {
        "$schema": _DRAFT,
        "$id": _BASE + RECORD_SCHEMA_FILE,
        "title": "cardrules game record",
        "description": "A session of a cardrules game: its rules, its start and every action, "
        "from which it is replayed exactly.",
        "type": "object",
        "properties": {
            "$schema": {"type": "string", "maxLength": 255, "description": "For editors."},
            "format": {"const": RECORD_FORMAT},
            "rules": rules,
            "players": {"type": "integer", "minimum": 2, "maximum": MAX_PLAYERS},
            "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEED},
            "start": start,
            "actions": {"type": "array", "items": _STEP_TEXT, "maxItems": MAX_ACTIONS},
            "pause_at_deal_end": {
                "type": "boolean",
                "description": "Whether the session stops at the end of each deal (absent: "
                "it does not).",
            },
        },
        "required": ["format", "rules", "players", "actions"],
        "additionalProperties": False,
    }


_RESULT_SEATS = {"type": "array", "items": _SEAT, "maxItems": MAX_PLAYERS}
_RESULT_COUNTS = {"type": "array", "items": _COUNT, "maxItems": MAX_PLAYERS}
_EXPECT = {
    "type": "object",
    "description": "What the rules say follows: checked when the deal is over.",
    "properties": {
        "tricks": {
            "type": "array",
            "maxItems": 52,
            "items": {
                "if": {"type": "string"},
                "then": {"enum": ["miss", "tie"]},
                "else": {**_SEAT, "type": ["integer", "null"]},
            },
        },
        "looed": _RESULT_SEATS,
        "net": _RESULT_COUNTS,
        "receipts": _RESULT_COUNTS,
        "payments": _RESULT_COUNTS,
        "pool": _POOL,
        "single": {"type": "boolean"},
        "points": _RESULT_COUNTS,
        "winner": {**_SEAT, **_RESULT_SEATS, "type": ["integer", "array", "null"]},
        "flush": {**_SEAT, **_RESULT_SEATS, "type": ["integer", "array"]},
        "ended_by": {"type": "string", "pattern": "^[a-z_]{1,40}$"},
        "scores": _RESULT_COUNTS,
        "stood": _RESULT_SEATS,
        "over": {"type": "boolean"},
        "next_antes": _RESULT_COUNTS,
        "next_pool": _POOL,
        "refused": {"type": "string", "minLength": 1, "maxLength": 200},
    },
    "additionalProperties": False,
}
_CHECK_STEP = {
    "type": "object",
    "description": "A check between actions: the legal actions, who is to move, the cards "
    "a seat holds, the cards left in the stock, or an action that must be refused (with a "
    "word of the reason).",
    "properties": {
        "legal": {
            "type": ["array", "string"],
            "items": _STEP_TEXT,
            "maxItems": 2000,
            "maxLength": 20000,
        },
        "to_move": _SEAT,
        "holds": {
            "type": "string",
            "maxLength": 300,
            "pattern": "^\\s*[0-9]{1,2}\\s*:(\\s*(10|[2-9TJQKA])[CDHS])*\\s*$",
            "description": "The cards a seat holds now: '6: 9S 8S 7S TD 6D'.",
        },
        "stock": {
            "type": "integer",
            "minimum": 0,
            "maximum": 52,
            "description": "How many cards the stock holds now.",
        },
        "reject": _STEP_TEXT,
        "because": {"type": "string", "minLength": 1, "maxLength": 200},
    },
    "minProperties": 1,
    "additionalProperties": False,
    "dependentRequired": {"because": ["reject"]},
}


def rulings_schema() -> dict[str, Any]:
    """The JSON Schema of a rulings file (:mod:`cardrules.tools.rulings`)."""
    return {
        "$schema": _DRAFT,
        "$id": _BASE + RULINGS_SCHEMA_FILE,
        "title": "cardrules rulings file",
        "description": "A deal, its actions and what the rules say must follow.",
        "type": "object",
        "properties": {
            "$schema": {"type": "string", "maxLength": 255, "description": "For editors."},
            "title": {"type": "string", "minLength": 1, "maxLength": 500},
            "source": {"type": "string", "minLength": 1, "maxLength": 2000},
            "variant": _NAME,
            "house_rules": {"type": "array", "items": _NAME, "maxItems": 32},
            "options": _OVERRIDES,
            "players": {"type": "integer", "minimum": 2, "maximum": MAX_PLAYERS},
            "dealer": _SEAT,
            "pool": _POOL,
            "scores": _RESULT_COUNTS,
            "first_deal": {"type": "boolean"},
            "single": {"type": ["boolean", "null"]},
            "deals_before": _DEALS_BEFORE,
            "deal": _DEAL,
            "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
            "steps": {
                "type": "array",
                "maxItems": 2000,
                "items": {"if": {"type": "string"}, "then": _STEP_TEXT, "else": _CHECK_STEP},
            },
            "expect": _EXPECT,
            "notes": {"type": "string", "maxLength": 20000},
        },
        "required": ["title", "source", "variant", "dealer", "steps"],
        "additionalProperties": False,
    }
