"""Players: the bot interface and the bundled bots (random, heuristic, Monte Carlo).

May import the engine's public API and the rules model; never tools or the command line.
"""
