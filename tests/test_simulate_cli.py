"""The exit codes of the commands that play: simulate, rulings and replay (0 success,
1 found something, 2 a usage error), each with one line on standard error."""

from __future__ import annotations

import io
from pathlib import Path

from rulefiles import ALL_PASS_RULING as GOOD

from cardrules.cli import app as cli


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(list(argv), out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


def test_rulings_exit_0_when_all_pass_and_1_when_one_fails(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    assert run("rulings", str(tmp_path))[0] == 0
    # A dealer who takes the pool does not end up 5 counters better off than the others.
    bad = GOOD.replace("net: [0, 0, 0]", "net: [0, 0, 5]")
    (tmp_path / "bad.yaml").write_text(bad, encoding="utf-8")
    code, out, _ = run("rulings", str(tmp_path))
    assert code == 1 and "bad.yaml" in out and "good.yaml" in out


def test_rulings_of_a_folder_without_rulings_is_a_usage_error(tmp_path: Path) -> None:
    code, out, err = run("rulings", str(tmp_path))
    assert (code, out, err) == (2, "", "cardrules: no rulings files found\n")


def test_replay_of_a_record_that_is_not_json_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run("replay", str(path))
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"cardrules: {path}:1:2: error:")


def test_simulate_usage_errors_exit_2_with_one_line() -> None:
    for argv in (
        ("simulate", "put", "--players", "3"),
        ("simulate", "put", "--bots", "random,random,random"),
        ("simulate", "put", "-H2", "cotton-put"),
        ("simulate", "put", "--address", "auto"),
    ):
        code, out, err = run(*argv)
        assert code == 2 and out == "" and len(err.splitlines()) == 1, (argv, err)
    code, out, err = run("simulate", "put", "--deals", "20")
    assert code == 0 and err == "" and out.startswith("put: 20 deals")


def test_the_help_of_each_command_gives_its_exit_codes() -> None:
    for name, found in (
        ("simulate", "not used"),
        ("rulings", "a ruling failed"),
        ("replay", "not a valid game record"),
    ):
        code, out, _ = run(name, "--help")
        assert code == 0 and "exit codes:" in out and found in out, name
        assert "130" in out
