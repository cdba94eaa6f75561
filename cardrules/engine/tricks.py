"""Trick play: which cards may be led or played, and who wins a trick.

The duties of the leader (1.1.10, 1.1.11) and of the followers (1.1.12,
"Pam be civil" 1.2.8) are compiled from the rules into functions, :func:`lead_rule`
and :func:`follow_rule` (with or without the leader's call "Pam, be civil"); the
engine calls them with plain integers. When civility is owed, and whether it needs the
call, is :mod:`cardrules.rules.applies`'s to say. Every other rule named here is an option
of the model, read only here.

>>> from cardrules.rules.model import Rules
>>> from cardrules.cards import parse_card as C
>>> from cardrules.engine.tables import Tables
>>> tb = Tables(Rules())
>>> follow = follow_rule(tb)
>>> hearts = 1
>>> # 9D led, holding 5D QD 3H: must head the trick with the queen.
>>> [c for c in follow([C("5D"), C("QD"), C("3H")], hearts, [C("9D")], C("9D"))] == [C("QD")]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from cardrules.cards import NO_TRUMP
from cardrules.rules.applies import civil_call_needed, civility_owed, must_follow_suit
from cardrules.rules.model import (
    BeCivil,
    HeadWhenTrumped,
    PamAndAce,
    Rules,
    TrumpAfterTrick,
    TrumpAfterTrickScope,
    TrumpWhenVoid,
    TwoOrMoreTrumps,
)


class TrickTables(Protocol):
    """What the trick rules read of the compiled tables
    (:class:`cardrules.engine.tables.Tables`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def suit(self) -> list[list[int]]: ...
    @property
    def power(self) -> list[list[int]]: ...
    @property
    def promoted(self) -> list[int]: ...
    @property
    def ace_of(self) -> list[int]: ...
    @property
    def king_of(self) -> list[int]: ...
    @property
    def rank_only(self) -> bool: ...
    @property
    def tie_equal(self) -> bool: ...


#: ``lead(hand, trump, trick_index, won_last, turnup) -> cards that may be led``
LeadRule = Callable[[list[int], int, int, bool, int], list[int]]
#: ``follow(hand, trump, trick, best_card) -> cards that may be played``, ``trick`` being
#: the cards played to the trick so far, the card led first
FollowRule = Callable[[list[int], int, Sequence[int], int], list[int]]


def lead_rule(tb: TrickTables) -> LeadRule:
    """The leader's duties under ``rules.leads``, as one function."""
    leads = tb.rules.leads
    suit, power, promoted = tb.suit, tb.power, tb.promoted
    ace_of, king_of = tb.ace_of, tb.king_of
    enforced = leads.enforced and not tb.rank_only
    ace_rule = leads.ace_compulsory
    king_rule = leads.king_if_ace_turned
    two = leads.two_or_more_trumps
    cassell = leads.cassell_highest
    after = leads.trump_after_trick
    every = leads.trump_after_trick_scope is TrumpAfterTrickScope.EVERY_TRICK
    after_on = after is not TrumpAfterTrick.NONE
    after_highest = after is TrumpAfterTrick.HIGHEST_TRUMP
    pam_first = leads.pam_and_ace is PamAndAce.PAM_IS_HIGHEST
    two_highest = two is TwoOrMoreTrumps.HIGHEST
    two_any = two is TwoOrMoreTrumps.ANY_TRUMP

    # Every option is tested once, here, not on each call: the rules are called on every
    # card played.

    def highest(cards: list[int], pw: list[int]) -> list[int]:
        top = -1
        out: list[int] = []
        for c in cards:
            p = pw[c]
            if p > top:
                top = p
                out = [c]
            elif p == top:
                out.append(c)
        return out

    def lead(hand: list[int], trump: int, trick: int, won_last: bool, turnup: int) -> list[int]:
        if not enforced or trump == NO_TRUMP:
            return hand
        es = suit[trump]
        if trick != 0:
            if won_last and after_on and (every or trick == 1):
                trumps = [c for c in hand if es[c] == trump]
                if trumps:
                    if after_highest:
                        return highest(trumps, power[trump])
                    return trumps
            return hand
        trumps = [c for c in hand if es[c] == trump]
        if cassell:
            return highest(trumps, power[trump]) if trumps else highest(hand, power[trump])
        pam = promoted[trump]
        compulsory = -1
        if ace_rule and ace_of[trump] in hand:
            compulsory = ace_of[trump]
        elif king_rule and turnup == ace_of[trump] and king_of[trump] in hand:
            compulsory = king_of[trump]
        if compulsory >= 0:
            if pam_first and pam in hand and two_highest:
                return [pam]
            return [compulsory]
        if len(trumps) >= 2:
            if two_highest:
                return highest(trumps, power[trump])
            if two_any:
                return trumps
        return hand

    return lead


def follow_rule(tb: TrickTables, called: bool = False) -> FollowRule:
    """The followers' duties under ``rules.following``, as one function; ``called``:
    when the leader called "Pam, be civil" (civility applies without the call only
    under ``following.civil_call: not_needed``)."""
    rules = tb.rules
    fol = rules.following
    suit, power, promoted, ace_of = tb.suit, tb.power, tb.promoted, tb.ace_of
    head = fol.head_trick
    void = fol.trump_when_void
    void_never = void is TrumpWhenVoid.NEVER
    void_always = void is TrumpWhenVoid.ALWAYS
    void_any = void is TrumpWhenVoid.ANY_TRUMP
    void_highest = void is TrumpWhenVoid.HIGHEST_TRUMP
    head_free = fol.head_when_trumped is HeadWhenTrumped.FREE
    civil = fol.be_civil

    # The options are tested once, here; one pass over the hand finds the cards of the
    # suit led and those of them that head the trick.

    def basic(hand: list[int], trump: int, trick: Sequence[int], best: int) -> list[int]:
        es = suit[trump]
        led = es[trick[0]]
        pw = power[trump]
        if not head:
            bp = 1 << 30  # none heads: no duty
        elif es[best] == led:
            bp = pw[best]
        elif head_free:
            bp = 1 << 30  # trumped: no card of the suit can head it
        else:  # trumped: beat the best card of the suit led so far
            bp = -1
            for c in trick:
                if es[c] == led and pw[c] > bp:
                    bp = pw[c]
        follow = []
        higher = []
        for c in hand:
            if es[c] == led:
                follow.append(c)
                if pw[c] > bp:
                    higher.append(c)
        if follow:
            return higher if higher else follow
        if trump == NO_TRUMP or void_never:
            return hand
        trumps = [c for c in hand if es[c] == trump]
        if not trumps:
            return hand
        if void_any:
            return trumps
        if void_highest:
            top = max(pw[c] for c in trumps)
            return [c for c in trumps if pw[c] == top]
        if es[best] == trump:
            bp = pw[best]
            higher = [c for c in trumps if pw[c] > bp]
            if higher:
                return higher
            return trumps if void_always else hand
        return trumps

    def civil_follow(hand: list[int], trump: int, trick: Sequence[int], best: int) -> list[int]:
        if trump != NO_TRUMP and trick[0] == ace_of[trump]:
            pam = promoted[trump]
            if pam >= 0 and pam in hand:
                rest = [c for c in hand if c != pam]
                if civil is BeCivil.STRICT:
                    if rest:
                        return basic(rest, trump, trick, best)
                elif any(suit[trump][c] == trump for c in rest):
                    return basic(rest, trump, trick, best)
        return basic(hand, trump, trick, best)

    def free(hand: list[int], trump: int, trick: Sequence[int], best: int) -> list[int]:
        return hand

    if not must_follow_suit(rules):
        return free
    if civility_owed(rules) and (called or not civil_call_needed(rules)):
        return civil_follow
    return basic


def trick_winner(tb: TrickTables, trump: int, cards: Sequence[int]) -> int:
    """The index in ``cards`` (in playing order) of the winning card, or -1 for a tie.

    >>> from cardrules.rules.model import Rules
    >>> from cardrules.cards import parse_card as C
    >>> from cardrules.engine.tables import Tables
    >>> trick_winner(Tables(Rules()), 1, [C("AS"), C("2H"), C("KS")])
    1
    """
    es, pw = tb.suit[trump], tb.power[trump]
    tie_equal = tb.tie_equal
    win = 0
    tied = False
    for i in range(1, len(cards)):
        verdict = beats(cards[win], cards[i], es, pw, trump, tie_equal)
        if verdict > 0:
            win, tied = i, False
        elif verdict == 0:
            tied = True
    return -1 if tied else win


def verdict_table(tb: TrickTables, trump: int) -> list[int]:
    """:func:`beats` for every pair of cards when ``trump`` is trumps, as one flat list:
    ``table[best * 52 + c]``. The deal looks a card's verdict up here as it is played; the
    table is built from :func:`beats`, so the rule is still written once.

    >>> from cardrules.rules.model import Rules
    >>> from cardrules.cards import parse_card as C
    >>> from cardrules.engine.tables import Tables
    >>> verdict_table(Tables(Rules()), 1)[C("AS") * 52 + C("2H")]
    1
    """
    es, pw, tie = tb.suit[trump], tb.power[trump], tb.tie_equal
    return [beats(best, c, es, pw, trump, tie) for best in range(52) for c in range(52)]


def beats(best: int, c: int, es: list[int], pw: list[int], trump: int, tie_equal: bool) -> int:
    """Whether card ``c`` takes the trick from ``best``: 1 if it beats it, 0 if it ties it
    (equal rank where ``tie_equal``: a rank-only trick), else -1. ``es`` and ``pw`` are the
    effective suits and powers when ``trump`` is trumps. The one rule of who wins a
    trick: the deal, :func:`trick_winner` and the sampler of hidden cards all use it.

    >>> from cardrules.rules.model import Rules
    >>> from cardrules.cards import parse_card as C
    >>> from cardrules.engine.tables import Tables
    >>> tb = Tables(Rules())
    >>> beats(C("AS"), C("2H"), tb.suit[1], tb.power[1], 1, False)  # hearts are trumps
    1
    """
    if es[c] == es[best]:
        if pw[c] > pw[best]:
            return 1
        if tie_equal and pw[c] == pw[best]:
            return 0
        return -1
    return 1 if es[c] == trump else -1
