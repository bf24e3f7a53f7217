"""Engine states pickle and deep-copy (environments and OpenSpiel states rest on it): the copy is the same
game, goes its own way, and a registered game comes back as the registry's own ruleset."""

from __future__ import annotations

import copy
import pickle

import pytest

import spellforge
from spellforge.core.rng import Rng

from .conftest import GAMES, random_states


@pytest.mark.parametrize("name", GAMES)
def test_a_state_pickles_and_deep_copies_at_any_decision(name: str) -> None:
    game = spellforge.GAMES[name]
    checked = 0
    for i, state in enumerate(random_states(name, games=1, seed=4, limit=200)):
        if i % 40:
            continue
        for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert other is not state and other.game is game
            assert other.to_json() == state.to_json()
            assert other.history() == state.history()
            other.apply(other.legal_actions()[-1])
            assert other.to_json() != state.to_json()
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", GAMES)
def test_a_determinized_state_pickles(name: str) -> None:
    state = spellforge.GAMES[name].new_game(seed=2)
    other = state.determinize(state.current_player, Rng(5))
    again = pickle.loads(pickle.dumps(other))
    assert again.to_json() == other.to_json() and again.determinized


def test_a_shallow_copy_of_a_registered_game_is_its_own_instance() -> None:
    """Pickling shares the registry's ruleset; ``copy.copy`` must not, or a variant built on the copy
    (a pool with changed cards) would change the registered game for everyone."""
    game = spellforge.find_game("casters")
    pool = game.cards
    other = copy.copy(game)
    assert other is not game and type(other) is type(game) and other.cards is pool
    other._cards = {}  # the copy's pool changes (what with_cards does)
    assert other.cards == {}
    assert game.cards is pool and pickle.loads(pickle.dumps(game)) is game


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_pickles_and_deep_copies_as_itself(name: str) -> None:
    """An environment holds the legal actions it offers; each comes back equal, with its text (compiled,
    an action naming a target failed: its frozen target could not be restored field by field)."""
    seen = 0
    for state in random_states(name, games=1, seed=6, limit=150):
        actions = state.legal_actions()
        for other in (pickle.loads(pickle.dumps(actions)), copy.deepcopy(actions)):
            assert other == actions and [str(a) for a in other] == [str(a) for a in actions]
        seen += len(actions)
    assert seen > 150


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copied_pettingzoo_environment_keeps_its_records_shared_with_its_turns(how: str) -> None:
    """PettingZoo reads ``rewards``, ``terminations``, ``infos``... on the environment, while its compiled
    ``Turns`` writes them: a copy made mid-game shares them the same way, so it plays to the end and pays the
    winner through the environment's own records."""
    pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")
    from spellforge.envs.pettingzoo import env

    e = env("casters")
    e.reset(seed=4)
    for _ in range(20):
        _, _, _, _, info = e.last(observe=False)
        e.step(int(info["legal"][0]))
    copied = pickle.loads(pickle.dumps(e)) if how == "pickle" else copy.deepcopy(e)
    rng = Rng(4)
    while True:
        _, _, terminated, truncated, info = copied.last(observe=False)
        if terminated or truncated:
            break
        legal = info["legal"]
        copied.step(int(legal[rng.randrange(len(legal))]))
    assert all(copied.terminations.values())
    assert sorted(copied.rewards.values()) == [-1.0, 1.0]
    assert sorted(copied._cumulative_rewards.values()) == [-1.0, 1.0]
    assert e.terminations != copied.terminations  # the original is where it was
