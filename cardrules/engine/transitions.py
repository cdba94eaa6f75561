"""How a deal moves on between its phases: from the declarations to the play, a flush shown,
the end.

Each phase module (:mod:`~cardrules.engine.declaring`, :mod:`~cardrules.engine.partnering`,
:mod:`~cardrules.engine.passing`, :mod:`~cardrules.engine.playing`,
:mod:`~cardrules.engine.challenges`, :mod:`~cardrules.engine.bidding`) changes its own parts
of the state and calls these where the deal leaves its phase: :func:`after_declarations`
opens the play (or ends a deal nobody plays), :func:`flush_shown` and :func:`settle_flush`
end a deal on a flush, :func:`finish` ends it with its result.

>>> import cardrules
>>> s = cardrules.new_session("three-card-loo", players=3, seed=4, pause_at_deal_end=True)
>>> while not s.deal_over:
...     s.apply(s.legal_actions()[0])
>>> s.deal.phase.word, s.deal.to_move, s.deal.result is s.last_result
('over', -1, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.engine.bidding import open_bidding
from cardrules.engine.phases import OVER, PLAY, STOOD, UNDECIDED
from cardrules.engine.result import DealResult
from cardrules.engine.settlement import flush_holders, pool_to, settle_flush
from cardrules.engine.state import DealState
from cardrules.engine.view import DealView
from cardrules.rules.applies import flushes_count, partnerships_play
from cardrules.rules.model import FirstLeader

__all__ = [
    "actor",
    "after_declarations",
    "discard",
    "finish",
    "flush_shown",
    "settle_flush_of",
    "stand_all",
]


def finish(deal: DealState, result: DealResult) -> None:
    """End ``deal`` with ``result``: nobody is to move."""
    deal.result = result
    deal.phase = OVER
    deal.to_move = -1


def discard(deal: DealState, seat: int, cards: Sequence[int]) -> None:
    """Lay ``cards`` of ``seat`` aside, face down (an exchange, a hand given up)."""
    deal._cards.discarded.extend(cards)
    deal._cards.discard_owner.extend([seat] * len(cards))


def actor(deal: DealState, player: int) -> int:
    """The seat that acts for ``player`` in the play: the dealer for the miss played for
    the pool (player ``n``), else the player himself."""
    return deal.dealer if player == deal._n else player


def stand_all(deal: DealState) -> None:
    """Every seat of ``deal`` yet to declare stands (those who sit out, gave their cards or
    declared already keep their status)."""
    status = deal._decl.status
    for s in deal._order:
        if status[s] == UNDECIDED:
            status[s] = STOOD


def settle_flush_of(deal: DealState, candidates: list[int]) -> None:
    """The flushes among ``candidates`` are shown (each holder's hand laid open) and paid:
    the deal ends."""
    shown = deal._cards.shown
    view = DealView(deal)
    for s in flush_holders(view, candidates):
        shown[s] = list(deal._cards.hands[s])
    finish(deal, settle_flush(view, candidates))


def flush_shown(deal: DealState, seat: int) -> bool:
    """Show a flush ``seat`` holds (the dealer left alone; a flush exchanged into, at once
    [S001]): those yet to declare may not throw up (D33). Whether it ended the deal."""
    if not flushes_count(deal.rules) or not flush_holders(DealView(deal), [seat]):
        return False
    deal._decl.status[seat] = STOOD
    stand_all(deal)
    settle_flush_of(deal, [s for s in deal._order if deal._decl.status[s] == STOOD])
    return True


def after_declarations(deal: DealState) -> None:
    """Everybody has declared: a flush among the standers is shown where the rules show it
    then; a deal that nobody (or one player alone, without challenges) plays ends; else the
    play opens (with the bids, where there are bids) and its first leader is to move."""
    rules = deal.rules
    cards = deal._cards
    status = deal._decl.status
    in_game = [s for s in deal._order if status[s] == STOOD]  # in the order of play
    if deal._tables.flush_after_declarations and flush_holders(DealView(deal), in_game):
        settle_flush_of(deal, in_game)
        return
    players = in_game
    if deal._decl.miss_for_pool:
        # The miss plays in the dealer's place, for the pool (1.1.8.2).
        players.append(deal._n)
        cards.hands[deal._n] = cards.miss or []
        cards.miss = None
    if not players:
        finish(deal, pool_to(DealView(deal), [], "all_pass"))
        return
    if len(players) == 1 and not rules.challenges.enabled:
        finish(deal, pool_to(DealView(deal), players, "unopposed"))
        return
    if partnerships_play(rules):
        # The receiver on the non-dealer's side leads (1.6.4): his side comes first.
        elder_side = deal._order[0] % 2
        players.sort(key=lambda p: p % 2 != elder_side)
    play = deal._play
    play.in_play = players
    play.actors = [actor(deal, p) for p in players]
    lead = 0
    if rules.leads.first_leader == FirstLeader.MISS_HOLDER and deal._decl.miss_taker in players:
        lead = players.index(deal._decl.miss_taker)
    first = deal._tables.first_card
    if first >= 0:  # its holder leads, whoever deals (2C)
        lead = next((i for i, p in enumerate(players) if first in cards.hands[p]), lead)
    play.lead_pos = play.turn_pos = lead
    deal.phase = PLAY
    deal.to_move = play.actors[lead]
    if rules.bidding.enabled:
        open_bidding(deal)  # the bids come first, then the same leader leads
