"""What Spell Battle tells its clients beyond the rules: the search bots' evaluator (``evaluate.py``) and
the terminal rendering."""

from __future__ import annotations

from typing import Any

from spellforge.bots.facts import SearchFacts, declare_search
from spellforge.core.state import State
from spellforge.ui.presentation import declare_terminal

from .base import SBBase
from .evaluate import evaluate as evaluate_position


def evaluate(state: State, seat: int) -> float | None:
    """Material lead for the search bots (see ``evaluate.py``)."""
    assert isinstance(state, SBBase)
    return evaluate_position(state, seat)


def render(view: dict[str, Any]) -> Any:
    from .terminal import render as render_view  # rich is imported only to play in the terminal

    return render_view(view)


SEARCH = declare_search(SearchFacts("spellbattle", evaluate=evaluate))
declare_terminal("spellbattle", render)
