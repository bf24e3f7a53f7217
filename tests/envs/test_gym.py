"""The Gymnasium environment of every registered game: the env checker, vector environments (sync and async),
the mask method masked-action libraries read, opponents (bots, policies, self-play), an episode that stays
ended, pickling."""

from __future__ import annotations

import copy
import pickle

import pytest

pytest.importorskip("gymnasium", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import spellforge
from spellforge.envs.gym import SpellforgeGymEnv, env_id
from spellforge.envs.pettingzoo import env as aec_env

from .conftest import GAMES


def first_legal(observation: dict[str, np.ndarray]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_passes(name: str) -> None:
    check_env(SpellforgeGymEnv(name, opponent="random"), skip_render_check=True)


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("name", GAMES)
def test_vector_environments_step_through_whole_games(name: str, mode: str) -> None:
    envs = gymnasium.make_vec(env_id(name), num_envs=2, vectorization_mode=mode, max_decisions=120)
    try:
        obs, _ = envs.reset(seed=5)
        assert obs["observation"].shape == (2, envs.single_observation_space["observation"].shape[0])
        ended = 0
        done = np.zeros(2, dtype=bool)
        for _ in range(150):
            masks = obs["action_mask"]
            # an episode that ended shows no legal index; the next step resets it (the action is ignored)
            assert all(m.any() != d for m, d in zip(masks, done, strict=True))
            actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
            obs, _, terminated, truncated, _ = envs.step(actions)
            done = terminated | truncated
            ended += int(np.sum(done))
        assert ended > 0
        assert envs.single_action_space.n <= 4096
    finally:
        envs.close()


def test_every_game_is_registered_under_its_title() -> None:
    assert env_id("casters") == "spellforge/Casters-v0"
    assert env_id("spellbattle") == "spellforge/SpellBattle-v0"
    for name in GAMES:
        assert env_id(name) in gymnasium.registry


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_against_a_bot_ends_with_the_outcome_as_reward(name: str) -> None:
    env = gymnasium.make(env_id(name), opponent="greedy:samples=1" if name == "casters" else "random")
    obs, _ = env.reset(seed=11)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(1)
    steps = 0
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        mask = env.unwrapped.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    state = env.unwrapped.spellforge_state
    assert terminated and state.outcome is not None
    winners = state.outcome.winners
    assert reward == (0.0 if not winners else (1.0 if 0 in winners else -1.0))
    assert steps > 5


def test_an_ended_episode_stays_ended() -> None:
    env = SpellforgeGymEnv("casters")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.spellforge_state.to_json()
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info.get("illegal")) == (-1.0, True, True)
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(first_legal(obs))
    assert env.spellforge_state.to_json() == before  # the game never moved
    env.reset(seed=3)
    assert env.action_masks().any()


def test_an_illegal_index_raises_when_asked() -> None:
    strict = SpellforgeGymEnv("casters", illegal="raise")
    obs, _ = strict.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_a_callable_policy_plays_the_other_seats() -> None:
    seen: list[int] = []

    def policy(observation: dict[str, np.ndarray]) -> int:
        seen.append(int(observation["action_mask"].sum()))
        return first_legal(observation)

    env = SpellforgeGymEnv("spellbattle", opponent=policy)
    obs, _ = env.reset(seed=4)
    for _ in range(40):
        obs, _, terminated, truncated, _ = env.step(first_legal(obs))
        if terminated or truncated:
            break
    assert seen and min(seen) >= 1


def test_self_play_uses_a_frozen_copy_of_the_policy() -> None:
    class Counter:
        def __init__(self) -> None:
            self.calls = 0

        def __call__(self, observation: dict[str, np.ndarray]) -> int:
            self.calls += 1
            return first_legal(observation)

    env = SpellforgeGymEnv("casters", opponent="self")
    obs, _ = env.reset(seed=6)
    obs, *_ = env.step(first_legal(obs))  # before a freeze: uniform over the legal indices
    live = Counter()
    env.freeze(live)
    for _ in range(30):
        obs, _, terminated, truncated, _ = env.step(first_legal(obs))
        if terminated or truncated:
            break
    assert live.calls == 0  # the opponent plays a copy, not the policy being trained
    assert env._frozen is not None and env._frozen.calls > 0  # type: ignore[attr-defined]


def test_a_bad_opponent_is_refused_at_once() -> None:
    with pytest.raises(spellforge.SpellforgeError):
        SpellforgeGymEnv("casters", opponent="greedy:depth=-3")
    with pytest.raises(ValueError, match="opponent"):
        SpellforgeGymEnv("casters", opponent=42)  # type: ignore[arg-type]


def test_the_spaces_are_the_pettingzoo_environments() -> None:
    single = SpellforgeGymEnv("spellweaver")
    multi = aec_env("spellweaver")
    assert single.action_space == multi.action_space("player_0")
    assert single.observation_space == multi.observation_space("player_0")


@pytest.mark.parametrize("name", GAMES)
def test_an_environment_pickles_and_deep_copies(name: str) -> None:
    env = SpellforgeGymEnv(name, opponent="random")
    obs, _ = env.reset(seed=9)
    for _ in range(10):
        obs, _, terminated, truncated, _ = env.step(first_legal(obs))
        if terminated or truncated:
            obs, _ = env.reset(seed=10)
    for other in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert other.spellforge_state.to_json() == env.spellforge_state.to_json()
        assert np.array_equal(other.action_masks(), env.action_masks())
