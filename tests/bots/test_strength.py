"""The acceptance figures of the bots, for every registered game (long: ``python3 dev.py test -m slow``).

These run exactly what the README's commands run (200 games, seed 7, seats rotating) and check the
thresholds: greedy beats random in at least 85% of games, ISMCTS at its default budget beats greedy in
at least 60%, and in a game with limited formats the draft picker beats random picks in at least 60%.
CI skips them; ``spellforge bench`` measures speed.
"""

from __future__ import annotations

import pytest

from spellforge import GAMES
from spellforge.sim import simulate

GAMES_PER_RUN = 200
SEED = 7


def win_rate(game: str, bots: list[str], **options: str) -> float:
    result = simulate(game, bots, GAMES_PER_RUN, seed=SEED, workers=2, backend="process", options=options)
    assert result.errors == 0, result.error_messages
    return result.wins[0] / result.games


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_greedy_beats_random(game: str) -> None:
    assert win_rate(game, ["greedy", "random"]) >= 0.85


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_ismcts_beats_greedy(game: str) -> None:
    assert win_rate(game, ["ismcts", "greedy"]) >= 0.60


LIMITED = [
    (name, fmt)
    for name, g in GAMES.items()
    for o in g.options
    if o.name == "format"
    for fmt in o.choices
    if fmt in ("sealed", "draft")
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "fmt"), LIMITED)
def test_the_draft_picker_beats_random_picks(game: str, fmt: str) -> None:
    """Both bots play greedy; only the limited-format picks differ (README footnote (d): 70.5%, 81.5%)."""
    assert win_rate(game, ["greedy", "greedy:picks=random"], format=fmt) >= 0.60
