"""Random legal play of every bundled game with each applicable house rule.

For each game alone and with each house rule written for it, at its smallest,
a middle and its largest player count: deals in sessions, the engine's
invariants checked at every step (see cardrules.tools.conformance). A failure
prints the seed and the record that reproduces it.

Every configuration is checked twice: 150 deals in the fast set (the default
``pytest`` run), and 2,000 deals from another seed in the slow set, marked
``slow`` and run with ``python -m pytest -n auto -m slow`` (CI runs both).
"""

from __future__ import annotations

import pytest

import cardrules
from cardrules.engine.session import Origin
from cardrules.rules.model import Kind
from cardrules.tools.conformance import check_rules

#: Deals per configuration in the fast set, and in the slow set.
FAST_DEALS = 150
SLOW_DEALS = 2000


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
            for n in sorted({lo, (lo + hi) // 2, hi}):
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
    check(game, house_rules, players, FAST_DEALS, seed=29)


@pytest.mark.slow
@PARAMETERS
def test_long_random_play_keeps_the_invariants(
    game: str, house_rules: tuple[str, ...], players: int
) -> None:
    check(game, house_rules, players, SLOW_DEALS, seed=17)
