"""The games the adapter and encoder tests run over, and their table sizes: every bundled
game, at its fewest, default and most players, and with each house rule that applies to it.
"""

from __future__ import annotations

from functools import cache

import cardrules
from cardrules.rules.model import Kind, Rules

#: Every bundled game.
GAMES = tuple(i.name for i in cardrules.list_variants() if i.kind is Kind.GAME)


@cache
def rules_of(variant: str, house_rules: tuple[str, ...] = ()) -> Rules:
    return cardrules.load_variant(variant, house_rules=house_rules)


def house_rules_for(game: str) -> list[str]:
    return [
        v.name
        for v in cardrules.list_variants()
        if v.kind.value == "house_rule" and game in v.applies_to
    ]


def configurations() -> list[tuple[str, tuple[str, ...], int]]:
    """Every game at its fewest, default and most players; each house rule at the default."""
    out: list[tuple[str, tuple[str, ...], int]] = []
    for game in GAMES:
        r = rules_of(game)
        for n in sorted({r.players.min, r.players.default, r.max_players}):
            out.append((game, (), n))
        for h in house_rules_for(game):
            out.append((game, (h,), rules_of(game, (h,)).players.default))
    return out


# ------------------------------------------------------------------ sizes by hand

# (variant, house rules, players, size): words + pack per card verb + exchanges.
