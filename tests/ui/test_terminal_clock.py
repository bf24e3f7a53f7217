"""The terminal reports each person's thinking time to a game played with a chess clock."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

from rich.console import Console

from spellforge import find_game
from spellforge.ui.terminal import TerminalGame


def fake_time(step: float) -> Callable[[], float]:
    ticks = [0.0]

    def now() -> float:
        ticks[0] += step
        return ticks[0]

    return now


def answers(*lines: str) -> Callable[[str], str]:
    it: Iterator[str] = iter(lines)
    return lambda prompt: next(it)


def test_a_person_spends_clock_time_and_can_lose_on_time() -> None:
    state = find_game("spellweaver").new_game(seed=2, clock=10.0, increment=1.0)
    seat = state.current_player
    assert seat is not None
    now = fake_time(4.0)
    ui = TerminalGame(
        state,
        {0, 1},
        {},
        console=Console(file=io.StringIO()),
        read=answers("1", "1", "1", "1", "1", "1"),
        now=now,
    )
    assert ui.human_turn(seat)
    assert state.clock.banks[seat] == 10_000 - 4_000 + 1_000
    assert str(state.history()[0]) == f"clock P{seat + 1} 4"
    ui.now = fake_time(30.0)
    other = state.current_player
    assert other is not None
    assert ui.human_turn(other)
    assert state.outcome is not None and state.outcome.reason == "time"


def test_no_clock_no_time_actions() -> None:
    state = find_game("spellweaver").new_game(seed=2)
    seat = state.current_player
    assert seat is not None
    ui = TerminalGame(
        state,
        {0, 1},
        {},
        console=Console(file=io.StringIO()),
        read=answers("1"),
    )
    assert ui.human_turn(seat)
    assert all(not str(a).startswith("clock") for a in state.history())
