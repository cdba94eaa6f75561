"""load_state: a stranger's position is rebuilt only under rules a rule file could state."""

from __future__ import annotations

import json

import attrs
import pytest

import cardrules
from cardrules.api import load_state
from cardrules.engine.rulesdata import rules_hash, rules_json
from cardrules.errors import RecordError


def test_a_position_reads_back_equal_and_plays_on() -> None:
    s = cardrules.new_session("five-card-loo", players=5, seed=8)
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    back = load_state(json.loads(json.dumps(s.to_json())))
    assert back == s
    back.apply(back.legal_actions()[-1])
    assert back != s


def test_rules_the_model_holds_but_a_rule_file_could_not_state_are_refused() -> None:
    # Exchanges made while declaring with declaring switched off: every value is of its
    # field's type and within its bounds, so the model reads it, but a rule file saying so
    # is refused by the consistency checks ("exchanges are made while declaring, but
    # declarations.enabled is false"). Its hash is made to match, as a forger would.
    s = cardrules.new_session("five-card-loo", players=4, seed=3)
    bad = attrs.evolve(s.rules, declarations=attrs.evolve(s.rules.declarations, enabled=False))
    data = s.to_json()
    data["rules"] = rules_json(bad)
    data["rules_hash"] = rules_hash(bad)
    before = json.dumps(data, sort_keys=True)
    with pytest.raises(RecordError, match=r"declarations\.enabled"):
        load_state(data)
    assert json.dumps(data, sort_keys=True) == before


@pytest.mark.parametrize(
    "junk",
    [None, [], "position", {"format": "cardrules-state/1"}, {"rules": {"deal": 7}}],
)
def test_junk_is_a_record_error(junk: object) -> None:
    with pytest.raises(RecordError):
        load_state(junk)


def test_nesting_past_the_bound_is_refused_without_recursion() -> None:
    deep: object = 0
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(RecordError, match="nested too deep"):
        load_state({"format": "cardrules-state/1", "rules": deep})
