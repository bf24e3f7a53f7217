"""Where games run does not change what happens in them: every backend gives the same batch."""

from __future__ import annotations

import importlib.util
import sys
import threading
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


def test_a_batch_reported_game_by_game_is_the_same_on_worker_processes() -> None:
    # with a listener (--log) the process backend sizes its jobs as it goes: every game is still played
    # once, reported once, and the same as here
    seen: list[int] = []
    result = simulate(
        "casters",
        ["greedy", "random"],
        4,
        seed=3,
        workers=2,
        backend="process",
        on_result=lambda r: seen.append(r.index),
    ).to_dict()
    assert sorted(seen) == [0, 1, 2, 3]
    assert {k: v for k, v in result.items() if k not in TIMING} == outcome("local", workers=1)


def test_worker_processes_started_beside_another_thread_play_the_same_batch() -> None:
    # a running thread (a progress bar) makes the workers start from a fork server instead of a fork
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    try:
        assert outcome("process", workers=2) == outcome("local", workers=1)
    finally:
        stop.set()
        thread.join()
