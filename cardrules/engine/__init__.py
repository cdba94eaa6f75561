"""The generic trick-taking engine: cards into deals, deals into sessions.

In the order a deal uses them: ``actions`` numbers every action; ``tables`` compiles the
rules into per-trump tables, with ``tricks`` (the lead and follow duties, who takes a
trick), ``flush`` and ``challenges`` the mechanisms; ``dealing`` deals the cards;
``phases``, ``parts`` and ``state`` are the deal's phases, the named parts of its state and
the state as a value; each phase is a module with its legal actions and applying one:
``declaring`` (and how a deal opens), ``passing`` (partners), ``bidding``, ``playing``
(tricks) and ``challenging`` (put, see, refuse), with ``transitions`` moving a deal from one
phase to the next; ``offer`` holds a phase's legal actions by kind; ``deal`` is the phase
machine and its table;
``view`` its read-only face, read by ``settlement`` (which gives a ``result``), ``refusals``
and ``observation``; ``privacy`` is what a seat sees of others' actions; ``session`` carries
the pool and scores from deal to deal; ``sampling`` deals a seat's hidden cards afresh;
``rulesdata`` and ``record`` write positions and records.

May import: ``cardrules.errors``, ``cardrules.cards`` and, of the rule-file side, only
``cardrules.rules.model``. Nothing here names a game.
"""
