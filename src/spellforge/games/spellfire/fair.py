"""Which SPELLFIRE decisions with one legal option are forced by public information (DESIGN.md 2b).

Nearly every choice may be made with a card from the hidden hand: a phase's plays, an event at any time,
a negation in an event pause, a dispel, a defender, an escape card. Such a decision is forced only when the
hand is empty, so that whether a player is asked never tells the others what he holds. Discarding from
hand chooses among as many cards as the hand holds (a public count). A mulligan's legality depends on the
hand's realms, so the player is always asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.flow import Decision

if TYPE_CHECKING:
    from .base import SpellfireBase

ALWAYS_ASKED = frozenset({"mulligan", "spoils"})
FROM_HAND = frozenset(
    {
        "start",
        "realm",
        "pool",
        "attack",
        "cards",
        "respond",
        "champion",
        "defend",
        "fight",
        "events",
        "pause",
        "counter",
        "escape",
        "wall",
    }
)


def publicly_forced(state: SpellfireBase, d: Decision) -> bool:
    kind = d.kind
    if kind in ALWAYS_ASKED:
        return False
    if kind in FROM_HAND:
        return not state.zones[state.layout.hand[d.seat]]
    return True
