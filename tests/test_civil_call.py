"""The call "Pam, be civil" (1.2.8, D30): part of the lead of the ace of trumps.

"When the ace of trumps is led, it is usual to say, Pam be civil" [S000]: the leader may
lead the ace with the call or without it, and civility binds the holder of Pam only when
the call is made, unless the table's ``following.civil_call`` is ``not_needed``. These
tests follow one deal, worked by hand: three players, dealer seat 2, hearts trumps (2H
turned up); seat 0 holds the ace of trumps and must lead it (1.1.10.1), seat 1 holds Pam
(JC) and the 4H, seat 2 no trump.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest

import cardrules
from cardrules.cards import parse_card
from cardrules.cli.narration import Narrator
from cardrules.cli.screen import screen_lines
from cardrules.engine import actions as A
from cardrules.engine.actions import action_text, parse_action
from cardrules.engine.deal import FixedDeal
from cardrules.engine.encoding import Encoder
from cardrules.engine.space import action_space, from_compact, legal_indices, to_compact
from cardrules.errors import ActionSyntaxError, ArgumentValueError, IllegalActionError
from cardrules.players.base import SeatView
from cardrules.players.heuristic import HeuristicBot
from cardrules.players.montecarlo import MonteCarloBot
from cardrules.rules.model import BeCivil, CivilCall, Rules

HANDS = (
    ("AH", "5S", "6S", "7S", "8S"),
    ("JC", "4H", "9D", "TD", "JD"),
    ("2C", "3C", "4C", "5C", "9S"),
)
AH_CIVIL = A.CIVIL + 1  # hearts is suit 1


def five_card(**following: Any) -> Rules:
    rules = cardrules.load_variant("five-card-loo")
    return attrs.evolve(rules, following=attrs.evolve(rules.following, **following))


def at_the_lead(rules: Rules | None = None) -> cardrules.Session:
    s = cardrules.Session(
        rules or five_card(),
        3,
        dealer=2,
        deal=FixedDeal(hands=HANDS, turn_up="2H"),
        first_deal=False,
    )
    for _ in range(3):
        s.apply("stand")
    return s


# ------------------------------------------------------------------ the action's text


def test_the_call_is_written_after_the_ace() -> None:
    assert parse_action("play AH civil") == AH_CIVIL
    assert parse_action("PLAY ah Civil") == AH_CIVIL
    assert [action_text(A.CIVIL + s) for s in range(4)] == [
        f"play A{suit} civil" for suit in "SHDC"
    ]
    assert A.civil_card(AH_CIVIL) == parse_card("AH")
    assert A.format_step(0, AH_CIVIL) == "0: play AH civil"


@pytest.mark.parametrize(
    ("text", "word"),
    [("play KH civil", "only the ace"), ("play AH AS civil", "not a card")],
)
def test_a_call_with_another_card_is_no_action(text: str, word: str) -> None:
    with pytest.raises(ActionSyntaxError, match=word):
        parse_action(text)


def test_the_call_ids_are_actions_of_the_api() -> None:
    s = at_the_lead()
    s.apply(AH_CIVIL)  # an id passes the API's check
    assert s.deal.view.civil_called
    with pytest.raises(ArgumentValueError, match="8 to 11"):
        at_the_lead().apply(12)


# ------------------------------------------------------------------ legal actions


def test_the_leader_of_the_ace_may_call_or_not() -> None:
    s = at_the_lead()
    assert s.legal_action_texts() == ["play AH civil", "play AH"]
    offer = s.deal.offer()
    assert offer.words == (AH_CIVIL,) and offer.legal() == s.legal_actions()


def test_called_pam_must_pass_with_his_other_trump() -> None:
    s = at_the_lead()
    s.apply("play AH civil")
    assert s.legal_action_texts() == ["play 4H"]
    before = s.state()
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play JC")
    assert caught.value.reason == "Pam must be civil: the ace of trumps was led"
    assert s.state() == before


def test_not_called_pam_heads_the_ace() -> None:
    s = at_the_lead()
    s.apply("play AH")
    assert s.legal_action_texts() == ["play JC"]  # the only card that heads the ace
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play 4H")
    assert "head the trick" in caught.value.reason
    assert not s.deal.view.civil_called


def test_no_call_where_civility_needs_none() -> None:
    s = at_the_lead(five_card(civil_call=CivilCall.NOT_NEEDED))
    assert s.legal_action_texts() == ["play AH"]
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play AH civil")
    assert "needs no call" in caught.value.reason
    s.apply("play AH")
    assert s.legal_action_texts() == ["play 4H"]  # civil without the call
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play JC")
    assert caught.value.reason == "Pam must be civil: the ace of trumps was led"


def test_no_call_where_pam_need_not_be_civil() -> None:
    s = at_the_lead(five_card(be_civil=BeCivil.OFF))
    assert s.legal_action_texts() == ["play AH"]
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play AH civil")
    assert 'no call "Pam, be civil"' in caught.value.reason


def test_no_call_without_pam() -> None:
    s = cardrules.Session(
        cardrules.load_variant("three-card-loo"),
        3,
        dealer=2,
        deal=FixedDeal(
            hands=(("AH", "5S", "6S"), ("JC", "4H", "9D"), ("2C", "3C", "4C")),
            miss=("7D", "8D", "9C"),
            turn_up="2H",
        ),
        first_deal=False,
    )
    s.apply("stand")
    s.apply("stand")
    s.apply("stand")
    assert s.legal_action_texts() == ["play AH"]


def test_only_the_leader_calls() -> None:
    s = at_the_lead()
    s.apply("play AH")
    with pytest.raises(IllegalActionError) as caught:
        s.apply("play AH civil")
    assert "only by the leader" in caught.value.reason


# ------------------------------------------------------------------ what is seen and kept


def test_the_call_is_public_and_kept_in_the_state() -> None:
    s = at_the_lead()
    s.apply("play AH civil")
    for seat in range(3):
        obs = s.observation(seat)
        assert obs["civil_called"] is True and obs["civil_calls"] == [0]
        assert obs["history"][-1] == "0: play AH civil"
        assert obs["trick"] == [(0, "AH")]
    assert s.deal.view.played == ((0, parse_card("AH")),)
    copy = cardrules.Session.from_json(json.loads(json.dumps(s.to_json())))
    assert copy == s and copy.legal_action_texts() == ["play 4H"]
    assert pickle.loads(pickle.dumps(s)) == s and s.clone() == s
    s.apply("play 4H")
    s.apply("play 2C")  # the trick is over: the call was for it alone
    obs = s.observation(1)
    assert obs["civil_called"] is False and obs["civil_calls"] == [0]


def test_a_record_replays_the_call() -> None:
    s = at_the_lead()
    s.apply("play AH civil")
    s.apply("play 4H")
    again = cardrules.replay(s.record())
    assert (
        again.deal.history
        == s.deal.history
        == ((0, 0), (1, 0), (2, 0), (0, AH_CIVIL), (1, A.PLAY + parse_card("4H")))
    )
    assert again.deal.view.calls == (0,) and again.legal_actions() == s.legal_actions()
    assert "0: play AH civil" in json.dumps(s.record())


def test_the_encoding_carries_the_call() -> None:
    s = at_the_lead()
    enc = Encoder(s.rules, 3)
    lo = enc.offset("calls")
    assert [length for name, _, length in enc.sections if name == "calls"] == [1 + 5]
    assert list(enc.encode(s, 1)[lo : lo + 6]) == [0] * 6
    s.apply("play AH civil")
    assert list(enc.encode(s, 1)[lo : lo + 6]) == [1, 1, 0, 0, 0, 0]
    present = Encoder(s.rules, 3, recall=False)
    lo = present.offset("calls")
    assert [length for name, _, length in present.sections if name == "calls"] == [1]
    assert present.encode(s, 2)[lo] == 1
    with pytest.raises(ArgumentValueError):
        Encoder(cardrules.load_variant("three-card-loo"), 3).offset("calls")


def test_the_compact_space_has_one_index_for_the_call() -> None:
    s = at_the_lead()
    space = action_space(s.rules, 3)
    assert space.civil == 2  # after stand and throw-up
    assert [to_compact(s, a) for a in s.legal_actions()] == [2, space.play + parse_card("AH")]
    assert legal_indices(s) == [2, space.play + parse_card("AH")]
    assert from_compact(s, 2) == AH_CIVIL
    hand = s.hand(0)
    assert space.from_compact(hand, 2, 1) == AH_CIVIL
    assert space.from_compact(hand, 2) == AH_CIVIL  # his only ace
    with pytest.raises(ArgumentValueError, match="trump"):
        space.from_compact([parse_card("AH"), parse_card("AS")], 2)
    with pytest.raises(ArgumentValueError, match="trump"):
        space.from_compact(hand, 2, 4)


# ------------------------------------------------------------------ bots and the terminal


def test_the_heuristic_bot_calls_when_pam_may_be_elsewhere() -> None:
    s = at_the_lead()  # Pam is not in the leader's hand
    assert HeuristicBot().choose(SeatView(s, 0)) == AH_CIVIL


def test_the_heuristic_bot_does_not_call_holding_pam() -> None:
    # The leader holds Pam and the ace; the ace must be led first (ace_compulsory, D31).
    rules = cardrules.load_variant(
        "five-card-loo", overrides={"leads": {"pam_and_ace": "ace_compulsory"}}
    )
    s = cardrules.Session(
        rules,
        3,
        dealer=2,
        deal=FixedDeal(
            hands=(
                ("JC", "AH", "3S", "4S", "5S"),
                ("KH", "6D", "7D", "8D", "9S"),
                ("3H", "4H", "TD", "JD", "QD"),
            ),
            turn_up="2H",
        ),
        first_deal=False,
    )
    for _ in range(3):
        s.apply("stand")
    assert s.legal_action_texts() == ["play AH civil", "play AH"]
    assert HeuristicBot().choose(SeatView(s, 0)) == A.PLAY + parse_card("AH")


def test_the_search_bot_weighs_the_call_as_any_legal_action() -> None:
    s = at_the_lead()
    choice = MonteCarloBot(samples=4, rng=random.Random(1)).choose(SeatView(s, 0))
    assert choice in (AH_CIVIL, A.PLAY + parse_card("AH"))


def test_the_narration_tells_the_call() -> None:
    s = at_the_lead()
    narrator = Narrator(s, 1)
    assert narrator.step("play AH civil") == ['  seat 0: play AH, calling "Pam, be civil"']
    lines = screen_lines(s.observation(1), promoted=("JC", "Pam"))
    assert any(line.startswith('Trick 1: seat 0 AH ("Pam, be civil")') for line in lines)
