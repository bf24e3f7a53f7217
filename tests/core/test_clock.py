"""The chess clock in core (``core/clock.py``): any game can offer it by mixing ``ClockMixin`` in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import pytest

from spellforge.core.actions import Action, Done, Pass
from spellforge.core.cards import CardDef
from spellforge.core.clock import CLOCK_OPTIONS, ClockMixin, TimeUsed, format_seconds
from spellforge.core.decks import DeckList
from spellforge.core.errors import IllegalActionError
from spellforge.core.flow import Decision, Phase, TurnStructure
from spellforge.core.kinds import act, flow_op, legal
from spellforge.core.ruleset import Ruleset
from spellforge.core.zones import Visibility, ZoneSpec


class TickState(ClockMixin):
    """A game of nothing: the seats take turns saying pass, forever, with a clock."""

    __slots__ = ("clock_ms",)
    COPY: ClassVar[dict[str, str]] = {"clock_ms": "list"}

    def init_game(self) -> None:
        self.clock_ms = self.start_clock()

    @flow_op("setup")
    def op_setup(self) -> None:
        self.schedule(("tick",))

    @flow_op("tick")
    def op_tick(self) -> None:
        self.turn += 1
        self.ask("tick", self.turn % self.n_seats)

    @legal("tick")
    def legal_tick(self) -> list[Action]:
        return [Pass(), Done()]

    @act("tick")
    def act_tick(self, action: Action, d: Decision) -> None:
        self.schedule(("tick",))

    def view_part(self, seat: int | None) -> dict[str, Any]:
        return {"clock": list(self.clock_ms)}


class Tick(Ruleset):
    name = "tick"
    title = "Tick"
    options = CLOCK_OPTIONS
    zones = (ZoneSpec("deck", True, Visibility.HIDDEN),)
    turn_structure = TurnStructure((Phase("only"),))
    actions = (TimeUsed,)
    state_class = TickState

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return {}

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        return [], []


def new(**options: Any) -> TickState:
    state = Tick().new_game(seed=1, decks=[[], []], **options)
    assert isinstance(state, TickState)
    return state


def test_time_used_prints_and_parses_back() -> None:
    for action in (TimeUsed(0, 3500), TimeUsed(1, 250), TimeUsed(0, 2000), TimeUsed(1, 0)):
        assert TimeUsed.parse(str(action)) == action
    assert str(TimeUsed(0, 3500)) == "clock P1 3.5" and format_seconds(2000) == "2"
    assert TimeUsed.meta


def test_no_clock_by_default() -> None:
    state = new()
    assert state.clock_ms == []
    with pytest.raises(IllegalActionError, match="no clock"):
        state.apply(TimeUsed(0, 1))


def test_only_the_seat_to_act_spends_time_and_gets_the_increment() -> None:
    state = new(clock=5.0, increment=1.5)
    seat = state.current_player
    assert seat is not None and state.clock_ms == [5000, 5000]
    with pytest.raises(IllegalActionError, match="only the clock"):
        state.apply(TimeUsed(1 - seat, 10))
    with pytest.raises(IllegalActionError, match="negative"):
        state.apply(TimeUsed(seat, -1))
    state.apply(TimeUsed(seat, 2000))
    assert state.clock_ms[seat] == 4500 and state.clock_ms[1 - seat] == 5000
    clone = state.clone()
    clone.apply(TimeUsed(seat, 100))
    assert state.clock_ms[seat] == 4500  # a clone's clock is its own


def test_running_out_loses_and_replays() -> None:
    state = new(clock=1.0)
    state.apply(Pass())
    seat = state.current_player
    assert seat is not None
    state.apply(TimeUsed(seat, 1000))
    assert state.outcome is not None and state.outcome.reason == "time"
    assert state.outcome.winners == (1 - seat,)
    game = Tick()
    record = game.record(state)
    assert record["actions"] == ["pass", f"clock P{seat + 1} 1"]
    assert game.replay(json.loads(json.dumps(record))).outcome == state.outcome


def test_a_game_decides_what_running_out_means() -> None:
    class Lenient(TickState):
        __slots__ = ()

        def time_out(self, seat: int) -> None:
            self.finish((), "time (a draw in this game)")

    class LenientTick(Tick):
        state_class = Lenient

    state = LenientTick().new_game(seed=1, decks=[[], []], clock=0.5)
    state.apply(TimeUsed(state.current_player or 0, 600))
    assert state.outcome is not None and state.outcome.is_draw
