"""A deal's state as a value: its fields, copies, JSON form, pickling and equality.

:class:`DealState` is the part of :class:`~cardrules.engine.deal.Deal` that holds the
state and treats it as data: ``clone`` (and ``copy``/``deepcopy``) copies each part, ``to_json`` and
``from_json`` write and read every field, pickling leaves out the compiled tables (they
hold closures and are rebuilt from the rules), and two deals are equal when their states
are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.engine.dealing import DealContext
from cardrules.engine.handsize import deal_rules
from cardrules.engine.parts import (
    Cards,
    Challenge,
    Declaring,
    Part,
    Partnering,
    Passing,
    TrickPlay,
    blank_instance,
)
from cardrules.engine.phases import Phase
from cardrules.engine.result import DealResult
from cardrules.engine.tables import Tables, tables_for
from cardrules.errors import RecordError

if TYPE_CHECKING:
    from cardrules.rules.model import Rules

__all__ = ["FIELDS", "PARTS", "DealState"]

#: The named parts of a deal's state, by field, with the key each has in the JSON form: a
#: copy copies each (:meth:`~cardrules.engine.parts.Part.copy`), JSON writes and reads each.
PARTS: dict[str, tuple[str, type[Part]]] = {
    "_cards": ("cards", Cards),
    "_decl": ("declaring", Declaring),
    "_play": ("play", TrickPlay),
    "_chal": ("challenge", Challenge),
    "_partnering": ("passing", Partnering),  # its key from before the players' passing
    "_passing": ("passes", Passing),
}

#: The parts a deal's JSON form may lack, having been written before they existed: each
#: reads as new (nothing in it has happened).
LATER_PARTS = ("_passing",)

#: Fields set when the deal opens and never changed after (the deal's context, its table
#: and order of play), shared by every copy; the JSON form writes the context alone, from
#: which the others follow.
FIXED = ("rules", "_ctx", "_n", "dealer", "_order")

#: Fields holding immutable values (numbers, the phase, the result), shared by a copy.
VALUES = ("_pool", "phase", "to_move", "result")

#: Every field of a deal's state, the one list its slots, copies, pickling and equality
#: go by: :data:`FIXED`, :data:`VALUES`, the history (copied), :data:`PARTS`, the compiled
#: tables (rebuilt from the rules, never copied or pickled) and the legal actions' cache
#: (left empty in a copy). Named here, not read from ``__slots__``, which a class compiled by
#: mypyc cannot read.
#:
#: The fields whose names begin with an underscore are the engine's: code outside
#: ``cardrules.engine`` reads a deal through its view (:attr:`Deal.view
#: <cardrules.engine.deal.Deal.view>`) and its public accessors, and a test holds it to that.
#: The rules, the dealer, the phase, the seat to move and the result are immutable values,
#: read by anyone and written by the phases alone.
FIELDS = (*FIXED, *VALUES, "_history", *PARTS, "_tables", "_legal")


class DealState:
    """The fields of a deal's state, with copies, JSON and pickling (see the module's
    text); :class:`~cardrules.engine.deal.Deal` adds the phase machine."""

    __slots__ = FIELDS

    rules: Rules
    _ctx: DealContext
    _n: int
    dealer: int
    _order: list[int]
    _pool: int
    phase: Phase
    to_move: int
    result: DealResult | None
    _history: list[tuple[int, int]]
    _cards: Cards
    _decl: Declaring
    _play: TrickPlay
    _chal: Challenge
    _partnering: Partnering
    _passing: Passing
    _tables: Tables
    _legal: list[int] | None

    def attach_tables(self, tables: Tables) -> None:
        """Attach the compiled tables (defined by the deal)."""
        raise NotImplementedError

    def clone(self) -> Any:
        """An independent copy of this deal (the compiled tables are shared)."""
        new = blank_instance(type(self))
        for name in FIXED + VALUES:
            setattr(new, name, getattr(self, name))
        new._history = list(self._history)
        for name in PARTS:
            setattr(new, name, getattr(self, name).copy())
        new._tables = self._tables
        new._legal = None
        return new

    def __copy__(self) -> Any:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        """The whole state of the deal as plain JSON data (not the rules: see
        :meth:`~cardrules.engine.session.Session.to_json`)."""
        data: dict[str, Any] = {
            "context": self._ctx.to_json(),
            "phase": self.phase.word,
            "to_move": self.to_move,
            "history": [[s, a] for s, a in self._history],
            "result": None if self.result is None else self.result.to_json(),
        }
        for name, (key, _) in PARTS.items():
            data[key] = getattr(self, name).to_json()
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: Any) -> Any:
        """Rebuild a deal from :meth:`to_json` output under ``rules``.

        Raises :class:`~cardrules.errors.RecordError` when the data is incomplete."""
        if not isinstance(data, dict):
            raise RecordError("a deal's state must be a mapping")
        try:
            ctx = DealContext.from_json(data["context"])
            new = blank_instance(cls)
            new._ctx = ctx
            new._n = ctx.players
            new.dealer = ctx.dealer
            new._order = [(ctx.dealer + 1 + i) % ctx.players for i in range(ctx.players)]
            new._pool = ctx.pool
            new.phase = Phase.from_word(data["phase"])
            new.to_move = int(data["to_move"])
            new._history = [(int(s), int(a)) for s, a in data["history"]]
            new.result = None if data["result"] is None else DealResult.from_json(data["result"])
            for name, (key, part) in PARTS.items():
                if key not in data and name in LATER_PARTS:
                    setattr(new, name, part())
                    continue
                setattr(new, name, part.from_json(data[key]))
            new._legal = None
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"a deal's state is incomplete or malformed: {exc!r}") from None
        new.attach_tables(tables_for(deal_rules(rules, ctx.hand_size)))
        return new

    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in FIELDS if name != "_tables"}
        state["_legal"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.attach_tables(tables_for(state["rules"]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Deal dealer={self.dealer} phase={self.phase.word} to_move={self.to_move}>"
