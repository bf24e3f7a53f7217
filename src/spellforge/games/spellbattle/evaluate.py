"""How good a Spell Battle position looks for one seat, for the search bots (``SearchFacts.evaluate``,
declared in ``hints.py``).

Material per seat: life (worth more as it runs out), characters in play (strength, speed, keywords,
abilities), farms (mana; the first few matter most), and cards in hand. The score is the seat's team's
average material minus the enemies' average, squashed to (-1, 1).

It is called on determinized states, so it reads only what the seat could know: every card in play is
public, a farm counts but its identity does not, and a hand counts by its size alone (an opponent's
hand identities are resampled by ``determinize``, so reading them would add noise, not knowledge).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import SpellBattleBase

LIFE = 1.0  # one point of life
LOW_LIFE = 6  # below this, each missing point costs extra: the game is close to lost
LOW_LIFE_EXTRA = 0.8
CHARACTER = 1.0  # a character just for being there (it can block)
STRENGTH = 1.1
SPEED = 0.45
KEYWORD = {"flying": 1.6, "deadly": 1.5, "bonding": 0.4, "ambush": 0.2}
OTHER_KEYWORD = 0.5
ABILITY = 1.2  # an activated or triggered ability
TAPPED = 0.15  # a sideways character cannot block this turn (a small share of its value)
FARM = 1.3  # the first farms: mana to cast the hand
FARMS_FULL = 6  # farms beyond this are worth less
FARM_EXTRA = 0.3
HAND = 0.9
OUT = -60.0  # a seat out of the game
SCALE = 14.0


def character_value(state: SpellBattleBase, cid: int) -> float:
    d = state.defs[cid]
    strength = state.strength(cid)
    value = CHARACTER + STRENGTH * strength + SPEED * state.speed(cid)
    for keyword in sorted(d.keywords):  # a fixed order: float sums must not depend on string hashing
        value += KEYWORD.get(keyword, OTHER_KEYWORD)
    value += ABILITY * (len(d.activated) + len(d.triggered))
    if state.damage[cid] and strength:
        value *= max(0.2, 1.0 - 0.5 * state.damage[cid] / strength)
    if state.tapped[cid]:
        value -= TAPPED * value
    return value


def seat_material(state: SpellBattleBase, seat: int) -> float:
    if not state.alive[seat]:
        return OUT
    life = state.life(seat)
    value = LIFE * life
    if life < LOW_LIFE:
        value -= LOW_LIFE_EXTRA * (LOW_LIFE - life)
    farms = state.farm_count(seat)
    value += FARM * min(farms, FARMS_FULL) + FARM_EXTRA * max(0, farms - FARMS_FULL)
    value += HAND * len(state.zones[state.layout.hand[seat]])
    return value


def material(state: SpellBattleBase) -> list[float]:
    """Material of every seat (characters counted for their controller)."""
    out = [seat_material(state, s) for s in range(state.n_seats)]
    alive = state.alive
    for cid in state.characters():
        ctl = state.controller[cid]
        if 0 <= ctl < len(out) and alive[ctl]:
            out[ctl] += character_value(state, cid)
    return out


def evaluate(state: SpellBattleBase, seat: int) -> float:
    """The seat's team's average material lead over its enemies' average, in (-1, 1)."""
    values = material(state)
    team = state.team_of[seat]
    mine = [v for s, v in enumerate(values) if state.team_of[s] == team]
    theirs = [v for s, v in enumerate(values) if state.team_of[s] != team and state.alive[s]]
    if not theirs:
        return 1.0
    lead = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return math.tanh(lead / SCALE)


__all__ = ["character_value", "evaluate", "material", "seat_material"]
