#!/usr/bin/env python3
"""Random-play speed of every game against OpenSpiel's C++ ``gin_rummy`` stepped from Python, in one run.

    python3 dev.py compile --version                       # build/compiled, once (needs a C compiler)
    .venv/bin/python tools/against_gin_rummy.py [--rounds 3] [--seconds 1]

Each round measures ``gin_rummy`` (random legal actions, chance outcomes drawn by their probabilities, from
Python through ``pyspiel``), then each game's random play (``spellforge.sim.bench.random_play``, the figure
``spellforge bench`` reports as ``decisions_per_second``) from ``build/compiled`` when it exists and from the
source, every measurement in a fresh process. It prints a Markdown table of the medians over the rounds and
each one's ratio to ``gin_rummy``'s steps per second measured in the same rounds. Needs the ``[rl]`` extra
(``open-spiel``). Wall-clock figures: run it on a quiet machine and say how loaded it was.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("spellbattle", "spellweaver", "casters", "spelldawn", "spellfire")

GIN = """
import random, sys, time
import pyspiel
game, rng, seconds = pyspiel.load_game("gin_rummy"), random.Random(1), float(sys.argv[1])
steps, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
print(steps / (time.perf_counter() - start))
"""

ENGINE = """
import sys
from spellforge.compiled import is_compiled
from spellforge.sim.bench import random_play
games, decisions, _, elapsed = random_play(sys.argv[1], float(sys.argv[2]), 1)
print(decisions / elapsed, is_compiled())
"""


def measure(code: str, args: list[str], path: Path | None) -> str:
    """Run ``code`` in a fresh Python with ``path`` first on ``sys.path``: the source tree runs from source
    (``SPELLFORGE_PURE=1``, whatever build the environment's startup hook would put in its place), a build
    compiled."""
    env = {k: v for k, v in os.environ.items() if k != "SPELLFORGE_PURE"}
    if path is not None:
        env["PYTHONPATH"] = str(path)
        if path == ROOT / "src":
            env["SPELLFORGE_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring {args[0]} failed:\n{done.stderr[-2000:]}")
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/against_gin_rummy.py", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds, each measuring everything once (default 3)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement (default 1)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    builds = {"from source": ROOT / "src"}
    if (ROOT / "build" / "compiled" / "spellforge").is_dir():
        builds = {"compiled": ROOT / "build" / "compiled", **builds}
    gin: list[float] = []
    figures: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        gin.append(float(measure(GIN, [str(args.seconds)], None)))
        for build, path in builds.items():
            for game in GAMES:
                measured, compiled = measure(ENGINE, [game, str(args.seconds)], path).split()
                if (compiled == "True") != (build == "compiled"):
                    raise SystemExit(f"{game}: expected the engine {build}, it ran compiled={compiled}")
                figures.setdefault((build, game), []).append(float(measured))
    base = statistics.median(gin)
    print(f"gin_rummy: {base:,.0f} steps/s (median of {args.rounds} rounds)\n")
    print("| game | " + " | ".join(f"{b} decisions/s | x gin_rummy" for b in builds) + " |")
    print("|---|" + "---:|---:|" * len(builds))
    for game in GAMES:
        cells = []
        for build in builds:
            rate = statistics.median(figures[build, game])
            cells += [f"{rate:,.0f}", f"{rate / base:.2f}"]
        print(f"| {game} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
