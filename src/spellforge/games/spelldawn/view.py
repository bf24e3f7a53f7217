"""What a seat may know of a Spelldawn game: the rooms, both sides, and the raid step by step.

Face-down cards in rooms show only that they are there (and their progress counters, which are public);
the Champion sees a face-down card it has accessed (SD-R31) and the Overlord sees its own. The Vault's
top card the Champion accessed is listed as ``known`` under the Overlord's deck in the Champion's View
only (SD-119). The raid's step is public, so the Start-of-Raid check's result is too (SD-104).

The raid's story (``raid_story``) is kept as its public events happen (``on_event``): each defender
approached and what became of it (passed by, summoned, defeated with which weapon for how much mana, or its
Combat ability fired), the projects unveiled, the cards accessed, scored and razed, and why the raid ended.
It holds card ids, but the View shows each card as the seat may see it now, so it tells nobody more than
the table did. How everything reads in words is ``words.py``; the View's fields are documented in
docs/games/spelldawn.md ("What the View holds").
"""

from __future__ import annotations

from typing import Any

from spellforge.core.events import Event
from spellforge.core.observe import card_view, zone_view

from .base import (
    APPROACH,
    ARENA,
    BOONS,
    DECK,
    DEFENDERS,
    DISCARD,
    ENCOUNTER,
    END,
    HAND,
    LIMBO,
    OCCUPANT,
    RIFTCALLER,
    ROOM_NAMES,
    SCORE,
)
from .words import SpelldawnWords, room_label

INNER_HOLDS = ("hand", "deck", "discard")
"""What each inner room guards: the key of the Overlord's pile in its player dict (SD-020..SD-023)."""

STORY_EVENTS = frozenset(
    {"raid", "unopposed", "pass_by", "summon", "defeat", "combat", "unveil", "access", "scored", "razed"}
    | {"raid_end"}
)
DEFENDER_STEPS = frozenset({"passed", "summoned", "defeated", "combat"})
Step = tuple[str, int, int, int, int]


class SpelldawnView(SpelldawnWords):
    __slots__ = ()

    # ------------------------------------------------------------------ the raid's story

    def on_event(self, event: Event) -> None:
        e, k = event, event.kind
        if k not in STORY_EVENTS:
            return
        if k == "raid":
            self.raid_story = (("raid", e.amount, self.turn, -1, 0),)
        elif k == "raid_end":
            self.raid_story += (("end", e.other, e.card, -1, e.amount),)
        elif self.raid_room >= 0:
            self.raid_story += self.story_steps(e)

    def story_steps(self, e: Event) -> tuple[Step, ...]:
        k, c, here = e.kind, e.card, self.raid_def
        if k == "unopposed":  # every defender passed by, the outermost first
            defenders = self.zones[DEFENDERS[self.raid_room]]
            return tuple(("passed", i, defenders[i], -1, 0) for i in reversed(range(len(defenders))))
        if k == "pass_by":
            return (("passed", here, c, -1, 0),)
        if k == "summon":
            return (("summoned", here, c, -1, self.defs[c].cost),)
        if k == "defeat":
            return (("defeated", here, c, e.other, e.amount),)
        if k == "combat":
            return (("combat", here, c, -1, 0),)
        if k == "unveil":
            return (("unveiled", -1, c, -1, self.defs[c].cost),)
        if k == "access":
            return (("accessed", -1, c, -1, 0),)
        if k == "razed":
            return (("razed", -1, c, -1, self.raze_cost(c)),)
        if k == "scored" and e.seat == self.ch:
            return (("scored", -1, c, -1, self.defs[c].points),)
        return ()

    def raid_view(self, seat: int | None) -> dict[str, Any] | None:
        """The raid in progress, or the last one (step ``end``, with why it ended); None before the first."""
        story = self.raid_story
        if not story:
            return None
        room, turn = story[0][1], story[0][2]
        live = self.raid_room >= 0
        out: dict[str, Any] = {
            "room": ROOM_NAMES[room],
            "name": room_label(room),
            "turn": turn,
            "step": self.raid_step if live else END,
        }
        if live and self.raid_step in (APPROACH, ENCOUNTER) and self.raid_def >= 0:
            out["defender"] = self.raid_def
        if live and self.raid_mana:
            out["raid_mana"] = self.raid_mana
        path: list[dict[str, Any]] = []
        accessed: list[dict[str, Any]] = []
        by_card: dict[int, dict[str, Any]] = {}
        unveiled = []
        for what, pos, c, w, n in story[1:]:
            if what in DEFENDER_STEPS:
                last = path[-1] if path else None
                if last is None or last["defender"] != pos or "result" in last:
                    last = {"defender": pos, "card": card_view(self, c, seat)}
                    path.append(last)
                if what == "summoned":
                    last["summoned"] = True
                    continue
                last["result"] = what
                if what == "defeated":
                    last["weapon"] = card_view(self, w, seat)
                    last["mana"] = n
            elif what == "unveiled":
                unveiled.append(card_view(self, c, seat))
            elif what == "accessed":
                by_card[c] = {"card": card_view(self, c, seat)}
                accessed.append(by_card[c])
            elif what in ("scored", "razed") and c in by_card:
                by_card[c]["result"] = what
                if what == "razed":
                    by_card[c]["mana"] = n
            elif what == "end":
                out["end"] = self.end_view(story[-1], seat)
        out["path"] = path
        if unveiled:
            out["unveiled"] = unveiled
        if accessed:
            out["accessed"] = accessed
        return out

    def end_view(self, step: Step, seat: int | None) -> dict[str, Any]:
        _, room, source, _, success = step
        end: dict[str, Any] = {
            "success": bool(success),
            "text": self.raid_end_sentence(Event("raid_end", self.ch, source, success, room), seat),
        }
        if source >= 0:
            end["by"] = card_view(self, source, seat)
        return end

    # ------------------------------------------------------------------ cards, players, rooms

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
            "max_hand_size": self.max_hand(s),
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
                "name": room_label(r),
                "defenders": [self.placed(c, seat) for c in self.zones[DEFENDERS[r]]],  # innermost first
            }
            if r < len(INNER_HOLDS):
                room["holds"] = INNER_HOLDS[r]
            elif self.zones[OCCUPANT[r]]:
                room["occupant"] = self.placed(self.zones[OCCUPANT[r]][0], seat)
            rooms.append(room)
        return {
            "rooms": rooms,
            "raid": self.raid_view(seat),
            "limbo": [self.placed(c, seat) for c in self.zones[LIMBO]],
        }

    def view_step(self) -> str | None:
        return self.raid_step if self.raid_room >= 0 else None
