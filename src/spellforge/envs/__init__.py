"""Research interfaces: every registered game as a PettingZoo, Gymnasium and OpenSpiel environment.

They need the ``[rl]`` extra (``pip install -e '.[rl]'``); nothing in the engine imports them. The action
layout and the observation vector they share are described in :mod:`spellforge.envs.encoding`.

* ``spellforge.envs.pettingzoo.env(game, **options)``: the AEC environment;
* ``import spellforge.envs.gym``: registers ``spellforge/<Game>-v0`` with Gymnasium (one seat against a bot);
* ``import spellforge.envs.openspiel``: registers ``spellforge_<game>`` with OpenSpiel.
"""
