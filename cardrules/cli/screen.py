"""The terminal's screen: the table as one seat sees it, the numbered menu of its legal
actions, and the text helpers that the game and its replay share (seats, hands, moves,
lines wrapped at the screen width).

Everything here turns data into lines of text; nothing reads input or plays.

>>> action_menu(["stand", "throw-up"])[1]
['  1) stand   2) throw-up']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardrules.cards import SUIT_NAMES, SUITS
from cardrules.engine.deal import MISS

__all__ = [
    "RULE",
    "WIDTH",
    "action_menu",
    "card_label",
    "hand_text",
    "ordinal",
    "promoted_card",
    "public_move",
    "screen_lines",
    "seat_name",
    "signed",
    "wrap",
]

WIDTH = 78
RULE = "─"


# --------------------------------------------------------------------------- pieces of text


def seat_name(seat: int) -> str:
    """How a seat is named in the text: ``seat 2``, or ``the miss`` for the miss played
    for the pool.

    >>> seat_name(2), seat_name(-1)
    ('seat 2', 'the miss')
    """
    return "the miss" if seat == MISS else f"seat {seat}"


def signed(n: int) -> str:
    """A whole number with its sign, ``+3``, ``0`` or ``-2``.

    >>> signed(3), signed(0), signed(-2)
    ('+3', '0', '-2')
    """
    return f"+{n}" if n > 0 else str(n)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``21st``.

    >>> ordinal(2), ordinal(11), ordinal(21)
    ('2nd', '11th', '21st')
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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


def promoted_card(card: str | None, trump: str | None, ranks: Sequence[str]) -> str | None:
    """The promoted card (Pam) of a deal, as text: the card the rules name, or with
    ``jack_of_trumps`` the jack of the trump suit; None when there is none in the pack.

    >>> promoted_card("JC", "H", "AKQJT98765432"), promoted_card("jack_of_trumps", "D", "AKQJ")
    ('JC', 'JD')
    >>> promoted_card("jack_of_trumps", None, "AKQJ"), promoted_card(None, "S", "AKQJ")
    (None, None)
    """
    if card == "jack_of_trumps":
        card = f"J{trump}" if trump else None
    if not card or card[0] not in ranks:
        return None
    return card


def card_label(card: str, promoted: tuple[str, str] | None) -> str:
    """A card as the table names it: the promoted card followed by its name.

    >>> card_label("JC", ("JC", "Pam")), card_label("AC", ("JC", "Pam"))
    ('JC (Pam)', 'AC')
    """
    return f"{card} ({promoted[1]})" if promoted is not None and card == promoted[0] else card


def wrap(
    head: str,
    items: Sequence[str],
    sep: str = ", ",
    indent: str = "  ",
    width: int = WIDTH,
) -> list[str]:
    """``head`` then the items joined by ``sep``, wrapped at ``width`` (the screen's) between
    items, never inside one.

    >>> wrap("Tricks: ", ["1st seat 0", "2nd tie"])
    ['Tricks: 1st seat 0, 2nd tie']
    >>> wrap("Legal: ", ["1) stand", "2) throw-up", "3) take-miss"], width=24)
    ['Legal: 1) stand,', '  2) throw-up,', '  3) take-miss']
    """
    lines: list[str] = []
    line = head
    mark = sep.rstrip()  # a comma stays at the end of a line broken after an item
    for i, item in enumerate(items):
        piece = item if i == 0 else sep + item
        after = len(mark) if i < len(items) - 1 else 0
        if i and len(line) + len(piece) + after > width:
            lines.append(line + mark)
            line = indent + item
        else:
            line += piece
    lines.append(line.rstrip())
    return lines


def public_move(text: str) -> str:
    """A move in the form everyone sees: ``exchange 2`` reads ``exchange 2 cards``.

    >>> public_move("exchange 2"), public_move("give"), public_move("stand")
    ('exchange 2 cards', 'give a card', 'stand')
    """
    verb, _, rest = text.partition(" ")
    if verb == "exchange" and rest.isdigit():
        return f"exchange {rest} card{'s' * (rest != '1')}"
    if text in ("give", "discard"):
        return f"{text} a card"
    return text


def _direction(offset: int, players: int) -> str:
    """Where a seat ``offset`` places on sits: on the left, on the right, across.

    >>> _direction(1, 4), _direction(-1, 4), _direction(2, 4)
    ('on your left', 'on your right', 'across the table')
    """
    offset %= players
    if offset == 1:
        return "on your left"
    if offset == players - 1:
        return "on your right"
    return "across the table" if 2 * offset == players else f"{offset} places on your left"


def _said_label(moves: Sequence[tuple[int, str]]) -> str:
    """The heading of the moves made before the play: bids, passes, or declarations."""
    verbs = {move.split(" ", 1)[0] for _, move in moves}
    if verbs == {"bid"}:
        return "Bids: "
    if verbs == {"give"}:
        return "Passes: "
    return "Declarations: "


def _said(moves: Sequence[tuple[int, str]], who: Callable[[int], str]) -> list[str]:
    """Each seat's moves before the play in public form, a seat's run of cards given
    summed up (``seat 1: give 3 cards``; one's own are named).

    >>> _said([(1, "give"), (1, "give"), (0, "give AS"), (2, "bid 3")], str)
    ['1: give 2 cards', '0: give AS', '2: bid 3']
    """
    out: list[str] = []
    i = 0
    while i < len(moves):
        seat, move = moves[i]
        j = i
        while move == "give" and j + 1 < len(moves) and moves[j + 1] == (seat, move):
            j += 1
        text = f"give {j - i + 1} cards" if j > i else public_move(move)
        out.append(f"{who(seat)}: {text}")
        i = j + 1
    return out


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
    >>> action_menu(["play AH civil", "play AH"])[0]  # the call after the plain lead
    ['play AH', 'play AH civil']
    """
    place = {c: i for i, c in enumerate(hand)}

    def card_key(card: str) -> tuple[int, int]:
        return (place.get(card, len(place)), "SHDC".find(card[-1]))

    words = [t for t in legal if " " not in t]
    cards = sorted(
        (t for t in legal if " " in t and not t.startswith("exchange ")),
        key=lambda t: (t.split()[0], card_key(t.split()[1]), len(t.split())),
    )
    exchanges = sorted(
        (t for t in legal if t.startswith("exchange ")),
        key=lambda t: (len(t.split()), [card_key(c) for c in t.split()[1:]]),
    )
    order = words + cards + exchanges
    entries = [f"{i}) {t}" for i, t in enumerate(order[: len(words) + len(cards)], 1)]
    lines = wrap("  ", entries, sep="   ", indent="  ") if entries else []
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
    promoted: tuple[str, str] | None = None,
    loss_limit: bool = False,
) -> list[str]:
    """The table as the seat of ``obs`` sees it, with its legal actions numbered.

    ``obs`` is ``session.observation(seat)``; ``points`` says the game is
    scored in points (to ``target``) rather than counters and a pool; ``single``
    that the deal is a single; ``promoted`` the promoted card of the deal and its
    name (``("JC", "Pam")``), shown beside the trumps and marked wherever it is played;
    ``loss_limit`` that the game ends when someone has lost ``target`` points. The person
    is ``you`` throughout; with partners, the points are the sides'. Where cards are
    passed, the screen says to whom; each seat's passes (or bids) are summed up.

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

    def who(seat: int) -> str:
        return "you" if seat == you else seat_name(seat)

    head = f"{RULE * 2} Deal {obs['deal_number'] + 1} {RULE * 2} "
    if title:
        head += f"{title} {RULE * 2} "
    head += f"you are seat {you} "
    lines = [head.ljust(WIDTH + 2, RULE)]
    table = f"Dealer: {seat_name(obs['dealer'])}"
    if obs["statuses"][obs["dealer"]] == "sits out":
        table += " (sits out this deal)"
    if obs["trump"]:
        table += f"    Trumps: {SUIT_NAMES[SUITS.index(obs['trump'])]}"
        if obs["turn_up"]:
            table += f" (turn-up {obs['turn_up']})"
    if promoted is not None:
        table += f"    {promoted[1]}: {promoted[0]}, above every trump"
    partner = obs.get("partner")
    if partner is not None:
        table += f"    Your partner: seat {partner}"
    lines.append(table)
    if "pass_to" in obs:
        to = obs["pass_to"]
        lines.append(
            "Passing: none this deal"
            if to is None
            else f"Passing: your cards go to {who(to)}, {_direction(to - you, n)}"
        )
    scores = [f"{seat_name(s)}{' (you)' if s == you else ''} {obs['scores'][s]}" for s in range(n)]
    if points and partner is not None:
        theirs = sorted(s for s in range(n) if s not in (you, partner))
        sides = [
            f"you and seat {partner} {obs['scores'][you]}",
            f"seats {' and '.join(str(s) for s in theirs)} {obs['scores'][theirs[0]]}",
        ]
        lines.extend(wrap(f"Points by side (game to {target}): ", sides))
    elif points and loss_limit:
        lines.extend(wrap(f"Points (the game ends when someone has lost {target}): ", scores))
    elif points:
        lines.extend(wrap(f"Points (game to {target}): ", scores))
    else:
        pool = f"Pool: {obs['pool']}"
        if single:
            pool += " (a single)"
        if obs["miss"] != "none":
            miss = obs["miss"]
            if miss.startswith("taken by "):
                miss = "taken by " + who(int(miss.split()[-1]))
            pool += f"    Miss: {miss}"
        if obs["stock_size"] and obs["phase"] == "declare":
            pool += f"    Stock: {obs['stock_size']} cards"
        lines.append(pool)
        lines.extend(wrap("Counters: ", scores))
    moves: list[tuple[int, str]] = []
    for entry in obs["history"]:
        seat, _, move = entry.partition(": ")
        if not move.startswith("play "):
            moves.append((int(seat), move))
    lines.extend(wrap(_said_label(moves), _said(moves, who) or ["none yet"]))
    if obs["tricks"]:
        won = [
            f"{ordinal(i)} {'tie' if w is None else who(w)}" for i, w in enumerate(obs["tricks"], 1)
        ]
        lines.extend(wrap("Tricks: ", won))
    if obs["phase"] == "play" or obs["trick"]:
        number = len(obs["tricks"]) + 1
        trick = [f"{who(s)} {card_label(c, promoted)}" for s, c in obs["trick"]]
        if trick and obs.get("civil_called"):
            name = promoted[1] if promoted is not None else "Pam"
            trick[0] += f' ("{name}, be civil")'
        lines.extend(wrap(f"Trick {number}: ", trick or ["nothing played yet"]))
    for seat, cards in sorted(obs["shown"].items()):
        lines.append(f"Shown by {who(seat)}: {hand_text(cards)}")
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
