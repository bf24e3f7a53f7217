"""``spellforge bench``: speed of each game, as medians over several runs, for comparing changes.

Per game: random-play games, decisions and turns per second (through the same path ``simulate`` uses,
bots and Observations included), and the median microseconds of ``clone()`` on mid-game states.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from spellforge.bots import make_bot
from spellforge.bots.base import Observation
from spellforge.compiled import is_compiled
from spellforge.core.rng import Rng
from spellforge.core.state import State
from spellforge.games import find_game

from .simulate import game_seed, play_game

# Extra measurements that later parts add (e.g. search iterations per second), keyed by field name.
EXTRA: dict[str, Callable[[str, int, float], float]] = {}


def random_play(game: str, seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Play random games for about ``seconds``; returns (games, decisions, turns, elapsed)."""
    games = decisions = turns = 0
    start = time.perf_counter()
    i = 0
    while True:
        r = play_game(game, ["random"], game_seed(seed, i), i)
        if r.error:
            raise RuntimeError(f"bench game {i} failed: {r.error}")
        games += 1
        decisions += r.decisions
        turns += r.turns
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, decisions, turns, elapsed


def midgame_states(game: str, count: int, seed: int) -> list[State]:
    """States a few turns into random games (where a search bot would clone them)."""
    ruleset = find_game(game)
    out: list[State] = []
    i = 0
    while len(out) < count and i < count * 20:
        state = ruleset.new_game(seed=game_seed(seed, 10_000 + i))
        bot = make_bot("random", seed=i)
        target = 6 + (i % 5)
        while state.outcome is None and state.turn < target:
            state.apply(bot.choose(Observation.of(state)))
        if state.outcome is None:
            out.append(state)
        i += 1
    return out


def clone_us(game: str, seed: int, repeats: int = 2000) -> float:
    """Median microseconds per ``clone()`` over a set of mid-game states."""
    samples = []
    for state in midgame_states(game, 10, seed):
        clone = state.clone
        t0 = time.perf_counter()
        for _ in range(repeats):
            clone()
        samples.append((time.perf_counter() - t0) / repeats * 1e6)
    return statistics.median(samples) if samples else float("nan")


def ismcts_iterations_per_second(game: str, seed: int, seconds: float) -> float:
    """ISMCTS iterations per second at the default cutoff, searching from mid-game decisions.

    Iterations are counted (not timed) per decision, so the figure is comparable between changes: the
    bot searches a fixed number of iterations from each of a set of mid-game states for about ``seconds``.
    """
    from spellforge.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot

    states = midgame_states(game, 8, seed)
    if not states:
        return float("nan")
    bot = ISMCTSBot(seed=seed, iterations=DEFAULT_ITERATIONS)
    iterations = 0
    start = time.perf_counter()
    i = 0
    while True:
        state = states[i % len(states)]
        bot.search(Observation.of(state))
        iterations += bot.last_iterations
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return iterations / elapsed


EXTRA["ismcts_iterations_per_second"] = ismcts_iterations_per_second


# Measurements compared with the engine's own speed: each run takes them right after its random play, and
# their ratio to it is the median of the runs' ratios, so a machine whose load changes compares like with like.
PAIRED = {
    "pettingzoo_steps_per_second": "pettingzoo_vs_engine",
    "pettingzoo_observed_steps_per_second": "pettingzoo_ratio",
}


def bench_game(game: str, runs: int = 5, seconds: float = 1.0, seed: int = 1) -> dict[str, Any]:
    gps, dps, tps, clones = [], [], [], []
    paired: dict[str, list[float]] = {name: [] for name in PAIRED if name in EXTRA}
    ratios: dict[str, list[float]] = {name: [] for name in paired}
    for run in range(runs):
        g, d, t, el = random_play(game, seconds, seed + run)
        gps.append(g / el)
        dps.append(d / el)
        tps.append(t / el)
        for name in paired:
            value = EXTRA[name](game, seed + run, seconds)
            paired[name].append(value)
            ratios[name].append(value / (d / el) if d else float("nan"))
        clones.append(clone_us(game, seed + run))
    out: dict[str, Any] = {
        "games_per_second": round(statistics.median(gps), 2),
        "decisions_per_second": round(statistics.median(dps), 1),
        "turns_per_second": round(statistics.median(tps), 1),
        "clone_us": round(statistics.median(clones), 2),
        "runs": runs,
        "seconds_per_run": seconds,
        "compiled": is_compiled(),  # the engine's modules mypyc's extensions (tools/compile.py)
        "spread": {
            "decisions_per_second": [round(min(dps), 1), round(max(dps), 1)],
            "clone_us": [round(min(clones), 2), round(max(clones), 2)],
        },
    }
    for name, measure in EXTRA.items():
        if name in paired:
            out[name] = round(statistics.median(paired[name]), 1)
            # pettingzoo_vs_engine: the environment's own overhead (legal indices only);
            # pettingzoo_ratio: what a learning agent pays (each step builds the observation)
            out[PAIRED[name]] = round(statistics.median(ratios[name]), 2)
        else:
            out[name] = round(statistics.median(measure(game, seed + r, seconds) for r in range(runs)), 1)
    return out


def bench(games: list[str], runs: int = 5, seconds: float = 1.0, seed: int = 1) -> dict[str, Any]:
    return {g: bench_game(g, runs, seconds, seed) for g in games}


__all__ = [
    "EXTRA",
    "Rng",
    "bench",
    "bench_game",
    "clone_us",
    "ismcts_iterations_per_second",
    "midgame_states",
    "random_play",
]


def pettingzoo_steps_per_second(game: str, seed: int, seconds: float) -> float:
    """Random steps per second through the PettingZoo environment (``spellforge.envs.pettingzoo``): each
    step reads the selected agent's legal indices (``last(observe=False)`` and its info) and steps one at
    random, as a random agent does; observations are built only when asked for, so this is the
    environment's own cost over the engine's. NaN without the ``[rl]`` extra."""
    try:
        from spellforge.envs.pettingzoo import env
    except ImportError:
        return float("nan")
    e = env(game)
    rng = Rng(seed)
    e.reset(seed=seed)
    steps = 0
    games = 0
    start = time.perf_counter()
    while True:
        _, _, terminated, truncated, info = e.last(observe=False)
        if terminated or truncated:
            games += 1
            e.reset(seed=seed + games)
            continue
        legal = info["legal"]
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
        if steps % 64 == 0:
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps / elapsed


def pettingzoo_observed_steps_per_second(game: str, seed: int, seconds: float) -> float:
    """As ``pettingzoo_steps_per_second``, but each step also builds the agent's observation (``last()``:
    the vector, the card ids and the action mask), as a learning agent needs. Its ratio to the engine's
    ``decisions_per_second`` is ``pettingzoo_ratio``. NaN without the ``[rl]`` extra."""
    try:
        from spellforge.envs.pettingzoo import env
    except ImportError:
        return float("nan")
    e = env(game)
    rng = Rng(seed)
    e.reset(seed=seed)
    steps = 0
    games = 0
    start = time.perf_counter()
    while True:
        _obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            games += 1
            e.reset(seed=seed + games)
            continue
        legal = info["legal"]
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
        if steps % 16 == 0:
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return steps / elapsed


EXTRA["pettingzoo_steps_per_second"] = pettingzoo_steps_per_second
EXTRA["pettingzoo_observed_steps_per_second"] = pettingzoo_observed_steps_per_second
