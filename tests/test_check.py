"""``cardrules check``: an author's rule file validated, then played at several player counts."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from interrupts import sigint_as_at_a_terminal
from pseudoterminal import read_all

import cardrules.cli.rulebook_commands  # noqa: F401  (registers describe, diff and check)
import cardrules.tools.conformance as conformance
from cardrules.cli.app import run
from cardrules.cli.rulebook_commands import failure_path, player_counts
from cardrules.engine.session import Session
from cardrules.tools.conformance import ConformanceFailure, ConformanceReport

ROOT = Path(__file__).resolve().parent.parent


def check(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["check", *argv], out, err)
    return code, out.getvalue(), err.getvalue()


GOOD = """\
name: my-loo
title: My Loo
kind: game
extends: three-card-loo
wagers:
  stake_deal: 6
  stake_loo: 12
"""


def test_a_good_game_is_valid_and_conformant(tmp_path: Path) -> None:
    path = tmp_path / "my-loo.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code, out, _ = check(str(path), "--deals", "8", "--seed", "3")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"{path}: valid (0 errors, 0 warnings)"
    # From three players (RULES 1.1.1) to the capped most, with one count in between.
    assert [line.split(", ")[1].split(":")[0] for line in lines[1:-1]] == [
        "3 players",
        "5 players",
        "8 players",
    ]
    assert all(line.endswith("8 deals: ok") for line in lines[1:-1])
    assert lines[-1] == f"{path}: conformant"
    assert not Path(failure_path(str(path))).exists()


def test_a_house_rule_is_played_with_each_game_it_applies_to(tmp_path: Path) -> None:
    path = tmp_path / "spade-law.yaml"
    path.write_text(
        "name: spade-law\nkind: house_rule\napplies_to: [irish-loo]\n"
        "declarations:\n  forced_play:\n    turn_up_suits: [S]\n",
        encoding="utf-8",
    )
    code, out, _ = check(str(path), "--deals", "5", "--max-players", "4")
    assert code == 0, out
    assert f"irish-loo + {path}, 3 players: 5 deals: ok" in out
    assert f"irish-loo + {path}, 4 players: 5 deals: ok" in out


def test_an_invalid_file_exits_1_with_the_problem_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "name: bad\nkind: game\nfollowing:\n  trump_when_void: alwys\n", encoding="utf-8"
    )
    code, out, _ = check(str(path), "--deals", "5")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(
        f"{path}:4:20: error: following.trump_when_void: 'alwys' is not "
        "one of if_can_head, always, any_trump, highest_trump, never"
    )
    assert lines[-1] == f"{path}: invalid (1 error, 0 warnings)"
    assert "deals" not in out  # nothing is played with invalid rules


def test_a_missing_file_is_a_usage_error() -> None:
    code, out, err = check("no/such/rules.yaml")
    assert (code, out) == (2, "")
    assert err == "cardrules check: error: argument FILE 'no/such/rules.yaml': no such file\n"


def test_a_bundled_name_is_checked_at_its_usual_table_size_too() -> None:
    code, out, err = check("five-card-loo", "--deals", "3", "--max-players", "6")
    assert code == 0, out + err
    # Three to six players (RULES 1.1.1, 1.2.1); five is usual: 3, the middle 4, 5 and 6.
    assert [line.split(":")[0] for line in out.splitlines()[1:-1]] == [
        f"five-card-loo, {n} players" for n in (3, 4, 5, 6)
    ]
    assert out.splitlines()[-1] == "five-card-loo: conformant"


def test_house_rules_and_overrides_are_applied_after_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my-loo.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code, out, _ = check(
        str(path), "-H", "club-law", "--set", "wagers.stake_loo=9", "--deals", "3",
        "--max-players", "3",
    )  # fmt: skip
    assert code == 0, out
    assert f"{path} + club-law, 3 players: 3 deals: ok" in out


def test_a_house_rule_without_applies_to_needs_a_game(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text("name: ours\nkind: house_rule\nwagers:\n  stake_loo: 9\n", encoding="utf-8")
    code, out, err = check(str(path), "--deals", "3")
    assert code == 2
    assert out == f"{path}: valid (0 errors, 0 warnings)\n"
    assert err == (
        f"cardrules check: error: {path} is a house rule without applies_to: name the game to "
        f"play it with: cardrules check GAME -H {path}\n"
    )
    code, out, _ = check("three-card-loo", "-H", str(path), "--deals", "3", "--max-players", "3")
    assert code == 0 and f"three-card-loo + {path}, 3 players: 3 deals: ok" in out


def test_sessions_that_end_as_they_are_dealt_still_end_the_check(tmp_path: Path) -> None:
    """One card each and flushes shown at once: every hand is a flush, every deal is over as
    it is dealt, and no action is ever taken. The check counts those deals and ends."""
    path = tmp_path / "dealt.yaml"
    path.write_text(
        "name: dealt\nkind: game\nextends: five-card-loo\ndeal:\n  hand_size: 1\n"
        "  packets: [1]\nspecial_hands:\n  flush:\n    declare: at_once\n",
        encoding="utf-8",
    )
    code, out, _ = check(str(path), "--deals", "7", "--max-players", "3")
    assert code == 0, out
    assert f"{path}, 3 players: 7 deals: ok" in out


def test_progress_is_shown_on_stderr_when_asked() -> None:
    code, out, err = check("irish-loo", "--deals", "4", "--max-players", "3", "--progress")
    assert code == 0, out
    assert "\rirish-loo, 3 players: 4/4 deals" in err
    assert err.endswith("\r")  # the line is cleared before the result is printed


def test_a_failure_is_reported_with_its_seed_and_a_record_that_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "my-loo.yaml"
    path.write_text(GOOD, encoding="utf-8")
    real = conformance.check_rules

    def failing(rules, players, deals, seed=0, **options):  # type: ignore[no-untyped-def]
        report = real(rules, players, 1, seed, **options)
        if players != 5:
            return report
        s = Session(rules, players, seed=77, origin=options.get("origin"))
        s.apply(s.legal_actions()[0])
        return ConformanceReport(
            rules.name,
            players,
            1,
            1,
            (ConformanceFailure("cards", "a card went missing", 77, s.record()),),
        )

    monkeypatch.setattr(conformance, "check_rules", failing)
    monkeypatch.chdir(tmp_path)
    code, out, _ = check("my-loo.yaml", "--deals", "4", "--seed", "9")
    assert code == 1
    assert "my-loo.yaml, 5 players: FAILED cards: a card went missing" in out
    assert (
        "seed 9 (session seed 77); reproduce with: cardrules check my-loo.yaml --deals 4 "
        "--seed 9" in out
    )
    record = json.loads(Path("my-loo.yaml.failure.json").read_text(encoding="utf-8"))
    assert record["seed"] == 77 and record["rules"]["variant"] == "my-loo.yaml"
    replayed, replay_out = io.StringIO(), io.StringIO()
    assert run(["replay", "my-loo.yaml.failure.json"], replay_out, replayed) == 0


def test_player_counts_are_the_fewest_a_middle_and_the_capped_most() -> None:
    assert player_counts(3, 16) == [3, 5, 8]
    assert player_counts(3, 6) == [3, 4, 6]
    assert player_counts(4, 4) == [4]
    assert player_counts(3, 16, cap=12) == [3, 7, 12]
    assert player_counts(3, 6, usual=5) == [3, 4, 5, 6]
    assert player_counts(2, 2, usual=2) == [2]
    assert player_counts(3, 16, cap=4, usual=5) == [3, 4]  # the cap holds for the usual too


def test_ctrl_c_during_a_check_is_one_line_and_exit_130() -> None:
    """A real SIGINT while deals are played: no traceback, the progress line cleared, one
    line saying so, exit 130."""

    root = ROOT
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "check", "five-card-loo", "--deals", "100000",
         "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=sigint_as_at_a_terminal,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert proc.stderr is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b" deals" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 1)
        if ready:
            seen += os.read(proc.stderr.fileno(), 4096)
    assert b" deals" in seen, "no progress shown"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    text = (seen + err).decode("utf-8")
    assert proc.returncode == 130
    assert "Traceback" not in text + out.decode("utf-8")
    assert text.endswith("\rcardrules: interrupted\n")
    assert out.decode("utf-8").startswith("five-card-loo: valid")


def test_progress_is_shown_on_a_terminal(tmp_path: Path) -> None:

    root = Path(__file__).resolve().parent.parent
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "check", "irish-loo", "--deals", "6",
         "--max-players", "3"],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    os.close(slave)
    shown = read_all(master).decode("utf-8")
    assert proc.wait(timeout=60) == 0
    os.close(master)
    assert "\rirish-loo, 3 players: 6/6 deals" in shown


def test_a_failure_of_a_bundled_game_is_written_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(rules, players, deals, seed=0, **options):  # type: ignore[no-untyped-def]
        s = Session(rules, players, seed=5, origin=options.get("origin"))
        failure = ConformanceFailure("cards", "a card went missing", 5, s.record())
        return ConformanceReport(rules.name, players, 1, 1, (failure,))

    monkeypatch.setattr(conformance, "check_rules", failing)
    monkeypatch.chdir(tmp_path)
    code, out, _ = check("put", "--deals", "2")
    assert code == 1
    assert "put: not conformant: 1 failure; the record of the first failure is in " in out
    record = json.loads((tmp_path / "put.failure.json").read_text(encoding="utf-8"))
    assert record["rules"]["variant"] == "put"  # replays by the bundled name, anywhere
