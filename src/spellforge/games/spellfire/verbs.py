"""SPELLFIRE's spell and event verbs: what each does as it resolves (SF-229..SF-243, SF-281..SF-307).

Each is a ``VerbSpec`` with its help and function ``verb(state, effect, ctx)`` (core's shared ``draw``
among them), for the card vocabulary (``cards.VOCABULARY``); the loader puts the function on every effect
that names it and core runs it (``state.run_verb``, core/abilities.py) when the play resolves
(``plays.SpellfirePlays.run_powers``). ``ctx.source`` is the card played, ``ctx.controller`` its player,
``ctx.uid`` the play (``state.resolving(ctx)``) and ``ctx.targets`` what it is aimed at now: a spell turned
back on its caster (SF-238) names the caster. How each is played (its targets) and what it answers are
declared by their points in ``cards.AT``; a power that acts while its card is in play is declared there
alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core.cards import Effect, VerbSpec
from spellforge.core.effects import SHARED, Context
from spellforge.core.events import Event
from spellforge.core.modifiers import ROUND
from spellforge.core.targets import CardRef, PlayerRef, StackRef

if TYPE_CHECKING:
    from .plays import SpellfirePlays


def _card(ctx: Context) -> int:
    """The card a play is aimed at now, or -1."""
    t = ctx.targets[0] if ctx.targets else None
    return t.id if isinstance(t, CardRef) else -1


def _about(ctx: Context) -> int:
    """The uid of the play a spell answers (a ``StackRef`` target), or -1."""
    t = ctx.targets[0] if ctx.targets else None
    return t.uid if isinstance(t, StackRef) else -1


# ---------------------------------------------------------------------- spells


def verb_negate(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """Dispel a spell being cast (SF-237) or negate an event in its pause (SF-287)."""
    state.negated.append(_about(ctx))


def verb_turn(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """The offensive spell answered goes back on its caster (SF-238)."""
    state.turned.append(_about(ctx))


def verb_reflect(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """A turning that, cast in phase 4, turns every later offensive spell of that phase (SF-239)."""
    state.turned.append(_about(ctx))
    if state.phase == "attack":
        state.reflecting = ctx.controller


def _at_champion(state: SpellfirePlays, ctx: Context, limbo: bool) -> None:
    target = _card(ctx)
    if target < 0 or not state.in_play(target):
        return
    if ctx.uid in state.turned or not state.immune_to_spells(target):
        if limbo:
            state.send_to_limbo(target)
        else:
            state.discard_card_from_play(target)
    elif state.face_down[target]:
        # cast into a hidden pool at a champion that proves immune: the spell is wasted, not returned for
        # a new target (SF-011), and the champion is seen to be immune
        state.reveal_to_everyone(target)
        state.emit(Event("wasted", ctx.controller, ctx.source, other=target))


def verb_discard_champion(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-231: the target champion is discarded, unless immune (SF-249)."""
    _at_champion(state, ctx, limbo=False)


def verb_limbo(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-160, SF-161: the target champion goes to Limbo, unless immune (SF-249)."""
    _at_champion(state, ctx, limbo=True)


def verb_wish(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-K37: negates an event with a duration, or discards any champion, or removes a dungeon (the
    dungeon, the spell and its caster to the Void, SF-054)."""
    about = _about(ctx)
    if about >= 0:
        state.negated.append(about)
        return
    target = _card(ctx)
    if target >= 0 and state.defs[target].type == "dungeon":
        caster = state.resolving(ctx).caster
        state.to_zone(target, state.layout.void[state.owner[target]])
        state.to_zone(ctx.source, state.layout.void[state.owner[ctx.source]])
        if caster >= 0 and state.in_play(caster):
            state.to_zone(caster, state.layout.void[state.owner[caster]])
        return
    if target >= 0 and state.in_play(target):
        state.discard_card_from_play(target)


def verb_limbo_to_abyss(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-253: a champion in another player's Limbo goes to his Abyss; what it took there is discarded."""
    target = _card(ctx)
    if target >= 0 and state.zone_name(target) == "limbo" and not state.immune_to_spells(target):
        state.detach_rest(target, keep=[])
        state.to_zone(target, state.layout.abyss[state.owner[target]])
        state.emit(Event("abyss", state.owner[target], target))


def verb_steal_item(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """An item of the opposing champion goes to its thief's hand."""
    target = _card(ctx)
    if target >= 0 and state.in_play(target):
        state.to_zone(target, state.layout.hand[ctx.controller])
        state.controller[target] = ctx.controller


def verb_wall(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-232..SF-236: the battle stops the opposing champion (``battle.SpellfireBattle.wall``)."""
    state.wall(state.resolving(ctx), ctx.uid in state.turned, str(effect.param("traits")))


def verb_grant_trait(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-235: its caster's champion in the round gains the trait for the round."""
    f = state.fight
    own = f.att_champion if f.attacker == ctx.controller else f.def_champion
    if own >= 0:
        state.grant(own, str(effect.param("traits")), ROUND, ctx.source)


# ---------------------------------------------------------------------- events (SF-289: a seat that
# ignored a harmful event with Calm is untouched by it)


def verb_discard_realm(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-205: the target realm is discarded."""
    realm = _card(ctx)
    if (
        realm >= 0
        and state.zone_name(realm) == "formation"
        and state.owner[realm] not in state.calmed_seats(ctx.uid)
    ):
        state.discard_card_from_play(realm)


def verb_discard_monsters(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-207, SF-208: every monster in combat is discarded."""
    calmed = state.calmed_seats(ctx.uid)
    for c in list(state.zones[state.layout.battle]):
        if state.is_champion(c) and "monster" in state.classes(c) and state.controller[c] not in calmed:
            state.discard_card_from_play(c)


def verb_no_attacks(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-R17: the event stays in play, and its target player may not attack, until his next turn (a
    duplicate does not stay: the card is the original's)."""
    t = ctx.targets[0] if ctx.targets else None
    if not isinstance(t, PlayerRef) or t.seat in state.calmed_seats(ctx.uid):
        return
    if state.resolving(ctx).copy_of < 0:
        state.move(ctx.source, state.layout.lasting)
        state.lasting_until[ctx.source] = t.seat


def verb_discard_from_hand(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """Every other player discards ``amount`` cards at random."""
    calmed = state.calmed_seats(ctx.uid)
    for s in state.clockwise_from(ctx.controller)[1:]:
        if s in calmed:
            continue
        for _ in range(effect.amount):
            hand = state.hand_of(s)
            if hand:
                state.discard_from_hand(s, hand[state.rng.randrange(len(hand))], voluntary=False)


def verb_extra_turn(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-295, SF-K42: its player takes another turn."""
    if state.extra_turns_unlocked:
        state.grant_extra_turn(ctx.controller)


def verb_destroy(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-008: the champion leaves the game and its owner's deck, until replaced."""
    c = _card(ctx)
    if c >= 0 and state.zone_name(c) == "pool" and state.owner[c] not in state.calmed_seats(ctx.uid):
        state.to_zone(c, state.layout.void[state.owner[c]])
        state.destroyed.append(c)
        state.emit(Event("destroyed", state.owner[c], c))


def verb_take_back(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-313: one of its player's pool champions returns to his hand with its cards."""
    c = _card(ctx)
    if c >= 0:
        state.take_back(c, ctx.controller)


def verb_remove_support(state: SpellfirePlays, effect: Effect, ctx: Context) -> None:
    """SF-248: an opposing ally or item leaves the combat."""
    c = _card(ctx)
    if c >= 0 and state.zone_name(c) == "battle" and state.controller[c] not in state.calmed_seats(ctx.uid):
        state.discard_card_from_play(c)


_TRAITS = {"traits": str}  # "flyer|swimmer": alternatives separated by |

VERBS: dict[str, VerbSpec] = {
    "discard_champion": VerbSpec(help="discards a target champion (SF-231)", run=verb_discard_champion),
    "wall": VerbSpec(
        params=_TRAITS,
        help="the opposing champion cannot go on unless it has traits (SF-232)",
        run=verb_wall,
    ),
    "dispel": VerbSpec(help="cancels a spell being cast (SF-237)", run=verb_negate),
    "turn": VerbSpec(help="turns an offensive spell back on its caster (SF-238)", run=verb_turn),
    "reflect": VerbSpec(
        help="a turning that lasts the rest of phase 4 when cast then (SF-239)", run=verb_reflect
    ),
    "negate_event": VerbSpec(help="negates an event in its pause (SF-287)", run=verb_negate),
    "wish": VerbSpec(
        help="discards any champion, negates a duration event or removes a dungeon (SF-K37)", run=verb_wish
    ),
    "limbo": VerbSpec(help="sends a target champion to Limbo (SF-160, SF-161)", run=verb_limbo),
    "limbo_to_abyss": VerbSpec(
        help="sends a champion in another player's Limbo to his Abyss (SF-253)", run=verb_limbo_to_abyss
    ),
    "draw": SHARED["draw"].extended(help="draw amount cards"),
    "steal_item": VerbSpec(help="an item of the opposing champion goes to your hand", run=verb_steal_item),
    "grant_trait": VerbSpec(
        params=_TRAITS, help="its bearer or target gains a trait (SF-235)", run=verb_grant_trait
    ),
    "discard_realm": VerbSpec(help="discards a target realm (SF-205)", run=verb_discard_realm),
    "discard_monsters": VerbSpec(
        help="discards every monster in combat (SF-207, SF-208)", run=verb_discard_monsters
    ),
    "no_attacks": VerbSpec(
        help="the target player cannot attack until his next turn (SF-R17)", run=verb_no_attacks
    ),
    "discard_from_hand": VerbSpec(
        help="the target player discards amount cards at random", run=verb_discard_from_hand
    ),
    "extra_turn": VerbSpec(help="you take another turn (SF-295, SF-K42)", run=verb_extra_turn),
    # played as its player's one action in a harmful event's pause, never resolved (SF-285)
    "calm": VerbSpec(help="you ignore a harmful event (SF-285, SF-K30)"),
    "remove_support": VerbSpec(
        help="an opposing ally or item leaves the combat (SF-248)", run=verb_remove_support
    ),
    "destroy": VerbSpec(
        help="destroys a champion: out of the game and out of its owner's deck (SF-008)", run=verb_destroy
    ),
    "take_back": VerbSpec(
        help="one of your pool champions returns to your hand with its cards (SF-313)", run=verb_take_back
    ),
}
