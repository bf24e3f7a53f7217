"""What a seat may know of a Spellweaver game, and how its events and decisions read.

Everything on the table is public: the four rows, blessings, curses and artifacts, both graveyards
(SW-055), mana, levels, skills and cooldowns. Hands are seen by their owner, decks by nobody, and the
cards looked at during a Divine Offering only by the player making it.
"""

from __future__ import annotations

from typing import Any

from spellforge.core import events as ev
from spellforge.core.actions import seat_name
from spellforge.core.clock import format_seconds
from spellforge.core.events import Event
from spellforge.core.observe import card_view, event_visible_card, zone_view

from .base import SWBase
from .cards import ASPECTS, KEYWORDS, level_text

PROMPTS = {
    "mulligan": "keep your seven cards, or replace them all (once)",
    "main": "play cards, a shrine, skills, move creatures, offer -- or done",
    "shrine": "choose the shrine, and whether it gives a mana crystal or a level",
    "target": "choose the target",
    "trigger_target": "choose the target of a triggered ability",
    "move": "choose the creature to move to its other row",
    "offer": "choose the card to put on the bottom of your deck",
    "take": "take one shrine from the top of your deck, or none",
    "attack": "declare attackers and their targets (instants allowed), then done",
    "block": "declare blockers (instants allowed), then done",
    "post_block": "play instants before combat damage, or pass",
    "end_window": "play instants before the turn ends, or pass",
    "cancel": "cancel the card being played, or pass",
}


class ViewMixin(SWBase):
    __slots__ = ()

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"text": d.text}
        if d.aspect:
            out["aspect"] = d.aspect
        if d.type not in ("shrine", "hero", "system"):
            out.update(cost=d.cost, levels=d.level_text())
        if d.has_energy:
            out["energy_rating"] = d.energy
        if d.skill is not None:
            out["skill"] = d.skill.name
        if d.is_creature:
            if self.in_row(cid):
                e = self.emblems.get(cid, (0, 0, 0))
                out.update(
                    attack=self.attack(cid),
                    hp=self.stat(cid, "hp"),
                    speed=self.speed(cid),
                    damage=self.damage[cid],
                    keywords=[k for k in KEYWORDS if self.has_keyword(cid, k)],
                    exhausted=self.exhausted[cid],
                    fresh=cid in self.fresh,
                    frozen=cid in self.frozen,
                    emblems={"might": e[0], "weakness": e[1], "shield": e[2]},
                )
            else:
                out.update(attack=d.attack, hp=d.hp, speed=d.speed, keywords=sorted(d.keywords))
        if self.in_play(cid):
            out["controller"] = self.controller[cid]
            if cid in self.energy:
                out["energy"] = self.energy[cid]
            if cid in self.attached:
                out["attached_to"] = self.attached[cid]
            if d.is_creature:
                out["attachments"] = [a for a, host in self.attached.items() if host == cid]
            if not d.is_creature:
                out["exhausted"] = self.exhausted[cid]
        return out

    def skill_view(self, seat: int, slot: int) -> dict[str, Any]:
        source = self.skills[seat][slot]
        skill = self.defs[source].skill
        assert skill is not None
        return {
            "slot": slot + 1,
            "name": skill.name,
            "from": self.defs[source].name,
            "cost": skill.cost,
            "levels": level_text(skill.req, skill.req_total),
            "cooldown": skill.cooldown,
            "wait": self.cooldown[seat][slot],
            "text": skill.text,
        }

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        L = self.layout
        p: dict[str, Any] = {
            "life": self.life[s],
            "crystals": self.crystals[s],
            "full": self.full[s],
            "extra_mana": self.bonus_mana[s],
            "levels": dict(zip(ASPECTS, self.levels[s], strict=True)),
            "hero": card_view(self, self.hero_card(s), seat) if self.hero_card(s) >= 0 else None,
            "skills": [self.skill_view(s, i) for i in range(len(self.skills[s]))],
            "shrine_played": self.shrine_played[s],
            "offered": self.offered[s],
            "hand": zone_view(self, L.hand[s], seat),
            "deck": zone_view(self, L.deck[s], seat),
            "graveyard": zone_view(self, L.graveyard[s], seat),
            "combat_row": zone_view(self, L.combat[s], seat)["cards"],
            "support_row": zone_view(self, L.support[s], seat)["cards"],
            "area": zone_view(self, L.area[s], seat)["cards"],
            "looking": zone_view(self, L.looking[s], seat),
        }
        if self.clock_ms:
            p["clock"] = format_seconds(self.clock_ms[s])
        return p

    def view_part(self, seat: int | None) -> dict[str, Any]:
        L = self.layout
        return {
            "first": self.first,
            "casting": zone_view(self, L.casting, seat)["cards"],
            "removed": zone_view(self, L.removed, seat)["cards"],
            "combat": self.combat_view(),
        }

    def combat_view(self) -> list[dict[str, Any]]:
        return [
            {
                "attacker": a,
                "targets": [str(t) for t in self.att_tgt[a]],
                "cancelled": not self.att_tgt[a],
                "blocked": a in self.blocked,
                "blockers": [b for b, x in self.blk.items() if x == a],
            }
            for a in self.att
        ]

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "nothing"
        text = PROMPTS.get(d.kind, d.kind.replace("_", " "))
        if d.kind == "shrine" and not any(self.levels[d.seat]):
            text += " (you have no levels yet: a crystal is of little use without them, SW-031)"
        if d.kind == "cancel":
            text = f"cancel {self.describe_card(d.data[0])}, or pass"
        return text

    def name_of(self, cid: int) -> str:
        return self.describe_card(cid) if cid >= 0 else ""

    def describe_event(self, e: Event, seat: int | None) -> str:
        who = seat_name(e.seat) if e.seat >= 0 else ""
        card = self.name_of(e.card) if event_visible_card(e, seat) else "a card"
        k = e.kind
        simple = {
            "keep": f"{who} keeps the opening hand",
            "mulligan": f"{who} replaces the opening hand (mulligan)",
            "spark_given": f"{who} goes second and receives The Spark",
            "spark": f"{who} sacrifices The Spark for 1 mana",
            ev.DRAW: f"{who} draws {card}",
            "decay": f"{who} decays {card}",
            ev.ENTERS: f"{card} enters play under {who}",
            ev.RESOLVE: f"{card} resolves",
            ev.FIZZLE: f"{card} has nothing to attach to and goes to the graveyard",
            "dies": f"{card} dies",
            ev.DESTROYED: f"{card} is destroyed",
            "detached": f"{card} falls off and goes to the graveyard",
            "to_hand": f"{card} returns to {who}'s hand",
            "freeze": f"{card} is frozen until end of turn",
            "cancelled": f"{who} cancels {card}",
            "goal": f"{card}: {who} wins the game",
            "skill_gained": f"{who}'s hero learns the skill of {card}",
            "take": f"{who} takes {card} into hand",
            "trigger_lost": f"{card}'s triggered ability has no target",
            "combat_end": "combat ends",
        }
        if k in simple:
            return simple[k]
        if k == ev.TURN:
            return f"-- turn {e.amount}: {who} --"
        if k == ev.PLAY:
            tail = f" -> {self.describe_target(e.target)}" if e.target is not None else ""
            return f"{who} plays {card}{tail}"
        if k == "shrine":
            return f"{who} plays {card} for {'a level' if e.note == 'level' else 'a mana crystal'}"
        if k == "skill":
            tail = f" -> {self.describe_target(e.target)}" if e.target is not None else ""
            return f"{who} uses the skill {e.note}{tail}"
        if k == "activate":
            tail = f" -> {self.describe_target(e.target)}" if e.target is not None else ""
            return f"{who} uses {card}{tail}"
        if k == ev.DAMAGE:
            return f"{card if e.card >= 0 else who} takes {e.amount} damage"
        if k == "prevented":
            return f"a Shield emblem prevents {e.amount} damage to {card}"
        if k == ev.LIFE:
            return f"{who} gains {e.amount} life"
        if k == "attack":
            target = self.describe_target(e.target) if e.target is not None else ""
            return f"{who} attacks {target} with {card}"
        if k == "block":
            return f"{who} blocks {self.name_of(e.other)} with {card}"
        if k == "combat_cancelled":
            return f"{card}'s combat with {self.name_of(e.other)} is cancelled"
        if k == "damage_step":
            return f"{e.note} combat damage"
        if k == "row":
            return f"{card} moves to the {e.note} row"
        if k == "modify":
            return f"{card} gets {e.amount:+d} {e.note} until end of turn"
        if k == "grant":
            return f"{card} gains {e.note.replace('_', ' ')} until end of turn"
        if k == "emblem":
            return f"{card} gets {e.amount} {e.note} emblem(s)"
        if k == "energy":
            return f"{card} energy {e.amount:+d}"
        if k == "crystals":
            return f"{who} gains {e.amount} {e.note} mana crystal(s)"
        if k == "mana":
            return f"{who} gains {e.amount} mana this turn"
        if k == "level":
            return f"{who} gains {e.amount} {e.note} level(s)"
        if k == "offer":
            return f"{who} makes a Divine Offering with {card}"
        if k == "look":
            return f"{who} looks at the top {e.amount} cards of their deck"
        return ""
