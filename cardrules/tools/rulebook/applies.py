"""When a rule applies: the tests a :class:`~cardrules.tools.rulebook.rule.Rule`
takes as ``applies`` (no flush rules when flushes do not count, no challenges
in Loo), shared by the section modules.

>>> from cardrules.rules.model import Rules
>>> pool(Rules()), challenges(Rules())
(True, False)
"""

from __future__ import annotations

from cardrules.rules.model import ExchangeMode, Rules, Scoring, TrickWinner


def declaring(r: Rules) -> bool:
    """Players declare before the play whether they stand."""
    return r.declarations.enabled


def throwing_up(r: Rules) -> bool:
    """Players declare, and may throw up their hands."""
    return r.declarations.enabled and r.declarations.allow_throw_up


def with_miss(r: Rules) -> bool:
    """A miss is dealt and players declare, so that one may take it."""
    return r.deal.miss and r.declarations.enabled


def suits_and_trumps(r: Rules) -> bool:
    """A card is turned up for trumps and tricks are won by suit and trumps."""
    return r.trumps.turn_up and r.tricks.winner is TrickWinner.SUIT_AND_TRUMPS


def promoted(r: Rules) -> bool:
    """A card ranks above the trumps (Pam), in a game with trumps."""
    return r.promoted.card is not None and suits_and_trumps(r)


def lead_duties(r: Rules) -> bool:
    """The rules of leading bind the leader, in a game with trumps."""
    return r.leads.enforced and suits_and_trumps(r)


def first_lead_duties(r: Rules) -> bool:
    """The rules of the first lead bind him, Cassell's highest-card rule aside."""
    return lead_duties(r) and not r.leads.cassell_highest


def exchanging(r: Rules) -> bool:
    """Players declare and may exchange cards with the stock."""
    return r.declarations.enabled and r.exchange.mode is not ExchangeMode.NONE


def flush(r: Rules) -> bool:
    """Flushes count (they need suits and trumps to win tricks)."""
    return r.special_hands.flush.enabled and r.tricks.winner is TrickWinner.SUIT_AND_TRUMPS


def pool(r: Rules) -> bool:
    """Play is for counters in a pool, not for points."""
    return r.wagers.scoring is Scoring.POOL


def challenges(r: Rules) -> bool:
    """Players challenge during the play (throwing up, putting), as in Put."""
    return r.challenges.enabled


def partners(r: Rules) -> bool:
    """The players form sides of partners."""
    return r.partnerships.enabled


def rank_only(r: Rules) -> bool:
    """Tricks are won by rank alone, whatever the suit."""
    return r.tricks.winner is TrickWinner.RANK_ONLY
