"""SPELLFIRE's part of the View: formations, pools, the battle, the plays waiting, and the log lines."""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import seat_name
from spellforge.core.events import REVEAL, Event
from spellforge.core.observe import card_view, event_visible_card, zone_view

from .base import ACH, ATT, DCH, DEF, OVER, POSITIONS, SELF, TARGET
from .battle import BattleMixin
from .cards import CHAMPION, WORLD_NAMES


class ViewMixin(BattleMixin):
    """The ``view_*`` hooks."""

    def view_part(self, seat: int | None) -> dict[str, Any]:
        lay = self.layout
        f = self.fight
        battle: dict[str, Any] | None = None
        if f[ATT] >= 0:
            battle = {
                "attacker": f[ATT],
                "defender": f[DEF],
                "target": f[TARGET],
                "attacking": f[ACH],
                "defending": f[DCH],
                "self_defence": bool(f[SELF]),
                "round": f[5],
                "over": f[OVER],
                "totals": [self.side_total(0), self.side_total(1)] if f[ACH] >= 0 else [0, 0],
                "cards": [card_view(self, c, seat) for c in self.zones[lay.battle]],
            }
        return {
            "formations": [
                [
                    {"position": POSITIONS[p], **(card_view(self, c, seat) if c >= 0 else {"empty": True})}
                    for p, c in enumerate(self.slots[s])
                ]
                for s in range(self.n_seats)
            ],
            "pools": [zone_view(self, lay.pool[s], seat) for s in range(self.n_seats)],
            "hands": [zone_view(self, lay.hand[s], seat) for s in range(self.n_seats)],
            "rules": zone_view(self, lay.rules, seat),
            "lasting": zone_view(self, lay.lasting, seat),
            "table": zone_view(self, lay.table, seat),
            "battle": battle,
            "plays": [
                [p.uid, p.card, p.seat, self.shown_target(p.target, seat), p.copy_of] for p in self.plays
            ],
            "windows": [[w.kind, w.holder, list(w.data)] for w in self.windows],
            "extra_turns": list(self.extra_turns),
        }

    def shown_target(self, target: int, seat: int | None) -> int | None:
        """A play's target as ``seat`` may know it: a face-down champion it cannot see is not named."""
        if 0 <= target < len(self.defs) and not self.can_see(seat, target):
            return None
        return target

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        lay = self.layout
        return {
            "unrazed_realms": len(self.unrazed_realms(s)),
            "hand": len(self.zones[lay.hand[s]]),
            "hand_limit": self.hand_limit(s),
            "deck": len(self.zones[lay.deck[s]]),
            "discard": zone_view(self, lay.discard[s], seat),
            "limbo": zone_view(self, lay.limbo[s], seat),
            "abyss": zone_view(self, lay.abyss[s], seat),
            "void": zone_view(self, lay.void[s], seat, cards=False),
            "dungeon": zone_view(self, lay.dungeon[s], seat),
            "mulligans": self.mulligans[s],
        }

    def view_step(self) -> str | None:
        d = self.decision
        return d.kind if d is not None else None

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {}
        if d.world:
            out["world"] = WORLD_NAMES[d.world]
        if d.type == CHAMPION:
            out["class"] = list(self.classes(cid))
            out["level"] = self.level(cid) if self.in_play(cid) else d.level
            if self.traits(cid):
                out["traits"] = sorted(self.traits(cid))
        if d.bonus:
            out["bonus"] = d.bonus
        if d.drain:
            out["drain"] = -d.drain
        if self.razed[cid]:
            out["razed"] = True
        host = self.attached_to[cid]
        if host >= 0:
            if self.face_down[host]:  # on a face-down champion: named by its place in the pool only
                out["on_position"] = self.zones[self.zone_of[host]].index(host)
            else:
                out["on"] = host
        if self.face_down[cid]:
            out["face_down"] = True
        if d.keywords:
            out["keywords"] = sorted(d.keywords)  # every client shows their reminder text (hints.py)
        return out

    def describe_event(self, e: Event, seat: int | None) -> str:
        who = seat_name(e.seat) if e.seat >= 0 else ""
        name = self.defs[e.card].name if e.card >= 0 and event_visible_card(e, seat) else "a card"
        if e.kind == "draw":
            return ""  # too many to show; the hand counts tell
        if e.kind == "turn":
            return f"turn {e.amount}: {who}" + (" (extra turn)" if e.note else "")
        if e.kind == "realm":
            return f"{who} plays {name} at {e.note}"
        if e.kind == "attack":
            return f"{who} attacks {name} of {seat_name(e.other)}"
        if e.kind in ("spoils", "dungeon_spoils"):
            return f"{who} draws spoils of victory: {name}"
        if e.kind == "mulligan":
            return f"{who} calls a mulligan and shows his hand: no realm he can play"
        if e.kind == REVEAL and e.note == "mulligan":
            return f"{who} shows {name}"
        if e.kind == "reveal_first":
            return f"{who} reveals {name} ({e.amount}) to choose the first player"
        return f"{who} {e.kind.replace('_', ' ')} {name if e.card >= 0 else ''}".rstrip()
