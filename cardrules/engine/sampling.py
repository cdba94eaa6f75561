"""Samples of the cards hidden from a seat, consistent with what that seat has seen.

A search bot, or a game-tree algorithm's resampler, needs positions that look to one seat
exactly like the real one: the cards it cannot see (others' hands, the untaken miss, the
stock, others' discards) dealt afresh. :func:`determinize` gives such a copy, and keeps
only deals that agree with what the table has seen: every card another seat played must
have been legal with the hand the sample gives it (a void shown, a trick not headed, a
trump not led), and nobody may hold a flush that the rules would have had him show.
Legality is the engine's own (:mod:`cardrules.engine.tricks`), so the sampler and the
engine cannot disagree.

>>> import cardrules, random
>>> s = cardrules.new_session("three-card-loo", players=4, seed=3)
>>> t = determinize(s, s.to_move, random.Random(1))
>>> t.observation(s.to_move) == s.observation(s.to_move)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardrules.engine import actions as A
from cardrules.engine.duties import HandRule, Moment, base_rule
from cardrules.engine.flush import flush_suit
from cardrules.engine.phases import STOOD
from cardrules.engine.privacy import public_form
from cardrules.engine.session import Session
from cardrules.engine.tables import Tables
from cardrules.errors import PlayError

__all__ = [
    "PastPlay",
    "Place",
    "allowed_cards",
    "conflicts",
    "determinize",
    "hidden_places",
    "others_plays",
    "play_conflicts",
    "redeal",
    "restock_conflicts",
    "restock_deal",
    "restock_known",
    "swap_cards",
]

#: Where a hidden card lies: (``hand``, seat, index) — the miss played for the pool is the
#: hand of seat ``players`` — or (``miss``/``stock``/``discard``, 0, index).
Place = tuple[str, int, int]


def hidden_places(t: Session, seat: int) -> list[Place]:
    """Where the cards hidden from ``seat`` lie in ``t``'s deal."""
    d = t.deal
    v = d.view
    n = t.players
    gave = {a - A.GIVE for s_, a in v.history if s_ == seat and A.GIVE <= a < A.DISCARD}
    # The turn-up is seen by all wherever it lies: in the dealer's hand when it is his own
    # card, laid aside face up when he exchanged it (1.8.4-5), or drawn from the stock.
    gave.add(v.turnup)
    places: list[Place] = []
    for other in range(n):
        if other == seat or other in v.shown:
            continue
        hand = v.hand(other)
        places.extend(("hand", other, i) for i in range(len(hand)) if hand[i] not in gave)
    if v.miss is not None:
        places.extend(("miss", 0, i) for i in range(len(v.miss)))
    if v.miss_for_pool and seat != v.dealer:
        places.extend(("hand", n, i) for i in range(len(v.hand(n))))
    for other in range(n):
        if other != seat:  # cards passed, not yet received
            places.extend(("passed", other, i) for i in range(len(v.passed(other))))
    stock = v.stock
    places.extend(("stock", 0, i) for i in range(len(stock)) if stock[i] != v.turnup)
    owners = v.discard_owner
    out = v.discarded
    places.extend(
        ("discard", 0, i) for i in v.lying_discards if owners[i] != seat and out[i] != v.turnup
    )
    return places


def restock_known(t: Session, seat: int) -> list[tuple[list[int], dict[int, int], bool]]:
    """What ``seat`` knows of where the cards of each restock (D80) lie: for each restock
    holding cards of his own (his discards, his folded hand) that are hidden from him now,
    (those cards; for each other player, how many of them his hand may hold: the cards he
    drew from that restock, less those of them he has played; whether the stock may hold
    them, being what is left of that restock). Empty where nothing was restocked."""
    v = t.deal.view
    if not v.restocks:
        return []
    own = set(v.dealt_hand(seat))
    played = v.played
    last = len(v.restocks) - 1
    # A card drawn from one restock and thrown up with a hand may be gathered by a later
    # one: it lies where the last restock that gathered it put it.
    latest = {c: b for b, batch in enumerate(v.restocks) for c in batch if c in own}
    out: list[tuple[list[int], dict[int, int], bool]] = []
    for b, (batch, draws) in enumerate(zip(v.restocks, v.restock_draws, strict=True)):
        mine = [c for c in batch if latest.get(c) == b]
        shown = {c for _, c in played}
        hidden = [c for c in mine if c not in shown]
        if not hidden:
            continue
        caps = {
            p: k - sum(1 for q, c in played if q == p and c in mine)
            for p, k in enumerate(draws)
            if k and p != seat
        }
        out.append((hidden, {p: k for p, k in caps.items() if k > 0}, b == last))
    return out


def restock_deal(
    places: Sequence[Place],
    cards: Sequence[int],
    known: Sequence[tuple[list[int], dict[int, int], bool]],
    rng: random.Random,
) -> list[int]:
    """A random deal of ``cards`` into ``places`` in which each restock's cards known to the
    seat (:func:`restock_known`) lie where that restock's cards can: in the stock it left,
    or among the cards each player drew from it (as many places of his hand as he may
    hold, chosen at random); the other cards anywhere else, alike."""
    out: list[int | None] = [None] * len(places)
    unlabelled: dict[int, list[int]] = {}
    stock: list[int] = []
    for i, (kind, who, _) in enumerate(places):
        if kind == "hand":
            unlabelled.setdefault(who, []).append(i)
        elif kind == "stock":
            stock.append(i)
    placed: set[int] = set()
    for hidden, caps, in_stock in known:
        slots = [i for i in stock if out[i] is None] if in_stock else []
        for p, k in caps.items():
            free = unlabelled.get(p, [])
            rng.shuffle(free)
            slots.extend(free[:k])
            del free[:k]
        chosen = rng.sample(slots, len(hidden)) if len(hidden) <= len(slots) else slots
        for i, c in zip(chosen, hidden, strict=False):
            out[i] = c
            placed.add(c)
    rest = [c for c in cards if c not in placed]
    rng.shuffle(rest)
    it = iter(rest)
    return [c if c is not None else next(it) for c in out]


def restock_conflicts(t: Session, seat: int) -> int:
    """How many cards of each restock known to ``seat`` lie where that restock's cards
    cannot (see :func:`restock_known`): elsewhere than in the stock it left, or beyond what
    a player drew from it."""
    known = restock_known(t, seat)
    if not known:
        return 0
    cards = t.deal._cards
    stock = set(cards.stock)
    hands = cards.hands
    bad = 0
    for hidden, caps, in_stock in known:
        held: dict[int, int] = {}
        for c in hidden:
            if c in stock:
                bad += not in_stock
                continue
            holder = next((p for p, h in enumerate(hands) if c in h), -1)
            if holder in caps:
                held[holder] = held.get(holder, 0) + 1
            else:
                bad += 1  # a discard, the miss, or a hand that drew nothing of it
        bad += sum(max(0, k - caps[p]) for p, k in held.items())
    return bad


def _lists(t: Session) -> dict[str, list[int]]:
    cards = t.deal._cards
    return {"miss": cards.miss or [], "stock": cards.stock, "discard": cards.discarded}


def place_cards(t: Session, places: Sequence[Place]) -> list[int]:
    """The cards at ``places`` in ``t``."""
    hands = t.deal._cards.hands
    given = t.deal._passing.given
    lists = _lists(t)
    return [
        hands[o][i] if k == "hand" else given[o][i] if k == "passed" else lists[k][i]
        for k, o, i in places
    ]


def put_cards(t: Session, places: Sequence[Place], cards: Sequence[int]) -> None:
    """Lay ``cards`` at ``places`` in ``t`` (hands are sorted by :func:`redeal` after)."""
    hands = t.deal._cards.hands
    given = t.deal._passing.given
    lists = _lists(t)
    for (kind, owner, i), c in zip(places, cards, strict=True):
        if kind == "hand":
            hands[owner][i] = c
        elif kind == "passed":
            given[owner][i] = c
        else:
            lists[kind][i] = c


def swap_cards(t: Session, pair: Sequence[Place]) -> None:
    """The cards at the two places ``pair`` in ``t`` change places; the hands and the miss
    stay sorted."""
    first, second = place_cards(t, pair)
    put_cards(t, pair, [second, first])
    cards = t.deal._cards
    for hand in cards.hands:
        hand.sort()
    if cards.miss is not None:
        cards.miss.sort()


#: A card another player played, in its trick's context: (index in the cards played,
#: player, card, trick number), and the rule it was played under as a function of a hand
#: (the cards that hand could lead or play then).
PastPlay = tuple[int, int, int, int, HandRule]


def others_plays(t: Session, seat: int) -> list[PastPlay]:
    """Every card the players other than ``seat`` played this deal, each with the rule it
    was played under: the leader's duty, or the follower's to the trick so far, and the
    duties that read the deal so far (the engine's own rules,
    :func:`~cardrules.engine.duties.base_rule` and :attr:`Tables.duty
    <cardrules.engine.tables.Tables.duty>`). The hands a rule reads besides his (only
    ``leads.trump_if_others_void: actual`` does) are those ``t`` gives the others then."""
    d = t.deal
    v = d.view
    tb = t.tables
    in_play = v.in_play
    k = len(in_play)
    me = {seat, t.players} if v.miss_for_pool and seat == v.dealer else {seat}
    played = v.played
    hands = d._cards.hands
    out: list[PastPlay] = []
    for j, (p, c) in enumerate(played):
        if p in me:
            continue
        then: list[list[int]] = []
        if tb.duty is not None:  # only the duties read the others' cards
            # Each player's cards then: those he holds now and those he has played since.
            then = [list(h) for h in hands]
            for q, x in played[j:]:
                then[q].append(x)
        rivals = [q for q in in_play if q != p]
        m = Moment(v.trump, played[:j], k, p, rivals, v.turnup, then, v.winners[: j // k], v.calls)
        out.append((j, p, c, j // k, _ruled(tb, m)))
    return out


def _ruled(tb: Tables, m: Moment) -> HandRule:
    rule = base_rule(tb, m)
    duty = tb.duty
    if duty is None:
        return rule

    def ruled(hand: list[int]) -> list[int]:
        assert duty is not None  # for mypy: checked above
        return duty(hand, rule(hand), m)

    return ruled


def play_conflicts(t: Session, seat: int) -> int:
    """How many cards the other players played that the rules would have forbidden with the
    hands ``t`` gives them (their cards now and those they played since)."""
    played = t.deal.view.played
    hands = t.deal._cards.hands
    bad = 0
    for j, p, c, _, rule in others_plays(t, seat):
        hand = sorted(hands[p] + [x for q, x in played[j:] if q == p])
        if c not in rule(hand):
            bad += 1
    return bad


def flush_conflicts(t: Session, seat: int) -> int:
    """How many other seats the sample gives a flush that the rules would have had them
    show (at once, or after the declarations) though none was shown."""
    tb = t.tables
    at_once = tb.flush_at_once
    d = t.deal
    v = d.view
    if not (at_once or tb.flush_after_declarations) or v.shown:
        return 0
    if v.result is not None and v.result.flush:
        return 0
    n = t.players
    played = v.played
    bad = 0
    for other in range(n):
        if other == seat:
            continue
        held = list(v.hand(other)) + [c for p, c in played if p == other]
        if at_once:
            if v.exchanged[other] >= 0 or v.miss_taker == other or other in v.givers:
                continue  # his hand as dealt is no longer all in sight
        elif v.status[other] != STOOD or not played:
            continue
        if len(held) == t.rules.deal.hand_size and flush_suit(t.tables, held, v.trump) >= 0:
            bad += 1
    return bad


def conflicts(t: Session, seat: int) -> int:
    """How far the hidden cards of ``t`` disagree with what ``seat`` has seen (0: not at
    all): :func:`play_conflicts` plus :func:`flush_conflicts`."""
    return play_conflicts(t, seat) + flush_conflicts(t, seat)


def allowed_cards(t: Session, seat: int, hidden: set[int]) -> dict[int, set[int]]:
    """For each other player whose plays rule cards out, the hidden cards he may hold: a
    card is ruled out when holding it beside the card he played would have made that play
    illegal (a void shown, a trick not headed, a trump not played)."""
    out: dict[int, set[int]] = {}
    for _, p, c, _, rule in others_plays(t, seat):
        ruled_out = {x for x in hidden if c not in rule(sorted((c, x)))}
        if ruled_out:
            out[p] = out.get(p, set(hidden)) - ruled_out
    return out


def _guided(
    places: Sequence[Place],
    cards: list[int],
    allowed: dict[int, set[int]],
    rng: random.Random,
) -> list[int] | None:
    """A random deal of ``cards`` into ``places`` in which each constrained player gets
    only cards he may hold (the most constrained first), or None if it runs out."""
    pool = list(cards)
    rng.shuffle(pool)
    out: list[int | None] = [None] * len(places)
    owners = sorted(allowed, key=lambda o: len(allowed[o]))
    for owner in owners:
        for i, (kind, who, _) in enumerate(places):
            if kind == "hand" and who == owner:
                pick = next((c for c in pool if c in allowed[owner]), None)
                if pick is None:
                    return None
                pool.remove(pick)
                out[i] = pick
    rest = iter(pool)
    return [c if c is not None else next(rest) for c in out]


def redeal(
    t: Session,
    seat: int,
    rng: random.Random,
    places: Sequence[Place] | None = None,
    *,
    tries: int = 50,
    score: Callable[[Session, int], int] = conflicts,
) -> int:
    """Deal the cards hidden from ``seat`` in ``t`` afresh, in place: of up to ``tries``
    uniform deals the first that ``score`` finds consistent (0); failing that, of as many
    deals that give each player only cards his plays allow (:func:`allowed_cards`), the
    first consistent one; else the one that scores least. Returns that score."""
    if places is None:
        places = hidden_places(t, seat)
    cards = place_cards(t, places)
    best = list(cards)
    worst = 1 << 30
    rounds = max(1, tries)
    allowed: dict[int, set[int]] | None = None
    known = restock_known(t, seat)
    for attempt in range(2 * rounds):
        if attempt < rounds:
            if known:
                cards = restock_deal(places, cards, known, rng)
            else:
                rng.shuffle(cards)
        else:
            if allowed is None:
                allowed = allowed_cards(t, seat, set(cards))
                if not allowed:
                    break  # nobody is constrained: the uniform deals were all there is
            cards = _guided(places, cards, allowed, rng) or cards
        put_cards(t, places, cards)
        found = score(t, seat)
        if known:
            found += restock_conflicts(t, seat)
        if found < worst:
            best, worst = list(cards), found
        if found == 0:
            break
    put_cards(t, places, best)
    cards_part = t.deal._cards
    for h in cards_part.hands:
        h.sort()  # only now: the places are indices into the hands as they were
    if cards_part.miss is not None:
        cards_part.miss.sort()
    return worst


def determinize(session: Session, seat: int, rng: random.Random, *, tries: int = 200) -> Session:
    """A copy of ``session`` in which every card hidden from ``seat`` is dealt afresh,
    consistently with what ``seat`` has seen (see the module's text).

    The hidden cards are gathered, sorted and dealt back at random into the same places
    (up to ``tries`` times until the deal is consistent), and future deals are reseeded.
    The result depends only on what ``seat`` may know and on ``rng``: a search can play
    it out without ever reading the true hidden cards. Others' private actions are kept
    in their public form, so its record is not a record of the real game, and others'
    dealt hands are their sampled cards with those they have played.
    """
    if type(seat) is not int or not 0 <= seat < session.players:
        raise PlayError(f"no seat {seat!r} at a table of {session.players}")
    t = session.clone()
    d = t.deal
    places = hidden_places(t, seat)
    cards = sorted(place_cards(t, places))
    put_cards(t, places, cards)
    redeal(t, seat, rng, places, tries=tries)
    cards_part = d._cards
    if t.tables.restock is not None:
        # Of each restock the copy keeps only the cards ``seat`` knows were in it (and of
        # the discards gathered, only his), and the order of restocks to come is drawn
        # afresh.
        own = set(cards_part.dealt[seat]) | set(cards_part.hands[seat])
        own.update(c for p, c in d.view.played if p == seat)
        gone = {c for b in cards_part.restocks for c in b}
        keep = [
            i
            for i, (c, o) in enumerate(
                zip(cards_part.discarded, cards_part.discard_owner, strict=True)
            )
            if c not in gone or o == seat
        ]
        cards_part.discarded = [cards_part.discarded[i] for i in keep]
        cards_part.discard_owner = [cards_part.discard_owner[i] for i in keep]
        cards_part.restocks = [[c for c in b if c in own] for b in cards_part.restocks]
        cards_part.restock_seed = rng.getrandbits(32)
        cards_part.restock_first = []
    # Nor does it hold the others' true dealt hands: each is his sampled cards and those he
    # has played (exact unless he took the miss, exchanged or gave a card).
    played = d.view.played
    cards_part.dealt = [
        list(h) if s == seat else sorted(cards_part.hands[s] + [c for p, c in played if p == s])
        for s, h in enumerate(cards_part.dealt)
    ]
    # Others' exchanges, gifts and discards are private: keep only what ``seat`` sees of
    # them (how many cards), so the copy holds nothing of the true hidden cards.
    n = t.players
    d._history = [public_form(t.rules, n, s_, a, seat) for s_, a in d._history]
    t._histories = [[public_form(t.rules, n, s_, a, seat) for s_, a in h] for h in t._histories]
    t.reseed(rng.getrandbits(64))
    return t
