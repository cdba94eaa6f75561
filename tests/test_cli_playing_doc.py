"""Every transcript in docs/playing.md comes from a real run of the command it shows.

A transcript is a code block whose first line is ``$ cardrules play ...`` (or
``$ yes X | cardrules play ...``, answering X to every question). Its lines are the
command's output; a line ``...`` stands for output left out. Without ``yes``, what is typed
is read from the block's own prompts (``Your move [...]: TEXT``), then ``q``. The text before
the first ``...`` is the start of the output; each later part must follow, in order, as
whole lines.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "playing.md"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "TERM": "dumb"}


def transcripts() -> list[tuple[str, str]]:
    blocks = re.findall(r"```\n(\$ .*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    return [(b.split("\n", 1)[0][2:], b.split("\n", 1)[1]) for b in blocks]


def test_the_guide_has_transcripts_of_each_kind() -> None:
    commands = [c for c, _ in transcripts()]
    assert len(commands) >= 6
    assert any("put-four-handed" in c for c in commands)
    assert any("jack_of_trumps" in c for c in commands)


@pytest.mark.parametrize(("command", "block"), transcripts(), ids=lambda x: x[:60])
def test_each_transcript_is_what_the_command_prints(command: str, block: str) -> None:
    answer = None
    if command.startswith("yes "):
        head, _, command = command.partition(" | ")
        answer = head.split(" ", 1)[1]
    argv = shlex.split(command)
    assert argv[:2] == ["cardrules", "play"]
    typed = re.findall(r"^Your move \[[^\]]*\]: (.*)$", block, re.M)
    stdin = (answer + "\n") * 2000 if answer is not None else "\n".join([*typed, "q"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", *argv[1:]],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    out = "\n" + done.stdout  # every part then starts after a newline
    parts = block.split("...\n")
    assert out.startswith("\n" + parts[0]), out[: len(parts[0]) + 300]
    at = len(parts[0])
    for part in parts[1:]:
        found = out.find("\n" + part, at)
        assert found >= 0, f"not in the output after position {at}:\n{part}"
        at = found + len(part)
