"""What Spellweaver cards do: the verbs, the hooks the shared verbs call, deaths, leaving play, statics and
triggered abilities.

There is no stack (SW-R12): an effect happens when it resolves, and a triggered ability waits in
``pending_triggers`` (core's trigger queue) only until the action that caused it has finished, then resolves (the active player's first,
SW-R34). Deaths are simultaneous: every creature that dies at once is seen by every "when a creature
dies" ability, including those of the creatures dying with it (SW-124).
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core.actions import Action, ChooseTarget
from spellforge.core.cards import Effect
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.targets import CardRef, PlayerRef, Target

from . import frames
from .decisions import TriggerTargetData
from .view import ViewMixin

# Trigger words that fire from cards in play when some other card does something (computed once per change
# of the table, so events nobody listens to cost nothing).
TABLE_TRIGGERS = frozenset({"creature_dies"})


class AbilityMixin(ViewMixin):
    __slots__ = ()

    def run_verb(self, effect: Effect, ctx: Context) -> None:
        """Carry out ``effect``: the function its verb declares (verbs.py)."""
        run = effect.run
        assert run is not None
        run(self, effect, ctx)

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
            self.grants.append((cid, keyword))
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
        self.refresh_play()
        self.emit(Event(ev.ENTERS, seat, cid))
        self.queue_own("enters", cid)

    def leave_play(self, cid: int) -> None:
        """Everything a card had in play goes: combat, emblems (SW-061), energy, attachments (SW-044)."""
        self.remove_from_combat(cid)
        self.exhausted[cid] = False
        self.damage[cid] = 0
        self.fresh.discard(cid)
        self.frozen.discard(cid)
        self.emblems.pop(cid, None)
        self.energy.pop(cid, None)
        self.attached.pop(cid, None)
        self.left_play(cid)  # its modifiers end
        if self.grants:
            self.grants = [g for g in self.grants if g[0] != cid]
        hangers = [a for a, host in self.attached.items() if host == cid]
        for a in hangers:
            self.leave_play(a)
            self.move(a, self.layout.graveyard[self.owner[a]])
            self.controller[a] = self.owner[a]
            self.emit(Event("detached", self.owner[a], a, other=cid))
        self.refresh_play()

    def kill(self, doomed: list[int]) -> None:
        """These creatures die at the same time (SW-035, SW-123/124)."""
        doomed = [c for c in doomed if self.in_row(c)]
        if not doomed:
            return
        watchers = [c for c in self.all_creatures() if "creature_dies" in self.defs[c].trigger_words]
        watchers += [
            c
            for z in (self.layout.area[0], self.layout.area[1])
            for c in self.zones[z]
            if "creature_dies" in self.defs[c].trigger_words
        ]
        for cid in doomed:
            self.queue_own("dies", cid)
            for w in watchers:
                self.queue_own("creature_dies", w, cid)
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
        """Every creature whose hitpoints are below one dies, all at once (SW-035)."""
        doomed = [c for c in self.all_creatures() if self.hp_left(c) < 1]
        if doomed:
            self.kill(doomed)

    def refresh_play(self) -> None:
        """Recompute the static abilities on the table (computed when read, so leaving removes them)."""
        statics = []
        listening: set[str] = set()
        defs = self.defs
        zones = self.zones
        for z in self.play_zones:
            for cid in zones[z]:
                d = defs[cid]
                for effect in d.statics:
                    what = effect.param("stat") if effect.verb == "modify" else effect.param("keyword")
                    statics.append((cid, effect.verb, what, effect.amount, effect))
                listening.update(d.trigger_words)
        self.statics = tuple(statics)
        self.listening = frozenset(listening)

    # ------------------------------------------------------------------ triggered abilities

    def queue_own(self, word: str, cid: int, event_card: int = -1) -> None:
        """Queue ``cid``'s abilities that trigger on ``word`` (SW-080, SW-124, SW-134)."""
        d = self.defs[cid]
        if word not in d.trigger_words:
            return
        seat = self.controller[cid]
        for effect in d.triggered:
            if effect.trigger == word:
                self.pending_triggers.append((seat, cid, effect.index, cid if event_card < 0 else event_card))

    def queue_triggers(self, word: str, card: int, seat: int) -> None:
        """Queue the abilities of ``seat``'s cards in play that trigger on ``word`` (turn triggers)."""
        if word not in self.listening:
            return
        L = self.layout
        for z in (L.combat[seat], L.support[seat], L.area[seat]):
            for cid in self.zones[z]:
                self.queue_own(word, cid, card)

    def op_flush(self) -> None:
        """Resolve waiting triggered abilities one by one, the active player's first (SW-R34)."""
        pending = self.pending_triggers
        if not pending or self.outcome is not None:
            return
        index = next((i for i, p in enumerate(pending) if p[0] == self.active), 0)
        seat, src, effect_index, event_card = pending.pop(index)
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
