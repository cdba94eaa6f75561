"""One seat of any game as a Gymnasium environment, the others played by bundled bots
(the ``gymnasium`` extra).

- Actions: ``Discrete(action_space_size)``, the compact numbering of
  :mod:`cardrules.engine.space`; the legal ones are ``info["action_mask"]`` (int8 0/1).
- Observations: a float32 ``Box`` written by :class:`~cardrules.engine.encoding.Encoder`
  for the seat (an information state with perfect recall; ``recall=False`` for the
  present only).
- Rewards: the seat's net counters from each deal that ends (points in a points race).
- Episodes: one deal (``episode="deal"``) or a whole session (``episode="session"``),
  with the seeding of :mod:`cardrules.envs.pettingzoo`: ``reset(seed=s)`` opens a
  session seeded ``s``; ``reset()`` goes on to its next deal. Deals in which the seat
  has no decision to make are played out by the bots and skipped (in a session episode
  their rewards come with the next step's).
- An illegal action (Gymnasium's own checker steps random actions, unmasked) is refused:
  nothing changes, the reward is ``illegal_reward`` (-1 by default), the episode goes
  on, and ``info["illegal_action"]`` is True.
- The other seats are played by ``opponents``: a bot's name for all of them
  (``"random"``, ``"heuristic"``, ``"mc"``...), or one name per seat (the learner's own
  place ignored). Their random choices are seeded from the reset's seed.

>>> from cardrules.envs.gymnasium import env
>>> e = env("five-card-loo", seat=2)
>>> obs, info = e.reset(seed=3)
>>> obs.shape == e.observation_space.shape, int(info["action_mask"].sum())
(True, 33)
>>> obs, reward, terminated, truncated, info = e.step(0)  # stand
>>> while not terminated:
...     obs, reward, terminated, truncated, info = e.step(int(info["action_mask"].argmax()))
>>> reward == e.unwrapped.session.last_result.net[2]
True
>>> import gymnasium
>>> gymnasium.make(ENV_ID, variant="put").unwrapped.table.players
2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardrules.engine.arguments import MAX_SEED, seat_of, whole
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
from cardrules.errors import ArgumentValueError
from cardrules.players.base import Bot, SeatView
from cardrules.players.registry import make_bot
from cardrules.rules.model import Rules

__all__ = ["ENV_ID", "CardGameEnv", "env"]

#: The environment's id in Gymnasium's registry: ``gymnasium.make(ENV_ID, variant=...)``.
ENV_ID = "cardrules/CardGame-v0"


def env(
    variant: str | Rules = "three-card-loo",
    house_rules: Sequence[str] = (),
    players: int | None = None,
    seat: int = 0,
    **options: Any,
) -> CardGameEnv:
    """A game with one seat for the learner, the others played by bots.

    ``options``: ``opponents`` (``"heuristic"``), ``episode`` (``"deal"``), ``recall``
    (True), ``illegal_reward`` (-1.0), ``render_mode`` (None or ``"ansi"``), and any
    keyword of :func:`cardrules.new_session` (``pool``, ``scores``, ``dealer``...).
    """
    return CardGameEnv(variant, house_rules, players, seat, **options)


class CardGameEnv(gymnasium.Env[Any, Any]):
    """One seat of a game against bots (see the module's text)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        variant: str | Rules = "three-card-loo",
        house_rules: Sequence[str] = (),
        players: int | None = None,
        seat: int = 0,
        *,
        opponents: str | Sequence[str] = "heuristic",
        episode: str = "deal",
        recall: bool = True,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **session_options: Any,
    ) -> None:
        if episode not in EPISODES:
            raise ArgumentValueError(f"episode: expected one of {EPISODES}, got {episode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ArgumentValueError(
                f"render_mode: expected None, 'ansi' or 'human', got {render_mode!r}"
            )
        self.table = Table(variant, house_rules, players, recall=recall, **session_options)
        n = self.table.players
        seat = seat_of(seat, n)
        names = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(names) != n:
            raise ArgumentValueError(f"opponents: expected one bot name or {n}, got {len(names)}")
        for name in names:
            make_bot(name)  # an unknown name is refused now, with the bots' names
        self._names = names
        self.seat = seat
        self.episode = episode
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        low, high = self.table.encoder.bounds()
        big = float(np.finfo(np.float32).max)
        self.observation_space = spaces.Box(
            low=np.array([-big if x is None else x for x in low], dtype=np.float32),
            high=np.array([big if x is None else x for x in high], dtype=np.float32),
            dtype=np.float32,
        )
        self.action_space = spaces.Discrete(self.table.space.size)
        self._seeder = random.Random()
        #: The encoding's flags, written in place, and the numpy view of them.
        self._bits = bytearray(self.table.encoder.size)
        self._bits_view = np.frombuffer(self._bits, dtype=np.uint8)
        self._bots: list[Bot] = []
        self.session: Session | None = None
        self._narrated: int | None = None
        self._pending = 0.0

    # ------------------------------------------------------------------ episodes

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Begin an episode: a new session seeded ``seed``, or (in deal episodes, without
        a seed) the session's next deal; the bots play until the seat must decide."""
        if seed is not None:  # checked as a session checks it, before Gymnasium reads it
            whole("seed", seed, low=0, high=MAX_SEED)
        super().reset(seed=seed)
        table = self.table
        if seed is not None:
            self._seeder = random.Random(seed)
            self._bots = []
            s = table.open(seed)
        elif (
            self.session is None
            or self.episode == "session"
            or not self.session.deal_over
            or self.session.is_over
        ):
            s = table.open(self._seeder.randrange(1 << 62))
        else:
            s = self.session
            s.next_deal()
        if not self._bots:
            self._bots = [
                make_bot(n, random.Random(self._seeder.randrange(1 << 62))) for n in self._names
            ]
        self.session = s
        gained, ended = self._bots_play()
        while ended:  # the seat had nothing to decide: on to the next deal, or session
            if s.is_over:
                self.session = s = table.open(self._seeder.randrange(1 << 62))
                gained = 0.0  # a session episode begins again
            else:
                s.next_deal()
            more, ended = self._bots_play()
            gained += more
        self._pending = gained if self.episode == "session" else 0.0
        self._narrated = None
        return self._observe(), self._info(False)

    def _bots_play(self) -> tuple[float, bool]:
        """Let the bots move until the seat must decide or the episode ends: the seat's
        rewards from the deals that ended, and whether the episode did."""
        s = self.session
        assert s is not None
        gained = 0.0
        while True:
            if s.deal_over:
                res = s.last_result
                assert res is not None
                gained += deal_rewards(res)[self.seat]
                if self.episode == "deal" or s.is_over:
                    return gained, True
                s.next_deal()
                self._narrated = None
                continue
            mover = s.to_move
            if mover == self.seat:
                return gained, False
            s.apply(self._bots[mover].choose(SeatView(s, mover)))

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Take ``action`` (a compact index) for the seat; the bots answer until the seat
        must decide again or the episode ends."""
        s = self.session
        if s is None:
            raise ArgumentValueError("call reset() before step()")
        if s.deal_over or s.to_move != self.seat:
            raise ArgumentValueError("the episode is over: call reset()")
        index = compact_index(action)
        hand = s.hand(self.seat)
        a = engine_action(self.table.space, hand, index, s.deal.trump)
        if a is None or a not in s.legal_actions():
            return self._observe(), self.illegal_reward, False, False, self._info(True)
        s.apply(a)
        reward, ended = self._bots_play()
        reward += self._pending
        self._pending = 0.0
        return self._observe(), float(reward), ended, False, self._info(False)

    # ------------------------------------------------------------------ what the seat sees

    def _observe(self) -> Any:
        s = self.session
        assert s is not None
        counts = self.table.encoder.write(s, self.seat, self._bits, checked=False)
        obs = self._bits_view.astype(np.float32)  # a new array, every flag in it
        for i, value in counts:
            obs[i] = value
        return obs

    def _info(self, illegal: bool) -> dict[str, Any]:
        s = self.session
        assert s is not None
        if s.to_move == self.seat:
            legal = s.legal_actions()
            mask = self.table.space.mask(s.hand(self.seat), legal)
            action_mask = np.frombuffer(mask, dtype=np.int8)
        else:
            action_mask = np.zeros(self.table.space.size, dtype=np.int8)
        return {"action_mask": action_mask, "illegal_action": illegal}

    def action_masks(self) -> Any:
        """The legal actions of the seat as a mask over the action space (1: legal), where
        sb3-contrib's MaskablePPO looks for them; the same as ``info["action_mask"]``.

        >>> env = CardGameEnv("put")
        >>> _ = env.reset(seed=1)
        >>> int(env.action_masks().sum()) == len(env.session.legal_actions())
        True
        """
        return self._info(False)["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The deal's actions since the last render, in words (``render_mode="ansi"``)."""
        text, self._narrated = render_ansi(
            self.render_mode, self.session, self._narrated, gymnasium.logger.warn
        )
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:CardGameEnv")
