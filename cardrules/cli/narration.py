"""The lines that tell a session as it goes, for the game at the terminal and for its
replay: :class:`Narrator` writes each deal's heading, the moves, each trick and what each
deal came to; :func:`replay_lines` tells a recorded game with every hand shown.

>>> import cardrules
>>> s = cardrules.new_session("put", seed=4, dealer=1)
>>> s.apply("throw-up")
>>> replay_lines(s.record())[0]
'Replay of put: 2 players, seed 4'
"""

from __future__ import annotations

from typing import Any

from cardrules.api import replay
from cardrules.cards import SUIT_NAMES, SUITS, card_text, sorted_cards
from cardrules.cli.screen import (
    RULE,
    hand_text,
    ordinal,
    public_move,
    seat_name,
    signed,
    trick_winner,
    wrap,
)
from cardrules.engine.actions import action_text
from cardrules.engine.deal import Deal, FixedDeal
from cardrules.engine.record import parse_step
from cardrules.engine.result import DealResult
from cardrules.engine.session import Session
from cardrules.rules.model import Scoring

__all__ = ["Narrator", "replay_lines"]

_ENDINGS = {
    "play": "played out",
    "flush": "a flush",
    "all_pass": "everyone threw up",
    "unopposed": "a lone stander takes the pool unopposed",
    "exposed_single": "the exposed-card single",
    "throw_up": "thrown up",
    "refused": "the put was refused",
}


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
        d = s.deal.view
        text = f"{RULE * 2} Deal {s.deals_played + 1} {RULE * 2} {seat_name(d.dealer)} deals"
        if d.trump_suit:
            text += f"; trumps {SUIT_NAMES[SUITS.index(d.trump_suit)]}"
            turn_up = d.turnup_text
            if turn_up:
                text += f" (turn-up {turn_up})"
        if not self.points_game:
            text += f"; pool {d.pool}" + (" (a single)" if d.ctx.single else "")
        lines = [text]
        if self.show_hands:
            for seat in range(s.players):
                cards = [card_text(c) for c in sorted_cards(d.hand(seat))]
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
        view = deal.view
        seat = s.to_move
        mover = self.name(seat)
        if (
            view.phase_name == "play"
            and view.in_play
            and view.in_play[view.turn_pos] == view.players
        ):
            mover = "the miss" if self.you is None else f"{mover}, for the miss"
        tricks = len(view.winners)
        s.apply(action)
        move = view.history[-1][1]
        if self.viewer is None or seat == self.viewer:
            text = action_text(move)
        else:
            text = public_move(deal.public_history(self.viewer)[-1].split(": ", 1)[1])
        lines = [f"  {mover}: {text}"]
        if len(view.winners) > tricks:
            lines.append(self._trick_line(deal))
        lines.extend(self._settled(deal))
        return lines

    def _trick_line(self, deal: Deal) -> str:
        view = deal.view
        k = len(view.in_play)
        played = view.played_cards()[-k:]
        w = view.winners[-1]
        winner = "a tie" if w is None else seat_name(view.seat_of(w)) + " wins"
        cards = ", ".join(f"{seat_name(s)} {card_text(c)}" for s, c in played)
        return f"  trick {len(view.winners)}: {cards}: {winner}"

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
        shown = deal.view.shown if deal is not None else {}
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
                wrap(
                    "  tricks: ",
                    [f"{ordinal(i)} {trick_winner(w)}" for i, w in enumerate(res.tricks, 1)],
                )
            )
        if self.points_game:
            if res.restart:
                self.points = [0] * len(self.points)
                lines.append("  a trick and tie after a put was seen: the game starts anew")
            for seat, p in enumerate(res.points):
                self.points[seat] += p
            scored = [f"{seat_name(seat)} {signed(p)}" for seat, p in enumerate(res.points) if p]
            now = ", ".join(f"{seat_name(seat)} {p}" for seat, p in enumerate(self.points))
            lines.append(f"  points: {', '.join(scored) or 'none'}; points now {now}")
            return lines
        looed = ", ".join(seat_name(s) for s in res.looed)
        lines.append(f"  looed: {looed or 'nobody'}")
        lines.extend(
            wrap("  net: ", [f"{seat_name(seat)} {signed(n)}" for seat, n in enumerate(res.net)])
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
                f"{seat_name(seat)} {signed(v)}" for seat, v in enumerate(s.scores)
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
    full = replay(record)
    start: dict[str, Any] = dict(full.start)  # each value read as the key it is for
    s = Session(
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
    name = " + ".join([spec.get("variant") or full.rules.title, *spec.get("house_rules", ())])
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
