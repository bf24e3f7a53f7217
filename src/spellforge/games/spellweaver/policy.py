"""The playout policy search bots use in Spellweaver: attack the hero, block what can be blocked well.

ISMCTS scores a Spellweaver position only after the opponent's next turn (``playout_turns = 1``):
attackers stay exhausted until their controller's next turn (SW-101, SW-R08), so what a player sends in
is what it cannot block with, and the damage that follows is where most games are lost. For that turn
to say anything, the playout must play combat the way a player would, which the generic policy (mostly
passing) does not: it never attacks and never blocks. This policy decides only the two combat
declarations and leaves every other decision to the generic policy:

* **attack** (active player): every creature that can attack the enemy hero and has attack does, in
  the order the options come; then ``done``.
* **block** (defender): an unblocked attacker is blocked by a blocker that kills it or survives it; if
  the attacks still aimed at the hero would bring its life to 0 or below, by any blocker at all
  (a chump block); otherwise ``done``.

It reads the state it is given, which for a search bot is a determinization of what its seat knows.
"""

from __future__ import annotations

from collections.abc import Sequence

from spellforge.core.actions import Action, Done
from spellforge.core.rng import Rng
from spellforge.core.targets import PlayerRef

from .actions import Attack, Block
from .state import SpellweaverState


def _done(legal: Sequence[Action]) -> Action | None:
    for action in legal:
        if type(action) is Done:
            return action
    return None


def _attack(state: SpellweaverState, legal: Sequence[Action]) -> Action | None:
    for action in legal:
        if type(action) is Attack and type(action.target) is PlayerRef and state.attack(action.card) > 0:
            return action
    return _done(legal)


def _kills(state: SpellweaverState, source: int, receiver: int) -> bool:
    damage = state.attack(source)
    return damage > 0 and damage >= state.lethal_damage(source, receiver)


def _block(state: SpellweaverState, legal: Sequence[Action]) -> Action | None:
    seat = state.opponent(state.active)
    incoming = sum(
        state.attack(a)
        for a in state.att
        if a not in state.blocked and any(type(t) is PlayerRef for t in state.att_tgt[a])
    )
    desperate = incoming >= state.life[seat]
    fallback: Action | None = None
    for action in legal:
        if type(action) is not Block or action.attacker in state.blocked:
            continue
        b, a = action.card, action.attacker
        if _kills(state, b, a) or not _kills(state, a, b):
            return action
        if desperate and fallback is None:
            fallback = action
    return fallback if fallback is not None else _done(legal)


def playout_action(state: SpellweaverState, legal: Sequence[Action], rng: Rng) -> Action | None:
    """The combat declarations as above; None (the generic policy) for every other decision."""
    decision = state.decision
    if decision is None:
        return None
    kind = decision.kind
    if kind == "attack":
        return _attack(state, legal)
    if kind == "block":
        return _block(state, legal)
    return None


__all__ = ["playout_action"]
