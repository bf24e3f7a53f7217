"""What Casters tells its clients beyond the rules, in core terms (``core.hints.Hints``): the search bots'
evaluator, how its cards read and the research interfaces' facts."""

from __future__ import annotations

import math
from typing import Any

from spellforge.core.hints import Hints
from spellforge.core.state import State

from .base import FIELD, HAND, SET, STAGES
from .state import CastersState


def evaluate(state: State, seat: int) -> float | None:
    """Stages left, board, cards in hand and set, from ``seat``'s side; only what ``seat`` could know.

    Health dominates (it is how games are won), the board is the next threat, cards are options.
    """
    assert isinstance(state, CastersState)
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    score = 0.0
    for s, sign in ((seat, 1.0), (state.opponent(seat), -1.0)):
        board = 0.0
        for c in state.zones[FIELD[s]]:
            if state.is_minion(c):
                board += 0.6 * state.attack_of(c) + 0.4 * (state.health_of(c) - state.damage[c])
                board += 1.5 * len(state.shields_on(c))
            else:
                board += 1.5
        cards = len(state.zones[HAND[s]]) + len(state.zones[SET[s]])
        health = state.health(s) + 2.0 * len(state.zones[STAGES[s]])
        score += sign * (2.0 * health + board + 1.0 * cards)
    score += 0.5 if state.initiative == seat else -0.5
    return math.tanh(score / 40.0)


def card_columns(card: dict[str, Any]) -> dict[str, str]:
    """``spellforge cards casters``: class, level, cost, attack/health, text."""
    stats = f"LvL{card['level']}" if card["type"] in ("minion", "stage") else ""
    if card["type"] == "minion":
        stats += f" {card['attack']}/{card['health']}"
    return {
        "type": f"{card['card_class']} {card['type']}",
        "cost": card["cost"],
        "level, atk/hp": stats,
        "text": card["text"],
    }


KEYWORDS = {
    "immune": "Cannot be affected by the stated kind of effect (by opposing effects when none is stated).",
    "passive": "Stays on the field after it is played; never an attack target; leaves only when sacrificed "
    "or destroyed by an effect.",
    "double_strike": "After its first attack each turn it untaps, so it may attack once more that Battle "
    "Phase.",
}


# What the research interfaces (spellforge.envs) show of a game and where its actions point: the slots each
# zone gets on the table (own, the opponent's), the zones each action field may name, the public numbers.
RESEARCH = {
    "zones": {
        "hand": (16, 0),
        "set": (8, 8),
        "field": (16, 16),
        "stages": (4, 4),
        "shields": (4, 4),
        "stack": (4, 4),
        "graveyard": (24, 12),
        "deck": (24, 0),
    },
    "fields": {
        "SetCard.card": "hand",
        "Reveal.card": "set",
        "Play.card": "stack hand",
        "Play.target": "player any:field any:graveyard stack",
        "Equip.card": "stack hand",
        "Equip.host": "field",
        "Recycle.card": "stack hand",
        "Discard.card": "hand",
        "Sacrifice.card": "field stages",
        "Attack.card": "field",
        "Attack.target": "player other:field",
        "Block.card": "field",
        "Use.card": "field",
        "Use.ability": 1,
        "Use.target": "player any:field stack",
        "ChooseTarget.target": "player any:field any:graveyard stack",
        "Take.card": "deck any:graveyard hand",
        "Choose.option": 8,
    },
    "seat_numbers": {"health": 30, "stage_damage": 5, "negate_next": 2},
    "card_numbers": {
        "tapped": 1,
        "damage": 10,
        "attacks": 3,
        "attached_to": 0,
        "shield_host": 0,
    },
    "card_stats": {"attack": 5, "health": 5},
    "seats": ("initiative",),
    "in_play": ("field", "stages"),
}


HINTS = Hints(
    evaluate=evaluate,
    card_columns=card_columns,
    changing=("attack", "health"),
    keywords=KEYWORDS,
    research=RESEARCH,
)
