"""Spell Battle's verbs: core's shared ones it uses and its own, declared the same way (a ``VerbSpec`` with its
parameters, help and function), for the card vocabulary (``cards.VOCABULARY``). Each own verb is a function
``verb(state, effect, ctx)``; the loader puts it on every effect that names it, so limbo resolves
``effect.run`` (core/abilities.py ``run_verb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core import events as ev
from spellforge.core.cards import Effect, VerbSpec
from spellforge.core.effects import SHARED, Context, cards_of
from spellforge.core.events import Event
from spellforge.core.targets import PlayerRef, StackRef

from .base import item_note
from .decisions import CopyItemData, CopyTargetData, SacrificeData

if TYPE_CHECKING:
    from .abilities import SpellBattleAbilities


def verb_counter(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    """SB-K08: a countered card goes to its owner's discard pile; a countered ability ceases to exist."""
    for t in ctx.targets:
        item = state.find_item(t.uid) if isinstance(t, StackRef) else None
        if item is None:
            continue
        state.stack.remove(item)
        if item.is_card:
            state.move(item.card, state.discard_zone(item.card))
        state.emit(Event(ev.COUNTER, ctx.controller, item.card, note=item_note(item)))


def verb_copy(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    """SB-K09: a copy goes into limbo under the copier's control, with new choices made by the copier."""
    for t in ctx.targets:
        item = state.find_item(t.uid) if isinstance(t, StackRef) else None
        if item is None:
            continue
        chosen = state.copy_effect(item.card, item.effect)
        if chosen is None:
            state.push_item(
                state.make_item("copy", item.card, ctx.controller, item.effect, (), CopyItemData(item.kind))
            )
        elif state.copy_targets(item.card, item.effect, ctx.controller, item.uid):
            state.ask(
                "copy_target", ctx.controller, CopyTargetData(item.kind, item.card, item.effect, item.uid)
            )


def verb_set_aside(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    """SB-K12: face up into the shared set-aside pile, out of the game."""
    for cid in cards_of(state.affected(effect, ctx)):
        seat = state.controller[cid]
        if state.in_play(cid):
            state.leave_play(cid, state.layout.aside)
        else:
            state.move(cid, state.layout.aside)
        state.controller[cid] = state.owner[cid] if state.owner[cid] >= 0 else seat
        state.emit(Event("set_aside", seat, cid))


def verb_sacrifice(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    """SB-134/136: the opponent named on play chooses on resolution (as many as they can, SB-R17)."""
    for t in ctx.targets:
        if not isinstance(t, PlayerRef):
            continue
        seat = t.seat
        chars = state.characters(seat)
        n = effect.amount or 1
        if len(chars) <= n:
            for cid in chars:
                state.destroy_card(cid, ctx.source, "sacrifice")
        else:
            state.ask("sacrifice", seat, SacrificeData(n, ()))


def verb_damage(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    """Damage is dealt by the controller of the effect: a copy's by the copier (SB-K09, SB-166)."""
    for t in state.affected(effect, ctx):
        state.deal_damage(ctx.source, t, effect.amount, ctx.controller)


def verb_overrun(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    state.overrun[ctx.controller] = True
    state.emit(Event("overrun", ctx.controller, ctx.source))


def verb_return_to_hand(state: SpellBattleAbilities, effect: Effect, ctx: Context) -> None:
    """To the card's owner's hand, even from a borrower: a hand holds cards its owner plays, and a card
    stays part of its owner's deck (SB-029, SB-121, SB-124); card texts say "its owner's hand"."""
    for cid in cards_of(state.affected(effect, ctx)):
        seat = state.owner[cid] if state.owner[cid] >= 0 else ctx.controller
        if state.in_play(cid):
            state.leave_play(cid, state.layout.hand[seat])
        else:
            state.move(cid, state.layout.hand[seat])
        state.controller[cid] = seat
        state.emit(Event("to_hand", seat, cid))


VERBS: dict[str, VerbSpec] = {
    "damage": VerbSpec(needs="target|to", help="deal `amount` damage", run=verb_damage),
    "destroy": SHARED["destroy"].extended(help="destroy characters or in-play spells (SB-K10)"),
    "draw": SHARED["draw"].extended(help="draw `amount` cards (you, or the players named)"),
    "modify": SHARED["modify"].extended(
        needs="target|to", help="change strength or speed by `amount` (SB-K19)"
    ),
    "tap": SHARED["tap"].extended(help="turn cards sideways"),
    "untap": SHARED["untap"].extended(help="turn cards right-side-up"),
    "return_to_hand": VerbSpec(
        needs="target|to", help="put a card into its owner's hand", run=verb_return_to_hand
    ),
    "gain_control": SHARED["gain_control"].extended(
        needs="target", help="gain control of a character (SB-K11)"
    ),
    "counter": VerbSpec(
        needs="target", help="remove a card or ability from limbo (SB-K08)", run=verb_counter
    ),
    "copy": VerbSpec(needs="target", help="copy a spell or ability in limbo (SB-K09)", run=verb_copy),
    "set_aside": VerbSpec(
        needs="target|to", help="set a card aside, out of the game (SB-K12)", run=verb_set_aside
    ),
    "sacrifice": VerbSpec(
        needs="target", help="the target opponent chooses `amount` characters to destroy", run=verb_sacrifice
    ),
    "overrun": VerbSpec(
        help="this turn your blocked attackers deal their damage to the attacked player", run=verb_overrun
    ),
}
