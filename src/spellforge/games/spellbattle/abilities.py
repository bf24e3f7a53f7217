"""What Spell Battle cards do: the verbs, triggered / static / replacement abilities, and the hooks the
shared verbs call (drawing with the discard-pile reshuffle, damage, destruction, control).
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core.actions import Action, ChooseTarget
from spellforge.core.cards import Effect
from spellforge.core.effects import SHARED_VERBS, Context, Verb, cards_of
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target, card_ref, stack_ref

from .actions import Pick
from .base import item_note
from .decisions import CopyItemData, CopyTargetData, SacrificeData, TriggerItemData, TriggerTargetData
from .limited import LimitedMixin

# The events each trigger word listens to (SB-107).
TRIGGER_EVENTS = {
    "enters": ev.ENTERS,
    "destroyed": ev.DESTROYED,
    "attacks": "attack",
    "turn_start": "turn_start",
}


class AbilityMixin(LimitedMixin):
    __slots__ = ()

    def run_verb(self, effect: Effect, ctx: Context) -> None:
        VERBS[effect.verb](self, effect, ctx)

    # ------------------------------------------------------------------ hooks of the shared verbs

    def draw_cards(self, seat: int, n: int) -> None:
        """SB-010/011/027: draw from the top; an empty draw pile first takes the shuffled discard pile;
        with both empty the draw does nothing (SB-R13)."""
        deck = self.layout.deck[seat]
        hand = self.layout.hand[seat]
        for _ in range(n):
            if not self.zones[deck]:
                discard = self.layout.discard[seat]
                if not self.zones[discard]:
                    return
                for cid in list(self.zones[discard]):
                    self.move(cid, deck)
                self.shuffle(deck)
                self.emit(Event(ev.SHUFFLE, seat, note="discard pile into draw pile"))
            cid = self.zones[deck][-1]
            self.move(cid, hand)
            self.controller[cid] = seat
            self.emit(Event(ev.DRAW, seat, cid, secret=True))

    def deal_damage(self, source: int, target: Target, amount: int, by: int = -1) -> None:
        if amount <= 0:
            return
        if isinstance(target, PlayerRef):
            self.deal_player_damage(source, target.seat, amount, by)
        elif isinstance(target, CardRef) and self.is_character(cid := target.id):
            self.damage[cid] += amount  # SB-R18: stays marked until the end of turn or combat
            self.emit(Event(ev.DAMAGE, self.controller[cid], cid, amount, other=source))

    def destroy_card(self, cid: int, source: int, reason: str = "") -> None:
        """SB-090 / SB-K10, with replacement abilities first (SB-109/110) and death triggers. ``reason``
        says why for the log when no card destroys it ("damage", "strength", "deadly", "sacrifice")."""
        if not self.in_play(cid) or self.face_down[cid]:
            return
        for src, effect in self.replacements_for("destroyed"):
            ctx = Context(src, self.controller[src])
            if effect.to is not None and any(self.matches(sel, cid, ctx) for sel in effect.to.alternatives):
                self.emit(Event("replaced", self.controller[cid], cid, note=effect.verb))
                self.run_verb(effect, Context(src, self.controller[src], (card_ref(cid),)))
                return
        seat = self.controller[cid]
        for effect in self.defs[cid].triggered:
            if effect.trigger == "dies":
                self.pending_triggers.append((seat, cid, effect.index, cid))
        self.leave_play(cid, self.discard_zone(cid))
        self.controller[cid] = self.owner[cid] if self.owner[cid] >= 0 else seat
        self.emit(Event(ev.DESTROYED, seat, cid, other=source, note=reason))

    def replacements_for(self, event: str) -> list[tuple[int, Effect]]:
        out = []
        for src in self.zones[self.play_zone]:
            if not self.face_down[src]:
                for effect in self.defs[src].replacements:
                    if effect.instead == event:
                        out.append((src, effect))
        return out

    def leave_play(self, cid: int, zone: int) -> None:
        """Move a card from play to ``zone``: it leaves combat and loses its in-play facts, and the abilities
        in play are recomputed once it has gone, so its static abilities stop at once (SB-K17)."""
        self.remove_from_combat(cid)
        self.left_play(cid)  # its modifiers end: it is a new object wherever it goes
        self.damage[cid] = 0
        self.tapped[cid] = False
        self.face_down[cid] = False
        self.move(cid, zone)
        self.refresh_play()

    def add_modifier(self, cid: int, stat: str, amount: int, duration: str, source: int) -> None:
        """SB-K19: a change until end of turn (the only duration Spell Battle's cards use)."""
        if self.is_character(cid):
            self.modify_card(cid, stat, amount, TURN, source)
            self.emit(Event("modify", self.controller[cid], cid, amount, note=stat))

    def set_tapped(self, cid: int, tapped: bool) -> None:
        if self.in_play(cid):
            self.tapped[cid] = tapped

    def gain_control(self, cid: int, seat: int) -> None:
        """SB-118..120 / SB-R29: the new controller takes it; it leaves combat, keeping its orientation."""
        if not self.is_character(cid) or self.controller[cid] == seat:
            return
        self.remove_from_combat(cid)
        self.controller[cid] = seat
        self.refresh_play()
        self.emit(Event(ev.CONTROL, seat, cid))

    def refresh_play(self) -> None:
        """Recompute the static abilities in play and which events triggered abilities listen to."""
        statics = []
        listening = set()
        defs = self.defs
        for cid in self.zones[self.play_zone]:
            if self.face_down[cid]:
                continue
            d = defs[cid]
            for effect in d.statics:
                statics.append((cid, effect))
            for effect in d.triggered:
                kind = TRIGGER_EVENTS.get(effect.trigger)
                if kind:
                    listening.add(kind)
        self.statics = tuple(statics)
        self.listening = frozenset(listening)

    # ------------------------------------------------------------------ triggered abilities (SB-107/108, SB-R16)

    def on_event(self, event: Event) -> None:
        if event.kind not in self.listening:
            return
        for src in self.zones[self.play_zone]:
            if self.face_down[src]:
                continue
            for effect in self.defs[src].triggered:
                if TRIGGER_EVENTS.get(effect.trigger) != event.kind:
                    continue
                if effect.trigger in ("enters", "attacks") and event.card != src:
                    continue
                if effect.trigger == "turn_start" and event.seat != self.controller[src]:
                    continue
                if effect.trigger == "destroyed" and self.defs[event.card].type != "character":
                    continue  # "whenever a character is destroyed": not an in-play spell
                self.pending_triggers.append((self.controller[src], src, effect.index, event.card))

    def trigger_seat_order(self) -> list[int]:
        """SB-R16: the active player's triggers go into limbo first (so the last player's resolve first)."""
        return self.clockwise_from(self.window_first_seat())

    def put_trigger(self, index: int) -> None:
        seat, src, effect_index, event_card = self.pending_triggers.pop(index)
        effect = self.defs[src].effects[effect_index]
        if effect.target is not None:
            if not self.select(effect.target, Context(src, seat)):
                self.emit(Event("trigger_lost", seat, src, note="no legal target"))
                return
            self.ask("trigger_target", seat, TriggerTargetData(src, effect_index))
            return
        self.push_item(self.make_item("trigger", src, seat, effect_index, (), TriggerItemData(event_card)))

    @legal("trigger_target", data=TriggerTargetData)
    def legal_trigger_target(self) -> list[Action]:
        assert self.decision is not None
        data = self.asked(TriggerTargetData)
        seat, src, effect_index = self.decision.seat, data.card, data.effect
        effect = self.defs[src].effects[effect_index]
        assert effect.target is not None
        return [ChooseTarget(t) for t in self.select(effect.target, Context(src, seat))]

    @act("trigger_target")
    def act_trigger_target(self, action: Action, d: Decision[TriggerTargetData]) -> None:
        assert isinstance(action, ChooseTarget)
        src, effect_index = d.data.card, d.data.effect
        self.push_item(
            self.make_item("trigger", src, d.seat, effect_index, (action.target,), TriggerItemData())
        )

    def push_item(self, item: StackItem) -> None:
        self.put_on_stack(item)
        self.emit(Event("limbo", item.controller, item.card, note=item_note(item)))

    # ------------------------------------------------------------------ decisions inside a resolution

    def copy_targets(self, card: int, effect_index: int, seat: int, original: int) -> list[Target]:
        """New targets for a copy of stack item ``original``: what its effect could target, except the
        original itself (a copy of a copy effect aimed back at its original would copy it forever)."""
        effect = self.copy_effect(card, effect_index)
        if effect is None or effect.target is None:
            return []
        avoid = stack_ref(original)
        return [t for t in self.select(effect.target, Context(card, seat)) if t != avoid]

    @legal("copy_target", data=CopyTargetData)
    def legal_copy_target(self) -> list[Action]:
        assert self.decision is not None
        data = self.asked(CopyTargetData)
        targets = self.copy_targets(data.card, data.effect, self.decision.seat, data.original)
        return [ChooseTarget(t) for t in targets]

    @act("copy_target")
    def act_copy_target(self, action: Action, d: Decision[CopyTargetData]) -> None:
        assert isinstance(action, ChooseTarget)
        kind, card, effect_index = d.data.kind, d.data.card, d.data.effect
        self.push_item(
            self.make_item("copy", card, d.seat, effect_index, (action.target,), CopyItemData(kind))
        )

    def copy_effect(self, card: int, effect_index: int) -> Effect | None:
        effects = self.defs[card].on_resolve if effect_index < 0 else (self.defs[card].effects[effect_index],)
        return next((e for e in effects if e.target is not None), None)

    @legal("sacrifice", data=SacrificeData)
    def legal_sacrifice(self) -> list[Action]:
        assert self.decision is not None
        seat, chosen = self.decision.seat, self.asked(SacrificeData).chosen
        return [Pick(c) for c in self.characters(seat) if c not in chosen]

    @act("sacrifice")
    def act_sacrifice(self, action: Action, d: Decision[SacrificeData]) -> None:
        assert isinstance(action, Pick)
        remaining, chosen = d.data.remaining, d.data.chosen
        chosen = (*chosen, action.card)
        left = [c for c in self.characters(d.seat) if c not in chosen]
        if remaining > 1 and left:
            self.ask("sacrifice", d.seat, SacrificeData(remaining - 1, chosen))
            return
        source = self.resolving.card if self.resolving is not None else -1  # the card that demands it
        for cid in chosen:
            self.destroy_card(cid, source, "sacrifice")


# ---------------------------------------------------------------------- Spell Battle's own verbs


def verb_counter(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
    """SB-K08: a countered card goes to its owner's discard pile; a countered ability ceases to exist."""
    for t in ctx.targets:
        item = state.find_item(t.uid) if isinstance(t, StackRef) else None
        if item is None:
            continue
        state.stack.remove(item)
        if item.is_card:
            state.move(item.card, state.discard_zone(item.card))
        state.emit(Event(ev.COUNTER, ctx.controller, item.card, note=item_note(item)))


def verb_copy(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
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


def verb_set_aside(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
    """SB-K12: face up into the shared set-aside pile, out of the game."""
    for cid in cards_of(state.affected(effect, ctx)):
        seat = state.controller[cid]
        if state.in_play(cid):
            state.leave_play(cid, state.layout.aside)
        else:
            state.move(cid, state.layout.aside)
        state.controller[cid] = state.owner[cid] if state.owner[cid] >= 0 else seat
        state.emit(Event("set_aside", seat, cid))


def verb_sacrifice(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
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


def verb_damage(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
    """Damage is dealt by the controller of the effect: a copy's by the copier (SB-K09, SB-166)."""
    for t in state.affected(effect, ctx):
        state.deal_damage(ctx.source, t, effect.amount, ctx.controller)


def verb_overrun(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
    state.overrun[ctx.controller] = True
    state.emit(Event("overrun", ctx.controller, ctx.source))


def verb_return_to_hand(state: AbilityMixin, effect: Effect, ctx: Context) -> None:
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


VERBS: dict[str, Verb] = {
    **{
        k: v
        for k, v in SHARED_VERBS.items()
        if k in ("draw", "destroy", "modify", "tap", "untap", "gain_control")
    },
    "damage": verb_damage,
    "counter": verb_counter,
    "copy": verb_copy,
    "set_aside": verb_set_aside,
    "sacrifice": verb_sacrifice,
    "overrun": verb_overrun,
    "return_to_hand": verb_return_to_hand,
}
