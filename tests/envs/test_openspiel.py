"""Every registered game as an OpenSpiel game: OpenSpiel's random simulation test, its Python ISMCTS playing
whole games, and resampling from an information state through determinize.

OpenSpiel's C++ search bots (pyspiel.ISMCTSBot, pyspiel.MCTSBot) end in a segmentation fault on games
written in Python, so the search here is OpenSpiel's Python ISMCTS."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import spellforge
from spellforge.envs.openspiel import SpellforgeEvaluator, game_name

GAMES = sorted(spellforge.GAMES)


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert {game_name(name) for name in GAMES} <= registered
    assert game_name("casters") == "spellforge_casters"


@pytest.mark.parametrize("name", GAMES)
def test_pyspiel_random_sim_test_passes(name: str) -> None:
    game = pyspiel.load_game(game_name(name), {"seed": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_python_ismcts_bot_plays_a_whole_game(name: str) -> None:
    game = pyspiel.load_game(game_name(name), {"seed": 5})
    rs = np.random.RandomState(0)
    evaluator = SpellforgeEvaluator(game)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = int(rs.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 3
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.spellforge_state.is_over or state.move_number() >= game.max_game_length()


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_has_the_seats_information_state_and_observation(name: str) -> None:
    game = pyspiel.load_game(game_name(name), {"seed": 2})
    state = game.new_initial_state()
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = 0
    for step in range(120):
        if state.is_terminal():
            break
        player = state.current_player()
        if step % 10 == 0:
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            if other.spellforge_state.to_json() != state.spellforge_state.to_json():
                differed += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert differed > 0  # resampling changes what the seat cannot see


def test_random_rollouts_work_too() -> None:
    game = pyspiel.load_game(game_name("casters"), {"seed": 6})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
    state = game.new_initial_state()
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    assert bot.step(state) in state.legal_actions()


def test_a_clone_is_the_same_game_and_goes_its_own_way() -> None:
    game = pyspiel.load_game(game_name("casters"), {"seed": 4})
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.spellforge_state.to_json() == state.spellforge_state.to_json()
    assert clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[-1])
    assert clone.spellforge_state.to_json() != state.spellforge_state.to_json()


def test_game_options_are_parameters() -> None:
    game = pyspiel.load_game(game_name("spellbattle"), {"players": 4, "teams": "alliance"})
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.spellforge_state.options["teams"] == "alliance"
    with pytest.raises(Exception, match="teams"):
        pyspiel.load_game(game_name("spellbattle"), {"players": 4, "teams": "nonsense"})
