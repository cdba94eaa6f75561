"""What a session came to, as a list of whole numbers: the layout of the counts and
the tally of one session.

Every statistic is a ratio of two sums of these counts over sessions, so that
sessions can be added, paired and resampled alike.
"""

from __future__ import annotations

import functools

import attrs

from cardrules.tools.simulate.engine_reads import DECLARATION_WORDS


class Layout:
    """Where each count sits in a session's tally (a list of whole numbers).

    Every statistic is a ratio of two sums of these counts over sessions, so
    that sessions can be added, paired and resampled alike.

    >>> lay = Layout(players=3, hand_size=5)
    >>> lay.names[lay.net[2]], lay.names[lay.decl["exchange 5"]]
    ('net 2', 'exchange 5')
    """

    SCALARS = (
        "deals",
        "stood",
        "looed",
        "deals_with_loo",
        "pool",
        "singles",
        "flushes",
        "hands_dealt",
        "flush_hands",
        "deals_flush_dealt",
        "actions",
        "points",
        "games",
        "game_deals",
        "forced_deals",
        "won",
        "seat_deals",
    )

    def __init__(self, players: int, hand_size: int) -> None:
        self.players = players
        self.hand_size = hand_size
        names = list(self.SCALARS)
        self.net = [len(names) + s for s in range(players)]
        names += [f"net {s}" for s in range(players)]
        self.wins = [len(names) + s for s in range(players)]
        names += [f"wins {s}" for s in range(players)]
        kinds = [
            *DECLARATION_WORDS,
            "give",
            "discard",
            *(f"exchange {k}" for k in range(1, hand_size + 1)),
        ]
        self.decl = {k: len(names) + i for i, k in enumerate(kinds)}
        names += kinds
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}

    def __getitem__(self, name: str) -> int:
        return self.index[name]

    def __len__(self) -> int:
        return len(self.names)


@functools.lru_cache(maxsize=64)
def layout_for(players: int, hand_size: int) -> Layout:
    """The layout of a table of ``players`` dealt ``hand_size`` cards each (one object for
    each, shared by every session).

    >>> layout_for(3, 5) is layout_for(3, 5)
    True
    """
    return Layout(players, hand_size)


@attrs.frozen
class SessionTally:
    """What one session came to: its counts (see :class:`Layout`), every deal's pool,
    how the deals ended, the pool it left, and (for plots) every deal's net per seat."""

    counts: tuple[int, ...]
    pools: tuple[int, ...]
    ended_by: dict[str, int]
    pool_left: int
    nets: tuple[tuple[int, ...], ...] = ()

    @property
    def deals(self) -> int:
        """Deals played in the session."""
        return self.counts[0]
