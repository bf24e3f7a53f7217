"""Every registered game as an OpenSpiel game: OpenSpiel's random simulation test with serialisation, its
Python ISMCTS inside evaluate_bots, observers by observation type, a history that names no card, states that
print as what they are, resampling, pickling.

OpenSpiel's C++ search bots (pyspiel.ISMCTSBot, pyspiel.MCTSBot) end in a segmentation fault on games
written in Python, so the search here is OpenSpiel's Python ISMCTS."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

pytest.importorskip("pyspiel", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

import spellforge
from spellforge.envs.openspiel import ISMCTSBot, SpellforgeEvaluator, game_name

from .conftest import GAMES

SAMPLER = pyspiel.UniformProbabilitySampler(0.0, 1.0)


def dealt(game: pyspiel.Game, deal: int = 0) -> pyspiel.State:
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(deal)
    return state


def play(state: pyspiel.State, steps: int, seed: int = 0) -> pyspiel.State:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert {game_name(name) for name in GAMES} <= registered
    assert game_name("casters") == "spellforge_casters"


@pytest.mark.parametrize("name", GAMES)
def test_pyspiel_random_sim_test_passes_with_serialisation(name: str) -> None:
    # short games (cut at 100 decisions): OpenSpiel rebuilds the state from its history at every step
    game = pyspiel.load_game(game_name(name), {"seed": 1, "max_decisions": 100})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert game.num_distinct_actions() <= 4096


@pytest.mark.parametrize("name", GAMES)
def test_a_state_serialises_pickles_and_deep_copies(name: str) -> None:
    game = pyspiel.load_game(game_name(name), {"seed": 3})
    state = play(dealt(game, 17), 40)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state) and state2.history() == state.history()
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert str(other) == str(state) and other.history() == state.history()
        assert other.spellforge_state.to_json() == state.spellforge_state.to_json()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_two_different_states_print_differently_and_a_clone_the_same() -> None:
    game = pyspiel.load_game(game_name("casters"), {"seed": 4})
    a = play(dealt(game, 1), 6)
    # the same position as the acting seat and a spectator see it, other cards in the hidden places
    b = a.resample_from_infostate(a.current_player(), SAMPLER)
    view_a, view_b = a.spellforge_state.observe(None), b.spellforge_state.observe(None)
    view_a.pop("log")
    view_b.pop("log")
    assert view_a == view_b and a.observation_string() == b.observation_string()
    assert str(a) != str(b)
    play(a, 20)
    clone = a.clone()
    assert str(clone) == str(a) and clone.history() == a.history()
    clone.apply_action(clone.legal_actions()[-1])
    assert str(clone) != str(a)


@pytest.mark.parametrize("name", GAMES)
def test_python_ismcts_plays_inside_evaluate_bots(name: str) -> None:
    game = pyspiel.load_game(game_name(name), {"seed": 5, "max_decisions": 150})
    rs = np.random.RandomState(0)
    bots = [
        ISMCTSBot(
            game=game, evaluator=SpellforgeEvaluator(game), uct_c=2.0, max_simulations=2, random_state=rs
        )
        for _ in range(game.num_players())
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == game.num_players() and all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_keeps_the_history_and_the_information_state(name: str) -> None:
    game = pyspiel.load_game(game_name(name), {"seed": 2})
    state = dealt(game, 3)
    rng = random.Random(3)
    differed = 0
    for step in range(120):
        if state.is_terminal():
            break
        player = state.current_player()
        if step % 10 == 0:
            other = state.resample_from_infostate(player, SAMPLER)
            assert other.history() == state.history()
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            if str(other) != str(state):
                differed += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert differed > 0  # resampling changes what the seat cannot see


def test_the_history_names_slots_never_cards() -> None:
    # the same moves from two deals: the histories are alike index by index although other cards moved
    game = pyspiel.load_game(game_name("spellweaver"), {"seed": 6})
    interface = game.interface
    keys = set(spellforge.GAMES["spellweaver"].cards)
    state = play(dealt(game, 8), 60, seed=1)
    for item in state.full_history()[1:]:
        words = interface.describe(item.action)
        assert not any(key in words.split("=") or f"={key}" in words for key in keys), words


def test_observers_honour_the_observation_type() -> None:
    game = pyspiel.load_game(game_name("casters"), {"seed": 7})
    state = play(dealt(game, 5), 12)
    player = state.current_player()
    private = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    recall = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    obs = {
        t: game.make_py_observer(iig)
        for t, iig in (("private", private), ("public", public), ("recall", recall))
    }
    for o in obs.values():
        o.set_from(state, player)
    # the public observer shows no hand: its cards are unknown there, as to a spectator
    hand = [c for c in state.spellforge_state.zones[state.spellforge_state.layout.hand[player]]]
    assert hand
    assert "cards" in json.dumps(
        json.loads(obs["private"].string_from(state, player))["players"][player]["hand"]
    )
    assert "cards" not in json.loads(obs["public"].string_from(state, player))["players"][player]["hand"]
    assert obs["public"].tensor.sum() < obs["private"].tensor.sum()
    # perfect recall: the information state holds the seat's own choices, in order
    text = json.loads(obs["recall"].string_from(state, player))
    own = [index for seat, index in text["history"] if seat == player]
    taken = [item.action for item in state.full_history()[1:] if item.player == player]
    assert own == taken and own
    assert obs["recall"].tensor.size == game.interface.obs_size + game.num_distinct_actions()
    assert obs["recall"].tensor[game.interface.obs_size :].sum() > 0
    # the game's own information state is the perfect-recall one
    assert json.loads(state.information_state_string(player))["history"] == text["history"]


def test_random_rollouts_work_too() -> None:
    game = pyspiel.load_game(game_name("casters"), {"seed": 6})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
    state = dealt(game, 2)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    assert bot.step(state) in state.legal_actions()


def test_game_options_are_parameters() -> None:
    game = pyspiel.load_game(game_name("spellbattle"), {"players": 4, "teams": "alliance"})
    assert game.num_players() == 4
    state = dealt(game)
    assert state.spellforge_state.options["teams"] == "alliance"
    with pytest.raises(Exception, match="teams"):
        pyspiel.load_game(game_name("spellbattle"), {"players": 4, "teams": "nonsense"})
    legacy = pyspiel.load_game(game_name("casters"), {"action_space": "legacy"})
    assert legacy.num_distinct_actions() > 4096
