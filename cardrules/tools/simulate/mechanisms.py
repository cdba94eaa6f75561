"""Statistics that a rule mechanism switches on: what a simulation counts and reports for
the games that play the mechanism, whatever the game is called.

A :class:`Statistic` names the counts it adds to a session's tally (see
:class:`~cardrules.tools.simulate.tally.Layout`), reads each deal's result and actions
into them as the session is tallied (streamed: nothing is kept per deal), and gives the
ratios a summary reports, each with its confidence interval. :data:`STATISTICS` lists
them; :func:`statistics_for` picks those the rules switch on. A new mechanism adds its
statistic here.

>>> import cardrules
>>> statistics_for(cardrules.load_variant("oh-hell")), statistics_for(cardrules.load_variant("put"))
(('bids',), ())
>>> statistics_for(cardrules.load_variant("spades"))
('contracts',)
>>> [key for key, *_ in BIDS.ratios(2)][:4]
['bids_made', 'bids_over', 'bids_under', 'tricks_bid']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from cardrules.engine.actions import BID
from cardrules.engine.result import DealResult
from cardrules.rules.applies import side_contracts
from cardrules.rules.model import Rules

__all__ = [
    "BIDS",
    "CONTRACTS",
    "STATISTICS",
    "Ratio",
    "Statistic",
    "statistic",
    "statistics_for",
]

#: A ratio a statistic reports: its key, its label, and the names of the counts summed
#: above and below the line (a count of the statistic's own, or of the layout's, e.g.
#: ``deals``).
Ratio = tuple[str, str, str, str]

#: Reads one deal into the tally: its result, its (seat, action) history, the tally and
#: where each of the statistic's counts sits in it.
Tally = Callable[[DealResult, Sequence[tuple[int, int]], list[int], Mapping[str, int]], None]


@attrs.frozen
class Statistic:
    """A statistic a rule mechanism switches on (``applies``): the names of the counts it
    adds for a table of ``n`` (``counts(n)``), how one deal adds to them (``tally``), and
    the ratios reported (``ratios(n)``)."""

    name: str
    applies: Callable[[Rules], bool]
    counts: Callable[[int], tuple[str, ...]]
    tally: Tally
    ratios: Callable[[int], tuple[Ratio, ...]]


def _bid_counts(n: int) -> tuple[str, ...]:
    seats = [name for s in range(n) for name in (f"bids {s}", f"bids made {s}")]
    return ("bids", "bids made", "bids over", "bids under", "tricks bid", *seats)


def _tally_bids(
    res: DealResult,
    history: Sequence[tuple[int, int]],
    v: list[int],
    at: Mapping[str, int],
) -> None:
    """Each bid of the deal, and whether its bidder took exactly, more or fewer tricks."""
    won: dict[int, int] = {}
    for w in res.tricks:
        if w is not None:
            won[w] = won.get(w, 0) + 1
    for seat, action in history:
        if action < BID:
            continue
        bid = action - BID
        took = won.get(seat, 0)
        v[at["bids"]] += 1
        v[at[f"bids {seat}"]] += 1
        v[at["tricks bid"]] += bid
        if took == bid:
            v[at["bids made"]] += 1
            v[at[f"bids made {seat}"]] += 1
        elif took > bid:
            v[at["bids over"]] += 1
        else:
            v[at["bids under"]] += 1


def _bid_ratios(n: int) -> tuple[Ratio, ...]:
    return (
        ("bids_made", "bids made (of bids)", "bids made", "bids"),
        ("bids_over", "bids over (took more)", "bids over", "bids"),
        ("bids_under", "bids under (took fewer)", "bids under", "bids"),
        ("tricks_bid", "tricks bid per deal (all)", "tricks bid", "deals"),
        *(
            (f"bids_made {s}", f"seat {s} bids made", f"bids made {s}", f"bids {s}")
            for s in range(n)
        ),
    )


#: Bids and contracts (``bidding.enabled``): how often a bid is made exactly, overall
#: and seat by seat, how often it is taken over or falls short, and how many tricks the
#: table bids in a deal.
BIDS = Statistic(
    "bids",
    lambda r: r.bidding.enabled and not side_contracts(r),
    _bid_counts,
    _tally_bids,
    _bid_ratios,
)


def _contract_counts(n: int) -> tuple[str, ...]:
    sides = [name for s in range(n // 2) for name in (f"contracts made {s}", f"sides {s}")]
    return ("contracts", "contracts made", "overtricks", "nils", "nils made", *sides)


def _tally_contracts(
    res: DealResult,
    history: Sequence[tuple[int, int]],
    v: list[int],
    at: Mapping[str, int],
) -> None:
    """Each side's contract (its partners' bids added: seats ``s`` and ``s + n/2``),
    whether its side took at least that many tricks and how many over, and each bid of
    nothing (a nil) and whether its bidder took no trick."""
    n = len(res.stood) or 4
    won = [0] * n
    for w in res.tricks:
        if w is not None and w < n:
            won[w] += 1
    bids = [0] * n
    for seat, action in history:
        if action >= BID and seat < n:
            bids[seat] = action - BID
            if action == BID:
                v[at["nils"]] += 1
                v[at["nils made"]] += won[seat] == 0
    for s in range(n // 2):
        side = (s, s + n // 2)
        bid = sum(bids[p] for p in side)
        took = sum(won[p] for p in side)
        v[at["contracts"]] += 1
        v[at[f"sides {s}"]] += 1
        if took >= bid:
            v[at["contracts made"]] += 1
            v[at[f"contracts made {s}"]] += 1
            v[at["overtricks"]] += took - bid


def _contract_ratios(n: int) -> tuple[Ratio, ...]:
    return (
        ("contracts_made", "contracts made (of contracts)", "contracts made", "contracts"),
        ("overtricks", "overtricks (bags) per contract", "overtricks", "contracts"),
        ("nils_made", "nil bids made (of nil bids)", "nils made", "nils"),
        ("nils", "nil bids per deal", "nils", "deals"),
        *(
            (
                f"contracts_made {s}",
                f"side {s} contracts made",
                f"contracts made {s}",
                f"sides {s}",
            )
            for s in range(n // 2)
        ),
    )


#: Contracts of a side (``settlement.contract.by: side``): how often a side makes its
#: contract (at least the tricks its partners bid together), overall and side by side,
#: the overtricks (bags) it takes, and how often a bid of nothing is made.
CONTRACTS = Statistic(
    "contracts", side_contracts, _contract_counts, _tally_contracts, _contract_ratios
)

#: Every statistic a mechanism switches on, in the order reports list them.
STATISTICS: tuple[Statistic, ...] = (BIDS, CONTRACTS)


def statistic(name: str) -> Statistic:
    """The statistic called ``name``."""
    return next(s for s in STATISTICS if s.name == name)


def statistics_for(rules: Rules) -> tuple[str, ...]:
    """The names of the statistics the rules switch on."""
    return tuple(s.name for s in STATISTICS if s.applies(rules))
