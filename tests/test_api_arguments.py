"""Bad arguments to the session API get named errors, and change nothing.

Every refusal is a :class:`~cardrules.errors.CardRulesError` that is also the builtin that
fits (``TypeError`` for a wrong type, ``ValueError`` for a value out of range), its message
says what was expected, and the session's state is exactly as it was.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import FixedDeal, Session
from cardrules.engine.actions import LAST_ID
from cardrules.engine.arguments import LAST_ACTION, MAX_COUNTERS, MAX_SEED
from cardrules.engine.rulesdata import rules_hash, rules_json
from cardrules.errors import (
    ActionSyntaxError,
    ArgumentTypeError,
    ArgumentValueError,
    CardRulesError,
    IllegalActionError,
    RecordError,
)

RULES = cardrules.load_variant("five-card-loo")

#: Junk of every JSON-ish kind, and numbers near the edges.
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.lists(st.integers(-3, 60), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.tuples(st.integers(), st.text(max_size=2)),
)

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _session() -> Session:
    s = Session(RULES, 4, seed=3, dealer=1)
    s.apply("stand")
    return s


def _refused(exc: BaseException, builtin: type[Exception]) -> None:
    assert isinstance(exc, CardRulesError) and isinstance(exc, builtin), repr(exc)
    assert str(exc), "the message says what was expected"


# ------------------------------------------------------------------ apply


@pytest.mark.parametrize(
    ("action", "error", "words"),
    [
        (None, ArgumentTypeError, "an action is its id"),
        (1.0, ArgumentTypeError, "an action is its id"),
        (True, ArgumentTypeError, "an action is its id"),
        (False, ArgumentTypeError, "an action is its id"),
        ([16], ArgumentTypeError, "an action is its id"),
        (-1, ArgumentValueError, "no action has id -1"),
        (12, ArgumentValueError, "no action has id 12"),  # between the calls and the plays
        (LAST_ACTION + 1, IllegalActionError, "bid 0"),  # a bid, in a game without bids
        (LAST_ID + 1, ArgumentValueError, f"no action has id {LAST_ID + 1}"),
        (10**40, ArgumentValueError, "no action has id"),
        ("", ActionSyntaxError, "empty action"),
        ("play ZZ", ActionSyntaxError, "not a card"),
    ],
)
def test_apply_refuses_what_is_not_an_action(action: Any, error: type, words: str) -> None:
    s = _session()
    before = s.state()
    with pytest.raises(error, match=words):
        s.apply(action)
    assert s.state() == before


@FAST
@given(JUNK)
def test_apply_refuses_junk_with_a_named_error_and_changes_nothing(action: Any) -> None:
    _check_apply_junk(action)


def _check_apply_junk(action: Any) -> None:
    s = _session()
    before = s.state()
    if isinstance(action, (str, int)) and not isinstance(action, bool):
        try:
            legal = cardrules.parse_action(action) in s.legal_actions()
        except CardRulesError:
            legal = False
        assume(not legal)
    with pytest.raises(CardRulesError) as caught:
        s.apply(action)
    wrong_type = not isinstance(action, (str, int)) or isinstance(action, bool)
    _refused(caught.value, TypeError if wrong_type else ValueError)
    assert s.state() == before


def test_an_action_id_of_another_int_kind_is_taken() -> None:
    class Index:  # anything with __index__ is a whole number (numpy's integers are)
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    s, t = _session(), _session()
    a = s.legal_actions()[0]
    s.apply(Index(a))
    t.apply(a)
    assert s == t


@pytest.mark.parametrize("seat", ["1", 1.0, True, None, -1, 4])
def test_a_seat_that_is_not_one_of_the_table_is_refused(seat: Any) -> None:
    s = _session()
    for method in (s.hand, s.dealt_hand, s.observation):
        with pytest.raises(CardRulesError, match="seat") as caught:
            method(seat)
        _refused(caught.value, _expected_builtin(seat))


# ------------------------------------------------------------------ Session(...)


def _expected_builtin(value: Any) -> type[Exception]:
    return ValueError if type(value) is int else TypeError


@FAST
@given(JUNK)
def test_a_dealer_must_be_a_seat(dealer: Any) -> None:
    assume(dealer is None or not (type(dealer) is int and 0 <= dealer < 4))
    assume(dealer is not None)
    with pytest.raises(CardRulesError) as caught:
        Session(RULES, 4, seed=1, dealer=dealer)
    _refused(caught.value, _expected_builtin(dealer))


def test_a_dealer_off_the_table_is_not_wrapped_round() -> None:
    with pytest.raises(ArgumentValueError, match="dealer: expected a whole number from 0 to 3"):
        Session(RULES, 4, seed=1, dealer=4)
    with pytest.raises(ArgumentValueError, match="got -1"):
        Session(RULES, 4, seed=1, dealer=-1)
    assert Session(RULES, 4, seed=1, dealer=3).dealer == 3


@FAST
@given(JUNK)
def test_a_pool_is_a_whole_number_of_counters(pool: Any) -> None:
    assume(not (type(pool) is int and 0 <= pool <= MAX_COUNTERS))
    with pytest.raises(CardRulesError) as caught:
        Session(RULES, 4, seed=1, pool=pool)
    _refused(caught.value, _expected_builtin(pool))


@pytest.mark.parametrize("pool", [-5, 1.5, True, "3", MAX_COUNTERS + 1])
def test_bad_pools_are_refused(pool: Any) -> None:
    with pytest.raises((ArgumentTypeError, ArgumentValueError), match="pool: expected"):
        Session(RULES, 4, seed=1, pool=pool)


@FAST
@given(JUNK)
def test_a_seed_is_one_a_record_can_store(seed: Any) -> None:
    assume(seed is not None and not (type(seed) is int and 0 <= seed <= MAX_SEED))
    with pytest.raises(CardRulesError) as caught:
        Session(RULES, 4, seed=seed)
    _refused(caught.value, _expected_builtin(seed))


def test_the_bounds_of_a_seed() -> None:
    assert Session(RULES, 4, seed=0).seed == 0
    assert Session(RULES, 4, seed=MAX_SEED).seed == MAX_SEED
    for seed in (-1, MAX_SEED + 1):
        with pytest.raises(ArgumentValueError, match="seed: expected a whole number from 0"):
            Session(RULES, 4, seed=seed)


@FAST
@given(st.one_of(JUNK, st.lists(JUNK, min_size=4, max_size=4)))
def test_scores_are_whole_numbers_one_a_seat(scores: Any) -> None:
    fine = (
        isinstance(scores, (list, tuple))
        and len(scores) == 4
        and all(type(x) is int and abs(x) <= MAX_COUNTERS for x in scores)
    )
    assume(scores is not None and not fine)
    with pytest.raises(CardRulesError) as caught:
        Session(RULES, 4, seed=1, scores=scores)
    if not isinstance(scores, (list, tuple)):
        builtin: type[Exception] = TypeError  # not a sequence of scores at all
    elif len(scores) != 4:
        builtin = ValueError  # a list of the wrong length
    else:  # the first score that is wrong says which
        first = next(x for x in scores if not (type(x) is int and abs(x) <= MAX_COUNTERS))
        builtin = _expected_builtin(first)
    _refused(caught.value, builtin)


@pytest.mark.parametrize(
    ("kwargs", "builtin"),
    [
        ({"players": "4"}, TypeError),
        ({"players": 4.0}, TypeError),
        ({"players": True}, TypeError),
        ({"players": 40}, ValueError),
        ({"first_deal": "no"}, TypeError),
        ({"single": 1}, TypeError),
        ({"pause_at_deal_end": None}, TypeError),
        ({"chance": "random"}, ValueError),
        ({"deal": {"hands": []}}, TypeError),
        ({"on_deal": 3}, TypeError),
        ({"origin": "five-card-loo"}, TypeError),
    ],
)
def test_other_arguments_are_checked(kwargs: dict[str, Any], builtin: type[Exception]) -> None:
    args: dict[str, Any] = {"seed": 1} | kwargs
    players = args.pop("players", 4)
    with pytest.raises(CardRulesError) as caught:
        Session(RULES, players, **args)
    _refused(caught.value, builtin)


def test_rules_must_be_rules() -> None:
    with pytest.raises(ArgumentTypeError, match="rules: expected"):
        Session("five-card-loo", 4)  # type: ignore[arg-type]


# ------------------------------------------------------------------ FixedDeal


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"hands": "AH"}, ArgumentTypeError, "hands: expected a list of hands"),
        ({"hands": [[1, 2, 3]]}, ArgumentTypeError, "expected a list of cards' texts"),
        ({"hands": [["AH", None]]}, ArgumentTypeError, "expected a list of cards' texts"),
        ({"hands": [["AH", "XX"]]}, ArgumentValueError, "not a card"),
        ({"hands": [["AH", "2C"], ["2c", "4S"]]}, ArgumentValueError, "names 2C twice"),
        ({"hands": [["AH"]], "miss": ["2C"], "turn_up": "2C"}, ArgumentValueError, "names 2C"),
        ({"hands": [["AH"]], "stock": ["AH"]}, ArgumentValueError, "names AH twice"),
        ({"hands": [["AH"]], "turn_up": 7}, ArgumentTypeError, "turn_up: expected"),
        ({"hands": [["AH"]], "stock": 5}, ArgumentTypeError, "stock: expected"),
    ],
)
def test_a_fixed_deal_names_each_card_once(kwargs: dict[str, Any], error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        FixedDeal(**kwargs)


def test_a_turn_up_named_in_a_hand_is_dealt_only_as_the_dealers_own_card() -> None:
    # The dealer's own turn-up is one of his cards (trumps.turn_up_to: dealer, 1.8.4); where
    # the turn-up is the next card, a turn-up named in a hand is a card dealt twice.
    hands = ["AH KH QH JH TH", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 9S"]
    fixed = FixedDeal(hands=hands, turn_up="9S")
    bourre = cardrules.load_variant("bourre")
    assert Session(bourre, 3, dealer=2, deal=fixed).deal.view.turnup_text == "9S"
    with pytest.raises(RecordError, match="9S is dealt twice"):
        Session(cardrules.load_variant("five-card-loo"), 3, dealer=2, deal=fixed)
    with pytest.raises(RecordError, match="dealer's own card"):
        Session(bourre, 3, dealer=1, deal=fixed)


@FAST
@given(JUNK)
def test_a_fixed_deal_from_junk_is_read_or_a_record_error(data: Any) -> None:
    try:
        fixed = FixedDeal.from_json({"hands": [data, ["2C"]], "miss": data})
    except RecordError:
        return
    # Only texts of cards named once come through (a hand may be one text, or empty).
    named = [c for h in fixed.hands for c in h] + list(fixed.miss)
    assert all(isinstance(c, str) for c in named) and len(set(named)) == len(named)
    assert isinstance(data, (str, list)) and not (isinstance(data, list) and data)


# ------------------------------------------------------------------ from_json


def _position() -> dict[str, Any]:
    s = _session()
    s.apply(s.legal_actions()[-1])
    data: dict[str, Any] = json.loads(json.dumps(s.to_json()))
    return data


POSITION = _position()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list) and len(value) < 40:  # not into the generator's state
        for i, v in enumerate(value):
            out.extend(_paths(v, (*prefix, i)))
    return out


PATHS = [p for p in _paths(POSITION) if p and p[0] != "rules"]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@FAST
@given(st.sampled_from(PATHS), JUNK)
def test_a_tampered_position_reads_or_is_a_record_error(path: tuple[Any, ...], junk: Any) -> None:
    _check_tampered(path, junk)


def _check_tampered(path: tuple[Any, ...], junk: Any) -> None:
    data = copy.deepcopy(POSITION)
    _set(data, path, junk if not isinstance(junk, bytes) else junk.hex())
    try:
        s = Session.from_json(data)
    except RecordError:
        return
    s.state()  # what was read is a position


@pytest.mark.parametrize("data", [None, 3, "x", [], {}, {"format": "cardrules-state/1"}])
def test_junk_is_not_a_position(data: Any) -> None:
    with pytest.raises(RecordError):
        Session.from_json(data)


def _with_rules(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(POSITION)
    change(data["rules"])
    data["rules_hash"] = rules_hash(cardrules.engine.rulesdata.rules_from_json(data["rules"]))
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["deal"].update(hand_size=400), "deal.hand_size: 400 is more than 13"),
        (lambda r: r["wagers"].update(stake_deal=1.5), "wagers.stake_deal: 1.5 is not a int"),
        (lambda r: r["wagers"].update(stake_deal=True), "wagers.stake_deal: True is not a int"),
        (lambda r: r["deal"].update(packets=[]), "deal.packets: 0 items"),
        (lambda r: r["deal"].update(packets=[0]), r"deal.packets\[0\]: 0 is less than 1"),
    ],
)
def test_rules_carried_by_a_position_are_checked_against_the_model(change: Any, words: str) -> None:
    # The hash is made to match: only the model's own bounds can refuse these.
    with pytest.raises(RecordError, match=words):
        Session.from_json(_with_rules(change))


def test_rules_with_a_key_the_model_lacks_are_refused() -> None:
    data = _with_rules(lambda r: r["deal"].update(hand_sise=3))
    with pytest.raises(RecordError):
        Session.from_json(data)


def test_the_carried_rules_as_they_are_read_back() -> None:
    s = Session.from_json(copy.deepcopy(POSITION))
    assert rules_json(s.rules) == POSITION["rules"] and s.state() == POSITION["state"]


# ------------------------------------------------------------------ the slow set

MANY = settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@MANY
@given(st.sampled_from(PATHS), JUNK)
def test_many_tampered_positions_read_or_are_refused(path: tuple[Any, ...], junk: Any) -> None:
    _check_tampered(path, junk)


@pytest.mark.slow
@MANY
@given(JUNK)
def test_much_junk_given_to_apply_is_refused(action: Any) -> None:
    _check_apply_junk(action)


@pytest.mark.parametrize("players", [10**9, 53, 1, -3, True])
def test_a_deal_context_of_impossible_size_is_refused_before_anything_is_built(
    players: Any,
) -> None:
    # A position's deal names its table size again; read unchecked, 10**9 seats made the
    # engine build the seating order of a billion seats (gigabytes) before anything
    # failed. A table holds 2 to 52 seats (a pack of 52 cards seats 52 at most).
    data = copy.deepcopy(POSITION)
    data["state"]["deal"]["context"]["players"] = players
    with pytest.raises(RecordError, match="players"):
        Session.from_json(data)
