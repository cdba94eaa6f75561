"""Playing at the terminal: the real ``cardrules play`` command driven through a pipe and
through a pseudo-terminal, and ``cardrules replay`` of the records it saves.

What the screen must show is taken from the session itself (the same seed deals the same
cards) and from the rules: the person sees their own hand, the trump and turn-up, the legal
actions numbered; a refusal gives the engine's reason and asks again; no traceback ever.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from interrupts import sigint_as_at_a_terminal

import cardrules
import cardrules.cli.play_commands  # registers the play subcommand
from cardrules import replay
from cardrules.cards import SUIT_NAMES, SUITS
from cardrules.cli.app import run as cli_run
from cardrules.cli.screen import hand_text, promoted_card
from cardrules.cli.terminal import game_help, game_verbs, play_game
from cardrules.players.base import RandomBot

ROOT = Path(__file__).resolve().parent.parent
PROMPT = re.compile(r"Your move \[[^\]]*\]: ")
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "TERM": "dumb"}


def play_pipe(*args: str, stdin: str) -> tuple[int, str, str]:
    """``cardrules ARGS`` with ``stdin`` piped in; the exit code, stdout and stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=30,
    )
    assert "Traceback" not in done.stdout + done.stderr
    return done.returncode, done.stdout, done.stderr


def play_here(*args: str) -> tuple[int, str, str]:
    """``cardrules ARGS`` run in this process (no standard input): the exit code, stdout and
    stderr. For commands that end before they read a move; :func:`play_pipe` runs the
    real process."""
    out, err = io.StringIO(), io.StringIO()
    code = cli_run(list(args), out, err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


class Pty:
    """``cardrules ARGS`` on a pseudo-terminal: read the screen up to a pattern, type lines."""

    def __init__(self, *args: str) -> None:
        master, slave = os.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardrules", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=ENV,
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        self.fd = master
        self.text = ""
        self.pos = 0
        self.closed = False

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child has gone and closed its side
            data = b""
        if not data:
            self.closed = True
            return False
        self.text += data.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def expect(self, pattern: re.Pattern[str] | str, timeout: float = 10) -> str:
        """The screen from the last match up to the end of the next match of ``pattern``."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.text, self.pos)
            if m:
                chunk = self.text[self.pos : m.end()]
                self.pos = m.end()
                return chunk
            left = end - time.monotonic()
            if self.closed or left <= 0:
                raise AssertionError(f"{rx.pattern!r} not seen; screen ends:\n{self.text[-2000:]}")
            self._read(left)

    def next_prompt_or_end(self, timeout: float = 10) -> tuple[str, bool]:
        """The screen up to the next question (True), or to the end of the output (False)."""
        end = time.monotonic() + timeout
        while True:
            m = PROMPT.search(self.text, self.pos)
            if m:
                chunk = self.text[self.pos : m.end()]
                self.pos = m.end()
                return chunk, True
            if self.closed:
                chunk = self.text[self.pos :]
                self.pos = len(self.text)
                return chunk, False
            left = end - time.monotonic()
            assert left > 0, f"no question and no end; screen ends:\n{self.text[-2000:]}"
            self._read(left)

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def finish(self, timeout: float = 10) -> int:
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            self._read(end - time.monotonic())
        code = self.proc.wait(timeout=max(0.1, end - time.monotonic()))
        os.close(self.fd)
        assert "Traceback" not in self.text
        return code


def menu(screen: str) -> dict[int, str]:
    """The numbered actions of the last menu on a screen (exchanges as 'exchange CARDS')."""
    block = screen[screen.rindex("Your move (") :]
    out: dict[int, str] = {}
    exchange = False
    for line in block.splitlines()[1:]:
        if line.startswith("  exchange ("):
            exchange = True
            continue
        if not line.startswith("  "):
            break
        for number, text in re.findall(r"(\d+)\) (.+?)(?=\s{2,}\d+\)|\s*$)", line):
            out[int(number)] = f"exchange {text}" if exchange else text
    return out


def hand_on(screen: str) -> list[str]:
    lines: list[str] = re.findall(r"^Your hand:  (.*)$", screen, re.M)
    return lines[-1].split()


def result_lines(text: str, you: int | None = None) -> list[str]:
    """Each deal's result block and the game's last line (the winner or the standing), as
    the game and the replay print them; with ``you``, the person's seat is named as the
    replay names it (``seat K``) rather than ``you``."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("Deal ") and " over: " in line:
            inside = True
            out.append(line)
        elif inside and line.startswith("  ") and not re.match(r"  (seat \d+|you)\b.*: ", line):
            out.append(line)
        else:
            inside = False
        if line.startswith(("Winner: ", "Standing: ")):
            out.append(line)
    if you is not None:
        out = [re.sub(r"\byou\b", f"seat {you}", x.replace("you win", "you wins")) for x in out]
    return out


def first_view(variant: str, players: int, seed: int, seat: int) -> dict[str, Any]:
    """What ``seat`` sees at the start of the session with this seed, from the engine
    (plain data, typed as ``Session.observation`` types it)."""
    s = cardrules.new_session(variant, players=players, seed=seed)
    return s.observation(seat)


# --------------------------------------------------------------------------- through a pipe


def test_a_whole_three_card_deal_played_by_typing_numbers(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, err = play_pipe(
        "play",
        "three-card-loo",
        "--players",
        "4",
        "--seat",
        "1",
        "--seed",
        "3",
        "--bots",
        "random",
        "--deals",
        "1",
        "--record",
        str(record),
        stdin="1\n" * 12,
    )
    assert (code, err) == (0, "")
    seen = first_view("three-card-loo", 4, 3, 1)
    trump = SUIT_NAMES[SUITS.index(str(seen["trump"]))]
    first = PROMPT.split(out)[0]
    assert f"Trumps: {trump} (turn-up {seen['turn_up']})" in first
    assert f"Your hand:  {hand_text(seen['hand'])}\n" in first
    assert "  1) stand   2) throw-up   3) take-miss\n" in first
    assert "Your move (declare):" in first
    # Every "1" typed chose the first action of the menu shown just before it.
    screens = PROMPT.split(out)
    for before, after in itertools.pairwise(screens):
        chosen = menu(before)[1]
        assert re.search(rf"^  you(, for the miss)?: {re.escape(chosen)}$", after, re.M), after
    assert out.count("  you: play ") in (0, 3)  # a stander plays all three tricks
    # The deal's result as the record replays it, in the words of the rule texts.
    again = replay(json.loads(record.read_text(encoding="utf-8")))
    (res,) = again.results
    block = out[out.index("Deal 1 over: ") :]
    looed = ", ".join(f"seat {s}" for s in res.looed) or "nobody"
    assert f"  looed: {looed}\n" in block
    assert sum(res.net) + res.carried == 0  # what the seats lost is what the pool carries
    assert f"  pool carried: {res.carried}; the next deal is " in block
    assert "Stopped after 1 deal, as asked" in out
    assert f"Game record saved to {record}" in out


def test_bad_input_gets_a_short_message_and_the_question_again(tmp_path: Path) -> None:
    seen = first_view("three-card-loo", 4, 3, 1)
    assert "AS" not in seen["hand"]
    typed = [
        "nonsense",
        "",
        "99",
        "play AS",
        f"play {seen['hand'][0]}",
        "exchange",
        "q",
    ]
    code, out, err = play_pipe(
        "play",
        "three-card-loo",
        "--players",
        "4",
        "--seat",
        "1",
        "--seed",
        "3",
        "--bots",
        "random",
        stdin="\n".join(typed) + "\n",
    )
    assert (code, err) == (0, "")
    answers = PROMPT.split(out)[1:]
    assert len(answers) == len(typed)  # asked again after each bad line
    assert answers[0].startswith("nonsense\n  ? 'nonsense' is not an action")
    assert answers[1].startswith("\n  ? type the number of an action (1 to 3)")
    assert answers[2].startswith("99\n  ? there is no action 99: choose 1 to 3")
    # A card played while declaring: the engine's refusal, with its reason, then what is
    # legal, numbered as on the menu.
    assert answers[3].startswith(
        "play AS\n  Not allowed: you may not play AS: no card is played until everyone has\n"
        "    declared\n"
        "  Legal now: 1) stand, 2) throw-up, 3) take-miss\n"
    )
    assert "no card is played until everyone has declared" in " ".join(answers[4].split())
    assert answers[5].startswith("exchange\n  ? 'exchange': name the cards to exchange")
    assert "You stop the game." in answers[6]
    assert "Game abandoned after 0 deals" in answers[6]


def test_end_of_input_mid_game_ends_cleanly_and_writes_the_record(tmp_path: Path) -> None:
    record = tmp_path / "cut-short.json"
    code, out, err = play_pipe(
        "play",
        "five-card-loo",
        "--players",
        "4",
        "--seat",
        "1",
        "--seed",
        "3",
        "--bots",
        "random",
        "--record",
        str(record),
        stdin="1\n",
    )
    assert (code, err) == (0, "")
    assert out.rstrip().splitlines()[-4:-1] == [
        "End of input: the game stops here.",
        "Game abandoned after 0 deals; 5 left in the pool.",
        # The dealer, seat 0, paid the pool of 5 (RULES 1.2.3): the others are level at 0.
        "Standing: 1st you, seat 2 and seat 3 (0 each); 4th seat 0 (-5).",
    ]
    data = json.loads(record.read_text(encoding="utf-8"))
    assert "1: stand" in data["actions"]
    again = replay(data)
    assert again.deals_played == 0 and again.to_move != -1


def test_replay_of_a_bad_file_is_a_short_located_message(tmp_path: Path) -> None:
    cases = {
        "missing.json": None,
        "text.json": "this is not json",
        "binary.json": b"\xff\xfe\x00\x01",
        "list.json": "[1, 2, 3]",
        "other.json": '{"format": "something-else/1"}',
        "shapeless.json": '{"format": "cardrules-record/1", "rules": {"variant": "put"}, '
        '"players": "two", "actions": 5}',
        "unknown.json": '{"format": "cardrules-record/1", "rules": {"variant": "no-such-game"},'
        ' "players": 2, "actions": []}',
        "bad-step.json": '{"format": "cardrules-record/1", "rules": {"variant": "put"}, '
        '"players": 2, "seed": 1, "actions": ["0: play ZZ"]}',
    }
    for name, content in cases.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif content is not None:
            path.write_text(content, encoding="utf-8")
        code, out, err = play_here("replay", str(path))
        # A file named that is not there is a usage error, as for every command (exit codes
        # in 'cardrules --help'); a file that is there but is no record is a finding.
        assert code == (2 if content is None else 1), name
        assert out == "", name
        # One line saying what is wrong, then the record's problems one per line, located.
        first, *problems = err.splitlines()
        assert first.startswith("cardrules: "), (name, err)
        assert all(re.match(r"^.+:\d+:\d+: (error|warning): .+$", p) for p in problems), err


def test_usage_errors_are_one_line(tmp_path: Path) -> None:
    code, _, err = play_here("play", "put", "--seat", "2")
    assert code == 2 and err == "cardrules: --seat must be 0 to 1 at a table of 2\n"
    code, _, err = play_here("play", "put", "--players", "3")
    assert code == 2 and "put is played by 2 to 2 players, not 3" in err
    code, _, err = play_here("play", "put", "--record", str(tmp_path / "no" / "g.json"))
    assert code == 2 and len(err.splitlines()) == 1 and "no such folder" in err


# --------------------------------------------------------------------------- through a terminal


def test_a_five_card_deal_with_an_exchange_typed_as_text() -> None:
    seen = first_view("five-card-loo", 4, 3, 1)
    hand: list[str] = list(seen["hand"])
    term = Pty(
        "play",
        "five-card-loo",
        "--players",
        "4",
        "--seat",
        "1",
        "--seed",
        "3",
        "--bots",
        "random",
        "--deals",
        "1",
    )
    screen = term.expect(PROMPT)
    trump = SUIT_NAMES[SUITS.index(str(seen["trump"]))]
    assert f"Trumps: {trump} (turn-up {seen['turn_up']})" in screen
    assert hand_on(screen) == hand
    actions = menu(screen)
    assert actions[1] == "stand" and actions[2] == "throw-up"
    assert len(actions) == 2 + 31  # every non-empty subset of five cards may be exchanged
    # Two cards, named in the other order, the ten written "10".
    out = [hand[-1], hand[-2]]
    typed = " ".join(c.replace("T", "10") if c[0] == "T" else c.lower() for c in out)
    term.type(f"exchange {typed}")
    term.expect(rf"  you: exchange {re.escape(' '.join(reversed(out)))}\n")
    # Then play every trick by typing the card itself (its text, not its number).
    while True:
        screen, asked = term.next_prompt_or_end()
        if not asked:
            break
        mine = hand_on(screen)
        if "Your move (play)" in screen and len(mine) == 5:
            assert not set(out) & set(mine)  # the exchanged cards are gone, two drawn
        plays = [a for a in menu(screen).values() if a.startswith("play ")]
        card = plays[0].split()[1] if plays else ""
        term.type(card.replace("T", "10") if card else "1")
    assert term.finish() == 0
    assert "Deal 1 over: " in term.text and "Stopped after 1 deal, as asked" in term.text


def test_an_illegal_card_is_refused_with_the_reason_and_asked_again() -> None:
    term = Pty(
        "play",
        "three-card-loo",
        "--players",
        "5",
        "--seat",
        "0",
        "--seed",
        "11",
        "--bots",
        "random",
        "--deals",
        "12",
    )
    refused = False
    while True:
        screen, asked = term.next_prompt_or_end()
        if not asked:
            break
        actions = menu(screen)
        hand = hand_on(screen)
        plays = {a.split()[1] for a in actions.values() if a.startswith("play ")}
        barred = [c for c in hand if plays and c not in plays]
        if barred and not refused and "Your hand:" in screen.rsplit("Your move (", 1)[0]:
            term.type(barred[0])
            answer = term.expect(PROMPT)
            assert re.search(
                rf"  Not allowed: you may not play {barred[0]}: (must follow "
                r"suit|must head the trick|void in the suit led|the leader must)",
                answer,
            ), answer
            assert answer.endswith("Your move [" + answer.rsplit("Your move [", 1)[1])
            refused = True
            term.type("q")
            continue
        term.type("1")
    assert term.finish() == 0
    assert refused, "no trick in twelve deals where a card in the hand could not be played"
    assert "You stop the game." in term.text


def test_ctrl_d_at_the_terminal_ends_the_game_and_keeps_the_record(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    term = Pty(
        "play",
        "irish-loo",
        "--players",
        "3",
        "--seed",
        "5",
        "--bots",
        "random",
        "--record",
        str(record),
    )
    term.expect(PROMPT)
    term.type("1")
    term.expect(PROMPT)
    os.write(term.fd, b"\x04")
    term.expect("End of input: the game stops here.")
    assert term.finish() == 0
    assert "Game abandoned after" in term.text
    assert replay(json.loads(record.read_text(encoding="utf-8"))).actions


def test_put_played_to_the_end_then_replayed(tmp_path: Path) -> None:
    record = tmp_path / "put.json"
    term = Pty("play", "put", "--seed", "8", "--bots", "random", "--record", str(record))
    screens = 0
    while True:
        screen, asked = term.next_prompt_or_end(timeout=15)
        if not asked:
            break
        screens += 1
        assert screens < 300
        assert "Points (game to 5): " in screen
        actions = menu(screen)
        term.type(str(max(actions)))  # the last action: a card, or refuse a put
    assert term.finish() == 0
    played = term.text
    rules = cardrules.load_variant("put")
    assert rules.session.target_points == 5  # "a race to five points"
    over = re.search(r"Game over after (\d+) deals?\.\n", played)
    assert over, played[-1500:]
    final = played[over.end() :].splitlines()[0]
    won = re.fullmatch(r"Winner: (you|seat 1), with (\d+) points to (\d+)\.", final)
    assert won, final
    # The winner has five points or more (RULES 1.5.7), the other fewer.
    assert int(won.group(2)) >= 5 > int(won.group(3))
    # The replay of the saved record prints the same results, deal by deal.
    code, shown, err = play_pipe("replay", str(record), stdin="")
    assert (code, err) == (0, "")
    assert result_lines(shown) == result_lines(played, you=0)
    assert len([x for x in result_lines(played) if x.startswith("Deal ")]) == int(over.group(1))


def test_three_card_loo_replay_repeats_the_results_of_the_game(tmp_path: Path) -> None:
    record = tmp_path / "loo.json"
    code, out, err = play_pipe(
        "play",
        "three-card-loo",
        "--players",
        "5",
        "--seat",
        "2",
        "--seed",
        "21",
        "--bots",
        "random",
        "--deals",
        "3",
        "--record",
        str(record),
        stdin="2\n1\n" * 40,
    )
    assert (code, err) == (0, "")
    code, shown, err = play_pipe("replay", str(record), stdin="")
    assert (code, err) == (0, "")
    assert result_lines(shown) == result_lines(out, you=2)
    assert len([x for x in result_lines(out) if x.startswith("Deal ")]) == 3
    # The replay shows every hand; the game showed only the person's own.
    assert "seat 0 holds " in shown and " holds " not in out


# --------------------------------------------------------------------------- the guide


def test_the_sample_screen_in_the_guide_comes_from_a_real_run() -> None:
    guide = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    command = re.search(r"^\$ (cardrules play .*)$", guide, re.M)
    assert command
    sample = re.search(r"^\$ cardrules play .*\n(.*?)```", guide, re.M | re.S)
    assert sample
    block = sample.group(1)
    typed = re.findall(r"^Your move \[[^\]]*\]: (.*)$", block, re.M)
    argv = command.group(1).split()[1:]
    code, out, err = play_pipe(*argv, stdin="\n".join([*typed, "q"]) + "\n")
    assert (code, err) == (0, "")
    assert out.startswith(block), out[: len(block) + 200]


@pytest.mark.parametrize(
    "text",
    [
        "stand",
        "throw-up",
        "take-miss",
        "play-miss",
        "put",
        "see",
        "refuse",
        "receive",
        "exchange 2H 3C",
        "play QH",
        "give 3S",
        "discard 4D",
    ],
)
def test_every_action_form_in_the_guide_is_read_by_the_engine(text: str) -> None:
    guide = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    assert f"`{text}`" in guide
    assert cardrules.action_text(cardrules.parse_action(text)) == text


# --------------------------------------------------------------------------- what is shown


CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")
PUBLIC_MOVE = re.compile(r"^  (seat \d+|you|you, for the miss|the miss): play |^  trick ")


@pytest.mark.parametrize(
    ("variant", "house_rules"),
    [
        ("three-card-loo", []),
        ("five-card-loo", []),
        ("five-card-loo", ["hoffmann-1909"]),
        ("irish-loo", []),
        ("put", []),
        ("put-four-handed", []),
        ("three-card-loo", ["club-law"]),
    ],
)
def test_the_person_never_sees_a_card_their_seat_may_not_know(
    variant: str, house_rules: list[str]
) -> None:
    """Every card named on the screen is in the person's own hand, on the table (played,
    turned up, or shown by the rules, as a flush is), or was seen by them earlier."""
    rules = cardrules.load_variant(variant, house_rules)
    for seed in range(12):
        assert _watch_a_game(rules, seed) in ("deals", "over")


def _watch_a_game(rules: cardrules.Rules, seed: int) -> str:
    """Play three deals with random answers, checking each line printed."""
    n = rules.max_players
    session = cardrules.Session(rules, n, seed=seed)
    person = seed % n
    rng = random.Random(seed)
    seen = {"QH"}  # the person types it

    def look() -> None:
        if session.is_over:
            return
        o = session.observation(person)
        seen.update(o["hand"], o.get("miss_hand") or (), (c for _, c in o["played"]))
        seen.add(o["turn_up"] or "")
        # The promoted card (Pam) is named by the rules, to everyone.
        seen.add(promoted_card(rules.promoted.card, o["trump"], rules.pack.ranks) or "")
        for cards in o["shown"].values():
            seen.update(cards)

    def show(line: str) -> None:
        look()
        assert "Traceback" not in line
        if " shows " in line:  # a flush laid on the table by the rules
            seen.update(CARD.findall(line))
        if PUBLIC_MOVE.match(line) or line in game_help(game_verbs(session)):
            return
        hidden = [c for c in CARD.findall(line) if c not in seen]
        assert not hidden, (seed, line)

    def answer(prompt: str) -> str:
        return rng.choice(["1", "2", "3", "1", "QH", "", "?"])

    bots = {s: RandomBot(random.Random(s)) for s in range(n) if s != person}
    return play_game(session, person, bots, answer, show, deals=3)


def test_ctrl_c_at_the_question_stops_the_game_cleanly() -> None:
    session = cardrules.new_session("irish-loo", players=3, seed=2)

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    lines: list[str] = []
    person = session.to_move
    assert play_game(session, person, {}, interrupt, lines.append) == "interrupted"
    assert lines[-3] == "Interrupted: the game stops here."
    assert lines[-2].startswith("Game abandoned after 0 deals")
    assert lines[-1].startswith("Standing: ")


def test_ctrl_c_ends_the_process_with_130_and_no_traceback(tmp_path: Path) -> None:
    """A real SIGINT to ``cardrules play`` waiting at the question: the game stops, the
    record is saved, the exit code is 130."""
    record = tmp_path / "g.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "play", "put", "--seed", "1", "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_at_a_terminal,
        cwd=ROOT,
        env=ENV,
    )
    assert proc.stdout is not None
    # Read the descriptor itself: a buffered readline could hold the question in its buffer
    # while select() waits for bytes that have already arrived.
    seen = b""
    deadline = time.monotonic() + 30
    while b"Your move [" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1)
        if ready:
            seen += os.read(proc.stdout.fileno(), 4096)
    assert b"Your move [" in seen, "the game never asked for a move"
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=30)
    out = seen.decode("utf-8") + rest
    assert proc.returncode == 130
    assert "Traceback" not in out + err and err == ""
    assert "Interrupted: the game stops here." in out
    assert json.loads(record.read_text(encoding="utf-8"))["rules"]


def test_bytes_that_are_not_utf8_are_junk_input_not_a_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "put", "--seed", "1"],
        input=b"st\xff\xfeand\nquit\n",
        capture_output=True,
        cwd=ROOT,
        env={**ENV, "PYTHONIOENCODING": "utf-8:strict"},
        timeout=30,
    )
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert "'st\ufffd\ufffdand' is not an action" in out
    assert "You stop the game." in out
