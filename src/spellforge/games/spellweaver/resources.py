"""Mana, levels, shrines, skills, the Divine Offering, The Spark and moving creatures between rows.

Each of these is a main-phase option that takes one entry in the list of choices (``shrine``, ``skill 2``,
``offer``, ``move``, ``spark``) and, where the rules give a choice, asks for it next: which shrine and
for mana or a level, which card to offer and which shrine to take, which creature moves.
"""

from __future__ import annotations

from spellforge.core.actions import Action
from spellforge.core.cards import Effect
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.targets import Target

from . import fair
from .abilities import SpellweaverAbilities
from .actions import LEVEL, MANA, NONE, MoveCard, OfferCard, ShrineMode, Take
from .base import MAX_SKILLS, OFFER_LOOK
from .cards import ASPECT_INDEX


class SpellweaverResources(SpellweaverAbilities):
    __slots__ = ()

    def pay(self, seat: int, cost: int) -> None:
        """SW-014: deplete full crystals; mana that must be spent this turn goes first."""
        bonus = self.bonus_mana[seat]
        if bonus:
            used = bonus if bonus < cost else cost
            self.bonus_mana[seat] = bonus - used
            cost -= used
        self.full[seat] -= cost

    # ------------------------------------------------------------------ shrines (SW-026..031, SW-081)

    @legal("shrine")
    def legal_shrine(self) -> list[Action]:
        d = self.decision
        assert d is not None
        out: list[Action] = []
        for cid in self.zones[self.layout.hand[d.seat]]:
            if self.defs[cid].type == "shrine":
                out.append(ShrineMode(cid, MANA))
                out.append(ShrineMode(cid, LEVEL))
        return out

    @act("shrine")
    def act_shrine(self, action: Action, d: Decision) -> None:
        assert isinstance(action, ShrineMode)
        self.play_shrine(d.seat, action.card, action.mode)

    def play_shrine(self, seat: int, cid: int, mode: str) -> None:
        """A level of its aspect, or a full crystal and a card -- or, for a skill shrine with a free slot,
        a crystal and its skill instead of the card (SW-027..030, SW-R10). The shrine goes to the
        graveyard (SW-054)."""
        card = self.defs[cid]
        self.shrine_played[seat] = True
        self.move(cid, self.layout.graveyard[self.owner[cid]])
        self.emit(Event("shrine", seat, cid, note=mode))
        if mode == LEVEL:
            self.levels[seat][ASPECT_INDEX[card.aspect]] += 1
            return
        self.crystals[seat] += 1
        self.full[seat] += 1  # SW-013
        if card.skill is not None and len(self.skills[seat]) < MAX_SKILLS:
            self.skills[seat].append(cid)
            self.cooldown[seat].append(0)
            self.emit(Event("skill_gained", seat, cid))
        else:
            self.draw_cards(seat, 1)

    # ------------------------------------------------------------------ skills (SW-020..024, SW-R09)

    def skill_usable(self, seat: int, slot: int) -> bool:
        if self.cooldown[seat][slot]:
            return False
        skill = self.defs[self.skills[seat][slot]].skill
        assert skill is not None
        if not self.can_pay(seat, skill.cost, skill.req, skill.req_total):
            return False
        target = skill.target_effect
        return target is None or bool(self.choice_targets(target, self.skills[seat][slot], seat))

    def use_skill(self, seat: int, slot: int, target: Target | None) -> None:
        source = self.skills[seat][slot]
        skill = self.defs[source].skill
        assert skill is not None
        self.pay(seat, skill.cost)
        self.cooldown[seat][slot] = skill.cooldown
        self.emit(Event("skill", seat, source, note=skill.name, target=target))
        self.run_effects(skill.effects, Context(source, seat), target)

    def run_effects(self, effects: tuple[Effect, ...], ctx: Context, target: Target | None) -> None:
        """Run a card's, skill's or ability's effects now (there is no stack, SW-R12); an effect that
        takes a target runs only while the chosen one is still legal for it."""
        chosen = (target,) if target is not None else ()
        for effect in effects:
            if self.outcome is not None:
                return
            if effect.target is not None:
                targets = self.live_targets(effect, chosen, ctx)
                if targets:
                    self.run_verb(effect, Context(ctx.source, ctx.controller, targets))
            else:
                self.run_verb(effect, ctx)

    # ------------------------------------------------------------------ Divine Offering (SW-086..091, SW-R27)

    @legal("offer", forced=fair.one_in_hand)
    def legal_offer(self) -> list[Action]:
        d = self.decision
        assert d is not None
        return [OfferCard(c) for c in self.zones[self.layout.hand[d.seat]]]

    @act("offer")
    def act_offer(self, action: Action, d: Decision) -> None:
        assert isinstance(action, OfferCard)
        seat = d.seat
        self.offered[seat] = True
        deck = self.layout.deck[seat]
        look = self.layout.looking[seat]
        n = min(OFFER_LOOK, len(self.zones[deck]))
        self.move(action.card, deck, bottom=True)
        self.emit(Event("offer", seat, action.card, secret=True))
        top = self.zones[deck][-n:] if n else []
        for cid in top:  # bottom-most first, so the looking zone keeps the deck's order
            self.move(cid, look)
        self.emit(Event("look", seat, amount=n))
        if any(self.defs[c].type == "shrine" for c in self.zones[look]):
            self.ask("take", seat)
        else:
            self.end_offer(seat)  # SW-089

    @legal("take")
    def legal_take(self) -> list[Action]:
        d = self.decision
        assert d is not None
        out: list[Action] = [Take(NONE)]
        out += [Take(c) for c in self.zones[self.layout.looking[d.seat]] if self.defs[c].type == "shrine"]
        return out

    @act("take")
    def act_take(self, action: Action, d: Decision) -> None:
        assert isinstance(action, Take)
        if action.card != NONE:
            self.move(action.card, self.layout.hand[d.seat])
            self.emit(Event("take", d.seat, action.card, secret=True))
        self.end_offer(d.seat)

    def end_offer(self, seat: int) -> None:
        """SW-088 / SW-R27: the rest go below the offered card, in their original order."""
        deck = self.layout.deck[seat]
        for cid in self.zones[self.layout.looking[seat]][::-1]:
            self.move(cid, deck, bottom=True)

    # ------------------------------------------------------------------ The Spark (SW-072/073, SW-R11)

    def sacrifice_spark(self, seat: int) -> None:
        cid = self.spark_card(seat)
        self.remove_spark(cid)
        self.bonus_mana[seat] += 1

    # ------------------------------------------------------------------ rows (SW-083..085, SW-R23)

    def movable(self, seat: int) -> list[int]:
        ex = self.exhausted
        return [c for c in self.creatures(seat) if not ex[c]]

    @legal("move")
    def legal_move(self) -> list[Action]:
        d = self.decision
        assert d is not None
        return [MoveCard(c) for c in self.movable(d.seat)]

    @act("move")
    def act_move(self, action: Action, d: Decision) -> None:
        assert isinstance(action, MoveCard)
        row = "support" if self.in_front(action.card) else "combat"
        self.change_row(action.card, row)

    def change_row(self, cid: int, row: str) -> None:
        """Move a creature to its controller's combat or support row. Entering the combat row counts as
        arriving this turn (SW-084); leaving it takes the creature out of any combat it cannot fight from
        the support row (SW-128)."""
        seat = self.controller[cid]
        zone = self.layout.combat[seat] if row == "combat" else self.layout.support[seat]
        if self.zone_of[cid] == zone:
            return
        self.move(cid, zone)
        if row == "combat":
            self.fresh.add(cid)
        else:
            self.left_front(cid)
        self.emit(Event("row", seat, cid, note=row))
