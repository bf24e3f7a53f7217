"""What a seat may know of a Spelldawn game, and how its events and decisions read.

Face-down cards in rooms show only that they are there (and their progress counters, which are public);
the Champion sees a face-down card it has accessed (SD-R31) and the Overlord sees its own. The Vault's
top card the Champion accessed is listed as ``known`` under the Overlord's deck in the Champion's View
only (SD-119). The raid's step is public, so the Start-of-Raid check's result is too (SD-104).
"""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import seat_name
from spellforge.core.events import Event
from spellforge.core.observe import card_view, event_visible_card, zone_view

from .base import (
    ARENA,
    BOONS,
    DECK,
    DEFENDERS,
    DISCARD,
    HAND,
    LIMBO,
    OCCUPANT,
    RIFTCALLER,
    ROOM_NAMES,
    SCORE,
)
from .raid import RaidMixin

PROMPTS = {
    "mulligan": "keep your opening hand or mulligan",
    "main": "take an action (action points left)",
    "discard": "discard down to your maximum hand size",
    "limit": "sacrifice a card to make room, or pass to cancel",
    "night": "unveil a Nightbound project before your turn moves on, or pass",
    "dusk": "unveil a Duskbound project, or pass",
    "summon": "summon the approached minion, unveil a Summonbound project, or pass",
    "encounter": "use a weapon to defeat the minion, or pass and let its Combat ability fire",
    "roombound": "unveil the Roombound project in the raided room, or pass",
    "access": "score or raze accessed cards, then done (ends the raid)",
    "raid_target": "choose the room to raid",
}


class ViewMixin(RaidMixin):
    __slots__ = ()

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"side": d.side, "school": d.school, "text": d.text}
        if d.subtype:
            out["subtype"] = d.subtype
        if d.cost >= 0:
            out["cost"] = d.cost
        if d.type == "scheme":
            out.update(progress_needed=d.progress, points=d.points)
        if d.type == "minion":
            out.update(resonance=d.resonance, health=d.health, shield=d.shield)
        if d.subtype == "weapon":
            out.update(resonance=d.resonance, attack=self.weapon_attack(cid), breach=d.breach)
            if d.boost_bonus:
                out["boost"] = f"{d.boost_cost} mana: +{d.boost_bonus} attack"
        if d.type == "project":
            out["raze"] = self.raze_cost(cid)
        if d.keywords:
            out["keywords"] = sorted(d.keywords)
        if self.stored[cid]:
            out["stored"] = self.stored[cid]
        return out

    def placed(self, cid: int, seat: int | None) -> dict[str, Any]:
        """A card in a room: its view, and the public facts of its position."""
        out = card_view(self, cid, seat)
        out["face_down"] = self.face_down[cid]
        if self.progress[cid]:
            out["progress"] = self.progress[cid]
        return out

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mana": self.mana[s],
            "points": self.points[s],
            "hand_size": self.max_hand(s),
            "riftcaller": [card_view(self, c, seat) for c in self.zones[RIFTCALLER[s]]],
            "boons": [card_view(self, c, seat) for c in self.zones[BOONS[s]]],  # public (SD-010)
            "hand": zone_view(self, HAND[s], seat),
            "deck": zone_view(self, DECK[s], seat),
            "discard": [self.placed(c, seat) for c in self.zones[DISCARD[s]]],
            "score": [card_view(self, c, seat) for c in self.zones[SCORE[s]]],
        }
        if s == self.ch:
            out["curses"] = self.curses
            out["arena"] = [card_view(self, c, seat) for c in self.zones[ARENA[s]]]
        if s == self.active:
            out["action_points"] = self.ap
        return out

    def view_part(self, seat: int | None) -> dict[str, Any]:
        rooms = []
        for r, name in enumerate(ROOM_NAMES):
            room: dict[str, Any] = {
                "room": name,
                "defenders": [self.placed(c, seat) for c in reversed(self.zones[DEFENDERS[r]])],
            }
            if OCCUPANT[r] >= 0:
                occ = self.zones[OCCUPANT[r]]
                room["occupant"] = self.placed(occ[0], seat) if occ else None
            rooms.append(room)
        raid_view = None
        if self.raid_room >= 0:
            raid_view = {
                "room": ROOM_NAMES[self.raid_room],
                "step": self.raid_step,
                "defender": self.raid_def,
                "raid_mana": self.raid_mana,
                "accessed": [card_view(self, c, seat) for c in self.raid_accessed],
            }
        return {
            "rooms": rooms,
            "raid": raid_view,
            "limbo": [self.placed(c, seat) for c in self.zones[LIMBO]],
        }

    def view_step(self) -> str | None:
        return self.raid_step if self.raid_room >= 0 else None

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "nothing"
        prompt = PROMPTS.get(d.kind, d.kind)
        return f"{prompt} ({self.ap})" if d.kind == "main" else prompt

    def describe_event(self, e: Event, seat: int | None) -> str:
        who = seat_name(e.seat) if e.seat >= 0 else ""
        card = ""
        if e.card >= 0 and event_visible_card(e, seat) and self.can_see(seat, e.card):
            card = f" {self.defs[e.card].name} (#{e.card})"
        if e.kind == "raid":
            return f"{who} raids {ROOM_NAMES[e.amount]}"
        if e.kind in ("play_face_down",):
            return f"{who} plays a card face down in {ROOM_NAMES[e.amount]}{card}"
        if e.kind == "progress":
            return f"{who} progresses {ROOM_NAMES[e.amount]}"
        if e.kind in ("mana", "points", "damage", "curse"):
            return f"{who} {e.kind} {e.amount}{card}"
        if e.kind == "draw":
            return f"{who} draws{card}"
        return f"{who} {e.kind}{card}".strip()
