"""``cardrules describe`` and ``cardrules diff`` through the real command line: the
rulebook readable at a terminal, the same options on both sides of a diff, diff's exit
codes as diff(1)'s."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pseudoterminal import read_all

from cardrules.cli.app import run as cli_run

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli_run(list(argv), out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------- describe


def test_describe_into_a_pipe_is_markdown() -> None:
    code, out, _ = run("describe", "irish-loo")
    assert code == 0
    assert out.startswith("# Irish Loo\n")
    assert "\n**1.1** " in out


def test_describe_as_text_is_wrapped_without_markdown_marks() -> None:
    code, out, _ = run("describe", "five-card-loo", "-H", "club-law", "--format", "text")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == ["Five-Card Loo, with Club Law", "=" * len("Five-Card Loo, with Club Law")]
    assert "1. Players and pack" in lines
    assert not any(mark in out for mark in ("**", "`", "\n# ", "\n## "))
    assert max(len(line) for line in lines) <= 79
    # A numbered rule hangs from its number: the rule's text continues under its first word.
    first = next(i for i, line in enumerate(lines) if line.startswith("1.4  "))
    assert lines[first + 1].startswith("     ") and lines[first + 1][5] != " "


def test_describe_on_a_terminal_is_text() -> None:
    """Through a pseudo-terminal, as a person runs it: no Markdown marks."""
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "describe", "put"],
        stdout=slave,
        stderr=slave,
        stdin=slave,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "72"},
    )
    os.close(slave)
    shown = read_all(master).decode("utf-8").replace("\r\n", "\n")
    proc.wait(timeout=30)
    os.close(master)
    assert proc.returncode == 0
    assert shown.startswith("Put\n===\n")
    assert "**" not in shown
    assert max(len(line) for line in shown.splitlines()) <= 71


# --------------------------------------------------------------------------- diff


def test_diff_exits_1_when_the_variants_differ_and_0_when_they_do_not() -> None:
    code, out, _ = run("diff", "three-card-loo", "irish-loo")
    assert code == 1 and "The miss: dealt in three-card-loo, not in irish-loo" in out
    assert run("diff", "put", "put") == (0, "no differences\n", "")


def test_diff_takes_house_rules_and_overrides_on_either_side() -> None:
    # The same house rule on both sides: no difference left.
    code, out, _ = run("diff", "three-card-loo", "three-card-loo", "-HA", "club-law", "-H",
                       "club-law")  # fmt: skip
    assert (code, out) == (0, "no differences\n")
    # --set on B only: the loo in words, B named as set from the command line.
    code, out, _ = run("diff", "three-card-loo", "three-card-loo", "--set", "wagers.loo=mixed")
    assert code == 1
    assert out.splitlines()[0].startswith("Loo: ")
    assert "three-card-loo (with --set)" in out
    # --set-a on A as well, to the same value: nothing differs.
    code, out, _ = run("diff", "three-card-loo", "three-card-loo", "--set", "wagers.loo=mixed",
                       "--set-a", "wagers.loo=mixed")  # fmt: skip
    assert (code, out) == (0, "no differences\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["diff", "put", "pux"], "argument B 'pux': "),
        (["diff", "pux", "put"], "argument A 'pux': "),
        (["diff", "put", "put", "--set-a", "put.gam=3"], "argument --set-a put.gam=3: "),
        (["diff", "put", "put", "-HA", "club-lw"], "argument -HA 'club-lw': "),
    ],
)
def test_diff_names_the_argument_that_is_wrong(argv: list[str], message: str) -> None:
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"cardrules diff: error: {message}"), err


# --------------------------------------------------------------------------- sources


def test_sources_prints_each_passage_named() -> None:
    code, out, err = run("sources", "D36", "F1.2.3")
    assert (code, err) == (0, "")
    first, second = out.split("\n\nfamilies.md 1.2.3")
    # sources.md D36: where flush payments go; families.md 1.2.3: Hearts' passing.
    assert first.startswith("sources.md D36 (in 2. Disagreements and unclear points)\n\n")
    assert "Rule point: Where flush payments go" in first
    assert second.startswith(' (in 1.2 Hearts as people play it (the "Black Lady" game))\n\n')
    assert "3. **Passing.** Three cards, chosen before looking at those received" in second


def test_sources_reads_a_citation_as_a_rulebook_prints_it() -> None:
    # Copied from a rule of docs/rules/hearts.md: the numbers after families.md are its own.
    code, out, _ = run("sources", "[families.md", "1.2.5,", "H4]")
    assert code == 0
    assert out.startswith("families.md 1.2.5 (in 1.2 Hearts as people play it")
    assert "\n\nfamilies.md H4 (in 9. Disagreements and unclear points)\n\n" in out
    assert run("sources", "families.md 1.2.5")[1] == run("sources", "F1.2.5")[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["sources", "D36", "F1.2.10"],
            "cardrules sources: error: argument KEY 'F1.2.10': no passage of docs/sources.md "
            "or docs/families.md is numbered 'F1.2.10' (did you mean 'F1.2.1'?)\n",
        ),
        (["sources", "families.md"], "cardrules sources: error: argument KEY: 'families.md' "),
    ],
)
def test_sources_refuses_a_key_that_names_no_passage(argv: list[str], message: str) -> None:
    code, out, err = run(*argv)
    assert (code, out) == (2, "")  # a usage error, and nothing printed
    assert err.startswith(message), err


def test_sources_is_documented_in_its_help() -> None:
    code, out, _ = run("sources", "--help")
    assert code == 0
    assert "usage: cardrules sources [-h] KEY [KEY ...]" in out
    assert "families.md 1.2.3" in out and "F1.2.3" in out
