"""Small helpers shared by the Spellweaver tests: apply actions by their text, and read the table."""

from __future__ import annotations

from spellforge.core.actions import Action, ChooseTarget, Done, Pass
from spellforge.core.targets import CardRef, Target
from spellforge.games.spellweaver.actions import Play
from spellforge.games.spellweaver.scenario import Scenario, Side, build, card, creature
from spellforge.games.spellweaver.state import SpellweaverState

__all__ = [
    "Scenario",
    "Side",
    "apply_all",
    "build",
    "can",
    "card",
    "close",
    "creature",
    "do",
    "finish_decision",
    "legal",
    "play",
    "row",
    "skip_to",
    "taken",
    "zone_name",
]


def do(state: SpellweaverState, *texts: str) -> None:
    """Apply actions given as the text a player types (each must be legal)."""
    for text in texts:
        state.apply(state.game.parse_action(None, text))


def legal(state: SpellweaverState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def can(state: SpellweaverState, text: str) -> bool:
    return text in legal(state)


def play(state: SpellweaverState, cid: int, target: int | Target | None = None) -> None:
    """Play a card from hand, choosing its target when asked (the only one if ``target`` is None; an int
    is a card id)."""
    state.apply(Play(cid))
    d = state.decision
    if d is not None and d.kind == "target" and d.seat == state.controller[cid]:
        if target is None:
            (only,) = state.legal_actions()
            state.apply(only)
        else:
            state.apply(ChooseTarget(CardRef(target) if isinstance(target, int) else target))


def finish_decision(state: SpellweaverState) -> None:
    """Answer the pending declaration or window with done / pass."""
    options = state.legal_actions()
    for a in options:
        if isinstance(a, Done | Pass):
            state.apply(a)
            return
    raise AssertionError(f"no done/pass in {options}")


def close(state: SpellweaverState, kind: str) -> None:
    """Finish the pending ``kind`` decision with done / pass, if it is still pending (a decision whose
    only option is done is taken by the engine itself)."""
    d = state.decision
    if d is not None and d.kind == kind:
        finish_decision(state)


def skip_to(state: SpellweaverState, kind: str, seat: int | None = None, limit: int = 50) -> None:
    """Answer done / pass until a decision of ``kind`` (for ``seat``) is pending."""
    for _ in range(limit):
        d = state.decision
        if d is not None and d.kind == kind and (seat is None or d.seat == seat):
            return
        finish_decision(state)
    raise AssertionError(f"never reached a {kind} decision")


def taken(state: SpellweaverState, cid: int) -> int:
    """All the damage card ``cid`` has taken so far (from the log: hitpoints refill at end of turn)."""
    return sum(e.amount for e in state.events() if e.kind == "damage" and e.card == cid)


def row(state: SpellweaverState, seat: int, name: str) -> list[int]:
    return list(state.zones[getattr(state.layout, name)[seat]])


def zone_name(state: SpellweaverState, cid: int) -> str:
    return state.layout.names[state.zone_of[cid]]


def apply_all(state: SpellweaverState, actions: list[Action]) -> None:
    for a in actions:
        state.apply(a)
