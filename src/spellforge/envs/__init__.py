"""Research interfaces: every registered game as a PettingZoo, Gymnasium and OpenSpiel environment.

They need the ``[rl]`` extra (``pip install -e '.[rl]'``); nothing in the engine imports them (a game
imports only ``spellforge.envs.facts``, plain Python, to declare what they need of it). What they share:

* ``spellforge.envs.table``: the table a seat looks at, its cards in fixed slots;
* ``spellforge.envs.actions``: the compact action space, a verb and slots on that table (at most 4,096);
* ``spellforge.envs.observation``: the bounded observation vector, slot by slot;
* ``spellforge.envs.legacy``: the first action space and observation, kept (``action_space="legacy"``).

* ``spellforge.envs.pettingzoo.env(game, **options)``: the AEC environment;
* ``import spellforge.envs.gym``: registers ``spellforge/<Game>-v0`` with Gymnasium (one seat against
  opponents);
* ``import spellforge.envs.openspiel``: registers ``spellforge_<game>`` with OpenSpiel.
"""
