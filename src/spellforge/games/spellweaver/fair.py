"""Which Spellweaver decisions with one legal option are forced by public information (DESIGN.md 2b).

The instant windows (attack, block, post-block, end of turn), the Cancel window and the main phase offer
the cards of a hidden hand. A seat with nothing playable there is still asked (its only option is
``pass`` or ``done``) unless everyone can tell it has nothing to play: an empty hand, or too little mana
or too few levels for every card of the game that could be played there. Every card of both decks counts,
so the test reads nothing hidden. Offering a card from a hand is forced only when the hand holds one card.
Other kinds offer public options and declare no rule.

Each rule below is the single-option rule of one decision kind, named where the kind is registered
(``@legal(kind, forced=...)``, core/kinds.py); it is asked only when the decision has one legal option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from spellforge.core.flow import Decision

if TYPE_CHECKING:
    from .base import SpellweaverBase
    from .cards import SWCard

# (cost, levels per aspect, levels in all) of a card
Need = tuple[int, tuple[int, ...], int]


class Pool(NamedTuple):
    """What the cards of one game could let a hidden hand do (each distinct need once)."""

    instants: tuple[Need, ...]  # instants: the windows
    cancels: tuple[Need, ...]  # cards that cancel a card being played: the Cancel window (SW-K25)
    mains: tuple[Need, ...]  # cards played in a main phase (shrines apart)
    shrines: bool  # whether any shrine could be in a hand
    cancel_cards: tuple[int, ...]  # one card id per distinct Cancel card, to ask what it could answer


# defs tuple identity -> (that tuple, its Pool): the card definitions are shared by every clone
_POOLS: dict[int, tuple[tuple[SWCard, ...], Pool]] = {}


def pool(defs: tuple[SWCard, ...]) -> Pool:
    hit = _POOLS.get(id(defs))
    if hit is not None and hit[0] is defs:
        return hit[1]
    instants: set[Need] = set()
    cancels: set[Need] = set()
    mains: set[Need] = set()
    shrines = False
    cancel_cards: dict[str, int] = {}
    for cid, d in enumerate(defs):
        if d.type == "shrine":
            shrines = True
            continue
        if d.type in ("hero", "system"):
            continue
        need = (d.cost, d.req, d.req_total)
        mains.add(need)
        if d.type == "instant":
            instants.add(need)
            if d.cancels:
                cancels.add(need)
                cancel_cards.setdefault(d.key, cid)
    value = Pool(
        tuple(sorted(instants)),
        tuple(sorted(cancels)),
        tuple(sorted(mains)),
        shrines,
        tuple(cancel_cards.values()),
    )
    if len(_POOLS) > 256:
        _POOLS.clear()
    _POOLS[id(defs)] = (defs, value)
    return value


def affordable(state: SpellweaverBase, seat: int, needs: tuple[Need, ...]) -> bool:
    """Whether ``seat`` has the mana and levels (public) for at least one of ``needs``."""
    mana = state.mana(seat)
    return any(cost <= mana and state.meets(seat, req, total) for cost, req, total in needs)


def instant_window(state: SpellweaverBase, d: Decision) -> bool:
    """An instant window (attack, block, post-block, end of turn): forced when the hand is empty or no
    instant of the game could be paid for."""
    seat = d.seat
    if not state.zones[state.layout.hand[seat]]:
        return True
    return not affordable(state, seat, pool(state.defs).instants)


def cancel_window(state: SpellweaverBase, d: Decision) -> bool:
    """The Cancel window: forced when the hand is empty or no Cancel card of the game could be paid for."""
    seat = d.seat
    if not state.zones[state.layout.hand[seat]]:
        return True
    return not affordable(state, seat, pool(state.defs).cancels)


def main_phase(state: SpellweaverBase, d: Decision) -> bool:
    """A main phase: forced when the hand is empty, or no shrine could be played and no card of the game
    could be paid for."""
    seat = d.seat
    if not state.zones[state.layout.hand[seat]]:
        return True
    p = pool(state.defs)
    if p.shrines and not state.shrine_played[seat]:
        return False
    return not affordable(state, seat, p.mains)


def one_in_hand(state: SpellweaverBase, d: Decision) -> bool:
    """Offering a card from the hand: forced when the hand holds one card."""
    return len(state.zones[state.layout.hand[d.seat]]) == 1
