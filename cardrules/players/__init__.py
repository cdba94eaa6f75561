"""Players: the bot interface and the bundled bots (random, heuristic, Monte Carlo).

``base`` is the interface and the random player, whose draws are in ``draws``;
``situation`` is what the seat to move knows, ``odds`` the odds the rules of thumb weigh,
``heuristic`` the player by rules of thumb and ``montecarlo`` the search over them;
``registry`` finds a bot by name; ``playout`` plays whole sessions by bots at speed.

May import the engine's public API and the rules model; never tools or the command line.
"""
