"""What Spell Battle tells its clients beyond the rules: the search bots' evaluator (``evaluate.py``) and
the terminal rendering."""

from __future__ import annotations

from typing import Any

from spellforge.bots.facts import SearchFacts, declare_search
from spellforge.core.state import State
from spellforge.ui.presentation import declare_cards, declare_keywords, declare_terminal

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


def card_columns(card: dict[str, Any]) -> dict[str, str]:
    """``spellforge cards spellbattle``: cost, strength/speed, text."""
    character = card["type"] == "character"
    return {
        "type": card["type"],
        "cost": str(card["cost"]),
        "str/spd": f"{card['strength']}/{card['speed']}" if character else "",
        "text": card["text"],
    }


declare_cards("spellbattle", card_columns, changing=("strength", "speed"))


declare_keywords(
    "spellbattle",
    {
        "ambush": "May be played whenever you have priority, in any turn; played in your attack step before "
        "attackers are chosen, it may attack at once.",
        "bonding": "When attacking, bonding characters may team up with at most one character without bonding; "
        "blocking one member blocks the whole group.",
        "deadly": "At the end of combat, every character that blocked it or was blocked by it is destroyed.",
        "flying": "Can be blocked only by characters with flying.",
    },
)
