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
from cardrules.rules.options import BidHook, ContractMiss

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
