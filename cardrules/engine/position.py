"""A session's position as a value: its fields, copies, JSON form, pickling and record.

:class:`SessionState` is the part of :class:`~cardrules.engine.session.Session` that holds
the position and treats it as data (as :class:`~cardrules.engine.state.DealState` does for
a deal): ``clone`` (and ``copy``/``deepcopy``) copies it cheaply, ``state`` gives it as
plain data, compared by ``==``, ``to_json``/``from_json`` carry it with its rules, pickling
leaves out the compiled tables, and ``record`` gives the game record. The session adds the
play.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.engine.actions import format_step
from cardrules.engine.chance import ChanceNode
from cardrules.engine.deal import Deal
from cardrules.engine.result import DealResult
from cardrules.engine.rulesdata import rules_from_json, rules_hash, rules_json
from cardrules.engine.tables import Tables, tables_for
from cardrules.errors import PlayError, RecordError

if TYPE_CHECKING:
    from collections.abc import Callable

    from typing_extensions import Self

    from cardrules.rules.model import Rules

__all__ = ["CHANCE_MODES", "RECORD_FORMAT", "STATE_FORMAT", "Origin", "SessionState"]

#: The chance modes of a session: ``sampled`` (the default: the session shuffles and draws
#: from its seeded generator) and ``explicit`` (every chance event is a chance node whose
#: outcome the caller gives; see :mod:`cardrules.engine.chance`).
CHANCE_MODES = ("sampled", "explicit")
#: The ``format`` of a game record (:meth:`SessionState.record`).
RECORD_FORMAT = "cardrules-record/1"
#: The ``format`` of a position (:meth:`SessionState.to_json`).
STATE_FORMAT = "cardrules-state/1"


@attrs.frozen
class Origin:
    """Where a session's rules came from, for its record."""

    variant: str
    house_rules: tuple[str, ...] = ()
    overrides: dict[str, Any] | None = attrs.field(default=None, hash=False)


class SessionState:
    """The fields of a session's position, with copies, JSON, pickling and its record (see
    the module's text); :class:`~cardrules.engine.session.Session` adds the play."""

    rules: Rules
    tables: Tables
    on_deal: Callable[[Deal], None] | None
    players: int
    seed: int | None
    origin: Origin | None
    start: dict[str, Any]
    dealer: int
    pool: int
    scores: list[int]
    winner: tuple[int, ...]
    results: list[DealResult]
    histories: list[list[tuple[int, int]]]
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

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every (seat, action) of the session so far, in order."""
        out = [x for h in self.histories for x in h]
        if not self._over and not self._paused and self._deal is not None:
            out.extend(self._deal.history)
        return out

    def clone(self) -> Self:
        """An independent copy (its random stream included)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        # The generator is used only to deal: share it, and let whichever deals next take a
        # copy of its own first (copy on write), so that a clone costs no copy of it.
        new._rng_shared = self._rng_shared = True
        new.scores = list(self.scores)
        new.results = list(self.results)
        new.histories = list(self.histories)
        new.start = dict(self.start)
        deal = self._deal
        if deal is not None:
            new._deal = deal.clone()
            if self.last_deal is deal:
                new.last_deal = new._deal
        if self._chance is not None:
            new._chance = self._chance.copy()
        return new

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["tables"]  # rebuilt from the rules on loading: it holds closures
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.tables = tables_for(self.rules)

    def state(self) -> dict[str, Any]:
        """The whole position as plain, JSON-ready data: two sessions are in the same
        position exactly when their states are equal. (Where the session came from, its
        seed, origin and start, is not part of the position: see :meth:`to_json`.)"""
        out = {
            "players": self.players,
            "dealer": self.dealer,
            "pool": self.pool,
            "scores": list(self.scores),
            "winner": list(self.winner),
            "over": self._over,
            "paused": self._paused,
            "pause_at_deal_end": self.pause_at_deal_end,
            "first": self._first,
            "single": self._single,
            "rng": _rng_json(self._rng),
            "results": [r.to_json() for r in self.results],
            "histories": [list(h) for h in self.histories],
            "deal": None if self._deal is None else self._deal.to_json(),
            "last_deal": None if self.last_deal is None else self.last_deal.to_json(),
        }
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
            "rules_hash": rules_hash(self.rules),
            "origin": None if self.origin is None else attrs.asdict(self.origin),
            "seed": self.seed,
            "start": self.start,
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
            rules = rules_from_json(data.get("rules"))
        if data.get("rules_hash") != rules_hash(rules):
            raise RecordError("the position was made under other rules (the rules hash differs)")
        st = data.get("state")
        if not isinstance(st, dict):
            raise RecordError("a position needs its 'state'")
        new = cls.__new__(cls)
        try:
            new.rules = rules
            new.tables = tables_for(rules)
            new.on_deal = None
            new.players = int(st["players"])
            new.seed = data["seed"]
            origin = data["origin"]
            new.origin = (
                None
                if origin is None
                else Origin(origin["variant"], tuple(origin["house_rules"]), origin["overrides"])
            )
            new.start = dict(data["start"])
            new.dealer = int(st["dealer"])
            new.pool = int(st["pool"])
            new.scores = [int(x) for x in st["scores"]]
            new.winner = tuple(int(x) for x in st["winner"])
            new._over = bool(st["over"])
            new._paused = bool(st["paused"])
            new.pause_at_deal_end = bool(st["pause_at_deal_end"])
            new._first = bool(st["first"])
            new._single = bool(st["single"])
            new._rng = _rng_from_json(st["rng"])
            new._rng_shared = False
            new.results = [DealResult.from_json(r) for r in st["results"]]
            new.histories = [[(int(s), int(a)) for s, a in h] for h in st["histories"]]
            mode = st.get("chance_mode", "sampled")
            if mode not in CHANCE_MODES:
                raise RecordError(f"chance_mode: expected one of {CHANCE_MODES}, got {mode!r}")
            new.chance_mode = mode
            new._explicit = mode == "explicit"
            node = st.get("chance")
            new._chance = None if node is None else ChanceNode.from_json(node)
            if new._chance is not None and not new._explicit:
                raise RecordError("a chance node in a session whose chance mode is sampled")
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
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"the position is incomplete or malformed: {exc!r}") from None
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
        return {
            "format": RECORD_FORMAT,
            "rules": {
                "variant": origin.variant if origin else None,
                "house_rules": list(origin.house_rules) if origin else [],
                "overrides": (origin.overrides if origin else None) or {},
                "hash": rules_hash(rules),
                "effective": rules_json(rules),
            },
            "players": self.players,
            "seed": self.seed,
            "start": self.start,
            "actions": [format_step(s, a) for s, a in self.actions],
        }


def _rng_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_json(data: Any) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
    return rng
