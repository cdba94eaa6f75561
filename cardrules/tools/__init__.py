"""Tools built on the engine and players: simulation, conformance checks, rulings,
rulebooks, rule diffs and plots.

May import everything below (rules, engine, players); never the command line.
"""
