"""Evaluators: the generic fallback and each game's own, in range and from the right point of view."""

from __future__ import annotations

import dataclasses

import pytest

from spellforge import GAMES
from spellforge.bots import Observation, make_bot
from spellforge.bots.evaluate import evaluator_for, generic_evaluate, outcome_value
from spellforge.bots.facts import search_facts


def positions(game: str, count: int = 4) -> list:
    out = []
    for seed in range(count):
        state = GAMES[game].new_game(seed=seed)
        bot = make_bot("random", seed=seed)
        for _ in range(20 + 10 * seed):
            if state.is_over:
                break
            state.apply(bot.choose(Observation.of(state)))
        out.append(state)
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_evaluations_are_in_range(game: str) -> None:
    evaluate = evaluator_for(GAMES[game])
    for state in positions(game):
        for seat in range(state.n_seats):
            assert -1.0 <= evaluate(state, seat) <= 1.0
            assert -1.0 <= generic_evaluate(state, seat) <= 1.0


@pytest.mark.parametrize("game", list(GAMES))
def test_two_player_evaluations_are_opposite(game: str) -> None:
    evaluate = evaluator_for(GAMES[game])
    for state in positions(game):
        if state.n_seats == 2 and not state.is_over:
            assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1), abs=1e-9)


@pytest.mark.parametrize("game", list(GAMES))
def test_finished_game_scores_its_result(game: str) -> None:
    state = GAMES[game].new_game(seed=3)
    bot = make_bot("random", seed=3)
    while not state.is_over:
        state.apply(bot.choose(Observation.of(state)))
    evaluate = evaluator_for(GAMES[game])
    for seat in range(state.n_seats):
        assert evaluate(state, seat) == outcome_value(state, seat)


@pytest.mark.parametrize("game", list(GAMES))
def test_evaluation_does_not_depend_on_hidden_cards(game: str) -> None:
    """Evaluators run on determinized states: resampling what the seat cannot see changes nothing."""
    from spellforge.core.rng import Rng

    evaluate = evaluator_for(GAMES[game])
    for state in positions(game):
        if state.is_over:
            continue
        for seat in range(state.n_seats):
            value = evaluate(state, seat)
            for k in range(3):
                assert evaluate(state.determinize(seat, Rng(k)), seat) == pytest.approx(value)


def test_generic_fallback_without_a_game_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(iter(GAMES.values()))
    monkeypatch.setattr(
        type(game), "hints", dataclasses.replace(game.hints, evaluate=lambda state, seat: None)
    )
    assert search_facts(game).evaluate is not None
    evaluate = evaluator_for(game)
    state = positions(game.name, 1)[0]
    assert evaluate(state, 0) == generic_evaluate(state, 0)
    assert make_bot("greedy", seed=1).choose(Observation.of(state)) in state.legal_actions()
