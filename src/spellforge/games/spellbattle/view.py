"""What a seat may know of a Spell Battle game (its View), and the hooks that tell the game in words.

The View is documented field by field in ``docs/games/spellbattle.md`` ("What the View holds"); the words
(labels, log sentences, prompts, the end) are in ``words.py``.
"""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import Action
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.events import Event
from spellforge.core.observe import card_view, zone_view
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target

from . import words
from .base import SpellBattleBase


class SpellBattleView(SpellBattleBase):
    __slots__ = ()

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"cost": d.cost, "text": d.text}
        if d.type == "character":
            out["keywords"] = sorted(d.keywords)
            if self.is_character(cid):
                strength, speed = self.strength(cid), self.speed(cid)
                out.update(strength=strength, speed=speed, damage=self.damage[cid])
                if strength != d.strength or speed != d.speed:
                    out["printed"] = {"strength": d.strength, "speed": d.speed}
            else:
                out.update(strength=d.strength, speed=d.speed)
        if self.in_play(cid):
            out.update(self.in_play_fields(cid))
        return out

    def in_play_fields(self, cid: int) -> dict[str, Any]:
        """Where a card in play stands: its controller, its owner when another player lent it, whether it is
        sideways, face down (a farm), and its part in the combat."""
        controller, owner = self.controller[cid], self.owner[cid]
        out: dict[str, Any] = {"controller": controller}
        if 0 <= owner != controller:
            out["owner"] = owner
        out["tapped"] = self.tapped[cid]
        if self.face_down[cid]:
            out["face_down"] = True
        group = self.attack_group.get(cid)
        if group is not None:
            out["attacking"] = self.group_target[group]
            bonded = [c for c, g in self.attack_group.items() if g == group and c != cid]
            if bonded:
                out["bonded_with"] = sorted(bonded)
            out["blocked"] = self.group_blocked[group]
            blockers = sorted(b for b, g in self.block_group.items() if g == group)
            if blockers:
                out["blocked_by"] = blockers
        group = self.block_group.get(cid)
        if group is not None:
            out["blocking"] = sorted(c for c, g in self.attack_group.items() if g == group)
        return out

    def farm_view(self, cid: int, seat: int | None) -> dict[str, Any]:
        """A farm: face down and sideways or not for everyone; the card itself to a seat that may know it."""
        view = card_view(self, cid, seat)
        if view.get("hidden"):
            view.update(face_down=True, tapped=self.tapped[cid], controller=self.controller[cid])
        return view

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        L = self.layout
        mine = [c for c in self.zones[self.play_zone] if self.controller[c] == s]
        farms = [c for c in mine if self.face_down[c]]
        return {
            "life": self.life(s),
            "hand": zone_view(self, L.hand[s], seat),
            "deck": zone_view(self, L.deck[s], seat),
            "discard": zone_view(self, L.discard[s], seat),
            "in_play": [card_view(self, c, seat) for c in mine if not self.face_down[c]],
            "farms": [self.farm_view(c, seat) for c in farms],
            "untapped_farms": sum(1 for c in farms if not self.tapped[c]),
            "farm_played": self.farm_played[s],
        }

    def view_active(self) -> list[int]:
        return self.active_seats() if self.step not in ("setup", "draft", "build") else []

    def view_part(self, seat: int | None) -> dict[str, Any]:
        L = self.layout
        part: dict[str, Any] = {
            "teams": self.options["teams"],
            "limbo": [self.item_view(i, seat) for i in self.stack],
            "combat": self.combat_view(),
            "set_aside": zone_view(self, L.aside, seat)["cards"],
        }
        if self.options["format"] in ("sealed", "draft"):
            part["limited"] = {
                "round": self.draft_round + 1,
                "pile": [zone_view(self, L.pile[s], seat) for s in range(self.n_seats)],
                "pool": [zone_view(self, L.pool[s], seat) for s in range(self.n_seats)],
            }
        return part

    def combat_view(self) -> dict[str, Any] | None:
        """The attack under way: each attacking group (its members, the player it attacks, its blockers)."""
        if not self.attack_group:
            return None
        groups = []
        for g in sorted(set(self.attack_group.values())):
            groups.append(
                {
                    "attackers": sorted(c for c, ag in self.attack_group.items() if ag == g),
                    "target": self.group_target[g],
                    "blocked": self.group_blocked[g],
                    "blockers": sorted(b for b, bg in self.block_group.items() if bg == g),
                }
            )
        out: dict[str, Any] = {"groups": groups, "struck": sorted(self.dealt)}
        overrun = [s for s in range(self.n_seats) if self.overrun[s]]
        if overrun:
            out["overrun"] = overrun
        return out

    def item_view(self, item: StackItem, seat: int | None) -> dict[str, Any]:
        d = self.defs[item.card]
        return {
            "uid": item.uid,
            "ref": f"@{item.uid}",
            "kind": item.kind,
            "card": item.card,
            "name": d.name,
            "label": words.cap(words.item_name(self, item)),
            "controller": item.controller,
            "targets": [self.target_view(t, seat) for t in item.targets],
            "text": d.text if item.effect < 0 else d.effects[item.effect].param("text", d.text),
        }

    def target_view(self, target: Target, seat: int | None) -> dict[str, Any]:
        """What a waiting item is aimed at: a card (by id, while the seat may see it), a player, another item."""
        if isinstance(target, CardRef):
            if not self.can_see(seat, target.id):
                return {"label": HIDDEN_CARD}
            return {"card": target.id, "label": words.card_phrase(self, target.id, None)}
        if isinstance(target, PlayerRef):
            return {"player": target.seat, "label": self.seat_label(target.seat)}
        if isinstance(target, StackRef):
            return {"item": target.uid, "label": words.stack_phrase(self, target.uid, None)}
        return {"label": self.target_label(target, seat)}

    # ------------------------------------------------------------------ words (words.py)

    def describe_action(self, action: Action, seat: int | None) -> str:
        return words.action_label(self, action, seat)

    def target_label(self, target: Target, seat: int | None) -> str:
        return words.target_phrase(self, target, seat)

    def stack_label(self, uid: int, seat: int | None) -> str:
        return words.stack_phrase(self, uid, seat)

    def describe_decision(self) -> str:
        return words.prompt(self)

    def describe_event(self, e: Event, seat: int | None) -> str:
        return words.event_line(self, e, seat)

    def describe_outcome(self) -> str:
        return words.outcome_line(self)
