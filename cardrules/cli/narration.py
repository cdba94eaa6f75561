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
    card_label,
    hand_text,
    ordinal,
    promoted_card,
    public_move,
    seat_name,
    signed,
    wrap,
)
from cardrules.engine.actions import action_text, civil_card, is_civil
from cardrules.engine.deal import Deal, FixedDeal
from cardrules.engine.observation import seat_status
from cardrules.engine.record import parse_step
from cardrules.engine.result import DealResult
from cardrules.engine.session import Session
from cardrules.rules.model import Scoring
from cardrules.rules.seating import dealer_sits_out

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


#: How a deal ended when the dealer stands out of the play (1.1.1, D25).
_OUT_ENDINGS = {
    "all_pass": "everyone in the play threw up and the dealer sits out: nobody takes the pool, "
    "which is carried whole",
    "unopposed": "a lone stander takes the pool unopposed: the dealer sits out and nobody plays "
    "against him",
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
        self.sides = session.rules.partnerships.enabled
        self.told = session.deals_played
        start: Any = session.start["scores"]  # a list of ints, as the session was given
        self.points = list(start) if self.points_game else []
        self.sat_out_told = -1  # the deal in which the dealer sitting out was last told
        self.decided_told = -1  # the deal whose decided end was last told

    def name(self, seat: int | None) -> str:
        """A seat's name; the person's own seat is ``you``; ``tie`` for a tied trick."""
        if seat is None:
            return "tie"
        return "you" if seat == self.you and seat >= 0 else seat_name(seat)

    def promoted(self) -> tuple[str, str] | None:
        """The promoted card of the deal in progress and its name (``("JC", "Pam")``)."""
        rules = self.session.rules
        card = promoted_card(
            rules.promoted.card, self.session.deal.view.trump_suit, rules.pack.ranks
        )
        return None if card is None else (card, rules.promoted.name)

    def side_name(self, seat: int) -> str:
        """A side of a partnership game, by its seats: ``you and seat 2``, ``seats 1 and 3``."""
        partner = (seat + 2) % self.session.players
        pair = sorted((seat, partner))
        if self.you in pair:
            return f"you and {seat_name(partner if seat == self.you else seat)}"
        return f"seats {pair[0]} and {pair[1]}"

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
        promoted = self.promoted()
        if promoted is not None and s.rules.promoted.card == "jack_of_trumps":
            text += f"; {promoted[1]} is {promoted[0]}"
        lines = [text]
        if d.ctx.last:
            lines.append("  the last deal of the quick finish: all stand, no miss, nobody is looed")
        elif d.ctx.released:
            lines.append("  the last deal but one of the quick finish: nobody is looed")
        if seat_status(d, d.dealer) == "sits out":
            lines.append(
                f"  {self.name(d.dealer)} (the dealer) {'sit' if d.dealer == self.you else 'sits'}"
                f" out this deal: more than {s.rules.players.dealer_sits_out_above} players"
            )
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
        promoted = self.promoted()
        s.apply(action)
        move = view.history[-1][1]
        if self.viewer is None or seat == self.viewer:
            text = action_text(move)
            verb, _, card = text.partition(" ")
            if verb == "play":
                text = f"play {card_label(card, promoted)}"
        else:
            text = public_move(deal.public_history(self.viewer)[-1].split(": ", 1)[1])
        if is_civil(move):
            name = promoted[1] if promoted is not None else "Pam"
            text = f'play {card_text(civil_card(move))}, calling "{name}, be civil"'
        lines = [f"  {mover}: {text}"]
        if self.sides and self.you is not None and text.startswith("give"):
            lines.extend(self._given(seat))
        if len(view.winners) > tricks:
            lines.append(self._trick_line(deal, promoted))
            lines.extend(self._decided(deal))
        if deal.result is None and not s.is_over and deal is s.deal:
            lines.extend(self._sitting_out(seat))
        lines.extend(self._settled(deal))
        return lines

    def _trick_line(self, deal: Deal, promoted: tuple[str, str] | None) -> str:
        view = deal.view
        k = len(view.in_play)
        played = view.played_cards()[-k:]
        w = view.winners[-1]
        if w is None:
            winner = "a tie"
        else:
            who = view.seat_of(w)
            winner = self.name(who) + (" win" if who == self.you else " wins")
            card = next((c for s, c in played if s == who), None)
            if promoted is not None and card is not None and card_text(card) == promoted[0]:
                winner += f" with {promoted[1]}, above every trump"
        cards = ", ".join(f"{self.name(s)} {card_label(card_text(c), promoted)}" for s, c in played)
        return f"  trick {len(view.winners)}: {cards}: {winner}"

    def _given(self, giver: int) -> list[str]:
        """With partners, who plays for the person's side once a card is given in it."""
        if self.you is None:
            return []
        partner = (self.you + 2) % self.session.players
        if giver == partner:
            return ["  your partner gave you a card: you play this deal for your side"]
        if giver == self.you:
            return [f"  you gave {seat_name(partner)} a card: your partner plays this deal"]
        return []

    def _decided(self, deal: Deal) -> list[str]:
        """In a game of challenges (Put), the line saying the deal is decided, once, when a
        side has more tricks than the other could still equal."""
        s = self.session
        view = deal.view
        if not s.rules.challenges.enabled or self.decided_told == s.deals_played:
            return []
        remaining = s.rules.deal.hand_size - len(view.winners)
        if remaining <= 0:
            return []
        won = [0, 0]
        leader = [-1, -1]
        for w in view.winners:
            if w is not None and w >= 0:
                seat = view.seat_of(w)
                won[seat % 2] += 1
                leader[seat % 2] = seat
        ahead = 0 if won[0] > won[1] else 1
        if won[ahead] - won[1 - ahead] <= remaining:
            return []
        self.decided_told = s.deals_played
        seat = leader[ahead]
        has = "have" if seat == self.you else "has"
        tricks = "tricks" if won[ahead] != 1 else "trick"
        return [
            f"  {self.name(seat)} {has} {won[ahead]} {tricks} to {won[1 - ahead]}: the deal is "
            f"decided, whatever the {'last trick' if remaining == 1 else 'tricks left'}"
        ]

    def _sitting_out(self, mover: int) -> list[str]:
        """The line saying that the dealer sits out, once a deal, when the turn passes him."""
        s = self.session
        view = s.deal.view
        dealer = view.dealer
        if self.sat_out_told == s.deals_played or seat_status(view, dealer) != "sits out":
            return []
        n = s.players
        nxt = s.to_move
        if nxt < 0 or nxt >= n or (dealer - mover) % n >= (nxt - mover) % n or mover == dealer:
            return []
        self.sat_out_told = s.deals_played
        return [f"  {self.name(dealer)} (the dealer) sits out: the turn passes to {self.name(nxt)}"]

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
        elif res.ended_by in _OUT_ENDINGS and dealer_sits_out(
            self.session.rules, self.session.players
        ):
            ending = _OUT_ENDINGS[res.ended_by]
        lines = [f"Deal {number} over: {ending}"]
        shown = deal.view.shown if deal is not None else {}
        for seat, cards in sorted(shown.items()):
            shown_cards = [card_text(c) for c in sorted_cards(cards)]
            lines.append(f"  {seat_name(seat)} shows {hand_text(shown_cards)}")
        if res.flush:
            what = "the best card" if res.ended_by == "exposed_single" else "a flush"
            holders = [self.name(s) for s in res.flush]
            one = len(res.flush) == 1 and res.flush[0] != self.you
            lines.append(f"  {' and '.join(holders)} win{'s' * one} with {what}")
        if res.tricks:
            lines.extend(
                wrap(
                    "  tricks: ",
                    [f"{ordinal(i)} {self.name(w)}" for i, w in enumerate(res.tricks, 1)],
                )
            )
        if self.points_game:
            if res.restart:
                self.points = [0] * len(self.points)
                lines.append("  a trick and tie after a put was seen: the game starts anew")
            for seat, p in enumerate(res.points):
                self.points[seat] += p
            lines.append(self._points_line(res))
            return lines
        looed = list(res.looed)
        paid: list[int] = []
        if res.flush:  # who threw up only pays the flush; who stood is looed by it
            paid = [seat for seat in looed if seat not in res.stood]
            looed = [seat for seat in looed if seat in res.stood]
        lines.append(f"  looed: {', '.join(self.name(s) for s in looed) or 'nobody'}")
        if paid:
            lines.append(
                f"  paid the flush without being looed: {', '.join(self.name(s) for s in paid)}"
            )
        lines.extend(
            wrap("  net: ", [f"{self.name(seat)} {signed(n)}" for seat, n in enumerate(res.net)])
        )
        single = "a single" if res.next_single else "not a single"
        lines.append(f"  pool carried: {res.carried}; the next deal is {single}")
        return lines

    def _points_line(self, res: DealResult) -> str:
        """The points a deal scored and the score now: by seat, or by side with partners."""
        if self.sides:
            firsts = [
                seat for seat in range(len(res.points)) if seat < (seat + 2) % len(res.points)
            ]
            scored = [
                f"{self.side_name(s)} {signed(res.points[s])}" for s in firsts if res.points[s]
            ]
            now = ", ".join(f"{self.side_name(s)} {self.points[s]}" for s in firsts)
        else:
            scored = [f"{self.name(s)} {signed(p)}" for s, p in enumerate(res.points) if p]
            now = ", ".join(f"{self.name(s)} {p}" for s, p in enumerate(self.points))
        return f"  points: {', '.join(scored) or 'none'}; points now {now}"

    def closing(self, reason: str) -> list[str]:
        """The last lines: how the game ended (and what is left in the pool), then, last,
        the winner or the standing."""
        s = self.session
        played = f"{s.deals_played} deal{'s' * (s.deals_played != 1)}"
        if reason == "over":
            head = f"Game over after {played}"
        elif reason == "deals":
            head = f"Stopped after {played}, as asked"
        elif reason == "record":
            head = f"The record ends after {played}"
        else:
            head = f"Game abandoned after {played}"
        if s.pool and not self.points_game:
            head += f"; {s.pool} left in the pool"
        lines = [head + "."]
        if any(s.division):
            shares = ", ".join(f"{self.name(seat)} {n}" for seat, n in enumerate(s.division))
            lines.append(f"The pool left, {sum(s.division)}, is divided among all: {shares}.")
        return [*lines, self.standing(reason == "over")]

    def standing(self, over: bool) -> str:
        """The last line: ``Winner: ...`` when the rules ended the game with a winner, else
        ``Standing: ...``, the places best first with the scores (Loo has no winner by the
        rules: the standing is its end).

        >>> import cardrules
        >>> s = cardrules.new_session("three-card-loo", players=3, seed=5, dealer=0)
        >>> Narrator(s, viewer=None, you=2).standing(False)
        'Standing: 1st seat 1 and you (0 each); 3rd seat 0 (-3).'
        """
        s = self.session
        seats = range(s.players)
        if self.sides:
            seats = range(s.players // 2)  # one seat of each side: 0 for 0 and 2, 1 for 1 and 3

        def named(seat: int) -> str:
            return self.side_name(seat) if self.sides else self.name(seat)

        def score(value: int) -> str:
            return str(value) if self.points_game else signed(value)

        if over and s.winner:
            winners = sorted(set(s.winner))
            lead = s.scores[winners[0]]
            if self.sides:
                names = self.side_name(winners[0])
            else:
                names = _and([self.name(w) for w in winners])
            rest = sorted((s.scores[x] for x in seats if x not in winners), reverse=True)
            unit = "points" if self.points_game else "counters"
            to = f" to {', '.join(score(v) for v in rest)}" if rest else ""
            return f"Winner: {names}, with {score(lead)} {unit}{to}."
        places: list[str] = []
        done = 0
        for value in sorted({s.scores[x] for x in seats}, reverse=True):
            group = [x for x in seats if s.scores[x] == value]
            names = (
                " level with ".join(named(x) for x in group)  # sides are named "a and b"
                if self.sides
                else _and([named(x) for x in group])
            )
            each = " each" if len(group) > 1 else ""
            places.append(f"{ordinal(done + 1)} {names} ({score(value)}{each})")
            done += len(group)
        return f"Standing: {'; '.join(places)}."


def _and(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# --------------------------------------------------------------------------- replay


def replay_lines(record: dict[str, Any]) -> list[str]:
    """A recorded game told step by step, every hand shown: the same headings, moves,
    tricks and deal results as the game printed.

    >>> import cardrules
    >>> s = cardrules.new_session("put", seed=4, dealer=1)
    >>> s.apply("throw-up")
    >>> replay_lines(s.record())[-2:]
    ['The record ends after 1 deal.', 'Standing: 1st seat 1 (1); 2nd seat 0 (0).']
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
