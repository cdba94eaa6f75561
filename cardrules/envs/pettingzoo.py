"""Every game as a PettingZoo AEC environment (the ``pettingzoo`` extra).

:func:`env` returns the environment wrapped as PettingZoo's classic games are (the call
order enforced; an illegal action ends the episode with ``illegal_reward`` to its mover;
an action outside the space is refused); :class:`raw_env` is the bare one, which by
default raises on an illegal action and changes nothing.

- Agents are ``player_0`` ... ``player_{n-1}``, the seats; the agent to act is the
  engine's seat to move.
- Actions: ``Discrete(action_space_size)``, the compact numbering of
  :mod:`cardrules.engine.space`.
- Observations: a dict of ``observation``, a float32 ``Box`` written by
  :class:`~cardrules.engine.encoding.Encoder` (an information state with perfect recall;
  ``recall=False`` for the present only), and ``action_mask``, an int8 ``Box`` of 0/1
  (all 0 for an agent not to move). The observation is a new array each time; the mask
  is read-only, one array for each set of legal actions, shared by the observations
  that have it (copy it to change it).
- Rewards: when a deal ends, each seat's net counters from it (points in a points race):
  exactly its :class:`~cardrules.engine.result.DealResult`. Nothing before.
- Episodes: one deal (``episode="deal"``, the default) or a whole session
  (``episode="session"``). ``reset(seed=s)`` opens a session seeded ``s``
  (``cardrules.new_session(..., seed=s)`` deals the same cards); in deal episodes,
  ``reset()`` without a seed goes on to the session's next deal, the pool and scores
  carried (a new session, seeded from the last seed, once it has ended or when its deal
  was left unfinished). Deals that end
  as they are dealt ask no decision: they are skipped, and in session episodes their
  rewards come with the next step's.
- ``render_mode="ansi"``: :meth:`raw_env.render` returns the deal's new actions in words.

>>> from cardrules.envs.pettingzoo import env
>>> e = env("three-card-loo", players=4)
>>> e.reset(seed=7)
>>> obs, reward, termination, truncation, info = e.last()
>>> e.agent_selection, int(obs["action_mask"].sum()), int(e.action_space("player_0").n)
('player_2', 3, 56)
>>> while not all(e.terminations.values()):
...     e.step(int(e.last()[0]["action_mask"].argmax()))
>>> s = e.unwrapped.session
>>> [e.rewards[f"player_{i}"] for i in range(4)] == list(s.last_result.net)
True
>>> sum(e.rewards.values()) + s.pool  # what the seats lost is in the pool carried
0.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from cardrules.engine.actions import EXCHANGE, action_text
from cardrules.engine.session import Session
from cardrules.envs.table import (
    EPISODES,
    RENDER_MODES,
    Table,
    compact_index,
    deal_rewards,
    engine_action,
    render_ansi,
)
from cardrules.errors import ArgumentValueError, IllegalActionError
from cardrules.rules.model import Rules

__all__ = ["RENDER_MODES", "OrderEnforcing", "env", "raw_env"]

#: The render modes: ``ansi``, the deal told in words.


def env(
    variant: str | Rules = "three-card-loo",
    house_rules: Sequence[str] = (),
    players: int | None = None,
    render_mode: str | None = None,
    *,
    illegal_reward: float = -1.0,
    **options: Any,
) -> Any:
    """The AEC environment of a game, in PettingZoo's ``OrderEnforcingWrapper``: an
    illegal action ends the episode, its mover given ``illegal_reward`` (as PettingZoo's
    ``TerminateIllegalWrapper`` does for its classic games; the bare environment does it
    itself, which saves two wrappers' cost on every step).

    ``options``: ``episode`` (``"deal"`` or ``"session"``), ``recall`` (True), and any
    keyword of :func:`cardrules.new_session` (``pool``, ``scores``, ``dealer``...).
    """
    e = raw_env(
        variant, house_rules, players, render_mode, illegal_reward=illegal_reward, **options
    )
    return OrderEnforcing(e)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with its hottest paths made direct: ``step``,
    ``last`` and the agent, rewards, terminations, truncations and infos go straight to
    the bare environment once it has been reset (before, they fail as the wrapper's do)."""

    def step(self, action: Any) -> None:
        """Step the bare environment (refused before a reset, warned after the end)."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # the wrapper's own error or warning

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation, reward, termination, truncation and info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        last: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return last

    @property
    def agent_selection(self) -> str:
        """The agent to act."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    @property
    def agents(self) -> list[str]:
        """The agents still in the episode."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def rewards(self) -> dict[str, float]:
        """The rewards of the last step."""
        if not self._has_reset:
            raise AttributeError("rewards cannot be accessed before reset")
        rewards: dict[str, float] = self.env.rewards
        return rewards

    @property
    def terminations(self) -> dict[str, bool]:
        """Which agents' episodes have ended."""
        if not self._has_reset:
            raise AttributeError("terminations cannot be accessed before reset")
        terminations: dict[str, bool] = self.env.terminations
        return terminations

    @property
    def truncations(self) -> dict[str, bool]:
        """Which agents' episodes were cut short (never, here)."""
        if not self._has_reset:
            raise AttributeError("truncations cannot be accessed before reset")
        truncations: dict[str, bool] = self.env.truncations
        return truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info."""
        if not self._has_reset:
            raise AttributeError("infos cannot be accessed before reset")
        infos: dict[str, dict[str, Any]] = self.env.infos
        return infos


class raw_env(AECEnv):  # type: ignore[misc]
    """A game of cardrules as a bare AEC environment (see the module's text)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "cardrules_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        variant: str | Rules = "three-card-loo",
        house_rules: Sequence[str] = (),
        players: int | None = None,
        render_mode: str | None = None,
        *,
        episode: str = "deal",
        recall: bool = True,
        illegal_reward: float | None = None,
        **session_options: Any,
    ) -> None:
        super().__init__()
        self.illegal_reward = illegal_reward
        if episode not in EPISODES:
            raise ArgumentValueError(f"episode: expected one of {EPISODES}, got {episode!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ArgumentValueError(
                f"render_mode: expected None, 'ansi' or 'human', got {render_mode!r}"
            )
        self.table = Table(variant, house_rules, players, recall=recall, **session_options)
        self.episode = episode
        self.render_mode = render_mode
        n = self.table.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        enc = self.table.encoder
        low, high = enc.bounds()
        big = float(np.finfo(np.float32).max)
        box = spaces.Box(
            low=np.array([-big if x is None else x for x in low], dtype=np.float32),
            high=np.array([big if x is None else x for x in high], dtype=np.float32),
            dtype=np.float32,
        )
        size = self.table.space.size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeder = random.Random()
        self.session: Session | None = None
        self._narrated: int | None = None
        self._pending: tuple[int, ...] = ()
        self._rewarded = False  # whether the rewards of the last step are not all 0
        self._space = self.table.space
        self._encoder = self.table.encoder
        #: The encoding, written in place as signed bytes (the counters that fit in one
        #: included), and the numpy view of them.
        self._bits = bytearray(self._encoder.size)
        self._bits_view = np.frombuffer(self._bits, dtype=np.int8)
        #: The action masks met so far, by their legal actions (and the hand, when
        #: exchanges are among them): each observation gets a copy of one.
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        self._no_mask = np.zeros(size, dtype=np.int8)
        self._no_mask.flags.writeable = False
        #: The engine id of each compact index before the exchanges, but for the call
        #: "Pam, be civil" (its id names the trumps).
        space = self._space
        self._simple = space.exchange if space.exchange >= 0 else size
        self._civil = space.civil
        self._ids = [
            -1 if i == space.civil else space.from_compact([], i) for i in range(self._simple)
        ]

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episodes

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Begin an episode: a new session seeded ``seed``, or (in deal episodes, without
        a seed) the session's next deal."""
        s = self.session
        if seed is not None:
            self._seeder = random.Random(seed)
            s = self.table.open(seed)
        elif s is None or self.episode == "session" or not s.deal_over:
            s = self.table.open(self._seeder.randrange(1 << 62))
        elif not s.is_over:
            s.next_deal()
        self._pending = ()
        if self.episode == "session":
            s = self._skip_dealt_over(s)
        self.session = s = self.table.playable(s, self._seeder)
        self._narrated = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[s.to_move]

    def _skip_dealt_over(self, s: Session) -> Session:
        """In a session episode, deals that end as dealt before the first decision: their
        rewards are kept for the first step."""
        gains = [0] * self.table.players
        while s.deal_over and not s.is_over:
            res = s.last_result
            assert res is not None
            gains = [g + r for g, r in zip(gains, deal_rewards(res), strict=True)]
            s.next_deal()
        if s.is_over:  # a session that ended before any decision: open another
            return self._skip_dealt_over(self.table.open(self._seeder.randrange(1 << 62)))
        self._pending = tuple(gains) if any(gains) else ()
        return s

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation, reward, termination, truncation and info."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def action_name(self, index: int) -> str:
        """Compact ``index`` in words for the agent to move now, cards named (``play QH``,
        ``exchange 2H 3C``: the cards at those positions of his hand), whether or not it is
        legal; an exchange of positions past his hand is named by the positions
        (``exchange #0 #2``). Before the first reset, or once the episode is over, every
        exchange is named by its positions.

        >>> e = raw_env("five-card-loo", players=4)
        >>> e.reset(seed=3)
        >>> [e.action_name(i) for i in (0, 1)]
        ['stand', 'throw-up']
        >>> e.action_name(e.action_space(e.agent_selection).n - 1).startswith("exchange ")
        True
        """
        names = self._space.names()
        index = compact_index(index)  # numpy's integers too
        if not 0 <= index < len(names):
            raise ArgumentValueError(
                f"a compact action is an int from 0 to {len(names) - 1}, not {index!r}"
            )
        s = self.session
        if s is None or s.deal_over:
            return names[index]
        a = engine_action(self._space, s.hand(s.deal.to_move), index, s.deal.trump)
        return names[index] if a is None else action_text(a)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and action mask."""
        s = self.session
        assert s is not None, "reset() first"
        seat = self._seat[agent]
        counts = self._encoder.write(s, seat, self._bits, checked=False, signed=True)
        obs = self._bits_view.astype(np.float32)  # a new array
        if counts:  # counters too big for a byte (most often none)
            for i, value in counts:
                obs[i] = value
        deal = s.deal
        if seat != deal.to_move:
            return {"observation": obs, "action_mask": self._no_mask}
        legal = deal.legal_actions()
        hand = s.hand(seat)
        # An exchange's index depends on the hand: then the key is the compact indices
        # (after a -1, which no engine id is).
        key = tuple(legal) if legal[-1] < EXCHANGE else (-1, *self._space.indices(hand, legal))
        mask = self._masks.get(key)
        if mask is None:
            if len(self._masks) >= 4096:
                self._masks.clear()
            mask = self._masks[key] = np.frombuffer(  # read-only
                bytes(self._space.mask(hand, legal)), dtype=np.int8
            )
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Take ``action`` (a compact index) for the agent to act.

        An index outside the action space raises
        :class:`~cardrules.errors.ArgumentValueError`. An illegal action (an index inside
        the space that the rules forbid now, or that names nothing the mover could do, such
        as an exchange of card positions past his hand) raises
        :class:`~cardrules.errors.IllegalActionError` and changes nothing, or, with an
        ``illegal_reward`` (as :func:`env` gives one), ends the episode: every agent is
        terminated, the mover rewarded ``illegal_reward`` and the others 0.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.session
        assert s is not None
        deal = s.deal
        a: int | None
        if type(action) is int and 0 <= action < self._simple and action != self._civil:
            a = self._ids[action]  # the same id whatever the hand and the trumps
        else:
            index = action if type(action) is int else compact_index(action)
            a = engine_action(self._space, s.hand(deal.to_move), index, deal.trump)
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        try:
            if a is None:
                raise IllegalActionError(
                    deal.to_move,
                    f"take compact action {action}",
                    "it names no card the hand holds",
                    s.legal_action_texts(),
                )
            s.apply(a)
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            EnvLogger.warn_on_illegal_move()
            for k in rewards:
                rewards[k] = 0.0
            rewards[agent] = float(self.illegal_reward)
            self._rewarded = True
            self._accumulate_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            return
        if not self._pending and not s.deal_over:  # the deal goes on: no reward
            if self._rewarded:  # the last step's rewards are cleared
                for k in rewards:
                    rewards[k] = 0.0
                self._rewarded = False
            self.agent_selection = self.possible_agents[deal.to_move]
            return
        gains = list(self._pending) if self._pending else None
        self._pending = ()
        ended = False
        while s.deal_over:
            res = s.last_result
            assert res is not None
            g = deal_rewards(res)
            gains = list(g) if gains is None else [x + y for x, y in zip(gains, g, strict=True)]
            if self.episode == "deal" or s.is_over:
                ended = True
                break
            s.next_deal()
            self._narrated = None
        if gains is None:
            if self._rewarded:  # the last step's rewards are cleared
                for k in rewards:
                    rewards[k] = 0.0
                self._rewarded = False
        else:
            self._rewarded = True
            for i, k in enumerate(self.possible_agents):
                rewards[k] = float(gains[i])
            self._accumulate_rewards()
        if ended:
            self.terminations = dict.fromkeys(self.agents, True)
        else:  # the session's seat to move, its deal in progress
            self.agent_selection = self.possible_agents[s.deal.to_move]

    # ------------------------------------------------------------------ showing

    def render(self) -> str | None:
        """The deal's actions since the last render, in words (``render_mode="ansi"``)."""
        text, self._narrated = render_ansi(self.render_mode, self.session, self._narrated, warn)
        return text

    def close(self) -> None:
        """Nothing to release."""
