"""The observation encoder: its layout worked out by hand, a hand-played deal read back
entry by entry, every encoding of random sessions read back against the engine's own
observation, nothing hidden leaking into it, its caches never stale, and ``import
cardrules`` importing no numerical or learning library.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from tables import configurations, rules_of

import cardrules
from cardrules.cards import SUITS, parse_card
from cardrules.engine.dealing import FixedDeal
from cardrules.engine.encoding import SEAT_FIELDS, TABLE_FIELDS, Encoder, encoder
from cardrules.engine.handsize import widest_rules
from cardrules.engine.sampling import determinize
from cardrules.engine.session import Session
from cardrules.errors import ArgumentValueError
from cardrules.rules.model import Rules

# ------------------------------------------------------------------ the layout


def test_layout_worked_by_hand() -> None:
    # Three-card loo, 4 players, the miss may play for the pool: 5 player slots, 3 tricks.
    enc = Encoder(rules_of("three-card-loo"), 4)
    lengths = dict((name, length) for name, _, length in enc.sections)
    assert lengths == {
        "hand": 52,
        "dealt": 52,
        "laid_aside": 52,
        "trump": 5,
        "turn_up": 52,
        "promoted": 52,
        "phase": 6,
        "seats": 4 * 15,
        "table": 6,
        "lead": 5,
        "trick": 5 * 52,
        "played": 5 * 52,
        "leaders": 3 * 5,
        "tricks": 3 * 5 * 52,
    }
    assert enc.size == 1657
    # Without recall: no dealt hand, nothing laid aside, no trick history.
    assert Encoder(rules_of("three-card-loo"), 4, recall=False).size == 1657 - 52 - 52 - 15 - 780
    # Put: 2 seats and no miss, so 2 player slots; a 32-card pack shrinks every card plane.
    put = Encoder(rules_of("put"), 2)
    assert dict((n, ln) for n, _, ln in put.sections)["trick"] == 2 * 52
    piquet = Encoder(rules_of("five-card-loo", ("piquet-pack",)), 4)
    assert dict((n, ln) for n, _, ln in piquet.sections)["tricks"] == 5 * 4 * 32
    # The sections tile the encoding.
    ends = [off + ln for _, off, ln in enc.sections]
    assert [off for _, off, _ in enc.sections][1:] == ends[:-1] and ends[-1] == enc.size


def test_bounds() -> None:
    enc = Encoder(rules_of("five-card-loo"), 5)
    low, high = enc.bounds()
    seats = enc.offset("seats")
    assert high[seats + SEAT_FIELDS.index("cards_exchanged")] == 5
    # Five cards are dealt, so at most five are exchanged; the encoder leaves room for one
    # card more in hand (a partner's gift held before the discard, a mechanism five-card loo
    # does not switch on, so loo itself never reaches it): 5 + 1.
    assert high[seats + SEAT_FIELDS.index("cards_held")] == 5 + 1
    assert low[seats + SEAT_FIELDS.index("score")] is None
    assert high[enc.offset("table") + TABLE_FIELDS.index("pool")] is None
    assert high[0] == 1 and low[0] == 0


# ------------------------------------------------------------------ a deal by hand


def section(enc: Encoder, x: Any, name: str) -> list[int]:
    off = enc.offset(name)
    length = dict((n, ln) for n, _, ln in enc.sections)[name]
    return [int(v) for v in x[off : off + length]]


def cards_of(bits: list[int]) -> list[str]:
    return [cardrules.action_text(16 + i).split()[1] for i, b in enumerate(bits) if b]


def test_a_deal_read_back_by_hand() -> None:
    fixed = FixedDeal(
        hands=(("AH", "KH", "2C"), ("QS", "JS", "3D"), ("4C", "5C", "6C")),
        miss=("7D", "8D", "9D"),
        turn_up="TH",
    )
    s = cardrules.new_session("three-card-loo", players=3, dealer=2, deal=fixed)
    s.apply("stand")  # seat 0, the elder
    s.apply("take-miss")  # seat 1
    s.apply("stand")  # seat 2, the dealer
    s.apply("play AH")  # seat 0 must lead the ace of trumps
    enc = Encoder(s.rules, 3)
    x = enc.encode(s, 1)
    assert cards_of(section(enc, x, "hand")) == ["7D", "8D", "9D"]
    assert cards_of(section(enc, x, "dealt")) == ["JS", "QS", "3D"]
    assert cards_of(section(enc, x, "laid_aside")) == ["JS", "QS", "3D"]
    assert section(enc, x, "trump") == [0, 1, 0, 0, 0]  # hearts
    assert cards_of(section(enc, x, "turn_up")) == ["TH"]
    assert sum(section(enc, x, "promoted")) == 0  # no Pam at three-card loo
    assert section(enc, x, "phase") == [0, 0, 1, 0, 0, 0]  # play
    seats = section(enc, x, "seats")
    me, left, right = (
        dict(zip(SEAT_FIELDS, seats[i * 15 : i * 15 + 15], strict=True)) for i in range(3)
    )
    # Slot 0 is seat 1 (the observer), slot 1 seat 2 (the dealer), slot 2 seat 0.
    assert me["to_move"] == 1 and me["stood"] == 1 and me["took_miss"] == 1
    assert me["cards_held"] == 3 and me["dealer"] == 0
    assert left["dealer"] == 1 and left["stood"] == 1 and left["cards_held"] == 3
    assert right["stood"] == 1 and right["cards_held"] == 2 and right["to_move"] == 0
    table = dict(zip(TABLE_FIELDS, section(enc, x, "table"), strict=True))
    # 52 cards - 9 in hands - 3 in the miss - the turn-up; the dealer's stake of 3.
    assert table == {
        "miss_untaken": 0,
        "miss_for_pool": 0,
        "miss_tricks": 0,
        "stock": 39,
        "pool": 3,
        "put_seen": 0,
    }
    # The trick: seat 0 (slot 2) led the ace of hearts.
    assert section(enc, x, "lead") == [0, 0, 1, 0]
    trick = section(enc, x, "trick")
    assert [i for i, b in enumerate(trick) if b] == [2 * 52 + parse_card("AH")]
    assert section(enc, x, "played") == trick
    assert section(enc, x, "leaders")[:4] == [0, 0, 1, 0]
    tricks = section(enc, x, "tricks")
    assert [i for i, b in enumerate(tricks) if b] == [2 * 52 + parse_card("AH")]
    # Seat 0 sees the same trick from its own place: slot 0.
    y = enc.encode(s, 0)
    assert section(enc, y, "lead") == [1, 0, 0, 0]
    assert cards_of(section(enc, y, "hand")) == ["KH", "2C"]
    assert sum(section(enc, y, "laid_aside")) == 0


# ------------------------------------------------------------------ read back, at random

STATUS_WORDS = {
    "to declare": "to_declare",
    "stood": "stood",
    "threw up": "threw_up",
    "took the miss": "took_miss",
    "plays the miss": "plays_miss",
    "gave": "gave",
    "sits out": "out",
}


def read_back(enc: Encoder, s: Session, seat: int, x: Any) -> None:
    """Every section of ``x`` agrees with ``s.observation(seat)``."""
    obs = s.observation(seat)
    n = s.players
    pack = enc.rules.pack.cards.value
    card_ids = sorted(c for c in range(52) if pack == "full52" or c % 13 >= 5)

    def ids(bits: list[int]) -> list[int]:
        return [card_ids[i] for i, b in enumerate(bits) if b]

    assert ids(section(enc, x, "hand")) == sorted(obs["hand_ids"])
    if enc.recall:
        assert ids(section(enc, x, "dealt")) == sorted(obs["dealt_ids"])
    trump = section(enc, x, "trump")
    assert trump.index(1) == (SUITS.index(obs["trump"]) if obs["trump"] else 4)
    assert ids(section(enc, x, "turn_up")) == (
        [parse_card(obs["turn_up"])] if obs["turn_up"] else []
    )
    phase = section(enc, x, "phase")
    words = ["declare", "partner", "play", "decide", "respond", "over", "bid", "pass"]
    assert sum(phase) == 1 and words[phase.index(1)] == obs["phase"]
    if "bids" in obs:  # each seat's bid, one of 0 to k tricks, by slot; none yet: all 0
        width = widest_rules(enc.rules, n).deal.hand_size + 1  # the most tricks at the table
        bids = section(enc, x, "bids")
        for s_abs, b in enumerate(obs["bids"]):
            row = bids[(s_abs - seat) % n * width : ((s_abs - seat) % n + 1) * width]
            assert row == [int(i == b) for i in range(width)]
    seats = section(enc, x, "seats")
    for s_abs in range(n):
        slot = (s_abs - seat) % n
        f = dict(zip(SEAT_FIELDS, seats[slot * 15 : slot * 15 + 15], strict=True))
        word = obs["statuses"][s_abs]
        ex = obs["exchanged"][s_abs]
        assert f["to_move"] == (obs["to_move"] == s_abs)
        assert f["dealer"] == (obs["dealer"] == s_abs)
        assert f["exchanged"] == (ex >= 0) and f["cards_exchanged"] == max(ex, 0)
        assert f["cards_held"] == obs["hand_sizes"][s_abs]
        assert f["score"] == obs["scores"][s_abs]
        assert f["tricks_won"] == sum(1 for w in obs["tricks"] if w == s_abs)
        if word.startswith("exchanged"):
            assert f["to_declare"] == word.endswith("to declare")
            assert f["stood"] == (not word.endswith("to declare"))
        else:
            assert f[STATUS_WORDS[word]] == 1
    table = dict(zip(TABLE_FIELDS, section(enc, x, "table"), strict=True))
    assert table["stock"] == obs["stock_size"] and table["pool"] == obs["pool"]
    assert table["miss_untaken"] == (obs["miss"] == "untaken")
    assert table["miss_for_pool"] == (obs["miss"] == "for the pool")
    # The cards played, by slot (the miss is the last slot; its seat is -1).
    played = section(enc, x, "played")
    width = len(card_ids)
    by_slot: dict[int, list[int]] = {}
    for s_abs, text in obs["played"]:
        slot = n if s_abs == -1 else (s_abs - seat) % n
        by_slot.setdefault(slot, []).append(parse_card(text))
    slots = len(played) // width
    for slot in range(slots):
        assert ids(played[slot * width : (slot + 1) * width]) == sorted(by_slot.get(slot, []))
    trick = section(enc, x, "trick")
    cur = {(n if s_abs == -1 else (s_abs - seat) % n): parse_card(t) for s_abs, t in obs["trick"]}
    for slot in range(slots):
        assert ids(trick[slot * width : (slot + 1) * width]) == ([cur[slot]] if slot in cur else [])
    if enc.recall:
        tricks = section(enc, x, "tricks")
        assert sum(tricks) == len(obs["played"])


def random_positions(rules: Rules, players: int, seed: int, count: int = 60) -> Any:
    """``count`` positions of random play (deals' ends included), session after session."""
    rng = random.Random(seed)
    seen = 0
    while True:
        s = cardrules.new_session(
            rules, players=players, seed=rng.randrange(1 << 30), pause_at_deal_end=True
        )
        while True:
            yield s
            seen += 1
            if seen >= count:
                return
            if s.deal_over:
                if s.is_over:
                    break
                s.next_deal()
            else:
                s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize(("variant", "house", "players"), configurations())
def test_read_back_on_random_sessions(variant: str, house: tuple[str, ...], players: int) -> None:
    rules = rules_of(variant, house)
    for recall in (True, False):
        enc = Encoder(rules, players, recall=recall)
        seen = 0
        for s in random_positions(rules, players, seed=len(variant) + players):
            seat = seen % players
            x = enc.encode(s, seat)
            read_back(enc, s, seat, x)
            seen += 1
        assert seen == 60


@pytest.mark.parametrize(("variant", "house", "players"), configurations())
def test_kept_parts_are_fresh_ones(variant: str, house: tuple[str, ...], players: int) -> None:
    """One encoder kept through random play (deals' ends and new deals included), its
    parts kept from call to call, writes for the mover and the seat after it, as bytes
    and as signed bytes, what a new encoder writes at every step."""
    rules = rules_of(variant, house)
    for recall in (True, False):
        kept = Encoder(rules, players, recall=recall)
        bits = bytearray(kept.size)
        rng = random.Random(players * 31 + len(house))
        steps = 0
        s = cardrules.new_session(
            rules, players=players, seed=rng.randrange(1 << 30), pause_at_deal_end=True
        )
        while steps < 40:
            if s.is_over:
                s = cardrules.new_session(
                    rules, players=players, seed=rng.randrange(1 << 30), pause_at_deal_end=True
                )
            mover = max(s.to_move, 0)
            for seat in (mover, (mover + 1) % players):
                fresh = Encoder(rules, players, recall=recall).encode(s, seat)
                assert kept.encode(s, seat) == fresh
                counts = kept.write(s, seat, bits, signed=True)
                x = np.frombuffer(bits, dtype=np.int8).tolist()
                for i, value in counts:
                    x[i] = value
                assert x == fresh
            if s.deal_over:
                s.next_deal()
            else:
                s.apply(rng.choice(s.legal_actions()))
            steps += 1


@pytest.mark.parametrize("variant", ["three-card-loo", "five-card-loo", "put-four-handed"])
def test_caches_never_stale(variant: str) -> None:
    """One encoder fed clones that part ways, in turn, writes what fresh encoders write."""
    rules = rules_of(variant)
    n = rules.players.default
    enc = Encoder(rules, n)
    rng = random.Random(3)
    s = cardrules.new_session(rules, players=n, seed=5, pause_at_deal_end=True)
    for _ in range(6):
        s.apply(rng.choice(s.legal_actions()))
    branches = [s, s.clone(), s.clone()]
    for _ in range(40):
        for b in branches:
            if b.deal_over:
                continue
            b.apply(rng.choice(b.legal_actions()))
            for seat in range(n):
                assert enc.encode(b, seat) == Encoder(rules, n).encode(b, seat)
    # A new deal of the same session, after one of the branches ended.
    done = next((b for b in branches if b.deal_over), None)
    assert done is not None and not done.is_over
    done.next_deal()
    assert enc.encode(done, 0) == Encoder(rules, n).encode(done, 0)


def test_numpy_and_list_agree() -> None:
    rules = rules_of("five-card-loo")
    enc = encoder(rules, 5)
    for s in random_positions(rules, 5, seed=1, count=30):
        seat = s.to_move if s.to_move >= 0 else 0
        buf = np.full(enc.size, 7.0, dtype=np.float32)  # overwritten whole
        assert enc.encode(s, seat, buf) is buf
        assert buf.tolist() == enc.encode(s, seat)
        ints = [9] * enc.size
        assert enc.encode(s, seat, ints) == enc.encode(s, seat)


def test_signed_bytes_hold_the_small_counters() -> None:
    """Written as signed bytes, the counters from -128 to 127 are in the bytes and only the
    others come apart: read as numpy's int8 with those put in, the encoding is the same."""
    rules = rules_of("three-card-loo")
    enc = encoder(rules, 5)
    bits = bytearray(enc.size)
    seen_apart: set[int] = set()
    for scores, pool in (([-300, 127, -128, 128, 5], 200), ([0, -1, 1, -129, 0], 127)):
        s = cardrules.new_session(rules, players=5, seed=3, scores=scores, pool=pool)
        rng = random.Random(2)
        while not s.deal_over:
            for seat in range(5):
                counts = enc.write(s, seat, bits, signed=True)
                x = np.frombuffer(bits, dtype=np.int8).astype(np.float32)
                for i, value in counts:
                    x[i] = value
                assert x.tolist() == enc.encode(s, seat)
                seen_apart.update(value for _, value in counts)
                in_bytes = {v for _, v in enc.write(s, seat, bytearray(enc.size))} - seen_apart
                assert in_bytes and all(-128 <= v < 128 for v in in_bytes)
            s.apply(rng.choice(s.legal_actions()))
    # Only those a byte cannot hold came apart (the antes moved the counters a little).
    assert seen_apart and all(not -128 <= v < 128 for v in seen_apart)


def test_bad_arguments_are_refused() -> None:
    s = cardrules.new_session("put", seed=1)
    enc = Encoder(s.rules, 2)
    with pytest.raises(ArgumentValueError):
        enc.encode(s, 2)
    with pytest.raises(ArgumentValueError):
        enc.encode(s, 0, [0] * 3)
    with pytest.raises(ArgumentValueError):
        Encoder(rules_of("three-card-loo"), 4).encode(s, 0)
    with pytest.raises(ArgumentValueError):
        enc.offset("nothing")
    with pytest.raises(ArgumentValueError):
        Encoder(s.rules, 3)


# ------------------------------------------------------------------ what a seat may know


@pytest.mark.parametrize(
    "variant", ["three-card-loo", "five-card-loo", "irish-loo", "put-four-handed"]
)
def test_hidden_cards_do_not_show(variant: str) -> None:
    """Redealing every card hidden from a seat (the public sampler) leaves its encoding as
    it was: the encoding holds only what the seat may know."""
    rules = rules_of(variant)
    n = rules.players.default
    enc = Encoder(rules, n)
    rng = random.Random(11)
    checked = 0
    for s in random_positions(rules, n, seed=4, count=50):
        if s.deal_over:
            continue
        seat = rng.randrange(n)
        other = determinize(s, seat, rng)
        assert enc.encode(other, seat) == enc.encode(s, seat)
        checked += 1
    assert checked > 10


def test_recall_remembers_the_exchange() -> None:
    """After an exchange the hand no longer shows what was given up; the information state
    still does (the cards laid aside), and so do the cards dealt."""
    rules = rules_of("five-card-loo")
    s = cardrules.new_session(rules, players=5, seed=2)
    seat = s.to_move
    dealt = s.hand(seat)
    out = dealt[:2]
    s.apply("exchange " + " ".join(cardrules.action_text(16 + c).split()[1] for c in out))
    enc = Encoder(rules, 5)
    x = enc.encode(s, seat)
    pack = list(range(52))
    assert [pack[i] for i, b in enumerate(section(enc, x, "laid_aside")) if b] == sorted(out)
    assert [pack[i] for i, b in enumerate(section(enc, x, "dealt")) if b] == sorted(dealt)
    seats = section(enc, x, "seats")
    assert seats[SEAT_FIELDS.index("cards_exchanged")] == 2


# ------------------------------------------------------------------ import cardrules


def test_import_cardrules_imports_no_numerical_library() -> None:
    code = (
        "import sys, cardrules, cardrules.engine.space, cardrules.engine.encoding\n"
        "s = cardrules.new_session('five-card-loo', seed=1)\n"
        "cardrules.engine.encoding.encoder(s.rules, 5).encode(s, 0)\n"
        "heavy = ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'ray')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
