"""Random legal play of every bundled game with each applicable house rule.

For each game alone and with each house rule written for it, at its smallest,
a middle, its usual and its largest player count: deals in sessions, the engine's
invariants checked at every step (see cardrules.tools.conformance). A failure
prints the seed and the record that reproduces it.

Every configuration is checked twice: 50 deals in the fast set (the default
``pytest`` run), and 1,000 deals from another seed in the slow set, marked
``slow`` and run with ``python -m pytest -n auto -m slow`` (CI runs both).
"""

from __future__ import annotations

import pytest

import cardrules
from cardrules.engine.session import Origin, Session
from cardrules.rules.model import Kind
from cardrules.tools.conformance import card_places, check_rules

#: Deals per configuration in the fast set, and in the slow set.
FAST_DEALS = 50
SLOW_DEALS = 1000


def _configs() -> list[tuple[str, tuple[str, ...], int]]:
    infos = cardrules.list_variants()
    games = [v for v in infos if v.kind is Kind.GAME]
    house = [v for v in infos if v.kind is Kind.HOUSE_RULE]
    out = []
    for g in games:
        combos: list[tuple[str, ...]] = [()]
        combos += [(h.name,) for h in house if g.name in h.applies_to]
        for hr in combos:
            rules = cardrules.load_variant(g.name, house_rules=hr)
            lo, hi = rules.players.min, rules.max_players
            for n in sorted({lo, (lo + hi) // 2, rules.players.default, hi}):
                out.append((g.name, hr, n))
    return out


CONFIGS = _configs()


def test_every_game_has_configurations() -> None:
    games = {g for g, _, _ in CONFIGS}
    assert {"three-card-loo", "five-card-loo", "irish-loo", "put", "put-four-handed"} <= games
    assert any(hr == ("club-law",) for _, hr, _ in CONFIGS)


PARAMETERS = pytest.mark.parametrize(
    ("game", "house_rules", "players"),
    CONFIGS,
    ids=[f"{g}{'+' + '+'.join(h) if h else ''}-{n}p" for g, h, n in CONFIGS],
)


def check(game: str, house_rules: tuple[str, ...], players: int, deals: int, seed: int) -> None:
    rules = cardrules.load_variant(game, house_rules=house_rules)
    report = check_rules(
        rules, players, deals, seed=seed, deep_every=40, origin=Origin(game, house_rules)
    )
    assert report.ok, "\n".join(str(f) for f in report.failures)
    assert report.deals >= deals


@PARAMETERS
def test_random_play_keeps_the_invariants(
    game: str, house_rules: tuple[str, ...], players: int
) -> None:
    # A deal's work grows with the table: past six players the fast set plays as many
    # cards as 50 deals at six would (the slow set 1,000 deals, scaled likewise).
    deals = FAST_DEALS if players <= 6 else FAST_DEALS * 6 // players
    check(game, house_rules, players, deals, seed=29)


@pytest.mark.slow
@PARAMETERS
def test_long_random_play_keeps_the_invariants(
    game: str, house_rules: tuple[str, ...], players: int
) -> None:
    # Past six players, as many cards as 1,000 deals at six, as in the fast set.
    deals = SLOW_DEALS if players <= 6 else SLOW_DEALS * 6 // players
    check(game, house_rules, players, deals, seed=17)


def test_the_usual_table_size_is_among_those_checked() -> None:
    # Five-card loo is for three to six, five usual (RULES 1.2.1): 5 must be checked.
    assert {n for g, _, n in CONFIGS if g == "five-card-loo"} == {3, 4, 5, 6}


def test_a_turn_up_drawn_in_exchange_is_counted_once() -> None:
    """With the turn-up drawable (D43), the turn-up may end in a hand: it is one card of
    the 52, not a 53rd."""
    rules = cardrules.load_variant("five-card-loo", overrides={"exchange.turnup_drawable": True})
    report = check_rules(rules, 5, 120, seed=3, deep_every=40)
    assert report.ok, "\n".join(str(f) for f in report.failures)
    drawn = 0
    for seed in range(20):
        # Six hands of five leave 21 cards and the turn-up: the stock runs out.
        s = Session(rules, 6, seed=seed)
        # Everyone exchanges as many cards as the stock allows, the turn-up last in it.
        while s.deal.phase_name == "declare" and not s.deal_over:
            texts = s.legal_action_texts()
            exchanges = [t for t in texts if t.startswith("exchange ")]
            s.apply(max(exchanges, key=len) if exchanges else texts[0])
        if s.deal_over:
            continue
        v = s.deal.view
        in_hands = [c for p in range(6) for c in v.hand(p)]
        if v.turnup in in_hands:
            drawn += 1
            cards = card_places(s)
            assert len(cards) == 52 and len(set(cards)) == 52
    assert drawn, "no deal drew the turn-up: the case is not exercised"
