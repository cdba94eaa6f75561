"""The sources of each rule, as data: which rules of ``docs/sources.md`` (or, for Hearts and
Spades, ``docs/families.md``) state an option's value in a given game.

An option's field in :mod:`cardrules.rules.model` lists every source the option has
anywhere (its ``source`` metadata, shown in ``docs/format.md``); a rulebook needs fewer:
the sources that state *this value* in *this game*. Five-card loo's players follow Peel's
"not suitable for more than six players" (1.2.1, D28), not Put's "generally by two"
(1.5.1, D48), although both bound ``players.max``. This module holds that finer table:

- :data:`GAMES`: each kind of game and its sections of the sources (the consolidated
  rules, ``1.2``, and the disagreements, ``D26``-``D43``, that concern it; Hearts's are
  ``F1.1`` and ``F1.2`` of ``docs/families.md``, and its disagreements ``H1``-``H10``;
  Spades's ``F2.1`` and ``F2.2``, and ``S1``-``S9``);
- :data:`CITES`: one row per option, value and kind of game, with the sources that
  state that value there; :data:`ONE_WAY` the same for the rules the engine always plays
  one way, which no option chooses.

A rule file's kind of game is read from its rules (:func:`game_of`), not from its name,
so that a house-rule file that extends five-card loo cites five-card loo's sources.
The keys are the rules model's (:mod:`cardrules.rules.passages` says how a rulebook cites
them and where each is).

>>> from cardrules.rules.model import Rules
>>> sources_of("players.max", Rules()), sources_of("wagers.loo", Rules())
(('1.1.1', 'D24'), ('1.1.14.3',))
>>> game_of(Rules()).value
'three-card loo'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any

from cardrules.rules.applies import card_points_counted, side_contracts
from cardrules.rules.model import ExchangeMode, PoolAward, Rules

__all__ = [
    "ANY",
    "CITES",
    "GAMES",
    "ONE_WAY",
    "Game",
    "GameSections",
    "belongs",
    "game_of",
    "sources_for",
    "sources_of",
]


class Game(enum.Enum):
    """The kinds of game the sources describe, each with its own sections."""

    THREE_CARD = "three-card loo"
    FIVE_CARD = "five-card loo"
    IRISH = "Irish loo"
    PUT = "two-handed put"
    PUT_FOUR = "four-handed put"
    OH_HELL = "Oh Hell"
    BOURRE = "Bourré"
    HEARTS = "Hearts"
    SPADES = "Spades"


def game_of(rules: Rules) -> Game:
    """The kind of game ``rules`` are, read from the rules themselves.

    Bids make Oh Hell, or Spades where the partners' bids make their side's contract;
    challenges make Put (with partners, four-handed Put); cards that
    count points against their taker make Hearts; the pool to one player
    (``settlement.award``) makes Bourré; five cards make five-card loo; an exchange with the
    stock and no miss makes Irish loo; anything else is three-card loo.

    >>> from cardrules.rules.model import DealSection
    >>> game_of(Rules(deal=DealSection(hand_size=5, miss=False))).name
    'FIVE_CARD'
    """
    if rules.bidding.enabled:
        return Game.SPADES if side_contracts(rules) else Game.OH_HELL
    if rules.challenges.enabled:
        return Game.PUT_FOUR if rules.partnerships.enabled else Game.PUT
    if card_points_counted(rules):
        return Game.HEARTS
    if rules.settlement.award is not PoolAward.BY_TRICKS:
        return Game.BOURRE
    if rules.deal.hand_size == 5:
        return Game.FIVE_CARD
    if rules.exchange.mode is not ExchangeMode.NONE and not rules.deal.miss:
        return Game.IRISH
    return Game.THREE_CARD


class GameSections:
    """The sections of the documents of rules that concern a game: rule numbers under
    ``rules`` (``1.2`` covers 1.2.9.4 of ``docs/sources.md``, ``F1.2`` covers F1.2.3 of
    ``docs/families.md``) and the disagreements in ``disagreements``, each range ``(first,
    last)`` taking both ends, of the letter ``letter`` (``D``, ``docs/sources.md``'s; ``H``,
    Hearts's in ``docs/families.md``, ``S`` Spades's).

    >>> "H4" in GAMES[Game.HEARTS], "D4" in GAMES[Game.HEARTS], "F1.2.3" in GAMES[Game.HEARTS]
    (True, False, True)
    """

    def __init__(
        self, rules: tuple[str, ...], *disagreements: tuple[int, int], letter: str = "D"
    ) -> None:
        self.rules = rules
        self.disagreements = disagreements
        self.letter = letter

    def __contains__(self, source: object) -> bool:
        if not isinstance(source, str):
            return False
        disagreement = re.fullmatch(r"([A-Z])(\d+)", source)
        if disagreement:
            letter, number = disagreement.group(1), int(disagreement.group(2))
            return letter == self.letter and any(
                first <= number <= last for first, last in self.disagreements
            )
        return any(source == r or source.startswith(r + ".") for r in self.rules)


#: Each game's sections of the sources. Five-card loo is played "as at three-card loo"
#: where it says nothing else (1.2.7: "In other respects the game resembles three-card
#: loo"), Irish loo is "virtually the same as the five-card variety" (1.3.1), and
#: every Loo game may take the variations of 1.4; four-handed Put is two-handed Put
#: with partners (1.6.4).
GAMES: dict[Game, GameSections] = {
    Game.THREE_CARD: GameSections(("1.1", "1.4"), (1, 25)),
    Game.FIVE_CARD: GameSections(("1.1", "1.2", "1.4"), (1, 43)),
    Game.IRISH: GameSections(("1.1", "1.2", "1.3", "1.4"), (1, 47)),
    Game.PUT: GameSections(("1.5",), (48, 57), (60, 60)),
    Game.PUT_FOUR: GameSections(("1.5", "1.6"), (48, 60)),
    Game.OH_HELL: GameSections(("1.7",), (61, 71), (83, 83)),
    Game.BOURRE: GameSections(("1.8",), (72, 82), (84, 91)),
    # Hearts as people play it (F1.2) and as OpenSpiel does (F1.1), and their disagreements.
    Game.HEARTS: GameSections(("F1.1", "F1.2"), (1, 10), letter="H"),
    # Spades as people play it (F2.2) and as OpenSpiel does (F2.1), and their disagreements.
    Game.SPADES: GameSections(("F2.1", "F2.2"), (1, 9), letter="S"),
}

#: A row's value that matches every value of the option.
ANY = "*"

_LOO = (Game.THREE_CARD, Game.FIVE_CARD, Game.IRISH)
_PUTS = (Game.PUT, Game.PUT_FOUR)
_THREE, _FIVE, _IRISH = (Game.THREE_CARD,), (Game.FIVE_CARD,), (Game.IRISH,)
_THREE_IRISH = (Game.THREE_CARD, Game.IRISH)
_OH = (Game.OH_HELL,)
_BR = (Game.BOURRE,)
_PAM = (Game.FIVE_CARD, Game.IRISH)  # the games whose sections speak of Pam and flushes
_HE = (Game.HEARTS,)
_SP = (Game.SPADES,)

#: ``(option, value, games, sources)``: in those games, that value of the option
#: (a model value; an option word such as ``"limited"`` equals its enum member) is
#: stated by those sources. :data:`ANY` matches every value; an option's sources in
#: a game are those of every row that matches.
CITES: tuple[tuple[str, Any, tuple[Game, ...], str], ...] = (
    # 1. Players and pack
    ("players.min", ANY, _LOO, "1.1.1"),
    ("players.min", ANY, (Game.PUT,), "1.5.1, D48"),
    ("players.min", ANY, (Game.PUT_FOUR,), "1.6.1, D48"),
    ("players.max", ANY, _THREE, "1.1.1, D24"),
    ("players.max", ANY, _FIVE, "1.2.1, D28"),
    ("players.max", ANY, _IRISH, "1.1.1"),  # no source: the pack's limit, as at three-card
    ("players.max", ANY, (Game.PUT,), "1.5.1, D48"),
    ("players.max", ANY, (Game.PUT_FOUR,), "1.6.1, D48"),
    ("players.dealer_sits_out_above", ANY, _LOO, "1.1.1, D25"),
    ("partnerships.enabled", True, (Game.PUT_FOUR,), "1.6.1"),
    ("pack.cards", "full52", _LOO, "1.1.2"),
    ("pack.cards", "piquet32", _LOO, "1.1.2, 1.4.4"),
    ("pack.cards", ANY, _PUTS, "1.5.1, D60"),
    ("pack.ranks", ANY, _THREE_IRISH, "1.1.2"),
    ("pack.ranks", ANY, _FIVE, "1.2.2"),
    ("pack.ranks", ANY, _PUTS, "1.5.2"),
    ("promoted.card", "JC", _PAM, "1.2.4, D26"),
    ("promoted.card", "jack_of_trumps", _PAM, "1.2.4, D26"),
    ("promoted.card", None, _IRISH, "1.3.1"),
    ("promoted.card", None, _THREE, "1.1.2"),
    ("players.min", ANY, _OH, "1.7.1"),
    ("players.max", ANY, _OH, "1.7.1"),
    ("pack.cards", "full52", _OH, "1.7.2"),
    ("pack.cards", "listed", _OH, "1.7.2, D71"),
    ("pack.suits", ANY, _OH, "1.7.2, D71"),
    ("pack.ranks", ANY, _OH, "1.7.2"),
    ("promoted.card", None, _OH, "1.7.5"),
    # 2. The deal
    ("deal.hand_size", ANY, _OH, "1.7.3, D61"),
    ("deal.packets", ANY, _OH, "1.7.3"),
    ("deal.start", ANY, _OH, "1.7.3, D62"),
    ("deal.sizes.vary", ANY, _OH, "1.7.1, D61"),
    ("deal.sizes.low", ANY, _OH, "1.7.1, D61"),
    ("deal.sizes.high", ANY, _OH, "1.7.1, D61"),
    ("deal.sizes.turn_twice", ANY, _OH, "D83"),
    ("trumps.turn_up", True, _OH, "1.7.3, D63"),
    ("declarations.enabled", False, _OH, "1.7.4"),
    ("bidding.enabled", True, _OH, "1.7.4"),
    ("bidding.hook", ANY, _OH, "1.7.4, D64, D65"),
    ("deal.hand_size", ANY, _THREE, "1.1.5"),
    ("deal.hand_size", ANY, _FIVE, "1.2.5"),
    ("deal.hand_size", ANY, _IRISH, "1.3.1"),
    ("deal.hand_size", ANY, _PUTS, "1.5.3"),
    ("deal.packets", ANY, _THREE_IRISH, "1.1.5"),
    ("deal.packets", ANY, _FIVE, "1.2.5, D27"),
    ("deal.packets", ANY, _PUTS, "1.5.3"),
    ("deal.miss", True, _LOO, "1.1.5, D6"),
    ("deal.miss", False, _THREE, "1.1.17, D6"),
    ("deal.miss", False, _FIVE, "1.2.5"),
    ("deal.miss", False, _IRISH, "1.3.1"),
    ("deal.miss_position", ANY, _LOO, "1.1.5, D5"),
    ("trumps.turn_up", True, _THREE_IRISH, "1.1.5"),
    ("trumps.turn_up", True, _FIVE, "1.2.5"),
    ("trumps.turn_up", False, _PUTS, "1.5.2"),
    # 3. Declaring and exchanging, or passing
    ("declarations.enabled", True, _THREE, "1.1.7"),
    ("declarations.enabled", True, _FIVE, "1.2.6"),
    ("declarations.enabled", True, _IRISH, "1.3.1"),
    ("declarations.enabled", False, _LOO, "1.1.17"),
    ("declarations.enabled", False, (Game.PUT,), "1.5.6"),
    ("declarations.enabled", False, (Game.PUT_FOUR,), "1.6.2"),
    ("declarations.allow_throw_up", ANY, _THREE, "1.1.7, D6"),
    ("declarations.allow_throw_up", ANY, _FIVE, "1.2.6"),
    ("declarations.allow_throw_up", ANY, _IRISH, "1.3.1"),
    ("declarations.forced_play.turn_up_suits", ANY, _THREE, "1.4.1, D22"),
    ("declarations.forced_play.turn_up_suits", ANY, _FIVE, "1.2.10, 1.4.1, D22"),
    ("declarations.forced_play.turn_up_suits", ANY, _IRISH, "1.3.3, 1.4.1, D46"),
    ("declarations.forced_play.on_single", ANY, _LOO, "1.1.6, D21"),
    ("declarations.lone_stander", "dealer_plays_miss_for_pool", _LOO, "1.1.8.2, D9"),
    ("declarations.lone_stander", "dealer_may_concede", _LOO, "1.1.8.2, D9"),
    ("declarations.lone_stander", "stander_takes_pool_if_dealer_throws_up", _PAM, "D42"),
    ("declarations.miss_for_pool_looed", ANY, _LOO, "1.1.8.2, D10"),
    ("exchange.mode", "none", _LOO, "1.1.7"),
    ("exchange.mode", "once_any_number", _IRISH, "1.3.1, D44"),
    ("exchange.mode", "once_any_number", _FIVE, "1.2.6"),
    ("exchange.exchanger_must_play", ANY, _FIVE, "1.2.6"),
    ("exchange.exchanger_must_play", ANY, _IRISH, "1.3.1"),
    ("exchange.turnup_drawable", ANY, _PAM, "D43"),
    ("partnerships.pass_card", ANY, (Game.PUT_FOUR,), "1.6.2, D58"),
    ("partnerships.receiver_discard", ANY, (Game.PUT_FOUR,), "1.6.2, D59"),
    # 4. The play
    ("leads.enforced", ANY, _THREE, "1.1.10"),
    ("leads.enforced", ANY, _FIVE, "1.2.7, D31"),
    ("leads.enforced", ANY, _IRISH, "1.3.2"),
    ("leads.enforced", ANY, _PUTS, "1.5.4"),
    ("leads.first_leader", ANY, _LOO, "1.1.9, D11"),
    ("leads.first_leader", ANY, (Game.PUT,), "1.5.4"),
    ("leads.first_leader", ANY, (Game.PUT_FOUR,), "1.6.4"),
    ("leads.ace_compulsory", ANY, _LOO, "1.1.10.1"),
    ("leads.king_if_ace_turned", ANY, _LOO, "1.1.10.1, D14"),
    ("leads.two_or_more_trumps", ANY, _LOO, "1.1.10.2, D12"),
    ("leads.cassell_highest", ANY, _LOO, "1.1.10.3, D13"),
    ("leads.trump_after_trick", ANY, _LOO, "1.1.11, D15"),
    ("leads.trump_after_trick_scope", ANY, _LOO, "1.1.11, D15"),
    ("leads.pam_and_ace", ANY, _PAM, "D31"),
    ("leads.enforced", ANY, _OH, "1.7.5"),
    ("leads.first_leader", ANY, _OH, "1.7.5"),
    ("following.follow_suit", ANY, _OH, "1.7.5, D66"),
    ("following.head_trick", ANY, _OH, "1.7.5, D66"),
    ("following.trump_when_void", ANY, _OH, "1.7.5, D66"),
    ("tricks.winner", ANY, _OH, "1.7.5"),
    ("wagers.scoring", ANY, _OH, "1.7.6"),
    ("settlement.contract.per_trick", ANY, _OH, "1.7.6, D67, D69"),
    ("settlement.contract.bonus", ANY, _OH, "1.7.6, D67, D69"),
    ("settlement.contract.missed", ANY, _OH, "1.7.6, D68"),
    ("session.first_dealer", ANY, _OH, "1.7.7"),
    ("session.finish", ANY, _OH, "1.7.7"),
    ("session.rounds", ANY, _OH, "1.7.7"),
    ("following.follow_suit", ANY, _LOO, "1.1.12.1"),
    ("following.follow_suit", ANY, _PUTS, "1.5.4"),
    ("following.head_trick", ANY, _LOO, "1.1.12.2, D16"),
    ("following.trump_when_void", ANY, _LOO, "1.1.12.3, D17"),
    ("following.be_civil", ANY, _PAM, "1.2.8, D30"),
    ("following.civil_call", ANY, _PAM, "1.2.8, D30"),
    ("tricks.winner", ANY, _LOO, "1.1.12.4"),
    ("tricks.winner", ANY, _PUTS, "1.5.4"),
    ("tricks.equal_ranks", ANY, _PUTS, "1.5.4"),
    ("challenges.enabled", ANY, _PUTS, "1.5.6"),
    ("challenges.model", ANY, _PUTS, "1.5.6, D54"),
    ("challenges.follower_may_concede", ANY, _PUTS, "1.5.6.2, D55"),
    ("challenges.put_binding", ANY, _PUTS, "1.5.6.5, D57"),
    ("challenges.played_out_value", ANY, _PUTS, "1.5.6.4, D50"),
    ("challenges.trick_and_tie", ANY, _PUTS, "1.5.5, D51"),
    ("challenges.one_trick_two_ties", ANY, _PUTS, "1.5.5, D52"),
    ("challenges.point", ANY, _PUTS, "1.5.6"),
    # 5. Special hands
    ("special_hands.flush.enabled", ANY, _FIVE, "1.2.9"),
    ("special_hands.flush.enabled", ANY, _IRISH, "1.3.4, D47"),
    ("special_hands.flush.declare", ANY, _PAM, "1.2.9.1, D32, D33"),
    ("special_hands.flush.payers", ANY, _PAM, "1.2.9.2, D34"),
    ("special_hands.flush.exempt_promoted_holder", ANY, _PAM, "1.2.9.5, D35"),
    ("special_hands.flush.exempt_losing_flush", ANY, _PAM, "1.2.9.5"),
    ("special_hands.flush.destination", ANY, _PAM, "1.2.9.4, D36"),
    ("special_hands.flush.next_deal", ANY, _PAM, "1.2.9.6, D37"),
    ("special_hands.flush.order", ANY, _PAM, "1.2.9.7, D38"),
    ("special_hands.flush.same_class", ANY, _PAM, "1.2.9.7, D39"),
    ("special_hands.flush.exact_tie", ANY, _PAM, "1.2.9.7, D40"),
    # 6. Settlement
    ("wagers.scoring", ANY, _THREE, "1.1.14"),
    ("wagers.scoring", ANY, _FIVE, "1.2.7"),
    ("wagers.scoring", ANY, _IRISH, "1.3.2"),
    ("wagers.scoring", ANY, _PUTS, "1.5.7"),
    ("wagers.ante", ANY, _THREE_IRISH, "1.1.4, D2"),
    ("wagers.ante", ANY, _FIVE, "1.2.3, D2"),
    ("wagers.stake_deal", ANY, _THREE_IRISH, "1.1.4"),
    ("wagers.stake_deal", ANY, _FIVE, "1.2.3, D29"),
    ("wagers.stake_loo", ANY, _THREE_IRISH, "1.1.4, D3"),
    ("wagers.stake_loo", ANY, _FIVE, "1.2.3, D3"),
    ("wagers.loo", "limited", _LOO, "1.1.14.3"),
    ("wagers.loo", "unlimited", _LOO, "1.4.2"),
    ("wagers.loo", "mixed", _LOO, "1.4.3"),
    ("wagers.mixed_cap", ANY, _LOO, "1.4.3"),
    ("wagers.mixed_floor", ANY, _LOO, "1.4.3, D20"),
    ("wagers.single_loo", ANY, _LOO, "1.1.4, 1.1.13, D4"),
    ("settlement.remainder", ANY, _THREE_IRISH, "1.1.14.1, D18"),
    ("settlement.remainder", ANY, _FIVE, "1.2.3, D18"),
    ("settlement.single_definition", ANY, _LOO, "1.1.15, D21"),
    # 7. The session
    ("session.first_dealer", ANY, _LOO, "1.1.3, D1"),
    ("session.first_dealer", ANY, _PUTS, "1.5.3, D49"),
    ("session.first_deal", ANY, _LOO, "1.1.6, D7"),
    ("session.peel_single.dealer_receives_card", ANY, _LOO, "1.1.6, D8"),
    ("session.peel_single.looed", ANY, _LOO, "1.1.6, D8"),
    ("session.finish", "until_single", _LOO, "1.1.16, D23"),
    ("session.finish", "equal_deals_then_no_loo", _LOO, "1.1.16, D23"),
    ("session.finish", "fixed_deals", _LOO, "1.1.16"),
    ("session.finish", "divide_pool", _LOO, "1.1.16, D23"),
    ("session.finish", "release_loos", _LOO, "1.1.16, D23"),
    ("session.finish", ANY, _PUTS, "1.5.7"),
    ("session.target_points", ANY, _PUTS, "1.5.7"),
    ("session.rounds", ANY, _LOO, "1.1.16"),
    # The game's own words: Loo's, as the old texts use them
    ("words.stand", "stand", _LOO, "1.1.7"),
    ("words.throw_up", "throw_up", _LOO, "1.1.7"),
    ("words.pool", "pool", _LOO, "1.1.4"),
    ("words.looed", "looed", _LOO, "1.1.14.2"),
    ("words.exchange", "exchange", _FIVE, "1.2.6"),
    ("words.exchange", "exchange", _IRISH, "1.3.1"),
    # Bourré (1.8, D72-D82)
    ("players.min", ANY, _BR, "1.8.1, D82"),
    ("players.max", ANY, _BR, "1.8.1, D82"),
    ("pack.cards", ANY, _BR, "1.8.2"),
    ("pack.ranks", ANY, _BR, "1.8.2"),
    ("promoted.card", ANY, _BR, "1.8.2"),
    ("deal.hand_size", ANY, _BR, "1.8.4"),
    ("deal.packets", ANY, _BR, "1.8.4"),
    ("deal.miss", ANY, _BR, "1.8.4"),
    ("trumps.turn_up", ANY, _BR, "1.8.4, D77"),
    ("trumps.turn_up_to", ANY, _BR, "1.8.4, D77"),
    ("declarations.dealer_plays_on_ace", ANY, _BR, "1.8.5, D77"),
    ("exchange.dealer_may_discard_turnup", ANY, _BR, "1.8.5, D77"),
    ("exchange.timing", ANY, _BR, "1.8.7, D78"),
    ("exchange.max_cards", ANY, _BR, "1.8.7, D79"),
    ("exchange.max_cards_from", ANY, _BR, "1.8.7, D79"),
    ("exchange.max_cards_large", ANY, _BR, "1.8.7, D79"),
    ("exchange.restock", ANY, _BR, "1.8.8, D80"),
    ("declarations.enabled", ANY, _BR, "1.8.6"),
    ("declarations.allow_throw_up", ANY, _BR, "1.8.6"),
    ("declarations.lone_stander", ANY, _BR, "1.8.9, D81"),
    ("exchange.mode", ANY, _BR, "1.8.7, D78"),
    ("exchange.exchanger_must_play", ANY, _BR, "1.8.7"),
    ("exchange.turnup_drawable", ANY, _BR, "1.8.7, D79, D80"),
    ("leads.enforced", ANY, _BR, "1.8.11"),
    ("leads.first_leader", ANY, _BR, "1.8.10"),
    ("leads.ace_compulsory", ANY, _BR, "1.8.11"),
    ("leads.king_if_ace_turned", ANY, _BR, "1.8.11"),
    ("leads.two_or_more_trumps", ANY, _BR, "1.8.11"),
    ("leads.cassell_highest", ANY, _BR, "1.8.11"),
    ("leads.trump_after_trick", ANY, _BR, "1.8.11"),
    ("leads.trump_after_trick_scope", ANY, _BR, "1.8.11"),
    ("leads.cinch", ANY, _BR, "1.8.11.1, 1.8.15, D84, D86"),
    ("leads.honour_trump", ANY, _BR, "1.8.11.2, D85"),
    ("leads.trump_if_others_void", ANY, _BR, "1.8.11.3, D87"),
    ("following.follow_suit", ANY, _BR, "1.8.12.1"),
    ("following.head_trick", ANY, _BR, "1.8.12.2, D88"),
    ("following.head_when_trumped", ANY, _BR, "1.8.12.2, D89"),
    ("following.trump_when_void", ANY, _BR, "1.8.12.3, D90"),
    ("tricks.winner", ANY, _BR, "1.8.12"),
    ("wagers.scoring", ANY, _BR, "1.8.14"),
    ("wagers.ante", ANY, _BR, "1.8.3"),
    ("wagers.ante_excused", ANY, _BR, "1.8.14.5, D76"),
    ("wagers.stake_deal", ANY, _BR, "1.8.3"),
    ("wagers.stake_loo", ANY, _BR, "1.8.14.3, D74"),
    ("wagers.loo", "unlimited", _BR, "1.8.14.3, D74"),
    ("wagers.loo", "limited", _BR, "1.8.14.3, D74"),
    ("wagers.loo", "mixed", _BR, "1.8.14.6, D75"),
    ("wagers.mixed_cap", ANY, _BR, "1.8.14.6, D75"),
    ("wagers.mixed_floor", ANY, _BR, "1.8.14.6"),
    ("settlement.award", ANY, _BR, "1.8.14.1, D72"),
    ("settlement.award_tie", ANY, _BR, "1.8.14.2, D73"),
    ("settlement.winnings_capped", ANY, _BR, "1.8.14.6, D75"),
    ("session.first_dealer", ANY, _BR, "1.8.4"),
    ("session.first_deal", ANY, _BR, "1.8.3"),
    ("session.finish", ANY, _BR, "1.8.16"),
    ("session.rounds", ANY, _BR, "1.8.16"),
    ("words.stand", "play", _BR, "1.8.6"),
    ("words.throw_up", "pass", _BR, "1.8.6"),
    ("words.pool", "pot", _BR, "1.8.3"),
    ("words.looed", "bourré", _BR, "1.8.14.3"),
    ("words.exchange", "draw", _BR, "1.8.7"),
    # Hearts (docs/families.md 1.2 as people play it, 1.1 as OpenSpiel does; H1-H10)
    ("players.min", ANY, _HE, "F1.2.1"),
    ("players.max", ANY, _HE, "F1.2.1"),
    ("pack.cards", "full52", _HE, "F1.2.1"),
    ("pack.ranks", ANY, _HE, "F1.2.1"),
    ("deal.hand_size", ANY, _HE, "F1.2.2"),
    ("deal.packets", ANY, _HE, "F1.2.2"),
    ("deal.start", "dealer_left", _HE, "F1.2.2"),
    ("deal.start", "seat0", _HE, "F1.1.4.2"),
    ("trumps.turn_up", False, _HE, "F1.2.1"),
    ("passing.cards", ANY, _HE, "F1.2.3, H2"),
    ("passing.choice", "cycle", _HE, "F1.2.3, H1"),
    ("passing.choice", "chance", _HE, "F1.1.4.1, H1"),
    ("leads.first_card", "2C", _HE, "F1.2.4, H3"),
    ("leads.first_card_suit", False, _HE, "F1.2.4"),
    ("leads.first_card_suit", True, _HE, "F1.1.5.2, H3"),
    ("leads.unbroken", "H", _HE, "F1.2.6, H6"),
    ("leads.unbroken_exempt", (), _HE, "F1.2.6"),
    ("leads.unbroken_exempt", ("QS",), _HE, "F1.1.5.4, H6"),
    ("leads.breaking", "on_play", _HE, "F1.2.6"),
    ("leads.breakers", ANY, _HE, "F1.2.6, H5"),
    ("following.follow_suit", ANY, _HE, "F1.2.5"),
    ("following.head_trick", ANY, _HE, "F1.2.5"),
    ("following.first_trick_barred", ANY, _HE, "F1.2.5, H4"),
    ("tricks.winner", ANY, _HE, "F1.2.1"),
    ("wagers.scoring", ANY, _HE, "F1.2.9"),
    ("card_points.values", ANY, _HE, "F1.2.7, H7"),
    ("card_points.moon", "others_take", _HE, "F1.2.8, H8"),
    ("card_points.no_trick", ANY, _HE, "F1.1.8, H9"),
    ("card_points.base", 0, _HE, "F1.2.9"),
    ("card_points.base", 26, _HE, "F1.1.8, H10"),
    ("session.first_dealer", ANY, _HE, "F1.2.2"),
    ("session.finish", "loss_limit", _HE, "F1.2.9, H10"),
    ("session.finish", "fixed_deals", _HE, "H10"),
    ("session.target_points", ANY, _HE, "F1.2.9"),
    ("session.rounds", ANY, _HE, "H10"),
    # Spades (docs/families.md 2.2 as people play it, 2.1 as OpenSpiel does; S1-S9)
    ("players.min", ANY, _SP, "F2.2.1"),
    ("players.max", ANY, _SP, "F2.2.1"),
    ("partnerships.enabled", True, _SP, "F2.2.1"),
    ("partnerships.play", "all", _SP, "F2.2.1"),
    ("pack.cards", "full52", _SP, "F2.2.1"),
    ("pack.ranks", ANY, _SP, "F2.2.1"),
    ("deal.hand_size", ANY, _SP, "F2.2.2"),
    ("deal.packets", ANY, _SP, "F2.2.2"),
    ("deal.start", "dealer_left", _SP, "F2.2.2"),
    ("deal.start", "seat0", _SP, "F2.1.4"),
    ("trumps.turn_up", False, _SP, "F2.2.1"),
    ("trumps.suit", "S", _SP, "F2.2.1"),
    ("declarations.enabled", False, _SP, "F2.2.3"),
    ("bidding.enabled", True, _SP, "F2.2.3"),
    ("bidding.side_cap", None, _SP, "F2.2.3, S4"),
    ("bidding.side_cap", 13, _SP, "F2.1.5, S4"),
    ("leads.first_leader", ANY, _SP, "F2.2.4, S1"),
    ("leads.first_card", "2C", _SP, "F2.2.4, S1"),
    ("leads.first_card_suit", False, _SP, "F2.2.4"),
    ("leads.unbroken", "S", _SP, "F2.2.5, S2"),
    ("leads.unbroken_exempt", (), _SP, "F2.2.5"),
    ("leads.breaking", "on_play", _SP, "F2.2.5, S2"),
    ("leads.breaking", "never", _SP, "F2.1.6, S2"),
    ("leads.breakers", (), _SP, "F2.2.5"),
    # The pages say nothing of following: OpenSpiel's rule is the only statement of it.
    ("following.follow_suit", ANY, _SP, "F2.1.6"),
    ("following.head_trick", ANY, _SP, "F2.1.6"),
    ("following.trump_when_void", ANY, _SP, "F2.1.6"),
    ("tricks.winner", ANY, _SP, "F2.2.1, F2.1.7"),
    ("wagers.scoring", ANY, _SP, "F2.2.6"),
    ("settlement.contract.by", "side", _SP, "F2.2.3, F2.2.6"),
    ("settlement.contract.made", "at_least", _SP, "F2.2.6"),
    ("settlement.contract.per_trick", ANY, _SP, "F2.2.6"),
    ("settlement.contract.overtrick", ANY, _SP, "F2.2.6"),
    ("settlement.contract.missed", "minus_bid", _SP, "F2.2.6"),
    ("settlement.contract.nil", ANY, _SP, "F2.2.6, S5, S6"),
    ("settlement.contract.bag_limit", ANY, _SP, "F2.2.6, F2.1.8, S7"),
    ("settlement.contract.bag_penalty", ANY, _SP, "F2.2.6"),
    ("session.first_dealer", ANY, _SP, "F2.2.2"),
    ("session.finish", "target_points", _SP, "F2.2.7, S8"),
    ("session.finish", "fixed_deals", _SP, "F2.1.9, S8"),
    ("session.target_points", ANY, _SP, "F2.2.7"),
    ("session.rounds", ANY, _SP, "F2.1.9"),
)

#: The rules the engine always plays one way, which no option of the format chooses (their
#: old keys are in :data:`~cardrules.rules.model.RETIRED`): the rulebook still states each,
#: citing it under the name here. Rows as in :data:`CITES`, for any value.
ONE_WAY: tuple[tuple[str, Any, tuple[Game, ...], str], ...] = (
    ("one_way.everyone_throws_up", ANY, _THREE, "1.1.8.1"),
    ("one_way.everyone_throws_up", ANY, (Game.FIVE_CARD, Game.IRISH), "1.1.8.1, D42"),
    ("one_way.everyone_throws_up", ANY, _BR, "1.8.9, D81"),
    ("one_way.miss_holder_unopposed", ANY, _LOO, "1.1.8.3"),
    ("one_way.after_a_tied_trick", ANY, _PUTS, "1.5.4, D56"),
    ("one_way.every_trick_tied", ANY, _PUTS, "1.5.5, D53"),
    ("one_way.unlimited_loo", ANY, _LOO, "1.4.2, D19"),
    ("one_way.unlimited_loo", ANY, _BR, "1.8.14.3"),
)

_SPLIT = re.compile(r"\s*,\s*")


def _value_of(rules: Rules, key: str) -> Any:
    value: Any = rules
    for part in key.split("."):
        value = getattr(value, part)
    return value


def sources_for(key: str, value: Any, game: Game) -> tuple[str, ...]:
    """The sources that state ``value`` of the option ``key`` (a dotted path) in ``game``.

    >>> sources_for("session.first_dealer", "highest_put_card", Game.PUT)
    ('1.5.3', 'D49')
    >>> sources_for("session.first_dealer", "lowest_cut", Game.FIVE_CARD)
    ('1.1.3', 'D1')
    """
    seen: list[str] = []
    for row_key, row_value, games, sources in CITES + ONE_WAY:
        if row_key != key or game not in games:
            continue
        if row_value != ANY and row_value != value:
            continue
        seen += [s for s in _SPLIT.split(sources) if s and s not in seen]
    return tuple(seen)


def sources_of(key: str, rules: Rules, game: Game | None = None) -> tuple[str, ...]:
    """The sources of the option ``key`` as ``rules`` have it, in their kind of game (or of
    the rule played one way that :data:`ONE_WAY` names ``key``).

    ``game`` names the kind of game whose sections are cited instead: that of the bundled
    game a rule file extends, whose rules the file keeps even where a change of its own
    makes the whole read as another kind (cards that count against their taker added to
    five-card loo do not make five-card loo's rules Hearts's).

    >>> sources_of("one_way.after_a_tied_trick", Rules())  # no Put: no source
    ()
    >>> sources_of("players.max", Rules(), Game.FIVE_CARD)
    ('1.2.1', 'D28')
    """
    value = ANY if key.startswith(_ONE_WAY) else _value_of(rules, key)
    return sources_for(key, value, game if game is not None else game_of(rules))


_ONE_WAY = "one_way."


def belongs(sources: Iterable[str], game: Game) -> list[str]:
    """Those of ``sources`` that are not in ``game``'s sections (empty when all are).

    >>> belongs(["1.2.9", "D30"], Game.FIVE_CARD), belongs(["1.5.1", "D48"], Game.FIVE_CARD)
    ([], ['1.5.1', 'D48'])
    """
    sections = GAMES[game]
    return [s for s in sources if s not in sections]
