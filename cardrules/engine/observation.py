"""What a seat may know: the observation, as texts and as structured data.

:func:`observe` is behind
:meth:`Session.observation <cardrules.engine.session.Session.observation>`.
Besides the texts that people read (``hand``, ``history``, ``trick``...), it carries the same
facts as data for programs: card ids, each seat's status, the public history as
(seat, action id) pairs, the cards each seat has revealed, and the result of a finished deal.

>>> import cardrules
>>> s = cardrules.new_session("five-card-loo", players=4, seed=1, dealer=3)
>>> s.apply("stand")
>>> obs = s.observation(1)
>>> obs["statuses"], obs["public_actions"]
(['stood', 'to declare', 'to declare', 'to declare'], [[0, 0]])
>>> [cardrules.action_text(a) for _, a in obs["public_actions"]]
['stand']
"""

from __future__ import annotations

from typing import Any, Protocol

from cardrules.cards import card_text, sorted_cards
from cardrules.engine.deal import Deal
from cardrules.engine.duties import moment_now, shown_out
from cardrules.engine.phases import OUT, PLAY, STOOD, THREW, UNDECIDED
from cardrules.engine.view import DealView
from cardrules.rules.applies import passes, turn_up_held
from cardrules.rules.model import Finish, OthersVoid, Rules


class Observable(Protocol):
    """What an observation reads of a session (:class:`~cardrules.engine.session.Session`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def deal(self) -> Deal: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def deals_played(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def deal_over(self) -> bool: ...
    @property
    def to_move(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def legal_action_texts(self) -> list[str]: ...


__all__ = ["Observable", "observe", "seat_status"]


def seat_status(view: DealView, seat: int) -> str:
    """A seat's part in the deal, in words: ``to declare``, ``stood``, ``threw up``,
    ``took the miss``, ``exchanged N`` (``exchanged N, to declare`` before standing or
    throwing up), ``plays the miss`` (the dealer for the pool), ``gave`` (a partner who
    passed his card) or ``sits out``."""
    status = view.status[seat]
    exchanged = view.exchanged[seat]
    if status == OUT:
        return "gave" if seat in view.givers else "sits out"
    if status == UNDECIDED:
        return f"exchanged {exchanged}, to declare" if exchanged >= 0 else "to declare"
    if status == THREW:
        return "plays the miss" if view.miss_for_pool and seat == view.dealer else "threw up"
    if view.miss_taker == seat:
        return "took the miss"
    if exchanged >= 0:
        return f"exchanged {exchanged}"
    return "stood" if status == STOOD else status.word


def observe(session: Observable, seat: int) -> dict[str, Any]:
    """Exactly what ``seat`` may know now, as plain data.

    Texts: ``hand``, ``dealt`` (the hand as dealt), ``history``, ``trick``, ``played``,
    ``shown``, ``legal``. Data: ``hand_ids``, ``dealt_ids``, ``statuses`` (see
    :func:`seat_status`), ``exchanged`` (cards each seat exchanged, -1 for none),
    ``public_actions`` ([seat, action id] as ``seat`` sees them), ``revealed`` (per seat,
    the ids of the cards it has shown the table: played or shown as a hand),
    and ``result`` (the finished deal's result, else None); with partners ``partner``,
    under Peel's quick finish that releases the loos ``loos_released`` (nobody is looed
    this deal, 1.1.16), and where the rules offer the call "Pam, be civil" (1.2.8)
    ``civil_calls`` (the tricks, by number from 0, whose leader made it) and
    ``civil_called`` (whether the trick in progress was led with it); with bidding,
    ``bids`` (the tricks each seat bid, -1 for none yet: bids are public); where cards are
    passed before the play, ``pass_to`` (the seat this seat passes to this deal, None when
    nobody passes this deal); where a leader
    must lead trumps once the others have shown they hold none
    (``leads.trump_if_others_void: public``), ``shown_out_of_trumps`` (the seats that have
    shown it, :func:`~cardrules.engine.duties.shown_out`); where the turn-up is the
    dealer's own card, ``turn_up_aside`` (whether he exchanged it, laying it aside face up);
    once the stock has run out and been made up again (``exchange.restock``, D80),
    ``restocks``: for each time, how many ``cards`` were gathered and how many each seat
    ``drawn`` from them.
    """
    d = session.deal
    v = d.view
    n = session.players
    over = session.is_over or session.deal_over
    hand = v.hand(seat)
    revealed: list[list[int]] = [[] for _ in range(n)]
    for player, c in v.played:
        if player < n:
            revealed[player].append(c)
    for s, cards in v.shown.items():
        revealed[s].extend(c for c in cards if c not in revealed[s])
    miss_taker = v.miss_taker
    obs: dict[str, Any] = {
        "seat": seat,
        "players": n,
        "deal_number": session.deals_played - (1 if over and not session.is_over else 0),
        "dealer": v.dealer,
        "phase": "over" if over else v.phase.word,
        "to_move": session.to_move,
        "trump": v.trump_suit,
        "turn_up": v.turnup_text,
        "hand": [card_text(c) for c in sorted_cards(hand)],
        "hand_ids": list(hand),
        "dealt": [card_text(c) for c in sorted_cards(v.dealt_hand(seat))],
        "dealt_ids": list(v.dealt_hand(seat)),
        "hand_sizes": [len(v.hand(s)) for s in range(n)],
        "pool": v.pool,
        "scores": list(session.scores),
        "history": d.public_history(seat),
        "public_actions": [[s, a] for s, a in d.public_actions(seat)],
        "statuses": [seat_status(v, s) for s in range(n)],
        "exchanged": list(v.exchanged),
        "miss": (
            "none"
            if v.miss is None and miss_taker < 0 and not v.miss_for_pool
            else "untaken"
            if v.miss is not None
            else "for the pool"
            if v.miss_for_pool
            else f"taken by {miss_taker}"
        ),
        "stock_size": len(v.stock),
        "trick": [(s, card_text(c)) for s, c in v.trick_so_far()],
        "played": [(s, card_text(c)) for s, c in v.played_cards()],
        "tricks": list(v.tricks_by_seat()),
        "shown": {s: [card_text(c) for c in h] for s, h in v.shown.items()},
        "revealed": revealed,
        "legal": session.legal_action_texts() if session.to_move == seat else [],
        "legal_ids": session.legal_actions() if session.to_move == seat else [],
        "result": v.result.to_json() if v.result is not None else None,
    }
    if v.miss_for_pool and seat == v.dealer and v.phase == PLAY:
        obs["miss_hand"] = [card_text(c) for c in sorted_cards(v.hand(n))]
    if session.rules.partnerships.enabled:
        obs["partner"] = (seat + 2) % n
    if session.rules.session.finish is Finish.RELEASE_LOOS:
        obs["loos_released"] = v.ctx.released
    if v.tables.civil_call:
        obs["civil_calls"] = list(v.calls)
        obs["civil_called"] = v.civil_called
    if passes(session.rules):
        # Where this seat's passed cards go this deal (None: no passing this deal).
        obs["pass_to"] = (seat + v.ctx.pass_to) % n if v.ctx.pass_to else None
    if session.rules.bidding.enabled:
        obs["bids"] = list(v.bids) or [-1] * n  # public, -1 for no bid yet
    if session.rules.leads.trump_if_others_void is OthersVoid.PUBLIC:
        moment = moment_now(d._play, d._cards, -1)
        obs["shown_out_of_trumps"] = [
            s for s in v.in_play if s < n and shown_out(v.tables, moment, s)
        ]
    if v.restocks:
        # The stock made up again when it ran out (D80): how many cards each time, and how
        # many of them each seat drew, seen by all.
        # Each restock's cards were all drawn but those the stock still holds.
        last = len(v.restock_draws) - 1
        obs["restocks"] = [
            {"cards": sum(k) + (len(v.stock) if i == last else 0), "drawn": list(k)}
            for i, k in enumerate(v.restock_draws)
        ]
    if turn_up_held(session.rules):
        # The dealer's own turn-up is seen where it lies: in his hand, played, or laid
        # aside face up when he exchanged it (1.8.4-5).
        obs["turn_up_aside"] = v.turnup in v.discarded
    return obs
