"""Strategy: a player by rules of thumb, from what its seat may know.

:class:`HeuristicBot` follows the advice of the old texts, read from its
seat's observation only: stand with trumps, Pam or high cards, take the miss
with a weak hand, throw up a hopeless one, exchange low plain cards, head a
trick as cheaply as possible, lead trumps when holding many, call "Pam, be civil"
leading the ace of trumps when Pam may be in another hand; at Put, go on
("I put", see) with treys, deuces and aces and give up a weak hand; where bids are made,
bid the tricks the hand's cards may be expected to take; let a partner's winning card
hold the trick; where the cards taken count against their taker (Hearts), pass the
dangerous cards, duck under the trick and throw the worst card when void.

The rules of thumb reason about one :class:`~cardrules.players.situation.Situation`:
what the seat to move knows, as integers. It is built from an observation
(:meth:`Situation.from_view`) or, inside a sampled deal, straight from the
engine's state for the seat to move (:meth:`Situation.from_session`, the fast
path of the search's play-outs, :mod:`cardrules.players.montecarlo`); the two
agree (a test checks it).

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

from cardrules.cards import RANKS
from cardrules.engine import actions as A
from cardrules.engine.cardpoints import card_values
from cardrules.engine.challenges import deal_outcome, played_out_points, windows
from cardrules.engine.phases import (
    BID,
    DECIDE,
    DECLARE,
    PARTNER,
    PASS,
    RESPOND,
)
from cardrules.engine.session import Session
from cardrules.engine.tricks import beats
from cardrules.players.base import SeatView
from cardrules.players.draws import random_legal
from cardrules.players.odds import card_chance, declaration_values, higher_cards, is_trump
from cardrules.players.situation import Situation
from cardrules.rules.applies import (
    card_points_counted,
    choice_after_first_trick,
    side_contracts,
)

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
    elif ph == BID:
        choice = _bid(sit)
    elif ph == PASS:
        choice = _pass(sit)
    elif ph in (DECIDE, RESPOND) or legal[0] < A.CIVIL:
        choice = _challenge(sit)
    else:
        choice = _card(sit)
    return choice if choice in legal else legal[0]


def _bid(sit: Situation) -> int:
    """Bid the tricks the hand may be expected to take (the legal bid nearest, the lower on
    a tie): for a short hand the sum of its cards' chances of winning a trick against the
    other players; for a long one (eight cards or more, where nearly every card is dealt)
    the count of whist players: an ace, a guarded king, a twice-guarded queen, each trump
    past the third, and a ruff for each short suit while spare trumps last."""
    if len(sit.hand) >= LONG_HAND:
        expected = _honour_count(sit)
    else:
        seen = set(sit.hand)
        if sit.turnup >= 0:
            seen.add(sit.turnup)
        opponents = float(sit.players - 1)
        expected = sum(card_chance(sit, c, seen, opponents) for c in sit.hand)
    return min(sit.legal, key=lambda a: (abs(a - A.BID - expected), a))


#: The hand size from which bids are counted by honours (:func:`_honour_count`).
LONG_HAND = 8


def _honour_count(sit: Situation) -> float:
    """Tricks a long hand may take: in each suit the ace, the king with another card, the
    queen with two more (a half in a plain suit); in trumps every card past the third; a
    ruff for each suit of one card or none, as long as trumps past the second last."""
    pw = sit.tables.power[sit.trump]
    suit_of = sit.tables.suit[sit.trump]
    suits: dict[int, list[int]] = {}
    for c in sit.hand:
        suits.setdefault(suit_of[c], []).append(c)
    tricks = 0.0
    for suit, cards in suits.items():
        trumps = is_trump(sit, cards[0])
        order = sorted(cards, key=lambda c: -pw[c])
        top = sorted((pw[c] for c in sit.tables.pack if suit_of[c] == suit), reverse=True)
        for i, c in enumerate(order[:3]):
            rank = top.index(pw[c])  # 0: the highest card of the suit
            if rank <= i and len(cards) > rank:
                tricks += 1.0 if trumps or rank < 2 else 0.5
        if trumps:
            tricks += max(0, len(cards) - 3)
    trumps_held = sum(1 for c in sit.hand if is_trump(sit, c))
    short = sum(1 for s in range(4) if len(suits.get(s, [])) <= 1 and s != sit.trump)
    return tricks + min(short, max(0, trumps_held - 2))  # ruffs of short suits


def _cards(legal: Sequence[int], base: int) -> list[int]:
    return [a - base for a in legal if base <= a < base + 52]


def _beats(sit: Situation, c: int, best: int) -> bool:
    tb, t = sit.tables, sit.trump
    return beats(best, c, tb.suit[t], tb.power[t], t, tb.tie_equal) > 0


def _cheapness(sit: Situation, c: int) -> tuple[bool, int, int]:
    """Order of cards from the cheapest to give up: plain before trumps, low before high."""
    return (is_trump(sit, c), sit.tables.power[sit.trump][c], c)


def _card(sit: Situation) -> int:
    """Which card to play: head cheaply, or throw the lowest; lead masters and trumps."""
    cards = _cards(sit.legal, A.PLAY)
    if not cards:
        return sit.legal[0]
    c = _card_of(sit, cards)
    call = A.civil_id(c) if c % 13 == 12 else -1
    if call in sit.legal and _calls_civil(sit):
        return call
    return A.PLAY + c


def _calls_civil(sit: Situation) -> bool:
    """Whether to say "Pam, be civil" as he leads the ace of trumps: whenever Pam may be
    in another hand. The call costs the leader nothing: called, the holder of Pam must let
    the ace win (or, at worst, plays Pam as he would have anyway), and keeps Pam for a later
    trick he would win in any case; not called, Pam may take the ace's trick. Only when
    Pam is his own, or already played, can the call do nothing."""
    pam = sit.tables.promoted[sit.trump]
    return pam >= 0 and pam not in sit.hand and pam not in sit.played


def _winning(sit: Situation) -> tuple[int, int]:
    """The trick in progress's winning (seat, card) so far."""
    seat, best = sit.trick[0]
    for s, c in sit.trick[1:]:
        if _beats(sit, c, best):
            seat, best = s, c
    return seat, best


def _card_of(sit: Situation, cards: list[int]) -> int:
    cheap = lambda c: _cheapness(sit, c)  # noqa: E731
    if _probing(sit):
        return _probe(sit, cards)
    if card_points_counted(sit.rules):
        return _shun_points(sit, cards)
    if _contract_made(sit):
        return _duck(sit, cards)
    if sit.trick:
        seat, best = _winning(sit)
        if seat in _side(sit):
            return min(cards, key=cheap)  # the partner holds the trick: no need to head it
        winners = [c for c in cards if _beats(sit, c, best)]
        return min(winners or cards, key=cheap)
    if sit.tables.rank_only:
        return max(cards, key=cheap)  # lead the best card
    seen = set(sit.hand) | set(sit.played)
    if sit.turnup >= 0:
        seen.add(sit.turnup)
    higher = higher_cards(sit.tables, sit.trump)
    masters = [c for c in cards if all(x in seen for x in higher[c])]
    trumps = [c for c in cards if is_trump(sit, c)]
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
    if sit.put_seen or sit.tricks:
        return False
    return choice_after_first_trick(sit.rules)


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


def _contract_made(sit: Situation) -> bool:
    """Whether this seat should take no more tricks: it bid nil (where a nil scores), or
    its contract (its side's, where sides bid together) is made already, so that another
    trick breaks an exact contract or is a bag."""
    bids = sit.bids
    if not bids or bids[sit.seat] < 0:
        return False
    c = sit.rules.settlement.contract
    if c.nil and bids[sit.seat] == 0:
        return True
    side = _side(sit) if side_contracts(sit.rules) else {sit.seat}
    bid = sum(bids[s] for s in side)
    won = sum(1 for w in sit.tricks if w is not None and w in side)
    return won >= bid


def _duck(sit: Situation, cards: list[int]) -> int:
    """Take no trick if it can be helped: follow with the highest card that loses, throw
    the highest plain card when void, lead the lowest card."""
    pw = sit.tables.power[sit.trump]
    if not sit.trick:
        return min(cards, key=lambda c: (pw[c], c))
    _, best = _winning(sit)
    losers = [c for c in cards if not _beats(sit, c, best)]
    if losers:
        return max(losers, key=lambda c: (not is_trump(sit, c), pw[c], c))
    return min(cards, key=lambda c: (pw[c], c))


def _shun_points(sit: Situation, cards: list[int]) -> int:
    """Where the cards taken count against their taker (Hearts): follow with the highest
    card that does not win the trick, throw the worst card when unable to follow, win
    with the highest when there is no escape; lead the lowest card."""
    values = card_values(sit.rules)
    pw = sit.tables.power[sit.trump]
    if not sit.trick:
        return min(cards, key=lambda c: (values[c] > 0, pw[c], c))
    _, best = _winning(sit)
    led = sit.tables.suit[sit.trump][sit.trick[0][1]]
    if all(sit.tables.suit[sit.trump][c] != led for c in cards):
        return max(cards, key=lambda c: (values[c], pw[c], c))  # a free discard
    losers = [c for c in cards if not _beats(sit, c, best)]
    return max(losers or cards, key=lambda c: (pw[c], c))


def _pass(sit: Situation) -> int:
    """Pass the cards most likely to take points: those that count, then the highest."""
    values = card_values(sit.rules)
    pw = sit.tables.power[sit.trump]
    gives = _cards(sit.legal, A.GIVE)
    return A.GIVE + max(gives, key=lambda c: (values[c] > 0, pw[c], values[c], c))


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
