"""A deal given card by card, :class:`FixedDeal`: for rulings and tests, a session's given
first deal, and the cards that explicit chance gave (:mod:`cardrules.engine.dealing`
deals it).

A module of its own, left out of the compiled build (docs/compiled.md): the fields of this
attrs class, which convert their values, are class attributes that a compiled module would
check against the fields' types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.cards import card_text, parse_card
from cardrules.errors import ArgumentTypeError, ArgumentValueError, RecordError

__all__ = ["FixedDeal"]


def _texts_of(name: str, value: Any) -> tuple[str, ...]:
    """Cards given as one text (``"AH 2C"``) or as a list of texts."""
    if isinstance(value, str):
        return tuple(value.split())
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ArgumentTypeError(f"{name}: expected a list of cards' texts, got {value!r:.60}")
    return tuple(value)


def _hands_of(value: Any) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, (list, tuple)):
        raise ArgumentTypeError(f"hands: expected a list of hands, got {value!r:.60}")
    return tuple(_texts_of(f"hands[{i}]", h) for i, h in enumerate(value))


def _miss_of(value: Any) -> tuple[str, ...]:
    return _texts_of("miss", value)


def _stock_of(value: Any) -> tuple[str, ...]:
    return _texts_of("stock", value)


def _restock_of(value: Any) -> tuple[str, ...]:
    return _texts_of("restock", value)


def _card_ids(texts: Sequence[str], what: str) -> list[int]:
    """The ids of cards given as text; raises ArgumentValueError naming ``what``."""
    try:
        return [parse_card(t) for t in texts]
    except ValueError as exc:
        raise ArgumentValueError(f"{what}: {exc}") from None


@attrs.frozen
class FixedDeal:
    """A deal given card by card, for rulings and tests.

    ``hands`` are in seat order (seat 0 first, absolute seats); ``miss`` the
    spare hand; ``turn_up`` the trump card; ``stock`` the undealt cards, top
    first (exchanges draw from the top). Cards are text (``"QH"``). Cards not
    named anywhere are added to the bottom of the stock in pack order. ``restock`` names
    the cards drawn after the stock runs out, in the order drawn, where the rules restock
    it (``exchange.restock``, :mod:`cardrules.engine.restock`): cards of the hands, the
    discards and the folded hands, so named again; those of a restock it does not name come
    after them in pack order.

    Each card must be a card's text, named once in the whole deal, but for a turn-up that
    is also named in a hand (the dealer's own card, ``trumps.turn_up_to: dealer``); a hand
    may be one text (``"AH 2C"``). Anything else is refused at once with a named error
    (:class:`~cardrules.errors.ArgumentTypeError`, :class:`~cardrules.errors.ArgumentValueError`);
    whether the cards fit the rules (the pack, the hand size) is checked when dealt.

    >>> FixedDeal.from_json({"hands": ["AH 2C", ["3D", "4S"]]}).hands
    (('AH', '2C'), ('3D', '4S'))
    >>> FixedDeal(hands=(("AH", "2C"), ("2C", "4S")))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentValueError: a fixed deal names 2C twice
    """

    hands: tuple[tuple[str, ...], ...] = attrs.field(converter=_hands_of)
    miss: tuple[str, ...] = attrs.field(default=(), converter=_miss_of)
    turn_up: str | None = None
    stock: tuple[str, ...] = attrs.field(default=(), converter=_stock_of)
    restock: tuple[str, ...] = attrs.field(default=(), converter=_restock_of)

    def __attrs_post_init__(self) -> None:
        if self.turn_up is not None and not isinstance(self.turn_up, str):
            raise ArgumentTypeError(f"turn_up: expected a card's text, got {self.turn_up!r}")
        seen: set[int] = set()
        named = [c for h in self.hands for c in h] + list(self.miss) + list(self.stock)
        if self.turn_up is not None and not any(self.turn_up in h for h in self.hands):
            named.append(self.turn_up)
        for c in _card_ids(named, "a fixed deal"):
            if c in seen:
                raise ArgumentValueError(f"a fixed deal names {card_text(c)} twice")
            seen.add(c)
        again: set[int] = set()
        in_stock = set(_card_ids(self.stock, "a fixed deal"))
        for c in _card_ids(self.restock, "a fixed deal's restock"):
            if c in again:
                raise ArgumentValueError(f"a fixed deal's restock names {card_text(c)} twice")
            if c in in_stock:
                raise ArgumentValueError(
                    f"a fixed deal's restock names {card_text(c)}, a card of the stock"
                )
            again.add(c)

    def to_json(self) -> dict[str, Any]:
        """The fixed deal as a JSON-ready mapping (``restock`` only where it names cards)."""
        out: dict[str, Any] = {
            "hands": [list(h) for h in self.hands],
            "miss": list(self.miss),
            "turn_up": self.turn_up,
            "stock": list(self.stock),
        }
        if self.restock:
            out["restock"] = list(self.restock)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FixedDeal:
        """Read :meth:`to_json` output (or a rulings file's ``deal``); raises
        :class:`~cardrules.errors.RecordError` saying what is wrong."""
        if not isinstance(data, dict) or "hands" not in data:
            raise RecordError("a fixed deal needs 'hands' (a list of card lists)")
        try:
            return cls(
                hands=data["hands"],
                miss=data.get("miss") or (),
                turn_up=data.get("turn_up"),
                stock=data.get("stock") or (),
                restock=data.get("restock") or (),
            )
        except (TypeError, ValueError) as exc:
            raise RecordError(f"a fixed deal cannot be read: {exc}") from None
