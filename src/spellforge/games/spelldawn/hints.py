"""What Spelldawn tells its clients beyond the rules, in core terms (``core.hints.Hints``): the search bots'
evaluator, how its cards read and the research interfaces' facts."""

from __future__ import annotations

from typing import Any

from spellforge.core.hints import Hints

from .strategy import evaluate, playout_action

# Every Main-phase action is followed by another of the same player while action points last, so greedy
# looks at its own follow-ups through the playout rather than by branching on each (greedy_depth 0). The
# roll-forward runs through raids on face-down rooms and the opponent's turn, so one sample is mostly luck:
# greedy averages several determinizations (greedy_samples).
SEARCH = {
    "greedy_depth": 0,
    "greedy_playout": True,
    "greedy_samples": 4,
}


def card_columns(card: dict[str, Any]) -> dict[str, str]:
    """``spellforge cards spelldawn``: side and type, cost, the numbers its type prints, text."""
    values = []
    if card["type"] == "scheme":
        values.append(f"progress {card['progress']}, {card['points']} points")
    if card["resonance"]:
        values.append(card["resonance"])
    if card["type"] == "minion":
        values.append(f"health {card['health']}, shield {card['shield']}")
    if card["subtype"] == "weapon":
        values.append(f"attack {card['attack']}, breach {card['breach']}")
        if card["boost_bonus"]:
            values.append(f"{card['boost_cost']} mana: +{card['boost_bonus']}")
    if card["type"] == "project":
        values.append(f"raze {card['raze']}")
    return {
        "type": f"{card['side']} {card['subtype'] or card['type']}",
        "cost": str(card["cost"]) if card["cost"] >= 0 else "",  # -1: the card has no cost
        "values": ", ".join(values),
        "text": card["text"],
    }


KEYWORDS = {
    "level_up": "Can take progress counters like a scheme (so it can be the target of Progress), but is "
    "never scored.",
    "slow": "While this weapon is used, a minion's shield costs twice as much; breach is subtracted after.",
    "single_raid": "Sacrificed at the end of a raid in which it was used.",
    "unveil_on_activate": "May use its ability while face down in the Overlord's Main phase by also "
    "paying its unveil cost: it turns face up and its Unveil effect happens first.",
}


# What the research interfaces (spellforge.envs) show of a game and where its actions point: the slots each
# zone gets on the table (own, the opponent's), the zones each action field may name, the public numbers.
# The rooms' defenders and occupants are the Overlord's: its own zones, the Champion's other side.
_ROOMS = ("sanctum", "vault", "crypts", "A", "B", "C", "D", "E")
_OCCUPANTS = " ".join(f"any:occupant_{r}" for r in "ABCDE")
_DEFENDERS = " ".join(f"any:defenders_{r}" for r in _ROOMS)
RESEARCH = {
    "zones": {
        "hand": (8, 8),
        "deck": (0, 4),
        "riftcaller": (1, 1),
        "boons": (2, 2),
        "arena": (8, 8),
        "score": (4, 4),
        **{f"defenders_{r}": (4, 4) for r in _ROOMS},
        **{f"occupant_{r}": (1, 1) for r in "ABCDE"},
        "limbo": (1, 1),
    },
    "fields": {
        "PlayCard.card": "hand",
        "PlayCard.target": "place",
        "Progress.target": "place",
        "Raid.target": "place",
        "Activate.card": f"arena {_OCCUPANTS}",
        "Dispel.card": "any:arena",
        "Discard.card": "hand",
        "Raze.card": f"other:deck other:hand {_OCCUPANTS} {_DEFENDERS}",
        "Score.card": f"other:deck other:hand {_OCCUPANTS}",
        "Summon.card": _DEFENDERS,
        "Unveil.card": _OCCUPANTS,
        "UseWeapon.card": "arena",
        "Sacrifice.card": "arena",
        "Choose.option": 4,
    },
    "places": {"room": _ROOMS},
    "seat_numbers": {"mana": 20, "points": 7},
    "numbers": {"curses": 5, "ap": 4},
    "card_numbers": {"progress": 5, "stored": 5},
}


HINTS = Hints(
    evaluate=evaluate,
    playout_action=playout_action,
    search=SEARCH,
    card_columns=card_columns,
    changing=("attack",),
    keywords=KEYWORDS,
    research=RESEARCH,
)
