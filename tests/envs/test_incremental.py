"""The environments build each observation and each step's legal indices from the last ones (only what
changed is worked out again): at every step of random games they equal a build from scratch."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import numpy as np

import spellforge
from spellforge.envs.actions import SlotCodec
from spellforge.envs.observation import TableObserver, _Head
from spellforge.envs.pettingzoo import env

from .conftest import GAMES, PLAYER_COUNTS, random_states

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


@pytest.mark.parametrize(("name", "players"), PLAYER_COUNTS, ids=str)
def test_the_head_written_in_a_loop_equals_the_straight_line_head(name: str, players: int) -> None:
    """The envelope and the numbers (the head of the vector) are written by code made for each seat from
    source and by ``_Head``, a loop over a plan, compiled. Step after step of random games, each call
    starting from what the last one wrote, they write the same; and the same as a head written afresh."""
    game = spellforge.GAMES[name]
    observer = TableObserver(game, players)
    width = observer.offsets["slots"]
    heads = None
    written = 0
    for state in random_states(name, games=2, seed=5, limit=400, players=players):
        if heads is None:
            heads = []
            for seat in range(players):
                code, namespace = observer._head_code(state, seat)
                exec(code, namespace)
                loop = _Head(observer, state, seat, namespace["envelope"])
                heads.append(
                    (
                        seat,
                        namespace["head"],
                        loop,
                        np.zeros(width, np.float32),
                        np.zeros(width, np.float32),
                        [None, None],
                        [None, None],
                    )
                )
        for seat, straight, loop, a, b, memo_a, memo_b in heads:
            straight(state, memoryview(a), memo_a)
            loop(state, memoryview(b), memo_b)
            assert np.array_equal(a, b), (
                name,
                state.decisions_made,
                seat,
                np.flatnonzero(a != b)[:8].tolist(),
            )
            fresh = np.zeros(width, np.float32)
            code, namespace = observer._head_code(state, seat)
            exec(code, namespace)
            namespace["head"](state, memoryview(fresh), [None])
            assert np.array_equal(fresh, a), (name, state.decisions_made, seat)
            written += 1
        if state.decisions_made % 97 == 0:  # now and then a new game's state: the rows stay right
            heads = None
    assert written > 300
