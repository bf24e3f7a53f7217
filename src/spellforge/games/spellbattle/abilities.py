"""What Spell Battle cards do: the verbs, triggered / static / replacement abilities, and the hooks the
shared verbs call (drawing with the discard-pile reshuffle, damage, destruction, control).
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core.actions import Action, ChooseTarget
from spellforge.core.cards import Effect
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import DURATION_WORDS
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, Target, card_ref, stack_ref

from .actions import Pick
from .base import item_note
from .cards import TRIGGER_EVENTS
from .decisions import CopyItemData, CopyTargetData, SacrificeData, TriggerItemData, TriggerTargetData
from .limited import SpellBattleLimited


class SpellBattleAbilities(SpellBattleLimited):
    __slots__ = ()
    # core's ability layer (core/abilities.py): the abilities of face-up cards in play are in force; the
    # trigger words of cards.TRIGGERS say what each listens to
    ABILITY_ZONES = ("play",)
    TRIGGER_EVENTS = TRIGGER_EVENTS

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

    def add_modifier(self, cid: int, stat: str, amount: int, duration: str, source: int) -> None:
        """SB-K19: a change to a character for its duration (Spell Battle's cards say until end of turn)."""
        if self.is_character(cid):
            self.modify_card(cid, stat, amount, DURATION_WORDS[duration or "turn"], source)
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
        self.emit(Event(ev.CONTROL, seat, cid))

    # ------------------------------------------------------------------ triggered abilities (SB-107/108, SB-R16)

    def trigger_seat_order(self) -> list[int]:
        """SB-R16: the active player's triggers go into limbo first (so the last player's resolve first)."""
        return self.clockwise_from(self.window_first_seat())

    def put_trigger(self, index: int) -> None:
        t = self.pending_triggers.pop(index)  # a Spell Battle card lends no abilities: it is its own source
        seat, src, effect_index, event_card = t.seat, t.card, t.effect, t.event_card
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
