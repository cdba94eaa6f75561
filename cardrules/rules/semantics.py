"""The checks a schema cannot express, made on the merged rules of a game.

:func:`semantic_problems` checks schema-valid merged rules: the pack must hold
the players, the promoted card must be in the pack, options must not
contradict each other, and options set where they have no effect are reported
as warnings. Each check is one small function in :data:`CHECKS`; a problem
that involves several values is placed where the most recently applied of them
was set (:meth:`~cardrules.rules.overlay.Resolved.latest`).

The schema itself is checked first, file by file, by :mod:`cardrules.rules.validation`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.cards import RANKS, pack_ranks
from cardrules.errors import ERROR, WARNING, Problem
from cardrules.rules.applies import (
    card_points_counted,
    civility_owed,
    civility_possible,
    declarations_made,
    exchanges_made,
    first_card_named,
    lead_barred_until_broken,
    miss_played_for_pool,
    partnerships_play,
    passes,
    plays_for_pool,
    rank_only,
    side_contracts,
    turn_up_apart,
    turn_up_held,
)
from cardrules.rules.bounds import MAX_EXCHANGE_HAND
from cardrules.rules.capacity import cards_needed, pack_capacity, pack_size
from cardrules.rules.contradictions import CONTRADICTIONS as CONTRADICTIONS
from cardrules.rules.merging import copy_data
from cardrules.rules.model import (
    ContractMade,
    ExchangeMode,
    Finish,
    FirstDeal,
    LooMode,
    PackName,
    PoolAward,
    Rules,
    Vary,
    from_mapping,
)
from cardrules.rules.seating import dealer_sits_out
from cardrules.rules.sizes import smallest

if TYPE_CHECKING:
    from cardrules.rules.overlay import Resolved

__all__ = [
    "CHECKS",
    "CONTRADICTIONS",
    "INERT",
    "READABLE",
    "Check",
    "Finding",
    "semantic_problems",
    "semantics_of_the_rest",
]


@attrs.frozen
class Finding:
    """What a semantic check found: placed later at the latest of ``paths`` that was set."""

    kind: str
    message: str
    paths: tuple[str, ...]
    suggestion: str = ""
    severity: str = ERROR


Check = Callable[[Rules, "Resolved"], Iterator[Finding]]


def _needed(r: Rules, players: int) -> int:
    """Cards a deal of these rules takes for ``players``."""
    hand = smallest(r.deal.sizes, r.deal.hand_size)  # the fewest cards a deal deals
    return cards_needed(players, hand, miss=r.deal.miss, turn_up=turn_up_apart(r))


def _pack_holds_players(r: Rules, res: Resolved) -> Iterator[Finding]:
    """The pack deals to the most players the rules state (hands, miss, turn-up)."""
    size = pack_size(r.pack.cards.value, r.pack.ranks, len(r.pack.suits))
    for path, count in (
        ("players.max", r.players.max),
        ("players.default", r.players.default),
        ("players.min", r.players.min),
    ):
        if count is None or _needed(r, count) <= size:
            continue
        hand = smallest(r.deal.sizes, r.deal.hand_size)
        parts = [f"{count} hands of {hand}"]
        parts += ["the miss"] * r.deal.miss + ["the turn-up"] * turn_up_apart(r)
        said = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
        capacity = pack_capacity(size, hand, miss=r.deal.miss, turn_up=turn_up_apart(r))
        yield Finding(
            "capacity",
            f"{path} {count}: {said} need "
            f"{_needed(r, count)} cards, more than the {size} of the "
            f"{r.pack.cards} pack",
            (path, "pack.cards", "deal.hand_size", "deal.sizes.low", "deal.miss", "trumps.turn_up"),
            f"this pack deals to at most {capacity} players",
        )
        return


def _promoted_in_pack(r: Rules, res: Resolved) -> Iterator[Finding]:
    """The promoted card is a card of the pack."""
    card = r.promoted.card
    if card is None or card == "jack_of_trumps":
        return
    rank = _rank(card[:-1])
    if rank not in pack_ranks(r.pack.cards.value, r.pack.ranks) or card[-1] not in r.pack.suits:
        yield Finding(
            "promoted-card",
            f"promoted.card {card} is not in the {r.pack.cards} pack",
            ("promoted.card", "pack.cards"),
            f"its ranks are {' '.join(_pack_order(r.pack.cards))}",
        )


def _rank_only_needs_full_pack(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Tricks won by rank alone use Put's ranking, which needs every rank (D60)."""
    if rank_only(r) and r.pack.cards is not PackName.FULL52:
        missing = [x for x in RANKS[::-1] if x not in pack_ranks(r.pack.cards.value, r.pack.ranks)]
        yield Finding(
            "rank-only-pack",
            f"tricks won by rank alone need the full52 pack (D60): "
            f"the {r.pack.cards} pack has no {' '.join(missing)}",
            ("pack.cards", "tricks.winner"),
            "set pack.cards: full52",
        )


def _ranks_are_the_pack(r: Rules, res: Resolved) -> Iterator[Finding]:
    """pack.ranks names every rank of the pack exactly once."""
    ranks = [_rank(x) for x in r.pack.ranks]
    want = pack_ranks(r.pack.cards.value, r.pack.ranks)
    missing = [x for x in want[::-1] if x not in ranks]
    extra = [x for x in dict.fromkeys(ranks) if x not in want]
    twice = [x for x in dict.fromkeys(ranks) if ranks.count(x) > 1]
    if missing or extra or twice:
        said = [f"missing {' '.join(missing)}"] * bool(missing)
        said += [f"not in the pack: {' '.join(extra)}"] * bool(extra)
        said += [f"named twice: {' '.join(twice)}"] * bool(twice)
        yield Finding(
            "ranks",
            f"pack.ranks must name each rank of the {r.pack.cards} pack "
            f"once, highest first ({'; '.join(said)})",
            ("pack.ranks", "pack.cards"),
            f"e.g. [{', '.join(_yaml_rank(x) for x in _pack_order(r.pack.cards))}]",
        )


def _player_counts(r: Rules, res: Resolved) -> Iterator[Finding]:
    """players.min <= players.default <= players.max."""
    p = r.players
    if p.min > p.default:
        yield Finding(
            "players",
            f"players.min {p.min} is more than players.default {p.default}",
            ("players.min", "players.default"),
        )
    if p.max is not None and p.default > p.max:
        yield Finding(
            "players",
            f"players.default {p.default} is more than players.max {p.max}",
            ("players.default", "players.max"),
        )


def _partnerships_need_four(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Partnerships are two sides of two."""
    p = r.players
    if r.partnerships.enabled and not p.min == p.default == p.max == 4:
        yield Finding(
            "partnerships",
            "partnerships need exactly 4 players (two sides of two)",
            ("partnerships.enabled", "players.min", "players.default", "players.max"),
            "set players.min, players.default and players.max to 4",
        )


def _packets_fill_hands(r: Rules, res: Resolved) -> Iterator[Finding]:
    """One round of packets divides the hand size."""
    per_round = sum(r.deal.packets)
    if r.deal.hand_size % per_round:
        yield Finding(
            "packets",
            f"deal.packets {list(r.deal.packets)} deal {per_round} cards "
            f"a round, which does not fill hands of {r.deal.hand_size}",
            ("deal.packets", "deal.hand_size"),
            f"the packets must add up to {r.deal.hand_size} or a divisor of it",
        )


def _stake_divides(r: Rules, res: Resolved) -> Iterator[Finding]:
    """The dealer's stake divides into equal trick shares (a warning)."""
    w = r.wagers
    by_tricks = r.settlement.award is PoolAward.BY_TRICKS
    if plays_for_pool(r) and by_tricks and w.stake_deal % r.deal.hand_size:
        yield Finding(
            "stake-division",
            f"wagers.stake_deal {w.stake_deal} does not divide into "
            f"{r.deal.hand_size} equal trick shares",
            ("wagers.stake_deal", "deal.hand_size"),
            f"the odd counters go by settlement.remainder; a multiple of "
            f"{r.deal.hand_size} avoids them",
            WARNING,
        )


def _no_contradictions(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Options that contradict each other (see :data:`CONTRADICTIONS`)."""
    for when, message, paths, fix in CONTRADICTIONS:
        if when(r):
            yield Finding("contradiction", message, paths, fix)


def _in_play(r: Rules, players: int) -> int:
    """How many play the tricks at a table of ``players`` when nobody declares: the two
    receivers of a partnership that gives cards, else everyone but a dealer who sits out."""
    if partnerships_play(r):
        return 2
    return players - dealer_sits_out(r, players)


def _challenges_between_two(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Challenges (throwing up, "I put", seeing, refusing) are made between exactly two
    sides (1.5.6): nothing may add a side to the play or take one away."""
    if not r.challenges.enabled:
        return
    if r.declarations.enabled:
        yield Finding(
            "two-sides",
            "challenges are made between two sides, but with declarations.enabled each "
            "player stands or throws up first, so more or fewer than two may play",
            ("declarations.enabled", "challenges.enabled"),
            "set declarations.enabled: false: throwing up is then a challenge",
        )
    if r.deal.miss:
        yield Finding(
            "two-sides",
            "challenges are made between two sides, but deal.miss deals a spare hand "
            "that no side may take or play",
            ("deal.miss", "challenges.enabled"),
            "set deal.miss: false",
        )
    counts = range(r.players.min, r.max_players + 1)
    wrong = [(n, _in_play(r, n)) for n in counts if _in_play(r, n) != 2]
    if wrong:
        n, k = wrong[0]
        yield Finding(
            "two-sides",
            f"challenges are made between two sides, but with {n} players {k} would play",
            (
                "players.max",
                "players.min",
                "players.default",
                "players.dealer_sits_out_above",
                "challenges.enabled",
            ),
            "set players.min, players.default and players.max to 2, or play in partnerships of 4",
        )


_NO_TRUMPS = (
    "trumps.turn_up_to",
    "trumps.bowers",
    "leads.ace_compulsory",
    "leads.king_if_ace_turned",
    "leads.two_or_more_trumps",
    "leads.trump_after_trick",
    "leads.trump_after_trick_scope",
    "leads.pam_and_ace",
    "leads.cinch",
    "leads.honour_trump",
    "leads.trump_if_others_void",
    "following.trump_when_void",
    "following.head_when_trumped",
    "declarations.forced_play.turn_up_suits",
)
#: The leader's duties that leads.enforced switches on (the bars of a first card and an
#: unbroken suit hold whether or not it does).
_LEAD_DUTIES = (
    "leads.first_leader",
    "leads.ace_compulsory",
    "leads.king_if_ace_turned",
    "leads.two_or_more_trumps",
    "leads.cassell_highest",
    "leads.trump_after_trick",
    "leads.trump_after_trick_scope",
    "leads.pam_and_ace",
    "leads.cinch",
    "leads.honour_trump",
    "leads.trump_if_others_void",
)
_POOL = (
    "wagers.ante",
    "wagers.stake_deal",
    "wagers.stake_loo",
    "wagers.loo",
    "wagers.mixed_cap",
    "wagers.mixed_floor",
    "wagers.ante_excused",
    "settlement.remainder",
    "settlement.single_definition",
    "settlement.award",
    "settlement.award_tie",
    "settlement.winnings_capped",
)

#: Options that do nothing unless another option holds: (keys, active when, why not).
#: A key listed here and set by a file while inactive gives a warning.
INERT: tuple[tuple[tuple[str, ...], Callable[[Rules], bool], str], ...] = (
    (("declarations",), lambda r: r.declarations.enabled, "declarations.enabled is false"),
    (
        ("declarations",),
        declarations_made,
        "the game is played in partnerships (partnerships.enabled)",
    ),
    (("exchange",), lambda r: r.exchange.mode is not ExchangeMode.NONE, "exchange.mode is none"),
    (
        _NO_TRUMPS,
        lambda r: r.trumps.turn_up or r.trumps.suit is not None,
        "there are no trumps (trumps.turn_up is false, trumps.suit null)",
    ),
    (_LEAD_DUTIES, lambda r: r.leads.enforced, "leads.enforced is false"),
    (
        ("promoted.name", "following.be_civil", "following.civil_call", "leads.pam_and_ace"),
        lambda r: r.promoted.card is not None,
        "there is no promoted card",
    ),
    (
        ("following.be_civil", "following.civil_call"),
        civility_possible,
        "the ace of trumps never meets the promoted card under a duty to follow suit "
        "(trumps.turn_up, tricks.winner, following.follow_suit)",
    ),
    (
        ("special_hands.flush",),
        lambda r: r.special_hands.flush.enabled,
        "special_hands.flush.enabled is false",
    ),
    (_POOL, plays_for_pool, "wagers.scoring is points"),
    (
        ("wagers.mixed_cap", "wagers.mixed_floor"),
        lambda r: r.wagers.loo is LooMode.MIXED,
        "wagers.loo is not mixed",
    ),
    (
        ("declarations.dealer_plays_on_ace", "exchange.dealer_may_discard_turnup"),
        turn_up_held,
        "the turn-up is not the dealer's card (trumps.turn_up_to)",
    ),
    (
        ("exchange.max_cards_large",),
        lambda r: r.exchange.max_cards_from is not None,
        "exchange.max_cards_from is null",
    ),
    (
        ("settlement.award_tie", "settlement.winnings_capped"),
        lambda r: r.settlement.award is not PoolAward.BY_TRICKS,
        "settlement.award is by_tricks",
    ),
    (
        ("settlement.winnings_capped",),
        lambda r: r.wagers.loo is LooMode.MIXED,
        "wagers.loo is not mixed",
    ),
    (
        ("settlement.remainder",),
        lambda r: r.settlement.award is PoolAward.BY_TRICKS,
        "the pool is not divided by the tricks (settlement.award)",
    ),
    (("following.civil_call",), civility_owed, "following.be_civil is off"),
    (("challenges",), lambda r: r.challenges.enabled, "challenges.enabled is false"),
    (("bidding", "settlement.contract"), lambda r: r.bidding.enabled, "bidding.enabled is false"),
    (("partnerships",), lambda r: r.partnerships.enabled, "partnerships.enabled is false"),
    (
        ("partnerships.pass_card", "partnerships.receiver_discard"),
        partnerships_play,
        "all four play (partnerships.play is all)",
    ),
    (("bidding.side_cap",), side_contracts, "contracts are each player's (contract.by)"),
    (
        ("settlement.contract.overtrick",),
        lambda r: r.settlement.contract.made is ContractMade.AT_LEAST,
        "a contract is made only with exactly the tricks bid (settlement.contract.made)",
    ),
    (
        ("settlement.contract.bag_penalty",),
        lambda r: r.settlement.contract.bag_limit > 0,
        "settlement.contract.bag_limit is 0",
    ),
    (
        ("following.head_when_trumped",),
        lambda r: r.following.head_trick,
        "following.head_trick is false",
    ),
    (
        (
            "leads.cinch",
            "leads.honour_trump",
            "leads.trump_if_others_void",
            "following.head_when_trumped",
        ),
        lambda r: not rank_only(r),
        "tricks.winner is rank_only: no card is a trump",
    ),
    (("tricks.equal_ranks",), rank_only, "tricks.winner is not rank_only"),
    (("deal.miss_position",), lambda r: r.deal.miss, "deal.miss is false"),
    (
        ("deal.sizes.low", "deal.sizes.high", "deal.sizes.turn_twice"),
        lambda r: r.deal.sizes.vary is not Vary.FIXED,
        "deal.sizes.vary is fixed",
    ),
    (
        ("declarations.miss_for_pool_looed",),
        miss_played_for_pool,
        "the miss is never played for the pool",
    ),
    (
        ("session.target_points",),
        lambda r: r.session.finish in (Finish.TARGET_POINTS, Finish.LOSS_LIMIT),
        "session.finish is neither target_points nor loss_limit",
    ),
    (
        ("session.peel_single",),
        lambda r: r.session.first_deal is FirstDeal.PEEL_EXPOSED_SINGLE,
        "session.first_deal is not peel_exposed_single",
    ),
    (("passing.directions",), lambda r: r.passing.cards > 0, "passing.cards is 0"),
    (("passing.choice",), passes, "nobody passes (passing.cards, passing.directions)"),
    (("leads.first_card_suit",), first_card_named, "leads.first_card is null"),
    (
        ("leads.breaking", "leads.breakers", "leads.unbroken_exempt"),
        lead_barred_until_broken,
        "no suit waits to be broken (leads.unbroken is null)",
    ),
    (
        ("card_points.moon", "card_points.no_trick", "card_points.base"),
        card_points_counted,
        "no card counts points (card_points.values is empty)",
    ),
    (
        ("players.dealer_sits_out_above",),
        lambda r: (
            r.players.dealer_sits_out_above is None
            or r.players.dealer_sits_out_above < r.max_players
        ),
        "never that many players play",
    ),
)
#: Switches that turn a section on or off: never themselves inert because of it.
_SWITCHES = frozenset(
    (
        "declarations.enabled",
        "exchange.mode",
        "leads.enforced",
        "leads.first_leader",
        "special_hands.flush.enabled",
        "challenges.enabled",
        "partnerships.enabled",
        "partnerships.play",
        "bidding.enabled",
        "deal.sizes.vary",
        "passing.cards",
    )
)


def _no_effect(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Options a file sets where they have no effect (warnings)."""
    seen: set[str] = set()
    for keys, active, why in INERT:
        if active(r):
            continue
        for key in keys:
            for path in res.set_leaves(tuple(key.split("."))):
                dotted = ".".join(str(p) for p in path)
                if dotted in _SWITCHES or dotted in seen:
                    continue
                seen.add(dotted)
                yield Finding(
                    "no-effect",
                    f"{dotted} has no effect: {why}",
                    (dotted,),
                    "remove it, or turn on what it depends on",
                    WARNING,
                )


def _passing_fits(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Every player can pass the cards asked of him (the smallest hand holds them), and a
    pass across has a seat across (an even number of players)."""
    if not passes(r):
        return
    hand = smallest(r.deal.sizes, r.deal.hand_size)
    if r.passing.cards > hand:
        yield Finding(
            "passing",
            f"passing.cards {r.passing.cards} is more than the {hand} card"
            f"{'s' * (hand != 1)} of the smallest hand dealt",
            ("passing.cards", "deal.hand_size", "deal.sizes.low", "deal.sizes.vary"),
            f"pass at most {hand}",
        )
    p = r.players
    top = p.max if p.max is not None else p.default + 1
    odd = [n for n in range(p.min, top + 1) if n % 2]
    if "across" in r.passing.directions and odd:
        yield Finding(
            "passing",
            f"passing.directions across needs an even number of players; {odd[0]} may play",
            ("passing.directions", "players.min", "players.max"),
            "allow only even tables (players.min, players.max), or remove across",
        )


def _exchange_is_listable(r: Rules, res: Resolved) -> Iterator[Finding]:
    """Exchanging any number of cards is offered for hands of at most MAX_EXCHANGE_HAND."""
    if exchanges_made(r) and r.deal.hand_size > MAX_EXCHANGE_HAND:
        yield Finding(
            "exchange-hand",
            f"exchange.mode {r.exchange.mode.value} with hands of {r.deal.hand_size} cards "
            f"offers {2**r.deal.hand_size - 1} exchanges at each decision; the most is "
            f"{2**MAX_EXCHANGE_HAND - 1}, with hands of {MAX_EXCHANGE_HAND}",
            ("exchange.mode", "deal.hand_size"),
            f"deal at most {MAX_EXCHANGE_HAND} cards, or set exchange.mode to none",
        )


#: The semantic checks, in the order their problems are listed at the same place.
CHECKS: tuple[Check, ...] = (
    _pack_holds_players,
    _passing_fits,
    _exchange_is_listable,
    _promoted_in_pack,
    _rank_only_needs_full_pack,
    _ranks_are_the_pack,
    _player_counts,
    _partnerships_need_four,
    _packets_fill_hands,
    _stake_divides,
    _no_contradictions,
    _challenges_between_two,
    _no_effect,
)


#: Kinds of reading problems that leave a file's data readable (see
#: :func:`~cardrules.rules.yamlsafe.read_document`): its other checks still run.
READABLE = frozenset({"duplicate-key", "key-type", "tag", "merge-key", "number", "yaml-version"})


def semantics_of_the_rest(resolved: Resolved, keys: Iterable[str]) -> list[Problem]:
    """The consistency problems of merged rules whose values at ``keys`` (dotted, as the
    schema problems name them) are wrong: those values are set aside (the defaults stand
    in for them) and a finding that involves any of them is not reported, so that every
    reported problem is one the file really has.

    >>> from cardrules.rules.overlay import NO_FINDER, RuleFile, resolve
    >>> data = {"players": {"max": 20}, "leads": {"enforced": "no"}}
    >>> res = resolve(RuleFile.of(data, "f"), NO_FINDER)
    >>> [p.kind for p in semantics_of_the_rest(res, ["leads.enforced"])]
    ['capacity']
    >>> [p.kind for p in semantics_of_the_rest(res, ["players.max"])]
    []
    """
    pruned = {re.sub(r"\[.*$", "", key) for key in keys if key}
    data = copy_data(resolved.data)
    for dotted in pruned:
        *parents, last = dotted.split(".")
        node: Any = data
        for part in parents:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict):
            node.pop(last, None)
    try:
        rules = from_mapping(Rules, data)
    except (TypeError, ValueError, AttributeError, KeyError):
        return []
    if not isinstance(rules, Rules):  # pragma: no cover - from_mapping builds the class given
        return []
    return semantic_problems(rules, resolved, skip=pruned)


def semantic_problems(
    rules: Rules, resolved: Resolved, *, skip: Iterable[str] = ()
) -> list[Problem]:
    """The checks a schema cannot express, on schema-valid merged rules.

    Each problem is placed at the value set last among those involved (for a
    default, at the nearest value a file set).

    >>> from cardrules.rules.model import Players
    >>> from cardrules.rules.overlay import NO_FINDER, RuleFile, resolve
    >>> res = resolve(RuleFile.of({"players": {"max": 20}}, "big.yaml"), NO_FINDER)
    >>> [(p.kind, p.key) for p in semantic_problems(Rules(players=Players(max=20)), res)]
    [('capacity', 'players.max')]
    """
    problems = []
    skipped = tuple(skip)
    for check in CHECKS:
        for found in check(rules, resolved):
            if any(_overlaps(path, s) for path in found.paths for s in skipped):
                continue
            chosen = resolved.latest(tuple(p.split(".")) for p in found.paths)
            path = chosen or tuple(found.paths[0].split("."))
            file, line, col = resolved.locate(path)
            problems.append(
                Problem(
                    file,
                    line,
                    col,
                    found.message,
                    found.suggestion,
                    severity=found.severity,
                    kind=found.kind,
                    key=".".join(str(p) for p in path),
                )
            )
    return problems


def _overlaps(path: str, other: str) -> bool:
    """Whether one dotted path is the other or lies inside it."""
    return path == other or path.startswith(other + ".") or other.startswith(path + ".")


def _yaml_rank(rank: str) -> str:
    """A rank as written in a YAML list: digits quoted, so that they stay text."""
    return f'"{rank}"' if rank.isdigit() else rank


def _rank(text: str) -> str:
    return "T" if text == "10" else text


def _pack_order(cards: PackName) -> list[str]:
    """The ranks of a pack, highest first in the natural order."""
    return [x for x in RANKS[::-1] if x in pack_ranks(cards.value)]
