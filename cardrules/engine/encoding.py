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
``trump``       5            the trump suit, one of S H D C or none
``turn_up``     P            the card turned up for trumps
``promoted``    P            the promoted card (Pam) of this deal's trump, if any
``dealt``       P            (recall) the cards the seat was dealt
``laid_aside``  P            (recall) the cards it laid aside (exchanged out, its own
                             hand for the miss, a partner's discard)
``phase``       6 (7, 8)     declare, partner, play, decide, respond, over (and bid,
                             with bidding; and pass, with passing: each phase a game
                             may reach, up to the last)
``seats``       S x 15       per seat: to move, dealer, to declare, stood, threw up,
                             out, took the miss, plays the miss, gave his card,
                             exchanged, cards exchanged, tricks won, cards held, score,
                             put
``table``       6            the miss untaken, the miss played for the pool, tricks
                             won by the miss, cards in the stock, the pool, a put seen
``calls``       1 (+ T)      only where the leader may call "Pam, be civil": the trick
                             in progress was led with the call; (recall) each trick was
``bids``        S x (T + 1)  (bidding only) each seat's bid, 0 to T tricks (none yet:
                             all 0)
``voids``       L            (only with ``leads.trump_if_others_void: public``) each
                             player has shown in the play that he holds no trump
                             (:func:`~cardrules.engine.duties.shown_out`)
``aside``       1            only where the turn-up is the dealer's own card: he
                             exchanged it, and it lies aside face up
``pass_to``     S            (passing only) where this deal's cards are passed: the seat
                             slot they go to (slot 0: no passing)
``passed``      P            (passing only) the cards the seat has passed
``lead``        L            who led the trick in progress
``trick``       L x P        the trick in progress: each player's card
``played``      L x P        every card each player has played
``leaders``     T x L        (recall) who led each trick
``tricks``      T x L x P    (recall) each trick: each player's card
==============  ===========  =========================================================

The sections from ``trump`` to ``laid_aside`` change at most a few times a deal, and
those from ``played`` on only grow: an encoder keeps each seat's last encoding and brings
it up to date, writing the hand and the present (``phase`` to ``trick``) again, the deal
part only when it has changed and the play part only for the plays made since, so that an
encoding costs about what the present changes of it; what each part was made from tells
when to make it again (the tests compare them with fresh encodings over random play of
every bundled game). :meth:`Encoder.write` gives the 0/1 entries as a ``bytearray`` and
the counts apart (with ``signed``, only those a signed byte cannot hold), for adapters
that build their own arrays.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=4, seed=7)
>>> enc = Encoder(s.rules, 4)
>>> enc.size, [name for name, _, _ in enc.sections][:4]
(1657, ['hand', 'trump', 'turn_up', 'promoted'])
>>> x = enc.encode(s, s.to_move)
>>> [i for i in range(52) if x[i]] == s.hand(s.to_move)
True
>>> off = enc.offset("seats")
>>> x[off], x[off + 2]  # the observer is to move and still to declare
(1, 1)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.engine.duties import moment_now, shown_out
from cardrules.engine.handsize import widest_rules
from cardrules.engine.phases import OUT, STOOD, THREW, UNDECIDED, Phase
from cardrules.engine.tables import tables_for
from cardrules.errors import ArgumentTypeError, ArgumentValueError
from cardrules.rules.applies import miss_played_for_pool, passes, turn_up_held
from cardrules.rules.model import OthersVoid, Rules

if TYPE_CHECKING:
    from cardrules.engine.session import Session

__all__ = ["SEAT_FIELDS", "TABLE_FIELDS", "Encoder", "encoder", "phase_slots"]


def phase_slots(rules: Rules) -> int:
    """The length of the ``phase`` section: every phase up to the last one ``rules`` may
    reach (bidding and passing are numbered after the others).

    >>> import cardrules
    >>> phase_slots(cardrules.load_variant("put")), phase_slots(cardrules.load_variant("hearts"))
    (6, 8)
    """
    if passes(rules):
        return Phase.PASS + 1
    if rules.bidding.enabled:
        return Phase.BID + 1
    return Phase.OVER + 1


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
#: The seat field of each :class:`~cardrules.engine.phases.Status`, by its number.
_STATUS_FIELDS = [0] * 4
for _status, _name in (
    (UNDECIDED, "to_declare"),
    (STOOD, "stood"),
    (THREW, "threw_up"),
    (OUT, "out"),
):
    _STATUS_FIELDS[_status] = _F[_name]


#: Where a seat's fields are, from where its fields begin: the flags and bytes written for
#: every seat on every encoding.
_EXCHANGED = _F["exchanged"]
_CARDS_EXCHANGED = _F["cards_exchanged"]
_TRICKS_WON = _F["tricks_won"]
_CARDS_HELD = _F["cards_held"]
_SCORE = _F["score"]


def _write_seats(
    bits: bytearray,
    counts: list[tuple[int, int]],
    bases: list[int],
    deal: Any,
    scores: Sequence[int],
    signed: bool,
) -> None:
    """Write each seat's status fields at ``bases`` (where each seat's fields begin, seen
    from one observer): its status's flag, whether it exchanged and how many cards, its
    tricks and cards held (a byte each), and its score, in its byte where ``signed`` and a
    signed byte holds it, else among the ``counts``."""
    status = deal._decl.status
    exchanged = deal._decl.exchanged
    won = deal._play.won
    hands = deal._cards.hands
    for s, o in enumerate(bases):
        bits[o + _STATUS_FIELDS[status[s]]] = 1
        if exchanged[s] >= 0:
            bits[o + _EXCHANGED] = 1
            bits[o + _CARDS_EXCHANGED] = exchanged[s]
        bits[o + _TRICKS_WON] = won[s]
        bits[o + _CARDS_HELD] = len(hands[s])
        score = scores[s]
        if signed and -128 <= score < 128:
            bits[o + _SCORE] = score & 255
        elif score:
            counts.append((o + _SCORE, score))


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
        # Sized for the table's largest deal, when the hand size varies (1.7.1).
        self._tricks = widest_rules(rules, players).deal.hand_size
        self._promoted = tb.promoted
        pack = tb.pack
        npack = len(pack)
        #: ``_pos[c]``: card ``c``'s place in the pack (-1 for a card not in it).
        self._pos = [-1] * 52
        for i, c in enumerate(pack):
            self._pos[c] = i
        self._npack = npack
        self._slots = players + (1 if miss_played_for_pool(rules) else 0)
        width = len(SEAT_FIELDS)
        #: ``_slot_of[seat][p]``: the slot of player ``p`` (a seat, or ``players`` for the
        #: miss) seen from ``seat``.
        self._slot_of = [
            [(p - seat) % players for p in range(players)] + [players] for seat in range(players)
        ]
        shapes: list[tuple[str, int]] = [
            ("hand", npack),
            ("trump", 5),
            ("turn_up", npack),
            ("promoted", npack),
        ]
        if recall:
            shapes += [("dealt", npack), ("laid_aside", npack)]
        shapes += [
            ("phase", phase_slots(rules)),
            ("seats", players * len(SEAT_FIELDS)),
            ("table", len(TABLE_FIELDS)),
        ]
        if tb.civil_call:
            shapes.append(("calls", 1 + (self._tricks if recall else 0)))
        if rules.bidding.enabled:
            shapes.append(("bids", players * (self._tricks + 1)))
        if rules.leads.trump_if_others_void is OthersVoid.PUBLIC:
            shapes.append(("voids", self._slots))
        if turn_up_held(rules):
            shapes.append(("aside", 1))
        if passes(rules):
            shapes += [("pass_to", players), ("passed", npack)]
        shapes += [
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
        #: Where the ``calls`` section begins (-1: none).
        self._calls = self._offsets.get("calls", -1)
        #: Where the ``voids`` section begins (-1: none), and the tables it is read with.
        self._voids = self._offsets.get("voids", -1)
        self._tb = tb
        #: Where the ``aside`` section is (-1: none).
        self._aside = self._offsets.get("aside", -1)
        #: Where the ``pass_to`` section is (-1: none); ``passed`` follows it.
        self._pass_to = self._offsets.get("pass_to", -1)
        #: The offsets :meth:`write` reads on every call.
        self._hot = (
            self._offsets["hand"],
            self._offsets["phase"],
            self._offsets["table"],
            self._offsets["lead"],
            self._offsets["trick"],
        )
        #: ``_rel[seat][p * 52 + c]``: where player ``p``'s card ``c`` goes in a block of
        #: player slots seen from ``seat`` (its slot's place plus the card's).
        self._rel = [
            [
                self._slot_of[seat][p] * npack + self._pos[c] if self._pos[c] >= 0 else -1
                for p in range(players + 1)
                for c in range(52)
            ]
            for seat in range(players)
        ]
        self._marks: dict[int, list[tuple[int, int]]] = {}
        #: The part that changes at most a few times a deal (``trump`` to ``dealt``, and
        #: with recall what the seat laid aside), the part that changes with every action
        #: (``phase`` to ``trick``) and the part that only grows (``played`` on): ``[start,
        #: end)`` of each.
        self._deal_part = (
            self._offsets["trump"],
            self._offsets["phase"] if not recall else self._offsets["laid_aside"] + npack,
        )
        self._now_part = (self._offsets["phase"], self._offsets["played"])
        self._play_part = (self._offsets["played"], offset)
        #: Zeros to clear the hand, the part that changes with every action and the play
        #: part with (bytearrays: a slice is assigned from one fastest).
        self._clear_hand = bytearray(npack)
        self._clear_now = bytearray(self._now_part[1] - self._now_part[0])
        self._clear_play = bytearray(offset - self._play_part[0])
        #: Per seat, its encoding as last written, which the next call brings up to date:
        #: the hand and the part that changes with every action are written again, the
        #: deal part when the deal or the cards laid aside have changed, and the play part
        #: is extended by the plays made since, when the play has only grown.
        self._bufs = [bytearray(offset) for _ in range(players)]
        #: Per seat, what its deal part was made from: the deal's hands as dealt (which
        #: tell one deal from another: they are never changed once dealt) and copies of
        #: the cards laid aside and by whom. And the part every seat shares (``trump`` to
        #: ``promoted``), by the hands as dealt.
        self._static: list[tuple[Any, list[int], list[int]] | None] = [None] * players
        self._shared: tuple[Any, bytes] = (None, b"")
        #: Per seat, the last play its play part holds and the number of plays it holds.
        self._seen: list[tuple[Any, int]] = [(None, 0)] * players

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
        bits = bytearray(self.size)
        counts = self.write(session, seat, bits)
        if out is None:
            out = list(bits)
        elif len(out) != self.size:
            raise ArgumentValueError(f"out: expected a buffer of {self.size}, got {len(out)}")
        elif isinstance(out, (MutableSequence, memoryview)) or hasattr(out, "__array__"):
            out[:] = bits
        else:
            raise ArgumentTypeError(f"out: expected a list or an array, got {type(out).__name__}")
        for i, value in counts:
            out[i] = value
        return out

    def write(
        self,
        session: Session,
        seat: int,
        bits: bytearray,
        *,
        checked: bool = True,
        signed: bool = False,
    ) -> list[tuple[int, int]]:
        """Write ``seat``'s encoding into ``bits`` (a ``bytearray`` of :attr:`size`,
        overwritten whole) as far as a byte holds it (the flags, and the counts of cards
        and tricks), and return the rest, the counters (scores, the pool), as (index,
        value) pairs: the encoding is ``bits`` with those values put in. With ``signed``,
        ``bits`` is read as signed bytes (numpy's ``int8``): the counters from -128 to
        127 are written in it too, and only the others returned (most often none).
        ``checked=False`` skips checking the arguments (for an adapter that checked them
        once).

        >>> import cardrules
        >>> s = cardrules.new_session("five-card-loo", seed=1)
        >>> enc = Encoder(s.rules, 5)
        >>> bits = bytearray(enc.size)
        >>> counts = enc.write(s, 0, bits)
        >>> sum(bits[:52]), (enc.offset("table") + 4, 5) in counts  # the hand; the pool
        (5, True)
        >>> enc.write(s, 0, bits, signed=True), bits[enc.offset("table") + 4]
        ([], 5)
        """
        n = self.players
        if checked:
            rules = session.rules
            if session.players != n or (rules is not self.rules and rules != self.rules):
                raise ArgumentValueError("the session is not of this encoder's rules and table")
            if type(seat) is not int or not 0 <= seat < n:
                raise ArgumentValueError(f"seat: expected 0 to {n - 1}, got {seat!r}")
            if type(bits) is not bytearray or len(bits) != self.size:
                raise ArgumentValueError(f"bits: expected a bytearray of {self.size}")
        d = session.deal
        cards = d._cards
        decl = d._decl
        play = d._play
        pos = self._pos
        o_hand, o_phase, o_table, o_lead, o_trick = self._hot
        # The seat's encoding as last written, brought up to date, then copied out.
        out = bits
        bits = self._bufs[seat]
        bits[o_hand : o_hand + self._npack] = self._clear_hand
        lo, hi = self._now_part
        bits[lo:hi] = self._clear_now
        counts: list[tuple[int, int]] = []
        o = o_hand
        for c in cards.hands[seat]:
            bits[o + pos[c]] = 1
        static = self._static[seat]
        if (
            static is None
            or static[0] is not cards.dealt
            or static[1] != cards.discarded
            or static[2] != cards.discard_owner
        ):
            self._static[seat] = (cards.dealt, cards.discarded[:], cards.discard_owner[:])
            lo, hi = self._deal_part
            bits[lo:hi] = self._deal_bytes(d, seat)
        phase = d.phase
        bits[o_phase + phase] = 1
        # Seats, relative to the observer: ``bases[s]`` is where seat ``s``'s fields begin.
        bases = self._seat_bases[seat]
        _write_seats(bits, counts, bases, d, session.scores, signed)
        if d.to_move >= 0:
            bits[bases[d.to_move]] = 1
        bits[bases[d.dealer] + 1] = 1
        if decl.miss_for_pool:
            bits[bases[d.dealer] + 7] = 1
        if decl.miss_taker >= 0:
            bits[bases[decl.miss_taker] + 6] = 1
        for s in d._partnering.givers:
            bits[bases[s] + 8] = 1
        chal = d._chal
        if chal.putter >= 0:
            bits[bases[chal.putter] + 14] = 1
        o = o_table
        if cards.miss is not None:
            bits[o] = 1
        if decl.miss_for_pool:
            bits[o + 1] = 1
            bits[o + 2] = play.won[n]
        bits[o + 3] = len(cards.stock)
        pool = d._pool
        if pool:
            if signed and -128 <= pool < 128:
                bits[o + 4] = pool & 255
            else:
                counts.append((o + 4, pool))
        if chal.put_seen:
            bits[o + 5] = 1
        if play.calls and self._calls >= 0:
            o = self._calls
            if play.cards and play.calls[-1] == play.trick_no:
                bits[o] = 1
            if self.recall:
                for t in play.calls:
                    bits[o + 1 + t] = 1
        if self._aside >= 0 and cards.turnup in cards.discarded:
            bits[self._aside] = 1
        if self._pass_to >= 0:
            o = self._pass_to
            bits[o + d._ctx.pass_to] = 1
            o += n
            for c in d._passing.given[seat] if d._passing.given else ():
                bits[o + pos[c]] = 1
        if decl.bids:  # each seat's bid, relative to the observer
            o = self._offsets["bids"]
            width = self._tricks + 1
            slot_of = self._slot_of[seat]
            for s, b in enumerate(decl.bids):
                if b >= 0:
                    bits[o + slot_of[s] * width + b] = 1
        if self._voids >= 0 and play.played:
            o = self._voids
            slot_of = self._slot_of[seat]
            moment = moment_now(play, cards, -1)
            for q in play.in_play:
                if shown_out(self._tb, moment, q):
                    bits[o + slot_of[q]] = 1
        # The tricks: players are slots relative to the observer, the miss last.
        in_play = play.in_play
        if in_play:
            k = len(in_play)
            slot_of = self._slot_of[seat]
            cur = play.cards
            lead_pos = play.lead_pos
            if play.trick_no < self._tricks and (cur or phase != Phase.OVER):
                bits[o_lead + slot_of[in_play[lead_pos]]] = 1
            np_ = self._npack
            o = o_trick
            for i, c in enumerate(cur):
                bits[o + slot_of[in_play[(lead_pos + i) % k]] * np_ + pos[c]] = 1
            if play.played:
                self._write_plays(bits, play.played, k, seat)
            elif self._seen[seat][1]:
                self._clear_plays(bits, seat)
        elif self._seen[seat][1]:
            self._clear_plays(bits, seat)
        out[:] = bits
        return counts

    def _deal_bytes(self, d: Any, seat: int) -> bytes:
        """The deal part of ``seat``'s encoding: the part every seat shares (``trump`` to
        ``promoted``), then with recall its hand as dealt and the cards it laid aside."""
        cards = d._cards
        pos = self._pos
        off = self._offsets
        lo, hi = self._deal_part
        shared = self._shared
        if shared[0] is not cards.dealt:
            part = bytearray(off["promoted"] + self._npack - lo)
            trump = cards.trump
            part[off["trump"] - lo + trump] = 1
            if cards.turnup >= 0:
                part[off["turn_up"] - lo + pos[cards.turnup]] = 1
            promoted = self._promoted[trump]
            if promoted >= 0:
                part[off["promoted"] - lo + pos[promoted]] = 1
            shared = self._shared = (cards.dealt, bytes(part))
        part = bytearray(shared[1])
        part.extend(bytes(hi - lo - len(part)))
        if self.recall:
            o = off["dealt"] - lo
            for c in cards.dealt[seat]:
                part[o + pos[c]] = 1
            o = off["laid_aside"] - lo
            # Equal lengths, a card and its owner: zip's strict=True costs a keyword here.
            for c, w in zip(cards.discarded, cards.discard_owner):  # noqa: B905
                if w == seat:
                    part[o + pos[c]] = 1
        return bytes(part)

    def _trick_marks(self, k: int) -> list[tuple[int, int]]:
        """For each card played with ``k`` players in play: where its trick's cards begin
        in an encoding, and where its trick's leaders do if it is a lead (else -1)."""
        marks = self._marks.get(k)
        if marks is None:
            to = self._offsets["tricks"]
            leaders = self._offsets["leaders"]
            slots = self._slots
            marks = [
                (
                    to + (i // k) * slots * self._npack,
                    leaders + (i // k) * slots if i % k == 0 else -1,
                )
                for i in range(self._tricks * k)
            ]
            self._marks[k] = marks
        return marks

    def _clear_plays(self, bits: bytearray, seat: int) -> None:
        """Clear the play part of ``seat``'s encoding ``bits``."""
        bits[self._play_part[0] :] = self._clear_play
        self._seen[seat] = (None, 0)

    def _write_plays(
        self, bits: bytearray, played: list[tuple[int, int]], k: int, seat: int
    ) -> None:
        """Bring the play part (``played`` on) of ``seat``'s encoding ``bits`` up to the
        cards played so far: extended by the plays made since it was written when the play
        has only grown since (each play is a new pair, so the last pair seen tells), else
        written again."""
        last, count = self._seen[seat]
        start = 0
        if count:
            if count <= len(played) and played[count - 1] is last:
                if count == len(played):
                    return
                start = count
            else:
                self._clear_plays(bits, seat)
        rel = self._rel[seat]
        po = self._offsets["played"]
        if self.recall:
            marks = self._trick_marks(k)
            slot_of = self._slot_of[seat]
            # The marks run past the cards played: zip stops at them (a keyword would cost
            # half a microsecond on every observation).
            for (p, c), (base, lead) in zip(played[start:], marks[start:]):  # noqa: B905
                r = rel[p * 52 + c]
                bits[base + r] = 1
                bits[po + r] = 1
                if lead >= 0:
                    bits[lead + slot_of[p]] = 1
        else:
            for p, c in played[start:]:
                bits[po + rel[p * 52 + c]] = 1
        self._seen[seat] = (played[-1], len(played))


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
