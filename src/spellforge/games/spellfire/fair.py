"""Which SPELLFIRE decisions with one legal option are forced by public information (DESIGN.md 2b).

Nearly every choice may be made with a card from the hidden hand (or a face-down champion of a hidden pool): a phase's plays, an event at any time,
a negation in an event pause, a dispel, a defender, an escape card. Such a kind is forced only when the
hand is empty (``empty_hand``), so that whether a player is asked never tells the others what he holds.
A mulligan's legality depends on the hand's realms, and a spoils card is hidden: both are always asked
(``NEVER``). Discarding from hand chooses among as many cards as the hand holds (a public count), and the
other kinds offer cards in play only: they declare no rule.

Each rule is the single-option rule of the kinds that name it where they are registered
(``@legal(kind, forced=...)``, core/kinds.py); it is asked only when the decision has one legal option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.flow import Decision

if TYPE_CHECKING:
    from .base import SpellfireBase


def empty_hand(state: SpellfireBase, d: Decision) -> bool:
    """A choice that a card in hand could answer: forced only when the hand is empty, and the player has
    no face-down champion in a hidden pool (whose powers could answer it too, SF-K45)."""
    return not state.zones[state.layout.hand[d.seat]] and not state.hidden_in_pool(d.seat)
