"""The greedy bot's search: what one decision may cost."""

from __future__ import annotations

from typing import Any

import pytest

from spellforge import GAMES
from spellforge.bots import Observation, make_bot
from spellforge.bots import greedy as greedy_module
from spellforge.bots.facts import search_facts
from spellforge.core.state import State


def big_decision(game: str) -> State:
    """The position with the most options among the first random decisions of a few seeded games."""
    best: State | None = None
    for seed in range(4):
        state = GAMES[game].new_game(seed=seed)
        bot = make_bot("random", seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            if best is None or len(state.legal_actions()) > len(best.legal_actions()):
                best = state.clone()
            state.apply(bot.choose(Observation.of(state)))
    assert best is not None
    return best


@pytest.mark.parametrize("game", sorted(GAMES))
def test_greedy_decision_makes_at_most_its_budget_of_moves(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many options a decision has, and however many each is followed by, greedy's search makes
    at most STEP_BUDGET moves besides each option's own, one option's own per determinization (a hand of
    forty cards once cost each decision tens of thousands of moves, and a draft game hours)."""
    state = big_decision(game)
    legal = state.legal_actions()
    budget = 200
    monkeypatch.setattr(greedy_module, "STEP_BUDGET", budget)
    moves = 0
    apply = type(state).apply

    def counting(self: State, action: Any) -> Any:
        nonlocal moves
        moves += 1
        return apply(self, action)

    monkeypatch.setattr(type(state), "apply", counting)
    bot = make_bot("greedy", seed=3)
    action = bot.choose(Observation.of(state))
    assert action in legal
    assert len(legal) > 1
    own = len(legal) * (search_facts(GAMES[game]).greedy_samples or 1)
    assert moves <= max(budget, own) + own  # an option always gets one move of its own line at least
