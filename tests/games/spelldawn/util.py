"""Helpers for the Spelldawn tests: build positions (``scenario``), act by text, read options."""

from __future__ import annotations

from spellforge.games.spelldawn.scenario import Side, card_id, scenario
from spellforge.games.spelldawn.state import SpelldawnState

__all__ = ["Side", "act", "card_id", "legal", "scenario", "zone_keys"]


def act(state: SpelldawnState, *texts: str) -> SpelldawnState:
    """Apply each action, given as it prints (``raid room A``, ``use #12``, ``pass``)."""
    for text in texts:
        state.apply(state.game.parse_action(state, text))
    return state


def legal(state: SpelldawnState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def zone_keys(state: SpelldawnState, zone: int) -> list[str]:
    return [state.defs[c].key for c in state.zones[zone]]
