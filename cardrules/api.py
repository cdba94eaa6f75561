"""The entry points that join the rule-file side to the engine: open a session from a
variant's name, replay a record.

They are re-exported by :mod:`cardrules`; the engine itself never reads rule files.

>>> s = new_session("put", seed=3)
>>> s.players, s.rules.challenges.enabled
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.engine.record import check_record, replay_under
from cardrules.engine.rulesdata import rules_from_json
from cardrules.engine.session import Origin, Session
from cardrules.errors import RecordError, VariantNotFoundError
from cardrules.rules.model import Rules

__all__ = ["new_session", "replay"]


def new_session(
    variant: str | Rules,
    house_rules: Sequence[str] = (),
    overrides: dict[str, Any] | None = None,
    *,
    players: int | None = None,
    seed: int | None = None,
    **kwargs: Any,
) -> Session:
    """Load a variant (a bundled name, a path, or a :class:`Rules`) and open a session.

    Keyword arguments are those of :class:`~cardrules.engine.session.Session`.
    """
    if isinstance(variant, Rules):
        rules = variant
        origin = Origin(rules.name, tuple(house_rules), overrides)
    else:
        # Imported on first use: the loader brings in yaml, which ``import cardrules``
        # does not need.
        from cardrules.rules.loader import load_variant

        rules = load_variant(variant, house_rules=house_rules, overrides=overrides)
        origin = Origin(variant, tuple(house_rules), overrides)
    return Session(rules, players, seed=seed, origin=origin, **kwargs)


def replay(record: dict[str, Any], rules: Rules | None = None) -> Session:
    """Rebuild a session from its record, applying every action.

    ``rules`` may be given; otherwise they are loaded by the record's variant name, house
    rules and overrides, or, when the record names none or its variant cannot be found
    from here, read from the effective rules the record carries (checked by their hash).

    >>> s = new_session("three-card-loo", players=3, seed=11)
    >>> s.apply(s.legal_actions()[0])
    >>> replay(s.record()) == s
    True
    """
    spec = check_record(record)
    if rules is None and spec.get("variant"):
        # Imported on first use, as in new_session.
        from cardrules.rules.loader import load_variant

        try:
            rules = load_variant(
                spec["variant"],
                house_rules=spec.get("house_rules", ()),
                overrides=spec.get("overrides") or None,
            )
        except VariantNotFoundError:
            if not spec.get("effective"):
                raise
        except (TypeError, AttributeError) as exc:
            raise RecordError(f"the record's rules cannot be read: {exc}") from None
    if rules is None:
        rules = rules_from_json(spec.get("effective"))
    return replay_under(record, rules)
