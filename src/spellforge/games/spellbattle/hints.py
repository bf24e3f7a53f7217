"""What Spell Battle tells its clients beyond the rules, in core terms (``core.hints.Hints``): the search bots'
evaluator (``evaluate.py``), how its cards read and the research interfaces' facts."""

from __future__ import annotations

from typing import Any

from spellforge.core.hints import Hints
from spellforge.core.state import State

from .base import SpellBattleBase
from .evaluate import evaluate as evaluate_position


def evaluate(state: State, seat: int) -> float | None:
    """Material lead for the search bots (see ``evaluate.py``)."""
    assert isinstance(state, SpellBattleBase)
    return evaluate_position(state, seat)


def card_columns(card: dict[str, Any]) -> dict[str, str]:
    """``spellforge cards spellbattle``: cost, strength/speed, text."""
    character = card["type"] == "character"
    return {
        "type": card["type"],
        "cost": str(card["cost"]),
        "str/spd": f"{card['strength']}/{card['speed']}" if character else "",
        "text": card["text"],
    }


KEYWORDS = {
    "ambush": "May be played whenever you have priority, in any turn; played in your attack step before "
    "attackers are chosen, it may attack at once.",
    "bonding": "When attacking, bonding characters may team up with at most one character without bonding; "
    "blocking one member blocks the whole group.",
    "deadly": "At the end of combat, every character that blocked it or was blocked by it is destroyed.",
    "flying": "Can be blocked only by characters with flying.",
}


# What the research interfaces (spellforge.envs) show of a game and where its actions point: the slots each
# zone gets on the table (own, the other seats' together), the zones each action field may name, the public
# numbers. Farms (face-down cards in play) have slots apart, so a character keeps its slot when one is played.
RESEARCH = {
    "zones": {
        "hand": (16, 0),
        "play": (10, 24),
        "play/down": (12, 0),
        "limbo": (4, 8),
        "discard": (20, 0),
        "aside": (2, 2),
        "pile": (16, 0),
        "pool": (24, 0),
    },
    "fields": {
        "Play.card": "hand",
        "Play.target": "player stack any:play discard",
        "Use.card": "play",
        "Use.ability": 1,
        "Use.target": "player any:play stack",
        "Bond.card": "play",
        "Bond.partner": "play",
        "Attack.card": "play",
        "Attack.target": "player",
        "Block.card": "play",
        "Block.attacker": "other:play",
        "Assign.card": "implied",
        "Assign.amount": 8,
        "Assign.target": "other:play",
        "ChooseTarget.target": "player any:play stack discard",
        "Pick.card": "any:play play/down pile pool hand",
        "PlayFarm.card": "hand",
        "Choose.option": 8,
    },
    "seat_numbers": {"life": 20, "farm_played": 1, "overrun": 1, "pool_damage_of": 10},
    "card_numbers": {"tapped": 1, "damage": 5},
    "card_stats": {"strength": 5, "speed": 3},
    "in_play": ("play",),
}


HINTS = Hints(
    evaluate=evaluate,
    card_columns=card_columns,
    changing=("strength", "speed"),
    keywords=KEYWORDS,
    research=RESEARCH,
)
