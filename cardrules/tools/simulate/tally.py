"""What a session came to, as a list of whole numbers: the layout of the counts and
the tally of one session.

Every statistic is a ratio of two sums of these counts over sessions, so that
sessions can be added, paired and resampled alike.
"""

from __future__ import annotations

import functools

import attrs

from cardrules.tools.simulate.engine_reads import DECLARATION_WORDS
from cardrules.tools.simulate.mechanisms import statistic


class Layout:
    """Where each count sits in a session's tally (a list of whole numbers).

    Every statistic is a ratio of two sums of these counts over sessions, so
    that sessions can be added, paired and resampled alike.

    The counts of each statistic a mechanism switches on (``statistics``, see
    :mod:`~cardrules.tools.simulate.mechanisms`) come last, by name in ``stats``.

    >>> lay = Layout(players=3, hand_size=5)
    >>> lay.names[lay.net[2]], lay.names[lay.decl["exchange 5"]]
    ('net 2', 'exchange 5')
    >>> lay = Layout(players=3, hand_size=5, statistics=("bids",))
    >>> lay.names[lay.stats["bids"]["bids made 2"]]
    'bids made 2'
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

    def __init__(self, players: int, hand_size: int, statistics: tuple[str, ...] = ()) -> None:
        self.players = players
        self.hand_size = hand_size
        self.statistics = statistics
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
        #: ``stats[name][count]``: where each count of each statistic sits.
        self.stats: dict[str, dict[str, int]] = {}
        for name in statistics:
            counts = statistic(name).counts(players)
            self.stats[name] = {c: len(names) + i for i, c in enumerate(counts)}
            names += counts
        self.names = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}

    def __getitem__(self, name: str) -> int:
        return self.index[name]

    def __len__(self) -> int:
        return len(self.names)


@functools.lru_cache(maxsize=64)
def layout_for(players: int, hand_size: int, statistics: tuple[str, ...] = ()) -> Layout:
    """The layout of a table of ``players`` dealt ``hand_size`` cards each, with the counts
    of ``statistics`` (one object for each, shared by every session).

    >>> layout_for(3, 5) is layout_for(3, 5)
    True
    """
    return Layout(players, hand_size, statistics)


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
