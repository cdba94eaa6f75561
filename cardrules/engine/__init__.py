"""The generic trick-taking engine: cards into deals, deals into sessions.

``actions`` numbers every action; ``tables`` compiles the rules into per-trump tables;
``tricks``, ``flush`` and ``challenges`` are the mechanisms; ``deal`` is the phase machine of one
deal; ``settlement`` turns a finished deal into a result; ``session`` carries the pool and scores
from deal to deal; ``record`` writes and replays game records.

May import: ``cardrules.errors``, ``cardrules.cards`` and, of the rule-file side, only
``cardrules.rules.model``. Nothing here names a game.
"""
