"""Simulation: many deals by bots, and what they come to.

Sessions follow the rules (the pool carried, the deal rotating); when one
ends by its rules another begins, until the number of deals is reached.

>>> import cardrules
>>> summary = simulate(cardrules.load_variant("three-card-loo"), players=4, deals=200, seed=1)
>>> summary.deals, len(summary.net), sum(summary.net) + summary.pool_left
(200, 4, 0)
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import attrs

from cardrules.bots import Bot, RandomBot, SeatView
from cardrules.model import Rules, Scoring
from cardrules.session import Origin, Session


@attrs.frozen
class Summary:
    """What a simulation came to.

    ``net`` is each seat's counters (or points) over all deals; ``pool_left``
    what was left on the table when sessions stopped (so that ``sum(net) +
    pool_left == 0`` when counters are played for). ``looed`` counts
    hands looed, ``stood`` hands that stood; ``ended_by`` how deals ended.
    """

    variant: str
    players: int
    deals: int
    seed: int
    sessions: int
    net: tuple[int, ...]
    pool_left: int
    stood: int
    looed: int
    deals_with_loo: int
    singles: int
    flushes: int
    largest_pool: int
    mean_pool: float
    ended_by: dict[str, int] = attrs.field(factory=dict)
    games_won: tuple[int, ...] = ()

    @property
    def loo_rate(self) -> float:
        """The share of standing hands that were looed."""
        return self.looed / self.stood if self.stood else 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data."""
        data = attrs.asdict(self)
        data["loo_rate"] = self.loo_rate
        return data

    def text(self) -> str:
        """A short human report."""
        lines = [f"{self.variant}: {self.deals} deals in {self.sessions} sessions, "
                 f"{self.players} players, seed {self.seed}"]
        unit = "points" if self.games_won else "counters"
        for seat, v in enumerate(self.net):
            per = v / self.deals if self.deals else 0.0
            extra = f", games won {self.games_won[seat]}" if self.games_won else ""
            lines.append(f"  seat {seat}: net {v:+d} {unit} ({per:+.3f} a deal){extra}")
        if not self.games_won:
            lines.append(f"  loo rate {self.loo_rate:.3f} ({self.looed} of {self.stood} standing "
                         f"hands); deals with a loo {self.deals_with_loo}")
            lines.append(f"  pool: mean {self.mean_pool:.1f}, largest {self.largest_pool}; "
                         f"singles {self.singles}; flushes {self.flushes}")
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ended_by.items()))
        lines.append(f"  deals ended by: {ends}")
        return "\n".join(lines)


def simulate(rules: Rules, players: int | None = None, deals: int = 1000, seed: int = 0, *,
             bots: Sequence[Bot] | None = None, origin: Origin | None = None,
             progress: Callable[[int], None] | None = None) -> Summary:
    """Play ``deals`` deals with ``bots`` (random players by default) and summarise them."""
    n = rules.players.default if players is None else players
    rng = random.Random(seed)
    seats: Sequence[Bot] = bots or [RandomBot(random.Random(rng.getrandbits(64)))
                                    for _ in range(n)]
    net = [0] * n
    wins = [0] * n
    played = sessions = stood = looed = with_loo = singles = flushes = 0
    largest = 0
    pools = 0
    ended: dict[str, int] = {}
    pool_left = 0
    points = rules.wagers.scoring is Scoring.POINTS
    while played < deals:
        sessions += 1
        s = Session(rules, n, seed=rng.getrandbits(64), origin=origin)
        start = list(s.start["scores"])  # before the first stake
        seen = 0
        while not s.is_over and played + len(s.results) < deals:
            seat = s.to_move
            s.apply(seats[seat].choose(SeatView(s, seat)))
            if progress and len(s.results) != seen:
                progress(played + len(s.results))
                seen = len(s.results)
        for res in s.results:
            stood += len(res.stood)
            looed += len(res.looed) if res.ended_by == "play" else 0
            with_loo += bool(res.looed)
            singles += res.next_single
            flushes += bool(res.flush) and res.ended_by == "flush"
            largest = max(largest, res.pool)
            pools += res.pool
            ended[res.ended_by] = ended.get(res.ended_by, 0) + 1
        for seat in range(n):
            net[seat] += s.scores[seat] - start[seat]
        if points and s.is_over:
            for seat in s.winner:
                wins[seat] += 1
        pool_left += s.pool  # counters on the table when the session stopped
        played += len(s.results)
    return Summary(variant=rules.name, players=n, deals=played, seed=seed, sessions=sessions,
                   net=tuple(net), pool_left=0 if points else pool_left,
                   stood=stood, looed=looed, deals_with_loo=with_loo, singles=singles,
                   flushes=flushes, largest_pool=largest,
                   mean_pool=pools / played if played else 0.0, ended_by=ended,
                   games_won=tuple(wins) if points else ())
