"""Learning environments: every game as a PettingZoo and a Gymnasium environment.

:mod:`cardrules.envs.pettingzoo` (the ``pettingzoo`` extra) gives each game as a
multi-agent AEC environment, :mod:`cardrules.envs.gymnasium` (the ``gymnasium`` extra) one
seat of it against the bundled bots; :mod:`cardrules.envs.table` is what both share. They
use the public engine (:mod:`cardrules.engine.space` numbers the actions,
:mod:`cardrules.engine.encoding` writes the observations) and the api; nothing in the
package imports them, so ``import cardrules`` needs neither library nor numpy.
"""
