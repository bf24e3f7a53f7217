"""What Spellweaver tells its clients beyond the rules, in core terms (``core.hints.Hints``): the search bots'
facts, how its cards read and the research interfaces' facts.

ISMCTS looks through the opponent's answer (``playout_turns = 1``, with the combat policy of
``policy.py``), starts from greedy's ranking of the root actions (``search_prior = 0.1``) and searches its
own plan, the policy answering for the enemy (``search_tree = "own"``); see ``docs/games/spellweaver.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from spellforge.core.actions import Action
from spellforge.core.hints import Hints
from spellforge.core.rng import Rng
from spellforge.core.state import State

from . import policy
from .state import SpellweaverState


def deck_clock(cards: int) -> float:
    """What ``cards`` left in a deck are worth to its owner: 0.01 each, and a penalty that grows as the
    deck runs out (about -0.08 at 48 cards, -0.33 at 10, -2 at 0: the next draw or decay loses)."""
    return 0.01 * cards - 4.0 / (cards + 2)


def evaluate(state: State, seat: int) -> float | None:
    """Life, board, cards in hand, resources and the deck-out clock, from ``seat``'s side, squashed
    into [-1, 1].

    A player whose deck empties loses (SW-009), and decay wins games (the Grave Tithe deck plays for
    it), so cards left in the deck count: a little each while the deck is long, much more as it runs
    out. Reads only what both players can see (life, the table, hand and deck sizes, mana, levels).
    """
    assert isinstance(state, SpellweaverState)
    o = state.outcome
    if o is not None:
        return 0.0 if not o.winners else (1.0 if seat in o.winners else -1.0)
    them = state.opponent(seat)

    def board(s: int) -> float:
        return sum(state.attack(c) + max(state.hp_left(c), 0) + state.speed(c) for c in state.creatures(s))

    def resources(s: int) -> int:
        return state.crystals[s] + sum(state.levels[s])

    life = (min(state.life[seat], 40) - min(state.life[them], 40)) / 20
    cards = (len(state.zones[state.layout.hand[seat]]) - len(state.zones[state.layout.hand[them]])) / 8
    score = 1.2 * life + 0.05 * (board(seat) - board(them)) + 0.3 * cards
    score += 0.08 * (resources(seat) - resources(them))
    score += deck_clock(len(state.zones[state.layout.deck[seat]])) - deck_clock(
        len(state.zones[state.layout.deck[them]])
    )
    return math.tanh(score)


def playout_action(state: State, legal: Sequence[Action], rng: Rng) -> Action | None:
    """Combat declarations for search playouts: attack the hero, block well (``policy.py``)."""
    assert isinstance(state, SpellweaverState)
    return policy.playout_action(state, legal, rng)


SEARCH = {
    "playout_turns": 1,  # ISMCTS looks through the opponent's answer (policy.py)
    "search_prior": 0.1,  # ...starting from greedy's ranking of the root actions
    "search_tree": "own",  # ...and searching its own plan, the policy answering for the enemy
}


def card_columns(card: dict[str, Any]) -> dict[str, str]:
    """``spellforge cards spellweaver``: aspect, cost and levels, attack/hp and speed, text."""
    paid = card["type"] not in ("hero", "shrine", "system")
    cost = f"{card['cost']}" + (f", {card['levels']}" if card["levels"] else "") if paid else ""
    creature = card["type"] == "creature"
    return {
        "type": f"{card['aspect'] or ''} {card['type']}".strip(),
        "cost": cost,
        "atk/hp sp": f"{card['attack']}/{card['hp']} sp{card['speed']}" if creature else "",
        "text": card["text"],
    }


KEYWORDS = {
    "swift": "May attack the turn it is played or moved to the combat row.",
    "ranged": "Deals its combat damage first, in the ranged step, and not again in the regular step.",
    "deadly": "Any damage it deals to a creature is lethal; it spreads its damage 1 to each opposing "
    "creature in turn.",
    "unstoppable": "When attacking, damage left after killing its blockers (or its target) hits the hero.",
    "lifebound": "Whenever it deals damage, its controller's hero gains that much life.",
    "flying": "Enters the support row, attacks and blocks from there, and can be attacked only while in "
    "the combat row.",
    "support": "Enters the support row; there it cannot attack, block or be attacked until moved to the "
    "combat row.",
    "murder_instinct": "When attacking, may target several enemy creatures and divides its damage among "
    "them.",
    "cant_attack": "Cannot be declared as an attacker.",
    "cant_block": "Cannot be declared as a blocker.",
    "cant_attack_creatures": "May attack heroes only, never creatures.",
}


# What the research interfaces (spellforge.envs) show of a game and where its actions point: the slots each
# zone gets on the table (own, the opponent's), the zones each action field may name, the public numbers.
RESEARCH = {
    "zones": {
        "hand": (16, 0),
        "combat": (7, 7),
        "support": (7, 7),
        "area": (6, 6),
        "hero": (1, 1),
        "looking": (4, 0),
        "casting": (2, 2),
        "graveyard": (12, 12),
    },
    "fields": {
        "ShrineMode.card": "hand",
        "ShrineMode.mode": "mana level",
        "Play.card": "hand",
        "Play.target": "player any:combat any:support any:area any:hero",
        "ChooseTarget.target": "player any:combat any:support any:area any:hero",
        "UseSkill.slot": 4,
        "Use.card": "combat support area hero",
        "Use.ability": 1,
        "Use.target": "player any:combat any:support any:area",
        "MoveCard.card": "combat support",
        "OfferCard.card": "hand",
        "Take.card": "none looking",
        "Attack.card": "combat support",
        "Attack.target": "player other:combat other:support",
        "Block.card": "combat support",
        "Block.attacker": "other:combat other:support",
        "Choose.option": 8,
    },
    "seat_numbers": {
        "life": 20,
        "crystals": 10,
        "full": 10,
        "bonus_mana": 5,
        "levels": 5,
        "shrine_played": 1,
        "offered": 1,
    },
    "card_numbers": {"exhausted": 1, "damage": 8},
    "card_stats": {"attack": 5, "speed": 3, "hp": 5},
    "in_play": ("combat", "support"),
}


HINTS = Hints(
    evaluate=evaluate,
    playout_action=playout_action,
    search=SEARCH,
    card_columns=card_columns,
    changing=("attack", "hp", "speed"),
    keywords=KEYWORDS,
    research=RESEARCH,
)
