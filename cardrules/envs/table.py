"""What the environments share: opening a table, the rewards of a deal, a narration.

:class:`Table` holds the rules, the table size, the compact action space and the
encoder of one environment, and opens its sessions (always paused at each deal's end,
so that a finished deal stays observable). :func:`deal_rewards` is what a deal gave each
seat: its net counters, or its points in a points race. :func:`narrate` tells a deal's
actions in words, from the engine's public data, and :func:`render_ansi` is the
environments' ``render()``.

>>> t = Table("put")
>>> s = t.open(seed=5)
>>> t.players, t.space.size, s.pause_at_deal_end
(2, 56, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.api import new_session
from cardrules.cards import CARD_TEXT, SUIT_NAMES
from cardrules.engine.actions import action_text
from cardrules.engine.arguments import players_of, whole
from cardrules.engine.encoding import Encoder, encoder
from cardrules.engine.observation import seat_status
from cardrules.engine.result import DealResult
from cardrules.engine.session import Session
from cardrules.engine.space import ActionSpace, action_space
from cardrules.errors import ArgumentTypeError, ArgumentValueError
from cardrules.rules.model import Rules

__all__ = ["EPISODES", "Table", "compact_index", "deal_rewards", "narrate", "render_ansi"]

#: What one episode is: one deal, or a whole session.
EPISODES = ("deal", "session")


def _load(variant: str | Rules, house_rules: Sequence[str]) -> Rules:
    if isinstance(variant, Rules):
        if house_rules:
            raise ArgumentValueError("house_rules: give them with a variant's name, not Rules")
        return variant
    if not isinstance(variant, str):
        raise ArgumentTypeError(f"variant: expected a name or Rules, got {variant!r}")
    if isinstance(house_rules, str):
        house_rules = [h for h in house_rules.split(",") if h.strip()]
    if not isinstance(house_rules, Sequence):
        raise ArgumentTypeError(
            f"house_rules: expected a list of names or paths, got a {type(house_rules).__name__}"
        )
    # Imported on first use: the loader brings in yaml, which the engine never needs.
    from cardrules.rules.loader import load_variant

    return load_variant(variant, house_rules=tuple(house_rules))


class Table:
    """One environment's game: its rules, table size, action space and encoder.

    ``variant`` is a bundled name, a path or a :class:`Rules`; ``house_rules`` names (or
    one comma-separated text); ``players`` the table size (the game's default when None);
    ``recall`` whether the observation is an information state with perfect recall
    (:mod:`cardrules.engine.encoding`); ``session_options`` go to
    :func:`cardrules.new_session` (``pool``, ``scores``, ``dealer``...).
    """

    def __init__(
        self,
        variant: str | Rules = "three-card-loo",
        house_rules: Sequence[str] = (),
        players: int | None = None,
        *,
        recall: bool = True,
        **session_options: Any,
    ) -> None:
        rules = _load(variant, house_rules)
        n = (
            rules.players.default
            if players is None
            else players_of(
                players, rules.players.min, rules.max_players, rules.title or rules.name
            )
        )
        self.rules = rules
        self.space: ActionSpace = action_space(rules, n)
        self.players = n
        self.encoder: Encoder = encoder(rules, n, recall=recall)
        forbidden = {"seed", "pause_at_deal_end", "players"} & set(session_options)
        if forbidden:
            raise ArgumentValueError(
                f"{', '.join(sorted(forbidden))}: set by the environment, not as an option"
            )
        self.session_options = session_options
        self.open(seed=0)  # the options are checked at once

    def open(self, seed: int) -> Session:
        """A new session at this table, seeded with ``seed``, paused at each deal's end."""
        return new_session(
            self.rules,
            players=self.players,
            seed=seed,
            pause_at_deal_end=True,
            **self.session_options,
        )

    def playable(self, s: Session, seeder: random.Random) -> Session:
        """``s``, or its next deals, or new sessions, until a deal awaits a decision."""
        while s.to_move < 0:
            if s.is_over:
                s = self.open(seeder.randrange(1 << 62))
            else:
                s.next_deal()
        return s


def engine_action(space: ActionSpace, hand: list[int], index: int, trump: int) -> int | None:
    """The engine id of compact ``index`` for a mover holding ``hand``, or None where the
    index, inside the action space, names nothing he could do now (an exchange of card
    positions past his hand): the environments refuse it as an illegal action, never
    raise. An index outside the space is refused with
    :class:`~cardrules.errors.ArgumentValueError`.

    >>> import cardrules
    >>> from cardrules.engine.space import action_space
    >>> space = action_space(cardrules.load_variant("irish-loo"), 3)
    >>> engine_action(space, [0, 1], space.exchange + space.size - space.exchange - 1, 0)
    """
    if not 0 <= index < space.size:
        space.from_compact(hand, index, trump)  # raises, naming the space's size
    try:
        return space.from_compact(hand, index, trump)
    except ArgumentValueError:
        return None


def compact_index(action: Any) -> int:
    """An action given to an environment's ``step``: a compact index, an int (numpy's
    integers too). Anything else (a bool, a float, an action's text) is refused with
    :class:`~cardrules.errors.ArgumentTypeError`, as the session refuses it; an index outside
    the action space is refused by the space with
    :class:`~cardrules.errors.ArgumentValueError`.

    >>> compact_index(3)
    3
    >>> compact_index("play QH")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: action: expected a whole number, got 'play QH'
    """
    return whole("action", action)


def deal_rewards(result: DealResult) -> tuple[int, ...]:
    """What a deal gave each seat: its points in a points race, else its net counters
    (its stake included).

    >>> from cardrules.engine.result import DealResult
    >>> deal_rewards(DealResult(dealer=0, trump=None, turn_up=None, ended_by="play",
    ...                         net=(0, 0), points=(5, 0)))
    (5, 0)
    """
    return result.points if result.points else result.net


def narrate(session: Session, start: int | None = None) -> list[str]:
    """The current deal's actions from the ``start``-th, in words, and, once it is over,
    its result; without ``start``, the deal's beginning (who deals, the trumps, the pool
    and every hand, for a person watching) and all its actions.

    >>> import cardrules
    >>> s = cardrules.new_session("put", seed=5)
    >>> narrate(s)[0].startswith("Deal 1: player")
    True
    """
    d = session.deal
    v = d.view
    lines = []
    if start is None:
        trump = v.trump_suit
        turn = "" if v.turnup < 0 else f" ({CARD_TEXT[v.turnup]} turned up)"
        trumps = f"trumps {SUIT_NAMES['SHDC'.index(trump)]}{turn}" if trump else "no trumps"
        number = session.deals_played + (0 if session.deal_over else 1)
        lines.append(f"Deal {number}: player {v.dealer} deals, {trumps}, pool {v.pool}.")
        for s in range(session.players):
            cards = " ".join(CARD_TEXT[c] for c in v.dealt_hand(s))
            lines.append(f"  player {s} holds {cards}")
    for seat, a in v.history[start or 0 :]:
        lines.append(f"player {seat}: {action_text(a)}")
    res = v.result
    if res is not None:
        how = res.ended_by.replace("_", " ")
        gains = ", ".join(f"player {s} {g:+d}" for s, g in enumerate(deal_rewards(res)))
        kind = "points" if res.points else "counters"
        lines.append(f"The deal ends ({how}): {kind} {gains}.")
        lines.extend(f"  player {s}: {seat_status(v, s)}" for s in range(session.players))
    return lines


#: The render modes of the environments: the deal's actions in words, returned (ansi) or
#: printed (human).
RENDER_MODES = ("ansi", "human")


def render_ansi(
    mode: str | None, session: Session | None, since: int | None, warn: Callable[[str], object]
) -> tuple[str | None, int | None]:
    """What an environment's ``render()`` gives, and where its next render starts.

    With no render ``mode``, None (after a ``warn``, as Gymnasium's own environments do);
    before the first reset (no ``session``), ""; else the current deal told by
    :func:`narrate` from its ``since``-th action (from its beginning when ``since`` is
    None), the next render starting after the last action told. With ``"human"`` the
    text is printed instead, and None given, as Gymnasium's human mode does.

    >>> import cardrules
    >>> s = cardrules.new_session("put", seed=5)
    >>> text, since = render_ansi("ansi", s, None, print)
    >>> text.startswith("Deal 1: player"), since
    (True, 0)
    >>> render_ansi(None, s, since, print)
    render() was called with no render_mode (use render_mode='ansi')
    (None, 0)
    >>> render_ansi("ansi", None, None, print)
    ('', None)
    """
    if mode is None:
        warn("render() was called with no render_mode (use render_mode='ansi')")
        return None, since
    if session is None:
        return ("" if mode != "human" else None), since
    text = "\n".join(narrate(session, since))
    if mode == "human":
        if text:
            print(text)
        return None, len(session.deal.history)
    return text, len(session.deal.history)
