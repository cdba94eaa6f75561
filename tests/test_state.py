"""The engine's state as a value: compared, copied, pickled, serialised, observed.

Every check compares :meth:`Session.state`, the whole position.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

import cardrules
from cardrules import FixedDeal, Session
from cardrules.engine.dealing import DealContext
from cardrules.engine.parts import Cards
from cardrules.engine.phases import Phase
from cardrules.engine.position import FIELDS
from cardrules.engine.sampling import conflicts, determinize
from cardrules.errors import ArgumentValueError, GameOverError, IllegalActionError, RecordError

GAMES = ["three-card-loo", "five-card-loo", "irish-loo", "put", "put-four-handed", "oh-hell"]


def _walk(variant: str, seed: int, steps: int) -> list[Session]:
    """Positions of a seeded random game, one per step."""
    rng = random.Random(seed)
    s = cardrules.new_session(variant, seed=seed)
    out = []
    for _ in range(steps):
        if s.is_over:
            break
        out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize("variant", GAMES)
def test_clone_pickle_deepcopy_and_json_give_the_same_position(variant: str) -> None:
    for s in _walk(variant, 5, 60):
        state = s.state()
        for copied in (
            s.clone(),
            copy.deepcopy(s),
            pickle.loads(pickle.dumps(s)),
            Session.from_json(json.loads(json.dumps(s.to_json()))),
        ):
            assert copied.state() == state
            assert copied == s
            # The phase is the member itself (the engine compares it by identity).
            assert copied.deal.phase is Phase(int(s.deal.phase))
            # Each copy plays on exactly as the original does.
            if not s.is_over:
                a = s.legal_actions()[-1]
                t, u = s.clone(), copied
                t.apply(a)
                u.apply(a)
                assert t.state() == u.state()


def test_a_copy_is_independent() -> None:
    s = cardrules.new_session("five-card-loo", players=4, seed=2, dealer=3)
    t = s.clone()
    before = s.state()
    t.apply(t.legal_actions()[0])
    assert s.state() == before
    assert t.state() != before


def test_copies_and_pickles_carry_every_field_of_a_session() -> None:
    # They go by the names in FIELDS (a compiled session has no __dict__): every field a
    # session sets, by play, by reading JSON, by a clone or by unpickling, is named there.
    s = cardrules.new_session("five-card-loo", players=4, seed=2)
    t = cardrules.new_session("put", chance="explicit", pause_at_deal_end=True)
    s.apply(s.legal_actions()[0])
    made = [s, t, s.clone(), t.clone(), pickle.loads(pickle.dumps(s)), copy.copy(t)]
    made.append(Session.from_json(t.to_json()))
    for x in made:
        if hasattr(x, "__dict__"):  # pure Python: every attribute it has is a field
            assert sorted(vars(x)) == sorted(FIELDS)
        else:  # compiled, its attributes are its class's own: every field is set
            assert all(hasattr(x, name) for name in FIELDS)


def test_a_deals_context_pickles_and_copies_with_every_field() -> None:
    ctx = DealContext(5, 2, pool=15, stakes=(3, 3, 3, 3, 3), single=True, first=True)
    ctx.last, ctx.released, ctx.hand_size = True, True, 4
    for made in (pickle.loads(pickle.dumps(ctx)), copy.copy(ctx), copy.deepcopy(ctx)):
        assert made is not ctx
        assert made.to_json() == ctx.to_json()
        assert (made.last, made.released, made.hand_size) == (True, True, 4)


def test_a_refusal_leaves_the_whole_state_as_it_was() -> None:
    deal = FixedDeal(
        hands=(("AH", "5S", "6S"), ("2S", "4H", "9D"), ("2C", "3C", "4C")), turn_up="2H"
    )
    s = cardrules.Session(
        cardrules.load_variant("irish-loo"), 3, dealer=2, deal=deal, first_deal=False
    )
    for _ in range(3):
        s.apply("stand")
    s.apply("play AH")  # the ace of trumps led: seat 1 must follow with his heart
    before = s.state()
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play 2S")
    assert s.state() == before
    err = caught.value
    assert (err.seat, err.action, err.legal) == (1, "play 2S", ("play 4H",))
    assert "follow suit" in err.reason and "legal" not in err.reason


def test_a_position_from_json_rejects_other_rules_and_junk() -> None:
    s = cardrules.new_session("three-card-loo", players=3, seed=1)
    data = s.to_json()
    other = cardrules.load_variant("five-card-loo")
    with pytest.raises(RecordError):
        Session.from_json(data, rules=other)
    with pytest.raises(RecordError):
        Session.from_json({"format": "something else"})
    broken = json.loads(json.dumps(data))
    del broken["state"]["deal"]["cards"]["hands"]
    with pytest.raises(RecordError):
        Session.from_json(broken)


def test_hands_as_card_ids_and_the_dealt_hand_kept_after_an_exchange() -> None:
    deal = FixedDeal(
        hands=(
            ("AH", "6C", "9H", "JS", "KS"),
            ("AS", "3C", "KD", "7H", "QS"),
            ("5D", "7D", "TD", "3D", "3H"),
        ),
        turn_up="6H",
        stock=("2D", "AC", "AD"),
    )
    rules = cardrules.load_variant("five-card-loo")
    s = cardrules.Session(rules, 3, dealer=2, deal=deal, first_deal=False)
    dealt = s.dealt_hand(0)
    s.apply("exchange 6C JS")
    assert s.hand(0) != dealt
    assert s.dealt_hand(0) == dealt
    obs = s.observation(0)
    assert obs["dealt_ids"] == dealt and obs["hand_ids"] == s.hand(0)
    assert sorted(obs["dealt"]) == sorted(["AH", "6C", "9H", "JS", "KS"])
    assert obs["statuses"][0] == "exchanged 2"
    assert s.observation(1)["public_actions"][0][0] == 0
    assert s.observation(1)["history"] == ["0: exchange 2"]
    with pytest.raises(ArgumentValueError, match="no seat 3"):
        s.hand(3)


def test_a_finished_deal_stays_observable_when_the_session_pauses() -> None:
    s = cardrules.new_session("three-card-loo", players=3, seed=4, pause_at_deal_end=True)
    rng = random.Random(1)
    while not s.deal_over:
        s.apply(rng.choice(s.legal_actions()))
    assert s.to_move == -1 and s.legal_actions() == []
    assert s.last_deal is s.deal and s.deal.phase is Phase.OVER
    obs = s.observation(0)
    assert obs["phase"] == "over" and obs["result"] == s.last_result.to_json()  # type: ignore[union-attr]
    with pytest.raises(GameOverError):
        s.apply(0)
    state = s.state()
    assert Session.from_json(s.to_json()).state() == state
    s.next_deal()
    assert s.deals_played == 1 and s.to_move >= 0
    assert s.last_deal is not s.deal


def test_a_deal_that_ends_as_it_is_dealt_is_as_visible_as_any_other() -> None:
    # Hoffmann: a flush is shown at once; with a pause the deal stops there, observable.
    rules = cardrules.load_variant("five-card-loo", house_rules=["hoffmann-1909"])
    deal = FixedDeal(
        hands=(
            ("AH", "6C", "9H", "JS", "KS"),
            ("AS", "3C", "KD", "7H", "QS"),
            ("5D", "7D", "TD", "3D", "2D"),
        ),
        turn_up="6H",
    )
    s = cardrules.Session(rules, 3, dealer=2, deal=deal, first_deal=False, pause_at_deal_end=True)
    assert s.deal_over and s.last_result is not None
    assert s.last_result.ended_by == "flush" and s.last_result.flush == (2,)
    assert s.observation(0)["shown"] == {2: ["2D", "3D", "5D", "7D", "TD"]}
    assert s.observation(0)["revealed"][2] == list(s.deal.view.shown[2])


def test_the_sampler_respects_a_shown_void() -> None:
    # Seat 1 shows a void in spades at the first trick: no sample may give him a spade.
    deal = FixedDeal(
        hands=(("AS", "5H", "6H"), ("2D", "4H", "9D"), ("2S", "3C", "4C")), turn_up="2C"
    )
    rules = cardrules.load_variant("irish-loo")
    s = cardrules.Session(rules, 3, dealer=2, deal=deal, first_deal=False)
    for _ in range(3):
        s.apply("stand")
    s.apply("play AS")
    s.apply("play 2D")  # void in spades (and holding no trump)
    for k in range(200):
        t = determinize(s, 0, random.Random(k))
        assert conflicts(t, 0) == 0
        assert all(c // 13 != 0 for c in t.hand(1)), "seat 1 showed no spade"
        assert all(c // 13 != 3 for c in t.hand(1)), "seat 1 could not trump"
        assert t.observation(0) == s.observation(0)


def test_parts_copy_and_read_back() -> None:
    c = Cards(3)
    c.hands[0] = [1, 2, 3]
    c.shown[1] = [4]
    d = c.copy()
    d.hands[0].append(9)
    d.shown[1].append(5)
    assert c.hands[0] == [1, 2, 3] and c.shown[1] == [4]
    assert Cards.from_json(json.loads(json.dumps(c.to_json()))) == c


@pytest.mark.parametrize("variant", ["three-card-loo", "put"])
def test_a_clone_deals_the_same_coming_deals_whichever_deals_first(variant: str) -> None:
    # The generator of the coming deals is shared until one of them deals: each must still
    # deal exactly what the other deals.
    s = cardrules.new_session(variant, seed=11)
    s.apply(s.legal_actions()[0])
    t = s.clone()
    u = s.clone()
    for session in (s, t, u):  # s deals first, then t, then u
        while session.deals_played < 3 and not session.is_over:
            session.apply(session.legal_actions()[-1])
    assert s.state() == t.state() == u.state()


@pytest.mark.parametrize("variant", GAMES)
def test_every_sample_agrees_with_what_the_seat_has_seen(variant: str) -> None:
    # Over random games: every card another seat played was legal with the hand the sample
    # gives it, and the sample looks to the seat exactly like the real game.
    checked = 0
    for seed in range(12):
        s = cardrules.new_session(variant, seed=seed)
        rng = random.Random(seed)
        for step in range(40):
            if s.is_over:
                break
            seat = s.to_move
            if s.deal.view.played:
                t = determinize(s, seat, random.Random(step))
                assert conflicts(t, seat) == 0
                assert t.observation(seat) == s.observation(seat)
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 50


def test_a_partner_sees_the_card_given_him_and_the_others_see_a_gift() -> None:
    # Four-handed Put (1.6): the card passed is seen by the partner who receives it alone.
    # Deuces rank high at Put, so the two of spades (whose id is the bare "give" id) is
    # often the card given: its text must still name it for the partner.
    seen_two = False
    for seed in range(60):
        s = cardrules.new_session("put-four-handed", seed=seed)
        rng = random.Random(seed)
        while s.deals_played == 0 and not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            history = s.deal.history if s.deals_played == 0 else s.histories[0]
            for i, (giver, a) in enumerate(history):
                text = cardrules.action_text(a)
                if not text.startswith("give"):
                    continue
                seen_two = seen_two or text == "give 2S"
                partner, other = (giver + 2) % 4, (giver + 1) % 4
                if s.deals_played == 0:
                    assert s.deal.public_history(partner)[i] == f"{giver}: {text}"
                    assert s.deal.public_history(other)[i] == f"{giver}: give"
    assert seen_two


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True])
def test_a_sample_for_no_such_seat_is_refused(seat: object) -> None:
    s = cardrules.new_session("three-card-loo", players=4, seed=1)
    before = s.state()
    with pytest.raises(cardrules.PlayError, match="no seat"):
        determinize(s, seat, random.Random(1))  # type: ignore[arg-type]
    assert s.state() == before
