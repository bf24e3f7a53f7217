"""Spelldawn's verbs, declared for the card vocabulary (``cards.VOCABULARY``).

Each verb is a ``VerbSpec`` with its parameters, help and function ``verb(state, effect, ctx)`` (core's
shared ``draw`` among them); the loader puts the function on every effect that names it, and core runs it
(``state.run_verb(effect, ctx)``, core/abilities.py). ``ctx.source`` is the card whose ability it is and
``ctx.controller`` its controller. The static verbs (raze tax, hand size, extra access, curse discount)
are never run: they are read as the statics of the cards in force (``base.SpelldawnBase.static_total``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.cards import Effect, VerbSpec
from spellforge.core.effects import SHARED, Context
from spellforge.core.events import Event

if TYPE_CHECKING:
    from .effects import SpelldawnEffects


def verb_gain_mana(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    n = effect.amount
    if effect.param("per") == "progress":
        n *= state.progress[ctx.source]
    state.gain(ctx.controller, n, ctx.source)


def verb_raid_mana(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    if state.raid_room >= 0:
        state.raid_mana += effect.amount
        state.emit(Event("raid_mana", state.ch, ctx.source, amount=effect.amount))


def verb_damage(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    state.damage(effect.amount, ctx.source)


def verb_end_raid(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    state.end_raid(False, ctx.source)


def verb_lose_actions(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    if state.active == state.ch:
        lost = min(effect.amount, state.ap)
        state.ap -= lost  # SD-K21
        state.emit(Event("lose_actions", state.ch, ctx.source, amount=lost))


def verb_curse(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    state.curses += effect.amount
    state.emit(Event("curse", state.ch, ctx.source, amount=effect.amount))


def verb_store(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    state.stored[ctx.source] += effect.amount
    state.emit(Event("store", ctx.controller, ctx.source, amount=effect.amount))


def verb_take(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    state.take(ctx.source, effect.amount)


def verb_raid(state: SpelldawnEffects, effect: Effect, ctx: Context) -> None:
    """SD-K23: a raid on the room named, or on one the Champion chooses; it runs as frames, so the walk of
    the card's effects (``op_effects``) schedules the rest of them to resume after it."""
    state.raid_from_effect(effect.param("room", "any"), effect.param("mana", 0), effect.param("access", 0))


_IF = {"if": str}

VERBS: dict[str, VerbSpec] = {
    "gain_mana": VerbSpec(
        params={**_IF, "per": str}, help="add `amount` mana to your pool (SD-K13)", run=verb_gain_mana
    ),
    "raid_mana": VerbSpec(
        params=_IF, help="add `amount` mana to spend during this raid (SD-R23)", run=verb_raid_mana
    ),
    "draw": SHARED["draw"].extended(_IF, help="draw `amount` cards"),
    "damage": VerbSpec(params=_IF, help="deal `amount` damage to the Champion (SD-K19)", run=verb_damage),
    "end_raid": VerbSpec(params=_IF, help="end the raid as a failure (SD-K20)", run=verb_end_raid),
    "lose_actions": VerbSpec(
        params=_IF, help="the Champion loses up to `amount` action points (SD-K21)", run=verb_lose_actions
    ),
    "curse": VerbSpec(params=_IF, help="give the Champion `amount` curses (SD-K22)", run=verb_curse),
    "store": VerbSpec(params=_IF, help="put `amount` mana on this card (SD-K11)", run=verb_store),
    "take": VerbSpec(params=_IF, help="move up to `amount` stored mana to your pool (SD-K12)", run=verb_take),
    "raid": VerbSpec(
        params={**_IF, "room": str, "mana": int, "access": int},
        help="initiate a raid on `room` with `mana` raid mana and `access` extra cards (SD-K23)",
        run=verb_raid,
    ),
    "raze_tax": VerbSpec(help="static: projects cost `amount` more to raze (SD-K29)"),
    "hand_size": VerbSpec(help="static: your maximum hand size changes by `amount` (SD-096)"),
    "sanctum_access": VerbSpec(help="static: Sanctum raids access `amount` more cards (SD-R08)"),
    "vault_access": VerbSpec(help="static: Vault raids access `amount` more cards (SD-R08)"),
    "curse_discount": VerbSpec(help="static: removing a curse costs `amount` less mana (SD-R19)"),
}
