"""The sentence table for bids: the bidding (in section 3) and what a bid scores (in
section 6).

>>> [rule.topic for rule in BIDDING], [rule.topic for rule in CONTRACT]
(['Bidding', 'The hook'], ['A bid made', 'A bid missed'])
"""

from __future__ import annotations

from cardrules.rules.model import BidHook, ContractMiss, Rules, Vary
from cardrules.tools.rulebook.rule import DECL, SETTLE, Phrase, Rule
from cardrules.tools.rulebook.words import num


def bids(r: Rules) -> bool:
    """Whether the players bid."""
    return r.bidding.enabled


def _bidding(r: Rules) -> Phrase:
    if not r.bidding.enabled:
        return "none", "Nobody bids: no number of tricks is undertaken."
    return (
        "each in turn, 0 to {hand} tricks" if r.deal.sizes.vary is Vary.FIXED else "each in turn",
        "After the deal, beginning with the elder hand and ending with the dealer, each "
        "player in turn bids aloud the number of tricks he undertakes to take, from none to "
        f"{_most(r)}. Every bid is public and none may be altered; nobody passes. "
        "The elder hand then leads to the first trick.",
    )


def _most(r: Rules) -> str:
    """The most tricks a bid may name, in words."""
    if r.deal.sizes.vary is Vary.FIXED:
        return num(r.deal.hand_size)
    return "the number of cards dealt to each"


def _points(n: int) -> str:
    return f"{num(n)} point{'s' * (n != 1)}"


def _made(r: Rules) -> Phrase:
    c = r.settlement.contract
    return (
        f"{c.per_trick} a trick and {c.bonus}",
        f"After the last trick each player who took exactly the tricks he bid scores "
        f"{_points(c.per_trick)} for each trick and {_points(c.bonus)} more (the "
        f"{num(c.bonus)} whatever a trick is worth).",
    )


_MISSED = "A player who took more or fewer tricks than he bid"
_NOTHING = "and scores nothing for his tricks"


#: Section 3 with bidding: the bids and the hook.
BIDDING: tuple[Rule, ...] = (
    Rule(DECL, "Bidding", ("bidding.enabled",), _bidding, applies=bids),
    Rule(
        DECL,
        "The hook",
        ("bidding.hook",),
        {
            BidHook.DEALER: (
                "the dealer",
                "The dealer, bidding last, may not bid the number of tricks that would make the "
                "bids add up to the number of tricks in the deal (the hook); when the others "
                "have bid more than that already, he may bid any number.",
            ),
            BidHook.NOT_IN_ONE_CARD_DEAL: (
                "the dealer, but not with one card",
                "The dealer, bidding last, may not bid the number of tricks that would make the "
                "bids add up to the number of tricks in the deal (the hook), except in a deal of "
                "one card each; when the others have bid more than that already, he may bid any "
                "number.",
            ),
            BidHook.NONE: ("none", "The dealer may bid any number, like the others."),
        },
        applies=bids,
    ),
)

#: Section 6 with bidding: what a bid scores.
CONTRACT: tuple[Rule, ...] = (
    Rule(
        SETTLE,
        "A bid made",
        ("settlement.contract.bonus", "settlement.contract.per_trick"),
        _made,
        applies=bids,
    ),
    Rule(
        SETTLE,
        "A bid missed",
        ("settlement.contract.missed",),
        {
            ContractMiss.TRICKS: (
                "his tricks",
                f"{_MISSED} scores {{trick_points}} for each trick he took, and no more.",
            ),
            ContractMiss.MINUS_DIFF: (
                "minus the difference",
                f"{_MISSED} loses {{trick_points}} for each trick over or under his bid, "
                f"{_NOTHING}.",
            ),
            ContractMiss.ZERO: ("nothing", f"{_MISSED} scores nothing."),
            ContractMiss.MINUS_BID: (
                "minus his bid",
                f"{_MISSED} loses {{trick_points}} for each trick he bid, {_NOTHING}.",
            ),
        },
        applies=bids,
    ),
)
