"""The game at the terminal, as the person reads it: who "you" are, which card is Pam, the
sides at four-handed Put and the deal decided, cards played for the person when there is
no choice, refusals that list what is legal in the menu's order, a help of the game's own
actions, and the last line naming the winner or the standing.

Most games here are played in-process by :func:`~cardrules.cli.terminal.play_game` with
random bots and scripted answers (the lines printed are collected); the prompt's
robustness is tried through the real command, through a pipe.
"""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cli.app import run
from cardrules.cli.narration import Narrator
from cardrules.cli.play_commands import make_bots
from cardrules.cli.screen import action_menu, promoted_card
from cardrules.cli.terminal import (
    Refusal,
    game_help,
    game_verbs,
    parse_choice,
    play_game,
    refusal_lines,
)
from cardrules.errors import IllegalActionError
from cardrules.players.base import RandomBot
from cardrules.players.heuristic import HeuristicBot
from cardrules.players.montecarlo import MonteCarloBot

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "TERM": "dumb"}


def game(
    variant: str | cardrules.Rules,
    players: int,
    seed: int,
    *,
    person: int = 0,
    deals: int | None = 3,
    answer: Callable[[str, random.Random], str] | None = None,
    auto: bool = True,
    overrides: dict[str, Any] | None = None,
) -> tuple[cardrules.Session, list[str], list[str], str]:
    """Play with random bots and random numbered answers; the session, the lines printed,
    the prompts asked and why the game stopped."""
    rules = (
        variant
        if isinstance(variant, cardrules.Rules)
        else cardrules.load_variant(variant, overrides=overrides)
    )
    session = cardrules.Session(rules, players, seed=seed)
    rng = random.Random(seed)
    lines: list[str] = []
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if answer is not None:
            return answer(prompt, rng)
        top = int(re.search(r"\[1(?:-(\d+))?", prompt).group(1) or 1)  # type: ignore[union-attr]
        return str(rng.randint(1, top))

    bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(players) if s != person}
    why = play_game(session, person, bots, ask, lines.append, deals=deals, auto=auto, width=78)
    return session, lines, prompts, why


# --------------------------------------------------------------------------- you and Pam


def test_the_person_is_you_in_every_trick_and_result() -> None:
    _, lines, _, _ = game("three-card-loo", 4, 3, person=1, deals=4)
    tricks = [line for line in lines if line.startswith("  trick ")]
    assert tricks
    assert not any("seat 1 " in line or line.endswith("seat 1 wins") for line in tricks)
    assert any(" you " in line or "you win" in line for line in tricks)
    nets = [line for line in lines if line.startswith("  net: ")]
    assert nets and all("you " in line and "seat 1" not in line for line in nets)


def test_pam_is_named_on_the_screen_and_marked_in_the_tricks() -> None:
    """With ``promoted.card: jack_of_trumps`` Pam is the knave of the suit turned up (D26):
    the screen names it, and a trick it wins says why."""
    found = False
    for seed in range(30):
        _, lines, _, _ = game(
            "five-card-loo", 5, seed, deals=2, overrides={"promoted.card": "jack_of_trumps"}
        )
        screens = [line for line in lines if line.startswith("Dealer: ")]
        assert all("Pam: J" in line and ", above every trump" in line for line in screens)
        for line in lines:
            pam = re.search(r"\b(J[SHDC]) \(Pam\)", line)
            if line.startswith("  trick ") and pam:
                found = True
                # The knave marked is the knave of trumps of that deal, shown on the screen
                # and in the deal's heading.
                heading = [h for h in lines[: lines.index(line)] if "deals; trumps" in h][-1]
                assert heading.endswith(f"; Pam is {pam.group(1)}")
                winner = line.rsplit(": ", 1)[1]
                if line.split(": ", 1)[1].split(", ")[0].endswith("(Pam)") or "with Pam" in line:
                    assert "with Pam, above every trump" in winner or "Pam" in line
        if found:
            break
    assert found, "Pam was never played in 30 games"


def test_a_trick_won_by_pam_says_so() -> None:
    for seed in range(60):
        _, lines, _, _ = game(
            "five-card-loo", 5, seed, deals=2, overrides={"promoted.card": "jack_of_trumps"}
        )
        for line in lines:
            m = re.match(r"  trick \d+: (.*): (you|seat \d) wins?(.*)$", line)
            if not m or "(Pam)" not in m.group(1):
                continue
            pam_by = next(p for p in m.group(1).split(", ") if p.endswith("(Pam)"))
            # Pam is above every card (D26): whoever played it won the trick.
            assert pam_by.startswith(m.group(2) + " ")
            assert m.group(3) == " with Pam, above every trump"
            return
    pytest.fail("no trick with Pam in 60 games")


def test_promoted_card_follows_the_rules() -> None:
    assert promoted_card("JC", "H", "AKQJT98765432") == "JC"
    assert promoted_card("jack_of_trumps", "S", "AKQJT98765432") == "JS"
    assert promoted_card("jack_of_trumps", None, "AKQJT98765432") is None
    assert promoted_card("JC", "H", "AKQT987") is None  # no knaves in this pack


# --------------------------------------------------------------------------- forced cards


def test_a_forced_card_is_played_for_the_person_and_said_so() -> None:
    # Three cards each (RULES 1.1.5): the last trick's card is always forced.
    _, lines, _, _ = game("three-card-loo", 3, 2, deals=6)
    forced = [
        line
        for line in lines
        if line.endswith(("(your last card)", "(the only card you may play)"))
    ]
    assert forced
    assert all(line.startswith("  you: play ") for line in forced)
    # No prompt is shown for a forced card: each forced line follows a move, not a menu.
    for line in forced:
        before = lines[lines.index(line) - 1]
        assert not before.startswith("  ") or before.startswith(("  seat", "  you", "  trick"))


def test_with_auto_off_the_person_is_asked_even_for_a_forced_card() -> None:
    _, lines, prompts, _ = game("three-card-loo", 3, 2, deals=6, auto=False)
    assert not any(line.endswith("(your last card)") for line in lines)
    assert any(p.startswith("Your move [1, ") for p in prompts)
    _, _, auto_prompts, _ = game("three-card-loo", 3, 2, deals=6)
    assert not any(p.startswith("Your move [1, ") and "play" in p for p in auto_prompts)


# --------------------------------------------------------------------------- refusals, help


def test_a_refusal_lists_the_legal_actions_in_the_menu_order_and_wraps_whole() -> None:
    legal = [f"play {c}" for c in ("2C", "KC", "9C", "4C", "QC", "TC")]
    order, _ = action_menu(legal, ["KC", "QC", "TC", "9C", "4C", "2C"])
    exc = IllegalActionError(0, "play AH", "must follow suit: " + ", ".join(legal), legal)
    lines = refusal_lines(exc, order, 0, 40)
    assert all(len(line) <= 40 for line in lines)
    assert "..." not in "\n".join(lines)
    text = " ".join(" ".join(lines).split())
    assert text.startswith("Not allowed: you may not play AH: must follow suit: ")
    listed = re.findall(r"(\d+)\) (play \w\w)", text.split("Legal now: ")[1])
    assert [(int(n), a) for n, a in listed] == list(enumerate(order, 1))
    assert order == ["play KC", "play QC", "play TC", "play 9C", "play 4C", "play 2C"]
    # Words are never cut: every line ends at a whole word or item.
    assert all(not line.endswith("-") for line in lines)


def test_a_misspelt_action_gets_a_did_you_mean() -> None:
    with pytest.raises(Refusal, match=r"did you mean 'throw-up'\?"):
        parse_choice("thorw-up", ["stand", "throw-up", "take-miss"], ["stand", "throw-up"])
    with pytest.raises(Refusal, match=r"did you mean 'exchange'\?"):
        parse_choice("exchnage 2H", ["stand"], ["stand", "exchange", "play"])


def test_the_help_lists_only_the_games_own_actions() -> None:
    put = cardrules.new_session("put", seed=1)
    loo = cardrules.new_session("three-card-loo", players=4, seed=1)
    four = cardrules.new_session("put-four-handed", seed=1)
    put_help = "\n".join(game_help(game_verbs(put)))
    loo_help = "\n".join(game_help(game_verbs(loo)))
    four_help = "\n".join(game_help(game_verbs(four)))
    # Put: no declaring, no miss, no exchange (RULES 1.5); challenges instead.
    assert "put, see, refuse" in put_help
    for absent in ("stand", "take-miss", "exchange", "receive"):
        assert absent not in put_help, absent
    # Three-card loo: a miss, no exchange from the stock, no put (RULES 1.1).
    assert "take-miss" in loo_help and "stand" in loo_help
    for absent in ("put", "receive", "exchange", "give"):
        assert absent not in loo_help, absent
    # Four-handed Put: the partner's card is passed (RULES 1.6.2).
    assert "receive" in four_help and "give QH" in four_help and "discard QH" in four_help


# --------------------------------------------------------------------------- the end


def test_after_put_the_last_line_names_the_winner() -> None:
    session, lines, _, why = game("put", 2, 5, deals=None)
    assert why == "over"
    winner = session.winner[0]
    who = "you" if winner == 0 else f"seat {winner}"
    # The race is to five points (RULES 1.5.7): the winner has at least five.
    assert session.scores[winner] >= 5
    loser = session.scores[1 - winner]
    assert lines[-1] == f"Winner: {who}, with {session.scores[winner]} points to {loser}."
    assert lines[-2].startswith("Game over after ")


def test_after_loo_the_last_line_gives_the_standing_best_first() -> None:
    session, lines, _, _ = game("three-card-loo", 4, 7, deals=3)
    last = lines[-1]
    assert last.startswith("Standing: 1st ")
    places = re.findall(r"(\d+)(?:st|nd|rd|th) ([^(]+) \(([+-]?\d+)(?: each)?\)", last)
    # Best first; a place is one more than the seats before it; every seat once.
    values = [int(v) for _, _, v in places]
    assert values == sorted(set(session.scores), reverse=True)
    seen = 0
    for place, names, value in places:
        assert int(place) == seen + 1
        group = re.split(r", | and ", names)
        assert all(
            session.scores[0 if n == "you" else int(n.split()[1])] == int(value) for n in group
        )
        seen += len(group)
    assert seen == 4


def test_four_handed_put_shows_the_sides_points_and_who_plays_for_the_side() -> None:
    _, lines, _, _ = game("put-four-handed", 4, 2, deals=4)
    screens = [line for line in lines if line.startswith("Points by side (game to 5): ")]
    assert screens
    assert all(
        re.fullmatch(r"Points by side \(game to 5\): you and seat 2 \d+, seats 1 and 3 \d+", x)
        for x in screens
    )
    results = [line for line in lines if line.startswith("  points: ")]
    assert results and all("points now you and seat 2 " in x for x in results)
    told = [
        line
        for line in lines
        if "your partner gave you a card" in line or "you gave seat 2" in line
    ]
    assert told


def test_four_handed_put_offers_the_person_the_choice_to_receive_or_give() -> None:
    """On a side, the first partner to speak chooses: ask for the partner's best card, or
    give his own (RULES 1.6.2, D58). When that is the person, the menu has both."""
    offered = False
    for seed in range(10):
        _, lines, _, _ = game("put-four-handed", 4, seed, deals=1)
        for i, line in enumerate(lines):
            if line == "Your move (partner):" and lines[i + 1].startswith(
                "  1) receive   2) give "
            ):
                offered = True
    assert offered


def test_put_says_when_the_deal_is_decided() -> None:
    """Two tricks of three win the deal (RULES 1.5.5): after the second, the last trick
    changes nothing, and the terminal says so."""
    said = 0
    for seed in range(40):
        # Always the second action: a card rather than throwing up, and never refusing.
        _, lines, _, _ = game("put", 2, seed, deals=2, answer=lambda p, rng: "2")
        for i, line in enumerate(lines):
            if "the deal is decided" in line:
                said += 1
                tricks = [x for x in lines[:i] if x.startswith("  trick ")][-2:]
                winners = [x.rsplit(": ", 1)[1].split(" win")[0] for x in tricks]
                assert winners[0] == winners[1]  # the same seat took both tricks
                has = "have" if winners[0] == "you" else "has"
                assert line == (
                    f"  {winners[0]} {has} 2 tricks to 0: the deal is decided, "
                    "whatever the last trick"
                )
    assert said


def test_a_flush_does_not_call_those_who_threw_up_looed() -> None:
    """Five-card loo: a flush takes a loo from each other player (RULES 1.2.9); one who
    threw up pays it, but was not looed."""
    for seed in range(400):
        session = cardrules.new_session("five-card-loo", players=5, seed=seed)
        rng = random.Random(seed)
        while session.deals_played < 2 and not session.is_over:
            session.apply(rng.choice(session.legal_actions()))
        for res in session.results:
            paid = [s for s in res.looed if s not in res.stood]
            if res.flush and paid:
                text = Narrator(session, viewer=None).result_lines(1, res)
                names = ", ".join(f"seat {s}" for s in paid)
                assert f"  paid the flush without being looed: {names}" in text
                looed = next(line for line in text if line.startswith("  looed: "))
                assert not any(f"seat {s}" in looed for s in paid)
                return
    pytest.fail("no flush paid by a player who threw up in 400 sessions")


def test_the_dealer_who_sits_out_is_said_when_the_turn_passes_him() -> None:
    """With more than five players the dealer may stand out (D25, with
    ``players.dealer_sits_out_above: 5``)."""
    rules = cardrules.load_variant("three-card-loo", overrides={"players.dealer_sits_out_above": 5})
    _, lines, _, _ = game(rules, 6, 4, person=3, deals=2)
    outs = [
        line for line in lines if "(the dealer) sits out this deal: more than 5 players" in line
    ]
    assert len(outs) == 2  # once in each deal's heading
    passes = [line for line in lines if "(the dealer) sits out: the turn passes to " in line]
    assert passes
    assert any(line.startswith("Dealer: ") and "(sits out this deal)" in line for line in lines)


def test_a_deal_ended_in_declaring_with_the_dealer_out_says_why_nobody_opposes() -> None:
    """With the dealer out of the play, all the others throwing up leave the pool to nobody,
    and a lone stander takes it with nobody to play against him (1.1.1, D25): the deal's
    ending says so, and the dealer's net is his stake alone."""
    rules = cardrules.load_variant("three-card-loo", overrides={"players.dealer_sits_out_above": 5})
    seen: dict[str, list[str]] = {}
    for seed in range(80):
        _, lines, _, _ = game(rules, 6, seed, person=3, deals=3)
        for i, line in enumerate(lines):
            if line.startswith("Deal ") and "the dealer sits out" in line:
                key = "carried" if "nobody takes the pool" in line else "unopposed"
                seen.setdefault(key, lines[i : i + 5])
        if len(seen) == 2:
            break
    assert set(seen) == {"carried", "unopposed"}
    carried = next(line for line in seen["carried"] if line.startswith("  pool carried: "))
    assert not carried.startswith("  pool carried: 0;")
    for block in seen.values():
        assert any(line.startswith("  net: ") and " -3" in line for line in block)


# --------------------------------------------------------------------------- the prompt


def test_the_prompt_takes_any_text_without_an_internal_error() -> None:
    typed = [
        "9" * 5000,
        "\u0663",
        "\u00b2",
        "play " + "Q" * 3000,
        "\x00",
        "\u202e",
        "exchange",
        "q",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "put", "--seed", "1", "--bots", "random"],
        input="\n".join(typed) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "Traceback" not in done.stdout and "internal error" not in done.stdout
    assert "  ? there is no action with that number: choose 1 to " in done.stdout
    # An Arabic-Indic three is a decimal digit: the third action of the menu.
    assert "\u0663\n  you: " in done.stdout
    assert "'\u00b2' is not an action" in done.stdout
    assert "You stop the game." in done.stdout


# --------------------------------------------------------------------------- --bots


def test_bots_takes_one_name_or_one_per_other_seat() -> None:

    bots, used = make_bots(["random", "mc:8", "heuristic"], [1, 2, 3], seed=4)
    assert [type(bots[s]).__name__ for s in (1, 2, 3)] == [
        "RandomBot",
        "MonteCarloBot",
        "HeuristicBot",
    ]
    assert isinstance(bots[2], MonteCarloBot) and bots[2].samples == 8
    assert used == "random,mc:8,heuristic"
    bots, used = make_bots(["mc"], [0, 2], seed=4)
    assert all(isinstance(b, MonteCarloBot) and b.samples == 32 for b in bots.values())
    bots, used = make_bots(None, [1], seed=4)
    assert isinstance(bots[1], HeuristicBot) and used == "heuristic"


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("mc:0", "argument --bots: 'mc:0': N of mc:N must be a whole number of at least 1"),
        ("heuristc", "argument --bots: 'heuristc': not a bot (did you mean 'heuristic'?"),
        ("random:3", "argument --bots: 'random:3': not a bot"),
        ("random,mc", "argument --bots: --bots names 2 bots for the 3 other seats"),
    ],
)
def test_a_bad_bots_argument_is_a_usage_error(bots: str, message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run(["play", "put-four-handed", "--bots", bots], out, err) == 2
    assert message in err.getvalue()
    assert "Traceback" not in err.getvalue()


def test_an_unknown_variant_and_a_bad_player_count_exit_alike() -> None:
    codes = []
    for argv in (["play", "nosuch"], ["play", "put", "--players", "3"], ["play", "put", "-H", "x"]):
        err = io.StringIO()
        codes.append(run(argv, io.StringIO(), err))
        assert err.getvalue().count("\n") == 1, err.getvalue()
    assert codes == [2, 2, 2]


# --------------------------------------------------------------------------- any text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60) | st.from_regex(r"(play|exchange|give|10|[2-9TJQKA])[ ].{0,20}"))
def test_whatever_is_typed_is_an_action_or_a_refusal(text: str) -> None:
    order = ["stand", "throw-up", "play QH", "exchange 2H 3C"]
    try:
        chosen = parse_choice(text, order, ["stand", "throw-up", "play", "exchange"])
    except Refusal as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert isinstance(chosen, str) and chosen


def test_a_game_answered_with_junk_plays_on_without_an_internal_error() -> None:
    junk = ["", "?", "9" * 5000, "\u0663", "\u00b2", "\x00", "play ZZ", "exchange", "QH QH", "h"]

    def answer(prompt: str, rng: random.Random) -> str:
        return rng.choice([*junk, "1", "2", "1"])

    for seed in range(3):
        _, lines, prompts, why = game("five-card-loo", 4, seed, deals=2, answer=answer)
        assert why in ("deals", "over")
        assert len(prompts) > 10
        assert not any("Traceback" in line for line in lines)


def test_the_standing_of_sides_names_each_side_once() -> None:
    _, lines, _, why = game("put-four-handed", 4, 3, deals=None, answer=lambda p, rng: "q")
    assert why == "quit"
    assert lines[-1] == "Standing: 1st you and seat 2 level with seats 1 and 3 (0 each)."


def test_the_quick_finishes_are_told() -> None:
    """Peel's quick finishes (1.1.16): the pool left divided among all at the end, or the
    last two deals headed as released, the last with all standing."""
    rules = cardrules.load_variant("three-card-loo", overrides={"session.finish": "divide_pool"})
    session, lines, _, why = game(rules, 4, 3, person=1, deals=None)
    assert why == "over" and len(session.results) == 4
    divided = [line for line in lines if line.startswith("The pool left, ")]
    assert divided == [
        f"The pool left, {session.results[-1].carried}, is divided among all: "
        + ", ".join(
            f"{'you' if seat == 1 else f'seat {seat}'} {n}"
            for seat, n in enumerate(session.division)
        )
        + "."
    ]
    rules = cardrules.load_variant("three-card-loo", overrides={"session.finish": "release_loos"})
    _, lines, _, why = game(rules, 4, 3, person=1, deals=None)
    heads = [i for i, line in enumerate(lines) if "Deal " in line and " deals" in line]
    told = [line for line in lines if "of the quick finish" in line]
    assert why == "over" and len(heads) == 4
    assert told == [
        "  the last deal but one of the quick finish: nobody is looed",
        "  the last deal of the quick finish: all stand, no miss, nobody is looed",
    ]
    assert lines[heads[3] + 1] == told[1] and lines[heads[2] + 1] == told[0]
