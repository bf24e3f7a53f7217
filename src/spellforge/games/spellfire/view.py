"""SPELLFIRE's part of the View: every player's zones under his own entry of ``players`` (formation as a
pyramid, pool, hand, piles), then the shared table (rule cards, lasting events, the plays waiting, the open
windows, the battle). ``docs/games/spellfire.md`` ("What the View holds") documents it field by field.

Everything here is public or the viewing seat's own: a face-down champion of a hidden pool shows only its
place (``pool P2.3``) to the others, and a play aimed at one does not name it.
"""

from __future__ import annotations

from typing import Any

from spellforge.core.observe import card_view, zone_view
from spellforge.core.targets import PlayerRef, StackRef
from spellforge.core.windows import EACH

from .base import COVERERS, DUNGEON_PLACES, POSITIONS, ROWS, SLOT_PLACES
from .battle import SpellfireBattle
from .cards import ALLY, CHAMPION, EVENT, NOTATED, WORLD_NAMES
from .decisions import PlayData
from .records import BATTLE_DONE, GOING, PlayTarget

TYPE_NAMES = {
    "realm": "Realm",
    "holding": "Holding",
    "champion": "Champion",
    "ally": "Ally",
    "item": "Magical item",
    "artifact": "Artifact",
    "event": "Event",
    "rule": "Rule card",
    "dungeon": "Dungeon",
    "wizard_spell": "Wizard spell",
    "cleric_spell": "Cleric spell",
    "psionic": "Psionic power",
    "blood": "Blood ability",
    "thief_skill": "Thief skill",
    "unarmed": "Unarmed combat",
}
"""A card type as the cards print it (the View's ``type_name``; ``type`` stays the data's key)."""

WINDOW_NAMES = {"pause": "event pause", "counter": "counter", "round": "round", "respond": "response"}
"""The windows of the game as players call them (the View's ``windows[].kind``)."""


class SpellfireView(SpellfireBattle):
    """The ``view_*`` hooks."""

    # ------------------------------------------------------------------ each player's zones

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        lay = self.layout
        out: dict[str, Any] = {
            "unrazed_realms": self.unrazed_count(s),
            "hand": zone_view(self, lay.hand[s], seat),
            "hand_limit": self.hand_limit(s),
            "deck": len(self.zones[lay.deck[s]]),
            "formation": self.formation_view(s, seat),
            "pool": self.pool_view(s, seat),
            "discard": zone_view(self, lay.discard[s], seat),
            "limbo": self.limbo_view(s, seat),
            "abyss": zone_view(self, lay.abyss[s], seat),
            "void": len(self.zones[lay.void[s]]),
        }
        dungeon = self.dungeon_view(s, seat)
        if dungeon is not None:
            out["dungeon"] = dungeon
        if self.mulligans[s]:
            out["mulligans"] = self.mulligans[s]
        return out

    def formation_view(self, s: int, seat: int | None) -> list[list[dict[str, Any]]]:
        """``s``'s formation as the pyramid, front row first: A; B C; D E F (and G H I J in a ten-realm
        game, SF-R10). Each position says what is there and whether it may be attacked now."""
        slots = self.slots[s]
        n = len(slots)
        f = self.fight
        attacked = f.target if f.attacker >= 0 and f.over != BATTLE_DONE and not f.dungeon else -1
        rows = []
        for row in ROWS:
            positions = [p for p in row if p < n]
            if not positions:
                break
            rows.append([self.position_view(s, p, seat, attacked) for p in positions])
        return rows

    def position_view(self, s: int, p: int, seat: int | None, attacked: int) -> dict[str, Any]:
        realm = self.slots[s][p]
        out: dict[str, Any] = {"position": POSITIONS[p], "target": str(SLOT_PLACES[s][p])}
        if realm < 0:
            out["state"] = "empty"
            return out
        out["realm"] = card_view(self, realm, seat)
        if self.razed[realm]:
            out["state"] = "razed"
            return out
        out["state"] = "face up"
        holdings = self.attachments(realm)
        if holdings:
            out["holding"] = card_view(self, holdings[0], seat)
        shields = [
            POSITIONS[q] for q in COVERERS[p] if self.slots[s][q] >= 0 and not self.razed[self.slots[s][q]]
        ]
        out["attackable"] = not shields
        if shields:
            out["shielded_by"] = shields
        if realm == attacked:
            out["attacked"] = True
        return out

    def dungeon_view(self, s: int, seat: int | None) -> dict[str, Any] | None:
        cards = self.zones[self.layout.dungeon[s]]
        if not cards:
            return None
        f = self.fight
        out: dict[str, Any] = {"card": card_view(self, cards[0], seat), "target": str(DUNGEON_PLACES[s])}
        out["attackable"] = bool(self.realms_of(s))  # a dungeon needs a formation (SF-057)
        if f.attacker >= 0 and f.over != BATTLE_DONE and f.dungeon and f.target == cards[0]:
            out["attacked"] = True
        return out

    def pool_view(self, s: int, seat: int | None) -> list[dict[str, Any]]:
        """``s``'s champions, each with what is attached to it; a face-down champion of a hidden pool shows
        only its place to those who may not look at it (SF-K45)."""
        zone = self.zones[self.layout.pool[s]]
        att = self.attached_to
        out = []
        for c in zone:
            if att[c] >= 0:
                continue
            entry: dict[str, Any] = {"champion": card_view(self, c, seat)}
            if self.can_see(seat, c):
                entry["target"] = f"#{c}"
                if self.fought[c] == self.turn:
                    entry["fought"] = True  # it has been in a round this turn (SF-180)
                elif c in self.spent:
                    entry["spent"] = True  # it cast a Wish: never used again (SF-242)
                if not self.voluntary(c):
                    entry["taken_back"] = True
            else:
                entry["target"] = str(self.pool_place(c))
            attached = [card_view(self, a, seat) for a in zone if att[a] == c]
            if attached:
                entry["attachments"] = attached
            out.append(entry)
        return out

    def limbo_view(self, s: int, seat: int | None) -> dict[str, Any]:
        out = zone_view(self, self.layout.limbo[s], seat)
        taken = self.turns_taken[s]
        for c in out.get("cards", ()):
            until = self.limbo_until.get(c["id"], -1)
            if until >= 0:  # it returns at the end of its owner's turn number ``until`` (SF-165)
                c["returns"] = (
                    "at the end of this turn"
                    if until <= taken
                    else f"at the end of {self.seat_label(s)}'s next turn"
                )
        return out

    # ------------------------------------------------------------------ the table

    def view_part(self, seat: int | None) -> dict[str, Any]:
        lay = self.layout
        rules = zone_view(self, lay.rules, seat)
        for c in rules.get("cards", ()):
            c["played_by"] = self.controller[c["id"]]
        lasting = []
        for c in self.zones[lay.lasting]:
            entry = card_view(self, c, seat)
            aimed = self.lasting_until.get(c, -1)
            if aimed >= 0:
                entry["aimed_at"] = aimed  # the player it binds, until the end of his next turn (SF-R17)
            lasting.append(entry)
        return {
            "rules": rules,
            "lasting": lasting,
            "pending": self.pending_view(seat),
            "windows": self.windows_view(seat),
            "battle": self.battle_view(seat),
            "extra_turns": list(self.extra_turns),
        }

    def pending_view(self, seat: int | None) -> list[dict[str, Any]]:
        """The events and spells played and not yet resolved, first played first (the last one is the one
        the players are answering now)."""
        out = []
        for p in self.plays:
            entry: dict[str, Any] = {"card": card_view(self, p.card, seat), "player": p.seat}
            target = self.play_target_view(p.target, seat)
            if target is not None:
                entry["target"] = target
            if p.copy_of >= 0:
                entry["copy"] = True  # a duplicate: resolves after the original, with its own pause
            if p.uid in self.negated:
                entry["negated"] = True
            if p.uid in self.turned:
                entry["turned"] = True  # turned back on its caster (SF-238)
            if p.caster >= 0 and self.can_see(seat, p.caster):
                entry["caster"] = card_view(self, p.caster, seat)
            out.append(entry)
        return out

    def play_target_view(self, target: PlayTarget, seat: int | None) -> dict[str, Any] | None:
        """What a play is aimed at: a card (``{"card": ...}``; a face-down one by its place only), a player
        (``{"player": seat}``) or another play it answers (``{"play": card}``); None for nothing."""
        if target is None:
            return None
        if isinstance(target, StackRef):
            about = self.find_play(target.uid)
            return {"play": card_view(self, about.card, seat)} if about is not None else None
        if isinstance(target, PlayerRef):
            return {"player": target.seat}
        card = target.id
        if self.can_see(seat, card):
            return {"card": card_view(self, card, seat)}
        if self.zone_name(card) == "pool":
            return {"place": str(self.pool_place(card))}
        return {"card": {"hidden": True}}

    def windows_view(self, seat: int | None) -> list[dict[str, Any]]:
        """The open windows, outermost first: what each is about, who is asked now and who is still to
        answer (an event pause and a counter ask each player once, in turn)."""
        out = []
        for w in self.windows:
            entry: dict[str, Any] = {"kind": WINDOW_NAMES.get(w.kind, w.kind), "asking": w.holder}
            if w.close == EACH:
                entry["to_answer"] = list(w.order[w.passes :])
            else:
                entry["players"] = list(w.order)
            if isinstance(w.data, PlayData):  # an event pause or a counter window
                play = self.find_play(w.data.uid)
                if play is not None:
                    entry["about"] = card_view(self, play.card, seat)
                    entry["played_by"] = play.seat
            out.append(entry)
        return out

    def battle_view(self, seat: int | None) -> dict[str, Any] | None:
        """The battle of this turn: who attacks what, each side (champion, allies, items, other cards and
        its total), the round, and who may play cards now."""
        f = self.fight
        if f.attacker < 0 or (f.over == BATTLE_DONE and self.phase != "attack"):
            return None  # no battle this turn, or one whose turn has gone on past phase 4
        target = f.target
        where: dict[str, Any] = {"card": card_view(self, target, seat)}
        if f.dungeon:
            where["target"] = str(DUNGEON_PLACES[f.defender])
        else:
            pos = self.position_of(target) if self.zone_name(target) == "formation" else -1
            if pos >= 0:
                where["position"] = POSITIONS[pos]
                where["target"] = str(SLOT_PLACES[f.defender][pos])
        out: dict[str, Any] = {
            "attacker": f.attacker,
            "defender": f.defender,
            "target": where,
            "round": f.rounds,
            "sides": [self.side_view(0, seat), self.side_view(1, seat)],
        }
        if f.over == BATTLE_DONE:
            out["over"] = True
        elif f.over == GOING and f.att_champion >= 0 and (f.def_champion >= 0):
            losing = self.losing_seat()
            out["losing"] = losing
            if any(w.kind == "round" for w in self.windows):
                out["may_play_cards"] = losing  # the others may play events only (SF-187, SF-188)
        return out

    def side_view(self, side: int, seat: int | None) -> dict[str, Any]:
        f = self.fight
        player = f.attacker if side == 0 else f.defender
        champ = f.att_champion if side == 0 else f.def_champion
        out: dict[str, Any] = {"player": player, "role": "attacker" if side == 0 else "defender"}
        if champ < 0:
            return out
        if side == 1 and f.self_defence:
            out["self_defence"] = True  # the attacked realm defends itself (SF-R27)
        else:
            out["champion"] = card_view(self, champ, seat)
        allies: list[dict[str, Any]] = []
        items: list[dict[str, Any]] = []
        cards: list[dict[str, Any]] = []
        for c in self.zones[self.layout.battle]:
            if c == champ or self.controller[c] != player:
                continue
            d = self.defs[c]
            if self.attached_to[c] == champ:
                items.append(card_view(self, c, seat))
            elif self.attached_to[c] >= 0:
                continue  # carried by an ally champion: shown with it
            elif d.type == ALLY or d.type == CHAMPION:
                allies.append(card_view(self, c, seat))
            else:
                cards.append(card_view(self, c, seat))
        if allies:
            out["allies"] = allies
        if items:
            out["items"] = items
        if cards:
            out["cards"] = cards
        if f.over != BATTLE_DONE and (self.zone_of[champ] == self.layout.battle or out.get("self_defence")):
            out["total"] = self.side_total(side)
        return out

    # ------------------------------------------------------------------ cards

    def view_step(self) -> str | None:
        d = self.decision
        return STEPS.get(d.kind) if d is not None else None

    def card_fields(self, cid: int) -> dict[str, Any]:
        d = self.defs[cid]
        out: dict[str, Any] = {"type_name": TYPE_NAMES.get(d.type, d.type)}
        if d.world:
            out["world"] = WORLD_NAMES[d.world]
        if d.type == CHAMPION:
            if self.in_play(cid):
                out["class"] = list(self.classes(cid))
                out["level"] = self.level(cid)
                traits = self.traits(cid)
            else:  # out of play nothing changes it but what it carries into Limbo (SF-161)
                carries = self.layout.names[self.zone_of[cid]] == "limbo"
                out["class"] = (
                    list(self.classes(cid)) if carries else [k for k in (d.card_class, d.class2) if k]
                )
                if not d.variable_level:  # a "?" icon: its level is known only in play (SF-022)
                    out["level"] = d.level
                traits = self.traits(cid) if carries else d.all_traits
            if traits:
                out["traits"] = sorted(traits)
            if d.avatar:
                out["avatar"] = True
        if d.bonus:
            out["bonus"] = d.bonus
        if d.drain:
            out["drain"] = d.drain
        if d.type in NOTATED:
            out["offensive" if d.offensive else "defensive"] = True
            if d.any_time:
                out["any_time"] = True
            else:
                out["phases"] = sorted(d.phases)
        if d.type == EVENT:
            out["harmful" if d.harmful else "helpful"] = True
            if d.duration:
                out["lasting"] = True
        if self.razed[cid]:
            out["razed"] = True
        host = self.attached_to[cid]
        if host >= 0:
            if self.face_down[host]:  # on a face-down champion: named by its place in the pool only
                out["on_place"] = (
                    f"pool P{self.controller[host] + 1}.{self.zones[self.zone_of[host]].index(host)}"
                )
            else:
                out["on"] = host
        if self.face_down[cid]:
            out["face_down"] = True
        if d.keywords:
            out["keywords"] = sorted(d.keywords)  # every client shows their reminder text (hints.py)
        return out


STEPS = {
    "cut": "cut",
    "champion": "champion",
    "defend": "defence",
    "escape": "instant defeat",
    "summon": "ally",
    "wall": "wall",
    "fight": "combat",
    "events": "combat",
    "pause": "event pause",
    "counter": "counter",
    "respond": "response",
    "spoils": "spoils",
    "discard": "hand limit",
    "rebuild_discard": "rebuild",
    "entry_discard": "entry cost",
    "mulligan": "mulligan",
    "dungeon_shuffle": "reshuffle",
}
"""The step named in the View (``step``) for a decision within a phase; a phase's own decision has none."""
