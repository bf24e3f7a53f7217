"""What a seat may know of a Spell Battle game, and how its events and decisions read."""

from __future__ import annotations

from typing import Any

from spellforge.core import events as ev
from spellforge.core.actions import seat_name
from spellforge.core.events import Event
from spellforge.core.observe import card_view, event_visible_card, zone_view

from .base import SBBase

PROMPTS = {
    "priority": "play a card, use an ability, or pass",
    "farm": "choose the card to play face down as a farm",
    "attackers": "choose attackers (and bonded groups), then done",
    "blockers": "choose blockers, then done",
    "assign": "assign combat damage",
    "trigger_order": "choose which of your triggered abilities goes into limbo next",
    "trigger_target": "choose a target for a triggered ability",
    "copy_target": "choose a new target for the copy",
    "sacrifice": "choose a character of yours to destroy",
    "draft_pick": "pick a card from the pile",
    "build": "pick a card for your 30-card deck",
}


class ViewMixin(SBBase):
    __slots__ = ()

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"cost": d.cost, "text": d.text}
        if d.type == "character":
            out["keywords"] = sorted(d.keywords)
            if self.in_play(cid):
                out.update(strength=self.strength(cid), speed=self.speed(cid), damage=self.damage[cid])
            else:
                out.update(strength=d.strength, speed=d.speed)
        if self.in_play(cid):
            out.update(controller=self.controller[cid], owner=self.owner[cid], sideways=self.tapped[cid])
            if self.face_down[cid]:
                out["farm"] = True
            if cid in self.attack_group:
                out["attacking"] = seat_name(self.group_target[self.attack_group[cid]])
                out["group"] = self.attack_group[cid]
            if cid in self.block_group:
                out["blocking_group"] = self.block_group[cid]
        return out

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        L = self.layout
        farms = [c for c in self.zones[self.play_zone] if self.face_down[c] and self.controller[c] == s]
        return {
            "life": self.life(s),
            "hand": zone_view(self, L.hand[s], seat),
            "deck": zone_view(self, L.deck[s], seat),
            "discard": zone_view(self, L.discard[s], seat),
            "farms": {"count": len(farms), "untapped": sum(1 for c in farms if not self.tapped[c])},
            "farm_played": self.farm_played[s],
        }

    def view_active(self) -> list[int]:
        return self.active_seats() if self.step not in ("setup", "draft", "build") else []

    def view_part(self, seat: int | None) -> dict[str, Any]:
        L = self.layout
        in_play = [
            card_view(self, c, seat) | {"controller": self.controller[c]} for c in self.zones[self.play_zone]
        ]
        part: dict[str, Any] = {
            "teams": self.options["teams"],
            "in_play": [c for c in in_play if not c.get("hidden")],
            "hidden_farms": sum(1 for c in in_play if c.get("hidden")),
            "limbo": [self.item_view(i) for i in self.stack],
            "set_aside": zone_view(self, L.aside, seat)["cards"],
        }
        if self.options["format"] in ("sealed", "draft"):
            part["limited"] = {
                "round": self.draft_round + 1,
                "pile": [zone_view(self, L.pile[s], seat) for s in range(self.n_seats)],
                "pool": [zone_view(self, L.pool[s], seat) for s in range(self.n_seats)],
            }
        return part

    def item_view(self, item: Any) -> dict[str, Any]:
        d = self.defs[item.card]
        return {
            "uid": item.uid,
            "ref": f"@{item.uid}",
            "kind": item.kind,
            "card": item.card,
            "name": d.name,
            "controller": item.controller,
            "targets": [str(t) for t in item.targets],
            "text": d.text if item.effect < 0 else d.effects[item.effect].param("text", d.text),
        }

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "nothing"
        text = PROMPTS.get(d.kind, d.kind)
        if d.kind == "assign":
            cid, remaining, _ = d.data
            text = f"assign {remaining} damage from {self.describe_card(cid)}"
        elif d.kind == "sacrifice":
            text = f"choose {d.data[0]} more character(s) of yours to destroy"
        return text

    def name_of(self, cid: int, seat: int | None) -> str:
        return self.describe_card(cid) if cid >= 0 else ""

    def describe_event(self, e: Event, seat: int | None) -> str:
        who = seat_name(e.seat) if e.seat >= 0 else ""
        card = self.name_of(e.card, seat) if event_visible_card(e, seat) else "a card"
        k = e.kind
        if k == ev.TURN:
            return f"-- turn {e.amount}: {who} --"
        if k == ev.DRAW:
            return f"{who} draws {card}"
        if k == "farm":
            return f"{who} plays {card} face down as a farm"
        if k == ev.PLAY:
            tail = f" -> {self.describe_target(e.target)}" if e.target is not None else ""
            return f"{who} plays {card}{tail}"
        if k == "activate":
            tail = f" -> {self.describe_target(e.target)}" if e.target is not None else ""
            return f"{who} uses {card}{tail}"
        if k == ev.RESOLVE:
            return f"{card} resolves"
        if k == ev.ENTERS:
            return f"{card} enters play under {who}"
        if k == ev.FIZZLE:
            return f"{card} fizzles (its choices are gone)"
        if k == ev.COUNTER:
            return f"{who} counters {card}"
        if k == ev.DESTROYED:
            return f"{card} is destroyed"
        if k == ev.DAMAGE:
            target = card if e.card >= 0 else who
            return f"{target} takes {e.amount} damage"
        if k == "attack":
            return f"{who} attacks {e.target} with {card}"
        if k == "block":
            return f"{who} blocks {self.name_of(e.other, seat)} with {card}"
        if k == ev.CONTROL:
            return f"{who} gains control of {card}"
        if k == ev.LOSE:
            return f"{who} is out ({e.note})"
        if k == "set_aside":
            return f"{card} is set aside"
        if k == "to_hand":
            return f"{card} returns to {who}'s hand"
        if k == "modify":
            return f"{card} gets {e.amount:+d} {e.note} until end of turn"
        if k == ev.SHUFFLE:
            return f"{who} shuffles the discard pile into the draw pile"
        if k == "limbo":
            return f"{card}'s {e.note} goes into limbo"
        if k == "replaced":
            return f"{card}: {e.note.replace('_', ' ')} instead"
        if k == "trigger_lost":
            return f"{card}'s triggered ability has no legal target"
        if k == "pick":
            return f"{who} picks {card}"
        if k == "overrun":
            return f"{who}'s blocked attackers will hit the player this turn"
        if k == "draft_round":
            return f"-- draft round {e.amount} --"
        return ""
