"""A session's position as a value: its fields, copies, JSON form, pickling and record.

:class:`SessionState` is the part of :class:`~cardrules.engine.session.Session` that holds
the position and treats it as data (as :class:`~cardrules.engine.state.DealState` does for
a deal): ``clone`` (and ``copy``/``deepcopy``) copies it cheaply, ``state`` gives it as
plain data, compared by ``==``, ``to_json``/``from_json`` carry it with its rules, pickling
leaves out the compiled tables, and ``record`` gives the game record. The session adds the
play.
"""

from __future__ import annotations

import copy
import enum
import random
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.engine.actions import format_step
from cardrules.engine.arguments import MAX_SEED
from cardrules.engine.cardcheck import deal_cards_problem
from cardrules.engine.chance import ChanceNode
from cardrules.engine.deal import Deal
from cardrules.engine.origin import Origin
from cardrules.engine.parts import blank_instance
from cardrules.engine.result import DealResult
from cardrules.engine.rulesdata import rules_from_json, rules_hash, rules_json
from cardrules.engine.tables import Tables, tables_for
from cardrules.errors import PlayError, RecordError
from cardrules.rules.bounds import MAX_ROUNDS, MAX_TABLE

if TYPE_CHECKING:
    from collections.abc import Callable

    from typing_extensions import Self

    from cardrules.rules.model import Rules

__all__ = [
    "CHANCE_MODES",
    "FIELDS",
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "Origin",
    "SessionState",
    "checked_rules",
]

#: The chance modes of a session: ``sampled`` (the default: the session shuffles and draws
#: from its seeded generator) and ``explicit`` (every chance event is a chance node whose
#: outcome the caller gives; see :mod:`cardrules.engine.chance`).
CHANCE_MODES = ("sampled", "explicit")
#: The ``format`` of a game record (:meth:`SessionState.record`).
RECORD_FORMAT = "cardrules-record/1"
#: The ``format`` of a position (:meth:`SessionState.to_json`).
STATE_FORMAT = "cardrules-state/1"

#: Fields a copy shares: the rules and their tables, the table and where the session came
#: from, and values never changed in place.
SHARED = (
    "rules",
    "tables",
    "on_deal",
    "players",
    "seed",
    "origin",
    "dealer",
    "pool",
    "deals_before",
    "winner",
    "pause_at_deal_end",
    "chance_mode",
    "_over",
    "_paused",
    "_first",
    "_single",
    "_explicit",
)
#: The lists (and the start's mapping) a copy copies, one level deep: what they hold is
#: never changed in place.
COPIED = ("_start", "_scores", "_results", "_histories")
#: The fields a copy takes each in its own way (:meth:`SessionState.clone`): the generator
#: (shared, copied by whichever deals next), the deal in progress (cloned) with the last
#: deal and the live deal that may be it, and the chance node (copied).
OWN = ("_rng", "_rng_shared", "_deal", "last_deal", "_live", "_chance")
#: Every field of a session's position, the one list its copies and pickling go by
#: (named here, not read from ``__slots__`` or ``__dict__``, which a class compiled by
#: mypyc has not).
FIELDS = (*SHARED, *COPIED, *OWN)


class SessionState:
    """The fields of a session's position, with copies, JSON, pickling and its record (see
    the module's text); :class:`~cardrules.engine.session.Session` adds the play.

    A clone is equal and independent; the JSON form, through text, reads back equal:

    >>> import json
    >>> import cardrules
    >>> s = cardrules.new_session("three-card-loo", players=4, seed=3)
    >>> s.apply(s.legal_actions()[0])
    >>> twin = s.clone()
    >>> twin == s, twin is s
    (True, False)
    >>> text = json.dumps(s.to_json())
    >>> type(s).from_json(json.loads(text)) == s
    True
    >>> twin.apply(twin.legal_actions()[0])
    >>> twin == s, len(twin.actions) - len(s.actions)
    (False, 1)
    >>> s.record()["format"]
    'cardrules-record/1'
    """

    rules: Rules
    tables: Tables
    on_deal: Callable[[Deal], None] | None
    players: int
    seed: int | None
    origin: Origin | None
    _start: dict[str, Any]
    dealer: int
    pool: int
    deals_before: int
    _scores: list[int]
    winner: tuple[int, ...]
    _results: list[DealResult]
    _histories: list[list[tuple[int, int]]]
    pause_at_deal_end: bool
    last_deal: Deal | None
    chance_mode: str
    _rng: random.Random
    _rng_shared: bool
    _over: bool
    _paused: bool
    _first: bool
    _single: bool
    _explicit: bool
    _chance: ChanceNode | None
    _deal: Deal | None
    #: The deal when it waits for a seat's action (not at a chance node, nor paused or
    #: over), else None: what the play reads first.
    _live: Deal | None

    # What the session hands out is a tuple or a copy: changing it changes nothing here.

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's counters (or points) so far."""
        return tuple(self._scores)

    @property
    def results(self) -> tuple[DealResult, ...]:
        """The result of each deal finished so far, in order."""
        return tuple(self._results)

    @property
    def histories(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The (seat, action) pairs of each deal finished so far, in order."""
        return tuple(tuple(h) for h in self._histories)

    @property
    def start(self) -> dict[str, Any]:
        """How the session began (dealer, pool, scores, first deal...), as the record
        keeps it: a copy."""
        return copy.deepcopy(self._start)

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every (seat, action) of the session so far, in order."""
        out = [x for h in self._histories for x in h]
        if not self._over and not self._paused and self._deal is not None:
            out.extend(self._deal._history)
        return out

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # A blank, filled field by field (copies, JSON, pickling; see blank_instance): a
        # class compiled by mypyc whose __new__ is its own runs no __init__ for it.
        return object.__new__(cls)

    def clone(self) -> Self:
        """An independent copy (its random stream included)."""
        new = blank_instance(type(self))
        # The generator is used only to deal: share it, and let whichever deals next take a
        # copy of its own first (copy on write), so that a clone costs no copy of it.
        self._rng_shared = True
        new._rng = self._rng
        new._rng_shared = True
        for name in SHARED:
            setattr(new, name, getattr(self, name))
        for name in COPIED:
            setattr(new, name, getattr(self, name).copy())
        deal = self._deal
        if deal is None:
            new._deal = None
            new.last_deal = self.last_deal
        else:
            new._deal = deal.clone()
            new.last_deal = new._deal if self.last_deal is deal else self.last_deal
        chance = self._chance
        new._chance = None if chance is None else chance.copy()
        new._live = new._deal if self._live is not None else None
        return new

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        # The tables are rebuilt from the rules on loading: they hold closures.
        return {name: getattr(self, name) for name in FIELDS if name != "tables"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.tables = tables_for(self.rules)

    def state(self) -> dict[str, Any]:
        """The whole position as plain, JSON-ready data: two sessions are in the same
        position exactly when their states are equal. (Where the session came from, its
        seed, origin and start, is not part of the position: see :meth:`to_json`.)"""
        out = {
            "players": self.players,
            "dealer": self.dealer,
            "pool": self.pool,
            "scores": list(self._scores),
            "winner": list(self.winner),
            "over": self._over,
            "paused": self._paused,
            "pause_at_deal_end": self.pause_at_deal_end,
            "first": self._first,
            "single": self._single,
            "rng": _rng_json(self._rng),
            "results": [r.to_json() for r in self._results],
            "histories": [list(h) for h in self._histories],
            "deal": None if self._deal is None else self._deal.to_json(),
            "last_deal": None if self.last_deal is None else self.last_deal.to_json(),
        }
        if self.deals_before:  # a session begun at its start reads as it always did
            out["deals_before"] = self.deals_before
        if self._explicit:  # a sampled session's state stays as it always was
            out["chance_mode"] = self.chance_mode
            out["chance"] = None if self._chance is None else self._chance.to_json()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SessionState):
            return NotImplemented
        return self.rules == other.rules and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The position with its effective rules, as JSON-ready data that
        :meth:`from_json` reads back (in mid-deal too)."""
        return {
            "format": STATE_FORMAT,
            "rules": rules_json(self.rules),
            "rules_hash": _hash_of(self.rules),
            "origin": None if self.origin is None else attrs.asdict(self.origin),
            "seed": self.seed,
            "start": copy.deepcopy(self._start),
            "state": self.state(),
        }

    @classmethod
    def from_json(cls, data: Any, rules: Rules | None = None) -> Self:
        """Rebuild a session from :meth:`to_json` output.

        The rules are read from the data unless ``rules`` is given; either way they must
        have the recorded hash. Raises :class:`~cardrules.errors.RecordError` when the
        data is not a position or does not fit the rules.
        """
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise RecordError(f"not a cardrules position (expected format {STATE_FORMAT!r})")
        if rules is None:
            rules = checked_rules(data.get("rules"))
        if data.get("rules_hash") != _hash_of(rules):
            raise RecordError("the position was made under other rules (the rules hash differs)")
        st = data.get("state")
        if not isinstance(st, dict):
            raise RecordError("a position needs its 'state'")
        new = blank_instance(cls)
        try:
            new.rules = rules
            new.tables = tables_for(rules)
            new.on_deal = None
            n = new.players = _int(st["players"], rules.players.min, rules.max_players)
            seed = data["seed"]
            new.seed = None if seed is None else _int(seed, 0, MAX_SEED)
            origin = data["origin"]
            new.origin = (
                None
                if origin is None
                else Origin(
                    str(origin["variant"]),
                    tuple(str(h) for h in origin["house_rules"]),
                    origin["overrides"],
                )
            )
            if not isinstance(data["start"], dict):
                raise TypeError("the start of a position is a mapping")
            new._start = dict(data["start"])
            new.pool = _int(st["pool"], 0)
            new.deals_before = _int(st.get("deals_before", 0), 0, MAX_ROUNDS * MAX_TABLE)
            new._scores = [_int(x) for x in st["scores"]]
            new.winner = tuple(_int(x, 0, n - 1) for x in st["winner"])
            if len(new._scores) != n:
                raise ValueError(f"{len(new._scores)} scores at a table of {n}")
            new._over = _bool(st["over"])
            new._paused = _bool(st["paused"])
            new.pause_at_deal_end = _bool(st["pause_at_deal_end"])
            new._first = _bool(st["first"])
            new._single = _bool(st["single"])
            new._rng = _rng_from_json(st["rng"])
            new._rng_shared = False
            new._results = [DealResult.from_json(r) for r in st["results"]]
            new._histories = [[(_int(s), _int(a)) for s, a in h] for h in st["histories"]]
            mode = st.get("chance_mode", "sampled")
            if mode not in CHANCE_MODES:
                raise RecordError(f"chance_mode: expected one of {CHANCE_MODES}, got {mode!r}")
            new.chance_mode = mode
            new._explicit = mode == "explicit"
            node = st.get("chance")
            new._chance = None if node is None else ChanceNode.from_json(node)
            cut = new._chance is not None and new._chance.kind == "cut"
            new.dealer = _int(st["dealer"], -1 if cut else 0, -1 if cut else n - 1)
            if new._chance is not None and not new._explicit:
                raise RecordError("a chance node in a session whose chance mode is sampled")
            for key in ("deal", "last_deal"):
                problem = deal_cards_problem(st[key], n)
                if problem is not None:
                    raise RecordError(f"the position's {key} is impossible: {problem}")
            if st["deal"] is None:
                if new._chance is None or new._chance.kind == "draw":
                    raise RecordError("a position needs its deal unless its cards are being dealt")
                new._deal = None
            else:
                new._deal = Deal.from_json(rules, st["deal"])
            last = st["last_deal"]
            if last is None:
                new.last_deal = None
            elif last == st["deal"]:
                new.last_deal = new._deal
            else:
                new.last_deal = Deal.from_json(rules, last)
            for deal in (new._deal, new.last_deal):
                if deal is not None and deal._n != n:
                    raise ValueError(f"a deal of {deal._n} players at a table of {n}")
            waits = not (new._over or new._paused or new._chance is not None)
            live = waits and new._deal is not None and not new._deal.is_over
            new._live = new._deal if live else None
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise RecordError(f"the position is incomplete or malformed: {exc!r}"[:300]) from None
        return new

    def record(self) -> dict[str, Any]:
        """The game record: rules, start and every action, from which the state is rebuilt
        (:func:`cardrules.replay`). The rules are named by the session's origin (variant,
        house rules, overrides) when it has one, and always carried as the effective rules
        with their hash, so that a record replays where its rule files are not at hand."""
        if self._explicit:
            raise PlayError(
                "a record replays a seeded session: keep an explicit-chance session with to_json()"
            )
        origin = self.origin
        rules = self.rules
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": {
                "variant": origin.variant if origin else None,
                "house_rules": list(origin.house_rules) if origin else [],
                "overrides": (origin.overrides if origin else None) or {},
                "hash": _hash_of(rules),
                "effective": rules_json(rules),
            },
            "players": self.players,
            "seed": self.seed,
            "start": copy.deepcopy(self._start),
            "actions": [format_step(s, a) for s, a in self.actions],
        }
        if self.pause_at_deal_end:
            record["pause_at_deal_end"] = True
        return record


#: The hash of the rules last written or read, by the rules' identity (the rules are
#: frozen): a search writing many positions of one game hashes its rules once.
_HASHES: dict[int, tuple[Rules, str]] = {}


def _hash_of(rules: Rules) -> str:
    known = _HASHES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    if len(_HASHES) > 64:
        _HASHES.clear()
    digest = rules_hash(rules)
    _HASHES[id(rules)] = (rules, digest)
    return digest


def _int(value: Any, low: int | None = None, high: int | None = None) -> int:
    """A whole number of a position (not a boolean), within bounds."""
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {value!r:.40}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{value} is out of range ({low} to {high})")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {value!r:.40}")
    return value


def checked_rules(data: Any) -> Rules:
    """The rules a position carries, read only if they are exactly the model's: every key
    a field, every value of its field's type and within the bounds the model gives it
    (those of the format); otherwise :class:`~cardrules.errors.RecordError`. (The
    consistency checks between options are the loader's: give ``rules=`` to read a
    stranger's position under rules loaded from rule files.)

    >>> from cardrules.rules.model import Rules
    >>> checked_rules(rules_json(Rules())) == Rules()
    True
    >>> bad = rules_json(Rules()); bad["deal"]["hand_size"] = 400
    >>> checked_rules(bad)
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: the position's rules are not within the model's bounds: \
deal.hand_size: 400 is more than 13
    """
    rules = rules_from_json(data)
    if rules_json(rules) != data:
        raise RecordError("the position's rules have keys or values the rules model does not")
    problems = list(_model_problems(rules, ""))
    if problems:
        raise RecordError(
            "the position's rules are not within the model's bounds: " + "; ".join(problems[:3])
        )
    return rules


def _model_problems(section: Any, prefix: str) -> Iterator[str]:
    """Each value of a model section unlike its field's default in type, or outside the
    bounds of its field's schema."""
    for f in attrs.fields(type(section)):
        value = getattr(section, f.name)
        path = prefix + f.name
        if attrs.has(type(value)):
            yield from _model_problems(value, path + ".")
            continue
        if not f.init:
            continue  # a fixed or derived rule: it follows from the others
        default = f.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        schema = f.metadata.get("schema", {})
        yield from _value_problems(path, value, default, schema)


def _value_problems(path: str, value: Any, default: Any, schema: dict[str, Any]) -> Iterator[str]:
    if value is None or (default is None and value is None):
        return
    kind = type(default)
    if default is not None and not isinstance(default, enum.Enum) and type(value) is not kind:
        yield f"{path}: {value!r:.40} is not a {kind.__name__}"
        return
    if type(value) is int:
        if "minimum" in schema and value < schema["minimum"]:
            yield f"{path}: {value} is less than {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            yield f"{path}: {value} is more than {schema['maximum']}"
    elif type(value) is str and "pattern" in schema and not re.search(schema["pattern"], value):
        yield f"{path}: {value!r:.40} is not of the form the format gives"
    elif type(value) is tuple:
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1 << 30):
            yield f"{path}: {len(value)} items, out of the format's bounds"
        items = schema.get("items", {})
        wanted = {"integer": 0, "string": ""}.get(items.get("type", ""))
        for i, v in enumerate(value):
            yield from _value_problems(f"{path}[{i}]", v, wanted, items)


def _rng_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_json(data: Any) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    return rng
