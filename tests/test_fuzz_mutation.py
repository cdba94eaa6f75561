"""Seeded mutation fuzzing of every door: rule files, records, rulings files.

Deterministic (a fixed seed per case); every input is refused with a CardRulesError (or
problems), or accepted and then played; nothing else escapes, nothing hangs, and no
message quotes the secret file that the mutations keep naming. ``tests/fuzz_large.py``
runs the same mutations at scale and counts the outcomes.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from fuzzing import (
    RULINGS,
    VARIANTS,
    good_record,
    make_tree,
    mutate_record,
    mutate_text,
    try_record,
    try_rule_file,
    try_ruling,
)

#: The most one input may take (far above what any takes: a hang fails fast).
BOUND = 10.0


def _timed(call: object, *args: object) -> str:
    assert callable(call)
    start = time.monotonic()
    outcome = call(*args)
    assert time.monotonic() - start < BOUND, "an input took too long"
    assert isinstance(outcome, str)
    return outcome


@pytest.mark.parametrize("seed", range(4))
def test_mutated_rule_files(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    work = make_tree(tmp_path)
    seen = set()
    for i in range(60):
        base = rng.choice(VARIANTS).read_text("utf-8")
        seen.add(_timed(try_rule_file, work, mutate_text(base, rng), i))
    assert "refused" in seen


@pytest.mark.parametrize("seed", range(4))
def test_tampered_records(tmp_path: Path, seed: int) -> None:
    rng = random.Random(100 + seed)
    work = make_tree(tmp_path)
    games = ["three-card-loo", "five-card-loo", "put", "put-four-handed", "irish-loo"]
    records = [good_record(rng.choice(games), s) for s in range(3)]
    for i in range(50):
        text, must_refuse = mutate_record(rng.choice(records), rng)
        outcome = _timed(try_record, work, text, i)
        if must_refuse:
            assert outcome == "refused", text[:200]


def test_mutated_rulings_files(tmp_path: Path) -> None:
    work = make_tree(tmp_path)
    seen = set()
    for seed in range(3):
        rng = random.Random(200 + seed)
        for i in range(40):
            base = rng.choice(RULINGS).read_text("utf-8")
            seen.add(_timed(try_ruling, work, mutate_text(base, rng), i))
    # Most mutations break the file; a few leave a ruling that still holds (about one in
    # thirty): over 120 mutations both outcomes come up.
    assert seen == {"refused", "accepted"}


def test_the_unmutated_inputs_are_accepted(tmp_path: Path) -> None:
    work = make_tree(tmp_path)
    assert try_record(work, json.dumps(good_record("put", 3))) == "accepted"
    text = (Path(RULINGS[0])).read_text("utf-8")
    assert try_ruling(work, text) == "accepted"
