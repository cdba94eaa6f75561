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
from cardrules.engine.parts import Cards, Challenge, Declaring, Passing, TrickPlay, blank_instance
from cardrules.engine.phases import Phase
from cardrules.engine.result import DealResult
from cardrules.engine.tables import Tables, tables_for
from cardrules.errors import RecordError

if TYPE_CHECKING:
    from cardrules.rules.model import Rules

__all__ = ["DealState"]

#: Attributes rebuilt from the rules on unpickling, never pickled (closures among them).
DERIVED = frozenset(("tb",))

#: The fields of a deal's state (its slots), named here for pickling: a class compiled by
#: mypyc cannot read its ``__slots__``.
FIELDS = (
    "_legal",
    "cards",
    "chal",
    "ctx",
    "dealer",
    "decl",
    "history",
    "n",
    "order",
    "passing",
    "phase",
    "play",
    "pool",
    "result",
    "rules",
    "tb",
    "to_move",
)


class DealState:
    """The fields of a deal's state, with copies, JSON and pickling (see the module's
    text); :class:`~cardrules.engine.deal.Deal` adds the phase machine."""

    __slots__ = FIELDS

    tb: Tables
    rules: Rules
    ctx: DealContext
    n: int
    dealer: int
    order: list[int]
    pool: int
    history: list[tuple[int, int]]
    phase: Phase
    to_move: int
    result: DealResult | None
    cards: Cards
    decl: Declaring
    play: TrickPlay
    chal: Challenge
    passing: Passing
    _legal: list[int] | None

    def attach_tables(self, tables: Tables) -> None:
        """Attach the compiled tables (defined by the deal)."""
        raise NotImplementedError

    def clone(self) -> Any:
        """An independent copy of this deal (the compiled tables are shared)."""
        new = blank_instance(type(self))
        new.tb = self.tb
        new.rules = self.rules
        new.ctx = self.ctx
        new.n = self.n
        new.dealer = self.dealer
        new.order = self.order
        new.pool = self.pool
        new.history = list(self.history)
        new.phase = self.phase
        new.to_move = self.to_move
        new.result = self.result
        new._legal = None
        new.cards = self.cards.copy()
        new.decl = self.decl.copy()
        new.play = self.play.copy()
        new.chal = self.chal.copy()
        new.passing = self.passing.copy()
        return new

    def __copy__(self) -> Any:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        """The whole state of the deal as plain JSON data (not the rules: see
        :meth:`~cardrules.engine.session.Session.to_json`)."""
        return {
            "context": self.ctx.to_json(),
            "phase": self.phase.word,
            "to_move": self.to_move,
            "history": [[s, a] for s, a in self.history],
            "result": None if self.result is None else self.result.to_json(),
            "cards": self.cards.to_json(),
            "declaring": self.decl.to_json(),
            "play": self.play.to_json(),
            "challenge": self.chal.to_json(),
            "passing": self.passing.to_json(),
        }

    @classmethod
    def from_json(cls, rules: Rules, data: Any) -> Any:
        """Rebuild a deal from :meth:`to_json` output under ``rules``.

        Raises :class:`~cardrules.errors.RecordError` when the data is incomplete."""
        if not isinstance(data, dict):
            raise RecordError("a deal's state must be a mapping")
        try:
            ctx = DealContext.from_json(data["context"])
            new = blank_instance(cls)
            new.ctx = ctx
            new.n = ctx.players
            new.dealer = ctx.dealer
            new.order = [(ctx.dealer + 1 + i) % ctx.players for i in range(ctx.players)]
            new.pool = ctx.pool
            new.phase = Phase.from_word(data["phase"])
            new.to_move = int(data["to_move"])
            new.history = [(int(s), int(a)) for s, a in data["history"]]
            new.result = None if data["result"] is None else DealResult.from_json(data["result"])
            new._legal = None
            new.cards = Cards.from_json(data["cards"])
            new.decl = Declaring.from_json(data["declaring"])
            new.play = TrickPlay.from_json(data["play"])
            new.chal = Challenge.from_json(data["challenge"])
            new.passing = Passing.from_json(data["passing"])
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"a deal's state is incomplete or malformed: {exc!r}") from None
        new.attach_tables(tables_for(deal_rules(rules, ctx.hand_size)))
        return new

    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in FIELDS if name not in DERIVED}
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
