"""The environments build each observation and each step's legal indices from the last ones (only what
changed is worked out again): at every step of random games they equal a build from scratch."""

from __future__ import annotations

import random
import weakref

import pytest

pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import numpy as np

import spellforge
from spellforge.envs.actions import SlotCodec
from spellforge.envs.observation import TableObserver
from spellforge.envs.pettingzoo import env

from .conftest import GAMES, PLAYER_COUNTS

CONFIGS = [(name, players, {}) for name, players in PLAYER_COUNTS] + [
    (name, None, dict(variant)) for name in GAMES for variant in spellforge.GAMES[name].conformance_variants
]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=str)
def test_every_observation_and_mask_equals_one_built_from_scratch(
    name: str, players: int | None, options: dict
) -> None:
    options = dict(options)
    players = options.pop("players", players)
    e = env(name, players=players, **options)
    game = e.game
    fresh = TableObserver(game, e.n_players, **options)
    codec = SlotCodec(game, e.n_players, fresh.table)
    rng = random.Random(7)
    compared = 0
    for episode in range(12):
        if compared >= 400:
            break
        e.reset(seed=11 + episode)
        for step in range(400):
            agent = e.agent_selection
            # now and then a few steps without observing (the next observation starts further back), and
            # now and then every agent (those not acting too)
            skip = step % 23 in (5, 6, 7)
            agents = e.agents if step % 5 == 0 else [agent]
            _, _, terminated, truncated, info = e.last(observe=False)
            if terminated or truncated:
                break
            state = e.spellforge_state
            seat = e.agent_seat[agent]
            expected_legal = codec.legal_indices(state, seat, state.legal_actions())
            assert sorted(info["legal"].tolist()) == sorted(expected_legal), (name, step)
            if not skip:
                for a in agents:
                    s = e.agent_seat[a]
                    obs = e.observe(a)
                    vector, ids = fresh.encode(state, s)
                    where = np.flatnonzero(obs["observation"] != vector)
                    assert where.size == 0, (
                        name,
                        step,
                        a,
                        [
                            fresh.table.section_of(
                                (int(i) - fresh.offsets["slots"]) // fresh.slot_width
                            ).label
                            for i in where
                            if i >= fresh.offsets["slots"]
                        ]
                        or where[:8].tolist(),
                    )
                    assert np.array_equal(obs["card_ids"], ids), (name, step, a)
                    mask = np.zeros(e.interface.size, dtype=np.int8)
                    if a == agent:
                        mask[list(expected_legal)] = 1
                    assert np.array_equal(obs["action_mask"], mask), (name, step, a)
                    compared += 1
            e.step(int(rng.choice(info["legal"].tolist())))
    assert compared >= 400



@pytest.mark.parametrize("name", GAMES)
def test_an_observation_kept_is_never_changed_by_later_steps(name: str) -> None:
    """The environment writes each observation into arrays it keeps, read-only outside; it writes one again
    only once nothing else holds it (the whole dict, one array or a view of one), so what an agent keeps
    stays as it was."""
    e = env(name)
    e.reset(seed=5)
    rng = random.Random(3)
    kept: list[tuple[dict, dict]] = []  # (the observation, a copy of it then)
    parts: list[tuple[np.ndarray, np.ndarray]] = []  # (a view or an array alone, a copy of it then)
    for step in range(300):
        obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            break
        assert not obs["observation"].flags.writeable
        assert not obs["card_ids"].flags.writeable
        assert not obs["action_mask"].flags.writeable
        with pytest.raises(ValueError):
            obs["observation"][0] = 0.5
        if step % 7 == 0:
            kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        elif step % 7 == 3:
            view = obs["observation"][e.interface.observer.offsets["slots"] :]
            parts.append((view, view.copy()))
        elif step % 7 == 5:
            parts.append((obs["action_mask"], obs["action_mask"].copy()))
            parts.append((obs["card_ids"], obs["card_ids"].copy()))
        # every agent's observation now and then (those not acting too)
        if step % 11 == 0:
            for a in e.agents:
                assert e.observe(a) is e.observe(a)
        del obs
        e.step(int(rng.choice(info["legal"].tolist())))
    assert len(kept) > 10
    for obs, then in kept:
        for k, v in obs.items():
            assert np.array_equal(v, then[k]), (name, k)
    for now, then in parts:
        assert np.array_equal(now, then), name


@pytest.mark.parametrize("name", GAMES)
def test_the_observations_let_go_are_written_again_in_place(name: str) -> None:
    """An agent that keeps no observation gets the same few arrays at every step (none is copied out)."""
    e = env(name)
    e.reset(seed=6)
    rng = random.Random(4)
    seen: list[weakref.ref] = []  # the observations' arrays (without holding them)
    for _ in range(200):
        obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            break
        arr = obs["observation"]
        if not any(ref() is arr for ref in seen):
            seen.append(weakref.ref(arr))
        del obs, arr
        e.step(int(rng.choice(info["legal"].tolist())))
    assert len(seen) <= 2 * e.n_players, (name, len(seen))
