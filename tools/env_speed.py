"""A fixed amount of random play, for counting instructions (valgrind's cachegrind) or CPU time.

    python tools/env_speed.py engine GAME N [PLAYERS]   # the engine's random play: games of seeds
                                                      # game_seed(1, 0), (1, 1)... until N decisions
    python tools/env_speed.py env GAME N [PLAYERS]      # N random steps of the PettingZoo environment,
                                                      # each building the observation (``last()``)

It prints the decisions made and the CPU microseconds per decision. Both first play a little (a game of
another seed, 50 steps) so that what is made once is made before. Run it with N = 0 too: the
instructions of that run (imports, the environment built) are subtracted from those of the run with N,
and the difference divided by the decisions made. The environment's loop is ``spellforge bench``'s
``pettingzoo_observed_steps_per_second`` (the same seeds: 1, then 1 + g at the g-th game's end).
"""

from __future__ import annotations

import sys
import time


def engine(game: str, n: int, players: int | None) -> int:
    from spellforge.sim.simulate import game_seed, play_game

    play_game(game, ["random"], game_seed(1, 999), 999, players=players)  # warm: made in the run with 0 too
    made = i = 0
    while made < n:
        result = play_game(game, ["random"], game_seed(1, i), i, players=players)
        if result.error:
            raise RuntimeError(result.error)
        made += result.decisions
        i += 1
    return made


def environment(game: str, n: int, players: int | None) -> int:
    from spellforge.core.rng import Rng
    from spellforge.envs.pettingzoo import env

    e = env(game, players=players)
    rng = Rng(1)
    e.reset(seed=1)
    for _ in range(50):  # warm: made in the run with 0 too
        _obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            break
        legal = info["legal"]
        e.step(int(legal[rng.randrange(len(legal))]))
    rng = Rng(1)
    e.reset(seed=1)
    steps = games = 0
    while steps < n:
        _obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            games += 1
            e.reset(seed=1 + games)
            continue
        legal = info["legal"]
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps


def main(argv: list[str]) -> None:
    mode, game, n = argv[0], argv[1], int(argv[2])
    players = int(argv[3]) if len(argv) > 3 else None
    # both import the same modules before the clock starts
    import importlib

    for module in ("spellforge.envs.pettingzoo", "spellforge.sim.simulate"):
        importlib.import_module(module)

    start = time.process_time()
    made = engine(game, n, players) if mode == "engine" else environment(game, n, players)
    spent = time.process_time() - start
    print(f"decisions {made}")
    if made:
        print(f"cpu_us_per_decision {spent / made * 1e6:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
