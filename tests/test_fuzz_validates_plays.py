"""Validates => plays: rule files generated from the schema that validate are played
without an internal error.

The strategy draws changes to a bundled game from the format's own JSON Schema (every
key a rule file may set, each value from its type, enum, pattern and bounds), so it
follows the format as it grows. A drawn file either is refused with located problems
(a :class:`~cardrules.errors.RulesError`) or validates; one that validates must open a
session at its default table and play random legal actions (and the conformance
checks) to the end of its deals without any exception.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.api import new_session
from cardrules.errors import RulesError
from cardrules.rules.loader import list_variants, load_variant
from cardrules.rules.validation import schema
from cardrules.tools.conformance import check_rules

GAMES = [v.name for v in list_variants() if v.kind.value == "game"]
CARDS = [r + s for r in "23456789TJQKA" for s in "SHDC"]
#: Keys that are not rules (names and texts): left as the base game has them.
SKIP = {"$schema", "extends", "applies_to", "unset", "house_rules", "name", "title", "kind"}
SKIP |= {"aliases", "description", "sources", "promoted.name"}


def _leaves() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}

    def walk(node: dict[str, Any], prefix: str) -> None:
        for key, sub in node.get("properties", {}).items():
            path = prefix + key
            if path in SKIP:
                continue
            if "properties" in sub:
                walk(sub, path + ".")
            else:
                out[path] = sub

    walk(schema(), "")
    return out


LEAVES = _leaves()


def _value(spec: dict[str, Any]) -> st.SearchStrategy[Any]:
    types = spec.get("type", [])
    types = [types] if isinstance(types, str) else list(types)
    options: list[st.SearchStrategy[Any]] = []
    if "enum" in spec:
        options.append(st.sampled_from(spec["enum"]))
    if "boolean" in types:
        options.append(st.booleans())
    if "integer" in types:
        low, high = spec.get("minimum", 0), spec.get("maximum", 100)
        options.append(
            st.one_of(st.integers(low, min(high, low + 12)), st.sampled_from([low, high]))
        )
    if "string" in types and "pattern" in spec:
        options.append(st.sampled_from([*CARDS, "jack_of_trumps"]))
    if "array" in types:
        item = spec.get("items", {})
        if item.get("type") == "integer":
            options.append(st.lists(st.integers(1, 5), min_size=1, max_size=3))
        elif "S" in item.get("pattern", "") and "SHDC" in item.get("pattern", ""):
            options.append(st.lists(st.sampled_from("SHDC"), unique=True, max_size=4))
        else:
            ranks = list("AKQJT98765432")
            options.append(
                st.lists(st.sampled_from(ranks), unique=True, min_size=8, max_size=13).map(
                    lambda picked: [r for r in ranks if r in picked]
                )
            )
    if "null" in types:
        options.append(st.none())
    return st.one_of(options)


#: Up to six changes to a game, each a dotted key and a value its schema allows.
CHANGES = st.lists(st.sampled_from(sorted(LEAVES)), unique=True, max_size=6).flatmap(
    lambda keys: st.fixed_dictionaries({k: _value(LEAVES[k]) for k in keys})
)


def _plays(game: str, changes: dict[str, Any], seed: int, deals: int = 1) -> bool:
    """Whether the changed game validated; if it did, it must have played cleanly."""
    try:
        rules = load_variant(game, overrides=changes)
    except RulesError as exc:
        assert exc.problems, "a refusal must say why"
        return False
    players = rules.players.default
    session = new_session(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if session.is_over:
            break
        legal = session.legal_actions()
        assert legal, "a seat to move has a legal action"
        session.apply(rng.choice(legal))
    report = check_rules(rules, players, deals=deals, seed=seed, deep_every=1)
    assert report.ok, str(report)
    return True


SETTINGS = dict(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=True,
)


@settings(max_examples=100, **SETTINGS)  # type: ignore[arg-type]  # 3,000 in the slow set
@given(st.sampled_from(GAMES), CHANGES, st.integers(0, 2**32))
def test_a_generated_file_that_validates_plays(
    game: str, changes: dict[str, Any], seed: int
) -> None:
    _plays(game, changes, seed)


@pytest.mark.slow
@settings(max_examples=3000, **SETTINGS)  # type: ignore[arg-type]
@given(st.sampled_from(GAMES), CHANGES, st.integers(0, 2**32))
def test_many_generated_files_that_validate_play(
    game: str, changes: dict[str, Any], seed: int
) -> None:
    _plays(game, changes, seed, deals=3)


def test_the_strategy_draws_files_that_validate_and_files_that_do_not() -> None:
    outcomes: set[bool] = set()

    @settings(max_examples=60, **SETTINGS)  # type: ignore[arg-type]
    @given(st.sampled_from(GAMES), CHANGES)
    def probe(game: str, changes: dict[str, Any]) -> None:
        try:
            load_variant(game, overrides=changes)
        except RulesError:
            outcomes.add(False)
        else:
            outcomes.add(True)

    probe()
    assert outcomes == {True, False}
