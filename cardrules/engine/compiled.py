"""Which modules of this installation are compiled: the optional mypyc build.

``pip install .`` gives the pure-Python package. Built with ``CARDRULES_COMPILE=1`` (see
docs/compiled.md), the modules named in :data:`COMPILED` are compiled to C extensions by
mypyc from the same source; Python then loads each extension in place of the module's
source. :func:`compiled_modules` says which are in use here.

>>> set(compiled_modules()) <= set(COMPILED)
True
>>> all(m.startswith("cardrules.") for m in COMPILED)
True

This module imports nothing of the package, so that the build reads :data:`COMPILED`
from it before anything is installed.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

__all__ = ["COMPILED", "compiled_modules"]

#: The modules the compiled build compiles: the engine's hot path (the session and its
#: position, dealing, the phase machine, tricks, settlement, the fast path), the random
#: player's draws, and simulation's playing, reading and tallying of a session and its
#: running sums over the sessions. Left out: the attrs classes whose fields are declared
#: by ``attrs.field`` (``FixedDeal``, ``Origin``: a compiled module checks a class
#: attribute against its field's type), and the players' base, whose ``RandomBot`` a user
#: may subclass (Python code cannot subclass a compiled class).
COMPILED = (
    "cardrules.cards",
    "cardrules.engine.actions",
    "cardrules.engine.arguments",
    "cardrules.engine.challenges",
    "cardrules.engine.challenging",
    "cardrules.engine.chance",
    "cardrules.engine.deal",
    "cardrules.engine.dealing",
    "cardrules.engine.declaring",
    "cardrules.engine.finish",
    "cardrules.engine.flush",
    "cardrules.engine.handsize",
    "cardrules.engine.offer",
    "cardrules.engine.parts",
    "cardrules.engine.partnering",
    "cardrules.engine.passing",
    "cardrules.engine.phases",
    "cardrules.engine.playing",
    "cardrules.engine.position",
    "cardrules.engine.privacy",
    "cardrules.engine.refusals",
    "cardrules.engine.result",
    "cardrules.engine.rulesdata",
    "cardrules.engine.session",
    "cardrules.engine.settlement",
    "cardrules.engine.state",
    "cardrules.engine.tables",
    "cardrules.engine.transitions",
    "cardrules.engine.tricks",
    "cardrules.engine.view",
    "cardrules.players.draws",
    "cardrules.players.playout",
    "cardrules.tools.simulate.engine_reads",
    "cardrules.tools.simulate.plan",
    "cardrules.tools.simulate.stream",
)

_EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED` that this installation loads compiled (none in the
    pure-Python package), in the order of :data:`COMPILED`. It finds each module as an
    import would, without importing it."""
    out = []
    for name in COMPILED:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        if origin is not None and origin.endswith(_EXTENSIONS):
            out.append(name)
    return tuple(out)
