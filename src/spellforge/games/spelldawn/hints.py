"""What Spelldawn tells its clients beyond the rules: the search bots' evaluator and the terminal rendering."""

from __future__ import annotations

import math
from typing import Any

from spellforge.bots.facts import SearchFacts, declare_search
from spellforge.core.state import State
from spellforge.ui.presentation import declare_terminal

from .base import DEFENDERS, DECK, HAND, OCCUPANT, WIN_POINTS
from .state import SpelldawnState


def evaluate(state: State, seat: int) -> float | None:
    """Points first (the race to 60), then what wins the next points: for the Overlord, progress on its
    schemes and defenders in front of them; for the Champion, weapons, mana and cards (damage is paid with
    cards). Reads only what ``seat`` could know: counts, face-up cards, progress counters, pools."""
    assert isinstance(state, SpelldawnState)
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    ol, ch = state.ol, state.ch
    score = 3.0 * (state.points[ol] - state.points[ch])
    progress = 0.0
    defense = 0.0
    for r in range(3, 8):
        occ = state.zones[OCCUPANT[r]]
        if occ:
            progress += 2.0 * state.progress[occ[0]]
            defense += min(len(state.zones[DEFENDERS[r]]), 3) * 1.5
    defense += sum(min(len(state.zones[DEFENDERS[r]]), 2) for r in range(3)) * 1.0
    score += progress + defense + 0.5 * state.mana[ol]
    weapons = sum(1 for c in state.in_play(ch) if state.defs[c].subtype == "weapon")
    arena = len(state.in_play(ch)) - 1
    score -= 4.0 * min(weapons, 3) + 1.5 * arena + 0.6 * state.mana[ch] + 1.0 * len(state.zones[HAND[ch]])
    score += 2.0 * state.curses
    if len(state.zones[DECK[ol]]) < 5:
        score -= 5.0 - len(state.zones[DECK[ol]])
    value = math.tanh(score / (WIN_POINTS / 2))
    return value if seat == ol else -value


def render(view: dict[str, Any]) -> Any:
    from .terminal import render as render_view  # rich is imported only to play in the terminal

    return render_view(view)


SEARCH = declare_search(SearchFacts("spelldawn", evaluate=evaluate))
declare_terminal("spelldawn", render)
