"""Cheap default policies that search bots use to roll a position forward.

Card games with priority windows ask "respond or pass?" far more often than anything else, and most
answers are "pass". A policy that passes (or declines the rest of a compound choice with ``done``) and
otherwise picks at random plays the position out the way the engine would if nobody intervened, which
is what a one-ply lookahead needs to see the consequence of an action (a character resolving, an attack
dealing its damage). Search playouts mix it with uniform random play so opponents still respond.

Only the public API is used: an action declares whether it passes or declines (``Action.declines``).
"""

from __future__ import annotations

from collections.abc import Sequence

from spellforge.core.actions import Action
from spellforge.core.rng import Rng


def is_declining(action: Action) -> bool:
    """Whether ``action`` passes or finishes (its class says so: ``Action.declines``)."""
    return action.declines


def declining(legal: Sequence[Action]) -> Action | None:
    """The option that passes or finishes a compound choice, if the decision has one."""
    for action in legal:
        if action.declines:
            return action
    return None


def passive_action(legal: Sequence[Action], rng: Rng) -> Action:
    """Pass or decline when possible, else a uniformly random option."""
    if len(legal) == 1:
        return legal[0]
    action = declining(legal)
    if action is not None:
        return action
    return legal[rng.randrange(len(legal))]


def mixed_action(legal: Sequence[Action], rng: Rng, pass_bias: float) -> Action:
    """With probability ``pass_bias`` act as :func:`passive_action`, else uniformly at random."""
    if len(legal) == 1:
        return legal[0]  # one option (a pass the flow asks for fairness): no draw, no scan
    if rng.random() < pass_bias:
        return passive_action(legal, rng)
    return legal[rng.randrange(len(legal))]


__all__ = ["declining", "is_declining", "mixed_action", "passive_action"]
