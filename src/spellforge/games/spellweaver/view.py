"""What a seat may know of a Spellweaver game: the heroes, mana and levels, skills, the four rows, combat.

Everything on the table is public: the four rows, blessings, curses and artifacts, both graveyards
(SW-055), mana, levels, skills and cooldowns. Hands are seen by their owner, decks by nobody, and the
cards looked at during a Divine Offering only by the player making it. A field with no value is left out
(no emblems, no damage, no extra mana). How everything reads in words is ``words.py``; the View's fields
are documented in docs/games/spellweaver.md ("What the View holds").
"""

from __future__ import annotations

from typing import Any

from spellforge.core.clock import format_seconds
from spellforge.core.observe import card_view, zone_view
from spellforge.core.targets import CardRef, PlayerRef, Target

from .cards import ASPECTS, EMBLEMS, KEYWORDS
from .words import SpellweaverWords, levels_text


class SpellweaverView(SpellweaverWords):
    __slots__ = ()

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"text": d.text}
        if d.aspect:
            out["aspect"] = d.aspect
        if d.type not in ("shrine", "hero", "system"):
            out["cost"] = d.cost
            if d.req_total:
                out["levels"] = levels_text(d.req, d.req_total)
        if d.has_energy:
            out["energy_rating"] = d.energy
        if d.skill is not None:
            out["skill"] = d.skill.name
        if d.is_creature:
            if self.in_row(cid):
                out.update(attack=self.attack(cid), hp=self.stat(cid, "hp"), speed=self.speed(cid))
                if self.damage[cid]:
                    out["damage"] = self.damage[cid]
                keywords = [k for k in KEYWORDS if self.has_keyword(cid, k)]
                out["exhausted"] = self.exhausted[cid]
                if cid in self.fresh:
                    out["new"] = True  # played or moved forward this turn: attacks only if Swift (SW-097)
                if cid in self.frozen:
                    out["frozen"] = True
                emblems = self.emblems.get(cid)
                if emblems and any(emblems):
                    out["emblems"] = {kind: n for kind, n in zip(EMBLEMS, emblems, strict=True) if n}
            else:
                out.update(attack=d.attack, hp=d.hp, speed=d.speed)
                keywords = sorted(d.keywords)
            if keywords:
                out["keywords"] = keywords
        if self.in_play(cid):
            out["controller"] = self.controller[cid]
            if cid in self.energy:
                out["energy"] = self.energy[cid]
            if cid in self.attached:
                out["attached_to"] = self.attached[cid]
            if d.is_creature:
                attachments = [a for a, host in self.attached.items() if host == cid]
                if attachments:
                    out["attachments"] = attachments
            else:
                out["exhausted"] = self.exhausted[cid]
        return out

    def skill_view(self, seat: int, slot: int) -> dict[str, Any]:
        source = self.skills[seat][slot]
        skill = self.defs[source].skill
        assert skill is not None
        out: dict[str, Any] = {
            "slot": slot + 1,
            "name": skill.name,
            "from": self.defs[source].name,
            "cost": skill.cost,
        }
        if skill.req_total:
            out["levels"] = levels_text(skill.req, skill.req_total)
        left = self.cooldown[seat][slot]
        out.update(cooldown=skill.cooldown, ready=not left, text=skill.text)
        if left:
            out["turns_left"] = left
        return out

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        L = self.layout
        p: dict[str, Any] = {
            "life": self.life[s],
            "mana": self.mana(s),
            "crystals": self.crystals[s],
            "full_crystals": self.full[s],
        }
        if self.bonus_mana[s]:
            p["extra_mana"] = self.bonus_mana[s]
        p["levels"] = dict(zip(ASPECTS, self.levels[s], strict=True))
        hero = self.hero_card(s)
        if hero >= 0:
            p["hero"] = card_view(self, hero, seat)
        p.update(
            skills=[self.skill_view(s, i) for i in range(len(self.skills[s]))],
            shrine_played=self.shrine_played[s],
            offered=self.offered[s],
            hand=zone_view(self, L.hand[s], seat),
            deck=zone_view(self, L.deck[s], seat),
            graveyard=zone_view(self, L.graveyard[s], seat),
            combat_row=zone_view(self, L.combat[s], seat)["cards"],
            support_row=zone_view(self, L.support[s], seat)["cards"],
            area=zone_view(self, L.area[s], seat)["cards"],
        )
        if self.zones[L.looking[s]]:
            p["looking"] = zone_view(self, L.looking[s], seat)
        if self.clock.running:
            p["clock"] = format_seconds(self.clock.banks[s])
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
                "targets": [target_view(t) for t in self.att_tgt[a]],
                "cancelled": not self.att_tgt[a],
                "blocked": a in self.blocked,
                "blockers": [b for b, x in self.blk.items() if x == a],
            }
            for a in self.att
        ]


def target_view(target: Target) -> dict[str, int]:
    """An attack's target as the View holds it: ``{"player": seat}`` (the hero) or ``{"card": id}``."""
    if isinstance(target, PlayerRef):
        return {"player": target.seat}
    assert isinstance(target, CardRef)  # an attack aims at a hero or a creature (SW-092)
    return {"card": target.id}
