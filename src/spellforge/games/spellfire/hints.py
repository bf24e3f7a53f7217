"""What SPELLFIRE tells its clients beyond the rules: the search bots' evaluator and the terminal rendering.

With more than two players each seat maximises its own result: the evaluator scores ``seat``'s position
against the best of the others, so the search bots (greedy's lookahead, ISMCTS) play for themselves.
"""

from __future__ import annotations

import math
from typing import Any

from spellforge.bots.facts import SearchFacts, declare_search
from spellforge.core.state import State
from spellforge.ui.presentation import declare_terminal

from .state import SpellfireState


def strength(state: SpellfireState, s: int) -> float:
    """Realms dominate (six unrazed ones win); pool champions defend and attack; cards are options."""
    need = state.options["victory"]
    realms = len(state.unrazed_realms(s))
    razed = len(state.realms_of(s)) - realms
    pool = sum(
        state.level(c) + sum(state.defs[a].bonus for a in state.attachments(c)) for c in state.pool_of(s)
    )
    hand = len(state.zones[state.layout.hand[s]])
    return 10.0 * realms * (6.0 / need) + 1.5 * razed + 0.4 * pool + 0.8 * hand


def evaluate(state: State, seat: int) -> float | None:
    """``seat``'s strength against its strongest opponent's, from what ``seat`` could know."""
    assert isinstance(state, SpellfireState)
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    mine = strength(state, seat)
    best = max(strength(state, s) for s in range(state.n_seats) if s != seat and state.alive[s])
    return math.tanh((mine - best) / 30.0)


def render(view: dict[str, Any]) -> Any:
    from .terminal import render as render_view  # rich is imported only to play in the terminal

    return render_view(view)


SEARCH = declare_search(SearchFacts("spellfire", evaluate=evaluate))
declare_terminal("spellfire", render)
