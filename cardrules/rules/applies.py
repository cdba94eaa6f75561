"""Each rule's reach, stated once: when an option applies under a set of rules.

An option of the rules model often matters only when others hold: "Pam, be civil" needs a
promoted card, trumps and a duty to follow suit; the timing of a flush needs flushes to
count; the exchange cap needs exchanges. Each such condition is one function of
:class:`~cardrules.rules.model.Rules` here, and every part of the package that must know it
asks this module: the semantic checks (an option set where it has no effect), the rulebook
(which sentences to write), the engine's compiled tables (worked out once per rules, never
per move), the refusals, the action space, settlement and the sampler of hidden hands.

>>> from cardrules.rules.model import Following, Promoted, Rules
>>> pam = Rules(promoted=Promoted(card="JC"))
>>> civility_possible(Rules()), civility_possible(pam), civil_call_needed(pam)
(False, True, True)
>>> no_follow = Rules(promoted=Promoted(card="JC"), following=Following(follow_suit=False))
>>> civility_possible(no_follow)
False
>>> exchange_cap(Rules(), 5), single_loo_fine(Rules())
(3, 3)
>>> from cardrules.rules.model import Challenges
>>> challenge_windows(Rules()).after_first_trick
()
>>> challenge_windows(Rules(challenges=Challenges(enabled=True))).after_first_trick
('put', 'throw_up')

This module imports only the rules model: the engine may ask it.
"""

from __future__ import annotations

import attrs

from cardrules.rules.model import (
    BeCivil,
    ChallengeModel,
    CivilCall,
    ContractBy,
    ExchangeMode,
    ExchangeTiming,
    FlushDeclare,
    LoneStander,
    PartnersPlay,
    PassChoice,
    Rules,
    Scoring,
    SingleLoo,
    TrickWinner,
    TurnUpTo,
)

__all__ = [
    "PUT",
    "THROW_UP",
    "ChallengeWindows",
    "bags_counted",
    "card_points_counted",
    "challenge_throw_up",
    "challenge_windows",
    "challenges_made",
    "choice_after_first_trick",
    "civil_call_needed",
    "civility_owed",
    "civility_possible",
    "declarations_made",
    "exchange_cap",
    "exchanges_after_declarations",
    "exchanges_made",
    "first_card_named",
    "first_lead_duties",
    "first_trick_bars",
    "flush_shown_after_declarations",
    "flush_shown_at_once",
    "flushes_count",
    "lead_barred",
    "lead_barred_until_broken",
    "lead_duties",
    "miss_may_be_taken",
    "miss_played_for_pool",
    "model_windows",
    "must_follow_suit",
    "partnerships_play",
    "passes",
    "passes_by_chance",
    "plays_for_pool",
    "promoted_in_play",
    "puts_made",
    "rank_only",
    "side_contracts",
    "sides_play",
    "single_loo_fine",
    "throwing_up_allowed",
    "trumps_in_play",
    "turn_up_apart",
    "turn_up_held",
]


# --------------------------------------------------------------------------- the play


def rank_only(r: Rules) -> bool:
    """Tricks are won by rank alone, whatever the suit (Put's ranking, 1.5.4): no card is
    a trump, nobody need follow suit, equal ranks may tie a trick."""
    return r.tricks.winner is TrickWinner.RANK_ONLY


def trumps_in_play(r: Rules) -> bool:
    """A card is turned up for trumps (1.1.5), or a suit is always trumps (F2.2.1), and
    tricks are won by suit and trumps: the options about trumps (leading them, trumping
    when void) have an effect."""
    return (
        r.trumps.turn_up or r.trumps.suit is not None
    ) and r.tricks.winner is TrickWinner.SUIT_AND_TRUMPS


def promoted_in_play(r: Rules) -> bool:
    """A card ranks above every trump (Pam, D26), in a game with trumps."""
    return r.promoted.card is not None and trumps_in_play(r)


def must_follow_suit(r: Rules) -> bool:
    """The followers must follow suit if able (1.1.12.1): tricks have suits (not won by
    rank alone, 1.5.4) and ``following.follow_suit`` holds."""
    return r.following.follow_suit and not rank_only(r)


def civility_possible(r: Rules) -> bool:
    """ "Pam, be civil" can be asked of anyone: a promoted card above the trumps, and
    followers bound to follow suit, so that the lead of the ace of trumps may meet Pam
    (1.2.8: "When the ace of trumps is led ... the holder of Pam must not win the trick
    with Pam"). ``following.be_civil`` says how, here."""
    return must_follow_suit(r) and promoted_in_play(r)


def civility_owed(r: Rules) -> bool:
    """ "Pam, be civil" is in force: it is possible (:func:`civility_possible`) and
    ``following.be_civil`` is not ``off`` (D30); ``following.civil_call`` then says whether
    it needs the call."""
    return civility_possible(r) and r.following.be_civil is not BeCivil.OFF


def civil_call_needed(r: Rules) -> bool:
    """Civility is owed only when the leader of the ace of trumps calls "Pam, be civil"
    (1.2.8: "The civility applies only when the call is made"; ``following.civil_call:
    required``): the call is then an action of its own."""
    return civility_owed(r) and r.following.civil_call is CivilCall.REQUIRED


def lead_duties(r: Rules) -> bool:
    """The rules of leading bind the leader (``leads.enforced``, D31), in a game with
    trumps (every duty of the leader is about trumps, 1.1.10, 1.1.11)."""
    return r.leads.enforced and trumps_in_play(r)


def first_lead_duties(r: Rules) -> bool:
    """The duties of the first lead (the ace of trumps, the king when the ace is turned,
    two or more trumps: 1.1.10.1, D12, D14) bind him: Cassell's highest card aside (D13)."""
    return lead_duties(r) and not r.leads.cassell_highest


# --------------------------------------------------------------------------- declaring


def partnerships_play(r: Rules) -> bool:
    """Two sides of two partners play, one of each side receiving his partner's card
    (1.6.1, 1.6.2): ``partnerships.pass_card`` and ``partnerships.receiver_discard`` apply."""
    return r.partnerships.enabled and r.partnerships.play is PartnersPlay.RECEIVERS


def sides_play(r: Rules) -> bool:
    """All four play in two sides of partners sitting opposite, each side's tricks and
    scores counted together (Whist, Spades: F2.1.1)."""
    return r.partnerships.enabled and r.partnerships.play is PartnersPlay.ALL


def declarations_made(r: Rules) -> bool:
    """Each player declares before the play whether he stands (1.1.7): declarations are
    on, and the game is not played in partnerships (1.6.2)."""
    return r.declarations.enabled and not r.partnerships.enabled


def throwing_up_allowed(r: Rules) -> bool:
    """A declarer may throw up his hand (D6)."""
    return declarations_made(r) and r.declarations.allow_throw_up


def miss_may_be_taken(r: Rules) -> bool:
    """A miss is dealt and players declare, so that one may take it (1.1.5, 1.1.7)."""
    return r.deal.miss and declarations_made(r)


def miss_played_for_pool(r: Rules) -> bool:
    """The dealer may play the miss for the pool when one player alone stands on his own
    cards (1.1.8.2, D9: ``declarations.lone_stander: dealer_plays_miss_for_pool``)."""
    return (
        miss_may_be_taken(r)
        and r.declarations.lone_stander is LoneStander.DEALER_PLAYS_MISS_FOR_POOL
    )


def turn_up_held(r: Rules) -> bool:
    """The turn-up is the dealer's own last card, dealt face up and kept in his hand
    (``trumps.turn_up_to: dealer``, 1.8.4, D77), rather than the next card."""
    return r.trumps.turn_up and r.trumps.turn_up_to is TurnUpTo.DEALER


def turn_up_apart(r: Rules) -> bool:
    """A card is turned up apart from the hands (the next card after the deal), so that a
    deal takes one card more than the hands: not when it is the dealer's own last card
    (``trumps.turn_up_to: dealer``; 13-card Whist deals the whole pack, F5.1)."""
    return r.trumps.turn_up and not turn_up_held(r)


# --------------------------------------------------------------------------- exchanges


def exchanges_made(r: Rules) -> bool:
    """Players exchange cards with the stock as they declare (1.2.6, D44)."""
    return declarations_made(r) and r.exchange.mode is not ExchangeMode.NONE


def exchanges_after_declarations(r: Rules) -> bool:
    """The exchanges follow the declarations: once everybody has declared, those who stood
    draw in turn from the dealer's left (1.8.7, D78)."""
    return exchanges_made(r) and r.exchange.timing is ExchangeTiming.AFTER_DECLARATIONS


def exchange_cap(r: Rules, players: int) -> int:
    """The most cards a player may exchange at a table of ``players`` (1.8.7, D79): the
    whole hand, or ``exchange.max_cards``, or from ``exchange.max_cards_from`` players on
    ``exchange.max_cards_large``.

    >>> from cardrules.rules.model import DealSection, Exchange
    >>> r = Rules(deal=DealSection(hand_size=5), exchange=Exchange(max_cards_from=7))
    >>> [exchange_cap(r, n) for n in (5, 6, 7, 8)]
    [5, 5, 3, 3]
    """
    ex = r.exchange
    cap = r.deal.hand_size if ex.max_cards is None else ex.max_cards
    if ex.max_cards_from is not None and players >= ex.max_cards_from:
        cap = min(cap, ex.max_cards_large)
    return cap


# --------------------------------------------------------------------------- flushes


def flushes_count(r: Rules) -> bool:
    """A flush sweeps the board (1.2.9, D47): flushes are on, in a game of suits."""
    return r.special_hands.flush.enabled and not rank_only(r)


def flush_shown_at_once(r: Rules) -> bool:
    """A flush is shown as soon as its holder has it, and nobody may then throw up (D32,
    D33: Hoffmann, the holder "at once turns up his cards")."""
    return flushes_count(r) and r.special_hands.flush.declare is FlushDeclare.AT_ONCE


def flush_shown_after_declarations(r: Rules) -> bool:
    """A flush is shown once everybody has declared (D32: Peel, not "until all the players
    have settled whether they will stand or not"), among those who stood."""
    return flushes_count(r) and r.special_hands.flush.declare is FlushDeclare.AFTER_DECLARATIONS


# --------------------------------------------------------------------------- wagers


def plays_for_pool(r: Rules) -> bool:
    """Play is for counters in a pool (1.1.3), not for points (``wagers.scoring``)."""
    return r.wagers.scoring is Scoring.POOL


def single_loo_fine(r: Rules) -> int:
    """The single loo, in counters: the fine for an irregularity, and what each player
    looed in Peel's exposed-card single pays (1.1.4, 1.1.13, D4: "half the full loo, or the
    deal amount", or the full loo).

    >>> from cardrules.rules.model import Wagers
    >>> single_loo_fine(Rules(wagers=Wagers(single_loo=SingleLoo.FULL_LOO)))
    6
    """
    w = r.wagers
    if w.single_loo is SingleLoo.HALF_LOO:
        return w.stake_loo // 2
    if w.single_loo is SingleLoo.DEAL_STAKE:
        return w.stake_deal
    return w.stake_loo


# --------------------------------------------------------------------------- challenges

#: The challenges, as the windows name them.
PUT = "put"
THROW_UP = "throw_up"


@attrs.frozen
class ChallengeWindows:
    """When each challenge may be made, before a put has been seen (D54): each a tuple of
    :data:`PUT` and :data:`THROW_UP`.

    ``first_lead``: of the elder before leading to the first trick; ``later_lead``: of any
    leader at a later trick; ``follow_first``: of the follower to the first lead (besides
    declining, ``challenges.follower_may_concede``); ``after_first_trick``: the elder's
    choice once the first trick is played (it must be made).
    """

    first_lead: tuple[str, ...] = ()
    later_lead: tuple[str, ...] = ()
    follow_first: tuple[str, ...] = ()
    after_first_trick: tuple[str, ...] = ()

    def every(self) -> tuple[str, ...]:
        """Every challenge of every window."""
        return self.first_lead + self.later_lead + self.follow_first + self.after_first_trick


_WINDOWS = {
    # Hoyle [S002]: the non-dealer may throw up before leading; the dealer may decline to
    # play to the lead; once the first trick is played the non-dealer puts or throws up.
    ChallengeModel.HOYLE: ChallengeWindows(
        first_lead=(THROW_UP,), after_first_trick=(PUT, THROW_UP)
    ),
    # Enquire Within [S000 101-102]: the adversary may say "I put" before playing; after the
    # first trick the eldest says "I put" or throws his cards on the pack.
    ChallengeModel.ENQUIRE_WITHIN: ChallengeWindows(
        follow_first=(PUT,), after_first_trick=(PUT, THROW_UP)
    ),
    # Parlett [WP]: either player about to lead may throw in, lead silently or say "Put".
    ChallengeModel.PARLETT: ChallengeWindows(
        first_lead=(PUT, THROW_UP), later_lead=(PUT, THROW_UP)
    ),
    # Cotton 1674 [pagat]: the non-dealer may put before his first lead.
    ChallengeModel.COTTON: ChallengeWindows(first_lead=(PUT,)),
}

_NO_WINDOWS = ChallengeWindows()


def model_windows(model: ChallengeModel) -> ChallengeWindows:
    """The challenge windows of a model of ``challenges.model`` (D54)."""
    return _WINDOWS[model]


def challenge_windows(r: Rules) -> ChallengeWindows:
    """The challenge windows of these rules (1.5.6, D54): their model's, or none without
    challenges."""
    if not challenges_made(r):
        return _NO_WINDOWS
    return _WINDOWS[r.challenges.model]


def challenges_made(r: Rules) -> bool:
    """Players challenge during the play, throwing up and putting, as in Put (1.5.6):
    between two sides, for points."""
    return r.challenges.enabled


def puts_made(r: Rules) -> bool:
    """A player may say "I put" at some moment of the play (and the other then sees or
    refuses it)."""
    return PUT in challenge_windows(r).every()


def challenge_throw_up(r: Rules) -> bool:
    """A player may throw up during the play: a window allows it, the follower may decline
    a lead (D55), or a put seen does not bind (D57)."""
    ch = r.challenges
    return challenges_made(r) and (
        THROW_UP in challenge_windows(r).every() or ch.follower_may_concede or not ch.put_binding
    )


def choice_after_first_trick(r: Rules) -> bool:
    """Once the first trick is played the elder must choose to put or throw up (Hoyle,
    Enquire Within: D54), before the play goes on."""
    return bool(challenge_windows(r).after_first_trick)


def card_points_counted(r: Rules) -> bool:
    """Whether the cards taken in tricks count points (``card_points.values`` names some):
    the deal is then scored by them."""
    return bool(r.card_points.values)


def passes(r: Rules) -> bool:
    """Whether cards are passed before the play (``passing.cards`` above 0, some direction
    other than hold): ``passing.directions`` and ``passing.choice`` apply only then."""
    return r.passing.cards > 0 and any(d != "hold" for d in r.passing.directions)


def passes_by_chance(r: Rules) -> bool:
    """Whether each deal's passing direction is drawn at random (``passing.choice:
    chance``, OpenSpiel's Hearts: F1.1.4.1), rather than taken in turn."""
    return passes(r) and r.passing.choice is PassChoice.CHANCE


def first_card_named(r: Rules) -> bool:
    """Whether the holder of a named card leads it to the first trick (``leads.first_card``,
    2C): ``leads.first_card_suit`` applies only then, and ``leads.first_leader`` does not."""
    return r.leads.first_card is not None


def lead_barred_until_broken(r: Rules) -> bool:
    """Whether a suit may not be led until broken (``leads.unbroken``, hearts):
    ``leads.breaking``, ``leads.breakers`` and ``leads.unbroken_exempt`` apply only then."""
    return r.leads.unbroken is not None


def first_trick_bars(r: Rules) -> bool:
    """Whether some cards may not be played to the first trick
    (``following.first_trick_barred``: hearts and the queen of spades)."""
    return bool(r.following.first_trick_barred)


def side_contracts(r: Rules) -> bool:
    """Bids make contracts of a side, the partners' bids added (Spades: F2.1.8):
    ``bidding.side_cap`` applies."""
    return r.bidding.enabled and r.settlement.contract.by is ContractBy.SIDE


def bags_counted(r: Rules) -> bool:
    """Overtricks are bags that cost points once they add up (``settlement.contract``
    ``bag_limit`` and ``bag_penalty``, Spades: F2.1.8): each deal carries in the bags of
    the running score."""
    c = r.settlement.contract
    return r.bidding.enabled and c.bag_limit > 0 and c.bag_penalty > 0


def lead_barred(r: Rules) -> bool:
    """Some card may not be led as the rules of the lead bar it: the first card of the deal
    is named, or a suit waits to be broken (the leader is then not free)."""
    return first_card_named(r) or lead_barred_until_broken(r)
