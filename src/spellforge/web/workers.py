"""Bot moves off the server's event loop: a pool of processes (a search bot thinks for seconds and
would hold the interpreter lock), or threads where processes cannot be spawned (tests, ``--bot-workers 0``).

A bot gets the game as ``state.to_json()`` and answers with its action's text; like every bot it decides
from an :class:`Observation` (its seat's View and determinizations), never from the state it was sent.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any


def bot_move(game_name: str, state_json: dict[str, Any], spec: str, seed: int) -> str:
    """The text of the action the bot ``spec`` (seeded) takes in this position."""
    from spellforge.bots import make_bot
    from spellforge.bots.base import Observation
    from spellforge.games import find_game

    game = find_game(game_name)
    state = game.from_json(state_json)
    bot = make_bot(spec, seed=seed)
    return str(bot.choose(Observation.of(state)))


def _warm() -> None:
    import spellforge.bots
    import spellforge.games  # noqa: F401


def make_pool(workers: int) -> Executor:
    """``workers`` processes (spawned: the server's threads are not forked), or 2 threads when 0."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=2, thread_name_prefix="spellforge-bot")
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm
    )
