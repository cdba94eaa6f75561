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

import difflib
import shutil
from collections.abc import Callable, Mapping, Sequence

from cardrules.cards import is_card_text
from cardrules.cli.narration import Narrator, replay_lines
from cardrules.cli.screen import WIDTH, action_menu, hand_text, screen_lines, seat_name, wrap
from cardrules.engine.actions import CIVIL_WORD, WORDS, action_text, parse_action
from cardrules.engine.session import Session
from cardrules.engine.space import action_space
from cardrules.errors import CardRulesError, IllegalActionError
from cardrules.players.base import Bot, SeatView
from cardrules.rules.model import Finish, Scoring

# Narrator, replay_lines, action_menu, hand_text and screen_lines are defined in
# cardrules.cli.narration and cardrules.cli.screen, and importable from here as well.
__all__ = [
    "HELP",
    "Narrator",
    "Refusal",
    "action_menu",
    "game_help",
    "game_verbs",
    "hand_text",
    "parse_choice",
    "play_game",
    "refusal_lines",
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

#: How each action is shown in the help, by its verb, in the help's order.
_HELP_FORMS = {
    "stand": "stand",
    "throw-up": "throw-up (or pass)",
    "take-miss": "take-miss (or take)",
    "play-miss": "play-miss",
    "put": "put",
    "see": "see",
    "refuse": "refuse",
    "receive": "receive",
    "play": "play QH (or just QH)",
    "civil": 'play AH civil (lead the ace of trumps calling "Pam, be civil")',
    "give": "give QH",
    "discard": "discard QH",
    "exchange": "exchange 2H 3C (or just 2H 3C)",
}


def game_help(verbs: Sequence[str]) -> list[str]:
    """The help for a game whose actions have these verbs: only its own actions.

    >>> print("\\n".join(game_help(["play", "throw-up", "put", "see", "refuse"])))
    Type the number of an action, or the action itself:
      throw-up (or pass), put, see, refuse, play QH (or just QH).
    Cards are rank then suit: A K Q J T (or 10) 9 ... 2, and S H D C.
    Type ? for this help and the table again, q to stop.
    """
    forms = [form for verb, form in _HELP_FORMS.items() if verb in verbs]
    lines = ["Type the number of an action, or the action itself:"]
    lines += wrap("  ", forms, indent="  ")
    lines[-1] += "."
    return [*lines, *HELP.splitlines()[-2:]]


def game_verbs(session: Session) -> list[str]:
    """The verbs of every action the rules of ``session`` make possible at its table."""
    names = action_space(session.rules, session.players).names()
    verbs = list(dict.fromkeys(name.split()[0] for name in names))
    if action_space(session.rules, session.players).civil >= 0:
        verbs.insert(verbs.index("play") + 1, "civil")
    return verbs


# --------------------------------------------------------------------------- reading a choice


_VERBS = frozenset(
    {*WORDS.values(), "play", "give", "discard", "exchange", "pass", "take", "throwup"}
)
#: The longest number read as a menu number (a longer one is no action on any menu).
_MAX_DIGITS = 6


class Refusal(Exception):
    """What the person typed is not an action; the message says what to type."""


def parse_choice(text: str, order: Sequence[str], verbs: Sequence[str] = ()) -> str:
    """The action meant by what the person typed, as text (not yet checked against the
    rules): a number from the menu, an action, a card alone (``QH``, ``10H``: play it,
    or give or discard it when that is what is open), or cards alone (exchange them).
    ``verbs`` are the game's own, for the did-you-mean of a misspelt one.

    >>> parse_choice("2", ["stand", "throw-up"])
    'throw-up'
    >>> parse_choice("10h", ["play TH", "play 2C"]), parse_choice("exchange 3c 2h", [])
    ('play TH', 'exchange 2H 3C')
    >>> parse_choice("ah civil", ["play AH civil", "play AH"])
    'play AH civil'
    >>> parse_choice("7", ["stand", "throw-up"])
    Traceback (most recent call last):
    ...
    cardrules.cli.terminal.Refusal: there is no action 7: choose 1 to 2
    >>> parse_choice("stnad", ["stand", "throw-up"], ["stand", "throw-up", "play"])
    Traceback (most recent call last):
    ...
    cardrules.cli.terminal.Refusal: 'stnad' is not an action (did you mean 'stand'?): type a number from the list, or an action such as 'stand' (? for help)
    """  # noqa: E501
    words = text.split()
    if not words:
        raise Refusal(
            f"type the number of an action (1 to {len(order)}), or the action, "
            f"e.g. {_example(order)!r}; ? for help"
        )
    if len(words) == 1 and words[0].isdecimal():
        digits = words[0]
        k = int(digits) if len(digits) <= _MAX_DIGITS else 0
        if not 1 <= k <= len(order):
            shown = digits if len(digits) <= _MAX_DIGITS else "with that number"
            raise Refusal(f"there is no action {shown}: choose 1 to {len(order)}")
        return order[k - 1]
    verb = words[0].lower()
    if verb not in _VERBS and not is_card_text(verb):
        known = list(dict.fromkeys([*(t.split()[0] for t in order), *verbs]))
        close = difflib.get_close_matches(verb, known, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close and len(verb) <= 40 else ""
        shown = words[0] if len(words[0]) <= 40 else words[0][:40] + "..."
        raise Refusal(
            f"{shown!r} is not an action{hint}: type a number from the list, or an "
            f"action such as {_example(order)!r} (? for help)"
        )
    if len(words) == 2 and is_card_text(words[0]) and words[1].lower() == CIVIL_WORD:
        text = f"play {words[0]} {CIVIL_WORD}"  # "AH civil": lead it, calling "Pam, be civil"
    elif all(is_card_text(w) for w in words):
        if len(words) > 1:
            text = "exchange " + text
        else:
            verbs_open = [t.split()[0] for t in order if " " in t and not t.startswith("exchange")]
            verb = "play" if "play" in verbs_open or not verbs_open else verbs_open[0]
            text = f"{verb} {words[0]}"
    try:
        return action_text(parse_action(text))
    except CardRulesError as exc:
        raise Refusal(str(exc)) from None


def _example(order: Sequence[str]) -> str:
    """An action to show as an example: the first word action on the menu, else the first."""
    return next((t for t in order if " " not in t), order[0] if order else "stand")


def refusal_lines(exc: CardRulesError, order: Sequence[str], you: int, width: int) -> list[str]:
    """What the person is told when the rules refuse their action: the rules' reason, then
    every legal action as numbered on the menu, wrapped at ``width`` between actions.

    >>> from cardrules.errors import IllegalActionError
    >>> e = IllegalActionError(0, "play 2D", "must follow suit: KD", ["play KD", "play 5D"])
    >>> print("\\n".join(refusal_lines(e, ["play 5D", "play KD"], 0, 40)))
      Not allowed: you may not play 2D: must
        follow suit: KD
      Legal now: 1) play 5D, 2) play KD
    """
    if isinstance(exc, IllegalActionError):
        who = "you" if exc.seat == you else seat_name(exc.seat)
        reason = f"{who} may not {exc.action}: {exc.reason}"
        legal = set(exc.legal) or set(order)
    else:
        reason, legal = str(exc), set(order)
    lines = wrap("  Not allowed: ", reason.split(" "), sep=" ", indent="    ", width=width)
    listed = [f"{i}) {t}" for i, t in enumerate(order, 1) if t in legal]
    return lines + wrap("  Legal now: ", listed, indent="    ", width=width)


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
    auto: bool = True,
    width: int | None = None,
) -> str:
    """Play ``session`` with a person at ``human_seat`` and ``bots`` at the other seats.

    With ``auto`` (the default), a card the person must play because it is the only legal
    one (their last card, or the one card the rules allow) is played for them, and said
    so. Refusals are wrapped at ``width`` (default: the terminal's, at most the screen's).

    Returns why the game stopped: ``"over"`` (the rules ended it),
    ``"deals"`` (``deals`` deals were played), ``"quit"`` (the person typed
    q), ``"interrupted"`` (Ctrl-C) or ``"eof"`` (the input ended).
    """
    narrator = Narrator(session, viewer=human_seat, you=human_seat)
    points = session.rules.wagers.scoring is Scoring.POINTS
    target = session.rules.session.target_points
    verbs = game_verbs(session)
    if width is None:
        width = max(40, min(WIDTH, shutil.get_terminal_size((WIDTH + 1, 24)).columns - 1))

    def say(lines: Sequence[str]) -> None:
        for line in lines:
            output_fn(line)

    def done() -> bool:
        return session.is_over or (deals is not None and session.deals_played >= deals)

    def screen() -> list[str]:
        obs = session.observation(human_seat)
        single = session.deal.view.ctx.single
        return screen_lines(
            obs,
            title=title,
            points=points,
            target=target,
            single=single,
            promoted=narrator.promoted(),
            loss_limit=session.rules.session.finish is Finish.LOSS_LIMIT,
        )

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
            legal = obs["legal"]
            if auto and len(legal) == 1 and legal[0].startswith("play "):
                held = obs.get("miss_hand") or obs["hand"]  # the miss, when played for the pool
                why = "your last card" if len(held) == 1 else "the only card you may play"
                lines = narrator.step(legal[0])
                say([f"{lines[0]} ({why})", *lines[1:]])
                continue
            say(screen())
            hand = list(obs.get("miss_hand") or ()) + list(obs["hand"])
            order = action_menu(legal, hand)[0]
            numbers = "1" if len(order) == 1 else f"1-{len(order)}"
            while True:
                text = input_fn(f"Your move [{numbers}, ? help, q quit]: ").strip()
                if text.lower() in QUIT_WORDS:
                    say(["You stop the game."])
                    say(narrator.closing("quit"))
                    return "quit"
                if text.lower() in HELP_WORDS:
                    say(game_help(verbs))
                    say(screen())
                    continue
                try:
                    action = parse_choice(text, order, verbs)
                    say(narrator.step(action))
                except Refusal as exc:
                    say(wrap("  ? ", str(exc).split(" "), sep=" ", indent="    ", width=width))
                    continue
                except CardRulesError as exc:
                    say(refusal_lines(exc, order, human_seat, width))
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
