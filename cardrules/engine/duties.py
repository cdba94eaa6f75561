"""Duties that depend on the deal so far: the cinch, the honour lead, and the lead of a
trump when the others have none (``leads.cinch``, ``leads.honour_trump``,
``leads.trump_if_others_void``).

The rules of :mod:`cardrules.engine.tricks` read the hand and the trick; these read more:
the tricks a player has won, the trumps played and seen, what the others have shown of
their hands. :func:`play_duty` compiles them into one function that narrows the cards
the trick rules allow, or gives None when no such option is on (the deal then never
calls it). A :class:`Moment` is the play so far as a duty reads it; :func:`base_rule`
is the trick rule a card was played under, which the sampler of hidden cards
(:mod:`cardrules.engine.sampling`) also uses, so that the deal, the bots' search and the
shown voids read one rule.

Each duty narrows what the rules before it allow, and all of them narrow to trumps: a
duty whose trumps are not allowed binds nothing.

>>> from cardrules.rules.model import Leads, Rules
>>> from cardrules.cards import parse_card as C
>>> from cardrules.engine.tables import Tables
>>> tb = Tables(Rules(leads=Leads(cinch="akq")))
>>> hand = [C("AS"), C("KS"), C("QS"), C("2H")]
>>> m = Moment(0, [], 3, 0, [1, 2], -1, [hand, [], []], [], [])
>>> [str(c) for c in tb.duty(hand, hand, m)] == [str(C("AS"))]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from cardrules.cards import NO_TRUMP, RANKS
from cardrules.engine import tricks
from cardrules.engine.parts import Cards, TrickPlay
from cardrules.rules.model import Rules
from cardrules.rules.options import Cinch, HonourTrump, OthersVoid

__all__ = [
    "Duty",
    "HandRule",
    "Moment",
    "base_rule",
    "chained",
    "legality_reads_hidden_cards",
    "moment_now",
    "play_duty",
    "shown_out",
]


class DutyTables(tricks.TrickTables, Protocol):
    """What the duties read of the compiled tables
    (:class:`cardrules.engine.tables.Tables`)."""

    @property
    def pack(self) -> tuple[int, ...]: ...
    @property
    def lead(self) -> tricks.LeadRule: ...
    @property
    def follow(self) -> tricks.FollowRule: ...
    @property
    def called_follow(self) -> tricks.FollowRule: ...
    @property
    def verdicts(self) -> list[list[int]]: ...


#: The cards a hand may lead or play at one moment of the deal.
HandRule = Callable[[list[int]], list[int]]


class Moment:
    """The play so far, as a duty reads it: the trump suit, the (player, card) pairs
    ``played`` before this card (the trick in progress last), ``k`` players in play,
    the ``player`` to play and his ``rivals`` (the others in play), the turn-up (-1:
    none), every player's cards at this moment (``hands``, by player), the finished
    tricks' ``winners`` (None: a tie) and the ``calls`` of "Pam, be civil" (by trick)."""

    __slots__ = ("calls", "hands", "k", "played", "player", "rivals", "trump", "turnup", "winners")

    def __init__(
        self,
        trump: int,
        played: Sequence[tuple[int, int]],
        k: int,
        player: int,
        rivals: Sequence[int],
        turnup: int,
        hands: Sequence[Sequence[int]],
        winners: Sequence[int | None],
        calls: Sequence[int],
    ) -> None:
        self.trump = trump
        self.played = played
        self.k = k
        self.player = player
        self.rivals = rivals
        self.turnup = turnup
        self.hands = hands
        self.winners = winners
        self.calls = calls


def moment_now(play: TrickPlay, cards: Cards, player: int) -> Moment:
    """The moment of a deal's play (its parts) at which ``player`` is to play."""
    in_play = play.in_play
    rivals = [p for p in in_play if p != player]
    return Moment(
        cards.trump, play.played, len(in_play), player, rivals, cards.turnup, cards.hands,
        play.winners, play.calls,
    )  # fmt: skip


#: ``duty(hand, allowed, moment) -> cards``: ``allowed`` narrowed by the duties.
Duty = Callable[[list[int], list[int], Moment], list[int]]


def base_rule(tb: DutyTables, m: Moment) -> HandRule:
    """The trick rule (:mod:`cardrules.engine.tricks`) the next card is played under at
    moment ``m``, as a function of a hand: the leader's duty, or the follower's to the
    trick so far."""
    j = len(m.played)
    pos, trick = j % m.k, j // m.k
    trump = m.trump
    if pos == 0:
        won = trick > 0 and m.winners[trick - 1] == m.player
        lead, turnup = tb.lead, m.turnup

        def leading(hand: list[int]) -> list[int]:
            return lead(hand, trump, trick, won, turnup)

        return leading
    cards = [c for _, c in m.played[j - pos :]]
    verdicts = tb.verdicts[trump]
    best = cards[0]
    for c in cards[1:]:
        if verdicts[best * 52 + c] > 0:
            best = c
    follow = tb.called_follow if trick in m.calls else tb.follow

    def following(hand: list[int]) -> list[int]:
        return follow(hand, trump, cards, best)

    return following


def shown_out(tb: DutyTables, m: Moment, q: int) -> bool:
    """Whether player ``q`` has shown in the play before moment ``m`` that he holds no
    trump: he played a card that the trick rules would have forbidden had he held any
    trump besides (another card to a trump lead; a card that was no trump where the rule
    of trumping when void would have had him trump). Read from the cards played alone.

    >>> from cardrules.rules.model import Rules
    >>> from cardrules.cards import parse_card as C
    >>> from cardrules.engine.tables import Tables
    >>> m = Moment(1, [(0, C("AH")), (1, C("2S"))], 3, 0, [1, 2], -1, [], [], [])
    >>> shown_out(Tables(Rules()), m, 1), shown_out(Tables(Rules()), m, 2)  # hearts led
    (True, False)
    """
    trump = m.trump
    if trump == NO_TRUMP:
        return False
    es = tb.suit[trump]
    trumps = [c for c in tb.pack if es[c] == trump]
    played = m.played
    for j, (p, c) in enumerate(played):
        if p != q or es[c] == trump:
            continue
        before = Moment(trump, played[:j], m.k, q, m.rivals, m.turnup, m.hands, m.winners, m.calls)
        rule = base_rule(tb, before)
        gone = {x for _, x in played[:j]}
        if all(c not in rule([c, x]) for x in trumps if x not in gone):
            return True
    return False


def _highest(cards: list[int], pw: list[int]) -> list[int]:
    top = max(pw[c] for c in cards)
    return [c for c in cards if pw[c] == top]


def legality_reads_hidden_cards(rules: Rules) -> bool:
    """Whether a player's legal plays may depend on cards hidden from him.

    Only ``leads.trump_if_others_void: actual`` does: it looks into the other hands, more
    than anyone at the table can know (a rule for trying hands, as the rulebook says). Under
    it the legal actions in a seat's observation change when hidden cards move.

    >>> import cardrules
    >>> legality_reads_hidden_cards(cardrules.load_variant("bourre"))
    False
    >>> r = cardrules.load_variant("bourre", overrides={"leads.trump_if_others_void": "actual"})
    >>> legality_reads_hidden_cards(r)
    True
    """
    return rules.leads.trump_if_others_void is OthersVoid.ACTUAL


def chained(first: Duty | None, then: Duty | None) -> Duty | None:
    """One duty that narrows by ``first`` and then by ``then`` (either may be None)."""
    if first is None:
        return then
    if then is None:
        return first

    def both(hand: list[int], allowed: list[int], m: Moment) -> list[int]:
        return then(hand, first(hand, allowed, m), m)

    return both


def play_duty(tb: DutyTables) -> Duty | None:
    """The duties of ``tb.rules`` that read the deal so far, as one function; None when
    none is on (or the tricks know no trumps)."""
    r = tb.rules
    leads = r.leads
    cinch, honour, void = leads.cinch, leads.honour_trump, leads.trump_if_others_void
    if tb.rank_only or (
        cinch is Cinch.NONE and honour is HonourTrump.OFF and void is OthersVoid.NONE
    ):
        return None
    lead_on = leads.enforced
    suit, power = tb.suit, tb.power
    need = r.deal.hand_size // 2 + 1  # a majority of the tricks: three of five
    tops = [RANKS.index(x) for x in r.pack.ranks[:3]]
    #: The trumps of the pack, and its three highest (ace, king, queen), by trump suit.
    pack_trumps = [[c for c in tb.pack if suit[t][c] == t] for t in range(5)]
    honours = [[t * 13 + x for x in tops] for t in range(4)] + [[]]

    def seen_out(m: Moment) -> list[int]:
        """The cards seen face up out of play: the turn-up, unless a player in play holds it."""
        t = m.turnup
        if t < 0 or t in m.hands[m.player] or any(t in m.hands[q] for q in m.rivals):
            return []
        return [t]

    def has_cinch(hand: list[int], m: Moment) -> bool:
        trump = m.trump
        if cinch is Cinch.AKQ:
            mine = {c for p, c in m.played if p == m.player}
            return all(c in hand or c in mine for c in honours[trump])
        es, pw = suit[trump], power[trump]
        won = 0
        for w in m.winners:
            if w == m.player:
                won += 1
        held = [c for c in hand if es[c] == trump]
        if won + len(held) < need:
            return False  # too few trumps to make up the tricks, masters or not
        gone = {c for _, c in m.played}
        gone.update(seen_out(m))
        gone.update(hand)
        top = max((pw[c] for c in pack_trumps[trump] if c not in gone), default=-1)
        masters = sum(1 for c in held if pw[c] > top)
        return won + masters >= need

    def others_void(hand: list[int], m: Moment) -> bool:
        es = suit[m.trump]
        if void is OthersVoid.ACTUAL:
            return not any(es[c] == m.trump for q in m.rivals for c in m.hands[q])
        known = {c for _, c in m.played}
        known.update(hand)
        known.update(seen_out(m))
        if all(c in known for c in pack_trumps[m.trump]):
            return True
        return all(shown_out(tb, m, q) for q in m.rivals)

    def duty(hand: list[int], allowed: list[int], m: Moment) -> list[int]:
        trump = m.trump
        if trump == NO_TRUMP:
            return allowed
        es, pw = suit[trump], power[trump]
        trumps = [c for c in allowed if es[c] == trump]
        if not trumps:
            return allowed
        pos = len(m.played) % m.k
        if pos == 0:
            if not lead_on:
                return allowed
            if void is not OthersVoid.NONE and others_void(hand, m):
                allowed = trumps
            if honour is not HonourTrump.OFF and len(m.played) == 0:
                held = [c for c in trumps if c in honours[trump]]
                if any(c in hand for c in honours[trump]):
                    if honour is HonourTrump.FIRST_LEAD_HIGHEST:
                        allowed = trumps = _highest(trumps, pw)
                    elif held:
                        allowed = trumps = held
            if cinch is not Cinch.NONE and has_cinch(hand, m):
                return _highest(trumps, pw)
            return allowed
        if cinch is not Cinch.NONE and pos < m.k - 1 and has_cinch(hand, m):
            return _highest(trumps, pw)
        return allowed

    return duty
