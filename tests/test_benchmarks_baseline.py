"""The speed benchmarks' yardstick, ``benchmarks/handcoded_loo.py``, plays the game it
describes: every deal is replayed here card by card by a referee of its own, from the
rules (follow suit and head the trick; void, trump, over a trump if able; Pam the highest
trump at Five-Card Loo; a flush takes the pool), and its tricks, counters and pools are
checked against that replay. A yardstick that stopped playing whole deals would make
every ratio of the benchmarks meaningless without failing anything else.
"""

from __future__ import annotations

import doctest
import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 5
PAM = 9  # the knave of clubs: clubs are 0-12, two to ace
#: Tricks a deal, the pool at a single and the loo, by game (the script's docstring).
TRICKS = {"three": 3, "five": 5}
STAKE = {"three": 15, "five": 25}
LOO = {"three": 15, "five": 25}


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "handcoded_loo", ROOT / "benchmarks" / "handcoded_loo.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Recorder:
    """A seeded generator that writes down every choice asked of it: what was offered,
    and what was chosen."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.choices: list[tuple[list[Any], Any]] = []

    def shuffle(self, cards: list[int]) -> None:
        self.rng.shuffle(cards)

    def getrandbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def choice(self, options: Any) -> Any:
        picked = self.rng.choice(options)
        self.choices.append((list(options), picked))
        return picked


def suit_of(card: int, trumps: int, pam: bool) -> int:
    return trumps if pam and card == PAM else card // 13


def power(card: int, pam: bool) -> int:
    return 13 if pam and card == PAM else card % 13


def winner(trick: list[int], trumps: int, pam: bool) -> int:
    """The place in ``trick`` of the highest trump, else of the highest card led."""
    led = suit_of(trick[0], trumps, pam)
    trumped = [i for i, c in enumerate(trick) if suit_of(c, trumps, pam) == trumps]
    contenders = trumped or [i for i, c in enumerate(trick) if suit_of(c, trumps, pam) == led]
    return max(contenders, key=lambda i: power(trick[i], pam))


def allowed(hand: list[int], trick: list[int], trumps: int, pam: bool) -> set[int]:
    """What the rules allow from ``hand`` to ``trick`` (not empty)."""
    led = suit_of(trick[0], trumps, pam)
    best = trick[winner(trick, trumps, pam)]
    best_suit = suit_of(best, trumps, pam)
    of_led = [c for c in hand if suit_of(c, trumps, pam) == led]
    trumps_held = [c for c in hand if suit_of(c, trumps, pam) == trumps]
    # Following suit, head the trick if able, unless a trump heads it; void, trump, over
    # the trump that heads it if able.
    cards = of_led or trumps_held or hand
    if cards is hand or best_suit != suit_of(cards[0], trumps, pam):
        return set(cards)
    heading = {c for c in cards if power(c, pam) > power(best, pam)}
    return heading or set(cards)


class Deals:
    """Each deal a session plays, as the yardstick played it: the pool, the hands and the
    choices before and during the tricks, and what the deal paid."""

    def __init__(self, module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
        self.played: list[dict[str, Any]] = []
        original_tricks = module.play_tricks

        def play_tricks(
            hands: list[list[int]], standers: list[int], tricks: int, trumps: int, *rest: Any
        ) -> list[int]:
            deal = self.played[-1]
            deal.update(hands=[list(h) for h in hands], standers=list(standers), trumps=trumps)
            deal["before_play"] = len(deal["rng"].choices)
            taken: list[int] = original_tricks(hands, standers, tricks, trumps, *rest)
            deal.update(taken=list(taken), left=[list(h) for h in hands])
            return taken

        original_flush = module.flush_suit

        def flush_suit(hand: list[int]) -> int:
            found: int = original_flush(hand)
            self.played[-1].setdefault("flushes", []).append((list(hand), found))
            return found

        monkeypatch.setattr(module, "play_tricks", play_tricks)
        monkeypatch.setattr(module, "flush_suit", flush_suit)
        for game, name in (("three", "three_card_deal"), ("five", "five_card_deal")):
            monkeypatch.setitem(module.DEALS, game, self.spy(getattr(module, name)))

    def spy(self, deal_fn: Any) -> Any:
        def deal(rng: random.Random, pool: int) -> tuple[list[int], int, int]:
            recorder = Recorder(rng.getrandbits(32))
            self.played.append({"pool": pool, "rng": recorder})
            net, paid, decisions = deal_fn(recorder, pool)
            self.played[-1].update(net=list(net), paid=paid)
            return net, paid, decisions

        return deal


def replay(deal: dict[str, Any], game: str) -> list[int]:
    """Play the deal's tricks again from the hands and the cards chosen, checking each
    card against the rules; the tricks each seat took."""
    hands = [list(h) for h in deal["hands"]]
    standers, trumps, pam = deal["standers"], deal["trumps"], game == "five"
    plays = iter(deal["rng"].choices[deal["before_play"] :])
    taken = [0] * PLAYERS
    leader = 0
    for _ in range(TRICKS[game]):
        trick: list[int] = []
        order = standers[leader:] + standers[:leader]
        for seat in order:
            offered, card = next(plays)
            if trick:
                assert set(offered) == allowed(hands[seat], trick, trumps, pam), (trick, offered)
            else:
                assert sorted(offered) == sorted(hands[seat])  # a lead is free
            hands[seat].remove(card)
            trick.append(card)
        leader = standers.index(order[winner(trick, trumps, pam)])
        taken[standers[leader]] += 1
    assert next(plays, None) is None  # no choice after the last trick
    assert hands == deal["left"]
    return taken


def flush(hand: list[int]) -> int | None:
    """The suit of five cards of a suit, or four and Pam, in ``hand``; else None."""
    suits = {c // 13 for c in hand if c != PAM}
    return suits.pop() if len(suits) == 1 else None


@pytest.mark.parametrize("game", ["three", "five"])
def test_every_deal_is_played_out_by_the_rules_and_paid_as_they_say(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = load()
    deals = Deals(module, monkeypatch)
    session = module.Session(game, 5)
    session.play(300)
    tricks, loo = TRICKS[game], LOO[game]
    pool = STAKE[game]
    flushes = played = 0
    for deal in deals.played:
        assert deal["pool"] == pool  # a single's stake, or the loos of the deal before
        net = deal["net"]
        for hand, found in deal.get("flushes", []):
            expected = flush(hand)
            assert found == (-1 if expected is None else expected), hand
        if "taken" not in deal:  # a flush shown before any trick takes the pool
            flushes += 1
            assert game == "five"
            (winner_seat,) = [seat for seat, gain in enumerate(net) if gain > 0]
            assert net[winner_seat] == pool
            looed = [seat for seat, gain in enumerate(net) if gain < 0]
            assert all(net[seat] == -loo for seat in looed)
            assert deal["paid"] == loo * len(looed)
            assert any(found >= 0 for _, found in deal["flushes"])
        else:
            played += 1
            hands, standers = deal["hands"], deal["standers"]
            assert standers and standers == sorted(standers)
            cards = [c for h in hands for c in h]
            assert len(cards) == len(set(cards)) == tricks * PLAYERS  # no card twice
            assert all(len(hands[seat]) == tricks for seat in standers)
            assert all(not deal["left"][seat] for seat in standers)  # every card played
            if game == "five":
                assert all(flush(hands[seat]) is None for seat in standers)
            taken = replay(deal, game)
            assert taken == deal["taken"] and sum(taken) == tricks
            assert all(taken[seat] == 0 for seat in range(PLAYERS) if seat not in standers)
            share = pool // tricks
            assert share * tricks == pool  # the pool divides among the tricks
            looed = [seat for seat in standers if not taken[seat]]
            for seat in range(PLAYERS):
                assert net[seat] == share * taken[seat] - (loo if seat in looed else 0)
            assert deal["paid"] == loo * len(looed)
        pool = deal["paid"] or STAKE[game]
    assert played > 200
    assert flushes == 0 if game == "three" else flushes > 0
    assert sum(session.scores) + session.carry == 0  # every counter is accounted for


def test_three_card_declarations_take_the_miss_at_most_once() -> None:
    module = load()
    for seed in range(200):
        rng = Recorder(seed)
        module.three_card_deal(rng, 15)
        declared = [picked for _, picked in rng.choices[:PLAYERS]]
        offered = [options for options, _ in rng.choices[:PLAYERS]]
        took = [i for i, said in enumerate(declared) if said == module.TAKE_MISS]
        assert len(took) <= 1
        for i, options in enumerate(offered):
            assert (module.TAKE_MISS in options) == (not took or i <= took[0])
        if all(said == module.THROW_UP for said in declared[:-1]):
            assert module.THROW_UP not in offered[-1]  # a dealer left alone stands


def test_the_yardsticks_examples_run() -> None:
    result = doctest.testmod(load())
    assert result.attempted >= 4 and result.failed == 0
