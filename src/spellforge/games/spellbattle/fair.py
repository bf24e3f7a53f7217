"""Which Spell Battle decisions with one legal option are forced by public information (DESIGN.md 2b).

A priority round offers the cards of a hidden hand, so a seat with nothing playable is still asked (its
only option is ``pass``) unless everyone can tell it has nothing to play: an empty hand, or, outside its
own main step, fewer untapped farms than the cheapest card of the game that may be played then. Choices
among the cards of a hidden zone (a farm from the hand, a draft pick, a deck-building pick) are forced
only when that zone holds one card. Other kinds offer public options and declare no rule.

Each rule below is the single-option rule of one decision kind, named where the kind is registered
(``@legal(kind, forced=...)``, core/kinds.py); it is asked only when the decision has one legal option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.flow import Decision

if TYPE_CHECKING:
    from .base import SpellBattleBase
    from .cards import SBCard

# defs tuple identity -> (that tuple, the lowest cost of a card playable outside one's own main step)
_RESPONSE_COST: dict[int, tuple[tuple[SBCard, ...], int]] = {}


def cheapest_response(defs: tuple[SBCard, ...]) -> int:
    """The lowest cost among the game's cards that may be played outside one's own main step: spells and
    ambush characters (SB-083). Every card of every seat counts, so the figure reveals nothing."""
    hit = _RESPONSE_COST.get(id(defs))
    if hit is not None and hit[0] is defs:
        return hit[1]
    costs = [d.cost for d in defs if d.type != "character" or "ambush" in d.keywords]
    value = min(costs) if costs else 1 << 30
    if len(_RESPONSE_COST) > 256:
        _RESPONSE_COST.clear()
    _RESPONSE_COST[id(defs)] = (defs, value)
    return value


def priority(state: SpellBattleBase, d: Decision) -> bool:
    """A priority round: forced when the hand is empty or no card of the game could be paid for now."""
    seat = d.seat
    if not state.zones[state.layout.hand[seat]]:
        return True
    if state.phase == "main" and not state.stack and state.is_active(seat):  # phase: the step
        return False  # its own main step: even a free character could be played
    # counted here rather than through ``untapped_farms``: this runs at every single-option question
    need = cheapest_response(state.defs)
    if need <= 0:
        return False
    face_down, tapped, controller = state.face_down, state.tapped, state.controller
    farms = 0
    for cid in state.zones[state.layout.play]:
        if face_down[cid] and controller[cid] == seat and not tapped[cid]:
            farms += 1
            if farms >= need:
                return False
    return True


def one_in_hand(state: SpellBattleBase, d: Decision) -> bool:
    """A farm from the hand: forced when the hand holds one card."""
    return len(state.zones[state.layout.hand[d.seat]]) == 1


def one_in_pile(state: SpellBattleBase, d: Decision) -> bool:
    """A draft pick: forced when the pile holds one card."""
    return len(state.zones[state.layout.pile[d.seat]]) == 1


def one_in_pool(state: SpellBattleBase, d: Decision) -> bool:
    """A deck-building pick: forced when the pool holds one card."""
    return len(state.zones[state.layout.pool[d.seat]]) == 1
