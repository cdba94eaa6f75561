"""The trick-playing phase: the cards each player may play in turn, the calls and challenges
open as he plays, and who takes each trick (1.1.10-1.1.13, 1.2.7-1.2.8, 1.5.4-1.5.6).

:func:`playable_cards` is the one statement of which cards may go: the lead and follow
duties compiled into the deal's tables (:mod:`~cardrules.engine.tricks`), a call "Pam, be
civil" binding the followers, and the rules' further duties (:mod:`~cardrules.engine.duties`).
:func:`legal_play` and :func:`apply_play` are the phase's pair in the deal's phase table.

>>> import cardrules
>>> s = cardrules.new_session("put", seed=3, dealer=1)
>>> offer = legal_play(s.deal)
>>> offer.legal() == s.legal_actions(), list(offer.cards) == playable_cards(s.deal)
(True, True)
"""

from __future__ import annotations

from cardrules.engine import actions as A
from cardrules.engine.challenging import challenge_words, concede, decide_after_first_trick, put
from cardrules.engine.duties import moment_now
from cardrules.engine.offer import Offer
from cardrules.engine.settlement import settle_play
from cardrules.engine.state import DealState
from cardrules.engine.transitions import finish
from cardrules.engine.view import DealView

__all__ = ["apply_play", "legal_play", "playable_cards"]


def playable_cards(deal: DealState) -> list[int]:
    """The cards the player to move may play to the trick (the hand itself when any card
    may go): read it, never change it."""
    play = deal._play
    player = play.in_play[play.turn_pos]
    hand = deal._cards.hands[player]
    trick = play.cards
    trump = deal._cards.trump
    tb = deal._tables
    if trick:
        if play.calls and play.calls[-1] == play.trick_no:  # "Pam, be civil" (1.2.8)
            cards = tb.called_follow(hand, trump, trick, play.best)
        else:
            cards = tb.follow(hand, trump, trick, play.best)
    else:
        won_last = bool(play.winners) and play.winners[-1] == player
        cards = tb.lead(hand, trump, play.trick_no, won_last, deal._cards.turnup)
    if tb.duty is None:
        return cards
    return tb.duty(hand, cards, moment_now(play, deal._cards, player))


def legal_play(deal: DealState) -> Offer:
    """The play phase's legal actions, by kind: the challenges open (a
    throw-up, a put), a leader's call "Pam, be civil", then the cards he may play."""
    cards = playable_cards(deal)
    words = challenge_words(deal) if deal.rules.challenges.enabled else []
    if deal._tables.civil_call and not deal._play.cards:
        words = words + deal._tables.civil_lead(deal._cards.trump, cards)
    return Offer(deal.to_move, words, A.PLAY, cards)


def apply_play(deal: DealState, action: int) -> None:
    """The player to move plays a card, leads the ace of trumps calling "Pam, be civil",
    throws up or says "I put"."""
    if action >= A.PLAY:
        play_card(deal, action - A.PLAY)
    elif A.is_civil(action):  # he leads the ace of trumps and says "Pam, be civil" (1.2.8)
        deal._play.calls.append(deal._play.trick_no)
        play_card(deal, A.civil_card(action))
    elif action == A.THROW_UP:
        concede(deal, deal.to_move)
    elif action == A.PUT:
        put(deal, deal.to_move)
    else:  # pragma: no cover - the legal actions of the play phase are listed above
        raise AssertionError(f"no play-phase action {action}")


def play_card(deal: DealState, card: int) -> None:
    """The player to move plays ``card`` to the trick; the best card so far is kept (a tie
    noted, where equal cards tie); after the last player the trick ends."""
    play = deal._play
    pos = play.turn_pos
    player = play.in_play[pos]
    deal._cards.hands[player].remove(card)
    trick = play.cards
    trick.append(card)
    play.played.append((player, card))
    if len(trick) == 1:
        play.best, play.best_pos, play.tied = card, pos, False
    else:
        verdict = deal._tables.verdicts[deal._cards.trump][play.best * 52 + card]
        if verdict > 0:
            play.best, play.best_pos, play.tied = card, pos, False
        elif verdict == 0:
            play.tied = True
    players = len(play.in_play)
    if len(trick) < players:
        play.turn_pos = (pos + 1) % players
        deal.to_move = play.actors[play.turn_pos]
    else:
        _end_trick(deal)


def _end_trick(deal: DealState) -> None:
    """The trick goes to its best card's player (to nobody when tied), who leads next;
    after the last trick the deal is settled, and after the first one the elder may have
    to decide whether to put."""
    play = deal._play
    if play.tied:
        play.winners.append(None)
    else:
        winner = play.in_play[play.best_pos]
        play.won[winner] += 1
        play.winners.append(winner)
        play.lead_pos = play.best_pos
    play.cards = []
    play.trick_no += 1
    play.turn_pos = play.lead_pos
    if play.trick_no == deal.rules.deal.hand_size:
        finish(deal, settle_play(DealView(deal)))
    elif not decide_after_first_trick(deal):
        deal.to_move = play.actors[play.turn_pos]
