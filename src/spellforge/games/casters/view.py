"""What a seat may know of a Casters game, and how its events and decisions read.

Face-down set cards are in an owner-only zone: another seat sees how many there are, never which (not even
an id), and the log tells it only "P1 sets a card" (CA-033, CA-R13). Stage and Main Decks show their size;
Shields show as a count under their minion.
"""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import seat_name
from spellforge.core.events import Event
from spellforge.core.observe import card_view, event_visible_card, zone_view

from .base import DECK, FIELD, GRAVEYARD, HAND, SET, STAGE_DECK, STAGES, CastersBase
from .costs import describe_cost

PROMPTS = {
    "set": "set a card face down",
    "reveal": "reveal one of your face-down cards",
    "option": "play the revealed card (pay its cost) or recycle it (Graveyard, draw 2)",
    "pay": "pay the cost",
    "priority": "respond or pass",
    "trigger_order": "choose which of your triggered abilities goes on the stack next",
    "trigger_target": "choose a target for a triggered ability",
    "battle": "attack with an untapped minion, or skip",
    "block": "block with a minion (blockers take damage in the order chosen), or done",
    "discard": "discard a card",
    "search": "take a card from your Main Deck",
    "optional": "use the optional effect?",
}


class ViewMixin(CastersBase):
    __slots__ = ()

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"class": d.card_class, "cost": d.cost, "text": d.text}
        if d.type != "spell":
            out["level"] = d.level
        if d.keywords:
            out["keywords"] = sorted(d.keywords)
        if d.type == "minion":
            if self.is_minion(cid):
                out.update(
                    attack=self.attack_of(cid),
                    health=self.health_of(cid),
                    damage=self.damage[cid],
                    tapped=self.tapped[cid],
                    shields=len(self.shields_on(cid)),
                )
                extra = sorted(
                    k for k in ("double_strike", "immune") if k not in d.keywords and self.has_keyword(cid, k)
                )
                if extra:
                    out["granted"] = extra
            else:
                out.update(attack=d.attack, health=d.health)
        if self.zone_of[cid] in FIELD and self.attached_to[cid] >= 0:
            out["equipped_to"] = self.attached_to[cid]
        return out

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        field = self.zones[FIELD[s]]
        return {
            "initiative": s == self.initiative,
            "health": self.health(s),
            "stage_deck": len(self.zones[STAGE_DECK[s]]),
            "stage_damage": self.stage_damage[s],
            "stages": [card_view(self, c, seat) for c in self.zones[STAGES[s]]],
            "hand": zone_view(self, HAND[s], seat),
            "set": zone_view(self, SET[s], seat),
            "deck": len(self.zones[DECK[s]]),
            "graveyard": zone_view(self, GRAVEYARD[s], seat)["cards"],
            "minions": [card_view(self, c, seat) for c in field if self.is_minion(c)],
            "field": [card_view(self, c, seat) for c in field if not self.is_minion(c)],
            "negate_next": self.negate_next[s],
        }

    def view_active(self) -> list[int]:
        # both players draw, set, reveal and battle in every turn; the coin holder goes first (CA-034, CA-041)
        return [self.initiative, 1 - self.initiative]

    def view_part(self, seat: int | None) -> dict[str, Any]:
        combat = None
        if self.combat is not None:
            attacker, target, blockers = self.combat
            combat = {
                "attacker": attacker,
                "target": str(target) if target is not None else None,
                "blockers": list(blockers),
            }
        return {
            "initiative": self.initiative,
            "set_quota": self.set_quota,
            "stack": [self.item_view(i) for i in self.stack],
            "revealed": [
                card_view(self, c, seat) for c in self.zones[self.layout.stack] if not self.on_stack(c)
            ],
            "combat": combat,
            "payment": self.payment_view(),
        }

    def on_stack(self, cid: int) -> bool:
        return any(i.card == cid and i.kind == "card" for i in self.stack)

    def payment_view(self) -> dict[str, Any] | None:
        if self.payment is None:
            return None
        seat, card, parts, _ = self.payment
        return {"player": seat_name(seat), "card": card, "left": describe_cost(parts)}

    def item_view(self, item: Any) -> dict[str, Any]:
        d = self.defs[item.card]
        return {
            "uid": item.uid,
            "ref": f"@{item.uid}",
            "kind": item.kind,
            "card": item.card,
            "name": d.name,
            "controller": item.controller,
            "targets": [self.describe_target(t) for t in item.targets],
            "negated": "negated" in item.data,
            "mode": item.data[0] if item.kind == "card" else "",
        }

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "nothing"
        text = PROMPTS.get(d.kind, d.kind)
        if d.kind == "set":
            text = f"set a card face down ({d.data[0]} to go)"
        elif d.kind == "option":
            text = f"{self.describe_card(d.data[0])}: {PROMPTS['option']}"
        elif d.kind == "pay" and self.payment is not None:
            _, card, parts, _ = self.payment
            text = f"pay for {self.describe_card(card)}: {describe_cost(parts)} left"
        elif d.kind == "discard":
            text = f"discard {d.data[0]} card(s)"
        elif d.kind == "search":
            level, kind = d.data[:2]
            text = f"take a {'LvL' + str(level) + ' ' if level else ''}{kind} from your Main Deck"
        return text

    def describe_event(self, e: Event, seat: int | None) -> str:
        who = seat_name(e.seat) if e.seat >= 0 else ""
        card = self.describe_card(e.card) if e.card >= 0 and event_visible_card(e, seat) else "a card"
        k = e.kind
        template = TEMPLATES.get(k)
        if template is not None:
            other = self.describe_target(e.target) if e.target is not None else ""
            return template.format(who=who, card=card, amount=e.amount, note=e.note, other=other)
        if k == "activate":
            return f"{who} activates {card}" + ("'s ability" if e.note == "ability" else "")
        if k == "discard":
            return f"{who} discards {card}" + (" to pay a cost" if e.note == "cost" else "")
        if k == "skip":
            return f"{who} skips" + (" (no untapped minion)" if e.note == "forced" else "")
        if k == "untap":
            return f"{card} untaps" + (f" ({e.note})" if e.note else "")
        if k == "modify":
            return f"{card} gets {e.amount:+d} {e.note} this turn"
        if k == "coin":
            return f"{who} wins the coin toss" if e.note == "flip" else f"the coin passes to {who}"
        if k == "stack":
            return f"{card}'s {e.note} goes on the stack" if e.note != "card" else f"{card} goes on the stack"
        if k == "resolve":
            return f"{card} resolves" if e.note == "card" else f"{card}'s {e.note} resolves"
        return ""


TEMPLATES = {
    "turn": "-- turn {amount} ({who} holds the coin) --",
    "set_phase": "set phase: each player sets {amount} card(s)",
    "draw": "{who} draws {card}",
    "set": "{who} sets {card} face down",
    "reveal": "{who} reveals {card}",
    "recycle": "{who} sends {card} to the Graveyard to draw 2",
    "summon": "{card} is summoned for {who}",
    "passive": "{card} stays on the field (Passive)",
    "death": "{card} dies",
    "destroyed": "{card} is destroyed",
    "sacrifice": "{who} sacrifices {card}",
    "mill": "{who} mills {card}",
    "search": "{who} searches out {card}",
    "search_fail": "{who} searches but finds nothing",
    "to_hand": "{card} returns to {who}'s hand",
    "shield": "{card} gains a Shield",
    "shield_used": "{card}'s Shield takes {amount} damage and returns to the deck",
    "damage": "{card} takes {amount} damage",
    "hero_damage": "{who}'s Hero takes {amount} damage",
    "stage_reveal": "{who} reveals Stage {card}",
    "stage_up": "{who}'s Stage {card} goes face up",
    "stage_lost": "{who} loses Stage {card} to the Graveyard",
    "attack": "{who} attacks {other} with {card}",
    "block": "{who} blocks with {card}",
    "equip": "{card} is equipped to {other}",
    "unequip": "{card} falls to the Graveyard with its minion",
    "negate": "{who} negates {card}",
    "negate_next": "{who} will negate the next card the opponent activates this turn",
    "fizzle": "{card} has no legal target and does nothing",
    "trigger_lost": "{card}'s triggered ability has no legal target",
    "tap": "{card} is tapped",
    "unpaid": "{who} cannot finish paying for {card}",
    "empty_deck": "{who}'s Main Deck is empty",
}
