"""The stack and what Casters cards do: activation, responses, triggers, resolution, and the hooks of the
verbs (``verbs.py``).

One stack holds card plays, response abilities and triggers (CA-R23); it resolves last in, first out
(CA-040). A card or ability *activates* when it goes on the stack: opponents' "When a card activates..."
abilities may then respond whoever has initiative (CA-039). Triggers that fire together go on the stack
second player first, so the initiative player's resolve first (CA-038). Which triggers an event fires, and
in what order, is core's (core/abilities.py): the trigger words and what an equipped card lends are
declared in ``cards.py``.
"""

from __future__ import annotations

from spellforge.core import frames as core_frames
from spellforge.core.actions import Action, Choose, ChooseTarget, Pass
from spellforge.core.cards import Effect
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import DURATION_WORDS
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target, card_ref

from . import fair, frames
from .actions import Discard, Take, Use
from .base import DECK, FIELD, FIELD_ZONES, GRAVEYARD, HAND, SHIELDS, STACK, STAGES
from .cards import TRIGGER_EVENTS
from .costs import parse_cost
from .decisions import (
    AbilityItemData,
    CardItemData,
    DiscardData,
    OptionalData,
    SearchData,
    TriggerItemData,
    TriggerTargetData,
    is_negated,
)
from .view import CastersView


class CastersAbilities(CastersView):
    __slots__ = ()
    # core's ability layer (core/abilities.py): the abilities of face-up cards and Stages are in force
    ABILITY_ZONES = ("field", "stages")
    TRIGGER_EVENTS = TRIGGER_EVENTS

    # ------------------------------------------------------------------ priority (core.windows)

    def open_priority(self) -> None:
        """A round of priority, initiative player first (CA-038, CA-K16); when both pass the top of the
        stack resolves and a new round starts (CA-040); with the stack empty the flow goes on."""
        if self.stack or not self.nobody_can_act("priority"):  # else nothing to answer nor to resolve
            self.open_window("priority", self.priority_order(), resolve=True)

    def nobody_can_act(self, kind: str) -> bool:
        """A round where nobody can respond is skipped: the top item resolves (or the window closes).

        Every priority decision would have the single option ``pass`` and be taken automatically; skipping
        them changes nothing but the time it takes.
        """
        return not self.pending_triggers and not self.responses_possible()

    def op_window(self) -> None:
        self.open_priority()

    def responses_possible(self) -> bool:
        if not self.stack or not self.activated_in_force():
            return False
        return bool(self.responses(0) or self.responses(1))

    def responses(self, seat: int) -> list[Action]:
        """Response abilities ``seat`` may use now: untapped where tapping is the cost (CA-R30, CA-K14)."""
        out: list[Action] = []
        for cid, effect in self.activated_in_force():
            if self.controller[cid] != seat or self.zone_of[cid] not in FIELD_ZONES:
                continue
            if effect.cost("tap", False) and self.tapped[cid]:
                continue
            if not self.condition_met(seat, effect.cost("when", "")):
                continue
            k = self.defs[cid].activated.index(effect)
            if effect.target is not None:
                for t in self.targets_for(effect, Context(cid, seat)):
                    out.append(Use(cid, k, t))
            else:
                out.append(Use(cid, k))
        return out

    def condition_met(self, seat: int, when: str) -> bool:
        for item in self.stack:
            if (
                item.kind in ("card", "ability")
                and not is_negated(item.data)
                and (when == "activates" or item.controller != seat)
            ):
                return True
        return False

    @legal("priority")
    def legal_priority(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *self.responses(self.decision.seat)]

    @act("priority")
    def act_priority(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            self.window_passed()
            return
        assert isinstance(action, Use)
        self.window_acted()  # the seat that responds keeps priority
        self.use_ability(d.seat, action.card, action.ability, action.target)

    def use_ability(self, seat: int, cid: int, index: int, target: Target | None) -> None:
        """A response ability: its cost (tap this, or sacrifice this) is paid, then it activates."""
        effect = self.defs[cid].activated[index]
        if effect.cost("tap", False):
            self.tapped[cid] = True
        targets = (target,) if target is not None else ()
        item = self.make_item("ability", cid, seat, effect.index, targets, AbilityItemData(cid))
        if effect.cost("sacrifice", False):
            self.sacrifice(cid)
        self.push_item(item)
        self.activated(item)

    def push_item(self, item: StackItem) -> None:
        self.put_on_stack(item)
        # ``amount``: which of the card's effects (the log names a trigger by its word: "Death", "On Play")
        self.emit(Event("stack", item.controller, item.card, amount=item.effect, note=item.kind))

    def activated(self, item: StackItem) -> None:
        """A card or ability activated: "When ... activates" triggers fire, a pending negate applies."""
        mode = "equip" if isinstance(item.data, CardItemData) and item.data.mode == "equip" else item.kind
        self.emit(self.aimed(Event("activate", item.controller, item.card, note=mode), item.targets))
        opponent = self.opponent(item.controller)
        if self.negate_next[opponent] > 0:
            self.negate_next[opponent] -= 1
            self.negate_item(item, opponent)

    def aimed(self, event: Event, targets: tuple[Target, ...]) -> Event:
        """``event`` with its target and where that target was, so the log names it the same once it has
        moved: a card's zone (``other``), or the card of an item on the stack (``other``, ``amount`` 1 for
        an ability)."""
        if not targets:
            return event
        t = targets[0]
        if isinstance(t, CardRef):
            return event._replace(target=t, other=self.zone_of[t.id])
        if isinstance(t, StackRef) and (item := self.find_item(t.uid)) is not None:
            return event._replace(target=t, other=item.card, amount=0 if item.kind == "card" else 1)
        return event._replace(target=t)

    # ------------------------------------------------------------------ triggers (CA-038, CA-R21, CA-R23)

    def trigger_seat_order(self) -> list[int]:
        """CA-038: the second player's triggers go on the stack first, so the initiative player's resolve
        first."""
        return [self.opponent(self.initiative), self.initiative]

    def put_trigger(self, index: int) -> None:
        t = self.pending_triggers.pop(index)
        seat, card, effect_index, source, event_card = t.seat, t.card, t.effect, t.source, t.event_card
        effect = self.defs[card].effects[effect_index]
        if effect.target is not None:
            if not self.targets_for(effect, Context(source, seat)):
                self.emit(Event("trigger_lost", seat, card, note="no legal target"))
                return
            self.ask("trigger_target", seat, TriggerTargetData(card, effect_index, source, event_card))
            return
        self.push_item(
            self.make_item("trigger", card, seat, effect_index, (), TriggerItemData(source, event_card))
        )

    @legal("trigger_target", data=TriggerTargetData)
    def legal_trigger_target(self) -> list[Action]:
        assert self.decision is not None
        data = self.asked(TriggerTargetData)
        effect = self.defs[data.card].effects[data.effect]
        return [ChooseTarget(t) for t in self.targets_for(effect, Context(data.source, self.decision.seat))]

    @act("trigger_target")
    def act_trigger_target(self, action: Action, d: Decision[TriggerTargetData]) -> None:
        assert isinstance(action, ChooseTarget)
        card, effect_index, source, event_card = d.data.card, d.data.effect, d.data.source, d.data.event_card
        item = self.make_item(
            "trigger", card, d.seat, effect_index, (action.target,), TriggerItemData(source, event_card)
        )
        self.push_item(item)

    # ------------------------------------------------------------------ resolution (CA-R05, CA-040)

    def item_source(self, item: StackItem) -> int:
        return item.card if isinstance(item.data, CardItemData) else int(item.data.source)

    def item_effects(self, item: StackItem) -> tuple[Effect, ...]:
        d = self.defs[item.card]
        return d.on_resolve if item.kind == "card" else (d.effects[item.effect],)

    def op_resolve_top(self) -> None:
        item = self.stack.pop()
        card = item.card
        d = self.defs[card]
        self.emit(Event("resolve", item.controller, card, note=item.kind))
        if item.kind == "card":
            mode = item.data.mode
            if mode == "equip":
                self.schedule(frames.Check())
                self.resolve_equip(item)
                return
            if d.type == "minion":
                self.schedule(frames.Check())
                self.summon(card, item.controller, on_play=not item.data.negated)  # CA-R05, CA-R28
                return
            if self.all_targets_gone(item, d.target_effect, card):
                self.emit(Event("fizzle", item.controller, card))
                self.move(card, GRAVEYARD[self.owner[card]])
                return
        self.resolving = item
        self.schedule(core_frames.RunEffect(0), frames.FinishResolve(), frames.Check())

    def op_finish_resolve(self) -> None:
        """CA-010/CA-060: a used Spell goes to the Graveyard; a Passive one stays on the field."""
        item = self.resolving
        self.resolving = None
        if item is None or item.kind != "card" or self.zone_of[item.card] != STACK:
            return
        card = item.card
        if self.defs[card].passive:
            self.move(card, FIELD[item.controller])
            self.controller[card] = item.controller
            self.emit(Event("passive", item.controller, card))
        else:
            self.move(card, GRAVEYARD[self.owner[card]])

    def resolve_equip(self, item: StackItem) -> None:
        """CA-068: attach to the chosen minion if it is still yours on the field; otherwise it is wasted."""
        card = item.card
        target = item.targets[0]
        host = target.id if isinstance(target, CardRef) else -1
        if host < 0 or not self.is_minion(host) or self.controller[host] != item.controller:
            self.emit(Event("fizzle", item.controller, card))
            self.move(card, GRAVEYARD[self.owner[card]])
            return
        self.move(card, FIELD[item.controller])
        self.controller[card] = item.controller
        self.attached_to[card] = host
        self.emit(Event("equip", item.controller, card, target=target))

    def summon(self, cid: int, seat: int, *, on_play: bool = True) -> None:
        """CA-008/CA-K20: onto its controller's field untapped; then its On Play triggers (CA-R05)."""
        self.move(cid, FIELD[seat])
        self.controller[cid] = seat
        self.tapped[cid] = False
        self.damage[cid] = 0
        self.attacks[cid] = 0
        self.emit(Event("summon", seat, cid))
        if on_play:
            self.fire(Event("play", seat, cid))  # its On Play abilities (core/abilities.py)

    def negate_item(self, item: StackItem, by: int) -> None:
        """CA-K07/CA-R28: costs stay paid; a Spell (or an Equip) goes to the Graveyard with no effect; a
        Minion is still summoned without its On Play; an ability is cancelled."""
        self.emit(Event("negate", by, item.card, note=item.kind))
        if item.kind == "card" and self.defs[item.card].type == "minion" and item.data.mode == "play":
            i = self.stack.index(item)
            self.stack[i] = item._replace(data=item.data._replace(negated=True))
            return
        self.stack.remove(item)
        if item.kind == "card":
            self.move(item.card, GRAVEYARD[self.owner[item.card]])

    # ------------------------------------------------------------------ leaving the field

    def leave_field(self, cid: int, dest: int, *, death: bool) -> None:
        """A field card leaves: its equipment goes to the Graveyard (CA-R25), its Shields back on top of
        their owner's Main Deck (CA-R24), and a minion going to the Graveyard has a Death (CA-065)."""
        seat = self.controller[cid]
        was_minion = self.is_minion(cid)
        attached = self.attachments(cid) if was_minion else []
        for a in attached:
            self.attached_to[a] = -1
            self.move(a, GRAVEYARD[self.owner[a]])
            self.emit(Event("unequip", seat, a))
        if was_minion:
            for s in self.shields_on(cid):
                self.shield_host[s] = -1
                self.move(s, DECK[self.owner[s]])
            if self.combat is not None:
                self.drop_from_combat(cid)
        self.attached_to[cid] = -1
        self.tapped[cid] = False
        self.damage[cid] = 0
        self.attacks[cid] = 0
        self.left_play(cid)  # its modifiers end
        self.move(cid, dest)
        self.controller[cid] = self.owner[cid]
        if death and was_minion:
            # its Death abilities, and those the cards equipped to it lent it (CA-069)
            self.emit_lent(Event("death", seat, cid), attached)

    def drop_from_combat(self, cid: int) -> None:
        assert self.combat is not None
        attacker, target, blockers = self.combat
        if cid == attacker:
            self.combat = None
        elif target == card_ref(cid) or cid in blockers:
            self.combat = (
                attacker,
                None if target == card_ref(cid) else target,  # None: the attacked minion is gone
                tuple(b for b in blockers if b != cid),
            )

    def sacrifice(self, cid: int, paying: int = -1) -> None:
        """CA-058/CA-K03: one of your face-up cards to your Graveyard; a sacrificed minion has a Death.
        ``paying``: the card whose cost it pays (for the log)."""
        seat = self.controller[cid]
        self.emit(Event("sacrifice", seat, cid, other=paying))
        if self.zone_of[cid] == STAGES[seat]:
            self.move(cid, GRAVEYARD[self.owner[cid]])
            return
        self.leave_field(cid, GRAVEYARD[self.owner[cid]], death=True)

    def discard(self, cid: int, note: str = "", paying: int = -1) -> None:
        """CA-059: from hand to the Graveyard, face up. ``paying``: the card whose cost it pays."""
        seat = self.owner[cid]
        self.move(cid, GRAVEYARD[seat])
        self.emit(Event("discard", seat, cid, other=paying, note=note))

    # ------------------------------------------------------------------ hooks of the shared verbs

    def affected(self, effect: Effect, ctx: Context) -> list[Target]:
        return [
            t
            for t in super().affected(effect, ctx)
            if not isinstance(t, CardRef) or not self.immune_to(t.id, ctx.source)
        ]

    def draw_cards(self, seat: int, n: int) -> None:
        """CA-029: from the top of the Main Deck; an empty deck simply gives nothing (CA-R16)."""
        deck = self.zones[DECK[seat]]
        hand = HAND[seat]
        for _ in range(n):
            if not deck:
                self.emit(Event("empty_deck", seat))
                return
            cid = deck[-1]
            self.move(cid, hand)
            self.emit(Event("draw", seat, cid, secret=True))

    def deal_damage(self, source: int, target: Target, amount: int) -> None:
        """Damage to a Hero wears Stages away (CA-R08); to a minion it stays until end of turn (CA-049),
        unless a Shield takes the whole instance instead (CA-067, CA-R24)."""
        if amount <= 0:
            return
        if isinstance(target, PlayerRef):
            self.hit_hero(target.seat, amount, source)
            return
        if not isinstance(target, CardRef) or not self.is_minion(cid := target.id):
            return
        shields = self.shields_on(cid)
        if shields:
            s = shields[-1]
            self.shield_host[s] = -1
            self.move(s, DECK[self.owner[s]])
            self.emit(Event("shield_used", self.controller[cid], cid, amount, other=source))
            return
        self.damage[cid] += amount
        self.emit(Event("damage", self.controller[cid], cid, amount, other=source))

    def hit_hero(self, seat: int, amount: int, source: int) -> None:
        self.stage_damage[seat] += amount
        self.emit(Event("hero_damage", seat, -1, amount, other=source))
        losses, self.stage_damage[seat] = divmod(self.stage_damage[seat], 5)
        if losses:
            self.schedule(*[frames.LoseStage(seat)] * losses)

    def destroy_card(self, cid: int, source: int) -> None:
        """CA-K19: a field card to its owner's Graveyard; Passive spells too (CA-062); minions die (CA-065)."""
        if self.zone_of[cid] not in FIELD_ZONES:
            return
        self.emit(Event("destroyed", self.controller[cid], cid, other=source))
        if self.attached_to[cid] >= 0:
            self.attached_to[cid] = -1
            self.move(cid, GRAVEYARD[self.owner[cid]])
            return
        self.leave_field(cid, GRAVEYARD[self.owner[cid]], death=True)

    def set_tapped(self, cid: int, tapped: bool) -> None:
        if self.is_minion(cid) and self.tapped[cid] != tapped:
            self.tapped[cid] = tapped
            self.emit(Event("tap" if tapped else "untap", self.controller[cid], cid))

    def return_to_hand(self, cid: int) -> None:
        """To its owner's hand: not a Death, since it does not go to the Graveyard (CA-065)."""
        if not self.is_minion(cid):
            return
        owner = self.owner[cid]
        self.leave_field(cid, HAND[owner], death=False)
        self.emit(Event("to_hand", owner, cid))

    def discard_cards(self, seat: int, n: int, ctx: Context) -> None:
        """The player chooses which cards to discard; with too few, all of them go (CA-059)."""
        hand = self.zones[HAND[seat]]
        if len(hand) <= n:
            for cid in list(hand):
                self.discard(cid, "effect")
            return
        self.ask("discard", seat, DiscardData(n))

    @legal("discard", data=DiscardData)
    def legal_discard(self) -> list[Action]:
        assert self.decision is not None
        return [Discard(c) for c in self.zones[HAND[self.decision.seat]]]

    @act("discard")
    def act_discard(self, action: Action, d: Decision[DiscardData]) -> None:
        assert isinstance(action, Discard)
        self.discard(action.card, "effect")
        if d.data.cards > 1 and self.zones[HAND[d.seat]]:
            self.ask("discard", d.seat, DiscardData(d.data.cards - 1))

    def mill_cards(self, seat: int, n: int) -> None:
        """CA-K21: the top ``n`` Main Deck cards to the Graveyard, face up."""
        deck = self.zones[DECK[seat]]
        for _ in range(n):
            if not deck:
                return
            cid = deck[-1]
            self.move(cid, GRAVEYARD[seat])
            self.emit(Event("mill", seat, cid))

    def add_modifier(self, cid: int, stat: str, amount: int, duration: str, source: int) -> None:
        if self.is_minion(cid):
            self.modify_card(cid, stat, amount, DURATION_WORDS[duration or "turn"], source)
            self.emit(Event("modify", self.controller[cid], cid, amount, note=stat))

    def gain_shields(self, host: int, seat: int, n: int) -> None:
        """CA-066/CA-R24: the top card of the Main Deck goes face down under the minion, per Shield."""
        deck = self.zones[DECK[seat]]
        for _ in range(n):
            if not deck or not self.is_minion(host):
                return
            cid = deck[-1]
            self.move(cid, SHIELDS[seat])
            self.shield_host[cid] = host
            self.emit(Event("shield", self.controller[host], host))

    # ------------------------------------------------------------------ decisions inside a resolution

    @legal("search", forced=fair.empty_deck, data=SearchData)
    def legal_search(self) -> list[Action]:
        assert self.decision is not None
        data = self.asked(SearchData)
        found = self.search_matches(self.decision.seat, data.level, data.kind)
        return [Take(c) for c in found] or [Pass()]

    def search_matches(self, seat: int, level: int, kind: str) -> list[int]:
        """One card per distinct matching card name: copies are the same choice."""
        seen: set[str] = set()
        out: list[int] = []
        for c in self.zones[DECK[seat]]:
            d = self.defs[c]
            if (kind == "card" or d.type == kind) and (not level or d.level == level) and d.key not in seen:
                seen.add(d.key)
                out.append(c)
        return out

    @act("search")
    def act_search(self, action: Action, d: Decision[SearchData]) -> None:
        """CA-063/CA-K06: reveal it, put it into your hand, shuffle the Main Deck."""
        if not isinstance(action, Take):
            self.emit(Event("search_fail", d.seat, d.data.source))  # CA-K06: nothing matches, nothing happens
            return
        self.move(action.card, HAND[d.seat])
        # CA-063: the found card is revealed, so both players know it in the searcher's hand until it is
        # shuffled away; the rest of the look through the deck ends with the shuffle below
        self.reveal_to_everyone(action.card)
        self.emit(Event("search", d.seat, action.card))
        self.shuffle(DECK[d.seat])  # and forgets the rest (core State.shuffle)

    @legal("optional", data=OptionalData)
    def legal_optional(self) -> list[Action]:
        return [Choose("yes"), Pass()]

    @act("optional")
    def act_optional(self, action: Action, d: Decision[OptionalData]) -> None:
        card, effect_index, source = d.data.card, d.data.effect, d.data.source
        if isinstance(action, Pass):
            return
        effect = self.defs[card].effects[effect_index]
        self.start_payment(
            d.seat, source, parse_cost(effect.param("pay", "Free")), frames.Resummon(source, d.seat)
        )

    def op_resummon(self, cid: int, seat: int) -> None:
        if self.zone_of[cid] == GRAVEYARD[self.owner[cid]]:
            self.summon(cid, seat)
