"""Train sb3-contrib's MaskablePPO on one Spellforge game against a bot, on the CPU, and measure it.

    pip install -e '.[rl,examples]'     # torch (CPU), sb3-contrib
    python examples/train_maskable_ppo.py casters --opponent random --minutes 12 --eval 300

The policy sees the learning seat's observation vector (``spellforge.envs.observation``) and picks among the
legal indices of the compact action space (``spellforge.envs.actions``) through the environment's
``action_masks()``. The learning seat alternates between the seats (one environment per seat), and so does
the evaluation: ``--eval`` games before training (the untrained policy, which plays about uniformly among
the legal actions) and as many after, the policy sampled as trained, each with its win rate and Wilson 95%
interval. One JSON line with every figure ends the output (``--json FILE`` also writes it there).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

import spellforge
from spellforge.envs.gym import SpellforgeGymEnv


class VectorOnly(gymnasium.ObservationWrapper):  # type: ignore[misc]
    """The observation vector alone (the card ids are for models with an embedding; an MLP reads the
    card features already in the vector)."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]


def make_env(game: str, opponent: str, seat: int, players: int | None) -> gymnasium.Env:
    env = SpellforgeGymEnv(game, opponent=opponent, seat=seat, players=players, max_decisions=3000)
    return ActionMasker(VectorOnly(env), lambda e: e.unwrapped.action_masks())


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(
    model: MaskablePPO, game: str, opponent: str, players: int | None, games: int, seed: int
) -> dict[str, Any]:
    """Win rate of the policy (sampled) over ``games`` games, the seat alternating."""
    n_players = players or spellforge.GAMES[game].default_players
    wins = draws = 0
    for g in range(games):
        env = make_env(game, opponent, g % n_players, players)
        obs, _ = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward > 0
        draws += reward == 0
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "draws": draws, "win_rate": wins / games, "wilson95": [low, high]}


class StopAfter(BaseCallback):  # type: ignore[misc]
    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return time.perf_counter() - self.start < self.seconds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(spellforge.GAMES))
    parser.add_argument(
        "--opponent", default="random", help="the bot spec the other seats play (default random)"
    )
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--minutes", type=float, default=12.0, help="training time (default 12)")
    parser.add_argument(
        "--eval", type=int, default=300, help="evaluation games before and after (default 300)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    parser.add_argument("--save", default=None, help="save the trained model here")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    n_players = args.players or spellforge.GAMES[args.game].default_players
    venv = DummyVecEnv(
        [
            (lambda s=s: make_env(args.game, args.opponent, s % n_players, args.players))
            for s in range(max(2, n_players))
        ]
    )
    venv.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 128]},
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    before = evaluate(model, args.game, args.opponent, args.players, args.eval, seed=10_000 + args.seed)
    print(f"before: {before}", flush=True)
    start = time.perf_counter()
    model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60))
    seconds = time.perf_counter() - start
    steps = int(model.num_timesteps)
    after = evaluate(model, args.game, args.opponent, args.players, args.eval, seed=20_000 + args.seed)
    print(f"after: {after}", flush=True)
    if args.save:
        model.save(args.save)
    result = {
        "game": args.game,
        "opponent": args.opponent,
        "players": n_players,
        "action_space": int(venv.action_space.n),
        "observation": int(venv.observation_space.shape[0]),
        "steps": steps,
        "minutes": round(seconds / 60, 2),
        "steps_per_second": round(steps / seconds, 1),
        "before": before,
        "after": after,
        "seed": args.seed,
    }
    line = json.dumps(result)
    print(line)
    if args.json:
        with open(args.json, "w") as fh:
            fh.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
