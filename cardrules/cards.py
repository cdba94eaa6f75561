"""Cards as small integers, and their one text form.

A card is ``suit * 13 + rank`` with suits ``S H D C`` (0-3) and ranks ``2`` to
``A`` (0-12). Text is rank then suit: ``QH``, ``TS`` (``10S`` is accepted too).
Integers keep hands, tricks and the hot loop of the engine cheap; only text
crosses the public surface.

>>> parse_card("10h"), card_text(parse_card("QH")), card_text(51)
(21, 'QH', 'AC')
>>> [card_text(c) for c in sorted_cards([parse_card(t) for t in ("2C", "AS", "KS")])]
['AS', 'KS', '2C']
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "SHDC"
#: The suit index that stands for "no trumps" beside the four suits 0-3.
NO_TRUMP = 4
RANKS = "23456789TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

#: Ranks in each pack, named by the rule files' ``pack.cards``.
PACK_RANKS = {
    "full52": RANKS,
    "piquet32": "789TJQKA",
}

ALL_CARDS = tuple(range(52))
CARD_TEXT = tuple(r + s for s in SUITS for r in RANKS)
_BY_TEXT = {t: i for i, t in enumerate(CARD_TEXT)}


def card(rank: str, suit: str) -> int:
    """The card of a rank character and a suit character: ``card("Q", "H")``."""
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def suit_of(c: int) -> int:
    """The suit index (0-3, ``S H D C``) of a card."""
    return c // 13


def rank_of(c: int) -> int:
    """The natural rank index (0 = two ... 12 = ace) of a card."""
    return c % 13


def card_text(c: int) -> str:
    """The text form of a card: ``card_text(50) == "KC"``."""
    return CARD_TEXT[c]


def parse_card(text: str) -> int:
    """Read a card written rank then suit (``QH``, ``TS``, ``10S``, any case).

    Raises ``ValueError`` naming the text when it is not a card.
    """
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _BY_TEXT[t]
    except KeyError:
        raise ValueError(
            f"{text!r} is not a card: write rank then suit, e.g. QH, TS or 10S "
            f"(ranks {' '.join(RANKS[::-1])}, suits {' '.join(SUITS)})"
        ) from None


def is_card_text(text: str) -> bool:
    """Whether ``text`` names a card."""
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


#: The pack whose ranks are the ones its rules list (``pack.cards: listed``).
LISTED = "listed"


def pack_ranks(pack: str, listed: Iterable[str] = ()) -> str:
    """The rank characters of a pack, lowest first: a named pack's, or for the pack
    :data:`LISTED` the ranks ``listed`` names (``10`` for ``T``).

    >>> pack_ranks("piquet32"), pack_ranks(LISTED, ["6", "5", "4", "3", "2"])
    ('789TJQKA', '23456')
    """
    if pack == LISTED:
        named = {"T" if r == "10" else r for r in listed}
        return "".join(r for r in RANKS if r in named)
    return PACK_RANKS[pack]


def pack_cards(pack: str, listed: Iterable[str] = (), suits: str = SUITS) -> tuple[int, ...]:
    """The cards of a pack, in card-id order: its ranks (:func:`pack_ranks`) in ``suits``.

    >>> [card_text(c) for c in pack_cards(LISTED, ["3", "2"], "CD")]
    ['2D', '3D', '2C', '3C']
    """
    ranks = pack_ranks(pack, listed)
    return tuple(c for c in ALL_CARDS if RANKS[rank_of(c)] in ranks and SUITS[c // 13] in suits)


def sorted_cards(cards: Iterable[int]) -> list[int]:
    """Cards in display order: by suit (``S H D C``), high rank first."""
    return sorted(cards, key=lambda c: (c // 13, -(c % 13)))
