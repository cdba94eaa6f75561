"""The fast path (offers by kind, play_out) plays the same rules as the checked API.

Every bundled game, alone and with each bundled house rule that applies to it, at its
smallest, default and largest table: at every decision the offer is exactly the legal
actions; the same seeds give the same session through both paths; a session played fast
replays from its record through the checked ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import cardrules
from cardrules.engine.actions import EXCHANGE, PLAY, STAND, THROW_UP, exchange_id, parse_action
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.offer import NO_KIND, Offer, exchange_count
from cardrules.engine.session import Session
from cardrules.errors import IllegalActionError, PlayError
from cardrules.players.base import Bot, RandomBot, SeatView
from cardrules.players.heuristic import HeuristicBot
from cardrules.players.playout import bot_seed, derive_seed, play_out, random_bots
from cardrules.rules.loader import list_variants, load_variant
from cardrules.rules.model import Rules


def _rule_sets() -> Iterator[tuple[str, tuple[str, ...]]]:
    infos = list_variants()
    for game in (v.name for v in infos if v.kind == "game"):
        yield game, ()
        for house in infos:
            if game in house.applies_to:
                yield game, (house.name,)


RULE_SETS = list(_rule_sets())


def _tables(rules: Rules) -> list[int]:
    return sorted({rules.players.min, rules.players.default, rules.max_players})


class Spy:
    """A random bot that checks, at every decision, that the offer is the legal actions."""

    def __init__(self, session: Session, rng: random.Random) -> None:
        self.session = session
        self.bot = RandomBot(rng)
        self.decisions = 0

    def choose(self, view: SeatView) -> int:  # pragma: no cover - the offer is always used
        raise AssertionError("a bot with offers is asked through them")

    def choose_offer(self, offer: Offer) -> int:
        s = self.session
        assert offer.seat == s.to_move
        assert offer.legal() == s.legal_actions()
        assert offer.kinds == len(offer.words) + (offer.kind != NO_KIND)
        assert offer.count == len(offer.legal()) - len(offer.words)
        self.decisions += 1
        return self.bot.choose_offer(offer)


def test_the_rule_sets_cover_every_game_and_house_rule() -> None:
    games = {g for g, _ in RULE_SETS}
    houses = {h[0] for _, h in RULE_SETS if h}
    assert games == {
        "five-card-loo",
        "irish-loo",
        "put",
        "put-four-handed",
        "three-card-loo",
        "oh-hell",
        "bourre",
        "hearts",
        "spades",
    }
    assert len(houses) == 24


@pytest.mark.parametrize(("game", "house"), RULE_SETS)
def test_the_offer_is_the_legal_actions_at_every_decision(
    game: str, house: tuple[str, ...]
) -> None:
    rules = load_variant(game, house_rules=house)
    decisions = 0
    for players in _tables(rules):
        for i in range(3):
            seed = derive_seed(11, players, i)
            s = cardrules.new_session(game, house, players=players, seed=seed)
            spies = [Spy(s, random.Random(bot_seed(seed, seat))) for seat in range(players)]
            play_out(s, spies, max_deals=6)
            assert s.is_over or s.deals_played == 6
            decisions += sum(spy.decisions for spy in spies)
    assert decisions > 0


def _play_checked(s: Session, bots: list[RandomBot] | list[Bot], cap: int) -> None:
    while not s.is_over and s.deals_played < cap:
        seat = s.to_move
        s.apply(bots[seat].choose(SeatView(s, seat)))


@pytest.mark.parametrize(("game", "house"), RULE_SETS)
def test_the_fast_and_the_checked_path_play_the_same_sessions(
    game: str, house: tuple[str, ...]
) -> None:
    _same_by_both_paths(game, house, base=5, sessions=3, deals=8)


#: Options no bundled file sets that change who declares, what a flush does, how a
#: session ends and what makes up the stock: the dealer out of the play, a flush made by an
#: exchange shown at once, Peel's quick finishes, Bourré's other restocks.
OVERRIDES: list[tuple[str, tuple[str, ...], dict[str, object]]] = [
    ("three-card-loo", (), {"players.dealer_sits_out_above": 4}),
    ("five-card-loo", (), {"players.dealer_sits_out_above": 4}),
    ("five-card-loo", ("hoffmann-1909",), {"exchange.exchanger_must_play": False}),
    ("three-card-loo", (), {"session.finish": "release_loos"}),
    ("five-card-loo", ("hoffmann-1909",), {"session.finish": "release_loos"}),
    ("irish-loo", (), {"session.finish": "divide_pool", "session.rounds": 2}),
    ("bourre", (), {"exchange.restock": "folds_first", "exchange.timing": "after_declarations"}),
    ("bourre", (), {"exchange.restock": "discards_only"}),
]


@pytest.mark.parametrize(("game", "house", "overrides"), OVERRIDES)
def test_options_no_file_sets_play_the_same_by_both_paths(
    game: str, house: tuple[str, ...], overrides: dict[str, object]
) -> None:
    _same_by_both_paths(game, house, base=7, sessions=2, deals=10, overrides=overrides)


class Scripted:
    """A bot that makes the actions it is given, in order, counting the offers it read."""

    def __init__(self, actions: list[str]) -> None:
        self.actions = [parse_action(a) for a in actions]
        self.offers = 0

    def choose(self, view: SeatView) -> int:  # pragma: no cover - the offer is used
        raise AssertionError("a bot with offers is asked through them")

    def choose_offer(self, offer: Offer) -> int:
        self.offers += 1
        action = self.actions.pop(0)
        assert action in offer.legal()
        return action


#: The seeded sessions of the override above never make a flush (their deals are passed,
#: won unopposed or played out): these fixed deals do, by an exchange, with the flush shown
#: at once (Hoffmann) and no duty to play after drawing. Three players, the dealer seat 2,
#: hearts turned up, the stock from the top 2D (a spade at its other end); each row gives
#: the hands, every seat's actions in turn, and the result worked out by hand.
EXCHANGED_FLUSHES = [
    # The dealer draws 2D for his 3H: five diamonds, after seats 0 and 1 stood.
    (
        ["AH 6C 9H JS KS", "AS 3C KD 7H QS", "5D 7D TD 3D 3H"],
        [["stand"], ["stand"], ["exchange 3H"]],
        # He takes the pool, his own 5; seats 0 and 1 are looed 10 each into the next pool.
        ("flush", (0, 1), (-10, -10, 0), 20),
    ),
    # The elder hand does so first: nobody may then throw up.
    (
        ["5D 7D TD 3D 3H", "AS 3C KD 7H QS", "AH 6C 9H JS KS"],
        [["exchange 3H"], [], []],
        # He takes the pool, the dealer's 5; seats 1 and 2 are looed 10 each, the dealer
        # losing his stake besides.
        ("flush", (1, 2), (5, -10, -15), 20),
    ),
]


@pytest.mark.parametrize(("hands", "script", "expected"), EXCHANGED_FLUSHES)
def test_an_exchange_into_a_flush_with_no_duty_to_play_ends_the_deal_by_both_paths(
    hands: list[str], script: list[list[str]], expected: tuple[object, ...]
) -> None:
    overrides = {"exchange.exchanger_must_play": False}
    fixed = FixedDeal(hands=hands, turn_up="6H", stock=["2D", "AC", "2S"])

    def session() -> Session:
        return cardrules.new_session(
            "five-card-loo", ("hoffmann-1909",), overrides, players=3, dealer=2, deal=fixed, seed=5
        )

    fast = session()
    bots = [Scripted(actions) for actions in script]
    play_out(fast, bots, max_deals=1)
    assert [b.offers for b in bots] == [len(actions) for actions in script]
    assert all(not b.actions for b in bots)
    checked = session()  # the same actions, each through the checked apply
    turns = [list(actions) for actions in script]
    while checked.deals_played == 0:
        checked.apply(turns[checked.to_move].pop(0))
    assert not any(turns)
    assert fast == checked
    assert cardrules.replay(fast.record()) == fast
    result = fast.last_result
    assert result is not None
    assert (result.ended_by, result.looed, result.net, result.carried) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("game", "house"), RULE_SETS)
def test_many_sessions_play_the_same_by_both_paths(game: str, house: tuple[str, ...]) -> None:
    _same_by_both_paths(game, house, base=17, sessions=40, deals=30)


def test_a_bot_without_offers_is_asked_through_its_seat_view() -> None:
    seed = derive_seed(3)
    rules = load_variant("five-card-loo")

    def bots() -> list[Bot]:
        return [
            HeuristicBot(random.Random(bot_seed(seed, 0))),
            *random_bots(seed, 5)[1:],
        ]

    fast = cardrules.new_session(rules, players=5, seed=seed)
    play_out(fast, bots(), max_deals=10)
    checked = cardrules.new_session(rules, players=5, seed=seed)
    _play_checked(checked, bots(), 10)
    assert fast.deals_played == 10 or fast.is_over
    assert fast == checked


class Throwing(RandomBot):
    """A random bot of its own kind: throws up whenever it may, else chooses at random."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.asked = 0

    def choose_offer(self, offer: Offer) -> int:
        self.asked += 1
        if THROW_UP in offer.words:
            return THROW_UP
        return super().choose_offer(offer)


def test_a_random_bot_of_its_own_kind_is_asked_through_its_offers() -> None:
    # The plain random bot's draw is made by play_out itself; a subclass that chooses
    # otherwise is asked, and its choice is the one played.
    seed = derive_seed(4)
    bots = [Throwing(random.Random(bot_seed(seed, seat))) for seat in range(5)]
    s = cardrules.new_session("three-card-loo", players=5, seed=seed)
    play_out(s, bots, max_deals=3)
    assert s.deals_played == 3
    # Each seat before the dealer throws up, and the dealer then takes the pool without a
    # word (1.1.8.1): four actions a deal, each a throw-up.
    assert [[a for _, a in h] for h in s.histories] == [[THROW_UP] * 4] * 3
    assert sum(b.asked for b in bots) == 12


def test_a_session_played_in_parts_is_the_session_played_at_once() -> None:
    seed = derive_seed(8)
    whole = cardrules.new_session("three-card-loo", players=5, seed=seed)
    play_out(whole, random_bots(seed, 5), max_deals=5)
    parts = cardrules.new_session("three-card-loo", players=5, seed=seed)
    bots = random_bots(seed, 5)
    play_out(parts, bots, max_deals=2)
    assert parts.deals_played == 2
    play_out(parts, bots, max_deals=5)
    assert parts == whole


def test_a_session_that_pauses_at_each_deal_end_is_dealt_on() -> None:
    seed = derive_seed(9)
    paused = cardrules.new_session("irish-loo", players=4, seed=seed, pause_at_deal_end=True)
    play_out(paused, random_bots(seed, 4), max_deals=4)
    plain = cardrules.new_session("irish-loo", players=4, seed=seed)
    play_out(plain, random_bots(seed, 4), max_deals=4)
    assert paused.deals_played == plain.deals_played == 4
    assert paused.actions == plain.actions
    assert paused.results == plain.results


class Stubborn:
    """A bot that always says the same thing."""

    def __init__(self, action: int) -> None:
        self.action = action

    def choose(self, view: SeatView) -> int:  # pragma: no cover - the offer is used
        return self.action

    def choose_offer(self, offer: Offer) -> int:
        return self.action


@pytest.mark.parametrize(
    "action",
    [
        PLAY + 0,  # a card nobody holds yet at the declarations
        EXCHANGE,  # exchanging the two of clubs, not in the hand
        7,  # receive: no partners at this table
    ],
)
def test_an_illegal_choice_is_refused_and_changes_nothing(action: int) -> None:
    s = cardrules.new_session("five-card-loo", players=5, seed=4, dealer=0)
    hand = s.hand(s.to_move)
    assert 0 not in hand  # so that exchanging the two of clubs is not legal
    before = s.state()
    with pytest.raises(IllegalActionError):
        play_out(s, [Stubborn(action)] * 5, max_deals=1)
    assert s.state() == before


def test_one_bot_per_seat() -> None:
    s = cardrules.new_session("put", seed=1)
    with pytest.raises(PlayError, match="3 bots for a table of 2"):
        play_out(s, random_bots(1, 3))


# ---------------------------------------------------------------------- the offer itself


def test_exchanges_are_counted_by_subsets() -> None:
    # Five cards: 5 + 10 + 10 + 5 + 1 subsets; at most two: 5 + 10; three cards: 3 + 3 + 1.
    assert exchange_count(5, 5) == 31
    assert exchange_count(5, 2) == 15
    assert exchange_count(3, 7) == 7
    assert exchange_count(3, 0) == 0


def test_the_exchanges_are_numbered_in_the_order_of_their_ids() -> None:
    hand = [2, 7, 30]  # 4C, 9C, 6H
    offer = Offer(1, [STAND, THROW_UP], EXCHANGE, hand, 3)
    assert (offer.kind, offer.count, offer.kinds) == (EXCHANGE, 7, 3)
    # One card: each; two: {4C, 9C}, {4C, 6H}, {9C, 6H} (ranked by the higher card first);
    # then all three.
    expected = [
        exchange_id([2]),
        exchange_id([7]),
        exchange_id([30]),
        exchange_id([2, 7]),
        exchange_id([2, 30]),
        exchange_id([7, 30]),
        exchange_id([2, 7, 30]),
    ]
    assert expected == sorted(expected)
    assert [offer.action(i) for i in range(7)] == expected
    assert offer.legal() == [STAND, THROW_UP, *expected]
    assert offer.exchange(0b101) == exchange_id([2, 30])
    assert exchange_id([2, 30]) in offer
    assert exchange_id([2, 31]) not in offer
    offer = Offer(1, [STAND], EXCHANGE, hand, 1)  # one card at most: the stock is nearly out
    assert offer.legal() == [STAND, *expected[:3]]
    assert exchange_id([2, 7]) not in offer


def test_an_offer_of_cards_makes_ids_of_its_kind() -> None:
    offer = Offer(0, [THROW_UP], PLAY, [3, 40])
    assert offer.legal() == [THROW_UP, PLAY + 3, PLAY + 40]
    assert offer.action(1) == PLAY + 40
    assert PLAY + 40 in offer
    assert PLAY + 41 not in offer
    offer = Offer(0, [STAND])
    assert (offer.kind, offer.count, offer.legal()) == (NO_KIND, 0, [STAND])


def test_the_random_bot_draws_the_same_action_from_an_offer_as_from_the_list() -> None:
    s = cardrules.new_session("five-card-loo", players=5, seed=12)
    for _ in range(200):
        if s.is_over:
            break
        offer = s.deal.offer()
        a = RandomBot(random.Random(len(s.actions))).choose_offer(offer)
        b = RandomBot(random.Random(len(s.actions))).choose(SeatView(s, s.to_move))
        assert a == b
        s.apply(a)


def _same_by_both_paths(
    game: str,
    house: tuple[str, ...],
    *,
    base: int,
    sessions: int,
    deals: int,
    overrides: dict[str, object] | None = None,
) -> None:
    """Play ``sessions`` seeded sessions of ``deals`` deals at each table size by the fast
    path and by the checked one: the same games, and the fast record replays."""
    rules = load_variant(game, house_rules=house, overrides=overrides)
    for players in _tables(rules):
        for i in range(sessions):
            seed = derive_seed(base, players, i)
            fast = cardrules.new_session(game, house, overrides, players=players, seed=seed)
            play_out(fast, random_bots(seed, players), max_deals=deals)
            checked = cardrules.new_session(game, house, overrides, players=players, seed=seed)
            _play_checked(checked, random_bots(seed, players), deals)
            assert fast.actions == checked.actions
            assert fast == checked  # the whole state, results and scores included
            assert fast.record() == checked.record()
            # ... and the fast session's record replays through the checked apply.
            assert cardrules.replay(fast.record()) == fast


def test_an_offer_holds_tuples_of_its_own_not_the_deals_lists() -> None:
    # Where any card may go, the cards playable are the hand itself: the offer copies them,
    # so that a bot changing what it was offered changes nothing in the deal.
    s = cardrules.new_session("three-card-loo", players=3, seed=2)
    while s.deal.phase_name != "play":
        s.apply(s.legal_actions()[0])
    offer = s.deal.offer()
    assert type(offer.words) is tuple and type(offer.cards) is tuple
    assert list(offer.cards) == s.hand(s.to_move)  # the leader may lead any card
