"""Spellweaver's verbs: core's shared ones it uses (some under its own words) and its own, declared the
same way (a ``VerbSpec`` with its parameters, help and function), for the card vocabulary
(``cards.VOCABULARY``). The loader puts each verb's function on every effect that names it, so core's
``run_verb`` runs ``effect.run`` (core/abilities.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.cards import Effect, VerbSpec
from spellforge.core.effects import SHARED, Context, cards_of
from spellforge.core.events import Event

from .base import ASPECT_INDEX, EMBLEMS

if TYPE_CHECKING:
    from .abilities import SpellweaverAbilities

EMBLEM_INDEX = {k: i for i, k in enumerate(EMBLEMS)}


def _cards(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> list[int]:
    return cards_of(state.affected(effect, ctx))


def verb_freeze(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-K05: frozen until the end of this turn (SW-R18)."""
    for cid in _cards(state, effect, ctx):
        if state.in_row(cid):
            state.frozen.add(cid)
            state.emit(Event("freeze", state.controller[cid], cid))


def verb_emblem(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-057..061: emblems stack (SW-R24) and stay until the creature leaves play."""
    kind = EMBLEM_INDEX[effect.param("kind")]
    n = effect.amount or 1
    for cid in _cards(state, effect, ctx):
        if not state.in_row(cid):
            continue
        counts = list(state.emblems.get(cid, (0, 0, 0)))
        counts[kind] += n
        state.emblems[cid] = (counts[0], counts[1], counts[2])
        state.emit(Event("emblem", state.controller[cid], cid, n, note=EMBLEMS[kind]))


def verb_energy(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-063..066: only a card with an energy rating has energy; it never goes below 0, with no maximum."""
    for cid in _cards(state, effect, ctx):
        if cid in state.energy:
            value = state.energy[cid] + effect.amount
            state.energy[cid] = value if value > 0 else 0
            state.emit(Event("energy", state.controller[cid], cid, effect.amount))


def verb_crystals(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-013 / SW-K10: new crystals are full unless the effect says they enter empty."""
    seat = ctx.controller
    n = effect.amount or 1
    state.crystals[seat] += n
    if not effect.param("empty", False):
        state.full[seat] += n
    state.emit(Event("crystals", seat, amount=n, note="empty" if effect.param("empty", False) else "full"))


def verb_mana(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    state.bonus_mana[ctx.controller] += effect.amount or 1
    state.emit(Event("mana", ctx.controller, amount=effect.amount or 1))


def verb_move_row(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    row = effect.param("row")
    for cid in _cards(state, effect, ctx):
        if state.in_row(cid):
            state.change_row(cid, row)


def verb_cancel(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-K25: the cancelled card goes to the graveyard without resolving; its costs stay paid."""
    for cid in _cards(state, effect, ctx):
        if state.zone_of[cid] == state.layout.casting:
            state.move(cid, state.layout.graveyard[state.owner[cid]])
            state.controller[cid] = state.owner[cid]
            state.emit(Event("cancelled", ctx.controller, cid))


def verb_win_game(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-142: the controller wins (checked when the action has resolved, SW-144)."""
    need = effect.param("min_energy", 0)
    if need and state.energy.get(ctx.source, 0) < need:
        return
    state.goal[ctx.controller] = "card"
    state.emit(Event("goal", ctx.controller, ctx.source))


def verb_level(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    state.levels[ctx.controller][ASPECT_INDEX[effect.param("aspect")]] += effect.amount or 1
    state.emit(Event("level", ctx.controller, amount=effect.amount or 1, note=effect.param("aspect")))


def verb_sacrifice(state: SpellweaverAbilities, effect: Effect, ctx: Context) -> None:
    """SW-K24: only your own cards; a sacrificed creature dies."""
    for cid in _cards(state, effect, ctx):
        if state.in_play(cid) and state.controller[cid] == ctx.controller:
            state.destroy_card(cid, ctx.source)


_TARGETED = "target|to"

VERBS: dict[str, VerbSpec] = {
    "damage": SHARED["damage"].extended(needs=_TARGETED, help="deal `amount` damage to creatures or heroes"),
    "gain_life": SHARED["gain_life"].extended(help="a hero gains `amount` life (you, or the players named)"),
    "draw": SHARED["draw"].extended(help="draw `amount` cards (you, or the players named)"),
    "decay": SHARED["mill"].extended(help="move the top `amount` cards of a deck to its graveyard (SW-K23)"),
    "destroy": SHARED["destroy"].extended(
        needs=_TARGETED, help="put cards in play into their owner's graveyard"
    ),
    "sacrifice": VerbSpec(
        needs=_TARGETED, help="put your own card into its graveyard (SW-K24)", run=verb_sacrifice
    ),
    "return_to_hand": SHARED["return_to_hand"].extended(
        needs=_TARGETED, help="put a card into its owner's hand"
    ),
    "modify": SHARED["modify"].extended(
        needs=_TARGETED,
        help="change attack, hp or speed by `amount` (until end of turn, or while a static lasts)",
    ),
    "grant": SHARED["grant"].extended(needs=_TARGETED, help="give a keyword (until end of turn, or static)"),
    "exhaust": SHARED["tap"].extended(needs=_TARGETED, help="exhaust cards (SW-K13)"),
    "ready": SHARED["untap"].extended(needs=_TARGETED, help="ready exhausted cards"),
    "freeze": VerbSpec(needs=_TARGETED, help="freeze creatures until end of turn (SW-K05)", run=verb_freeze),
    "emblem": VerbSpec(
        {"kind": str}, _TARGETED, help="put `amount` emblems of a kind (SW-057..061)", run=verb_emblem
    ),
    "energy": VerbSpec(
        needs=_TARGETED, help="add (or, negative, remove) energy (SW-062..066)", run=verb_energy
    ),
    "crystals": VerbSpec(
        {"empty": bool},
        help="gain `amount` mana crystals, full or empty (SW-013, SW-K10)",
        run=verb_crystals,
    ),
    "mana": VerbSpec(help="gain `amount` mana that must be spent this turn", run=verb_mana),
    "move_row": VerbSpec(
        {"row": str}, _TARGETED, help="move creatures to their combat or support row", run=verb_move_row
    ),
    "cancel": VerbSpec(needs="target", help="cancel a card as it is played (SW-K25)", run=verb_cancel),
    "win_game": VerbSpec(
        {"min_energy": int},
        help="you win the game (SW-142), if this has `min_energy` energy",
        run=verb_win_game,
    ),
    "level": VerbSpec({"aspect": str}, help="gain `amount` levels of an aspect", run=verb_level),
}
