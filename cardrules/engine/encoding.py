"""A seat's observation as numbers: a fixed layout per rules model and table size.

An :class:`Encoder` writes what one seat may know into a flat buffer of numbers, read
from card ids and the deal's view (never from texts): a ``list``, or a numpy array when
one is given (numpy is never imported here). ``size`` is the buffer's length and
``sections`` its layout. With ``recall`` (the default) the encoding is an information
state: it holds the seat's hand as dealt, the cards it laid aside and every trick card by
card, so that together with the public statuses it remembers all the seat did and saw
(perfect recall); without it, an observation of the present: the hand, the trick in
progress and the cards each player has played.

Seats are *relative*: slot 0 is the observing seat, slot 1 the next seat round the table,
and so on; when the miss can be played for the pool, the last *player* slot (after the
seats) is the miss. Cards are indexed by their place in the pack (in card-id order: with
the full pack, the card id itself). Flags are 0 or 1; counts are whole numbers as the
engine keeps them (counters of the pool and scores are not scaled).

The sections, in order (``P`` cards in the pack, ``S`` seats, ``L`` player slots, ``T``
tricks):

==============  ===========  =========================================================
section         length       contents
==============  ===========  =========================================================
``hand``        P            the cards the seat holds
``dealt``       P            (recall) the cards it was dealt
``laid_aside``  P            (recall) the cards it laid aside (exchanged out, its own
                             hand for the miss, a partner's discard)
``trump``       5            the trump suit, one of S H D C or none
``turn_up``     P            the card turned up for trumps
``promoted``    P            the promoted card (Pam) of this deal's trump, if any
``phase``       6            declare, partner, play, decide, respond, over
``seats``       S x 15       per seat: to move, dealer, to declare, stood, threw up,
                             out, took the miss, plays the miss, gave his card,
                             exchanged, cards exchanged, tricks won, cards held, score,
                             put
``table``       6            the miss untaken, the miss played for the pool, tricks
                             won by the miss, cards in the stock, the pool, a put seen
``lead``        L            who led the trick in progress
``trick``       L x P        the trick in progress: each player's card
``played``      L x P        every card each player has played
``leaders``     T x L        (recall) who led each trick
``tricks``      T x L x P    (recall) each trick: each player's card
==============  ===========  =========================================================

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
>>> enc = Encoder(s.rules, 4)
>>> enc.size, [name for name, _, _ in enc.sections][:4]
(1657, ['hand', 'dealt', 'laid_aside', 'trump'])
>>> x = enc.encode(s, s.to_move)
>>> [i for i in range(52) if x[i]] == s.hand(s.to_move)
True
>>> off = enc.offset("seats")
>>> x[off], x[off + 2]  # the observer is to move and still to declare
(1, 1)
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any

from cardrules.engine.phases import OUT, STOOD, THREW, UNDECIDED, Phase
from cardrules.engine.tables import tables_for
from cardrules.errors import ArgumentTypeError, ArgumentValueError
from cardrules.rules.model import LoneStander, Rules

if TYPE_CHECKING:
    from cardrules.engine.session import Session

__all__ = ["SEAT_FIELDS", "TABLE_FIELDS", "Encoder", "encoder"]

#: The fields of each seat in the ``seats`` section, in order.
SEAT_FIELDS = (
    "to_move",
    "dealer",
    "to_declare",
    "stood",
    "threw_up",
    "out",
    "took_miss",
    "plays_miss",
    "gave",
    "exchanged",
    "cards_exchanged",
    "tricks_won",
    "cards_held",
    "score",
    "put",
)
#: The fields of the ``table`` section, in order.
TABLE_FIELDS = ("miss_untaken", "miss_for_pool", "miss_tricks", "stock", "pool", "put_seen")
_F = {name: i for i, name in enumerate(SEAT_FIELDS)}
_OVER = Phase.OVER
#: The seat field of each :class:`~cardrules.engine.phases.Status`, by its number.
_STATUS_FIELDS = [0] * 4
for _status, _name in (
    (UNDECIDED, "to_declare"),
    (STOOD, "stood"),
    (THREW, "threw_up"),
    (OUT, "out"),
):
    _STATUS_FIELDS[_status] = _F[_name]


def _miss_plays(rules: Rules) -> bool:
    """Whether the miss can be played for the pool, as a player of its own."""
    d = rules.declarations
    return (
        rules.deal.miss
        and d.enabled
        and not rules.partnerships.enabled
        and d.lone_stander is LoneStander.DEALER_PLAYS_MISS_FOR_POOL
    )


class Encoder:
    """The numeric encoding of a seat's view at a table of ``players`` (see the module's
    text for the layout).

    ``size`` is the length of an encoding, ``sections`` its layout as (name, offset,
    length) triples; :meth:`encode` writes one.
    """

    def __init__(self, rules: Rules, players: int, *, recall: bool = True) -> None:
        if type(players) is not int or not rules.players.min <= players <= rules.max_players:
            raise ArgumentValueError(
                f"players: expected {rules.players.min} to {rules.max_players}, got {players!r}"
            )
        self.rules = rules
        self.players = players
        self.recall = recall
        tb = tables_for(rules)
        self._promoted = tb.promoted
        pack = tb.pack
        npack = len(pack)
        #: ``_pos[c]``: card ``c``'s place in the pack (-1 for a card not in it).
        self._pos = [-1] * 52
        for i, c in enumerate(pack):
            self._pos[c] = i
        self._npack = npack
        self._slots = players + (1 if _miss_plays(rules) else 0)
        self._tricks = rules.deal.hand_size
        width = len(SEAT_FIELDS)
        #: ``_slot_of[seat][p]``: the slot of player ``p`` (a seat, or ``players`` for the
        #: miss) seen from ``seat``.
        self._slot_of = [
            [(p - seat) % players for p in range(players)] + [players] for seat in range(players)
        ]
        shapes: list[tuple[str, int]] = [("hand", npack)]
        if recall:
            shapes += [("dealt", npack), ("laid_aside", npack)]
        shapes += [
            ("trump", 5),
            ("turn_up", npack),
            ("promoted", npack),
            ("phase", len(Phase)),
            ("seats", players * len(SEAT_FIELDS)),
            ("table", len(TABLE_FIELDS)),
            ("lead", self._slots),
            ("trick", self._slots * npack),
            ("played", self._slots * npack),
        ]
        if recall:
            shapes += [
                ("leaders", self._tricks * self._slots),
                ("tricks", self._tricks * self._slots * npack),
            ]
        sections = []
        offset = 0
        for name, length in shapes:
            sections.append((name, offset, length))
            offset += length
        self.sections: tuple[tuple[str, int, int], ...] = tuple(sections)
        self._offsets = {name: off for name, off, _ in sections}
        self.size = offset
        #: ``_seat_bases[seat][s]``: where seat ``s``'s fields begin, seen from ``seat``.
        self._seat_bases = [
            [self._offsets["seats"] + slot * width for slot in self._slot_of[seat][:players]]
            for seat in range(players)
        ]
        self._zeros = [0] * offset
        #: Per seat, the last play seen, the plays seen and their indices (:meth:`_played`).
        self._seen: dict[int, tuple[tuple[int, int], int, list[int]]] = {}
        #: Per seat, the deal's hands as dealt and the indices set throughout it.
        self._static: dict[int, tuple[list[list[int]], list[int]]] = {}

    def offset(self, section: str) -> int:
        """Where ``section`` begins in an encoding."""
        try:
            return self._offsets[section]
        except KeyError:
            known = ", ".join(self._offsets)
            raise ArgumentValueError(f"no section {section!r} (sections: {known})") from None

    def bounds(self) -> tuple[list[int | None], list[int | None]]:
        """The least and most value of each entry (None where the counters have no bound:
        scores, the pool).

        >>> from cardrules.rules.model import Rules
        >>> enc = Encoder(Rules(), 3)
        >>> low, high = enc.bounds()
        >>> high[enc.offset("table") + 3], low[enc.offset("seats") + 13]  # stock, a score
        (52, None)
        """
        low: list[int | None] = [0] * self.size
        high: list[int | None] = [1] * self.size
        hand = self._tricks
        limits = {
            "cards_exchanged": hand,
            "tricks_won": hand,
            "cards_held": hand + 1,  # a partner's gift comes before the discard
        }
        base = self._offsets["seats"]
        for s in range(self.players):
            for name, top in limits.items():
                high[base + s * len(SEAT_FIELDS) + _F[name]] = top
            low[base + s * len(SEAT_FIELDS) + _F["score"]] = None
            high[base + s * len(SEAT_FIELDS) + _F["score"]] = None
        o = self._offsets["table"]
        high[o + TABLE_FIELDS.index("miss_tricks")] = hand
        high[o + TABLE_FIELDS.index("stock")] = self._npack
        high[o + TABLE_FIELDS.index("pool")] = None
        return low, high

    def encode(self, session: Session, seat: int, out: Any = None) -> Any:
        """Write what ``seat`` may know of ``session`` now into ``out`` (a list or a numpy
        array of :attr:`size` numbers, overwritten whole) and return it; without ``out``,
        into a new list.

        >>> import cardrules
        >>> s = cardrules.new_session("put", seed=1)
        >>> enc = Encoder(s.rules, 2, recall=False)
        >>> x = enc.encode(s, 0)
        >>> sum(x[:52]), enc.size == len(x)  # three cards in hand
        (3, True)
        """
        n = self.players
        if session.players != n or (
            session.rules is not self.rules and session.rules != self.rules
        ):
            raise ArgumentValueError("the session is not of this encoder's rules and table")
        if type(seat) is not int or not 0 <= seat < n:
            raise ArgumentValueError(f"seat: expected 0 to {n - 1}, got {seat!r}")
        if out is None:
            out = list(self._zeros)
        elif len(out) != self.size:
            raise ArgumentValueError(f"out: expected a buffer of {self.size}, got {len(out)}")
        ones, counts = self._entries(session, seat)
        if hasattr(out, "fill"):  # a numpy array: one call for the ones
            out.fill(0)
            out.put(ones, 1)
        elif isinstance(out, MutableSequence):
            if type(out) is list:
                out[:] = self._zeros
            else:
                for i in range(self.size):
                    out[i] = 0
            for i in ones:
                out[i] = 1
        else:
            raise ArgumentTypeError(f"out: expected a list or an array, got {type(out).__name__}")
        for i, value in counts:
            out[i] = value
        return out

    def _entries(self, session: Session, seat: int) -> tuple[list[int], list[tuple[int, int]]]:
        """The indices set to 1, and the (index, count) pairs, of ``seat``'s encoding."""
        d = session.deal
        cards = d.cards
        decl = d.decl
        play = d.play
        pos = self._pos
        off = self._offsets
        o = off["hand"]
        ones = [o + pos[c] for c in cards.hands[seat]]
        counts: list[tuple[int, int]] = []
        static = self._static.get(seat)
        if static is None or static[0] is not cards.dealt:
            static = self._static[seat] = (cards.dealt, self._deal_entries(d, seat))
        ones += static[1]
        if self.recall and cards.discarded:
            o = off["laid_aside"]
            laid = zip(cards.discarded, cards.discard_owner, strict=True)
            ones += [o + pos[c] for c, w in laid if w == seat]
        phase = d.phase
        over = phase == _OVER
        ones.append(off["phase"] + phase)
        # Seats, relative to the observer: ``bases[s]`` is where seat ``s``'s fields begin.
        bases = self._seat_bases[seat]
        fields = _STATUS_FIELDS
        for o, st, ex, w, h, sc in zip(
            bases, decl.status, decl.exchanged, play.won, cards.hands, session.scores, strict=False
        ):
            ones.append(o + fields[st])
            if ex >= 0:
                ones.append(o + 9)
                counts.append((o + 10, ex))
            if w:
                counts.append((o + 11, w))
            if h:
                counts.append((o + 12, len(h)))
            if sc:
                counts.append((o + 13, sc))
        if d.to_move >= 0:
            ones.append(bases[d.to_move])
        if decl.miss_for_pool:
            ones.append(bases[d.dealer] + 7)
        if decl.miss_taker >= 0:
            ones.append(bases[decl.miss_taker] + 6)
        for s in d.passing.givers:
            ones.append(bases[s] + 8)
        chal = d.chal
        if chal.putter >= 0:
            ones.append(bases[chal.putter] + 14)
        o = off["table"]
        if cards.miss is not None:
            ones.append(o)
        if decl.miss_for_pool:
            ones.append(o + 1)
            w = play.won[self.players]
            if w:
                counts.append((o + 2, w))
        if cards.stock:
            counts.append((o + 3, len(cards.stock)))
        if d.pool:
            counts.append((o + 4, d.pool))
        if chal.put_seen:
            ones.append(o + 5)
        # The tricks: players are slots relative to the observer, the miss last.
        in_play = play.in_play
        if in_play:
            k = len(in_play)
            slot_of = self._slot_of[seat]
            cur = play.cards
            lead_pos = play.lead_pos
            if play.trick_no < self._tricks and (cur or not over):
                ones.append(off["lead"] + slot_of[in_play[lead_pos]])
            np_ = self._npack
            o = off["trick"]
            for i, c in enumerate(cur):
                ones.append(o + slot_of[in_play[(lead_pos + i) % k]] * np_ + pos[c])
            if play.played:
                ones += self._played(play.played, k, seat)
        return ones, counts

    def _deal_entries(self, d: Any, seat: int) -> list[int]:
        """The indices that stay set for ``seat`` throughout a deal: its hand as dealt, the
        trump suit, the turn-up, the promoted card and the dealer. (A deal's hands as dealt
        are never changed once dealt, so they tell one deal from another.)"""
        cards = d.cards
        pos = self._pos
        off = self._offsets
        ones = []
        if self.recall:
            o = off["dealt"]
            ones = [o + pos[c] for c in cards.dealt[seat]]
        trump = cards.trump
        ones.append(off["trump"] + trump)
        if cards.turnup >= 0:
            ones.append(off["turn_up"] + pos[cards.turnup])
        promoted = self._promoted[trump]
        if promoted >= 0:
            ones.append(off["promoted"] + pos[promoted])
        ones.append(self._seat_bases[seat][d.dealer] + _F["dealer"])
        return ones

    def _played(self, played: list[tuple[int, int]], k: int, seat: int) -> list[int]:
        """The ``played`` (and, with recall, ``leaders`` and ``tricks``) indices of the
        cards played so far: extended from the last call's for the same seat when the
        play has only grown since (each play is a new pair, so the last pair seen tells)."""
        cached = self._seen.get(seat)
        start = 0
        out: list[int] = []
        if cached is not None:
            last, count, prev = cached
            if count <= len(played) and played[count - 1] is last:
                if count == len(played):
                    return prev
                start = count
                out = list(prev)
        off = self._offsets
        np_ = self._npack
        pos = self._pos
        slot_of = self._slot_of[seat]
        po = off["played"]
        if self.recall:
            slots = self._slots
            lo = off["leaders"]
            to = off["tricks"]
            for i in range(start, len(played)):
                p, c = played[i]
                t, j = divmod(i, k)
                s = slot_of[p]
                if j == 0:
                    out.append(lo + t * slots + s)
                out.append(to + (t * slots + s) * np_ + pos[c])
                out.append(po + s * np_ + pos[c])
        else:
            out += [po + slot_of[p] * np_ + pos[c] for p, c in played[start:]]
        self._seen[seat] = (played[-1], len(played), out)
        return out


_ENCODERS: dict[tuple[Rules, int, bool], Encoder] = {}


def encoder(rules: Rules, players: int, *, recall: bool = True) -> Encoder:
    """The :class:`Encoder` of ``rules`` at a table of ``players`` (built once, kept).

    >>> from cardrules.rules.model import Rules
    >>> encoder(Rules(), 5).size > encoder(Rules(), 5, recall=False).size
    True
    """
    key = (rules, players, recall)
    enc = _ENCODERS.get(key)
    if enc is None:
        if len(_ENCODERS) > 256:
            _ENCODERS.clear()
        enc = _ENCODERS[key] = Encoder(rules, players, recall=recall)
    return enc
