"""Helpers shared by the Casters tests (a uniquely named module, so it never shadows another game's)."""

from __future__ import annotations

from spellforge.core.events import Event
from spellforge.games import find_game
from spellforge.games.casters.scenario import Side, card_id, scenario
from spellforge.games.casters.state import CastersState

GAME = find_game("casters")

__all__ = ["GAME", "Side", "act", "card_id", "events", "legal", "scenario", "turn_events"]


def legal(state: CastersState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def act(state: CastersState, *texts: str) -> CastersState:
    """Apply actions written as a player would type them."""
    for text in texts:
        state.apply(GAME.parse_action(state, text))
        problems = state.check_invariants()
        assert not problems, f"after {text!r}: {problems}"
    return state


def events(state: CastersState, kind: str) -> list[Event]:
    return [e for e in state.events() if e.kind == kind]


def turn_events(state: CastersState, turn: int, kind: str = "") -> list[Event]:
    """The events of turn ``turn`` (a scenario's log starts inside its first turn, with no turn marker)."""
    current = None
    out: list[Event] = []
    for e in state.events():
        if e.kind == "turn":
            current = e.amount
            continue
        if current is None:
            current = state_start_turn(state)
        if current == turn and (not kind or e.kind == kind):
            out.append(e)
    return out


def state_start_turn(state: CastersState) -> int:
    turns = [e.amount for e in state.events() if e.kind == "turn"]
    return (turns[0] - 1) if turns else state.turn
