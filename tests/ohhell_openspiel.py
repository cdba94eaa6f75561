"""Oh Hell played move for move beside OpenSpiel's ``oh_hell``: one game driven through
both, the same chance outcomes and the same choices, compared at every decision.

OpenSpiel numbers a card ``rank * num_suits + suit`` with its suits in the order C, D, S, H
and its ranks from the two up (a reduced pack keeps the first suits and the lowest ranks);
a bid of ``b`` is ``num_cards + b``. Its seats are ours; its second chance outcome is the
dealer; then it deals card by card, the j-th card to seat j mod n, and turns one more for
trumps (sources.md 1.7, D61-D63). Our session is in explicit chance mode with the same
dealer, so it asks for the same cards in the same order. With a random number of tricks
(``num_tricks_fixed = -1``, both games' default, ``tricks`` -1 here) OpenSpiel's first
chance outcome is the number, each of 1 to the most the pack holds alike, and ours
(``deal.sizes.vary: random``) is the first chance node of the deal: the harness compares
the two and gives both the same. A fixed number is ``deal.sizes.vary: fixed`` with that
``deal.hand_size``.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel  # type: ignore[import-not-found]

import cardrules
from cardrules.cards import parse_card
from cardrules.engine.actions import BID, PLAY
from cardrules.engine.session import Session
from cardrules.rules.model import Rules

OS_SUITS = "CDSH"
RANKS = "23456789TJQKA"


def os_params(
    players: int, tricks: int, penalty: bool, per_trick: int, suits: int, ranks: int
) -> dict[str, Any]:
    """OpenSpiel's parameters for one configuration."""
    return {
        "players": players,
        "num_tricks_fixed": tricks,
        "off_bid_penalty": penalty,
        "points_per_trick": per_trick,
        "num_suits": suits,
        "num_cards_per_suit": ranks,
    }


def our_rules(
    players: int, tricks: int, penalty: bool, per_trick: int, suits: int, ranks: int
) -> Rules:
    """The oh-hell rule file set to the same configuration (``tricks`` -1: the file's own
    number, drawn at random for each deal from one to the most the pack holds)."""
    overrides: dict[str, Any] = {
        "settlement.contract.missed": "minus_diff" if penalty else "tricks",
        "settlement.contract.per_trick": per_trick,
        "players.max": players,  # one table size, so that any k the pack holds is allowed
        "players.default": players,
    }
    if tricks > 0:
        overrides["deal.sizes.vary"] = "fixed"
        overrides["deal.hand_size"] = tricks
    if suits != 4 or ranks != 13:
        overrides["pack.cards"] = "listed"
        overrides["pack.suits"] = list(OS_SUITS[:suits])
        overrides["pack.ranks"] = list(RANKS[:ranks][::-1])
    return cardrules.load_variant("oh-hell", overrides=overrides)


class Pair:
    """One game in both engines, with the maps between their action ids."""

    def __init__(self, rules: Rules, params: dict[str, Any]) -> None:
        self.game = pyspiel.load_game("oh_hell", params)
        self.rules = rules
        self.suits: int = params["num_suits"]
        self.cards: int = self.suits * params["num_cards_per_suit"]
        self.n: int = params["players"]

    def card(self, os_id: int) -> int:
        """Our card id of an OpenSpiel card id."""
        rank, suit = divmod(os_id, self.suits)
        return parse_card(RANKS[rank] + OS_SUITS[suit])

    def ours(self, os_action: int) -> int:
        """Our action id of an OpenSpiel decision."""
        if os_action >= self.cards:
            return BID + os_action - self.cards
        return PLAY + self.card(os_action)

    def play(self, rng: random.Random) -> int:
        """Play one game to its end with random choices, failing at the first difference;
        the number of decisions compared (a number of tricks drawn at random included)."""
        state = self.game.new_initial_state()
        sizes = state.chance_outcomes()  # the number of tricks: one outcome when fixed
        tricks = rng.choice([k for k, _ in sizes])
        state.apply_action(tricks)
        dealer = rng.randrange(self.n)
        assert [a for a, _ in state.chance_outcomes()] == list(range(self.n))
        state.apply_action(dealer)
        session = Session(
            self.rules, self.n, dealer=dealer, chance="explicit", pause_at_deal_end=True
        )
        node = session.chance_node
        assert node is not None
        if len(sizes) > 1:
            assert node.kind == "size", node
            drawn = session.chance_outcomes()
            assert [k for k, _ in drawn] == [k for k, _ in sizes], "numbers of tricks differ"
            assert all(abs(p - q) < 1e-12 for (_, p), (_, q) in zip(drawn, sizes, strict=True))
            session.apply(tricks)
        else:
            assert node.kind == "deal", node
        while state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            ours = sorted(o for o, _ in session.chance_outcomes())
            assert sorted(self.card(a) for a in outcomes) == ours, "chance outcomes differ"
            a = rng.choice(outcomes)
            state.apply_action(a)
            session.apply(self.card(a))
        assert not session.is_chance_node()
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            assert session.to_move == player, (steps, session.to_move, player, str(state))
            legal = state.legal_actions()
            mine = session.legal_actions()
            assert sorted(self.ours(a) for a in legal) == sorted(mine), (steps, str(state))
            a = rng.choice(legal)
            state.apply_action(a)
            session.apply(self.ours(a))
            steps += 1
        assert session.deal_over and session.last_result is not None
        returns = [float(x) for x in session.last_result.points]
        assert returns == list(state.returns()), (returns, state.returns(), str(state))
        return steps
