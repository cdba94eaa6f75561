"""Spades played move for move beside OpenSpiel's ``spades``: one deal driven through both,
the same chance outcomes and the same choices, compared at every node.

OpenSpiel numbers a card ``13 * suit + rank``, its suits in the order C, D, H, S and its
ranks from the two up (``C2`` 0, ``CA`` 12, ``D2`` 13, ``H2`` 26, ``S2`` 39, ``SA`` 51): suit
by suit, where Hearts counts rank by rank. A bid of ``b`` tricks (0, nil, to 13) is
``52 + b`` (docs/families.md 2.1.3). One OpenSpiel game is one deal: 52 chance nodes deal the
pack, the j-th card to seat j mod 4, with no dealer; N, E, S, W then bid once each, the
second partner of a side at most 13 less the first's bid; N leads the first trick, and
spades may be led only by a player holding nothing else, however many have been played
(2.1.4-2.1.6). Our session is the bundled ``spades`` with the house rule
``spades-openspiel`` in explicit chance mode, dealt by West (seat 3): the deal starts at the
dealer's left, seat 0, who bids first and leads first, as OpenSpiel's N (4.2). Its chance
outcomes are our card ids (our own order of suits, S H D C: the harness translates through
the cards' text), a bid ``BID`` + b, a play ``PLAY`` + card.

Each player's return is his side's score for the deal (2.1.8). The running scores, which
OpenSpiel keeps in the state (``set_current_scores``, 2.1.10) and which only change the bag
penalty, are ``scores=`` of our session, each seat given his side's. OpenSpiel's win and
mercy bonuses (2.1.9) are not part of the house rule: from running scores (0, 0) they never
apply (a deal scores -290 to 230, against 500 and -350), and the harness asserts so; where
running scores bring one on, it asserts that OpenSpiel's returns are ours with the bonus
the text gives (:func:`bonuses`), and records it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import families_scenarios
import pyspiel  # type: ignore[import-not-found]
from families_scenarios import alike

import cardrules
from cardrules.cards import card_text, parse_card
from cardrules.engine.actions import BID, PLAY
from cardrules.engine.chance import CHANCE
from cardrules.engine.session import Session
from cardrules.engine.space import utility_bounds
from cardrules.rules.model import Rules

#: OpenSpiel's suits in the order of its card ids, and its ranks from the two up.
OS_SUITS = "CDHS"
RANKS = "23456789TJQKA"

#: OpenSpiel's bid of b tricks is NIL + b.
NIL = 52

#: The partners of each seat, and each seat's side (0 North-South, 1 East-West).
PARTNER = (2, 3, 0, 1)

#: OpenSpiel's parameters with their defaults (docs/families.md 2.1.2).
DEFAULTS: dict[str, Any] = {
    "use_mercy_rule": True,
    "mercy_threshold": -350,
    "win_threshold": 500,
    "win_or_loss_bonus": 200,
    "num_tricks": 2,
}

#: Our dealer: West, so that the deal, the bidding and the first lead start at seat 0.
DEALER = 3


def our_rules() -> Rules:
    """The bundled ``spades`` with the house rule ``spades-openspiel``.

    >>> r = our_rules()
    >>> r.house_rules, r.bidding.side_cap, r.trumps.suit
    (('spades-openspiel',), 13, 'S')
    """
    return cardrules.load_variant("spades", ["spades-openspiel"])


#: Our card id of each OpenSpiel card id.
CARDS = tuple(parse_card(RANKS[i % 13] + OS_SUITS[i // 13]) for i in range(52))


def card(os_id: int) -> int:
    """Our card id of an OpenSpiel card id.

    >>> [card_text(card(i)) for i in (0, 12, 13, 26, 39, 51)]
    ['2C', 'AC', '2D', '2H', '2S', 'AS']
    """
    return CARDS[os_id]


def os_card(text: str) -> int:
    """OpenSpiel's id of a card given as text, rank then suit (``QS``: 49).

    >>> os_card("2C"), os_card("AC"), os_card("QS"), os_card("AH")
    (0, 12, 49, 38)
    """
    return 13 * OS_SUITS.index(text[1]) + RANKS.index(text[0])


def ours(os_action: int) -> int:
    """Our action id of an OpenSpiel decision: a bid (``NIL`` + b) or a card played.

    >>> ours(NIL + 3) == BID + 3, ours(51) == PLAY + parse_card("AS")
    (True, True)
    """
    return BID + os_action - NIL if os_action >= NIL else PLAY + card(os_action)


def text(os_action: int) -> str:
    """An OpenSpiel decision as our text: a bid's number or a card, rank then suit.

    >>> text(NIL), text(NIL + 13), text(49)
    ('0', '13', 'QS')
    """
    return str(os_action - NIL) if os_action >= NIL else card_text(card(os_action))


def bonuses(deal: Sequence[int], params: dict[str, Any]) -> tuple[int, int]:
    """What OpenSpiel adds to each side's deal score (North-South, East-West) at the end
    (docs/families.md 2.1.9): side 0, then side 1, gains ``win_or_loss_bonus`` if its deal
    score is at least ``win_threshold`` and above the other side's score as adjusted so far,
    else loses it if ``mercy_threshold`` is not 0 and its score is at most that and below
    the other's.

    >>> bonuses([81, 140], DEFAULTS), bonuses([-389, 20], DEFAULTS)
    ((0, 0), (-200, 0))
    >>> p = DEFAULTS | {"win_threshold": 60, "mercy_threshold": -60}
    >>> bonuses([63, -69], p), bonuses([-389, 20], p | {"mercy_threshold": 0})
    ((200, -200), (0, 0))
    """
    p = DEFAULTS | params
    adjusted = list(deal)
    for side in (0, 1):
        other = adjusted[1 - side]
        if deal[side] >= p["win_threshold"] and deal[side] > other:
            adjusted[side] += p["win_or_loss_bonus"]
        elif p["mercy_threshold"] != 0 and other > deal[side] <= p["mercy_threshold"]:
            adjusted[side] -= p["win_or_loss_bonus"]
    return adjusted[0] - deal[0], adjusted[1] - deal[1]


@dataclass(frozen=True)
class Decision:
    """One player's decision as both engines saw it: the player, OpenSpiel's legal ids (ours
    were the same), the id chosen and, when recorded, the cards he held (text)."""

    player: int
    legal: tuple[int, ...]
    action: int
    hand: tuple[str, ...] = ()


@dataclass
class Game:
    """A deal played through both engines: the running scores it started from (by side),
    the cards in the order dealt (OpenSpiel ids), every decision (four bids, then 52 plays),
    the winner of each trick (ours, equal to OpenSpiel's counts), the returns (ours) and
    what OpenSpiel added to them (its win and mercy bonuses, by side: none unless running
    scores bring them on)."""

    scores: tuple[int, int] = (0, 0)
    dealt: list[int] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    tricks: tuple[int | None, ...] = ()
    returns: list[float] = field(default_factory=list)
    bonus: tuple[int, int] = (0, 0)

    @property
    def bids(self) -> list[int]:
        """The four bids, N E S W, in tricks."""
        return [d.action - NIL for d in self.decisions[:4]]

    @property
    def won(self) -> list[int]:
        """The tricks each seat took."""
        return [self.tricks.count(seat) for seat in range(4)]

    @property
    def plays(self) -> list[Decision]:
        """The 52 cards played, in order."""
        return self.decisions[4:]


#: Chooses among OpenSpiel's legal ids at a node: ``(what, player, legal)`` with ``what``
#: one of ``"deal"`` (player -1), ``"bid"`` or ``"play"``.
Chooser = Callable[[str, int, list[int]], int]


class Pair:
    """One deal in both engines, with the maps between their ids; ``params`` are
    OpenSpiel's (its defaults where absent).

    >>> p = Pair()
    >>> game = p.play(random.Random(1))
    >>> len(game.decisions), len(game.tricks), game.returns[:2] == game.returns[2:]
    (56, 13, True)
    """

    def __init__(self, rules: Rules | None = None, params: dict[str, Any] | None = None) -> None:
        self.rules = our_rules() if rules is None else rules
        self.params = DEFAULTS | (params or {})
        self.game = pyspiel.load_game("spades", self.params)
        self.bounds = utility_bounds(self.rules, 4)

    def play(
        self,
        rng: random.Random,
        scores: tuple[int, int] = (0, 0),
        policy: Callable[[random.Random], Chooser] | None = None,
    ) -> Game:
        """Play one deal to its end from these running scores, failing at the first
        difference: the cards dealt at random (seeded), each decision made by ``policy``
        (a chooser made for the deal) or at random among the legal ones."""
        return self.run((policy or randomly)(rng), scores)

    def replay(
        self,
        history: Sequence[int],
        scores: tuple[int, int] = (0, 0),
        *,
        hands: bool = True,
        finish: bool = False,
    ) -> Game:
        """Replay OpenSpiel's ``history`` (52 cards dealt, four bids, the plays) through
        both engines, each entry legal in OpenSpiel, failing at the first difference; with
        ``hands``, each decision records the player's cards. With ``finish`` the history may
        stop short: the deal is played on to its end, each player choosing his lowest legal
        id."""
        moves = iter(history)

        def scripted(what: str, _player: int, legal: list[int]) -> int:
            a = next(moves, None)
            if a is None:
                assert finish, f"the history ends before the deal ({what})"
                return legal[0]
            assert a in legal, (what, a, legal)
            return a

        game = self.run(scripted, scores, hands=hands)
        assert next(moves, None) is None, "the history goes on after the end"
        return game

    def run(
        self, choose: Chooser, scores: tuple[int, int] = (0, 0), *, hands: bool = False
    ) -> Game:
        """Drive one deal through both engines with ``choose``, from these running scores
        (North-South, East-West); compare at every node the player to move, the legal
        actions or the chance outcomes with their probabilities, the hands once dealt, and
        at the end the tricks each took, the running scores and the returns."""
        state = self.game.new_initial_state()
        state.set_current_scores(list(scores))
        s = Session(
            self.rules,
            4,
            dealer=DEALER,
            chance="explicit",
            pause_at_deal_end=True,
            scores=[scores[seat % 2] for seat in range(4)],
        )
        out = Game(scores)
        for j in range(52):
            assert state.is_chance_node() and s.is_chance_node() and s.to_move == CHANCE, j
            assert state.current_player() == pyspiel.PlayerId.CHANCE, j
            legal = state.legal_actions()
            listed = state.chance_outcomes()
            assert [a for a, _ in listed] == legal, j
            drawn = s.chance_outcomes()
            assert sorted(o for o, _ in drawn) == sorted(card(a) for a in legal), j
            assert alike(listed, 52 - j) and alike(drawn, 52 - j), j
            a = choose("deal", -1, legal)
            state.apply_action(a)
            s.apply(card(a))
            out.dealt.append(a)
        assert [hand_of(state, p) for p in range(4)] == dealt_hands(out.dealt)
        self._same_hands(state, s)
        while not state.is_terminal():
            assert not state.is_chance_node() and not s.is_chance_node()
            player = state.current_player()
            step = len(out.decisions)
            assert s.to_move == player, (step, s.to_move, player, str(state))
            legal = state.legal_actions()
            mine = s.legal_actions()
            assert sorted(ours(a) for a in legal) == mine, (step, legal, mine, str(state))
            held = tuple(hand_of(state, player)) if hands else ()
            if hands:
                assert sorted(card_text(c) for c in s.hand(player)) == sorted(held), step
            a = choose("bid" if step < 4 else "play", player, legal)
            state.apply_action(a)
            s.apply(ours(a))
            out.decisions.append(Decision(player, tuple(legal), a, held))
        assert len(out.decisions) == 56 and len(state.history()) == 108
        assert s.deal_over and s.to_move == -1 and s.legal_actions() == []
        result = s.last_result
        assert result is not None
        out.tricks = result.tricks
        assert tricks_taken(state) == out.won, (tricks_taken(state), out.won, str(state))
        points = result.points
        assert points[0] == points[2] and points[1] == points[3], points
        deal = (points[0], points[1])
        # OpenSpiel's running scores grow by the deal's scores, without any bonus (2.1.9).
        grown = [scores[0] + deal[0], scores[1] + deal[1]]
        assert state.get_current_scores() == grown, (state.get_current_scores(), grown)
        out.bonus = bonuses(deal, self.params)
        assert state.is_game_over() == (out.bonus != (0, 0))
        out.returns = [float(x) for x in points]
        expected = [float(points[seat] + out.bonus[seat % 2]) for seat in range(4)]
        assert list(state.returns()) == expected, (points, state.returns(), str(state))
        low, high = self.bounds
        assert all(low <= x <= high for x in points), (points, self.bounds)
        return out

    @staticmethod
    def _same_hands(state: Any, s: Session) -> None:
        """Each seat holds the same cards in both engines."""
        theirs = [sorted(hand_of(state, p)) for p in range(4)]
        mine = [sorted(card_text(c) for c in s.hand(p)) for p in range(4)]
        assert mine == theirs, (mine, theirs)


def randomly(rng: random.Random) -> Chooser:
    """A chooser picking among the legal ids at random (seeded).

    >>> randomly(random.Random(0))("bid", 0, [52, 53])
    53
    """
    return lambda _what, _player, legal: rng.choice(legal)


def nil_often(share: float = 0.5) -> Callable[[random.Random], Chooser]:
    """Players who bid nil with probability ``share`` (else any legal bid at random) and,
    having bid nil, duck: each plays his lowest legal card, a non-spade first; the others
    play at random. Nil bids made and failed, and double nils, come often.

    >>> choose = nil_often(1.0)(random.Random(0))
    >>> choose("bid", 0, [52, 53]), choose("play", 0, [49, 0, 12]), choose("play", 1, [0, 1])
    (52, 0, 1)
    """

    def make(rng: random.Random) -> Chooser:
        nil = [False] * 4

        def choose(what: str, player: int, legal: list[int]) -> int:
            if what == "bid":
                a = NIL if rng.random() < share else rng.choice(legal)
                nil[player] = a == NIL
                return a
            if what == "play" and nil[player]:
                return min(legal, key=lambda c: (c // 13 == 3, c % 13))
            return rng.choice(legal)

        return choose

    return make


def bid_high(rng: random.Random) -> Chooser:
    """Players who bid the most they may half the time (else any legal bid) and play at
    random: sides set often, and second partners held down by the cap of 13.

    >>> bid_high(random.Random(1))("bid", 0, [52, 53, 54])
    54
    """

    def choose(what: str, _player: int, legal: list[int]) -> int:
        if what == "bid" and rng.random() < 0.5:
            return legal[-1]
        return rng.choice(legal)

    return choose


def deal_score(bids: Sequence[int], won: Sequence[int], running: int = 0) -> int:
    """A side's score for the deal as docs/families.md 2.1.8 gives it, from its partners'
    bids and tricks and its running score before the deal: each nil bidder +100 if he took
    no trick, -100 if he took any, his tricks counted for the side all the same; the
    contract c (the bids added) set, -10 c; made with t tricks, 10 c + (t - c) less 100 for
    each ten in (running mod 10) + (t - c), both truncated towards zero as C++'s ``%`` and
    ``/`` do.

    S-1 (docs/families.md 10): North-South bid 5 and 3 and take 6 and 3; East-West bid 4 and
    nil and take 4 and 0; the bag penalty from running scores 99 and -99 (4.4).

    >>> deal_score([5, 3], [6, 3]), deal_score([4, 0], [4, 0])
    (81, 140)
    >>> deal_score([5, 3], [6, 3], 99), deal_score([5, 3], [6, 3], -99)
    (-19, 81)
    >>> deal_score([0, 0], [9, 1]), deal_score([0, 0], [9, 2], 9)  # two failed nils
    (-290, -389)
    """
    score = sum((100 if t == 0 else -100) for b, t in zip(bids, won, strict=True) if b == 0)
    c, t = sum(bids), sum(won)
    if t < c:
        return score - 10 * c
    bags = t - c
    carried = abs(running) % 10 * (1 if running >= 0 else -1)
    tens = abs(carried + bags) // 10 * (1 if carried + bags >= 0 else -1)
    return score + 10 * c + bags - 100 * tens


def hand_of(state: Any, player: int) -> list[str]:
    """The cards ``player`` holds in OpenSpiel's state, read from his observation string,
    whose first four lines list them by suit (``S A832`` …, ``H none`` for a void), as text
    sorted by OpenSpiel id.

    >>> s = pyspiel.load_game("spades").new_initial_state()
    >>> for a in range(52):
    ...     s.apply_action(a)
    >>> hand_of(s, 1)
    ['3C', '7C', 'JC', '2D', '6D', 'TD', 'AD', '5H', '9H', 'KH', '4S', '8S', 'QS']
    """
    lines = state.observation_string(player).split("\n")[:4]
    held = []
    for line in lines:
        suit, _, ranks = line.partition(" ")
        assert suit in OS_SUITS, line
        if ranks != "none":  # a void
            held += [r + suit for r in ranks]
    return sorted(held, key=os_card)


def dealt_hands(dealt: Sequence[int]) -> list[list[str]]:
    """The hands dealt by OpenSpiel's rule, the j-th card to seat j mod 4 (2.1.4), as text
    sorted by OpenSpiel id.

    >>> dealt_hands(range(52))[1][:3]
    ['3C', '7C', 'JC']
    """
    return [[card_text(card(a)) for a in sorted(dealt[p::4])] for p in range(4)]


_TAKEN = re.compile(r"Tricks taken:\s*\n\s*North\s+East\s+South\s+West\s*\n([-\d ]+)")


def tricks_taken(state: Any) -> list[int]:
    """The tricks each player took, from OpenSpiel's state string ("Tricks taken:")."""
    m = _TAKEN.search(str(state))
    assert m is not None, str(state)
    return [int(x) for x in m.group(1).split()]


def canonical_deal(hands: Sequence[Sequence[str]]) -> list[int]:
    """The order of the deal's chance outcomes that gives N, E, S, W these hands
    (:func:`families_scenarios.canonical_deal` with this game's card ids)."""
    return families_scenarios.canonical_deal(hands, os_card)
