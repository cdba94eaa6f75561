"""Random legal play of every bundled game with each applicable house rule.

For each game alone and with each house rule written for it, at its smallest,
a middle and its largest player count: 2,000 deals in sessions, the engine's
invariants checked at every step (see cardrules.tools.conformance). A failure
prints the seed and the record that reproduces it.
"""

from __future__ import annotations

import pytest

import cardrules
from cardrules.engine.session import Origin
from cardrules.rules.model import Kind
from cardrules.tools.conformance import check_rules

DEALS = 2000


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


@pytest.mark.parametrize(
    ("game", "house_rules", "players"),
    CONFIGS,
    ids=[f"{g}{'+' + '+'.join(h) if h else ''}-{n}p" for g, h, n in CONFIGS],
)
def test_random_play_keeps_the_invariants(
    game: str, house_rules: tuple[str, ...], players: int
) -> None:
    rules = cardrules.load_variant(game, house_rules=house_rules)
    report = check_rules(
        rules, players, DEALS, seed=17, deep_every=40, origin=Origin(game, house_rules)
    )
    assert report.ok, "\n".join(str(f) for f in report.failures)
    assert report.deals >= DEALS
