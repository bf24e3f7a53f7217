"""The PettingZoo AEC environment of every registered game: PettingZoo's own API and seed tests, the fixed
meaning of action indices, and observations that hold nothing the seat's View does not."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

import spellforge
from spellforge.bots import Observation, make_bot
from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.envs.encoding import ActionCodec, ObservationEncoder, _stack_ranks
from spellforge.envs.pettingzoo import env

GAMES = sorted(spellforge.GAMES)
CONFIGS = [(name, {}) for name in GAMES] + [
    (name, dict(variant)) for name in GAMES for variant in spellforge.GAMES[name].conformance_variants[:1]
]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda x: str(x))
def test_pettingzoo_api_test_passes(name: str, options: dict) -> None:
    api_test(env(name, **options), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=150)


def random_states(name: str, games: int = 3, seed: int = 0, **options):
    """States along random games (every decision of each)."""
    rng = random.Random(seed)
    game = spellforge.GAMES[name]
    for g in range(games):
        state = game.new_game(seed=seed * 100 + g, **options)
        while not state.is_over and state.decisions_made < 600:
            yield state
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_is_the_same_in_every_determinization_of_the_seats_view(name: str) -> None:
    game = spellforge.GAMES[name]
    encoder, codec = ObservationEncoder(game), ActionCodec(game)
    checked = 0
    for i, state in enumerate(random_states(name, games=2, seed=5)):
        if i % 7:
            continue
        for seat in range(state.n_seats):
            vector = encoder.encode(state.observe(seat))
            other = state.determinize(seat, Rng(i * 31 + seat))
            assert np.array_equal(vector, encoder.encode(other.observe(seat)))
            if seat == state.current_player:
                legal = codec.legal_indices(state, seat, state.legal_actions())
                legal_other = codec.legal_indices(other, seat, other.legal_actions())
                assert sorted(legal) == sorted(legal_other)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_follows_what_the_view_shows(name: str) -> None:
    # the determinization test would pass for a constant vector: the vector must follow the View
    game = spellforge.GAMES[name]
    encoder = ObservationEncoder(game)
    seen: dict[str, np.ndarray] = {}
    for state in random_states(name, games=1, seed=2):
        seat = state.current_player
        view = state.observe(seat)
        vector = encoder.encode(view)
        key = repr({k: v for k, v in view.items() if k not in ("log", "decision")})
        seen.setdefault(key, vector)
        assert np.isfinite(vector).all()
    vectors = list(seen.values())
    distinct = {v.tobytes() for v in vectors}
    assert len(distinct) > 0.9 * len(vectors)


@pytest.mark.parametrize("name", GAMES)
def test_actions_that_share_an_index_are_the_same_action_on_the_same_kind_of_card(name: str) -> None:
    game = spellforge.GAMES[name]
    codec = ActionCodec(game)
    shared = 0
    for state in random_states(name, games=3, seed=9):
        seat = state.current_player
        legal = state.legal_actions()
        kind = state.decision.kind
        by_index: dict[int, list] = {}
        ranks = _stack_ranks(legal)
        for action in legal:
            by_index.setdefault(codec.index(state, seat, action, kind, ranks), []).append(action)
        for index, actions in by_index.items():
            assert 0 <= index < codec.size
            first = actions[0]
            assert codec.describe(index).startswith(type(first).__name__.lower())
            for other in actions[1:]:
                shared += 1
                assert type(other) is type(first)
                for f in fields(first):
                    a, b = getattr(first, f.name), getattr(other, f.name)
                    if f.name in first.card_fields:
                        assert codec.card_code(state, seat, a) == codec.card_code(state, seat, b)
                    elif f.name not in first.target_fields:
                        assert a == b, f"{first} and {other} share index {index}"


@pytest.mark.parametrize("name", GAMES)
def test_an_index_means_the_same_card_definition_in_every_game(name: str) -> None:
    # the same definition gets the same index whatever instance id the card has in this game
    game = spellforge.GAMES[name]
    codec = ActionCodec(game)
    meaning: dict[int, tuple] = {}
    for state in random_states(name, games=4, seed=3):
        seat = state.current_player
        for index, action in codec.legal_indices(state, seat, state.legal_actions()).items():
            cards = [getattr(action, n) for n in action.card_fields if getattr(action, n) >= 0]
            key = (
                type(action).__name__,
                *(state.defs[c].key if state.can_see(seat, c) else "?" for c in cards),
            )
            assert meaning.setdefault(index, key) == key


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
def test_the_legal_indices_are_each_actions_own_index(name: str) -> None:
    # legal_indices is the environment's fast path: the same indices as index(), action by action
    game = spellforge.GAMES[name]
    codec = ActionCodec(game)
    for g in range(3):
        state = game.new_game(seed=g)
        bot = make_bot("random", seed=g)
        while state.outcome is None and state.decisions_made < 300:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            kind = state.decision.kind if state.decision is not None else ""
            ranks = _stack_ranks(legal)
            expected: dict[int, Action] = {}
            for action in legal:
                expected.setdefault(codec.index(state, seat, action, kind, ranks), action)
            assert list(codec.legal_indices(state, seat, legal).items()) == list(expected.items())
            state.apply(bot.choose(Observation.of(state)))
