"""The parts of a deal's state, each owned by the phase code that changes it.

A :class:`~cardrules.engine.deal.Deal` holds one of each: :class:`Cards` (hands, the miss,
the stock, the turn-up, what was dealt, laid aside and shown), :class:`Declaring` (each
seat's declaration and exchange), :class:`TrickPlay` (the trick in progress and the tricks
won), :class:`Challenge` (a put made or seen) and :class:`Partnering` (partners passing a card),
:class:`Passing` (every player passing cards to another).
Each part is a small slotted record of plain integers and lists: cheap to copy, and
written to JSON and read back field for field.

>>> c = Challenge()
>>> c.putter = 1
>>> Challenge.from_json(c.to_json()).to_json() == c.to_json()
True
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from cardrules.engine.phases import Status
from cardrules.errors import RecordError

__all__ = [
    "Cards",
    "Challenge",
    "Declaring",
    "Part",
    "Partnering",
    "Passing",
    "TrickPlay",
    "blank_instance",
]


def _copy(value: Any) -> Any:
    """A list (and the lists in it) or a dict copied; anything else is immutable."""
    if type(value) is list:
        return [list(v) if type(v) is list else v for v in value]
    if type(value) is dict:
        return dict(value)
    return value


def _plain(value: Any) -> Any:
    """JSON-ready data: lists (and the tuples and lists in them) copied as lists, dict keys
    as text; numbers (int enums included), text, booleans and None as they are."""
    kind = type(value)
    if kind is list or kind is tuple:
        if value and type(value[0]) in (list, tuple):
            return [_plain(v) for v in value]
        return list(value)
    if kind is dict:
        return {str(k): _plain(v) for k, v in value.items()}
    return value


_T = TypeVar("_T")


def blank_instance(cls: type[_T]) -> _T:
    """An instance of ``cls`` to fill field by field, for copies and for reading JSON:
    ``cls.__new__(cls)``. Pure Python runs no ``__init__`` for it; a class compiled by mypyc
    (whose instances ``object.__new__`` refuses to make) runs its ``__init__`` with no
    arguments, unless it defines a ``__new__`` of its own: so every class made this way
    takes none, or builds a blank with none, or has its own ``__new__`` (the session's)."""
    new: _T = cls.__new__(cls)
    return new


class Part:
    """A slotted record of state; subclasses list their fields in ``__slots__``."""

    __slots__: ClassVar[tuple[str, ...]] = ()

    def copy(self) -> Any:
        """An independent copy (lists copied, two levels deep)."""
        new = blank_instance(type(self))
        for name in self.__slots__:
            object.__setattr__(new, name, _copy(getattr(self, name)))
        return new

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def to_json(self) -> dict[str, Any]:
        """The part as JSON-ready data, one key per field."""
        return {name: _plain(getattr(self, name)) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: Any) -> Any:
        """Read :meth:`to_json` output (raises RecordError when a field is missing)."""
        if not isinstance(data, dict):
            raise RecordError(f"{cls.__name__.lower()}: expected a mapping")
        missing = [name for name in cls.__slots__ if name not in data]
        if missing:
            raise RecordError(f"{cls.__name__.lower()}: missing {', '.join(missing)}")
        new = blank_instance(cls)
        for name in cls.__slots__:
            object.__setattr__(new, name, cls._read(name, data[name]))
        return new

    @classmethod
    def _read(cls, name: str, value: Any) -> Any:
        return _copy(value)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Cards(Part):
    """Where every card is.

    ``hands`` has one list per seat and one more (index ``players``) for the miss when it
    is played for the pool; each hand is kept sorted. ``miss`` is the untaken spare hand
    (None when there is none or it is gone); ``stock`` the undealt cards, the top at the
    end; ``turnup`` the trump card (-1 for none) and ``trump`` its suit (4 for none).
    ``dealt`` is each seat's hand as dealt, for perfect recall; ``discarded`` and
    ``discard_owner`` the cards laid aside face down and who laid each; ``shown`` the
    hands shown to all, by seat.

    Where the stock is restocked when it runs out (``exchange.restock``,
    :mod:`cardrules.engine.restock`): ``restocks`` holds the cards of each restock, sorted
    (a discard among them no longer lies where it was laid), and ``restock_draws``,
    for each restock, how many of its cards each seat drew; ``restock_seed`` orders the
    cards of each restock as a shuffle would (-1 where nothing is shuffled: a fixed deal, or
    explicit chance, where the cards drawn are chance outcomes), and ``restock_first`` names
    the cards that come first, in that order, whatever the seed says (a fixed deal's
    ``restock``; the outcomes of an explicit draw).
    """

    __slots__ = (
        "dealt",
        "discard_owner",
        "discarded",
        "exposed_single",
        "hands",
        "miss",
        "restock_draws",
        "restock_first",
        "restock_seed",
        "restocks",
        "shown",
        "stock",
        "trump",
        "turnup",
    )

    def __init__(self, players: int = 0) -> None:
        self.hands: list[list[int]] = [[] for _ in range(players + 1)]
        self.miss: list[int] | None = None
        self.stock: list[int] = []
        self.turnup = -1
        self.trump = 4
        self.dealt: list[list[int]] = []
        self.discarded: list[int] = []
        self.discard_owner: list[int] = []
        self.shown: dict[int, list[int]] = {}
        self.exposed_single = False
        self.restocks: list[list[int]] = []
        self.restock_draws: list[list[int]] = []
        self.restock_seed = -1
        self.restock_first: list[int] = []

    def copy(self) -> Cards:
        """An independent copy (written out field by field: it is on every clone's path)."""
        new = blank_instance(Cards)
        new.hands = [list(h) for h in self.hands]
        new.miss = None if self.miss is None else list(self.miss)
        new.stock = list(self.stock)
        new.turnup = self.turnup
        new.trump = self.trump
        new.dealt = self.dealt  # never changed once dealt
        new.discarded = list(self.discarded)
        new.discard_owner = list(self.discard_owner)
        new.shown = {s: list(h) for s, h in self.shown.items()} if self.shown else {}
        new.exposed_single = self.exposed_single
        new.restocks = self.restocks  # replaced, never changed in place (restock.py)
        new.restock_draws = [list(r) for r in self.restock_draws] if self.restock_draws else []
        new.restock_seed = self.restock_seed
        new.restock_first = self.restock_first  # replaced, never changed in place
        return new

    @classmethod
    def _read(cls, name: str, value: Any) -> Any:
        if name == "shown":
            if not isinstance(value, dict):
                raise RecordError("cards.shown: expected a mapping of seat to cards")
            return {int(k): list(v) for k, v in value.items()}
        if name == "restock_seed":
            if type(value) is not int or not -1 <= value < 1 << 64:
                raise RecordError("cards.restock_seed: expected -1 or a seed from 0 to 2**64")
            return value
        if name in ("restocks", "restock_draws", "restock_first"):
            rows = [value] if name == "restock_first" else value
            if not isinstance(rows, list) or not all(
                isinstance(r, list) and all(type(x) is int and 0 <= x < 52 for x in r) for r in rows
            ):
                raise RecordError(f"cards.{name}: expected lists of whole numbers from 0 to 51")
        return _copy(value)


class Declaring(Part):
    """Each seat's declaration: ``status`` (a :class:`Status`), ``exchanged`` (cards
    exchanged, -1 for none yet), who took the miss (-1), whether the dealer plays the miss
    for the pool, whether every seat was forced to play, ``pos``, the position in the
    order of declaring of the seat to declare, and ``bids``, the tricks each seat bid (-1
    for no bid yet; empty when the rules have no bidding)."""

    __slots__ = ("bids", "exchanged", "forced", "miss_for_pool", "miss_taker", "pos", "status")

    def copy(self) -> Declaring:
        """An independent copy."""
        new = blank_instance(Declaring)
        new.status = list(self.status)
        new.exchanged = list(self.exchanged)
        new.miss_taker = self.miss_taker
        new.miss_for_pool = self.miss_for_pool
        new.forced = self.forced
        new.pos = self.pos
        new.bids = list(self.bids)
        return new

    def __init__(self, players: int = 0) -> None:
        self.bids: list[int] = []
        self.status: list[Status] = [Status.UNDECIDED] * players
        self.exchanged = [-1] * players
        self.miss_taker = -1
        self.miss_for_pool = False
        self.forced = False
        self.pos = 0

    @classmethod
    def _read(cls, name: str, value: Any) -> Any:
        if name == "status":
            return [Status(v) for v in value]
        return _copy(value)


class TrickPlay(Part):
    """The play of the tricks.

    ``in_play`` lists the players (seats; ``players`` for the miss) in playing order from
    the first leader, ``actors`` the seat that acts for each; ``lead_pos`` and
    ``turn_pos`` are positions in it. ``cards`` is the trick in progress in playing order,
    ``best``/``best_pos`` the card heading it and its player's position, ``tied`` whether
    an equal card ties it. ``calls`` lists the tricks (by number) whose leader called
    "Pam, be civil" as he led the ace of trumps (1.2.8).
    ``winners`` holds each finished trick's winner (None for a tie), ``played`` every
    (player, card) in order, ``won`` the tricks won by player.
    """

    __slots__ = (
        "actors",
        "best",
        "best_pos",
        "calls",
        "cards",
        "in_play",
        "lead_pos",
        "played",
        "tied",
        "trick_no",
        "turn_pos",
        "winners",
        "won",
    )

    def __init__(self, players: int = 0) -> None:
        self.in_play: list[int] = []
        self.actors: list[int] = []
        self.trick_no = 0
        self.lead_pos = 0
        self.turn_pos = 0
        self.cards: list[int] = []
        self.best = -1
        self.best_pos = -1
        self.tied = False
        self.calls: list[int] = []
        self.winners: list[int | None] = []
        self.played: list[tuple[int, int]] = []
        self.won = [0] * (players + 1)

    def copy(self) -> TrickPlay:
        """An independent copy (the played pairs are tuples, shared)."""
        new = blank_instance(TrickPlay)
        new.in_play = list(self.in_play)
        new.actors = list(self.actors)
        new.trick_no = self.trick_no
        new.lead_pos = self.lead_pos
        new.turn_pos = self.turn_pos
        new.cards = list(self.cards)
        new.best = self.best
        new.best_pos = self.best_pos
        new.tied = self.tied
        new.calls = list(self.calls)
        new.winners = list(self.winners)
        new.played = list(self.played)
        new.won = list(self.won)
        return new

    @classmethod
    def _read(cls, name: str, value: Any) -> Any:
        if name == "played":
            return [(int(p), int(c)) for p, c in value]
        return _copy(value)


class Challenge(Part):
    """A challenge: whether a put was seen, and who put (-1 for nobody)."""

    __slots__ = ("put_seen", "putter")

    def __init__(self) -> None:
        self.put_seen = False
        self.putter = -1

    def copy(self) -> Challenge:
        """An independent copy."""
        new = blank_instance(Challenge)
        new.put_seen = self.put_seen
        new.putter = self.putter
        return new


class Partnering(Part):
    """Partners passing a card: who gave, the step of the exchange (two per side), and
    the receiver who must lay out a card (-1)."""

    __slots__ = ("givers", "pending_discard", "step")

    def __init__(self) -> None:
        self.givers: list[int] = []
        self.step = 0
        self.pending_discard = -1

    def copy(self) -> Partnering:
        """An independent copy."""
        new = blank_instance(Partnering)
        new.givers = list(self.givers)
        new.step = self.step
        new.pending_discard = self.pending_discard
        return new


class Passing(Part):
    """Every player passing cards to another before the play: ``given`` holds, by seat,
    the cards each has passed so far (they leave his hand at once, and reach the receiver
    only when everybody has passed)."""

    __slots__ = ("given",)

    def __init__(self, players: int = 0) -> None:
        self.given: list[list[int]] = [[] for _ in range(players)]

    def copy(self) -> Passing:
        """An independent copy."""
        new = blank_instance(Passing)
        new.given = [list(g) for g in self.given]
        return new
