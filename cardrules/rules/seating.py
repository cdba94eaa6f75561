"""Who takes part in a deal: the dealer who stands out of the play at a crowded table.

Peel (docs/sources.md 1.1.1, D25): where many play, "relief is sought by the dealer standing
out of the play, neither paying nor receiving on the tricks of that hand", the company
agreeing. ``players.dealer_sits_out_above`` says from how many players on; the engine, the
checks of a rule file, the terminal and the bots all ask :func:`dealer_sits_out`.

>>> from cardrules.rules.loader import load_variant
>>> rules = load_variant("three-card-loo", overrides={"players.dealer_sits_out_above": 5})
>>> dealer_sits_out(rules, 5), dealer_sits_out(rules, 6)
(False, True)
>>> dealer_sits_out(load_variant("three-card-loo"), 9)
False
"""

from __future__ import annotations

from cardrules.rules.model import Rules

__all__ = ["dealer_sits_out"]


def dealer_sits_out(rules: Rules, players: int) -> bool:
    """Whether the dealer stands out of the play at a table of ``players`` (the same for
    every deal at that table)."""
    above = rules.players.dealer_sits_out_above
    return above is not None and players > above
