"""Which Casters decisions with one legal option are forced by public information (DESIGN.md 2b).

Setting a card and revealing one choose among the cards of a hidden hand or set zone: forced only when
that zone holds one card. Option 1 of a revealed card and each step of a payment depend on the hand
only through a discard cost: forced when the cost discards nothing, or the hand is empty (or holds the
one card to discard). A search looks through the searcher's hidden deck: asked unless the deck is empty,
so that nobody learns from the flow whether it held a match. Responses, blocks and attacks come from
cards in play and are public: those kinds declare no rule.

Each rule below is the single-option rule of one decision kind, named where the kind is registered
(``@legal(kind, forced=...)``, core/kinds.py); it is asked only when the decision has one legal option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.flow import Decision

from .base import DECK, HAND, SET
from .costs import DISCARD

if TYPE_CHECKING:
    from .base import CastersBase


def one_in_hand(state: CastersBase, d: Decision) -> bool:
    """Setting a card: forced when the hand holds one card."""
    return len(state.zones[HAND[d.seat]]) == 1


def one_in_set(state: CastersBase, d: Decision) -> bool:
    """Revealing a set card: forced when the set zone holds one card."""
    return len(state.zones[SET[d.seat]]) == 1


def option_cost(state: CastersBase, d: Decision) -> bool:
    """Option 1 of a revealed card: forced when its cost discards nothing or the hand is empty."""
    parts = state.defs[d.data.card].cost_parts
    return not state.zones[HAND[d.seat]] or all(p.verb != DISCARD for p in parts)


def payment_step(state: CastersBase, d: Decision) -> bool:
    """A step of a payment: forced unless it discards a card chosen among two or more."""
    payment = state.payment
    assert payment is not None
    seat, card, parts, _ = payment
    if parts[0].verb != DISCARD:
        return True
    return sum(1 for c in state.zones[HAND[seat]] if c != card) <= 1


def empty_deck(state: CastersBase, d: Decision) -> bool:
    """A search of one's deck: forced only when the deck is empty."""
    return not state.zones[DECK[d.seat]]
