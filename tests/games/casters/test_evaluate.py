"""The heuristic evaluator for search bots: in [-1, 1], sided, and blind to what the seat cannot see."""

from __future__ import annotations

from spellforge.core.rng import Rng
from spellforge.games.casters.hints import evaluate

from .casters_util import GAME, Side, scenario


def test_evaluate_favours_the_stronger_side_and_stays_in_range() -> None:
    state = scenario(Side(field=["glacier-titan", "dusk-ravager"]), Side(stage_deck=["misty-fen"]))
    me, them = evaluate(state, 0), evaluate(state, 1)
    assert me is not None and them is not None
    assert -1 <= them < 0 < me <= 1


def test_evaluate_scores_a_finished_game_exactly() -> None:
    state = GAME.new_game(seed=4)
    rng = Rng(4)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.outcome is not None
    for seat in (0, 1):
        expected = 0.0 if state.outcome.is_draw else (1.0 if seat in state.outcome.winners else -1.0)
        assert evaluate(state, seat) == expected


def test_evaluate_reads_only_what_the_seat_could_know() -> None:
    state = GAME.new_game(seed=9)
    rng = Rng(9)
    for _ in range(50):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in (0, 1):
        scores = {evaluate(state.determinize(seat, Rng(k)), seat) for k in range(6)}
        assert scores == {evaluate(state, seat)}
