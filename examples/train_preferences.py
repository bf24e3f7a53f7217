"""Train a small policy on one game with the PettingZoo environment and measure it against the random bot.

The policy is a softmax over the legal action indices with one learned preference per index. It uses the
legacy action layout (``action_space="legacy"``), where an index is the same action type on the same card
definition and target position in every game, so a preference learned in one game means the same thing in
the next: "attack an opponent's minion with a Gravel Ghoul" or "recycle a Searing Hex" is one index
wherever it appears. (In the default compact layout an index names a slot, so a policy needs the
observation to know which card is there: ``examples/train_maskable_ppo.py``.)
It learns by REINFORCE with a running baseline, from the outcome only, playing seat 0 and seat 1 in turn
against a uniformly random opponent, then plays fresh games (new seeds) against it.

    .venv/bin/python examples/train_preferences.py casters --episodes 1500 --eval 400

needs the [rl] extra (numpy, pettingzoo).
"""

from __future__ import annotations

import argparse
import math
import random
import time

import numpy as np

from spellforge.envs.pettingzoo import env as make_env


def play(
    e, prefs: np.ndarray, learner: str, rng: random.Random, seed: int, greedy: bool, trace: list | None
) -> float:
    """One game: ``learner`` follows the preferences, the other agents play at random. Returns its reward."""
    e.reset(seed=seed)
    total = 0.0
    for agent in e.agent_iter(1_000_000):
        _, reward, terminated, truncated, info = e.last(observe=False)
        if agent == learner:
            total += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = info["legal"]
        if agent != learner:
            e.step(int(legal[rng.randrange(len(legal))]))
            continue
        logits = prefs[legal]
        if greedy:
            choice = int(legal[int(np.argmax(logits + 1e-9 * rng.random()))])
        else:
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = int(np.searchsorted(np.cumsum(p), rng.random() * 0.999999))
            choice = int(legal[min(k, len(legal) - 1)])
            if trace is not None and len(legal) > 1:
                trace.append((legal, p, choice))
        e.step(choice)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", default="casters")
    parser.add_argument("--episodes", type=int, default=1500)
    parser.add_argument("--eval", type=int, default=400)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    e = make_env(args.game, action_space="legacy")
    prefs = np.zeros(e.action_space("player_0").n, dtype=np.float64)
    rng = random.Random(args.seed)
    baseline = 0.0
    start = time.perf_counter()
    for episode in range(args.episodes):
        learner = e.possible_agents[episode % 2]
        trace: list = []
        reward = play(e, prefs, learner, rng, seed=1_000_000 + episode, greedy=False, trace=trace)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for legal, p, choice in trace:  # the gradient of log softmax: one-hot minus the probabilities
            prefs[legal] -= args.lr * advantage * p
            prefs[choice] += args.lr * advantage
        if (episode + 1) % 250 == 0:
            print(
                f"episode {episode + 1}: running reward {baseline:+.3f} ({time.perf_counter() - start:.0f} s)"
            )
    wins = 0
    for i in range(args.eval):
        # the policy as trained (sampled): always taking the most preferred index can stall a game
        wins += play(e, prefs, e.possible_agents[i % 2], rng, seed=i, greedy=False, trace=None) > 0
    lo, hi = wilson(wins, args.eval)
    print(
        f"trained policy against random, {args.eval} new games, seats alternating: "
        f"won {wins} ({100 * wins / args.eval:.1f}%, 95% interval {100 * lo:.1f}-{100 * hi:.1f}%)"
    )


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    p = wins / games
    d = 1 + z * z / games
    c = (p + z * z / (2 * games)) / d
    h = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return c - h, c + h


if __name__ == "__main__":
    main()
