"""Random play: games end by the Stages (or CA-R11's draw), never by the turn limit, and both seats win."""

from __future__ import annotations

import pytest

from spellforge.sim.simulate import simulate


@pytest.mark.rules("CA-057", "CA-R11")
def test_random_games_finish() -> None:
    result = simulate("casters", ["random", "random"], 60, seed=1)
    assert result.errors == 0
    assert set(result.reasons) <= {"stages", "both Heroes lost their last Stage at once"}
    assert all(w > 0 for w in result.seat_wins)


@pytest.mark.slow
def test_a_thousand_random_games_finish() -> None:
    result = simulate("casters", ["random", "random"], 1000, seed=1)
    assert result.errors == 0 and result.draws_or_unfinished == result.reasons.get(
        "both Heroes lost their last Stage at once", 0
    )
    assert all(w > 0 for w in result.seat_wins)
