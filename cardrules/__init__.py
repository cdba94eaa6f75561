"""cardrules: trick-taking card games and their house rules as data.

A game is a YAML rule file, checked against a JSON Schema and played by one
generic trick-taking engine.

The subpackages, in the order data flows through them: ``rules`` reads rule files into the
rules model, ``engine`` plays it, ``players`` are the bots, ``tools`` simulate, check and
describe games, ``cli`` is the command line, and ``envs`` the learning environments. Beside
them: ``cards`` (cards as small integers), ``errors`` (the exceptions), ``files`` (the one
place files are opened), ``api`` (the entry points that join the rule-file side to the
engine: :func:`new_session`, records and replays), ``openspiel`` (the OpenSpiel game) and
``__main__`` (``python -m cardrules``). The rule-file functions (``load_variant``,
``validate``...) and ``simulate`` and ``compare`` are imported on first use.

>>> import cardrules
>>> rules = cardrules.load_variant("five-card-loo", house_rules=["club-law"])
>>> rules.promoted.card, rules.declarations.forced_play.turn_up_suits
('JC', ('C',))
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardrules.api import load_record, load_state, new_session, replay
from cardrules.engine.actions import action_text, parse_action
from cardrules.engine.deal import Deal, FixedDeal
from cardrules.engine.result import DealResult
from cardrules.engine.sampling import determinize
from cardrules.engine.session import Session
from cardrules.engine.view import DealView
from cardrules.errors import (
    ActionSyntaxError,
    CardRulesError,
    GameOverError,
    IllegalActionError,
    PlayError,
    Problem,
    RecordError,
    RulesError,
    VariantNotFoundError,
)
from cardrules.rules.model import Rules

if TYPE_CHECKING:
    from cardrules.rules.loader import list_variants, load_variant, validate
    from cardrules.tools.simulate import compare, simulate

_LAZY = {
    "list_variants": "cardrules.rules.loader",
    "load_variant": "cardrules.rules.loader",
    "validate": "cardrules.rules.loader",
    "simulate": "cardrules.tools.simulate",
    "compare": "cardrules.tools.simulate",
}


def __getattr__(name: str) -> Any:
    """Import the larger parts of the API on first use, to keep ``import cardrules`` fast."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cardrules' has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "ActionSyntaxError",
    "CardRulesError",
    "Deal",
    "DealResult",
    "DealView",
    "FixedDeal",
    "GameOverError",
    "IllegalActionError",
    "PlayError",
    "Problem",
    "RecordError",
    "Rules",
    "RulesError",
    "Session",
    "VariantNotFoundError",
    "action_text",
    "compare",
    "determinize",
    "list_variants",
    "load_record",
    "load_state",
    "load_variant",
    "new_session",
    "parse_action",
    "replay",
    "simulate",
    "validate",
]
