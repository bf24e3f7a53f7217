"""The PettingZoo AEC environment of every registered game: PettingZoo's own API and seed tests, bounded
observations that hold nothing the seat may not know, the legacy layout kept, a whole game."""

from __future__ import annotations

import copy
import pickle

import pytest

pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

import spellforge
from spellforge.core.rng import Rng
from spellforge.envs.observation import TableObserver
from spellforge.envs.pettingzoo import env

from .conftest import GAMES, random_states

CONFIGS = [(name, {}) for name in GAMES] + [
    (name, dict(variant)) for name in GAMES for variant in spellforge.GAMES[name].conformance_variants[:1]
]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda x: str(x))
def test_pettingzoo_api_test_passes(name: str, options: dict) -> None:
    api_test(env(name, **options), num_cycles=100, verbose_progress=False)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=60)


def test_the_legacy_layout_is_kept_for_agents_trained_on_it() -> None:
    e = env("casters", action_space="legacy")
    api_test(e, num_cycles=40, verbose_progress=False)
    assert e.action_space("player_0").n == 88_262 or e.action_space("player_0").n > 4096
    with pytest.raises(ValueError, match="action_space"):
        env("casters", action_space="huge")


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_is_the_same_in_every_determinization_of_the_seats_view(name: str) -> None:
    game = spellforge.GAMES[name]
    observer = TableObserver(game)
    checked = 0
    for i, state in enumerate(random_states(name, games=2, seed=5)):
        if i % 7:
            continue
        for seat in range(state.n_seats):
            vector, ids = observer.encode(state, seat)
            other = state.determinize(seat, Rng(i * 31 + seat))
            vector2, ids2 = observer.encode(other, seat)
            assert np.array_equal(vector, vector2) and np.array_equal(ids, ids2)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_is_bounded_and_follows_the_game(name: str) -> None:
    # the determinization test would pass for a constant vector: the vector must follow the game
    game = spellforge.GAMES[name]
    observer = TableObserver(game)
    vectors = set()
    seen = 0
    for state in random_states(name, games=1, seed=2, limit=300):
        vector, ids = observer.encode(state, state.current_player)
        assert vector.dtype == np.float32 and vector.shape == (observer.size,)
        assert float(vector.min()) >= -1.0 and float(vector.max()) <= 1.0
        assert int(ids.min()) >= 0 and int(ids.max()) <= len(observer.keys)
        vectors.add(vector.tobytes())
        seen += 1
    assert len(vectors) > 0.8 * seen


def test_a_hand_card_shows_in_its_slot_only_to_its_owner() -> None:
    game = spellforge.GAMES["spellbattle"]
    observer = TableObserver(game)
    state = game.new_game(seed=4)
    seat = state.current_player
    hand = state.zones[state.layout.hand[seat]]
    first = observer.table.by_key[("hand", False)].start
    mine, _ = observer.encode(state, seat)
    ids_mine = observer.encode(state, seat)[1]
    assert ids_mine[first] == observer.def_index[state.defs[hand[0]].key]
    other = (seat + 1) % state.n_seats
    _, ids_other = observer.encode(state, other)
    # the other seat's own hand is in its hand slots; the first seat's hand cards are nowhere
    assert observer.def_index[state.defs[hand[0]].key] not in set(ids_other.tolist()) or any(
        state.defs[c].key == state.defs[hand[0]].key for c in state.zones[state.layout.hand[other]]
    )
    assert mine.shape == (observer.size,)


def test_the_environment_plays_a_whole_game_and_pays_the_winner() -> None:
    e = env("casters")
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    outcome = e.spellforge_state.outcome
    assert outcome is not None and outcome.winners
    for agent, total in totals.items():
        assert total == (1.0 if e.agent_seat[agent] in outcome.winners else -1.0)


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    e = env("casters")
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.spellforge_state.to_json()
    with pytest.raises(ValueError, match="is not legal"):
        e.step(illegal)
    assert e.spellforge_state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_an_environment_pickles_and_deep_copies_mid_game(name: str) -> None:
    e = env(name)
    e.reset(seed=3)
    rng = np.random.default_rng(1)
    for _ in range(25):
        _, _, terminated, truncated, info = e.last(observe=False)
        if terminated or truncated:
            break
        e.step(int(rng.choice(info["legal"])))
    for other in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert other.spellforge_state.to_json() == e.spellforge_state.to_json()
        agent = e.agent_selection
        assert other.agent_selection == agent
        ours, theirs = e.observe(agent), other.observe(agent)
        assert all(np.array_equal(ours[k], theirs[k]) for k in ours)
        # and it goes its own way
        _, _, terminated, truncated, info = other.last(observe=False)
        if not (terminated or truncated):
            other.step(int(info["legal"][0]))
            assert other.spellforge_state.to_json() != e.spellforge_state.to_json()


def test_max_decisions_and_views_set_after_construction_take_effect() -> None:
    """``max_decisions`` and ``views`` are read by the environment's ``Turns`` at each step: set on the
    environment after it is made, they count."""
    e = env("casters")
    e.max_decisions = 5
    e.views = True
    e.reset(seed=2)
    assert e.max_decisions == 5 and e.views
    assert "view" in e.infos[e.agent_selection]
    for _ in range(5):
        _, _, terminated, truncated, info = e.last(observe=False)
        assert not terminated and not truncated
        e.step(int(info["legal"][0]))
    assert all(e.truncations.values())
