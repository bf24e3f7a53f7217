"""The environments build each observation and each step's legal indices from the last ones (only what
changed is worked out again): at every step of random games they equal a build from scratch."""

from __future__ import annotations

import random

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


def test_the_envelope_follows_the_teams_of_each_game() -> None:
    """The envelope is copied from rows made before, keyed by what it reads in a game; the teams are the same
    all game long, and a game with other teams (a reset with other options) has its rows made again."""
    e = env("spellbattle", players=4)
    for options in ({}, {"teams": "alliance"}, {}):
        e.reset(seed=2, options={"game_options": options})
        fresh = TableObserver(e.game, 4)  # rows made for this game alone
        state = e.spellforge_state
        for agent in e.agents:
            vector, _ = fresh.encode(state, e.agent_seat[agent])
            assert np.array_equal(e.observe(agent)["observation"], vector), (options, agent)
