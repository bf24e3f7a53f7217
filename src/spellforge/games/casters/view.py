"""What a seat may know of a Casters game (its View), and the hooks that tell the game in words.

Face-down set cards are in an owner-only zone: another seat sees how many there are, never which (not even
an id), and the log tells it only "P1 sets a card face down" (CA-033, CA-R13). Stage and Main Decks show
their size; Shields show as a count under their minion. The View is documented field by field in
``docs/games/casters.md`` ("What the View holds"); the words are in ``words.py``.
"""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import Action
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.events import Event
from spellforge.core.observe import card_view, zone_view
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target

from . import frames, words
from .base import DECK, FIELD, GRAVEYARD, HAND, REVEAL, SET, STAGE_DECK, STAGES, CastersBase
from .costs import describe_cost
from .decisions import CardItemData, is_negated


class CastersView(CastersBase):
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
        if self.combat is not None:
            attacker, _, blockers = self.combat
            if cid == attacker:
                out["attacking"] = True
            elif cid in blockers:
                out["blocking"] = attacker
        return out

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        field = self.zones[FIELD[s]]
        out: dict[str, Any] = {
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
        }
        if self.negate_next[s]:
            out["negates_next"] = self.negate_next[s]
        return out

    def view_active(self) -> list[int]:
        # both players draw, set, reveal and battle in every turn; the coin holder goes first (CA-034, CA-041)
        return [self.initiative, 1 - self.initiative]

    def view_part(self, seat: int | None) -> dict[str, Any]:
        combat = None
        if self.combat is not None:
            attacker, target, blockers = self.combat
            combat = {"attacker": attacker, "blockers": list(blockers)}
            if target is not None:
                combat["target"] = self.target_view(target, seat)
        return {
            "initiative": self.initiative,
            "set_quota": self.set_quota,
            "revealing": self.revealing(),
            "stack": [self.item_view(i, seat) for i in self.stack],
            "revealed": [
                card_view(self, c, seat) for c in self.zones[self.layout.stack] if not self.on_stack(c)
            ],
            "combat": combat,
            "payment": self.payment_view(),
        }

    def revealing(self) -> int | None:
        """In the Reveal Phase, the seat whose reveal it is (its card is being played or answered)."""
        if self.phase != REVEAL:
            return None
        d = self.decision
        if d is not None and d.kind in ("reveal", "option"):
            return d.seat
        for frame in self.work[::-1]:
            if isinstance(frame, frames.RevealStep):
                return self.opponent(frame.seat)  # the next reveal is the other player's (CA-R14)
        return None

    def on_stack(self, cid: int) -> bool:
        return any(i.card == cid and i.kind == "card" for i in self.stack)

    def payment_view(self) -> dict[str, Any] | None:
        if self.payment is None:
            return None
        seat, card, parts, _ = self.payment
        return {"seat": seat, "card": card, "left": describe_cost(parts)}

    def item_view(self, item: StackItem, seat: int | None) -> dict[str, Any]:
        d = self.defs[item.card]
        out: dict[str, Any] = {
            "uid": item.uid,
            "ref": f"@{item.uid}",
            "kind": item.kind,
            "card": item.card,
            "name": d.name,
            "label": words.item_name(self, item),
            "controller": item.controller,
            "targets": [self.target_view(t, seat) for t in item.targets],
            "negated": is_negated(item.data),
        }
        if isinstance(item.data, CardItemData):
            out["mode"] = item.data.mode
        return out

    def target_view(self, target: Target, seat: int | None) -> dict[str, Any]:
        """What a stack item or an attack is aimed at: a card (by id, while the seat may see it), a Hero
        (a player), an item on the stack."""
        if isinstance(target, CardRef):
            if not self.can_see(seat, target.id):
                return {"label": HIDDEN_CARD}
            return {"card": target.id, "label": words.card_phrase(self, target.id, None)}
        if isinstance(target, PlayerRef):
            return {"player": target.seat, "label": words.hero(self, target.seat, None)}
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

    def describe_outcome(self) -> str:
        return words.outcome_line(self)

    def describe_event(self, e: Event, seat: int | None) -> str:
        return words.event_line(self, e, seat)
