"""Hearts' rare legal sets on built deals, through our engine and through OpenSpiel's
``hearts`` (docs/families.md 1.1.5, 1.1.6).

OpenSpiel works out a player's legal cards in order, the first set not empty being the
answer: the suit led; the first card (``2C``, or any club with ``can_lead_any_club``); on the
first trick, with ``no_pts_on_first_trick``, every card but the hearts and ``QS``; a leader's
non-hearts, and the hearts too once broken (with ``can_lead_hearts_instead_of_qs`` the set
{``QS``} counts as empty); otherwise every card held (1.1.5). Hearts are broken by any heart
played, on trick 1 too, by ``QS`` with ``qs_breaks_hearts``, and from the start without
``must_break_hearts`` (1.1.6). Random deals seldom reach the corners of that order; each deal
here is built to reach one: dealt card by card in explicit chance mode (the j-th card to
seat j mod 4), no cards passed (direction 0, legal under every parameter), then played to
the position. Each expected set is worked out from the text above under the parameters that
bear on it, both ways, with the others at their defaults and then all turned over. Our
engine is asked on its own (its actions as text), and the same deal goes through both
engines (:meth:`hearts_openspiel.Pair.replay`, every node compared, played on to the end).
"""

from __future__ import annotations

import itertools

import pytest
from families_scenarios import hands_of
from hearts_openspiel import (
    DEFAULTS,
    Pair,
    canonical_deal,
    card,
    config_id,
    os_card,
    our_rules,
)

from cardrules.cards import card_text
from cardrules.engine.session import Session

Params = dict[str, bool]


def variations(relevant: list[str], **fixed: bool) -> list[Params]:
    """The parameters in ``relevant`` both ways, the others at their defaults and then all
    turned over; ``fixed`` holds some at one value."""
    out = []
    for base in (DEFAULTS, {p: not v for p, v in DEFAULTS.items()}):
        for values in itertools.product((False, True), repeat=len(relevant)):
            out.append(base | dict(zip(relevant, values, strict=True)) | fixed)
    return out


def ids(configs: list[Params]) -> list[str]:
    return [config_id(c) for c in configs]


def ours(params: Params, hands: list[list[str]], plays: list[str]) -> list[str]:
    """The cards our engine lets the player to move play after ``plays`` from this deal."""
    s = Session(our_rules(**params), 4, dealer=2, chance="explicit")
    node = s.chance_node
    if node is not None and node.kind == "direction":
        s.apply(0)  # hold: no cards passed
    for r in range(13):
        for seat in range(4):
            s.apply(hands[seat][r])  # the j-th card to seat j mod 4
    for text in plays:
        s.apply(f"play {text}")
    return sorted(t.removeprefix("play ") for t in s.legal_action_texts())


def both(params: Params, hands: list[list[str]], plays: list[str]) -> list[str]:
    """The same through both engines (compared at every node): OpenSpiel's legal cards at
    that position, equal to ours."""
    history = [0, *canonical_deal(hands), *(os_card(c) for c in plays)]
    game = Pair(our_rules(**params), params).replay(history, 1, hands=False, finish=True)
    return sorted(card_text(card(a)) for a in game.decisions[len(plays)].legal)


def check(params: Params, hands: list[list[str]], plays: list[str], expected: list[str]) -> None:
    assert ours(params, hands, plays) == sorted(expected)
    assert both(params, hands, plays) == sorted(expected)


def suit(hand: list[str], s: str) -> list[str]:
    return [c for c in hand if c.endswith(s)]


def without(hand: list[str], *cards: str) -> list[str]:
    return [c for c in hand if c not in cards]


# A: a first-trick follower holding only hearts and QS may play any of them (1.1.5.3 is
# empty for him, 1.1.5.5 gives every card), with or without no_pts_on_first_trick.
DEAL_A = hands_of(
    "N 2C AS KS JS TS 9S 8S 7S 6S 5S 4S 3S AH · E QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH · "
    "S 2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD · W AD 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
)
A = variations(["no_pts_on_first_trick"])


@pytest.mark.parametrize("params", A, ids=ids(A))
def test_first_trick_follower_with_only_hearts_and_qs(params: Params) -> None:
    e = DEAL_A[1]
    check(params, DEAL_A, ["2C"], e)  # all thirteen, QS and the hearts
    # S, void in clubs too but holding neither hearts nor QS: every card.
    check(params, DEAL_A, ["2C", "KH"], DEAL_A[2])


# B: a leader holding only hearts before they are broken may lead one (1.1.5.5). E wins
# trick 1 with AC; nobody has played a heart or QS.
DEAL_B = hands_of(
    "N 2C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S · E AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH · "
    "S 2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD · W AD AH 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
)
B = variations(["must_break_hearts", "can_lead_hearts_instead_of_qs"])


@pytest.mark.parametrize("params", B, ids=ids(B))
def test_leader_with_only_hearts_before_they_are_broken(params: Params) -> None:
    check(params, DEAL_B, ["2C", "AC", "2D", "3C"], suit(DEAL_B[1], "H"))


# C: a leader whose only non-heart is QS, hearts unbroken: {QS} alone by default;
# can_lead_hearts_instead_of_qs empties that set, so every card (1.1.5.4); without
# must_break_hearts hearts are broken from the start, so every card too (1.1.6).
DEAL_C = hands_of(
    "N 2C AS KS JS TS 9S 8S 7S 6S 5S 4S 3S KH · E AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH · "
    "S 2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD · W AD AH 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
)
C = variations(["can_lead_hearts_instead_of_qs", "must_break_hearts", "qs_breaks_hearts"])


@pytest.mark.parametrize("params", C, ids=ids(C))
def test_leader_with_only_qs_besides_hearts(params: Params) -> None:
    e = without(DEAL_C[1], "AC")
    free = params["can_lead_hearts_instead_of_qs"] or not params["must_break_hearts"]
    check(params, DEAL_C, ["2C", "AC", "2D", "3C"], e if free else ["QS"])


def test_leader_with_only_qs_besides_hearts_default_and_option() -> None:
    # The two readings side by side, the rest at the defaults.
    plays = ["2C", "AC", "2D", "3C"]
    assert ours(DEFAULTS, DEAL_C, plays) == ["QS"]
    option = DEFAULTS | {"can_lead_hearts_instead_of_qs": True}
    assert ours(option, DEAL_C, plays) == sorted(without(DEAL_C[1], "AC"))


# D: QS breaks hearts (with qs_breaks_hearts). Trick 1: N 2C, E AC, S (void in clubs) JD,
# W 4C: S may play every card but the hearts and QS, JD included even when it counts
# (1.1.5.3), or with no_pts_on_first_trick=false every card. Trick 2: E 2S, S QS, W 5C,
# N 3S: S takes it with QS and leads trick 3 holding AS and ten hearts: every card if
# hearts are broken (by QS, or from the start), else AS alone.
DEAL_D = hands_of(
    "N 2C 3C 3S 4S 5S 6S 7S 8S 9S TS JS 2D 3D · E AC 2S KS 4D 5D 6D 7D 8D 9D TD QD KD AD · "
    "S QS AS JD 2H 3H 4H 5H 6H 7H 8H 9H TH JH · W QH KH AH 4C 5C 6C 7C 8C 9C TC JC QC KC"
)
D = variations(["no_pts_on_first_trick", "qs_breaks_hearts", "must_break_hearts", "jd_bonus"])


@pytest.mark.parametrize("params", D, ids=ids(D))
def test_qs_breaks_hearts(params: Params) -> None:
    s = DEAL_D[2]
    first = ["AS", "JD"] if params["no_pts_on_first_trick"] else s
    check(params, DEAL_D, ["2C", "AC"], first)
    plays = ["2C", "AC", "JD", "4C", "2S", "QS", "5C", "3S"]
    left = without(s, "JD", "QS")
    broken = params["qs_breaks_hearts"] or not params["must_break_hearts"]
    check(params, DEAL_D, plays, left if broken else ["AS"])


# E: hearts broken by a discard on trick 1. E, void in clubs and holding only hearts and QS,
# must be let play one (1.1.5.5): a heart played there breaks hearts (1.1.6), so W, who
# takes the trick with AC, may lead AH next; had E played QS, only with qs_breaks_hearts
# (or without must_break_hearts).
DEAL_E = hands_of(
    "N 2C AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S · E QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH · "
    "S 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD · W AH 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
)
E = variations(["qs_breaks_hearts", "must_break_hearts", "no_pts_on_first_trick"])


@pytest.mark.parametrize("params", E, ids=ids(E))
def test_hearts_broken_by_a_discard_on_trick_1(params: Params) -> None:
    w = without(DEAL_E[3], "AC")
    check(params, DEAL_E, ["2C", "2H", "2D", "AC"], w)
    broken = params["qs_breaks_hearts"] or not params["must_break_hearts"]
    check(params, DEAL_E, ["2C", "QS", "2D", "AC"], w if broken else suit(w, "C"))


# F: with no_pts_on_first_trick=false a player void in clubs may discard a heart on trick 1
# though he holds other cards, and that breaks hearts; with it, E may play only AD and S
# only his diamonds, and W then leads his clubs alone.
DEAL_F = hands_of(
    "N 2C AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S · E QS AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH · "
    "S 2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD · W AH 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
)
F_OFF = variations(["qs_breaks_hearts", "must_break_hearts"], no_pts_on_first_trick=False)
F_ON = variations(["qs_breaks_hearts", "must_break_hearts"], no_pts_on_first_trick=True)


@pytest.mark.parametrize("params", F_OFF, ids=ids(F_OFF))
def test_a_heart_discarded_on_trick_1_when_allowed(params: Params) -> None:
    check(params, DEAL_F, ["2C"], DEAL_F[1])
    check(params, DEAL_F, ["2C", "AD"], DEAL_F[2])
    check(params, DEAL_F, ["2C", "AD", "2H", "AC"], without(DEAL_F[3], "AC"))


@pytest.mark.parametrize("params", F_ON, ids=ids(F_ON))
def test_no_heart_on_trick_1_while_the_player_holds_something_else(params: Params) -> None:
    check(params, DEAL_F, ["2C"], ["AD"])
    check(params, DEAL_F, ["2C", "AD"], suit(DEAL_F[2], "D"))
    w = without(DEAL_F[3], "AC")
    check(
        params,
        DEAL_F,
        ["2C", "AD", "2D", "AC"],
        w if not params["must_break_hearts"] else suit(w, "C"),
    )


# G: can_lead_any_club: the holder of 2C may lead any club instead (1.1.5.2); otherwise 2C.
DEAL_G = DEAL_D  # N holds 2C and 3C
G = variations(["can_lead_any_club"])


@pytest.mark.parametrize("params", G, ids=ids(G))
def test_the_first_lead(params: Params) -> None:
    check(params, DEAL_G, [], ["2C", "3C"] if params["can_lead_any_club"] else ["2C"])


def test_the_deals_are_whole_packs() -> None:
    for deal in (DEAL_A, DEAL_B, DEAL_C, DEAL_D, DEAL_E, DEAL_F):
        cards = [c for hand in deal for c in hand]
        assert len(cards) == 52 == len(set(cards)) and all(len(h) == 13 for h in deal)
