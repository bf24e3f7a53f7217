"""What Spellweaver cards do: the hooks the shared verbs (verbs.py) and core's ability layer call, deaths,
leaving play, and resolving triggered abilities.

Statics, keyword grants and triggers are core's (core/abilities.py): a card declares them (``SWCard.abilities``),
the cards in the rows and areas are in force, and a creature's values are read in core's one order. There is
no stack (SW-R12): an effect happens when it resolves, and a triggered ability waits in ``pending_triggers``
(core's trigger queue) only until the action that caused it has finished, then resolves (the active
player's first, SW-R34). Deaths are simultaneous: every creature that dies at once is seen by every "when a
creature dies" ability, including those of the creatures dying with it (SW-124).
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core.abilities import AbilitySet
from spellforge.core.actions import Action, ChooseTarget
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.targets import CardRef, PlayerRef, Target

from . import frames
from .cards import TRIGGER_EVENTS
from .decisions import TriggerTargetData
from .view import SpellweaverView


class SpellweaverAbilities(SpellweaverView):
    __slots__ = ()

    # The cards in the rows and the areas (blessings, curses, artifacts, The Spark) are in force.
    ABILITY_ZONES = ("combat", "support", "area")
    TRIGGER_EVENTS = TRIGGER_EVENTS

    # ------------------------------------------------------------------ hooks of core's ability layer

    def abilities(self, cid: int) -> AbilitySet:
        return self.defs[cid].abilities

    def host_of(self, cid: int) -> int:
        """The creature a blessing, curse or artifact is attached to (SW-043, SW-046), or -1."""
        return self.attached.get(cid, -1)

    def static_target(self, cid: int) -> bool:
        """Static abilities change creatures in play."""
        return self.zone_of[cid] in self.rows

    def force_zones(self) -> list[int]:
        """Each seat's rows, seat by seat, then the areas: the order "when a creature dies" abilities wait
        in (SW-124)."""
        L = self.layout
        return [L.combat[0], L.support[0], L.combat[1], L.support[1], L.area[0], L.area[1]]

    # ------------------------------------------------------------------ hooks of the shared verbs

    def draw_cards(self, seat: int, n: int) -> None:
        """SW-078: draw from the top; drawing the last card loses at once (SW-009, SW-R07)."""
        self.take_from_deck(seat, n, self.layout.hand[seat], ev.DRAW, secret=True)

    def mill_cards(self, seat: int, n: int) -> None:
        """SW-K23 / SW-R06: decay the top ``n`` cards one at a time, checking the deck-out after each."""
        self.take_from_deck(seat, n, self.layout.graveyard[seat], "decay", secret=False)

    def take_from_deck(self, seat: int, n: int, zone: int, kind: str, secret: bool) -> None:
        """Move the top ``n`` cards of ``seat``'s deck to ``zone`` one by one; the moment the deck is
        empty its owner loses (SW-009), so nothing more is taken."""
        deck = self.zones[self.layout.deck[seat]]
        for _ in range(n):
            if self.outcome is not None or not deck:
                return
            cid = deck[-1]
            self.move(cid, zone)
            self.emit(Event(kind, seat, cid, secret=secret))
            if not deck:
                self.deck_out(seat)

    def gain_life(self, seat: int, amount: int) -> None:
        if amount > 0:
            self.life[seat] += amount  # no maximum (SW-R25)
            self.emit(Event(ev.LIFE, seat, amount=amount))

    def deal_damage(self, source: int, target: Target, amount: int) -> None:
        """One damage instance: to a hero (SW-122) or a creature, with Shield (SW-060), Deadly and Freeze
        (any damage is lethal, SW-119, SW-R31) and Lifebound (SW-K06: only damage actually dealt)."""
        if amount <= 0:
            return
        creature_source = source >= 0 and self.defs[source].is_creature
        if isinstance(target, PlayerRef):
            seat = target.seat
            self.life[seat] -= amount
            self.emit(Event(ev.DAMAGE, seat, -1, amount, other=source))
        else:
            if not isinstance(target, CardRef) or not self.in_row(cid := target.id):
                return
            e = self.emblems.get(cid)
            if e is not None and e[2] > 0:
                self.emblems[cid] = (e[0], e[1], e[2] - 1)
                self.emit(Event("prevented", self.controller[cid], cid, amount, other=source))
                return
            self.damage[cid] += amount
            if cid in self.frozen or (creature_source and self.has_keyword(source, "deadly")):
                hp = self.stat(cid, "hp")
                if self.damage[cid] < hp:
                    self.damage[cid] = hp
            self.emit(Event(ev.DAMAGE, self.controller[cid], cid, amount, other=source))
        if creature_source and self.has_keyword(source, "lifebound"):
            self.gain_life(self.controller[source], amount)

    def destroy_card(self, cid: int, source: int) -> None:
        """A creature destroyed dies (its triggers fire); any other card in play goes to the graveyard.
        The Spark cannot be destroyed by effects (SW-R11)."""
        if not self.in_play(cid) or self.defs[cid].type == "system":
            return
        if self.in_row(cid):
            self.kill([cid])
        else:
            self.leave_play(cid)
            self.move(cid, self.layout.graveyard[self.owner[cid]])
            self.emit(Event(ev.DESTROYED, self.owner[cid], cid, other=source))

    def return_to_hand(self, cid: int) -> None:
        owner = self.owner[cid]
        if self.in_play(cid):
            if self.defs[cid].type == "system":
                return  # The Spark has no hand to go to (SW-R11)
            self.leave_play(cid)
        elif self.zone_of[cid] != self.layout.graveyard[owner]:
            return
        self.move(cid, self.layout.hand[owner])
        self.controller[cid] = owner
        self.emit(Event("to_hand", owner, cid))

    def add_modifier(self, cid: int, stat: str, amount: int, duration: str, source: int) -> None:
        """SW-041: a change from an action spell or ability lasts until the end of the turn."""
        if self.in_row(cid):
            self.modify_card(cid, stat, amount, TURN, source)
            self.emit(Event("modify", self.controller[cid], cid, amount, note=stat))

    def add_grant(self, cid: int, keyword: str, duration: str, source: int) -> None:
        """A keyword granted by an action spell or ability lasts until the end of the turn (SW-041)."""
        if self.in_row(cid):
            self.grant(cid, keyword, TURN, source)
            self.emit(Event("grant", self.controller[cid], cid, note=keyword))

    def set_tapped(self, cid: int, tapped: bool) -> None:
        if self.in_play(cid):
            self.exhausted[cid] = tapped

    # ------------------------------------------------------------------ entering and leaving play

    def enter_play(self, cid: int, seat: int) -> None:
        """SW-049: support and flying creatures enter the support row, the others the combat row."""
        d = self.defs[cid]
        L = self.layout
        self.controller[cid] = seat
        if d.is_creature:
            row = L.support[seat] if ("flying" in d.keywords or "support" in d.keywords) else L.combat[seat]
            self.move(cid, row)
            self.fresh.add(cid)  # SW-097
        else:
            self.move(cid, L.area[seat])
        self.exhausted[cid] = False
        self.damage[cid] = 0
        if d.energy is not None:
            self.energy[cid] = d.energy
        self.emit(Event(ev.ENTERS, seat, cid))  # fires its "enters" abilities

    def leave_play(self, cid: int) -> None:
        """Everything a card had in play goes: combat, emblems (SW-061), energy, attachments (SW-044)."""
        self.remove_from_combat(cid)
        self.exhausted[cid] = False
        self.damage[cid] = 0
        self.fresh.discard(cid)
        self.frozen.discard(cid)
        self.emblems.pop(cid, None)
        self.energy.pop(cid, None)
        if self.attached.pop(cid, None) is not None:
            self.abilities_changed()  # what it lent its creature ends now
        self.left_play(cid)  # its modifiers and granted keywords end
        hangers = [a for a, host in self.attached.items() if host == cid]
        for a in hangers:
            self.leave_play(a)
            self.move(a, self.layout.graveyard[self.owner[a]])
            self.controller[a] = self.owner[a]
            self.emit(Event("detached", self.owner[a], a, other=cid))

    def kill(self, doomed: list[int]) -> None:
        """These creatures die at the same time (SW-035, SW-123/124)."""
        doomed = [c for c in doomed if self.in_row(c)]
        if not doomed:
            return
        for cid in doomed:  # each creature's own "dies", then every "creature dies" in play (SW-124)
            self.fire(Event("dying", self.controller[cid], cid))
        for cid in doomed:
            seat = self.controller[cid]
            self.leave_play(cid)
            self.move(cid, self.layout.graveyard[self.owner[cid]])
            self.controller[cid] = self.owner[cid]
            self.emit(Event("dies", seat, cid))

    def remove_spark(self, cid: int) -> None:
        """The Spark leaves the game: it has no deck, so no graveyard (SW-R11, SW-K24)."""
        self.move(cid, self.layout.removed)
        self.emit(Event("spark", self.controller[cid], cid))

    def check_deaths(self) -> None:
        """Every creature whose hitpoints are below one dies, all at once (SW-035). Printed hitpoints are at
        least 1 (cards.CardModel), so only a damaged creature, one with emblems, or any while some effect
        may lower hitpoints (core's ``may_lower``) can be below one."""
        damage, emblems = self.damage, self.emblems
        lowered = self.may_lower("hp")
        doomed = [
            c for c in self.all_creatures() if (damage[c] or lowered or c in emblems) and self.hp_left(c) < 1
        ]
        if doomed:
            self.kill(doomed)

    # ------------------------------------------------------------------ triggered abilities

    def op_flush(self) -> None:
        """Resolve waiting triggered abilities one by one, the active player's first (SW-R34)."""
        pending = self.pending_triggers
        if not pending or self.outcome is not None:
            return
        index = next((i for i, p in enumerate(pending) if p.seat == self.active), 0)
        t = pending.pop(index)
        seat, src, effect_index = t.seat, t.card, t.effect
        event_card = src if t.event_card < 0 else t.event_card  # itself when the event is about no card
        self.schedule(frames.Flush())
        effect = self.defs[src].effects[effect_index]
        if effect.target is not None:
            options = self.select(effect.target, Context(src, seat))
            if not options:
                self.emit(Event("trigger_lost", seat, src))
                return
            if len(options) > 1:
                self.ask("trigger_target", seat, TriggerTargetData(src, effect_index, event_card))
                return
            self.run_verb(effect, Context(src, seat, (options[0],), Event("trigger", seat, event_card)))
            return
        self.run_verb(effect, Context(src, seat, (), Event("trigger", seat, event_card)))

    @legal("trigger_target", data=TriggerTargetData)
    def legal_trigger_target(self) -> list[Action]:
        d = self.decision
        assert d is not None
        data = self.asked(TriggerTargetData)
        src, effect_index = data.card, data.effect
        effect = self.defs[src].effects[effect_index]
        assert effect.target is not None
        return [ChooseTarget(t) for t in self.select(effect.target, Context(src, d.seat))]

    @act("trigger_target")
    def act_trigger_target(self, action: Action, d: Decision[TriggerTargetData]) -> None:
        assert isinstance(action, ChooseTarget)
        src, effect_index, event_card = d.data.card, d.data.effect, d.data.event_card
        effect = self.defs[src].effects[effect_index]
        self.run_verb(effect, Context(src, d.seat, (action.target,), Event("trigger", d.seat, event_card)))
