"""Where games run does not change what happens in them: every backend gives the same batch."""

from __future__ import annotations

import importlib.util
import sys
from typing import Any

import pytest

from spellforge.core.errors import SpellforgeError
from spellforge.sim import simulate
from spellforge.sim.tournament import tournament

TIMING = ("seconds", "games_per_second", "decisions_per_second", "mean_decision_ms", "backend")


def outcome(backend: str, workers: int) -> dict[str, Any]:
    result = simulate("casters", ["greedy", "random"], 4, seed=3, workers=workers, backend=backend).to_dict()
    assert result["errors"] == 0 and result["games"] == 4
    return {k: v for k, v in result.items() if k not in TIMING}


def standings(backend: str, workers: int) -> list[tuple[str, int, int, float]]:
    result = tournament(
        "casters", ["greedy", "random", "greedy:depth=0"], 4, seed=3, workers=workers, backend=backend
    )
    assert result.errors == 0 and result.games == 12
    return [(s.bot, s.games, s.wins, round(s.rating, 6)) for s in result.standings]


@pytest.mark.parametrize(
    "backend",
    [
        "process",
        pytest.param(
            "ray",
            marks=pytest.mark.skipif(
                importlib.util.find_spec("ray") is None, reason="Ray is an extra: pip install -e '.[ray]'"
            ),
        ),
    ],
)
def test_a_batch_and_a_tournament_are_the_same_on_every_backend(backend: str) -> None:
    assert outcome(backend, workers=2) == outcome("local", workers=1)
    assert standings(backend, workers=2) == standings("local", workers=1)


def test_the_ray_backend_without_ray_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(SpellforgeError, match=r"needs Ray, an extra: pip install -e '\.\[ray\]'"):
        simulate("casters", ["random", "random"], 2, seed=1, workers=2, backend="ray")
