"""The option enums of the rules model: the words a rule file may write for an option.

Each enum is one option's values; its docstring is the option's question and each
member's value is the word written in rule files (``if_can_head``). The sections of
:mod:`cardrules.rules.model` use them as field types, and the model re-exports every one
of them, so ``from cardrules.rules.model import TrumpWhenVoid`` keeps working.

>>> TrumpWhenVoid("always"), str(TrumpWhenVoid.ALWAYS)
(<TrumpWhenVoid.ALWAYS: 'always'>, 'always')
"""

from __future__ import annotations

import enum

__all__ = [
    "Ante",
    "AnteExcused",
    "AwardTie",
    "BeCivil",
    "BidHook",
    "Breaking",
    "ChallengeModel",
    "Choice",
    "Cinch",
    "CivilCall",
    "ContractBy",
    "ContractMade",
    "ContractMiss",
    "DealStart",
    "EqualRanks",
    "ExchangeMode",
    "ExchangeTiming",
    "ExchangeWord",
    "Finish",
    "FirstDeal",
    "FirstDealer",
    "FirstLeader",
    "FlushDeclare",
    "FlushDestination",
    "FlushExactTie",
    "FlushNextDeal",
    "FlushOrder",
    "FlushPayers",
    "FlushSameClass",
    "HeadWhenTrumped",
    "HonourTrump",
    "Kind",
    "LoneStander",
    "LooMode",
    "LooedWord",
    "MissPosition",
    "MixedFloor",
    "Moon",
    "OneTrickTwoTies",
    "OthersVoid",
    "PackName",
    "PamAndAce",
    "PartnersPlay",
    "PassCard",
    "PassChoice",
    "PassDirection",
    "PeelSingleLooed",
    "PlayedOutValue",
    "PoolAward",
    "PoolWord",
    "ReceiverDiscard",
    "Remainder",
    "Restock",
    "Scoring",
    "SingleDefinition",
    "SingleLoo",
    "StandWord",
    "ThrowUpWord",
    "TrickAndTie",
    "TrickWinner",
    "TrumpAfterTrick",
    "TrumpAfterTrickScope",
    "TrumpWhenVoid",
    "TurnUpTo",
    "TwoOrMoreTrumps",
]


class Choice(str, enum.Enum):
    """Base of the option enums: the value is the word written in rule files."""

    def __str__(self) -> str:
        return str(self.value)


class PackName(Choice):
    """The pack: all 52 cards, the 32 of a piquet or bezique pack (A K Q J T 9 8 7), or
    the ranks that pack.ranks lists (listed)."""

    FULL52 = "full52"
    PIQUET32 = "piquet32"
    LISTED = "listed"


class MissPosition(Choice):
    """Where the miss receives its cards in each round of the deal (D5)."""

    AFTER_DEALER_EACH_ROUND = "after_dealer_each_round"
    FIRST_EACH_ROUND = "first_each_round"
    BLOCK_AT_END = "block_at_end"


class LoneStander(Choice):
    """Exactly one player stands on his own hand before the dealer (D9, D42)."""

    DEALER_PLAYS_MISS_FOR_POOL = "dealer_plays_miss_for_pool"
    DEALER_MAY_CONCEDE = "dealer_may_concede"
    #: Games without a miss (D42): the dealer stands and plays, or throws up and the
    #: lone stander takes the pool without play.
    STANDER_TAKES_POOL_IF_DEALER_THROWS_UP = "stander_takes_pool_if_dealer_throws_up"


class ExchangeMode(Choice):
    """Exchanging cards with the stock while declaring (D44)."""

    NONE = "none"
    ONCE_ANY_NUMBER = "once_any_number"


class ExchangeTiming(Choice):
    """When the exchanges are made: each with its player's declaration, or in turn once
    everybody has declared (1.8.7, D78)."""

    WITH_DECLARATION = "with_declaration"
    AFTER_DECLARATIONS = "after_declarations"


class Restock(Choice):
    """What is shuffled and dealt on when the stock runs out in the middle of the exchanges
    (1.8.8, D80): nothing (``none``: nobody may exchange more cards than the stock holds);
    the discards and the folded hands together (``discards_and_folds``); the folded hands,
    then the discards (``folds_first``); the discards alone (``discards_only``). The
    discards of the player being served are never among them."""

    NONE = "none"
    DISCARDS_AND_FOLDS = "discards_and_folds"
    FOLDS_FIRST = "folds_first"
    DISCARDS_ONLY = "discards_only"


class FirstLeader(Choice):
    """Who leads to the first trick (D11)."""

    ELDER_HAND = "elder_hand"
    MISS_HOLDER = "miss_holder"


class TwoOrMoreTrumps(Choice):
    """The first leader holding two or more trumps (D12)."""

    HIGHEST = "highest"
    ANY_TRUMP = "any_trump"
    FREE = "free"


class TrumpAfterTrick(Choice):
    """The duty of a trick's winner to lead trumps next (D15)."""

    HIGHEST_TRUMP = "highest_trump"
    ANY_TRUMP = "any_trump"
    NONE = "none"


class TrumpAfterTrickScope(Choice):
    """Which tricks' winners bear that duty: Peel the first, Cassell every one (D15)."""

    FIRST_TRICK = "first_trick"
    EVERY_TRICK = "every_trick"


class PamAndAce(Choice):
    """The leader holds both the promoted card and the ace of trumps (D31)."""

    PAM_IS_HIGHEST = "pam_is_highest"
    ACE_COMPULSORY = "ace_compulsory"


class TurnUpTo(Choice):
    """Whose card the turn-up is: nobody's (the next card after the deal), or the
    dealer's own last card, dealt face up."""

    NOBODY = "nobody"
    DEALER = "dealer"


class TrumpWhenVoid(Choice):
    """A player void in the suit led (D17)."""

    IF_CAN_HEAD = "if_can_head"
    ALWAYS = "always"
    ANY_TRUMP = "any_trump"
    HIGHEST_TRUMP = "highest_trump"
    NEVER = "never"


class HeadWhenTrumped(Choice):
    """Following suit to a trick already trumped: any card of the suit, or one that beats
    the best card of the suit played so far."""

    FREE = "free"
    BEAT_BEST_OF_SUIT = "beat_best_of_suit"


class Cinch(Choice):
    """What makes a cinch, a holding sure of a majority of the tricks, which binds its
    holder to lead (and play) his highest trump."""

    NONE = "none"
    GUARANTEED = "guaranteed"
    AKQ = "akq"


class HonourTrump(Choice):
    """The first leader holding the ace, king or queen of trumps."""

    OFF = "off"
    FIRST_LEAD_HIGHEST = "first_lead_highest"
    FIRST_LEAD_ANY_HONOUR = "first_lead_any_honour"


class OthersVoid(Choice):
    """A leader must lead a trump when the others have none: never, when they have shown
    it in the play, or whenever they hold none."""

    NONE = "none"
    PUBLIC = "public"
    ACTUAL = "actual"


class BeCivil(Choice):
    """ "Pam be civil": the promoted card when the ace of trumps is led (D30)."""

    UNLESS_REVOKE = "unless_revoke"
    STRICT = "strict"
    OFF = "off"


class CivilCall(Choice):
    """Whether civility needs the leader's call "Pam, be civil" (1.2.8, D30)."""

    REQUIRED = "required"
    NOT_NEEDED = "not_needed"


class TrickWinner(Choice):
    """How a trick is won: by suit and trumps, or by rank alone (Put)."""

    SUIT_AND_TRUMPS = "suit_and_trumps"
    RANK_ONLY = "rank_only"


class EqualRanks(Choice):
    """Two cards of equal rank in a rank-only trick."""

    TIE = "tie"
    FIRST_PLAYED_WINS = "first_played_wins"


class FlushDeclare(Choice):
    """When a flush is shown (D32, D33)."""

    AFTER_DECLARATIONS = "after_declarations"
    AT_ONCE = "at_once"


class FlushPayers(Choice):
    """Who pays the flush (D34)."""

    ALL_OTHERS = "all_others"
    STANDERS_ONLY = "standers_only"


class FlushDestination(Choice):
    """Where flush payments go (D36)."""

    TO_HOLDER = "to_holder"
    NEXT_POOL = "next_pool"


class FlushNextDeal(Choice):
    """What the deal after a flush is (D37)."""

    SINGLE = "single"
    NORMAL = "normal"


class FlushOrder(Choice):
    """Precedence between a trump flush and a flush holding the promoted card (D38)."""

    TRUMP_FIRST = "trump_first"
    PAM_FIRST = "pam_first"


class FlushSameClass(Choice):
    """Two flushes of the same class (D39, D41)."""

    PAM_THEN_ELDER = "pam_then_elder"
    BETTER_CARDS = "better_cards"
    ELDER_HAND = "elder_hand"


class FlushExactTie(Choice):
    """Two flushes exactly equal under ``better_cards`` (D40)."""

    ELDER_HAND = "elder_hand"
    SPLIT_POOL = "split_pool"


class ChallengeModel(Choice):
    """Who may throw up or say "I put", and when, and what each is worth (D54)."""

    HOYLE = "hoyle"
    ENQUIRE_WITHIN = "enquire_within"
    PARLETT = "parlett"
    COTTON = "cotton"


class PlayedOutValue(Choice):
    """What a deal played to its end is worth (D50)."""

    GAME = "game"
    ONE_POINT = "one_point"


class TrickAndTie(Choice):
    """One trick each and a tie (D51)."""

    NO_SCORE = "no_score"
    RESTART_GAME = "restart_game"


class OneTrickTwoTies(Choice):
    """One trick won and two tied (D52)."""

    WINS = "wins"
    NO_SCORE = "no_score"


class PassCard(Choice):
    """What a partner passes to the one who plays (D58)."""

    BEST = "best"
    ANY = "any"


class ReceiverDiscard(Choice):
    """What the receiving partner lays out in lieu of the card received (D59)."""

    ANY = "any"
    WORST = "worst"


class Scoring(Choice):
    """What a deal is played for: counters in a pool, or points in a race."""

    POOL = "pool"
    POINTS = "points"


class Ante(Choice):
    """Who pays into the pool before a deal (D2)."""

    DEALER_ONLY = "dealer_only"
    ALL_PLAYERS = "all_players"
    ALL_PLAYERS_DEALER_DOUBLE = "all_players_dealer_double"


class AnteExcused(Choice):
    """Who, by the last deal's result, does not ante for the next deal."""

    NONE = "none"
    LOOED_AND_TIED = "looed_and_tied"
    TIED = "tied"


class PoolAward(Choice):
    """Who takes the pool of a deal played out: a share for each trick, or all of it to
    the one player with the most tricks (or a majority of them)."""

    BY_TRICKS = "by_tricks"
    MOST_TRICKS = "most_tricks"
    MAJORITY = "majority"


class AwardTie(Choice):
    """Two or more players share the most tricks, when the pool goes to one player."""

    CARRY_OVER = "carry_over"
    DIVIDE = "divide"


class LooMode(Choice):
    """How much a loo costs: fixed, the pool played for, or that up to a cap (1.4)."""

    LIMITED = "limited"
    UNLIMITED = "unlimited"
    MIXED = "mixed"


class MixedFloor(Choice):
    """Whether a mixed loo is at least the ordinary loo (D20)."""

    NONE = "none"
    ORDINARY_LOO = "ordinary_loo"


class SingleLoo(Choice):
    """The penalty "single loo" for irregularities (D4)."""

    HALF_LOO = "half_loo"
    DEAL_STAKE = "deal_stake"
    FULL_LOO = "full_loo"


class Remainder(Choice):
    """A pool that does not divide by the number of tricks (D18)."""

    EARLIEST_TRICKS_FIRST = "earliest_tricks_first"
    CARRY_FORWARD = "carry_forward"


class SingleDefinition(Choice):
    """What makes the next deal a single (D21)."""

    POOL_ONLY_DEALER_STAKE = "pool_only_dealer_stake"
    NO_LOO = "no_loo"


class FirstDealer(Choice):
    """How the first dealer of a session is found (D1, D49)."""

    LOWEST_CUT = "lowest_cut"
    FIRST_KNAVE = "first_knave"
    HIGHEST_CUT = "highest_cut"
    HIGHEST_PUT_CARD = "highest_put_card"
    LOWEST_CARD = "lowest_card"


class FirstDeal(Choice):
    """The first deal of a session (D7)."""

    NORMAL = "normal"
    ALL_STAND_NO_MISS = "all_stand_no_miss"
    ALL_ANTE_WITH_MISS = "all_ante_with_miss"
    PEEL_EXPOSED_SINGLE = "peel_exposed_single"


class PeelSingleLooed(Choice):
    """Who is looed in Peel's exposed-card single (D8)."""

    ALL_OTHERS = "all_others"
    OTHER_SUPERIOR_ONLY = "other_superior_only"


class Finish(Choice):
    """When a session ends (D23)."""

    UNTIL_SINGLE = "until_single"
    EQUAL_DEALS_THEN_NO_LOO = "equal_deals_then_no_loo"
    TARGET_POINTS = "target_points"
    FIXED_DEALS = "fixed_deals"
    DIVIDE_POOL = "divide_pool"
    RELEASE_LOOS = "release_loos"
    END_OF_SCHEDULE = "end_of_schedule"
    LOSS_LIMIT = "loss_limit"


class Kind(Choice):
    """A whole game, or a house rule applied on top of one."""

    GAME = "game"
    HOUSE_RULE = "house_rule"


class DealStart(Choice):
    """Who receives the first card of a deal: the dealer's left, always seat 0 (whoever
    deals; the dealer then fixes only who bids and leads first), or the dealer himself
    (OpenSpiel's Euchre)."""

    DEALER_LEFT = "dealer_left"
    SEAT0 = "seat0"
    DEALER = "dealer"


class BidHook(Choice):
    """The hook: the dealer, bidding last, may not bid the number that makes the bids add
    up to the number of tricks."""

    DEALER = "dealer"
    NOT_IN_ONE_CARD_DEAL = "not_in_one_card_deal"
    NONE = "none"


class ContractMiss(Choice):
    """What a player scores who does not take exactly the tricks he bid: his tricks at
    the price of a trick; minus that price for each trick over or under; nothing; or
    minus the price of each trick bid."""

    TRICKS = "tricks"
    MINUS_DIFF = "minus_diff"
    ZERO = "zero"
    MINUS_BID = "minus_bid"


class StandWord(Choice):
    """What the game calls declaring that one will play the deal: Loo's stand, or
    Bourré's play or stay."""

    STAND = "stand"
    PLAY = "play"
    STAY = "stay"


class ThrowUpWord(Choice):
    """What the game calls declaring that one will not play the deal: Loo's throw up (his
    hand), or Bourré's pass or fold."""

    THROW_UP = "throw_up"
    PASS = "pass"
    FOLD = "fold"


class PoolWord(Choice):
    """What the game calls the counters played for in a deal: Loo's pool, or Bourré's pot."""

    POOL = "pool"
    POT = "pot"


class LooedWord(Choice):
    """What the game calls a player who stood and took no trick: looed, paying a loo (Loo),
    or bourré, paying a penalty (Bourré: he goes bourré)."""

    LOOED = "looed"
    BOURRE = "bourré"


class ExchangeWord(Choice):
    """What the game calls laying out cards and taking as many from the stock: Loo's
    exchange, or Bourré's draw."""

    EXCHANGE = "exchange"
    DRAW = "draw"


class PassDirection(Choice):
    """Where the cards passed before the play go: to the player on the left (the next
    clockwise), on the right, across the table (with an even number of players), or
    nowhere (hold: no passing that deal)."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


class PassChoice(Choice):
    """How each deal's passing direction is found: the directions in turn, deal by deal
    (cycle), or one of them drawn at random for each deal (chance)."""

    CYCLE = "cycle"
    CHANCE = "chance"


class Breaking(Choice):
    """When a suit barred from the lead is broken: once a card of it (or a breaker) has been
    played to any trick (on_play), or never, so that it is led only by a player who holds
    nothing else (never)."""

    ON_PLAY = "on_play"
    NEVER = "never"


class Moon(Choice):
    """A player who takes every card worth points above nothing ("shoots the moon"): no
    such rule (none), or his points go to each other player instead (others_take)."""

    NONE = "none"
    OTHERS_TAKE = "others_take"


class PartnersPlay(Choice):
    """Who plays in a partnership: one of each pair, his partner giving him a card and
    laying out the rest (receivers, Four-Handed Put), or all four, each side's tricks and
    contract counted together (all, Whist and Spades)."""

    RECEIVERS = "receivers"
    ALL = "all"


class ContractBy(Choice):
    """Whose contract a bid makes: each player's own (player), or his side's, the partners'
    bids added, a nil bid apart (side)."""

    PLAYER = "player"
    SIDE = "side"


class ContractMade(Choice):
    """When a contract is made: with exactly the tricks bid (exact), or with at least
    them, the tricks over being overtricks (at_least)."""

    EXACT = "exact"
    AT_LEAST = "at_least"
