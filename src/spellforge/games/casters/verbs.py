"""Casters' verbs: core's shared ones it uses and its own, declared the same way (a ``VerbSpec`` with its
parameters, help and function), for the card vocabulary (``cards.VOCABULARY``). Each own verb is a function
``verb(state, effect, ctx)``; the loader puts it on every effect that names it, so the stack runs
``effect.run`` (core/abilities.py ``run_verb``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.cards import Effect, VerbSpec
from spellforge.core.effects import SHARED, Context, cards_of
from spellforge.core.events import Event
from spellforge.core.targets import StackRef

from . import frames
from .base import DECK, GRAVEYARD
from .costs import parse_cost
from .decisions import OptionalData, SearchData

if TYPE_CHECKING:
    from .abilities import CastersAbilities


def verb_negate(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    for t in ctx.targets:
        item = state.find_item(t.uid) if isinstance(t, StackRef) else None
        if item is not None:
            state.negate_item(item, ctx.controller)


def verb_negate_next(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    state.negate_next[ctx.controller] += 1
    state.emit(Event("negate_next", ctx.controller, ctx.source))


def verb_search(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    level = effect.param("level", 0)
    kind = effect.param("kind", "card")
    if state.search_matches(ctx.controller, level, kind):
        # CA-063: the searcher looks through the Main Deck; the shuffle that ends the search forgets it
        deck = DECK[ctx.controller]
        for cid in state.zones[deck]:
            state.reveal_to(cid, ctx.controller)
    # Asked even when nothing matches (its only option is then ``pass``): whether the searcher is asked
    # must not tell the other player what its deck holds (the flow takes it only for an empty deck).
    state.ask("search", ctx.controller, SearchData(level, kind, ctx.source))


def verb_shield(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    hosts = cards_of(state.affected(effect, ctx)) if effect.to is not None else [ctx.source]
    for host in hosts:
        if host >= 0:
            state.gain_shields(host, ctx.controller, effect.amount or 1)


def verb_summon(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    for cid in cards_of(ctx.targets):
        if state.zone_of[cid] == GRAVEYARD[state.owner[cid]]:
            state.summon(cid, ctx.controller)


def verb_resummon(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    """ "Death: you may pay X to resummon this": only from its owner's Graveyard, only if X can be paid."""
    cid = ctx.source
    if state.zone_of[cid] != GRAVEYARD[state.owner[cid]]:
        return
    parts = parse_cost(effect.param("pay", "Free"))
    if not state.can_pay(ctx.controller, parts):
        return
    item = state.resolving
    card = item.card if item is not None else cid
    if effect.optional:
        state.ask("optional", ctx.controller, OptionalData(card, effect.index, cid))
    else:
        state.start_payment(ctx.controller, cid, parts, frames.Resummon(cid, ctx.controller))


def verb_static_only(state: CastersAbilities, effect: Effect, ctx: Context) -> None:
    """``grant`` is only ever static: has_keyword() reads it while its source is face up."""


_EQUIP = {"equip": bool}  # every effect may be a card's "Equip:" line (CA-068)

VERBS: dict[str, VerbSpec] = {
    "draw": SHARED["draw"].extended(_EQUIP, help="draw `amount` cards (you, or the players named by `to`)"),
    "damage": SHARED["damage"].extended(_EQUIP, help="deal `amount` damage to minions or Heroes"),
    "destroy": SHARED["destroy"].extended(_EQUIP, help="send field cards to the Graveyard (CA-K19)"),
    "tap": SHARED["tap"].extended(_EQUIP, help="tap cards (CA-K14)"),
    "untap": SHARED["untap"].extended(_EQUIP, help="untap cards (CA-K14)"),
    "return_to_hand": SHARED["return_to_hand"].extended(_EQUIP, help="return a minion to its owner's hand"),
    "discard": SHARED["discard"].extended(
        _EQUIP, needs="to", help="the players named discard `amount` cards of their choice"
    ),
    "mill": SHARED["mill"].extended(
        _EQUIP, needs="to", help="top `amount` Main Deck cards to the Graveyard (CA-K21)"
    ),
    "modify": SHARED["modify"].extended(
        _EQUIP, help="change attack or health by `amount` (static, or this turn)"
    ),
    "grant": VerbSpec(
        {"keyword": str, **_EQUIP}, help="a static keyword, e.g. Equip: Double Strike", run=verb_static_only
    ),
    "negate": VerbSpec(
        _EQUIP, needs="target", help="cancel a card or ability on the stack (CA-K07)", run=verb_negate
    ),
    "negate_next": VerbSpec(
        _EQUIP, help="negate the next card or ability an opponent activates this turn", run=verb_negate_next
    ),
    "search": VerbSpec(
        {"level": int, "kind": str, **_EQUIP},
        help="find a matching card in your Main Deck, reveal it, add it to your hand (CA-K06)",
        run=verb_search,
    ),
    "shield": VerbSpec(_EQUIP, help="put `amount` Shields under this minion (CA-K09)", run=verb_shield),
    "summon": VerbSpec(
        _EQUIP, needs="target", help="summon a minion from your Graveyard (CA-K20)", run=verb_summon
    ),
    "resummon": VerbSpec(
        {"pay": str, **_EQUIP},
        help="summon this card from your Graveyard, paying `pay` (CA-K20)",
        run=verb_resummon,
    ),
}
