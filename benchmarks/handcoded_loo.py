#!/usr/bin/env python3
"""Three-Card and Five-Card Loo written by hand, played by random players: the yardstick.

The speed benchmarks (``engine_speed.py``, ``instructions.py``) measure cardrules beside
this script: the plain Python one would write for these two games alone, with cards as
ints, hands as lists and no object per card, so that a ratio to it says what the
generality of rules as data costs. It plays a simplified game (below), not every rule of
the bundled variants, but does in a deal what the engine does: shuffle and deal, declare,
exchange, play cards the rules allow, settle. It knows nothing of cardrules.

Cards are the ints 0 to 51: ``card // 13`` is the suit (0 clubs, 1 diamonds, 2 hearts,
3 spades) and ``card % 13`` the rank (0 the two up to 12 the ace; 9 is the knave). Five
players; within a deal, seats are counted in the order of play, from the elder hand (0)
to the dealer (4). A :class:`Session` passes the deal to the left after each deal and keeps
every player's counters.

Three-Card Loo: three cards each and a miss of three; the next card turned up is trumps.
In turn from the elder hand, each player stands, throws up or (while it is there) takes
the miss for his hand and stands, each choice alike likely; a dealer whom everyone
before him left alone stands (on his hand or the miss). The standers play three tricks,
the first stander leading; a player must follow suit and head the trick if he can; void
in the suit led, he must trump if he can, over a trump already in the trick if he can;
the winner of a trick leads to the next. Each trick takes a third of the pool (15 at a
single, the dealer's stake; otherwise the loos carried); a stander who takes no trick is
looed 15, paid into the next deal's pool.

Five-Card Loo (Pam Loo): five cards each, no miss; pool 25 at a single, a fifth of it a
trick, loo 25. In turn from the elder hand, each player exchanges a random subset of his
cards (each of the 32 alike) for cards from the stock, then stands or throws up, alike
(the dealer stands when nobody has). Pam, the knave of clubs, is a trump above the ace,
whatever the trumps. Before a trick is played, a stander holding a flush (five cards of a
suit, or four and Pam) takes the whole pool, a trump flush before any other and then the
elder one, and every other stander is looed.

    >>> session = Session("five", seed=1)
    >>> session.play(200)
    >>> session.deals, sum(session.scores) + session.carry   # no counter made or lost
    (200, 0)

Usage: python benchmarks/handcoded_loo.py [--game three|five|both] [--seconds 2] [--reps 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

PLAYERS = 5
DEALER = PLAYERS - 1  # the last to declare
CARDS = 52
CLUBS = 0
KNAVE = 9
#: The suit and the rank of every card, looked up rather than computed.
SUIT = [card // 13 for card in range(CARDS)]
RANK = [card % 13 for card in range(CARDS)]
#: Pam, the knave of clubs, and the ranks of Five-Card Loo, where it heads the ace.
PAM = CLUBS * 13 + KNAVE
PAM_RANK = [13 if card == PAM else RANK[card] for card in range(CARDS)]

STAND, THROW_UP, TAKE_MISS = "stand", "throw up", "take the miss"
#: Each game's stake at a single (the pool) and its loo.
STAKE = {"three": 15, "five": 25}
LOO = {"three": 15, "five": 25}

Choice = Callable[[Sequence[int]], int]


def playable(
    hand: list[int], led: int, top: int, trumps: int, suit: list[int], rank: list[int]
) -> list[int]:
    """The cards of ``hand`` that may go to a trick led in ``led`` and headed so far by
    ``top``: of the suit led, those that head the trick if any does (unless it has been
    trumped); void, the trumps, those over a trump in the trick if any is; or any card.

    >>> five_d, queen_d, three_h, seven_c = 13 + 3, 13 + 10, 26 + 1, 5
    >>> playable([five_d, queen_d, three_h], 0, seven_c, 2, SUIT, RANK)  # no club: a heart
    [27]
    """
    candidates = [card for card in hand if suit[card] == led]
    if candidates:
        contested = suit[top] == led  # a trick trumped need not be headed in its own suit
    else:
        candidates = [card for card in hand if suit[card] == trumps]
        if not candidates:
            return hand
        contested = suit[top] == trumps
    if contested:
        to_beat = rank[top]
        heading = [card for card in candidates if rank[card] > to_beat]
        if heading:
            return heading
    return candidates


def play_tricks(
    hands: list[list[int]],
    standers: list[int],
    tricks: int,
    trumps: int,
    suit: list[int],
    rank: list[int],
    choice: Choice,
) -> list[int]:
    """Play ``tricks`` tricks among ``standers`` (seats in the order of play), each card
    a random one of those allowed; the tricks each seat took."""
    taken = [0] * PLAYERS
    players = len(standers)
    leader = 0  # the leader's place among the standers
    for _ in range(tricks):
        hand = hands[standers[leader]]
        top = choice(hand)
        hand.remove(top)
        led = suit[top]
        winner = leader
        for step in range(1, players):
            place = (leader + step) % players
            hand = hands[standers[place]]
            card = choice(playable(hand, led, top, trumps, suit, rank))
            hand.remove(card)
            if suit[card] == suit[top]:
                if rank[card] > rank[top]:
                    top, winner = card, place
            elif suit[card] == trumps:
                top, winner = card, place
        taken[standers[winner]] += 1
        leader = winner
    return taken


def settle(taken: list[int], standers: list[int], share: int, loo: int) -> tuple[list[int], int]:
    """What each seat gains from the tricks it took (``share`` a trick), less its loo if
    it stood and took none; and the loos paid, the next deal's pool."""
    net = [tricks * share for tricks in taken]
    paid = 0
    for seat in standers:
        if not taken[seat]:
            net[seat] -= loo
            paid += loo
    return net, paid


def three_card_deal(rng: random.Random, pool: int) -> tuple[list[int], int, int]:
    """One deal of Three-Card Loo for ``pool``: each seat's gain (seats in the order of
    play), the next deal's pool, and the decisions taken."""
    pack = list(range(CARDS))
    rng.shuffle(pack)
    choice = rng.choice
    hands = [pack[0:3], pack[3:6], pack[6:9], pack[9:12], pack[12:15]]
    miss = pack[15:18]  # empty once taken
    trumps = SUIT[pack[18]]
    standers: list[int] = []
    for seat in range(PLAYERS):
        options: tuple[str, ...]
        if seat == DEALER and not standers:  # left alone, the dealer stands
            options = (STAND, TAKE_MISS) if miss else (STAND,)
        else:
            options = (STAND, THROW_UP, TAKE_MISS) if miss else (STAND, THROW_UP)
        said = choice(options)
        if said == TAKE_MISS:
            hands[seat], miss = miss, []
            standers.append(seat)
        elif said == STAND:
            standers.append(seat)
    taken = play_tricks(hands, standers, 3, trumps, SUIT, RANK, choice)
    net, paid = settle(taken, standers, pool // 3, LOO["three"])
    return net, paid, PLAYERS + 3 * len(standers)


def flush_suit(hand: list[int]) -> int:
    """The suit of the flush in a five-card ``hand`` (Pam counting in any suit), or -1.

    >>> flush_suit([PAM, 26, 27, 28, 30]), flush_suit([PAM, 26, 27, 28, 0])
    (2, -1)
    """
    suits = {SUIT[card] for card in hand if card != PAM}
    return suits.pop() if len(suits) == 1 else -1


def five_card_deal(rng: random.Random, pool: int) -> tuple[list[int], int, int]:
    """One deal of Five-Card Loo for ``pool``, as :func:`three_card_deal`."""
    pack = list(range(CARDS))
    rng.shuffle(pack)
    choice = rng.choice
    hands = [pack[0:5], pack[5:10], pack[10:15], pack[15:20], pack[20:25]]
    trumps = SUIT[pack[25]]
    stock = pack[26:]
    suit = SUIT.copy()
    suit[PAM] = trumps  # Pam is a trump
    standers: list[int] = []
    for seat in range(PLAYERS):
        thrown = rng.getrandbits(5)  # bit k: the k-th card is exchanged
        if thrown:
            kept = [card for k, card in enumerate(hands[seat]) if not thrown >> k & 1]
            for _ in range(5 - len(kept)):
                kept.append(stock.pop())
            hands[seat] = kept
        if (seat == DEALER and not standers) or choice((STAND, THROW_UP)) == STAND:
            standers.append(seat)
    decisions = 2 * PLAYERS
    flusher = -1
    for seat in standers:
        flush = flush_suit(hands[seat])
        if flush == trumps:
            flusher = seat
            break
        if flush >= 0 and flusher < 0:
            flusher = seat
    if flusher >= 0:
        net = [0] * PLAYERS
        net[flusher] = pool
        loo = LOO["five"]
        looed = [seat for seat in standers if seat != flusher]
        for seat in looed:
            net[seat] -= loo
        return net, loo * len(looed), decisions
    taken = play_tricks(hands, standers, 5, trumps, suit, PAM_RANK, choice)
    net, paid = settle(taken, standers, pool // 5, LOO["five"])
    return net, paid, decisions + 5 * len(standers)


DEALS = {"three": three_card_deal, "five": five_card_deal}


class Session:
    """Deals of ``game`` (``"three"`` or ``"five"``) one after another: the deal passes to
    the left, a single's pool is the dealer's stake, and the loos of a deal are the next
    one's pool. ``scores`` are by seat at the table, ``carry`` the pool carried."""

    def __init__(self, game: str, seed: int) -> None:
        self.deal = DEALS[game]
        self.stake = STAKE[game]
        self.rng = random.Random(seed)
        self.scores = [0] * PLAYERS
        self.dealer = 0
        self.carry = 0
        self.deals = 0
        self.decisions = 0

    def play(self, deals: int) -> None:
        """Play ``deals`` more deals."""
        deal, rng, scores = self.deal, self.rng, self.scores
        for _ in range(deals):
            dealer = self.dealer
            pool = self.carry
            if not pool:  # a single: the dealer stakes it
                pool = self.stake
                scores[dealer] -= pool
            net, self.carry, decisions = deal(rng, pool)
            for seat, gain in enumerate(net):  # seat 0, the elder hand, sits left of the dealer
                scores[(dealer + 1 + seat) % PLAYERS] += gain
            self.decisions += decisions
            self.dealer = (dealer + 1) % PLAYERS
        self.deals += deals


def rate(game: str, seconds: float, seed: int) -> float:
    """Deals per CPU second of ``game`` over about ``seconds``."""
    session = Session(game, seed)
    start = time.process_time()
    while time.process_time() < start + seconds:
        session.play(64)
    return session.deals / (time.process_time() - start)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("three", "five", "both"), default="both")
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    ap.add_argument("--reps", type=int, default=3, help="timed runs a game (median)")
    args = ap.parse_args()
    for game in ("three", "five") if args.game == "both" else (args.game,):
        rates = [rate(game, args.seconds, 100 + r) for r in range(args.reps)]
        print(
            f"{game}-card loo: {statistics.median(rates):.0f} deals per CPU second "
            f"(median of {args.reps} x {args.seconds:g} s: {', '.join(f'{r:.0f}' for r in rates)})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
