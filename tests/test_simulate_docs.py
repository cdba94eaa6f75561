"""The simulation reports shown in the docs are what the commands print, to the byte, and
every simulate command the docs show runs.

The exact reports take a minute and more to play, so they are in the slow set; the fast
set plays each on fewer deals and checks the report's rows (tests/test_simulate.py), and
runs every other simulate command of the docs on a few deals.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from cardrules.cli import app as cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _transcripts() -> list[tuple[str, str, str]]:
    """Every ``$ cardrules simulate ...`` in a console block, with the output shown."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```console\n(.*?)```", text, re.S):
            for command, shown in re.findall(
                r"^\$ (cardrules simulate [^\n]*)\n(.*?)(?=^\$ |\Z)", block, re.S | re.M
            ):
                found.append((path.name, command, shown))
    return found


def _commands() -> list[tuple[str, str]]:
    """Every other simulate command line the docs show (indented, or in sh blocks)."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for line in re.findall(r"^(?: {4}|)(?:.*&& )?(cardrules simulate [^\n#]*)", text, re.M):
            if "[" not in line:  # not a synopsis
                found.append((path.name, line.strip()))
    return found


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(argv, out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_docs_show_simulation_transcripts() -> None:
    names = {(name, command.split()[2]) for name, command, _ in _transcripts()}
    assert ("simulation.md", "put-four-handed") in names
    assert len(_transcripts()) >= 6


@pytest.mark.slow
@pytest.mark.parametrize(("doc", "command", "shown"), _transcripts())
def test_a_simulation_transcript_is_what_the_command_prints(
    doc: str, command: str, shown: str
) -> None:
    code, out, err = _run(shlex.split(command)[1:])
    assert code == 0, err
    assert out == shown, f"{doc}: the report of `{command}` changed: run it and paste it"


def test_every_simulate_command_of_the_docs_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The quick start's house rule is written where its commands name it.
    (rule,) = re.findall(
        r"```yaml\n(.*?)```", (ROOT / "docs" / "quickstart.md").read_text(encoding="utf-8"), re.S
    )
    (tmp_path / "our-loo.yaml").write_text(rule, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    commands = _commands()
    assert any(doc == "quickstart.md" and "our-loo.yaml" in c for doc, c in commands)
    assert any("--address" in c for _, c in commands)
    for doc, command in commands:
        argv = shlex.split(command)[1:]
        # Drawing is tested with the plot, and Ray (which gives the same report) in
        # test_ray.py, on a Ray of its own: here the rest of the command is run.
        for option in ("--plot", "--backend", "--address"):
            if option in argv:
                at = argv.index(option)
                del argv[at : at + 2]
        if "--deals" in argv:
            argv[argv.index("--deals") + 1] = "60"
        else:
            argv += ["--deals", "60"]
        code, out, err = _run(argv)
        assert code == 0, (doc, command, err)
        assert out, (doc, command)
