"""Strategy: a player by rules of thumb, from what its seat may know.

:class:`HeuristicBot` follows the advice of the old texts, read from its
seat's observation only: stand with trumps, Pam or high cards, take the miss
with a weak hand, throw up a hopeless one, exchange low plain cards, head a
trick as cheaply as possible, lead trumps when holding many; at Put, go on
("I put", see) with treys, deuces and aces and give up a weak hand.

The rules of thumb reason about one :class:`Situation`: what the seat to
move knows, as integers. It is built from an observation
(:meth:`Situation.from_view`) or, inside a sampled deal, straight from the
engine's state for the seat to move (:meth:`Situation.from_session`, the fast
path of the search's play-outs, :mod:`cardrules.players.montecarlo`); the two agree (a
test checks it).

>>> import cardrules
>>> from cardrules.players.base import SeatView
>>> s = cardrules.new_session("three-card-loo", players=4, seed=5)
>>> HeuristicBot().choose(SeatView(s, s.to_move)) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import product
from math import comb
from typing import Any

from cardrules.cards import NO_TRUMP, RANKS, SUITS, parse_card
from cardrules.engine import actions as A
from cardrules.engine.challenges import deal_outcome, played_out_points, windows
from cardrules.engine.flush import flush_suit
from cardrules.engine.phases import (
    DECIDE,
    DECLARE,
    PARTNER,
    PHASE_NAMES,
    PLAY,
    RESPOND,
    STOOD,
    UNDECIDED,
)
from cardrules.engine.session import Session
from cardrules.engine.tables import Tables, tables_for
from cardrules.engine.tricks import beats
from cardrules.players.base import SeatView, random_legal
from cardrules.rules.model import Rules

#: Chance that a player yet to declare will stand (for the number of opponents expected).
STAND_RATE = 0.45
#: Discount on a plain card's chance of a trick for each opponent (he may trump it, or the
#: suit may never be led).
PLAIN_DISCOUNT = 0.5
_WORD = {
    "stand": A.STAND,
    "take-miss": A.TAKE_MISS,
    "throw-up": A.THROW_UP,
    "play-miss": A.PLAY_MISS,
    "exchange": A.EXCHANGE,
}


# ---------------------------------------------------------------------------------- knowledge


class Situation:
    """What the seat to move knows, as integers: the material of every rule of thumb.

    ``hand`` is the hand the seat plays now (the miss, when the dealer plays it
    for the pool); ``trick`` the current trick as ``(seat, card)``; ``played``
    every card played so far; ``standers`` the others who stand (the miss
    played for the pool counts as one); ``undecided`` the others still to
    declare; ``tricks`` each finished trick's winning seat (None for a tie).
    """

    __slots__ = (
        "dealer",
        "hand",
        "legal",
        "miss_untaken",
        "phase",
        "played",
        "players",
        "pool",
        "put_seen",
        "rules",
        "scores",
        "seat",
        "standers",
        "tables",
        "trick",
        "tricks",
        "trump",
        "turnup",
        "undecided",
    )

    def __init__(
        self,
        *,
        rules: Rules,
        seat: int,
        players: int,
        dealer: int,
        phase: int,
        trump: int,
        turnup: int,
        hand: list[int],
        legal: list[int],
        trick: list[tuple[int, int]],
        played: list[int],
        pool: int,
        standers: int,
        undecided: int,
        miss_untaken: bool,
        tricks: tuple[int | None, ...],
        scores: list[int],
        put_seen: bool,
    ) -> None:
        self.rules = rules
        self.tables: Tables = tables_for(rules)
        self.seat = seat
        self.players = players
        self.dealer = dealer
        self.phase = phase
        self.trump = trump
        self.turnup = turnup
        self.hand = hand
        self.legal = legal
        self.trick = trick
        self.played = played
        self.pool = pool
        self.standers = standers
        self.undecided = undecided
        self.miss_untaken = miss_untaken
        self.tricks = tricks
        self.scores = scores
        self.put_seen = put_seen

    def key(self) -> tuple[Any, ...]:
        """Everything in the situation, for comparisons."""
        return tuple(getattr(self, k) for k in self.__slots__ if k != "tables")

    @classmethod
    def from_view(cls, view: SeatView) -> Situation:
        """The situation of the seat of ``view``, read from its observation alone."""
        obs = view.observation
        rules = view.rules
        seat = view.seat
        n = obs["players"]
        phase = PHASE_NAMES.index(obs["phase"]) if obs["phase"] in PHASE_NAMES else -1
        hand_text = obs["hand"]
        if phase == PLAY and "miss_hand" in obs:
            hand_text = obs["miss_hand"]  # the dealer plays the miss for the pool
        status: dict[int, int] = {}
        for line in obs["history"]:
            who, _, text = line.partition(": ")
            word = _WORD.get(text.split(" ", 1)[0], -1)
            if word >= 0:
                status[int(who)] = word
        standers = undecided = 0
        if phase == DECLARE:
            standers = sum(
                1
                for s, w in status.items()
                if s != seat and w in (A.STAND, A.TAKE_MISS, A.EXCHANGE)
            )
            out = dealer_sits_out(rules, n)
            undecided = sum(
                1
                for s in range(n)
                if s != seat and s not in status and not (out and s == obs["dealer"])
            )
        history = obs["history"]
        put_seen = any(line.endswith(": see") for line in history)
        trump = SUITS.index(obs["trump"]) if obs["trump"] else NO_TRUMP
        return cls(
            rules=rules,
            seat=seat,
            players=n,
            dealer=obs["dealer"],
            phase=phase,
            trump=trump,
            turnup=parse_card(obs["turn_up"]) if obs["turn_up"] else -1,
            hand=sorted(parse_card(t) for t in hand_text),
            legal=list(view.legal),
            trick=[(s, parse_card(t)) for s, t in obs["trick"]],
            played=[parse_card(t) for _, t in obs["played"]],
            pool=obs["pool"],
            standers=standers,
            undecided=undecided,
            miss_untaken=obs["miss"] == "untaken",
            tricks=tuple(obs["tricks"]),
            scores=list(obs["scores"]),
            put_seen=put_seen,
        )

    @classmethod
    def from_session(cls, t: Session) -> Situation:
        """The situation of the seat to move in ``t``, read from the engine's state.

        Only what that seat may know is taken (its own hand, the public play);
        the search calls it on sampled deals, never on the real one.
        """
        d = t.deal.view
        seat = d.to_move
        n = t.players
        phase = d.phase
        hand = sorted(d.hand(d.in_play[d.turn_pos]) if phase == PLAY else d.hand(seat))
        status = d.status
        standers = undecided = 0
        if phase == DECLARE:
            standers = sum(1 for s in range(n) if s != seat and status[s] == STOOD)
            undecided = sum(1 for s in range(n) if s != seat and status[s] == UNDECIDED)
        return cls(
            rules=t.rules,
            seat=seat,
            players=n,
            dealer=d.dealer,
            phase=phase,
            trump=d.trump,
            turnup=d.turnup,
            hand=hand,
            legal=t.legal_actions(),
            trick=d.trick_so_far(),
            played=[c for _, c in d.played],
            pool=d.pool,
            standers=standers,
            undecided=undecided,
            miss_untaken=d.miss is not None,
            tricks=d.tricks_by_seat(),
            scores=list(t.scores),
            put_seen=d.put_seen,
        )


def dealer_sits_out(rules: Rules, n: int) -> bool:
    """Whether the dealer stands out of the play at a table of ``n``."""
    above = rules.players.dealer_sits_out_above
    return above is not None and n > above


# ---------------------------------------------------------------------------------- card odds

_HIGHER: dict[tuple[Rules, int], list[tuple[int, ...]]] = {}


def higher_cards(tb: Tables, trump: int) -> list[tuple[int, ...]]:
    """For each card, the cards of the pack that beat it in its own (effective) suit.

    >>> from cardrules.rules.model import Rules
    >>> from cardrules.cards import parse_card as C
    >>> len(higher_cards(tables_for(Rules()), 1)[C("QH")])  # the king and ace of hearts
    2
    """
    key = (tb.rules, trump)
    table = _HIGHER.get(key)
    if table is None:
        es, pw = tb.suit[trump], tb.power[trump]
        pack = tb.pack
        table = [()] * 52
        for c in pack:
            table[c] = tuple(x for x in pack if es[x] == es[c] and pw[x] > pw[c])
        _HIGHER[key] = table
    return table


def _is_trump(sit: Situation, c: int) -> bool:
    return sit.trump != NO_TRUMP and sit.tables.suit[sit.trump][c] == sit.trump


def card_chance(sit: Situation, c: int, seen: set[int], opponents: float) -> float:
    """A rough chance that card ``c`` wins a trick against ``opponents`` standing hands.

    Each higher card of its suit that this seat has not seen may be in an
    opponent's hand; a plain card may also be trumped, or its suit never led.
    """
    tb = sit.tables
    hand_size = sit.rules.deal.hand_size
    unseen = max(1, len(tb.pack) - len(seen))
    q = min(1.0, opponents * hand_size / unseen)
    h = sum(1 for x in higher_cards(tb, sit.trump)[c] if x not in seen)
    p = (1.0 - q) ** h
    if sit.trump != NO_TRUMP and not _is_trump(sit, c):
        p *= PLAIN_DISCOUNT ** (opponents * 3 / hand_size)
    return p


_AVERAGE: dict[tuple[Rules, int, float], float] = {}


def average_chance(sit: Situation, opponents: float) -> float:
    """:func:`card_chance` of a card drawn at random (the miss, a card from the stock)."""
    key = (sit.rules, sit.trump, round(opponents, 3))
    v = _AVERAGE.get(key)
    if v is None:
        pack = sit.tables.pack
        v = sum(card_chance(sit, c, set(), opponents) for c in pack) / len(pack)
        _AVERAGE[key] = v
    return v


def _opponents(sit: Situation) -> float:
    """How many standing opponents to expect: those standing, and some still to declare."""
    return max(1.0, sit.standers + STAND_RATE * sit.undecided)


def _value(sit: Situation, chances: Sequence[float]) -> float:
    """Counters expected from standing with cards of these chances: tricks won, less the loo."""
    tricks = min(float(sit.rules.deal.hand_size), sum(chances))
    none = 1.0
    for p in chances:
        none *= 1.0 - p
    share = sit.pool / sit.rules.deal.hand_size
    return tricks * share - none * sit.tables.loo_amount(sit.pool)


def declaration_values(sit: Situation) -> dict[int, float]:
    """The expected counters of each legal declaration (throwing up is worth 0).

    Standing is valued from the hand's cards; taking the miss or exchanging
    from cards drawn at random; a flush, or an exchange that may make one,
    counts the pool and a loo from every other player.
    """
    legal = sit.legal
    hand = sit.hand
    size = sit.rules.deal.hand_size
    seen = set(hand)
    if sit.turnup >= 0:
        seen.add(sit.turnup)
    opp = _opponents(sit)
    chances = [card_chance(sit, c, seen, opp) for c in hand]
    avg = average_chance(sit, opp)
    flush = sit.rules.special_hands.flush.enabled
    sweep = sit.pool + sit.tables.loo_amount(sit.pool) * (sit.players - 1)
    values: dict[int, float] = {}
    for a in legal:
        if a == A.STAND:
            if flush and flush_suit(sit.tables, hand, sit.trump) >= 0:
                values[a] = float(sweep)
            else:
                values[a] = _value(sit, chances)
        elif a == A.TAKE_MISS:
            values[a] = _value(sit, [avg] * size)
        elif a < A.EXCHANGE:
            values[a] = 0.0  # throw up, or play the miss for the pool: nothing paid or won
    if legal[-1] < A.EXCHANGE:
        return values
    allowed = {a for a in legal if a >= A.EXCHANGE}
    odds = _FlushOdds(sit, seen) if flush else None
    k = len(hand)
    full = (1 << k) - 1
    # Over bitmasks of the hand: the chances' sum and the product of their complements,
    # and each subset's exchange id (built up from its highest card, the last in order).
    total = [0.0] * (full + 1)
    none = [1.0] * (full + 1)
    rank = [0] * (full + 1)
    count = [0] * (full + 1)
    suits = [0] * (full + 1)  # the natural suits among the cards, the promoted card aside
    pam = sit.tables.promoted[sit.trump]
    for mask in range(1, full + 1):
        top = mask.bit_length() - 1
        rest = mask ^ (1 << top)
        c = hand[top]
        total[mask] = total[rest] + chances[top]
        none[mask] = none[rest] * (1.0 - chances[top])
        count[mask] = count[rest] + 1
        rank[mask] = rank[rest] + A.COLUMNS[count[mask]][c]
        suits[mask] = suits[rest] | (0 if c == pam else 1 << (c // 13))
    share = sit.pool / size
    loo = sit.tables.loo_amount(sit.pool)
    for out in range(1, full + 1):
        m = count[out]
        a = A.EXCHANGE_OFFSETS[m] + rank[out]
        if a not in allowed:
            continue
        kept = full ^ out
        v = min(float(size), total[kept] + m * avg) * share - none[kept] * (1.0 - avg) ** m * loo
        one_suit = suits[kept]
        if odds is not None and m <= 2 and one_suit and not one_suit & (one_suit - 1):
            pf = odds.chance(one_suit.bit_length() - 1, m)
            v = pf * sweep + (1.0 - pf) * v
        values[a] = v
    return values


class _FlushOdds:
    """The chance that cards drawn from the stock complete a flush with cards kept of one
    suit."""

    def __init__(self, sit: Situation, seen: set[int]) -> None:
        self.pam = pam = sit.tables.promoted[sit.trump]
        unseen = [c for c in sit.tables.pack if c not in seen]
        self.total = len(unseen)
        self.pam_unseen = int(pam in unseen)
        self.by_suit = [sum(1 for c in unseen if c // 13 == s and c != pam) for s in range(4)]

    def chance(self, suit: int, drawn: int) -> float:
        """The chance that ``drawn`` cards are all of ``suit`` (or the promoted card)."""
        if self.total < drawn:
            return 0.0
        good = self.by_suit[suit] + self.pam_unseen
        return comb(good, drawn) / comb(self.total, drawn)


# ------------------------------------------------------------------------ the rules of thumb


def heuristic_action(sit: Situation) -> int:
    """The rules-of-thumb choice in ``sit``: always one of ``sit.legal``.

    >>> import cardrules
    >>> from cardrules.players.base import SeatView
    >>> s = cardrules.new_session("put", seed=4)
    >>> heuristic_action(Situation.from_view(SeatView(s, s.to_move))) in s.legal_actions()
    True
    """
    legal = sit.legal
    if len(legal) == 1:
        return legal[0]
    ph = sit.phase
    if ph == DECLARE:
        values = declaration_values(sit)
        choice = max(legal, key=lambda a: (values[a], -a))
    elif ph == PARTNER:
        choice = _partner(sit)
    elif ph in (DECIDE, RESPOND) or legal[0] < A.PLAY:
        choice = _challenge(sit)
    else:
        choice = _card(sit)
    return choice if choice in legal else legal[0]


def _cards(legal: Sequence[int], base: int) -> list[int]:
    return [a - base for a in legal if base <= a < base + 52]


def _beats(sit: Situation, c: int, best: int) -> bool:
    tb, t = sit.tables, sit.trump
    return beats(best, c, tb.suit[t], tb.power[t], t, tb.tie_equal) > 0


def _cheapness(sit: Situation, c: int) -> tuple[bool, int, int]:
    """Order of cards from the cheapest to give up: plain before trumps, low before high."""
    return (_is_trump(sit, c), sit.tables.power[sit.trump][c], c)


def _card(sit: Situation) -> int:
    """Which card to play: head cheaply, or throw the lowest; lead masters and trumps."""
    cards = _cards(sit.legal, A.PLAY)
    if not cards:
        return sit.legal[0]
    return A.PLAY + _card_of(sit, cards)


def _card_of(sit: Situation, cards: list[int]) -> int:
    cheap = lambda c: _cheapness(sit, c)  # noqa: E731
    if _probing(sit):
        return _probe(sit, cards)
    if sit.trick:
        best = sit.trick[0][1]
        for _, c in sit.trick[1:]:
            if _beats(sit, c, best):
                best = c
        winners = [c for c in cards if _beats(sit, c, best)]
        return min(winners or cards, key=cheap)
    if sit.tables.rank_only:
        return max(cards, key=cheap)  # lead the best card
    seen = set(sit.hand) | set(sit.played)
    if sit.turnup >= 0:
        seen.add(sit.turnup)
    higher = higher_cards(sit.tables, sit.trump)
    masters = [c for c in cards if all(x in seen for x in higher[c])]
    trumps = [c for c in cards if _is_trump(sit, c)]
    trump_masters = [c for c in masters if c in trumps]
    if trump_masters:
        return max(trump_masters, key=cheap)
    if len(trumps) >= 2:
        return max(trumps, key=cheap)
    if masters:
        return max(masters, key=cheap)
    plain = [c for c in cards if c not in trumps]
    return max(plain or cards, key=cheap)


def _probing(sit: Situation) -> bool:
    """Whether this is a first trick played before the choice to go on is made (Put: "I put"
    or throw up after it)."""
    if not sit.rules.challenges.enabled or sit.put_seen or sit.tricks:
        return False
    return bool(windows(sit.rules.challenges.model).after_first_trick)


def _probe(sit: Situation, cards: list[int]) -> int:
    """The first trick, before going on is decided: the top cards (a trey, a deuce) are
    kept for the tricks that count. The leader leads his middle card; a follower wins
    with his highest card below the top ones if that wins, and else throws his lowest."""
    pw = sit.tables.power[sit.trump]
    order = sorted(cards, key=lambda c: (pw[c], c))
    top = sorted({pw[c] for c in sit.tables.pack})[-2]  # the second rank of the pack
    if not sit.trick:
        return order[(len(order) - 1) // 2]
    led = pw[sit.trick[0][1]]
    winners = [c for c in order if led < pw[c] < top]
    return winners[-1] if winners else order[0]


def _partner(sit: Situation) -> int:
    """Four-handed Put: receive with a trey or deuce, else give; lay out the worst card."""
    legal = sit.legal
    pw = sit.tables.power[sit.trump]
    discards = _cards(legal, A.DISCARD)
    if discards:
        return A.DISCARD + min(discards, key=lambda c: (pw[c], c))
    gives = _cards(legal, A.GIVE)
    if A.RECEIVE in legal:
        deuce = max(pw[c] for c in sit.tables.pack if RANKS[c % 13] == "2")
        if max(pw[c] for c in sit.hand) >= deuce or not gives:
            return A.RECEIVE
    return A.GIVE + max(gives, key=lambda c: (pw[c], -c))


def put_prospects(sit: Situation) -> tuple[float, float]:
    """(chance to win, chance to lose) the deal being played out, for this seat's side.

    Each card still to be played meets a random card not yet seen; the
    current trick is answered with the cheapest winner (or the lowest card).
    """
    tb = sit.tables
    pw = tb.power[sit.trump]
    side = _side(sit)
    won = sum(1 for w in sit.tricks if w is not None and w in side)
    lost = sum(1 for w in sit.tricks if w is not None and w not in side)
    seen = set(sit.hand) | set(sit.played)
    unseen = [pw[c] for c in tb.pack if c not in seen]
    total = max(1, len(unseen))
    rest = list(sit.hand)
    mine = [c for s, c in sit.trick if s in side]
    theirs = [c for s, c in sit.trick if s not in side]
    if theirs and not mine and rest:
        led = theirs[0]
        winners = [c for c in rest if pw[c] > pw[led]]
        r = min(winners or rest, key=lambda c: pw[c])
        rest.remove(r)
        if pw[r] > pw[led]:
            won += 1
        elif pw[r] < pw[led]:
            lost += 1
    rest.extend(mine)
    odds = []
    for c in rest:
        lower = sum(1 for p in unseen if p < pw[c]) / total
        equal = sum(1 for p in unseen if p == pw[c]) / total
        odds.append(((1, 0, lower), (0, 0, equal), (0, 1, 1.0 - lower - equal)))
    tricks = sit.rules.deal.hand_size
    ch = sit.rules.challenges
    win = lose = 0.0
    for combo in product(*odds):
        p = 1.0
        w, lo = won, lost
        for dw, dl, q in combo:
            p *= q
            w += dw
            lo += dl
        if p <= 0.0:
            continue
        outcome = deal_outcome((w, lo), tricks, ch)
        if outcome == 0:
            win += p
        elif outcome == 1:
            lose += p
    return win, lose


def _side(sit: Situation) -> set[int]:
    if sit.rules.partnerships.enabled:
        return {sit.seat, (sit.seat + 2) % sit.players}
    return {sit.seat}


def _challenge(sit: Situation) -> int:
    """Put's challenges: the expected points of going on, putting, seeing and giving up."""
    legal = sit.legal
    ch = sit.rules.challenges
    target = sit.rules.session.target_points
    point = ch.point
    win, lose = put_prospects(sit)
    edge = win - lose
    game = target * edge  # a deal played out for the game
    values: dict[int, float] = {}
    if sit.phase == RESPOND:
        values = {A.SEE: game, A.REFUSE: -float(point)}
    elif sit.phase == DECIDE:
        values = {A.PUT: min(game, float(point)), A.THROW_UP: -float(point)}
    else:
        out = game if sit.put_seen else played_out_points(ch, target, False) * edge
        if not sit.put_seen and _later_window(sit):
            out = max(out, -float(point))  # going on costs nothing yet: one may give up later
        card = _card(sit)
        values[card] = out
        values[A.PUT] = min(game, float(point))
        values[A.THROW_UP] = -float(target if sit.put_seen else point)
    options = [a for a in legal if a in values]
    if not options:
        return legal[0]
    # Ties go to playing on (the highest id), then to the rest in id order.
    return max(options, key=lambda a: (values[a], a >= A.PLAY, -a))


def _later_window(sit: Situation) -> bool:
    """Whether a challenge may still be made in this deal after this one."""
    w = windows(sit.rules.challenges.model)
    tricks = sit.rules.deal.hand_size
    done = len(sit.tricks)
    if done == 0 and (w.after_first_trick or w.later_lead or w.follow_first):
        return True
    return bool(w.later_lead) and done < tricks - 1


# ---------------------------------------------------------------------------------- the bot


class HeuristicBot:
    """Rules of thumb from the texts, from the observation only (see :func:`heuristic_action`).

    >>> import cardrules
    >>> s = cardrules.new_session("five-card-loo", players=4, seed=2)
    >>> HeuristicBot().choose(SeatView(s, s.to_move)) in s.legal_actions()
    True
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng  # unused: the rules of thumb are deterministic

    def choose(self, view: SeatView) -> int:
        """The rules-of-thumb action for the seat of ``view``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        return heuristic_action(Situation.from_view(view))


Policy = Callable[[Session], int]


def heuristic_policy(t: Session) -> int:
    """The rules of thumb for the seat to move in a sampled session (play-outs)."""
    legal = t.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return heuristic_action(Situation.from_session(t))


def random_policy(rng: random.Random) -> Policy:
    """Uniformly random play-outs (over kinds of action, then actions)."""
    return lambda t: random_legal(rng, t.legal_actions())
