"""Playing at the terminal: a person at one seat, bots at the others, plain text.

:func:`play_game` runs a session, asking the person for an action whenever
their seat is to move and letting the bots choose at the other seats. It
knows nothing of argparse or of the process: it reads lines with
``input_fn(prompt)`` (which raises ``EOFError`` at the end of input, as the
builtin :func:`input` does) and prints lines with ``output_fn(line)``.

The person sees only what their seat may know, built from
``session.observation(seat)``; other seats' moves are shown in their public
form (an exchange shows how many cards, not which). :class:`Narrator` writes
the lines that both the game and its replay print: each deal's heading, the
moves, each trick, and what each deal came to.

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
from typing import Any

from cardrules.cards import SUIT_NAMES, SUITS, card_text, is_card_text, sorted_cards
from cardrules.engine.actions import WORDS, action_text, parse_action
from cardrules.engine.deal import MISS, Deal
from cardrules.engine.session import Session
from cardrules.engine.settlement import DealResult
from cardrules.errors import CardRulesError
from cardrules.players.base import Bot, SeatView
from cardrules.rules.model import Scoring

__all__ = ["Narrator", "action_menu", "parse_choice", "play_game", "replay_lines", "screen_lines"]

InputFn = Callable[[str], str]
OutputFn = Callable[[str], None]

QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
WIDTH = 78
RULE = "─"

HELP = """\
Type the number of an action, or the action itself:
  stand, throw-up (or pass), take-miss, play-miss, put, see, refuse, receive,
  play QH (or just QH), give QH, discard QH, exchange 2H 3C.
Cards are rank then suit: A K Q J T (or 10) 9 ... 2, and S H D C.
Type ? for this help and the table again, q to stop."""

_ENDINGS = {
    "play": "played out",
    "flush": "a flush",
    "all_pass": "everyone threw up",
    "unopposed": "a lone stander takes the pool unopposed",
    "exposed_single": "the exposed-card single",
    "throw_up": "thrown up",
    "refused": "the put was refused",
}


def seat_name(seat: int) -> str:
    """How a seat is named in the text: ``seat 2``, or ``the miss`` for the miss played
    for the pool.

    >>> seat_name(2), seat_name(-1)
    ('seat 2', 'the miss')
    """
    return "the miss" if seat == MISS else f"seat {seat}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _trick_winner(w: int | None) -> str:
    return "tie" if w is None else seat_name(w)


def hand_text(cards: Sequence[str]) -> str:
    """Cards already sorted by suit, with a wider gap between suits.

    >>> hand_text(["AS", "7S", "QH", "4D"])
    'AS 7S  QH  4D'
    """
    out = ""
    for i, c in enumerate(cards):
        if i:
            out += "  " if c[-1] != cards[i - 1][-1] else " "
        out += c
    return out


def _wrap(head: str, items: Sequence[str], sep: str = ", ", indent: str = "  ") -> list[str]:
    """``head`` then the items joined by ``sep``, wrapped at the screen width."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item if i == 0 else sep + item
        if len(line) + len(piece) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent + item
        else:
            line += piece
    lines.append(line.rstrip())
    return lines


def _public_move(text: str) -> str:
    """A move in the form everyone sees: ``exchange 2`` reads ``exchange 2 cards``."""
    verb, _, rest = text.partition(" ")
    if verb == "exchange" and rest.isdigit():
        return f"exchange {rest} card{'s' * (rest != '1')}"
    if text in ("give", "discard"):
        return f"{text} a card"
    return text


# --------------------------------------------------------------------------- the screen


def action_menu(legal: Sequence[str], hand: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """The legal actions in the order they are numbered, and the lines that show them.

    Word actions come first, then card actions in the order of the hand, then
    exchanges (fewest cards first) in columns, showing only their cards.

    >>> order, lines = action_menu(["stand", "throw-up", "take-miss"])
    >>> lines
    ['  1) stand   2) throw-up   3) take-miss']
    >>> order, lines = action_menu(["play 4D", "play QH"], ["QH", "4D"])
    >>> order, lines
    (['play QH', 'play 4D'], ['  1) play QH   2) play 4D'])
    """
    place = {c: i for i, c in enumerate(hand)}

    def card_key(card: str) -> tuple[int, int]:
        return (place.get(card, len(place)), "SHDC".find(card[-1]))

    words = [t for t in legal if " " not in t]
    cards = sorted(
        (t for t in legal if " " in t and not t.startswith("exchange ")),
        key=lambda t: (t.split()[0], card_key(t.split()[1])),
    )
    exchanges = sorted(
        (t for t in legal if t.startswith("exchange ")),
        key=lambda t: (len(t.split()), [card_key(c) for c in t.split()[1:]]),
    )
    order = words + cards + exchanges
    entries = [f"{i}) {t}" for i, t in enumerate(order[: len(words) + len(cards)], 1)]
    lines = _wrap("  ", entries, sep="   ", indent="  ") if entries else []
    if exchanges:
        start = len(entries) + 1
        cells = [
            f"{i:>{len(str(len(order)))}}) {' '.join(t.split()[1:])}"
            for i, t in enumerate(exchanges, start)
        ]
        lines.append(
            "  exchange (type the number, or e.g. 'exchange "
            + " ".join(exchanges[0].split()[1:])
            + "'):"
        )
        lines.extend("    " + row for row in _columns(cells, WIDTH - 4))
    return order, lines


def _columns(cells: Sequence[str], width: int, gap: int = 3) -> list[str]:
    """``cells`` in as many columns as fit in ``width``, filled down each column.

    >>> _columns(["1) a", "2) b", "3) cc", "4) d", "5) e"], 14)
    ['1) a    4) d', '2) b    5) e', '3) cc']
    """
    for columns in range(len(cells), 0, -1):
        rows = -(-len(cells) // columns)
        cols = [cells[i : i + rows] for i in range(0, len(cells), rows)]
        widths = [max(len(c) for c in col) for col in cols]
        if sum(widths) + gap * (len(cols) - 1) <= width or columns == 1:
            return [
                (" " * gap)
                .join(col[r].ljust(w) for col, w in zip(cols, widths, strict=True) if r < len(col))
                .rstrip()
                for r in range(rows)
            ]
    return []


def screen_lines(
    obs: Mapping[str, Any],
    *,
    title: str = "",
    points: bool = False,
    target: int = 0,
    single: bool = False,
) -> list[str]:
    """The table as the seat of ``obs`` sees it, with its legal actions numbered.

    ``obs`` is ``session.observation(seat)``; ``points`` says the game is
    scored in points (to ``target``) rather than counters and a pool; ``single``
    that the deal is a single.

    >>> import cardrules
    >>> s = cardrules.new_session("three-card-loo", players=3, seed=5, dealer=0)
    >>> lines = screen_lines(s.observation(1), title="three-card-loo", single=True)
    >>> print("\\n".join(lines))
    ── Deal 1 ── three-card-loo ── you are seat 1 ──────────────────────────────────
    Dealer: seat 0    Trumps: clubs (turn-up 3C)
    Pool: 3 (a single)    Miss: untaken    Stock: 39 cards
    Counters: seat 0 -3, seat 1 (you) 0, seat 2 0
    Declarations: none yet
    <BLANKLINE>
    Your hand:  KS  KC 6C
    Your move (declare):
      1) stand   2) throw-up   3) take-miss
    """
    you = obs["seat"]
    n = obs["players"]
    head = f"{RULE * 2} Deal {obs['deal_number'] + 1} {RULE * 2} "
    if title:
        head += f"{title} {RULE * 2} "
    head += f"you are seat {you} "
    lines = [head.ljust(WIDTH + 2, RULE)]
    table = f"Dealer: {seat_name(obs['dealer'])}"
    if obs["trump"]:
        table += f"    Trumps: {SUIT_NAMES[SUITS.index(obs['trump'])]}"
        if obs["turn_up"]:
            table += f" (turn-up {obs['turn_up']})"
    if obs.get("partner") is not None:
        table += f"    Your partner: seat {obs['partner']}"
    lines.append(table)
    scores = [f"seat {s}{' (you)' if s == you else ''} {obs['scores'][s]}" for s in range(n)]
    if points:
        lines.extend(_wrap(f"Points (game to {target}): ", scores))
    else:
        pool = f"Pool: {obs['pool']}"
        if single:
            pool += " (a single)"
        if obs["miss"] != "none":
            miss = obs["miss"]
            if miss.startswith("taken by "):
                taker = int(miss.split()[-1])
                miss = "taken by " + ("you" if taker == you else seat_name(taker))
            pool += f"    Miss: {miss}"
        if obs["stock_size"] and obs["phase"] == "declare":
            pool += f"    Stock: {obs['stock_size']} cards"
        lines.append(pool)
        lines.extend(_wrap("Counters: ", scores))
    said = []
    for entry in obs["history"]:
        seat, _, move = entry.partition(": ")
        if not move.startswith("play "):
            who = "you" if int(seat) == you else seat_name(int(seat))
            said.append(f"{who}: {_public_move(move)}")
    lines.extend(_wrap("Declarations: ", said or ["none yet"]))
    if obs["tricks"]:
        won = [f"{_ordinal(i)} {_trick_winner(w)}" for i, w in enumerate(obs["tricks"], 1)]
        lines.extend(_wrap("Tricks: ", won))
    if obs["phase"] == "play" or obs["trick"]:
        number = len(obs["tricks"]) + 1
        trick = [f"{seat_name(s)} {c}" for s, c in obs["trick"]]
        lines.extend(_wrap(f"Trick {number}: ", trick or ["nothing played yet"]))
    for seat, cards in sorted(obs["shown"].items()):
        lines.append(f"Shown by {seat_name(seat)}: {hand_text(cards)}")
    lines.append("")
    own = "Your own hand (thrown up)" if obs.get("miss_hand") else "Your hand"
    lines.append(f"{own}:  {hand_text(obs['hand']) or '(no cards)'}")
    if obs.get("miss_hand"):
        lines.append(f"The miss (you play it for the pool):  {hand_text(obs['miss_hand'])}")
    if obs["legal"]:
        lines.append(f"Your move ({obs['phase']}):")
        cards = list(obs.get("miss_hand") or ()) + list(obs["hand"])
        lines.extend(action_menu(obs["legal"], cards)[1])
    return lines


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


# --------------------------------------------------------------------------- narration


class Narrator:
    """The lines that tell a session as it goes: each deal's heading, each move, each
    trick, and what each deal came to.

    ``viewer`` is the seat whose eyes the moves are seen through (others'
    exchanges, gifts and discards hidden), or None to show everything, as a
    replay does. Call :meth:`step` to apply an action and get its lines.

    >>> import cardrules
    >>> s = cardrules.new_session("put", seed=4, dealer=1)
    >>> n = Narrator(s, viewer=None)
    >>> n.heading()
    ['── Deal 1 ── seat 1 deals']
    >>> print("\\n".join(n.step("throw-up") + n.heading()))
      seat 0: throw-up
    Deal 1 over: thrown up
      points: seat 1 +1; points now seat 0 0, seat 1 1
    ── Deal 2 ── seat 0 deals
    """

    def __init__(
        self,
        session: Session,
        viewer: int | None,
        *,
        you: int | None = None,
        show_hands: bool = False,
    ) -> None:
        self.session = session
        self.viewer = viewer
        self.you = you
        self.show_hands = show_hands
        self.heading_due = True
        self.points_game = session.rules.wagers.scoring is Scoring.POINTS
        self.told = session.deals_played
        start: list[int] = session.start["scores"]  # type: ignore[assignment]
        self.points = list(start) if self.points_game else []

    def name(self, seat: int) -> str:
        """A seat's name; the person's own seat is ``you`` in their moves."""
        return "you" if seat == self.you and seat >= 0 else seat_name(seat)

    def heading(self) -> list[str]:
        """The heading of the deal in progress if it has not been shown yet, else nothing."""
        if not self.heading_due or self.session.is_over:
            return []
        self.heading_due = False
        return self.deal_heading()

    def deal_heading(self) -> list[str]:
        """The heading of the deal in progress."""
        s = self.session
        d = s.deal
        text = f"{RULE * 2} Deal {s.deals_played + 1} {RULE * 2} {seat_name(d.dealer)} deals"
        if d.trump_suit:
            text += f"; trumps {SUIT_NAMES[SUITS.index(d.trump_suit)]}"
            turn_up = d._turnup_text()
            if turn_up:
                text += f" (turn-up {turn_up})"
        if not self.points_game:
            text += f"; pool {d.pool}" + (" (a single)" if d.ctx.single else "")
        lines = [text]
        if self.show_hands:
            for seat in range(s.players):
                cards = [card_text(c) for c in sorted_cards(d.hands[seat])]
                lines.append(f"  {seat_name(seat)} holds {hand_text(cards)}")
            if d.miss is not None:
                cards = [card_text(c) for c in sorted_cards(d.miss)]
                lines.append(f"  the miss holds {hand_text(cards)}")
        return lines

    def opening(self) -> list[str]:
        """The lines for deals that were over as soon as they were dealt, before the first
        action (the heading of the deal in progress comes from :meth:`heading`)."""
        self.told = 0
        return self._settled(None)

    def step(self, action: int | str) -> list[str]:
        """Apply ``action`` for the seat to move and return the lines telling it.

        An illegal action raises, as :meth:`Session.apply` does, and tells nothing.
        """
        s = self.session
        deal = s.deal
        seat = s.to_move
        mover = self.name(seat)
        if deal.phase_name == "play" and deal.in_play and deal.in_play[deal.turn_pos] == deal.n:
            mover = "the miss" if self.you is None else f"{mover}, for the miss"
        tricks = len(deal.trick_winners)
        s.apply(action)
        move = deal.history[-1][1]
        if self.viewer is None or seat == self.viewer:
            text = action_text(move)
        else:
            text = _public_move(deal.public_history(self.viewer)[-1].split(": ", 1)[1])
        lines = [f"  {mover}: {text}"]
        if len(deal.trick_winners) > tricks:
            lines.append(self._trick_line(deal))
        lines.extend(self._settled(deal))
        return lines

    def _trick_line(self, deal: Deal) -> str:
        k = len(deal.in_play)
        played = deal.played_cards()[-k:]
        w = deal.trick_winners[-1]
        winner = "a tie" if w is None else seat_name(MISS if w == deal.n else w) + " wins"
        cards = ", ".join(f"{seat_name(s)} {card_text(c)}" for s, c in played)
        return f"  trick {len(deal.trick_winners)}: {cards}: {winner}"

    def _settled(self, deal: Deal | None) -> list[str]:
        """The lines for every deal settled since the last call."""
        s = self.session
        lines: list[str] = []
        while self.told < s.deals_played:
            res = s.results[self.told]
            self.told += 1
            known = deal if deal is not None and deal.result is res else None
            lines.extend(self.result_lines(self.told, res, known))
            self.heading_due = True
        return lines

    def result_lines(self, number: int, res: DealResult, deal: Deal | None = None) -> list[str]:
        """What deal ``number`` came to: how it ended, who won which trick, who was looed,
        each seat's net, the pool carried and whether the next deal is a single; in a
        points game the points scored."""
        ending = _ENDINGS.get(res.ended_by, res.ended_by.replace("_", " "))
        if res.ended_by == "all_pass" and any(n > 0 for n in res.net):
            ending = "all before the dealer threw up: the dealer takes the pool"
        lines = [f"Deal {number} over: {ending}"]
        shown = deal.shown if deal is not None else {}
        for seat, cards in sorted(shown.items()):
            shown_cards = [card_text(c) for c in sorted_cards(cards)]
            lines.append(f"  {seat_name(seat)} shows {hand_text(shown_cards)}")
        if res.flush:
            what = "the best card" if res.ended_by == "exposed_single" else "a flush"
            lines.append(
                f"  {' and '.join(seat_name(s) for s in res.flush)} "
                f"win{'s' * (len(res.flush) == 1)} with {what}"
            )
        if res.tricks:
            lines.extend(
                _wrap(
                    "  tricks: ",
                    [f"{_ordinal(i)} {_trick_winner(w)}" for i, w in enumerate(res.tricks, 1)],
                )
            )
        if self.points_game:
            if res.restart:
                self.points = [0] * len(self.points)
                lines.append("  a trick and tie after a put was seen: the game starts anew")
            for seat, p in enumerate(res.points):
                self.points[seat] += p
            scored = [f"{seat_name(seat)} {_signed(p)}" for seat, p in enumerate(res.points) if p]
            now = ", ".join(f"{seat_name(seat)} {p}" for seat, p in enumerate(self.points))
            lines.append(f"  points: {', '.join(scored) or 'none'}; points now {now}")
            return lines
        looed = ", ".join(seat_name(s) for s in res.looed)
        lines.append(f"  looed: {looed or 'nobody'}")
        lines.extend(
            _wrap("  net: ", [f"{seat_name(seat)} {_signed(n)}" for seat, n in enumerate(res.net)])
        )
        single = "a single" if res.next_single else "not a single"
        lines.append(f"  pool carried: {res.carried}; the next deal is {single}")
        return lines

    def closing(self, reason: str) -> list[str]:
        """The last lines: the game's end and the final scores."""
        s = self.session
        played = f"{s.deals_played} deal{'s' * (s.deals_played != 1)}"
        if self.points_game:
            final = ", ".join(f"{seat_name(seat)} {p}" for seat, p in enumerate(s.scores))
            final = f"points {final}"
        else:
            final = "counters " + ", ".join(
                f"{seat_name(seat)} {_signed(v)}" for seat, v in enumerate(s.scores)
            )
            if s.pool:
                final += f"; {s.pool} left in the pool"
        if reason == "over":
            head = f"Game over after {played}"
            if s.winner:
                names = [seat_name(w) + (" (you)" if w == self.you else "") for w in s.winner]
                head += f": {' and '.join(names)} win" + ("s" if len(s.winner) == 1 else "")
        elif reason == "deals":
            head = f"Stopped after {played}, as asked"
        elif reason == "record":
            head = f"The record ends after {played}"
        else:
            head = f"Game abandoned after {played}"
        return [f"{head}. Final {final}."]


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
    q, or pressed Ctrl-C) or ``"eof"`` (the input ended).
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
        say(narrator.closing("quit"))
        return "quit"
    reason = "over" if session.is_over else "deals"
    say(narrator.closing(reason))
    return reason


# --------------------------------------------------------------------------- replay


def replay_lines(record: dict[str, Any]) -> list[str]:
    """A recorded game told step by step, every hand shown: the same headings, moves,
    tricks and deal results as the game printed.

    >>> import cardrules
    >>> s = cardrules.new_session("put", seed=4, dealer=1)
    >>> s.apply("throw-up")
    >>> replay_lines(s.record())[-1]
    'The record ends after 1 deal. Final points seat 0 0, seat 1 1.'
    """
    from cardrules.engine.record import parse_step, replay
    from cardrules.engine.session import Session as _Session

    full = replay(record)
    start = full.start
    from cardrules.engine.deal import FixedDeal

    s = _Session(
        full.rules,
        full.players,
        seed=full.seed,
        origin=full.origin,
        dealer=start["dealer"],
        pool=start["pool"],
        scores=start["scores"],
        deal=FixedDeal.from_json(start["deal"]) if start["deal"] else None,
        first_deal=start["first_deal"],
        single=start["single"],
    )
    spec = record["rules"]
    name = " + ".join([spec["variant"], *spec.get("house_rules", ())])
    seed = f", seed {full.seed}" if full.seed is not None else ""
    lines = [f"Replay of {name}: {full.players} players{seed}"]
    narrator = Narrator(s, viewer=None, show_hands=True)
    lines.extend(narrator.opening())
    for step in record.get("actions", []):
        _, text = parse_step(step)
        lines.extend(narrator.heading())
        lines.extend(narrator.step(text))
    lines.extend(narrator.closing("over" if s.is_over else "record"))
    return lines
