"""Tools built on the engine and players: simulation (``simulate``), conformance checks
(``conformance``), rulings (``rulings``), rulebooks (``rulebook``), rule diffs
(``rulediff``) and plots (``plot``).

May import everything below (rules, engine, players); never the command line.
"""
