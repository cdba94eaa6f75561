"""The cardrules games in OpenSpiel: a Python game ``python_cardrules`` for ``pyspiel``.

Importing this module registers the game; then any bundled game (or a rule file), with
house rules and a table size, loads as an OpenSpiel game. One OpenSpiel game is one deal:
the cut for the dealer, the number of cards each where the rules draw it (as ``oh-hell``
does), every card dealt and every card drawn for an exchange are chance nodes (the
session's explicit chance mode, :mod:`cardrules.engine.chance`), the players'
actions are the compact action space of :mod:`cardrules.engine.space`, and the returns
are the deal's net counters (points in a points race such as Put).

>>> import pyspiel
>>> import cardrules.openspiel
>>> game = pyspiel.load_game("python_cardrules", {"variant": "put"})
>>> game.num_players(), game.max_chance_outcomes()
(2, 52)
>>> game.num_distinct_actions()  # throw-up, put, see, refuse and 52 plays
56
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()
(True, [(0, 0.5), (1, 0.5)])

The parameters are ``variant`` (a bundled game's name or a rule file's path),
``house_rules`` (names joined by ``+``; a comma works too in a dict of parameters, but not
inside a game string, which OpenSpiel splits at commas) and ``players`` (0: the game's
usual table).

Serialising: OpenSpiel writes a Python game's state as a pickle of its attributes; this
game's state has one attribute, whose pickled form is the session's JSON text
(:meth:`Session.to_json <cardrules.engine.session.Session.to_json>`) read back by
:meth:`Session.from_json <cardrules.engine.session.Session.from_json>` under the game's
rules. Like any pickle, a serialised OpenSpiel state should come only from someone
trusted; :meth:`CardRulesState.to_json` and :meth:`CardRulesGame.state_from_json` carry a
state as plain JSON, checked as it is read.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from cardrules.cards import card_text
from cardrules.engine.actions import action_text
from cardrules.engine.chance import outcome_text
from cardrules.engine.encoding import Encoder
from cardrules.engine.handsize import varies
from cardrules.engine.restock import may_restock
from cardrules.engine.rulesdata import rules_hash
from cardrules.engine.sampling import determinize
from cardrules.engine.session import Session
from cardrules.engine.space import ActionSpace, action_space, max_game_length, utility_bounds
from cardrules.errors import ArgumentValueError
from cardrules.rules.loader import load_variant
from cardrules.rules.model import Rules

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "CardRulesGame",
    "CardRulesObserver",
    "CardRulesState",
    "ismcts_versus_random",
    "resampler",
]

#: The name the game is registered under.
SHORT_NAME = "python_cardrules"

#: The most players of any game (three-card loo with a full pack: 16).
_MAX_PLAYERS = 16

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="cardrules: Loo, Pam, Put and their house rules",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "three-card-loo", "house_rules": "", "players": 0},
)


def _house_rules(text: str) -> tuple[str, ...]:
    """House rule names from a parameter: joined by ``+`` (or commas)."""
    return tuple(n.strip() for n in text.replace(",", "+").split("+") if n.strip())


@functools.lru_cache(maxsize=64)
def _rules(variant: str, house: tuple[str, ...]) -> Rules:
    """The rules of a game, loaded once a process: OpenSpiel loads a game again from its
    string each time it deserialises a state."""
    return load_variant(variant, house_rules=house)


class _Position:
    """A state's session, shared with its clones until one of them changes it.

    A clone of a state (OpenSpiel deep-copies the state's attributes) gets this same
    object, marked shared; whichever state then applies an action first gives itself a
    copy of the session (:meth:`CardRulesState._own`). It pickles as the session's JSON
    text (OpenSpiel serialises a Python state by pickling its attributes): nothing of the
    session's internals is pickled."""

    __slots__ = ("session", "shared", "space")

    def __init__(self, session: Session, shared: bool, space: ActionSpace | None = None) -> None:
        self.session = session
        self.shared = shared
        self.space = space or action_space(session.rules, session.players)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        self.shared = True
        return self  # its own copy: shared, so copied on the first write

    def __reduce__(self) -> tuple[Any, ...]:
        return (_position_from_json, (json.dumps(self.session.to_json()),))


#: The rules of every game made here, by their hash: a serialised state is read back under
#: the rules of the game that made it.
_RULES: dict[str, Rules] = {}


def _position_from_json(text: str) -> _Position:
    """Read a :class:`_Position` back from its JSON text (see ``__reduce__``)."""
    data = json.loads(text)
    rules = _RULES.get(str(data.get("rules_hash"))) if isinstance(data, dict) else None
    return _Position(Session.from_json(data, rules), False)


class CardRulesGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a cardrules game as an OpenSpiel game (see the module's text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(GAME_TYPE.parameter_specification) | dict(params or {})
        variant = str(params["variant"])
        house = _house_rules(str(params["house_rules"]))
        rules = _rules(variant, house)
        players = int(params["players"]) or rules.players.default
        space = action_space(rules, players)  # checks the table size
        low, high = utility_bounds(rules, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=max_game_length(rules, players),
        )
        # The game string must load again: house rules joined by "+", never a comma.
        params = {"variant": variant, "house_rules": "+".join(house), "players": players}
        super().__init__(GAME_TYPE, info, params)
        self.rules = rules
        self.players = players
        self.space = space
        _RULES[rules_hash(rules)] = rules
        self._start = Session(rules, players, chance="explicit", pause_at_deal_end=True)
        self._start_position = _Position(self._start, True, space)  # never changed: shared

    def new_initial_state(self) -> CardRulesState:
        """The start of a deal: the cut for the dealer, a chance node."""
        return CardRulesState(self, self._start_position)

    def state_for(self, session: Session) -> CardRulesState:
        """A state of this game holding ``session`` (an explicit-chance session of the
        game's rules and table, pausing at the deal's end); its OpenSpiel history is
        empty."""
        if session.rules != self.rules or session.players != self.players:
            raise ArgumentValueError("the session is not of this game's rules and table")
        if session.chance_mode != "explicit" or not session.pause_at_deal_end:
            raise ArgumentValueError(
                "the session must deal by explicit chance and pause at the deal's end"
            )
        return CardRulesState(self, _Position(session, False, self.space))

    def state_from_json(self, data: Any) -> CardRulesState:
        """A state from :meth:`CardRulesState.to_json` output, checked as
        :meth:`Session.from_json` checks a position (its OpenSpiel history is empty)."""
        return self.state_for(Session.from_json(data, self.rules))

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes of one deal: the cut, the number of cards when the rules
        draw it (``deal.sizes.vary: random``), then one per card dealt or drawn (at most
        the pack, and where the stock is restocked when it runs out, a hand more for each
        player)."""
        start = self._start
        pack = len(start.tables.pack)
        more = 0
        if may_restock(self.rules, start.players, pack):
            more = start.players * self.rules.deal.hand_size
        return 1 + varies(self.rules) + pack + more

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardRulesObserver:
        """An observer: the information state (perfect recall) or the observation."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return CardRulesObserver(self, iig_obs_type, params)


class CardRulesState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress, held as an explicit-chance :class:`Session`."""

    def __init__(self, game: CardRulesGame, position: _Position) -> None:
        super().__init__(game)
        self._pos = position

    def _own(self) -> Session:
        """The session, to be changed: first copied if another state shares it."""
        pos = self._pos
        if pos.shared:
            pos = self._pos = _Position(pos.session.clone(), False, pos.space)
        return pos.session

    @property
    def session(self) -> Session:
        """The session (read it; do not change it: apply actions to the state)."""
        return self._pos.session

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` or ``TERMINAL``."""
        s = self._pos.session
        if s.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        if s.deal_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return s.to_move

    def _hand(self) -> list[int]:
        s = self._pos.session
        return s.hand(s.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        """The compact indices of the legal actions, sorted."""
        pos = self._pos
        return pos.space.indices(self._hand(), pos.session.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node: card ids (a seat for the cut, a number of
        cards for the size of a deal)."""
        return self._pos.session.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        s = self._own()
        if s.is_chance_node():
            s.apply_chance(int(action))
        else:
            s.apply(self._pos.space.from_compact(self._hand(), int(action), s.deal.trump))

    def _action_to_string(self, player: int, action: int) -> str:
        s = self._pos.session
        node = s.chance_node
        if player == pyspiel.PlayerId.CHANCE and node is not None:
            return outcome_text(node, int(action))
        if s.to_move != player:
            return f"action {action}"
        return action_text(self._pos.space.from_compact(self._hand(), int(action), s.deal.trump))

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        return self._pos.session.deal_over

    def returns(self) -> list[float]:
        """The deal's net counters (points in a points race), 0 before its end."""
        s = self._pos.session
        res = s.last_result
        if not s.deal_over or res is None:
            return [0.0] * s.players
        points = res.points or (0,) * s.players
        return [float(a + b) for a, b in zip(res.net, points, strict=True)]

    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[[], float]
    ) -> CardRulesState:
        """A state ``player`` cannot tell from this one, its hidden cards dealt afresh by
        the public sampler (:func:`~cardrules.engine.sampling.determinize`), from a
        generator seeded by a draw of ``probability_sampler`` (OpenSpiel's ISMCTS bot calls
        this when no resampler is set)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        game = self.get_game()
        return game.state_for(determinize(self.session, player, rng))  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        """The state as the session's JSON (:meth:`Session.to_json`)."""
        return self._pos.session.to_json()

    def __str__(self) -> str:
        """The whole position (the session's state without its unused generator)."""
        state = self._pos.session.state()
        del state["rng"]
        return json.dumps(state, separators=(",", ":"))


class CardRulesObserver:
    """What a seat knows, as a string and as a tensor (OpenSpiel's Python observer).

    With perfect recall, the information state: the seat's observation with the whole
    history of the deal as it saw it; without, the observation of the present. Tensors are
    :class:`~cardrules.engine.encoding.Encoder` encodings (with or without recall); ``dict``
    holds a view of each of its sections.
    """

    def __init__(self, game: CardRulesGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        private = iig_obs_type.private_info
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only a seat's own view is supported (private info of one player)")
        self.recall = bool(iig_obs_type.perfect_recall)
        self.encoder = Encoder(game.rules, game.players, recall=self.recall)
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {
            name: self.tensor[offset : offset + length]
            for name, offset, length in self.encoder.sections
        }

    def set_from(self, state: CardRulesState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor`."""
        s = state.session
        if s.is_chance_node() and s.chance_node is not None and s.chance_node.kind != "draw":
            # The cards are being dealt: only those dealt to the seat so far are known.
            self.tensor.fill(0)
            pack = s.tables.pack
            for c in s.hand(player):
                self.tensor[pack.index(c)] = 1
            return
        self.encoder.encode(s, player, self.tensor)

    def string_from(self, state: CardRulesState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        s = state.session
        node = s.chance_node
        if node is not None and node.kind != "draw":
            return f"seat {player}, being dealt: {' '.join(card_text(c) for c in s.hand(player))}"
        obs = s.observation(player)
        if not self.recall:
            for key in ("history", "public_actions", "dealt", "dealt_ids"):
                del obs[key]
        return json.dumps(obs, separators=(",", ":"))


def resampler(seed: int) -> Callable[[CardRulesState, int], CardRulesState]:
    """A resampler for OpenSpiel's ISMCTS bot (``bot.set_resampler``): a state that
    ``player`` cannot tell from the real one, its hidden cards dealt afresh by the public
    sampler (:func:`~cardrules.engine.sampling.determinize`), seeded by ``seed``."""
    rng = random.Random(seed)

    def resample(state: CardRulesState, player: int) -> CardRulesState:
        game = state.get_game()
        return game.state_for(determinize(state.session, player, rng))  # type: ignore[no-any-return]

    return resample


def _play_deal(game: CardRulesGame, seat: int, seed: int, bot: Any | None) -> float:
    """One deal: ``seat`` played by ``bot`` (random when None), the others at random, chance
    by its odds from a generator seeded by ``seed`` (so the same seed deals the same cards).
    The seat's return."""
    chance = random.Random(seed)
    others = random.Random(seed + 1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, probs)[0])
        elif state.current_player() == seat and bot is not None:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(others.choice(state.legal_actions()))
    return float(state.returns()[seat])


def ismcts_versus_random(
    variant: str = "three-card-loo",
    players: int = 3,
    deals: int = 100,
    seed: int = 0,
    simulations: int = 100,
    house_rules: str = "",
) -> dict[str, float]:
    """A seeded match: OpenSpiel's ISMCTS bot (random rollouts, resampling through
    :func:`resampler`) against random play. Deal ``i`` is played twice with the same cards,
    seat ``i % players`` taken once by ISMCTS and once by a random player, the other
    seats random; the mean return of that seat each way, and the difference with its
    standard error.

    >>> r = ismcts_versus_random("put", 2, deals=2, simulations=5)
    >>> sorted(r)
    ['deals', 'difference', 'ismcts', 'random', 'standard_error']
    """
    # Imported here: OpenSpiel's Python algorithms are needed only for this match.
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game(
        SHORT_NAME, {"variant": variant, "players": players, "house_rules": house_rules}
    )
    gaps = []
    bot_total = random_total = 0.0
    for i in range(deals):
        deal_seed = seed * 1_000_003 + i
        seat = i % game.num_players()
        rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(deal_seed))
        bot = ismcts.ISMCTSBot(
            game, rollouts, 2.0, simulations, random_state=np.random.RandomState(deal_seed)
        )
        bot.set_resampler(resampler(deal_seed))
        with_bot = _play_deal(game, seat, deal_seed, bot)
        without = _play_deal(game, seat, deal_seed, None)
        bot_total += with_bot
        random_total += without
        gaps.append(with_bot - without)
    mean = sum(gaps) / deals
    var = sum((g - mean) ** 2 for g in gaps) / max(1, deals - 1)
    return {
        "deals": deals,
        "ismcts": bot_total / deals,
        "random": random_total / deals,
        "difference": mean,
        "standard_error": (var / deals) ** 0.5,
    }


pyspiel.register_game(GAME_TYPE, CardRulesGame)
