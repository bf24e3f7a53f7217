"""Which Casters decisions with one legal option are forced by public information (DESIGN.md 2b).

Setting a card and revealing one choose among the cards of a hidden hand or set zone: forced only when
that zone holds one card. Option 1 of a revealed card and each step of a payment depend on the hand
only through a discard cost: forced when the cost discards nothing, or the hand is empty (or holds the
one card to discard). A search looks through the searcher's hidden deck: asked unless the deck is empty,
so that nobody learns from the flow whether it held a match. Responses, blocks and attacks come from
cards in play and are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.flow import Decision

from .base import DECK, HAND, SET
from .costs import DISCARD

if TYPE_CHECKING:
    from .base import CastersBase


def publicly_forced(state: CastersBase, d: Decision) -> bool:
    kind = d.kind
    zones = state.zones
    if kind == "set":
        return len(zones[HAND[d.seat]]) == 1
    if kind == "reveal":
        return len(zones[SET[d.seat]]) == 1
    if kind == "option":
        parts = state.defs[d.data[0]].cost_parts
        return not zones[HAND[d.seat]] or all(p.verb != DISCARD for p in parts)
    if kind == "pay":
        payment = state.payment
        assert payment is not None
        seat, card, parts, _ = payment
        if parts[0].verb != DISCARD:
            return True
        return sum(1 for c in zones[HAND[seat]] if c != card) <= 1
    if kind == "search":
        return not zones[DECK[d.seat]]
    return True
