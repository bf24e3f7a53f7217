"""The Gymnasium environment of every registered game: Gymnasium's checker, registration, a whole game."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import spellforge
from spellforge.envs.gym import SpellforgeGymEnv, env_id
from spellforge.envs.pettingzoo import env as aec_env

GAMES = sorted(spellforge.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_passes(name: str) -> None:
    check_env(SpellforgeGymEnv(name, opponent="random"), skip_render_check=True)


def test_every_game_is_registered_under_its_title() -> None:
    assert env_id("casters") == "spellforge/Casters-v0"
    assert env_id("spellbattle") == "spellforge/SpellBattle-v0"
    for name in GAMES:
        assert env_id(name) in gymnasium.registry


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_against_a_bot_ends_with_the_outcome_as_reward(name: str) -> None:
    env = gymnasium.make(env_id(name), opponent="greedy:samples=1" if name == "casters" else "random")
    obs, info = env.reset(seed=11)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(1)
    steps = 0
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        legal = info["legal"]
        assert np.array_equal(np.flatnonzero(obs["action_mask"]), np.sort(legal))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
    state = env.unwrapped.spellforge_state
    assert terminated and state.outcome is not None
    winners = state.outcome.winners
    assert reward == (0.0 if not winners else (1.0 if 0 in winners else -1.0))
    assert steps > 5


def test_the_spaces_are_the_pettingzoo_environments() -> None:
    single = SpellforgeGymEnv("spellweaver")
    multi = aec_env("spellweaver")
    assert single.action_space == multi.action_space("player_0")
    assert single.observation_space == multi.observation_space("player_0")


def test_an_illegal_index_loses_or_raises_as_asked() -> None:
    env = SpellforgeGymEnv("casters")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info.get("illegal")) == (-1.0, True, True)
    strict = SpellforgeGymEnv("casters", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_a_bad_opponent_spec_is_refused_at_once() -> None:
    with pytest.raises(spellforge.SpellforgeError):
        SpellforgeGymEnv("casters", opponent="greedy:depth=-3")
