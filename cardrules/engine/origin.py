"""Where a session's rules came from, for its record: :class:`Origin`.

A module of its own, left out of the compiled build (docs/compiled.md): a field of this
attrs class is a class attribute that a compiled module would check against the field's
type.
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["Origin"]


@attrs.frozen
class Origin:
    """Where a session's rules came from, for its record.

    >>> import cardrules
    >>> cardrules.new_session("five-card-loo", house_rules=["club-law"], seed=1).origin
    Origin(variant='five-card-loo', house_rules=('club-law',), overrides=None)
    """

    variant: str
    house_rules: tuple[str, ...] = ()
    overrides: dict[str, Any] | None = attrs.field(default=None, hash=False)
