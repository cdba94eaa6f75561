"""What one rule set's simulation came to: :class:`Summary`, with every statistic's
confidence interval, and its JSON and text reports.

>>> import cardrules
>>> from cardrules.tools.simulate import simulate
>>> s = simulate(cardrules.load_variant("put"), deals=100, seed=3)
>>> s.points, s.estimate("net 0").units == s.sessions
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.rules.model import PoolAward, Scoring
from cardrules.tools.simulate.bots import bot_name
from cardrules.tools.simulate.estimates import Estimate, Metric, metrics
from cardrules.tools.simulate.mechanisms import statistic
from cardrules.tools.simulate.plan import Plan, sides
from cardrules.tools.simulate.stream import Moments, Running, median_of
from cardrules.tools.simulate.tally import Layout
from cardrules.tools.simulate.text import bots_text, ci_text, decimals_for, plain


@attrs.frozen
class Summary:
    """What a simulation came to.

    ``net`` is each seat's counters over all deals, or at a points game (Put)
    its points; ``pool_left`` what was left on the table when sessions stopped
    (so that ``sum(net) + pool_left == 0`` when counters are played for).
    ``sides`` are the seats that win and lose together (partners), each seat
    alone without partnerships. ``looed`` counts hands
    looed in play, ``stood`` hands that stood; ``ended_by`` how deals ended;
    ``declarations`` how often each declaration (and each other decision
    than playing a card) was made. :meth:`estimate` gives any statistic of
    :func:`metrics` with its confidence interval.
    """

    variant: str
    house_rules: tuple[str, ...]
    players: int
    deals: int
    seed: int
    sessions: int
    bots: tuple[str, ...]
    scoring: str
    net: tuple[int, ...]
    pool_left: int
    stood: int
    looed: int
    deals_with_loo: int
    singles: int
    flushes: int
    hands_dealt: int
    flush_hands: int
    largest_pool: int
    mean_pool: float
    median_pool: float
    actions: int
    ended_by: dict[str, int]
    declarations: dict[str, int]
    forced_deals: int
    won: int
    games: int
    games_won: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    moments: dict[str, Moments] = attrs.field(repr=False, eq=False)
    layout: Layout = attrs.field(repr=False, eq=False)
    totals: tuple[int, ...] = attrs.field(repr=False, eq=False)
    pools: tuple[int, ...] = attrs.field(default=(), repr=False, eq=False)
    nets: tuple[tuple[int, ...], ...] = attrs.field(default=(), repr=False, eq=False)
    #: Whether the pool goes to one player (Bourré): a loo is then called a bourré.
    pot_to_one: bool = attrs.field(default=False, repr=False, eq=False)

    @property
    def points(self) -> bool:
        """Whether points are played for (Put) rather than counters."""
        return self.scoring == "points"

    @property
    def loo_rate(self) -> float:
        """The share of standing hands that were looed."""
        return self.looed / self.stood if self.stood else 0.0

    @property
    def label(self) -> str:
        """The variant and its house rules, e.g. ``three-card-loo + club-law``."""
        return " + ".join([self.variant, *self.house_rules])

    def metrics(self) -> list[Metric]:
        """The statistics of this game."""
        return metrics(self.layout, self.points)

    def estimate(self, key: str) -> Estimate:
        """One statistic of :func:`metrics` (e.g. ``"loo_rate"``, ``"net 0"``) with its CI."""
        return self.moments[key].estimate()

    def total(self, name: str) -> int:
        """The total over all sessions of one count of the :class:`Layout` (e.g.
        ``"deals_flush_dealt"``)."""
        return self.totals[self.layout[name]]

    def mechanism_ratios(self) -> list[tuple[str, str, int, int]]:
        """The ratios of the statistics the rules' mechanisms switch on (see
        :mod:`~cardrules.tools.simulate.mechanisms`): each key, label, and the totals above
        and below the line (e.g. bids made, of bids)."""
        lay = self.layout
        out = []
        for name, at in lay.stats.items():
            for key, label, num, den in statistic(name).ratios(lay.players):
                above, below = (self.totals[at[c] if c in at else lay[c]] for c in (num, den))
                out.append((key, label, above, below))
        return out

    @property
    def partnerships(self) -> bool:
        """Whether seats play in sides of more than one (partners)."""
        return any(len(side) > 1 for side in self.sides)

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-ready data (see docs/simulation.md for its fields)."""
        est = {m.key: self.estimate(m.key) for m in self.metrics()}
        seats = []
        for s in range(self.players):
            seat: dict[str, Any] = {
                "seat": s,
                "bot": self.bots[s],
                "points" if self.points else "net": self.net[s],
                "per_deal": est[f"net {s}"].to_json(),
            }
            if self.points:
                seat["games_won"] = self.games_won[s]
                seat["share_won"] = est[f"wins {s}"].to_json()
            seats.append(seat)
        total_decl = sum(self.declarations.values())
        data: dict[str, Any] = {
            "variant": self.variant,
            "house_rules": list(self.house_rules),
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "deals": self.deals,
            "sessions": self.sessions,
            "scoring": self.scoring,
            "seats": seats,
            "net": list(self.net),
            "pool_left": self.pool_left,
            "deal_length": est["deal_length"].to_json(),
            "declarations": {
                k: {
                    "count": v,
                    "per_deal": est[f"decl {k}"].to_json(),
                    "share": v / total_decl if total_decl else None,
                }
                for k, v in self.declarations.items()
                if v
            },
            "forced_deals": self.forced_deals,
            "ended_by": dict(sorted(self.ended_by.items())),
        }
        ratios = self.mechanism_ratios()
        if ratios:
            data["statistics"] = {
                key: est[key].to_json() | {"count": above, "of": below}
                for key, _, above, below in ratios
            }
        if self.points:
            data["sides"] = [
                {
                    "side": k,
                    "seats": list(side),
                    "points": self.net[side[0]],
                    "per_deal": est[f"net {side[0]}"].to_json(),
                    "games_won": self.games_won[side[0]],
                    "share_won": est[f"wins {side[0]}"].to_json(),
                }
                for k, side in enumerate(self.sides)
            ]
            data["points_per_deal"] = est["points_per_deal"].to_json()
            data["game_length"] = est["game_length"].to_json() | {"games": self.games}
            data["games_won"] = list(self.games_won)
        else:
            data["loo_rate"] = est["loo_rate"].to_json() | {
                "looed": self.looed,
                "stood": self.stood,
            }
            data["looed_per_player"] = est["looed_per_player"].to_json() | {
                "looed": self.looed,
                "player_deals": self.total("seat_deals"),
            }
            data["deals_with_loo"] = est["deals_with_loo"].to_json() | {
                "count": self.deals_with_loo
            }
            data["pool"] = est["pool"].to_json() | {
                "median": self.median_pool,
                "largest": self.largest_pool,
            }
            data["won"] = est["won"].to_json() | {"count": self.won}
            data["singles"] = est["singles"].to_json() | {"count": self.singles}
            data["flushes"] = est["flushes"].to_json() | {"count": self.flushes}
            data["dealt_flush"] = est["dealt_flush"].to_json() | {
                "hands": self.hands_dealt,
                "flush_hands": self.flush_hands,
            }
            data["session_length"] = est["session_length"].to_json() | {
                "sessions_finished": self.games
            }
        return data

    def text(self) -> str:
        """The human report."""
        est = {m.key: self.estimate(m.key) for m in self.metrics()}
        lines = [
            f"{self.label}: {self.deals} deals in {self.sessions} "
            f"session{'s' * (self.sessions != 1)}, "
            f"{self.players} players, seed {self.seed}, bots {bots_text(self.bots)}"
        ]
        lines.append(f"  {'':<30} {'total':>9}  per deal [95% CI]")
        rows: list[tuple[str, int]]
        if self.points:
            rows = [
                (f"side {k} (seats {', '.join(map(str, side))}) points", side[0])
                if len(side) > 1
                else (f"seat {side[0]} points", side[0])
                for k, side in enumerate(self.sides)
            ]
        else:
            rows = [(f"seat {s} net", s) for s in range(self.players)]
        shown = [est[f"net {s}"] for _, s in rows]
        d = max(decimals_for(e.se, e.mean or 0.0) for e in shown)
        for (label, s), e in zip(rows, shown, strict=True):
            if self.points:
                lines.append(
                    f"  {label:<30} {self.net[s]:>9}  {ci_text(e, decimals=d)}"
                    f"   games won {self.games_won[s]}"
                )
            else:
                lines.append(
                    f"  {label:<30} {self.net[s]:>+9}  {ci_text(e, signed=True, decimals=d)}"
                )
        if self.points:
            scored = sum(self.net[side[0]] for side in self.sides)
            per_deal = ci_text(est["points_per_deal"])
            lines.append(f"  {'points scored (all sides)':<30} {scored:>9}  {per_deal}")
            lines.append(
                f"  {'game length (deals per game)':<30} {self.games:>9}  "
                f"{ci_text(est['game_length'])}"
            )
        else:
            left = "pot left on the table" if self.pot_to_one else "pool left on the table"
            lines.append(f"  {left:<30} {self.pool_left:>9}")
            if self.pot_to_one:
                stats = [
                    ("loo_rate", "bourré rate (standing hands)", self.looed),
                    ("looed_per_player", "bourré per player per deal", self.looed),
                    ("deals_with_loo", "deals with a bourré", self.deals_with_loo),
                ]
            else:
                stats = [
                    ("loo_rate", "loo rate (of standing hands)", self.looed),
                    ("looed_per_player", "looed per player per deal", self.looed),
                    ("deals_with_loo", "deals with a loo", self.deals_with_loo),
                    ("singles", "singles (nothing carried)", self.singles),
                ]
            if self.hands_dealt or self.flushes:
                stats.append(("flushes", "deals ended by a flush", self.flushes))
            for key, label, count in stats:
                lines.append(f"  {label:<30} {count:>9}  {ci_text(est[key])}")
            if self.hands_dealt:
                lines.append(
                    f"  {'flushes among dealt hands':<30} {self.flush_hands:>9}  "
                    f"{ci_text(est['dealt_flush'])} of {self.hands_dealt} hands"
                )
            lines.append(
                f"  {'pot played for' if self.pot_to_one else 'pool played for':<30} {'':>9}  "
                f"{ci_text(est['pool'])}  "
                f"median {plain(self.median_pool)}, largest {self.largest_pool}"
            )
            lines.append(f"  {'counters won (all seats)':<30} {self.won:>9}  {ci_text(est['won'])}")
            lines.append(
                f"  {'deals per finished session':<30} {self.games:>9}  "
                f"{ci_text(est['session_length'])}"
            )
        lines.append(
            f"  {'deal length (actions)':<30} {self.actions:>9}  {ci_text(est['deal_length'])}"
        )
        for key, label, above, _ in self.mechanism_ratios():
            lines.append(f"  {label:<30} {above:>9}  {ci_text(est[key])}")
        total_decl = sum(self.declarations.values())
        if total_decl:
            lines.append("  declarations and decisions      count  per deal [95% CI]   share")
            for k, v in self.declarations.items():
                if v:
                    lines.append(
                        f"    {k:<28} {v:>9}  {ci_text(est[f'decl {k}']):<19} {v / total_decl:6.1%}"
                    )
        if self.forced_deals:
            lines.append(
                f"  {'deals where all must stand':<30} {self.forced_deals:>9}  "
                f"{ci_text(est['forced'])}"
            )
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ended_by.items()))
        lines.append(f"  deals ended by: {ends}")
        return "\n".join(lines)


def summarise(plan: Plan, run: Running, house_rules: Sequence[str] = ()) -> Summary:
    """The summary of one plan's sessions, from their running sums."""
    rules = plan.rules
    lay = run.layout
    tot = run.totals
    deals = tot[lay["deals"]]
    points = rules.wagers.scoring is Scoring.POINTS
    return Summary(
        variant=rules.name,
        house_rules=tuple(house_rules) or tuple(rules.house_rules),
        players=plan.players,
        deals=deals,
        seed=plan.seed,
        sessions=run.sessions,
        bots=tuple(bot_name(b) for b in plan.bots),
        scoring="points" if points else "counters",
        net=tuple(tot[i] for i in lay.net),
        pool_left=run.pool_left,
        stood=tot[lay["stood"]],
        looed=tot[lay["looed"]],
        deals_with_loo=tot[lay["deals_with_loo"]],
        singles=tot[lay["singles"]],
        flushes=tot[lay["flushes"]],
        hands_dealt=tot[lay["hands_dealt"]],
        flush_hands=tot[lay["flush_hands"]],
        largest_pool=max(run.pools, default=0),
        mean_pool=tot[lay["pool"]] / deals if deals else 0.0,
        median_pool=median_of(run.pools),
        actions=tot[lay["actions"]],
        ended_by=dict(run.ended_by),
        declarations={k: tot[at] for k, at in lay.decl.items()},
        forced_deals=tot[lay["forced_deals"]],
        won=tot[lay["won"]],
        games=tot[lay["games"]],
        games_won=tuple(tot[i] for i in lay.wins) if points else (),
        sides=sides(rules, plan.players),
        moments=run.moments(),
        layout=lay,
        totals=tuple(tot),
        pools=tuple(run.pool_series),
        nets=tuple(run.net_series),
        pot_to_one=rules.settlement.award is not PoolAward.BY_TRICKS,
    )
