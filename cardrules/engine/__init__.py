"""The generic trick-taking engine: cards into deals, deals into sessions.

In the order a deal uses them: ``actions`` numbers every action and ``arguments`` checks
what the API is given; ``tables`` compiles the rules into per-trump tables, with ``tricks``
(the lead and follow rules, who takes a trick), ``duties`` (the leads that depend on the
deal so far), ``bars`` (cards barred by the play so far: a first card, a suit unbroken),
``flush``, ``challenges``, ``cardpoints`` (points for the cards taken) and
``contractpoints`` (what bids score) the mechanisms; ``handsize`` is each deal's number of
cards where the rules vary it, ``dealing`` deals the cards (``fixeddeal`` a deal given card
by card) and ``chance`` makes the cut, the deal and the draws explicit chance nodes;
``phases``, ``parts`` and ``state`` are the deal's phases, the named parts of its state and
the state as a value. Each phase is a module with its legal actions and applying one:
``declaring`` (and how a deal opens; ``restock`` restocks a stock that runs out),
``partnering`` (partners pass a card), ``passing`` (every player passes cards to another),
``bidding``, ``playing`` (tricks) and ``challenging`` (put, see, refuse), with
``transitions`` moving a deal from one phase to the next and ``offer`` holding a phase's
legal actions by kind; ``deal`` is the phase machine and its table; ``view`` its read-only
face, read by ``settlement`` (which gives a ``result``), ``refusals`` and ``observation``;
``privacy`` is what a seat sees of others' actions; ``session`` carries the pool and scores
from deal to deal, ``position`` is its fields as a value, ``origin`` where its rules came
from and ``finish`` when it ends; ``sampling`` deals a seat's hidden cards afresh;
``rulesdata`` and ``record`` write positions and records, ``cardcheck`` refuses a position
whose cards cannot be; ``space`` numbers a table's actions compactly and ``encoding`` writes
an observation as numbers; ``compiled`` names the modules of the compiled build.

May import: ``cardrules.errors``, ``cardrules.cards`` and, of the rule-file side, only
``cardrules.rules.model``. Nothing here names a game.
"""
