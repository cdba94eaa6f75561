"""Playing at the terminal: a person at one seat, bots at the others, plain text.

:func:`play_game` runs a session, asking the person for an action whenever
their seat is to move and letting the bots choose at the other seats. It
knows nothing of argparse or of the process: it reads lines with
``input_fn(prompt)`` (which raises ``EOFError`` at the end of input, as the
builtin :func:`input` does) and prints lines with ``output_fn(line)``.

The person sees only what their seat may know, built from
``session.observation(seat)`` by :func:`~cardrules.cli.screen.screen_lines`;
other seats' moves are shown in their public form (an exchange shows how
many cards, not which). :class:`~cardrules.cli.narration.Narrator` writes
the lines that both the game and its replay print: each deal's heading, the
moves, each trick, and what each deal came to. This module is the game loop
and the reading of what the person types (:func:`parse_choice`).

>>> import cardrules
>>> from cardrules.players.base import RandomBot
>>> s = cardrules.new_session("three-card-loo", players=3, seed=5)
>>> bots = {seat: RandomBot() for seat in (1, 2)}
>>> answers = iter(["throw-up"] * 30)
>>> lines = []
>>> play_game(s, 0, bots, lambda prompt: next(answers), lines.append, deals=1)
'deals'
>>> any(line.startswith("Deal 1 over") for line in lines)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from cardrules.cards import is_card_text
from cardrules.cli.narration import Narrator, replay_lines
from cardrules.cli.screen import action_menu, hand_text, screen_lines
from cardrules.engine.actions import WORDS, action_text, parse_action
from cardrules.engine.session import Session
from cardrules.errors import CardRulesError
from cardrules.players.base import Bot, SeatView
from cardrules.rules.model import Scoring

# Narrator, replay_lines, action_menu, hand_text and screen_lines are defined in
# cardrules.cli.narration and cardrules.cli.screen, and importable from here as well.
__all__ = [
    "HELP",
    "Narrator",
    "Refusal",
    "action_menu",
    "hand_text",
    "parse_choice",
    "play_game",
    "replay_lines",
    "screen_lines",
]

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})

HELP = """\
Type the number of an action, or the action itself:
  stand, throw-up (or pass), take-miss, play-miss, put, see, refuse, receive,
  play QH (or just QH), give QH, discard QH, exchange 2H 3C.
Cards are rank then suit: A K Q J T (or 10) 9 ... 2, and S H D C.
Type ? for this help and the table again, q to stop."""


# --------------------------------------------------------------------------- reading a choice


_VERBS = frozenset(
    {*WORDS.values(), "play", "give", "discard", "exchange", "pass", "take", "throwup"}
)


class Refusal(Exception):
    """What the person typed is not an action; the message says what to type."""


def parse_choice(text: str, order: Sequence[str]) -> str:
    """The action meant by what the person typed, as text (not yet checked against the
    rules): a number from the menu, an action, a card alone (``QH``, ``10H``: play it,
    or give or discard it when that is what is open), or cards alone (exchange them).

    >>> parse_choice("2", ["stand", "throw-up"])
    'throw-up'
    >>> parse_choice("10h", ["play TH", "play 2C"]), parse_choice("exchange 3c 2h", [])
    ('play TH', 'exchange 2H 3C')
    >>> parse_choice("7", ["stand", "throw-up"])
    Traceback (most recent call last):
    ...
    cardrules.cli.terminal.Refusal: there is no action 7: choose 1 to 2
    """
    words = text.split()
    if not words:
        raise Refusal(
            f"type the number of an action (1 to {len(order)}), or the action, "
            "e.g. 'stand' or 'play QH'; ? for help"
        )
    if len(words) == 1 and words[0].isdigit():
        k = int(words[0])
        if not 1 <= k <= len(order):
            raise Refusal(f"there is no action {k}: choose 1 to {len(order)}")
        return order[k - 1]
    verb = words[0].lower()
    if verb not in _VERBS and not is_card_text(verb):
        raise Refusal(
            f"{words[0]!r} is not an action: type a number from the list, or an "
            "action such as 'stand' or 'play QH' (? for help)"
        )
    if all(is_card_text(w) for w in words):
        if len(words) > 1:
            text = "exchange " + text
        else:
            verbs = [t.split()[0] for t in order if " " in t and not t.startswith("exchange")]
            verb = "play" if "play" in verbs or not verbs else verbs[0]
            text = f"{verb} {words[0]}"
    try:
        return action_text(parse_action(text))
    except CardRulesError as exc:
        raise Refusal(str(exc)) from None


# --------------------------------------------------------------------------- the game


def play_game(
    session: Session,
    human_seat: int,
    bots: Mapping[int, Bot],
    input_fn: InputFn,
    output_fn: OutputFn,
    *,
    deals: int | None = None,
    title: str = "",
) -> str:
    """Play ``session`` with a person at ``human_seat`` and ``bots`` at the other seats.

    Returns why the game stopped: ``"over"`` (the rules ended it),
    ``"deals"`` (``deals`` deals were played), ``"quit"`` (the person typed
    q), ``"interrupted"`` (Ctrl-C) or ``"eof"`` (the input ended).
    """
    narrator = Narrator(session, viewer=human_seat, you=human_seat)
    points = session.rules.wagers.scoring is Scoring.POINTS
    target = session.rules.session.target_points

    def say(lines: Sequence[str]) -> None:
        for line in lines:
            output_fn(line)

    def done() -> bool:
        return session.is_over or (deals is not None and session.deals_played >= deals)

    say(narrator.opening())
    try:
        while not done():
            say(narrator.heading())
            seat = session.to_move
            if seat != human_seat:
                bot = bots[seat]
                say(narrator.step(bot.choose(SeatView(session, seat))))
                continue
            obs = session.observation(human_seat)
            single = session.deal.ctx.single
            say(screen_lines(obs, title=title, points=points, target=target, single=single))
            order = action_menu(obs["legal"], list(obs.get("miss_hand") or ()) + list(obs["hand"]))[
                0
            ]
            numbers = "1" if len(order) == 1 else f"1-{len(order)}"
            while True:
                text = input_fn(f"Your move [{numbers}, ? help, q quit]: ").strip()
                if text.lower() in QUIT_WORDS:
                    say(["You stop the game."])
                    say(narrator.closing("quit"))
                    return "quit"
                if text.lower() in HELP_WORDS:
                    say(HELP.splitlines())
                    say(screen_lines(obs, title=title, points=points, target=target, single=single))
                    continue
                try:
                    action = parse_choice(text, order)
                    say(narrator.step(action))
                except Refusal as exc:
                    say([f"  ? {exc}"])
                    continue
                except CardRulesError as exc:
                    say([f"  Not allowed: {exc}"])
                    continue
                break
    except EOFError:
        say(["", "End of input: the game stops here."])
        say(narrator.closing("eof"))
        return "eof"
    except KeyboardInterrupt:
        say(["", "Interrupted: the game stops here."])
        say(narrator.closing("interrupted"))
        return "interrupted"
    reason = "over" if session.is_over else "deals"
    say(narrator.closing(reason))
    return reason
