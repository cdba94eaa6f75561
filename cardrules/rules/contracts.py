"""The sections of the rules model for contracts: bids made before the play, and the
points a bid earns when the deal is played out.

A rule file switches bidding on with ``bidding.enabled``: after the deal each player in
turn from the dealer's left bids how many tricks he will take (0 to the number of tricks),
in public, the dealer last and bound by ``bidding.hook``. ``settlement.contract`` says what
each bid is worth: ``per_trick`` points a trick taken and ``bonus`` more for exactly the
tricks bid, and what a missed bid scores (``missed``). Both are sections of
:class:`~cardrules.rules.model.Rules`; the model re-exports them.

>>> Contract().per_trick, Contract().bonus, Contract().missed.value
(1, 10, 'tricks')
>>> Bidding().enabled, Bidding().hook.value
(False, 'dealer')
"""

from __future__ import annotations

import attrs

from cardrules.rules.bounds import MAX_POINTS
from cardrules.rules.fields import opt
from cardrules.rules.options import BidHook, ContractBy, ContractMade, ContractMiss

__all__ = ["Bidding", "Contract"]


@attrs.frozen
class Bidding:
    """Bids: each player in turn from the dealer's left says how many tricks he will take."""

    enabled: bool = opt(
        False,
        "After the deal each player in turn from the dealer's left bids a number of tricks, "
        "0 to the number of tricks, in public; the deal is then played out by all and scored "
        "by settlement.contract.",
        source="1.7.4",
    )
    hook: BidHook = opt(
        BidHook.DEALER,
        "The dealer, bidding last, may not bid the number that makes the bids add up to the "
        "number of tricks (when the others bid more than that, nothing is barred).",
        source="1.7.4, D64, D65",
    )
    side_cap: int | None = opt(
        None,
        "The most two partners may bid together (13): the second to bid may not take their "
        "total past it; null for no cap.",
        source="F2.1.5, F2.2.3",
        minimum=0,
        maximum=52,
    )


@attrs.frozen
class Contract:
    """What a bid is worth once the deal is played out (points for each deal)."""

    per_trick: int = opt(
        1, "Points for each trick taken.", source="1.7.6, D67", minimum=0, maximum=MAX_POINTS
    )
    bonus: int = opt(
        10,
        "Points more for taking exactly the tricks bid (not multiplied by per_trick).",
        source="1.7.6, D67, D69",
        minimum=0,
        maximum=MAX_POINTS,
    )
    missed: ContractMiss = opt(
        ContractMiss.TRICKS,
        "A player who takes more or fewer tricks than he bid: his tricks at per_trick "
        "(tricks), minus per_trick for each trick over or under (minus_diff), nothing "
        "(zero), or minus per_trick for each trick bid (minus_bid).",
        source="1.7.6, D68",
    )
    by: ContractBy = opt(
        ContractBy.PLAYER,
        "Whose contract a bid is: the player's own (player), or his side's, the partners' "
        "bids added and their tricks counted together, each nil bid apart (side).",
        source="F2.1.8, F2.2.6",
    )
    made: ContractMade = opt(
        ContractMade.EXACT,
        "A contract is made with exactly the tricks bid (exact), or with at least them "
        "(at_least), scoring per_trick for each trick bid and overtrick for each over.",
        source="1.7.6, F2.1.8, F2.2.6",
    )
    overtrick: int = opt(
        0,
        "Points for each trick over a contract made (a bag), with made: at_least.",
        source="F2.1.8, F2.2.6",
        minimum=0,
        maximum=MAX_POINTS,
    )
    nil: int = opt(
        0,
        "A bid of no tricks (nil) is its own contract: this many points if its bidder takes "
        "no trick, as many less if he takes any (his tricks still count for his side); 0 "
        "for none: a bid of 0 is scored like any other.",
        source="F2.1.8, F2.2.6, S5, S6",
        minimum=0,
        maximum=MAX_POINTS,
    )
    bag_limit: int = opt(
        0,
        "Overtricks that cost bag_penalty each time they add up to this many (10), counted "
        "on from the last digits of the running score; 0 for none.",
        source="F2.1.8, F2.2.6, S7",
        minimum=0,
        maximum=MAX_POINTS,
    )
    bag_penalty: int = opt(
        0,
        "Points lost each time the overtricks reach bag_limit (100).",
        source="F2.1.8, F2.2.6, S7",
        minimum=0,
        maximum=MAX_POINTS,
    )
