"""Golden playthroughs: fixed sessions of every bundled game, step by step, as text.

For each game in ``cardrules list`` (at its default table size), a session with a fixed
seed is played by a seeded ``random.Random`` choosing among the legal actions, for three
deals (a session that ends sooner, as Put may, is followed by one from the next seed).
Every step writes the seat to move, that seat's observation (as
``json.dumps(..., sort_keys=True)``), the legal actions and the action taken; every
finished deal writes its result. The test plays them again and compares the text with
``tests/golden/<game>.txt``: any change in what the engine deals, allows, shows or
settles shows up as a diff.

When a change is meant (say the observation gains a field), regenerate the files and
review the diff before committing them::

    CARDRULES_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py

The generator uses only the public API: ``cardrules.new_session``, the session's
``legal_actions``, ``legal_action_texts``, ``apply``, ``observation``, ``results``,
``is_over``, ``deals_played``, ``to_move`` and ``players``.
"""

from __future__ import annotations

import difflib
import json
import os
import random
from pathlib import Path

import pytest

import cardrules

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("CARDRULES_REGEN_GOLDEN") == "1"
SEED = 2024
#: Deals in one playthrough: a session is stopped after them, and one that ends sooner
#: (Put may be won in one deal) is followed by the next seed's.
DEALS = 3
#: A bound on the steps of one session, so a broken end of session cannot hang.
MAX_STEPS = 2000
#: The lines of a diff shown when a playthrough changed.
SHOWN = 60


def _games() -> list[str]:
    return sorted(v.name for v in cardrules.list_variants() if v.kind.value == "game")


GAMES = _games()


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def playthrough(game: str, seed: int = SEED) -> str:
    """The text of sessions of ``game`` from ``seed`` on (one, or more while fewer than
    DEALS deals were played): every step, and each deal's result."""
    lines = [
        f"# {game}: sessions from seed {seed}, {DEALS} deals in all",
        "# regenerate: CARDRULES_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py",
    ]
    deals = 0
    while deals < DEALS:
        session = cardrules.new_session(game, seed=seed)
        rng = random.Random(seed)
        lines.append(f"session seed {seed}, {session.players} players")
        step = 0
        while not session.is_over and deals + session.deals_played < DEALS:
            assert step < MAX_STEPS, f"{game}: no end after {MAX_STEPS} steps"
            seat = session.to_move
            legal = session.legal_actions()
            texts = session.legal_action_texts()
            assert legal and len(texts) == len(legal)
            index = rng.randrange(len(legal))
            lines += [
                f"step {step} deal {session.deals_played + 1} seat {seat}",
                f"  observation {_json(session.observation(seat))}",
                f"  legal {_json(texts)}",
                f"  take {texts[index]}",
            ]
            before = session.deals_played
            session.apply(legal[index])
            step += 1
            if session.deals_played > before:
                result = _json(session.results[-1].to_json())
                lines.append(f"result of deal {session.deals_played} {result}")
        lines.append(
            f"session end: {step} steps, {session.deals_played} deals, over: {session.is_over}"
        )
        deals += session.deals_played
        seed += 1
    return "\n".join(lines) + "\n"


def _difference(expected: str, actual: str, name: str) -> str:
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"tests/golden/{name} (stored)",
            f"{name} (played now)",
            lineterm="",
            n=1,
        )
    )
    shown = [line if len(line) <= 400 else line[:400] + " ..." for line in diff[:SHOWN]]
    if len(diff) > SHOWN:
        shown.append(f"... and {len(diff) - SHOWN} more diff lines")
    return "\n".join(shown)


def test_every_bundled_game_has_a_golden_file() -> None:
    assert {"three-card-loo", "five-card-loo", "irish-loo", "put", "put-four-handed"} <= set(GAMES)
    stored = {p.stem for p in GOLDEN.glob("*.txt")}
    if not REGENERATE:
        assert stored == set(GAMES), (
            f"games without a golden file: {sorted(set(GAMES) - stored)}; "
            f"files of no game: {sorted(stored - set(GAMES))} (regenerate: see this module)"
        )


@pytest.mark.parametrize("game", GAMES)
def test_the_playthrough_is_unchanged(game: str) -> None:
    actual = playthrough(game)
    path = GOLDEN / f"{game}.txt"
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="\n")
        return
    assert path.is_file(), f"no {path.name}: regenerate with CARDRULES_REGEN_GOLDEN=1"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        pytest.fail(
            f"the playthrough of {game} changed; if that is meant, regenerate the files "
            f"(CARDRULES_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py) and review "
            f"the diff:\n{_difference(expected, actual, path.name)}",
            pytrace=False,
        )


def test_a_playthrough_is_the_same_every_time() -> None:
    assert playthrough("put", seed=7) == playthrough("put", seed=7)
    assert playthrough("put", seed=7) != playthrough("put", seed=8)
