"""The rules model: every rule of a game as a frozen, typed value.

A rule file is a mapping of *sections*, one per mechanism (the pack, the promoted card,
the deal, trumps, declarations, the exchange, leads, following, tricks, special hands,
challenges, partnerships, wagers, settlement, the session), and one for the game's own
words for some of them (``words``). Each section here is a frozen attrs class whose field
names are the YAML keys, so that a game recombines the same sections and the engine reads
each option as a typed attribute. A section's class is named for its key (``pack``:
:class:`Pack`), except the deal's and the session's, :class:`DealSection` and
:class:`SessionSection`: ``Deal`` and ``Session`` name the engine's deal and session.

The option enums (the words each option may take) are in :mod:`cardrules.rules.options`;
this module re-exports them, so every option type can be imported from here.

This module is the single source of truth for the format: the JSON Schema in
``schemas/`` is generated from it (``python -m cardrules.rules.schemagen``), so the
schema's defaults and descriptions are the model's.

>>> r = Rules()
>>> r.following.trump_when_void
<TrumpWhenVoid.IF_CAN_HEAD: 'if_can_head'>
>>> r.deal.hand_size, r.wagers.stake_loo
(3, 6)
"""

from __future__ import annotations

import enum
import typing
from typing import Any

import attrs

# The option enums, re-exported: every option type can be imported from the model.
from cardrules.rules.bounds import MAX_POINTS, MAX_TABLE
from cardrules.rules.capacity import pack_capacity, pack_size
from cardrules.rules.contracts import Bidding as Bidding
from cardrules.rules.contracts import Contract as Contract
from cardrules.rules.fields import derived, opt, section
from cardrules.rules.fields import settable as settable
from cardrules.rules.options import Ante as Ante
from cardrules.rules.options import AnteExcused as AnteExcused
from cardrules.rules.options import AwardTie as AwardTie
from cardrules.rules.options import BeCivil as BeCivil
from cardrules.rules.options import BidHook as BidHook
from cardrules.rules.options import Breaking as Breaking
from cardrules.rules.options import ChallengeModel as ChallengeModel
from cardrules.rules.options import Choice as Choice
from cardrules.rules.options import Cinch as Cinch
from cardrules.rules.options import CivilCall as CivilCall
from cardrules.rules.options import ContractBy as ContractBy
from cardrules.rules.options import ContractMade as ContractMade
from cardrules.rules.options import ContractMiss as ContractMiss
from cardrules.rules.options import DealStart as DealStart
from cardrules.rules.options import EqualRanks as EqualRanks
from cardrules.rules.options import ExchangeMode as ExchangeMode
from cardrules.rules.options import ExchangeTiming as ExchangeTiming
from cardrules.rules.options import ExchangeWord as ExchangeWord
from cardrules.rules.options import Finish as Finish
from cardrules.rules.options import FirstDeal as FirstDeal
from cardrules.rules.options import FirstDealer as FirstDealer
from cardrules.rules.options import FirstLeader as FirstLeader
from cardrules.rules.options import FlushDeclare as FlushDeclare
from cardrules.rules.options import FlushDestination as FlushDestination
from cardrules.rules.options import FlushExactTie as FlushExactTie
from cardrules.rules.options import FlushNextDeal as FlushNextDeal
from cardrules.rules.options import FlushOrder as FlushOrder
from cardrules.rules.options import FlushPayers as FlushPayers
from cardrules.rules.options import FlushSameClass as FlushSameClass
from cardrules.rules.options import HeadWhenTrumped as HeadWhenTrumped
from cardrules.rules.options import HonourTrump as HonourTrump
from cardrules.rules.options import Kind as Kind
from cardrules.rules.options import LoneStander as LoneStander
from cardrules.rules.options import LooedWord as LooedWord
from cardrules.rules.options import LooMode as LooMode
from cardrules.rules.options import MissPosition as MissPosition
from cardrules.rules.options import MixedFloor as MixedFloor
from cardrules.rules.options import Moon as Moon
from cardrules.rules.options import OneTrickTwoTies as OneTrickTwoTies
from cardrules.rules.options import OthersVoid as OthersVoid
from cardrules.rules.options import PackName as PackName
from cardrules.rules.options import PamAndAce as PamAndAce
from cardrules.rules.options import PartnersPlay as PartnersPlay
from cardrules.rules.options import PassCard as PassCard
from cardrules.rules.options import PassChoice as PassChoice
from cardrules.rules.options import PassDirection as PassDirection
from cardrules.rules.options import PeelSingleLooed as PeelSingleLooed
from cardrules.rules.options import PlayedOutValue as PlayedOutValue
from cardrules.rules.options import PoolAward as PoolAward
from cardrules.rules.options import PoolWord as PoolWord
from cardrules.rules.options import ReceiverDiscard as ReceiverDiscard
from cardrules.rules.options import Remainder as Remainder
from cardrules.rules.options import Restock as Restock
from cardrules.rules.options import Scoring as Scoring
from cardrules.rules.options import SingleDefinition as SingleDefinition
from cardrules.rules.options import SingleLoo as SingleLoo
from cardrules.rules.options import StandWord as StandWord
from cardrules.rules.options import ThrowUpWord as ThrowUpWord
from cardrules.rules.options import TrickAndTie as TrickAndTie
from cardrules.rules.options import TrickWinner as TrickWinner
from cardrules.rules.options import TrumpAfterTrick as TrumpAfterTrick
from cardrules.rules.options import TrumpAfterTrickScope as TrumpAfterTrickScope
from cardrules.rules.options import TrumpWhenVoid as TrumpWhenVoid
from cardrules.rules.options import TurnUpTo as TurnUpTo
from cardrules.rules.options import TwoOrMoreTrumps as TwoOrMoreTrumps
from cardrules.rules.sizes import HandSizes as HandSizes
from cardrules.rules.sizes import Vary as Vary
from cardrules.rules.sizes import smallest
from cardrules.rules.vocabulary import Words as Words
from cardrules.rules.wagering import PeelSingle as PeelSingle
from cardrules.rules.wagering import SessionSection as SessionSection
from cardrules.rules.wagering import Settlement as Settlement
from cardrules.rules.wagering import Wagers as Wagers

# --------------------------------------------------------------------------- sections

CARD_PATTERN = "^([2-9TJQKA]|10)[SHDC]$"
#: A card, or a suit standing for each of its cards (``QS``, ``H``).
CARD_OR_SUIT_PATTERN = "^(([2-9TJQKA]|10)?[SHDC])$"
RANK_PATTERN = "^([2-9TJQKA]|10)$"
SUIT_PATTERN = "^[SHDC]$"


@attrs.frozen
class Players:
    """How many play, and whether the dealer stands out of the play."""

    min: int = opt(3, "Fewest players.", source="1.1.1, 1.5.1, 1.6.1", minimum=2, maximum=MAX_TABLE)
    max: int | None = opt(
        None,
        "Most players; null means as many as the pack allows.",
        source="D24, D28, D48",
        minimum=2,
        maximum=MAX_TABLE,
    )
    default: int = opt(5, "Players when none is given.", minimum=2, maximum=MAX_TABLE)
    dealer_sits_out_above: int | None = opt(
        None,
        "With more than this many players the dealer stands out of the play, neither "
        "paying nor receiving on the tricks; null for never.",
        source="D25",
        minimum=2,
        maximum=MAX_TABLE,
    )


@attrs.frozen
class Pack:
    """The cards used and how they rank."""

    cards: PackName = opt(
        PackName.FULL52,
        "The pack; listed for the ranks pack.ranks lists.",
        source="1.1.2, 1.4.4, D71",
    )
    ranks: tuple[str, ...] = opt(
        ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"),
        "Every rank of the pack, highest first (Put: 3 2 A K Q J T 9 8 7 6 5 4).",
        source="1.1.2, 1.5.2",
        items={"type": "string", "pattern": RANK_PATTERN},
        minItems=1,
        uniqueItems=True,
    )
    suits: tuple[str, ...] = opt(
        ("S", "H", "D", "C"),
        "The suits of the pack (a reduced pack: C D for clubs and diamonds only).",
        source="1.7.2, D71",
        items={"type": "string", "pattern": SUIT_PATTERN},
        minItems=1,
        uniqueItems=True,
    )


@attrs.frozen
class Promoted:
    """A card promoted above every trump (Pam)."""

    card: str | None = opt(
        None,
        "The promoted card: a card such as JC, or jack_of_trumps; null for none.",
        source="D26",
        pattern=f"({CARD_PATTERN[:-1]}|^jack_of_trumps)$",
    )
    name: str = opt("Pam", "What the promoted card is called.")


@attrs.frozen
class DealSection:
    """The deal: hands, the miss, and the packets cards go out in."""

    hand_size: int = opt(
        3,
        "Cards in each hand; the number of tricks (unless deal.sizes varies them).",
        source="1.1.5, 1.2.5, 1.3.1, 1.5.3",
        minimum=1,
        maximum=13,
    )
    packets: tuple[int, ...] = opt(
        (1,),
        "Packet sizes for one pass round the table: [1] is one at a time, [3, 2] three "
        "then two. Repeated until the hands are full.",
        source="D27",
        items={"type": "integer", "minimum": 1, "maximum": 13},
        minItems=1,
        maxItems=13,
    )
    miss: bool = opt(True, "A spare hand, the miss, is dealt.", source="1.1.5, D6")
    miss_position: MissPosition = opt(
        MissPosition.AFTER_DEALER_EACH_ROUND, "Where the miss receives its cards.", source="D5"
    )
    start: DealStart = opt(
        DealStart.DEALER_LEFT,
        "Who receives the first card: the dealer's left, seat 0 whoever deals, or the dealer.",
        source="1.1.5, 1.7.3, D62, F3.1.4, E1",
    )
    sizes: HandSizes = section(HandSizes)


@attrs.frozen
class Trumps:
    """The trump suit."""

    turn_up: bool = opt(
        True,
        "The card after the deal is turned up and its suit is trumps; "
        "false for a game without trumps.",
        source="1.1.5, 1.5.2",
    )
    suit: str | None = opt(
        None,
        "The trump suit, the same every deal (S), with no card turned up; null: the turn-up "
        "decides (trumps.turn_up), or there are no trumps.",
        source="F2.1.7, F2.2.1",
        pattern=SUIT_PATTERN,
    )
    bowers: bool = opt(
        False,
        "The knave of trumps is the highest trump (the right bower) and the other knave of "
        "its colour the next (the left bower), which belongs to the trump suit.",
        source="F3.1.8, F3.2.6",
    )
    turn_up_to: TurnUpTo = opt(
        TurnUpTo.NOBODY,
        "Whose card the turn-up is: nobody's, the next card after the deal (nobody), or "
        "the dealer's own last card, dealt face up, kept in his hand and played like any "
        "other (dealer).",
        source="1.8.4, D77",
    )


@attrs.frozen
class ForcedPlay:
    """When every player must stand on his own cards, with no miss and no exchange."""

    turn_up_suits: tuple[str, ...] = opt(
        (),
        "Turn-up suits that force everyone to stand (Club Law: [C]).",
        source="1.4.1, D22",
        items={"type": "string", "pattern": SUIT_PATTERN},
        uniqueItems=True,
    )
    on_single: bool = opt(
        False,
        "A single (a deal for the dealer's stake alone) is played with "
        "no miss and everyone standing.",
        source="D21 (EW 96.viii)",
    )


@attrs.frozen
class Declarations:
    """Declaring in turn from the elder hand: stand, throw up, take the miss."""

    enabled: bool = opt(
        True,
        "Players declare before the play; false when all must play, as always with challenges.",
        source="1.1.7, 1.2.6",
    )
    allow_throw_up: bool = opt(True, "A player may throw up his hand.", source="D6")
    dealer_plays_on_ace: bool = opt(
        False, "An ace turned up obliges the dealer to stand.", source="1.8.5, D77"
    )
    forced_play: ForcedPlay = section(ForcedPlay)
    lone_stander: LoneStander = opt(
        LoneStander.DEALER_PLAYS_MISS_FOR_POOL,
        "One player stands before the dealer, the miss untaken.",
        source="1.1.8.2, D9",
    )
    miss_for_pool_looed: bool = opt(
        False,
        "The miss played for the pool pays a loo into the pool when it wins no trick.",
        source="D10",
    )


@attrs.frozen
class Exchange:
    """Exchanging cards with the stock."""

    mode: ExchangeMode = opt(
        ExchangeMode.NONE, "Exchange from the stock while declaring.", source="1.2.6, D44"
    )
    exchanger_must_play: bool = opt(True, "A player who exchanges must play.", source="1.2.6")
    timing: ExchangeTiming = opt(
        ExchangeTiming.WITH_DECLARATION,
        "When a player exchanges: as he declares (with_declaration), or once everybody has "
        "declared, the players who stood in turn from the dealer's left (after_declarations).",
        source="1.8.7, D78",
    )
    turnup_drawable: bool = opt(False, "The turn-up may be drawn in exchange.", source="D43")
    max_cards: int | None = opt(
        None,
        "The most cards a player may exchange; null for any number, up to his whole hand.",
        source="1.8.7, D79",
        minimum=1,
        maximum=13,
    )
    max_cards_from: int | None = opt(
        None,
        "From this many players on, exchange.max_cards_large is the most; null for never.",
        source="1.8.7, D79",
        minimum=2,
        maximum=MAX_TABLE,
    )
    max_cards_large: int = opt(
        3,
        "The most cards a player may exchange at a table of exchange.max_cards_from or more.",
        source="1.8.7, D79",
        minimum=1,
        maximum=13,
    )
    dealer_may_discard_turnup: bool = opt(
        True,
        "When the turn-up is the dealer's card, he may exchange it; it is then laid aside "
        "face up, and trumps are unchanged.",
        source="1.8.5, D77",
    )
    restock: Restock = opt(
        Restock.NONE,
        "When the stock runs out in the middle of the exchanges, what the dealer gathers, "
        "shuffles and deals on: nothing (none), the discards and the folded hands "
        "(discards_and_folds), the folded hands and then the discards (folds_first), or "
        "the discards (discards_only); never the discards of the player he is serving, nor "
        "a turn-up.",
        source="1.8.8, D80",
    )


@attrs.frozen
class Leads:
    """Duties of the leader."""

    enforced: bool = opt(
        True, "The duties below apply; false for a free lead.", source="D31, 1.5.4"
    )
    first_leader: FirstLeader = opt(
        FirstLeader.ELDER_HAND, "Who leads to the first trick.", source="1.1.9, 1.5.4, 1.6.4, D11"
    )
    ace_compulsory: bool = opt(
        True, "Holding the ace of trumps, the first leader must lead it.", source="1.1.10.1"
    )
    king_if_ace_turned: bool = opt(
        True, "If the ace is turned up, the holder of the king leads it.", source="D14"
    )
    two_or_more_trumps: TwoOrMoreTrumps = opt(
        TwoOrMoreTrumps.HIGHEST, "The first leader holding two or more trumps.", source="D12"
    )
    cassell_highest: bool = opt(
        False,
        "The first leader leads his highest trump, or with none his highest card.",
        source="D13",
    )
    trump_after_trick: TrumpAfterTrick = opt(
        TrumpAfterTrick.HIGHEST_TRUMP,
        "A trick's winner holding trumps leads one.",
        source="1.1.11, D15",
    )
    trump_after_trick_scope: TrumpAfterTrickScope = opt(
        TrumpAfterTrickScope.FIRST_TRICK, "Which winners bear that duty.", source="D15"
    )
    pam_and_ace: PamAndAce = opt(
        PamAndAce.PAM_IS_HIGHEST,
        "The leader holds the promoted card and the ace of trumps.",
        source="D31",
    )
    cinch: Cinch = opt(Cinch.NONE, "A holding sure of the most tricks.", source="1.8.15, D86")
    honour_trump: HonourTrump = opt(
        HonourTrump.OFF, "The first leader holds the A, K or Q of trumps.", source="D85"
    )
    trump_if_others_void: OthersVoid = opt(
        OthersVoid.NONE, "The others hold no trump.", source="1.8.11.3, D87"
    )
    first_card: str | None = opt(
        None,
        "The holder of this card leads to the first trick, whoever deals, and must lead it "
        "(2C); null: the first leader is leads.first_leader.",
        source="F1.1.4, F1.2.4, H3",
        pattern=CARD_PATTERN,
    )
    first_card_suit: bool = opt(
        False,
        "The holder of leads.first_card may lead any card of its suit instead.",
        source="F1.1.2, H3",
    )
    unbroken: str | None = opt(
        None,
        "A suit that may not be led until it is broken, unless the leader holds nothing "
        "else (hearts); null for none.",
        source="F1.1.5, F1.2.6, F2.1.6, F2.2.5, H6, S2",
        pattern=SUIT_PATTERN,
    )
    breaking: Breaking = opt(
        Breaking.ON_PLAY,
        "When the suit of leads.unbroken is broken: once a card of it, or one of "
        "leads.breakers, has been played (on_play), or never.",
        source="F1.1.6, F2.1.6, S2",
    )
    breakers: tuple[str, ...] = opt(
        (),
        "Cards of other suits that break the suit of leads.unbroken when played (QS).",
        source="F1.1.6, F1.2.6, H5",
        items={"type": "string", "pattern": CARD_PATTERN},
        uniqueItems=True,
    )
    unbroken_exempt: tuple[str, ...] = opt(
        (),
        "Cards that do not count as something else to lead: a leader whose cards outside "
        "the unbroken suit are all among them may lead that suit too (QS).",
        source="F1.1.5.4, H6",
        items={"type": "string", "pattern": CARD_PATTERN},
        uniqueItems=True,
    )


@attrs.frozen
class Following:
    """Duties of the players who follow."""

    follow_suit: bool = opt(True, "Follow suit if able.", source="1.1.12.1, 1.5.4")
    head_trick: bool = opt(True, "Beat the best card so far if able.", source="1.1.12.2, D16, D88")
    trump_when_void: TrumpWhenVoid = opt(
        TrumpWhenVoid.IF_CAN_HEAD, "A player void in the suit led.", source="1.1.12.3, D17, D90"
    )
    head_when_trumped: HeadWhenTrumped = opt(
        HeadWhenTrumped.FREE, "Following suit to a trumped trick.", source="1.1.12.2, D89"
    )
    be_civil: BeCivil = opt(
        BeCivil.UNLESS_REVOKE,
        'When the ace of trumps is led, the promoted card must not win the trick ("Pam be civil").',
        source="1.2.8, D30",
    )
    civil_call: CivilCall = opt(
        CivilCall.REQUIRED, 'Civility needs the call "Pam, be civil".', source="1.2.8, D30"
    )
    first_trick_barred: tuple[str, ...] = opt(
        (),
        "Cards (QS) and suits (H) that may not be played to the first trick unless the "
        "player holds nothing else he may play.",
        source="F1.1.5.3, F1.2.5, H4",
        items={"type": "string", "pattern": CARD_OR_SUIT_PATTERN},
        uniqueItems=True,
    )


@attrs.frozen
class Tricks:
    """How a trick is won, and ties."""

    winner: TrickWinner = opt(TrickWinner.SUIT_AND_TRUMPS, "How a trick is won.", source="1.5.4")
    equal_ranks: EqualRanks = opt(
        EqualRanks.TIE, "Equal ranks in a rank-only trick.", source="1.5.4"
    )


@attrs.frozen
class Flush:
    """A hand all of one suit (the promoted card counting as any) that sweeps the board."""

    enabled: bool = opt(False, "Flushes count.", source="1.2.9, D47")
    declare: FlushDeclare = opt(
        FlushDeclare.AFTER_DECLARATIONS, "When a flush is shown.", source="D32"
    )
    payers: FlushPayers = opt(FlushPayers.ALL_OTHERS, "Who pays a loo to the flush.", source="D34")
    exempt_promoted_holder: bool = opt(
        False, "The holder of the promoted card does not pay.", source="D35"
    )
    exempt_losing_flush: bool = opt(
        True, "The holder of a losing flush does not pay.", source="1.2.9.5"
    )
    destination: FlushDestination = opt(
        FlushDestination.TO_HOLDER, "Where the payments go.", source="D36"
    )
    next_deal: FlushNextDeal = derived(
        lambda flush: _next_deal(flush.destination),
        "The deal after a flush.",
        follows="destination",
        source="D37",
    )
    order: FlushOrder = opt(
        FlushOrder.TRUMP_FIRST, "Trump flush against promoted-card flush.", source="D38"
    )
    same_class: FlushSameClass = opt(
        FlushSameClass.PAM_THEN_ELDER, "Two flushes of the same class.", source="D39"
    )
    exact_tie: FlushExactTie = opt(FlushExactTie.ELDER_HAND, "Exactly equal flushes.", source="D40")


def _next_deal(destination: FlushDestination) -> FlushNextDeal:
    """D37 follows from D36: paid to the holder, nothing is carried and the next deal is a
    single; paid into the next pool, that deal is played for them."""
    if destination is FlushDestination.TO_HOLDER:
        return FlushNextDeal.SINGLE
    return FlushNextDeal.NORMAL


@attrs.frozen
class SpecialHands:
    """Hands that win without play."""

    flush: Flush = section(Flush)


@attrs.frozen
class Challenges:
    """Put's challenges: throwing up, declining to play, "I put", see and refuse."""

    enabled: bool = opt(
        False,
        "Challenges are made, between exactly two sides (two players, or two partnerships): "
        "nobody declares, no miss is dealt, and the deal is played for points.",
        source="1.5.6",
    )
    model: ChallengeModel = opt(
        ChallengeModel.HOYLE, "Who may challenge, when, and for what.", source="D54"
    )
    follower_may_concede: bool = opt(
        True, "The follower may decline to play to a lead.", source="D55"
    )
    put_binding: bool = opt(True, 'Who says "I put" must abide the event.', source="D57")
    played_out_value: PlayedOutValue = opt(
        PlayedOutValue.GAME, "What a deal played out is worth.", source="D50"
    )
    trick_and_tie: TrickAndTie = opt(
        TrickAndTie.NO_SCORE, "One trick each and a tie.", source="D51"
    )
    one_trick_two_ties: OneTrickTwoTies = opt(
        OneTrickTwoTies.WINS, "One trick won, two tied.", source="D52"
    )
    point: int = opt(
        1,
        "Points for a throw-up, a refused put or a declined lead.",
        source="1.5.6",
        minimum=1,
        maximum=MAX_POINTS,
    )


@attrs.frozen
class Partnerships:
    """Partners sitting opposite, and a card passed to the one who plays."""

    enabled: bool = opt(False, "Two sides of two, partners opposite.", source="1.6.1, F2.2.1")
    play: PartnersPlay = opt(
        PartnersPlay.RECEIVERS,
        "Who plays: one of each pair, his partner giving him a card (receivers), or all "
        "four, each side's tricks and scores counted together (all).",
        source="1.6.3, F2.1.1, F2.2.1",
    )
    pass_card: PassCard = opt(
        PassCard.BEST, "What the giver passes to his partner.", source="1.6.2, D58"
    )
    receiver_discard: ReceiverDiscard = opt(
        ReceiverDiscard.ANY, "What the receiver lays out.", source="D59"
    )


@attrs.frozen
class Passing:
    """Cards passed before the play, each player giving some of his to another."""

    cards: int = opt(
        0,
        "Cards each player passes before the play, all choosing before any receives "
        "(0: no passing).",
        source="F1.1.4.3, F1.2.3, H2",
        minimum=0,
        maximum=13,
    )
    directions: tuple[str, ...] = opt(
        ("left", "right", "across", "hold"),
        "Where the cards go: to the left, right, across, or hold (no passing that deal); "
        "taken in turn, one a deal, or drawn among (passing.choice).",
        source="F1.2.3, H1",
        items={"enum": [d.value for d in PassDirection]},
        minItems=1,
    )
    choice: PassChoice = opt(
        PassChoice.CYCLE,
        "The directions in turn, one a deal from the first (cycle), or one drawn at random "
        "for each deal, alike (chance).",
        source="F1.1.4.1, F1.2.3, H1",
    )


@attrs.frozen
class CardPoints:
    """Points for the cards taken in tricks (Hearts' penalty cards)."""

    values: tuple[tuple[str, int], ...] = opt(
        (),
        "Points for each card (QS: 13) or each card of a suit (H: 1) taken in a trick, "
        "counted against its taker; a card named on its own counts its own value, not its "
        "suit's; cards not named are worth nothing. Empty: no card points.",
        source="F1.1.7, F1.2.7, H7",
        type="object",
        propertyNames={"pattern": CARD_OR_SUIT_PATTERN},
        additionalProperties={"type": "integer", "minimum": -MAX_POINTS, "maximum": MAX_POINTS},
    )
    moon: Moon = opt(
        Moon.NONE,
        "A player who takes every card worth more than nothing: no such rule (none), or "
        "the points of those cards count against each other player instead of him "
        "(others_take).",
        source="F1.1.8, F1.2.8, H8",
    )
    no_trick: int = opt(
        0,
        "Points counted against a player who took no trick (-5: a bonus), unless the moon "
        "was shot.",
        source="F1.1.2, H9",
        minimum=-MAX_POINTS,
        maximum=MAX_POINTS,
    )
    base: int = opt(
        0,
        "What each player scores for a deal before his card points are taken off (26: the "
        "deal's score is 26 less his points).",
        source="F1.1.8",
        minimum=0,
        maximum=MAX_POINTS,
    )


SECTIONS = (
    "players",
    "pack",
    "promoted",
    "deal",
    "trumps",
    "declarations",
    "bidding",
    "exchange",
    "leads",
    "following",
    "tricks",
    "special_hands",
    "challenges",
    "partnerships",
    "passing",
    "card_points",
    "wagers",
    "settlement",
    "session",
    "words",
)


#: Keys the format once had and no longer has, each with why and what to write instead
#: (``reason``, ``suggestion``): a rule file that still sets one is told this, at the key.
RETIRED: dict[str, tuple[str, str]] = {
    "declarations.all_pass": (
        "when all before the dealer throw up, the dealer takes the pool: that is the only "
        "rule (1.1.8.1, D42)",
        "remove it",
    ),
    "declarations.miss_holder_unopposed": (
        "the only stander, holding the miss, takes the pool when the dealer throws up: that "
        "is the only rule (1.1.8.3)",
        "remove it",
    ),
    "tricks.tied_trick_leader": (
        "after a tied trick the player who led to it leads again: that is the only rule (D56)",
        "remove it",
    ),
    "special_hands.flush.next_deal": (
        "the deal after a flush follows from special_hands.flush.destination (D36, D37): a "
        "single when the payments go to the holder, a normal deal when they go into the pool",
        "remove it, and set special_hands.flush.destination",
    ),
    "challenges.three_ties": (
        "a deal in which every trick is tied scores nothing: that is the only rule (D53)",
        "remove it",
    ),
    "wagers.unlimited_basis": (
        "an unlimited loo is the pool played for: that is the only rule (D19)",
        "remove it",
    ),
}


@attrs.frozen(cache_hash=True)
class Rules:
    """The effective rules of a game after every overlay: what the engine plays.

    Build one with :func:`cardrules.load_variant`; ``Rules()`` is the default
    game (Three-Card Loo as Peel gives it).
    """

    name: str = opt(
        "unnamed",
        "The variant's name: lower case words joined by hyphens.",
        pattern="^[a-z0-9][a-z0-9-]*$",
    )
    title: str = opt("", 'The name for people ("Five-Card Loo").')
    kind: Kind = opt(Kind.GAME, "A whole game, or a house rule applied on top of one.")
    aliases: tuple[str, ...] = opt(
        (),
        "Other names it is found by.",
        items={"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
    )
    description: str = opt("", "One line on what it is.")
    sources: tuple[str, ...] = opt((), "Where its rules come from.", items={"type": "string"})
    house_rules: tuple[str, ...] = opt(
        (), "House rules applied, in order.", items={"type": "string"}
    )
    players: Players = section(Players)
    pack: Pack = section(Pack)
    promoted: Promoted = section(Promoted)
    deal: DealSection = section(DealSection)
    trumps: Trumps = section(Trumps)
    declarations: Declarations = section(Declarations)
    bidding: Bidding = section(Bidding)
    exchange: Exchange = section(Exchange)
    leads: Leads = section(Leads)
    following: Following = section(Following)
    tricks: Tricks = section(Tricks)
    special_hands: SpecialHands = section(SpecialHands)
    challenges: Challenges = section(Challenges)
    partnerships: Partnerships = section(Partnerships)
    passing: Passing = section(Passing)
    card_points: CardPoints = section(CardPoints)
    wagers: Wagers = section(Wagers)
    settlement: Settlement = section(Settlement)
    session: SessionSection = section(SessionSection)
    words: Words = section(Words)

    @property
    def max_players(self) -> int:
        """The most players allowed: the file's ``players.max`` or what the pack holds."""
        deal = self.deal
        pack = self.pack
        size = pack_size(pack.cards.value, pack.ranks, len(pack.suits))
        hand = smallest(deal.sizes, deal.hand_size)  # the fewest cards a deal deals
        # The turn-up takes a card of its own unless it is the dealer's (applies.turn_up_apart,
        # which this module cannot import).
        apart = self.trumps.turn_up and self.trumps.turn_up_to is not TurnUpTo.DEALER
        limit = pack_capacity(size, hand, miss=deal.miss, turn_up=apart)
        return limit if self.players.max is None else min(self.players.max, limit)


def from_mapping(cls: type, data: dict[str, Any]) -> Any:
    """Build a model class from a validated mapping (keys are field names).

    Missing keys take the model's defaults; enum values become enums; lists
    become tuples. This is the one place raw mappings become the model.

    >>> from_mapping(DealSection, {"hand_size": 5, "packets": [3, 2]}).packets
    (3, 2)
    """
    kwargs: dict[str, Any] = {}
    for f in attrs.fields(cls):
        if f.name not in data or not settable(f):
            continue
        value = data[f.name]
        ftype = _field_class(cls, f.name)
        if attrs.has(ftype):
            kwargs[f.name] = from_mapping(ftype, value or {})
        elif isinstance(value, dict):  # a table of values (card points): sorted pairs
            kwargs[f.name] = tuple(sorted((str(k), v) for k, v in value.items()))
        elif isinstance(ftype, type) and issubclass(ftype, enum.Enum):
            kwargs[f.name] = ftype(value)
        elif isinstance(value, list):
            kwargs[f.name] = tuple(value)
        else:
            kwargs[f.name] = value
    return cls(**kwargs)


_TYPES: dict[tuple[type, str], Any] = {}
#: Each class's evaluated annotations (evaluating them is most of the cost of reading a
#: rule file's first model: once a class, not once a field).
_HINTS: dict[type, dict[str, Any]] = {}


def _field_class(cls: type, name: str) -> Any:
    """The runtime class of a field's annotation (enum, section class, or builtin)."""
    key = (cls, name)
    if key not in _TYPES:
        hints = _HINTS.get(cls)
        if hints is None:
            hints = _HINTS[cls] = typing.get_type_hints(cls)
        hint = hints[name]
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if typing.get_origin(hint) is tuple:
            _TYPES[key] = tuple
        elif args and typing.get_origin(hint) is not None:
            _TYPES[key] = args[0]
        else:
            _TYPES[key] = hint
    return _TYPES[key]


def field_class(cls: type, name: str) -> Any:
    """Public view of a field's runtime class (used by the schema generator and describe)."""
    return _field_class(cls, name)
