"""Hearts played move for move beside OpenSpiel's ``hearts``: one deal driven through both,
the same chance outcomes and the same choices, compared at every node.

OpenSpiel numbers a card ``4 * rank + suit``, its suits in the order C, D, H, S and its
ranks from the two up (``2C`` 0, ``JD`` 37, ``QS`` 43, ``AS`` 51); the same ids serve for
dealing, passing and playing (docs/families.md 1.1.3). One OpenSpiel game is one deal: a
chance node draws the passing direction (0 none, 1 left, 2 across, 3 right), then 52 chance
nodes deal the pack, the j-th card to seat j mod 4 whoever deals; N, E, S, W then pass three
cards each, one action a card, and the holder of ``2C`` leads (1.1.4). Our session is the
bundled ``hearts`` with the house rule ``hearts-openspiel`` in explicit chance mode: its
first chance node is the passing direction, by seat offset (the same numbers), then the
deal's cards, dealt from seat 0 (``deal.start: seat0``) whatever the dealer; a pass is
``GIVE`` + card, a play ``PLAY`` + card.

OpenSpiel's eight boolean parameters map onto overrides of the house rule
(:func:`our_rules`). With ``pass_cards=false`` OpenSpiel's first chance node still lists
four outcomes but only 0 is legal (1.1.4.1, 4.4): the harness draws from the legal actions,
so 0, and our session, which passes no cards, has no such node.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import families_scenarios
import pyspiel  # type: ignore[import-not-found]
from families_scenarios import alike, chunks

import cardrules
from cardrules.cards import card_text, parse_card
from cardrules.engine.actions import GIVE, PLAY
from cardrules.engine.chance import CHANCE
from cardrules.engine.session import Session
from cardrules.engine.space import utility_bounds
from cardrules.rules.model import Rules

#: OpenSpiel's suits in the order of its card ids, and its ranks from the two up.
OS_SUITS = "CDHS"
RANKS = "23456789TJQKA"

#: OpenSpiel's parameters, each with its default (docs/families.md 1.1.2).
DEFAULTS: dict[str, bool] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}
PARAMS = tuple(DEFAULTS)

#: Passes before the play when the direction is not 0: three cards from each of four.
PASSES = 12


def all_configs() -> list[dict[str, bool]]:
    """Every combination of OpenSpiel's eight parameters: 256 of them, the defaults first.

    >>> configs = all_configs()
    >>> len(configs), configs[0] == DEFAULTS, len({config_id(c) for c in configs})
    (256, True, 256)
    """
    out = []
    for flips in itertools.product((False, True), repeat=len(PARAMS)):
        out.append({p: DEFAULTS[p] != flip for p, flip in zip(PARAMS, flips, strict=True)})
    return out


def config_id(params: dict[str, bool]) -> str:
    """A short name for a configuration: the parameters set away from their defaults.

    >>> config_id(DEFAULTS), config_id(DEFAULTS | {"jd_bonus": True, "pass_cards": False})
    ('default', 'no-pass_cards+jd_bonus')
    """
    changed = [p if params[p] else f"no-{p}" for p in PARAMS if params[p] != DEFAULTS[p]]
    return "+".join(changed) or "default"


def our_rules(**os_params: bool) -> Rules:
    """The bundled ``hearts`` with the house rule ``hearts-openspiel``, set to OpenSpiel's
    parameters (each one absent takes OpenSpiel's default): with every default, the house
    rule as it stands.

    >>> our_rules() == cardrules.load_variant("hearts", ["hearts-openspiel"])
    True
    >>> r = our_rules(jd_bonus=True, pass_cards=False)
    >>> dict(r.card_points.values), r.passing.cards
    ({'H': 1, 'JD': -10, 'QS': 13}, 0)
    """
    unknown = set(os_params) - set(DEFAULTS)
    if unknown:
        raise TypeError(f"not a parameter of OpenSpiel's hearts: {sorted(unknown)}")
    p = DEFAULTS | os_params
    overrides: dict[str, Any] = {}
    if not p["pass_cards"]:
        overrides["passing.cards"] = 0
    if not p["no_pts_on_first_trick"]:
        overrides["following.first_trick_barred"] = []
    if p["can_lead_any_club"]:
        overrides["leads.first_card_suit"] = True
    if p["jd_bonus"]:
        overrides["card_points.values"] = {"H": 1, "QS": 13, "JD": -10}
    if p["avoid_all_tricks_bonus"]:
        overrides["card_points.no_trick"] = -5
    if not p["must_break_hearts"]:
        overrides["leads.unbroken"] = None
    if not p["qs_breaks_hearts"]:
        overrides["leads.breakers"] = []
    if p["can_lead_hearts_instead_of_qs"]:
        overrides["leads.unbroken_exempt"] = ["QS"]
    return cardrules.load_variant("hearts", ["hearts-openspiel"], overrides=overrides)


#: Our card id of each OpenSpiel card id.
CARDS = tuple(parse_card(RANKS[i // 4] + OS_SUITS[i % 4]) for i in range(52))


def card(os_id: int) -> int:
    """Our card id of an OpenSpiel card id.

    >>> [card_text(card(i)) for i in (0, 37, 43, 51)]
    ['2C', 'JD', 'QS', 'AS']
    """
    return CARDS[os_id]


def os_card(text: str) -> int:
    """OpenSpiel's id of a card given as text (``QS``: 43).

    >>> os_card("QS"), os_card("2C"), os_card("AH")
    (43, 0, 50)
    """
    return 4 * RANKS.index(text[0]) + OS_SUITS.index(text[1])


@dataclass(frozen=True)
class Decision:
    """One player's decision as both engines saw it: the player, OpenSpiel's legal ids (ours
    were the same), the id chosen and, when recorded, the cards he held (text)."""

    player: int
    legal: tuple[int, ...]
    action: int
    hand: tuple[str, ...] = ()


@dataclass
class Game:
    """A deal played through both engines: our dealer, the passing direction, the cards in
    the order dealt (OpenSpiel ids), every decision, the winner of each trick (ours) and the
    returns (OpenSpiel's, equal to ours)."""

    dealer: int
    direction: int = 0
    dealt: list[int] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    tricks: tuple[int | None, ...] = ()
    returns: list[float] = field(default_factory=list)


#: Chooses among OpenSpiel's legal ids at a node: ``(what, legal)`` with ``what`` one of
#: ``"direction"``, ``"deal"`` or ``"player"``.
Chooser = Callable[[str, list[int]], int]


class Pair:
    """One deal in both engines, with the maps between their ids.

    >>> p = Pair(our_rules(), DEFAULTS)
    >>> game = p.play(random.Random(1))
    >>> len(game.decisions) == 52 + (PASSES if game.direction else 0)
    True
    """

    def __init__(self, rules: Rules, params: dict[str, bool]) -> None:
        self.rules = rules
        self.params = DEFAULTS | params
        self.game = pyspiel.load_game("hearts", self.params)
        self.bounds = utility_bounds(rules, 4)

    def play(self, rng: random.Random, dealer: int | None = None) -> Game:
        """Play one deal to its end with random choices (seeded), our dealer drawn at
        random unless given, failing at the first difference."""
        seat = rng.randrange(4) if dealer is None else dealer
        return self.run(lambda _what, legal: rng.choice(legal), seat)

    def replay(
        self,
        history: Sequence[int],
        dealer: int = 0,
        *,
        hands: bool = True,
        finish: bool = False,
    ) -> Game:
        """Replay OpenSpiel's ``history`` (the direction, 52 cards dealt, the passes and the
        plays) through both engines, each entry legal in OpenSpiel, failing at the first
        difference; with ``hands``, each decision records the player's cards. With
        ``finish`` the history may stop short: the deal is played on to its end, each
        player choosing his lowest legal id."""
        moves = iter(history)

        def scripted(what: str, legal: list[int]) -> int:
            a = next(moves, None)
            if a is None:
                assert finish, f"the history ends before the deal ({what})"
                return legal[0]
            assert a in legal, (what, a, legal)
            return a

        game = self.run(scripted, dealer, hands=hands)
        assert next(moves, None) is None, "the history goes on after the end"
        return game

    def run(self, choose: Chooser, dealer: int, *, hands: bool = False) -> Game:
        """Drive one deal through both engines with ``choose``; compare at every node the
        player to move, the legal actions or the chance outcomes with their probabilities,
        the hands once dealt and once passed, and at the end the returns."""
        state = self.game.new_initial_state()
        s = Session(self.rules, 4, dealer=dealer, chance="explicit", pause_at_deal_end=True)
        out = Game(dealer)
        out.direction = self._direction(state, s, choose)
        for j in range(52):
            assert state.is_chance_node() and s.is_chance_node() and s.to_move == CHANCE, j
            legal = state.legal_actions()
            listed = state.chance_outcomes()
            assert [a for a, _ in listed] == legal, j
            ours = s.chance_outcomes()
            assert sorted(o for o, _ in ours) == sorted(card(a) for a in legal), j
            assert alike(listed, 52 - j) and alike(ours, 52 - j), j
            a = choose("deal", legal)
            state.apply_action(a)
            s.apply(card(a))
            out.dealt.append(a)
        self._same_hands(state, s)
        passes = PASSES if out.direction else 0
        while not state.is_terminal():
            assert not state.is_chance_node() and not s.is_chance_node()
            player = state.current_player()
            step = len(out.decisions)
            assert s.to_move == player, (step, s.to_move, player, str(state))
            kind = GIVE if step < passes else PLAY
            legal = state.legal_actions()
            mine = s.legal_actions()
            assert sorted(kind + card(a) for a in legal) == mine, (step, legal, mine, str(state))
            held = tuple(sorted(state.to_dict()["hands"][player])) if hands else ()
            a = choose("player", legal)
            state.apply_action(a)
            s.apply(kind + card(a))
            out.decisions.append(Decision(player, tuple(legal), a, held))
            if len(out.decisions) == passes:
                self._same_hands(state, s)
        assert len(out.decisions) == passes + 52
        assert s.deal_over and s.to_move == -1 and s.legal_actions() == []
        result = s.last_result
        assert result is not None
        mine_returns = [float(x) for x in result.points]
        out.tricks = result.tricks
        out.returns = list(state.returns())
        assert mine_returns == out.returns, (mine_returns, out.returns, str(state))
        low, high = self.bounds
        assert all(low <= x <= high for x in result.points), (result.points, self.bounds)
        return out

    def _direction(self, state: Any, s: Session, choose: Chooser) -> int:
        """The passing direction: OpenSpiel lists its four outcomes at 1/4 each even when
        only 0 is legal (``pass_cards=false``); our session draws one only when it passes
        cards, from the same four offsets."""
        assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
        assert state.chance_outcomes() == [(d, 0.25) for d in range(4)]
        legal = state.legal_actions()
        node = s.chance_node
        assert node is not None and s.to_move == CHANCE
        if self.params["pass_cards"]:
            assert legal == [0, 1, 2, 3], legal
            assert node.kind == "direction", node
            assert s.chance_outcomes() == [(d, 0.25) for d in range(4)]
        else:
            assert legal == [0], legal
            assert node.kind == "deal", node  # no cards passed: no direction to draw
        d = choose("direction", legal)
        state.apply_action(d)
        if node.kind == "direction":
            s.apply(d)
        return d

    @staticmethod
    def _same_hands(state: Any, s: Session) -> None:
        """Each seat holds the same cards in both engines."""
        theirs = [sorted(h) for h in state.to_dict()["hands"]]
        mine = [sorted(card_text(c) for c in s.hand(p)) for p in range(4)]
        assert mine == theirs, (mine, theirs)


def moon_shooter(game: Game) -> int | None:
    """The player who took every trick holding a heart or ``QS``, if one did (the moon,
    docs/families.md 1.1.8), else None.

    >>> moon_shooter(Game(0, decisions=[Decision(0, (2,), 2)] * 52, tricks=(1,) * 13))
    1
    """
    plays = [d.action for d in game.decisions[-52:]]
    takers = {
        w
        for w, trick in zip(game.tricks, chunks(plays, 4), strict=True)
        if any(a % 4 == 2 or a == os_card("QS") for a in trick)
    }
    return takers.pop() if len(takers) == 1 else None


def canonical_deal(hands: Sequence[Sequence[str]]) -> list[int]:
    """The order of the deal's chance outcomes that gives N, E, S, W these hands
    (:func:`families_scenarios.canonical_deal` with this game's card ids)."""
    return families_scenarios.canonical_deal(hands, os_card)
