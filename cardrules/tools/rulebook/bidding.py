"""The sentence table for bids: the bidding (in section 3) and what a bid scores (in
section 6), each player's contract his own (Oh Hell, sources.md 1.7) or his side's, the
partners' bids added (Spades, families.md 2.2.3, 2.2.6).

>>> [rule.topic for rule in BIDDING]
['Bidding', 'The hook', "A side's bids"]
>>> [rule.topic for rule in CONTRACT]  # doctest: +NORMALIZE_WHITESPACE
['Whose contract', 'A bid made', 'A bid missed', 'Nil', 'Bags']
"""

from __future__ import annotations

from cardrules.rules.applies import bags_counted, side_contracts
from cardrules.rules.model import BidHook, ContractBy, ContractMade, ContractMiss, Rules, Vary
from cardrules.tools.rulebook.rule import DECL, SETTLE, Phrase, Rule
from cardrules.tools.rulebook.words import num, plural


def bids(r: Rules) -> bool:
    """Whether the players bid."""
    return r.bidding.enabled


def _bidding(r: Rules) -> Phrase:
    if not r.bidding.enabled:
        return "none", "Nobody bids: no number of tricks is undertaken."
    nil = ", called nil," if r.settlement.contract.nil else ""
    return (
        "each in turn, 0 to {hand} tricks" if r.deal.sizes.vary is Vary.FIXED else "each in turn",
        "After the deal, beginning with the elder hand and ending with the dealer, each "
        "player in turn bids aloud the number of tricks he undertakes to take, from none"
        f"{nil} to {_most(r)}. Every bid is public and none may be altered; nobody passes.",
    )


def _most(r: Rules) -> str:
    """The most tricks a bid may name, in words."""
    if r.deal.sizes.vary is Vary.FIXED:
        return num(r.deal.hand_size)
    return "the number of cards dealt to each"


def _side_cap(r: Rules) -> Phrase:
    cap = r.bidding.side_cap
    if cap is None:
        return (
            "no cap",
            f"The two bids of a side are not limited together: each partner may bid up to "
            f"{_most(r)}, whatever the other bid.",
        )
    return (
        f"at most {cap} together",
        f"The two partners of a side may not bid more than {num(cap)} tricks together: the "
        f"second of them to bid may bid at most {num(cap)} less his partner's bid.",
    )


def _nil(r: Rules) -> Phrase:
    c = r.settlement.contract
    if not c.nil:
        return "none", "A bid of none is scored like any other."
    points = plural(c.nil, "point")
    if c.by is ContractBy.PLAYER:
        return (
            f"{points} either way",
            f"A player who bids nil scores {points} if he takes no trick, and loses {c.nil} "
            "if he takes any.",
        )
    bags = " and as bags" if bags_counted(r) else ""
    return (
        f"{points} either way",
        f"A player who bids nil undertakes to take no trick himself: his side scores {points} "
        f"if he takes none, and loses {c.nil} if he takes any, besides what it scores for its "
        f"contract. His tricks count for his side all the same, toward its contract{bags}.",
    )


def _bags(r: Rules) -> Phrase:
    c = r.settlement.contract
    if not bags_counted(r):
        return "none", "Tricks over a bid cost nothing, however many are taken."
    limit, penalty = c.bag_limit, c.bag_penalty
    holder, his = ("side", "its") if c.by is ContractBy.SIDE else ("player", "his")
    if limit == 10:
        kept, digit = f"the last digit of the {holder}'s score", "the last digit"
    else:
        kept, digit = f"the remainder of the {holder}'s score divided by {limit}", "the remainder"
    # A score below nothing carries its remainder against the bags (C++ ``%``, F2.1.8): at
    # -99 the remainder is -9.
    return (
        f"every {limit} bags cost {penalty}",
        f"Each trick a {holder} takes over {his} bid is a bag. The bags of a deal are counted "
        f"on from {kept}, as bags carried in, and each time the count reaches {num(limit)} "
        f"the {holder} loses {plural(penalty, 'point')}. Below nothing {digit} counts against "
        f"the bags: at -{limit * limit - 1} the count starts from minus {num(limit - 1)}.",
    )


_MADE_CITES = {
    ContractMade.EXACT: (
        "settlement.contract.made",
        "settlement.contract.per_trick",
        "settlement.contract.bonus",
    ),
    ContractMade.AT_LEAST: (
        "settlement.contract.made",
        "settlement.contract.per_trick",
        "settlement.contract.overtrick",
    ),
}


#: Section 3 with bidding: the bids, the hook, and a side's cap.
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
        # No hook is no rule to speak of, where the game has none (Spades).
        quiet=lambda r: side_contracts(r) and r.bidding.hook is BidHook.NONE,
    ),
    Rule(DECL, "A side's bids", ("bidding.side_cap",), _side_cap, applies=side_contracts),
)

#: Section 6 with bidding: what a bid scores.
CONTRACT: tuple[Rule, ...] = (
    Rule(
        SETTLE,
        "Whose contract",
        ("settlement.contract.by",),
        {
            ContractBy.PLAYER: (
                "each player's own",
                "Each player's bid is his own contract, scored for him alone.",
            ),
            ContractBy.SIDE: (
                "the side's",
                "The bids of two partners, added together, are their side's contract, made or "
                "lost by the tricks of both together.",
            ),
        },
        applies=bids,
        quiet=lambda r: r.settlement.contract.by is ContractBy.PLAYER,
    ),
    Rule(
        SETTLE,
        "A bid made",
        (
            "settlement.contract.made",
            "settlement.contract.per_trick",
            "settlement.contract.bonus",
            "settlement.contract.overtrick",
        ),
        {
            ContractMade.EXACT: (
                "exactly the tricks bid",
                "After the last trick {contractor} took exactly the tricks {contract_bid} "
                "scores {per_trick_points} for each trick{exact_bonus}.",
            ),
            ContractMade.AT_LEAST: (
                "at least the tricks bid",
                "After the last trick {contractor} took at least the tricks {contract_bid} has "
                "made {contract_his} contract: {contract_he} scores {per_trick_points} for each "
                "trick bid{overtricks}.",
            ),
        },
        applies=bids,
        cites=lambda r: _MADE_CITES[r.settlement.contract.made],
    ),
    Rule(
        SETTLE,
        "A bid missed",
        ("settlement.contract.missed",),
        {
            ContractMiss.TRICKS: (
                "his tricks",
                "{missed} scores {trick_points} for each trick {contract_he} took, and no more.",
            ),
            ContractMiss.MINUS_DIFF: (
                "minus the difference",
                "{missed} loses {trick_points} for each trick {missed_by} {contract_his} bid, "
                "and scores nothing for {contract_his} tricks.",
            ),
            ContractMiss.ZERO: ("nothing", "{missed} scores nothing."),
            ContractMiss.MINUS_BID: (
                "minus his bid",
                "{missed} loses {trick_points} for each trick {contract_bid}, and scores "
                "nothing for {contract_his} tricks.",
            ),
        },
        applies=bids,
    ),
    Rule(
        SETTLE,
        "Nil",
        ("settlement.contract.nil",),
        _nil,
        applies=bids,
        quiet=lambda r: not r.settlement.contract.nil,
    ),
    Rule(
        SETTLE,
        "Bags",
        ("settlement.contract.bag_limit", "settlement.contract.bag_penalty"),
        _bags,
        applies=bids,
        quiet=lambda r: not bags_counted(r),
    ),
)
