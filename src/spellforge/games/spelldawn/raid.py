"""The raid: one explicit procedure over windows (SD-100..SD-126).

Each point of the raid where a side may act is a core window (core/windows.py) of one seat, opened by the
step's frame: ``summon``, ``encounter`` and ``roombound`` take one answer each (``EACH``), and the Champion's
``access`` is a priority round (``PASSES``) in which it scores and razes until it passes (``done``), closed
early once the raid is over (``raid_over``). ``raid_target`` (a raid spell's "any room") is one answer too.

1. ``raid_begin``: Raid triggers (SD-103, SD-K06), then the Start-of-Raid check (SD-104, SD-R14): to the
   Encounter phase if a defender is face up or a face-down one is affordable, otherwise straight to the room.
2. ``raid_approach``: each defender from the outermost (SD-105, SD-R30). A face-down one asks the Overlord
   whether to summon it (SD-106; the Overlord is asked even when it cannot pay, so that being asked tells
   the Champion nothing) or to unveil a Summonbound project (SD-R21).
3. ``raid_encounter``: Encounter triggers (SD-K08), then the Champion uses a weapon (SD-R07) or lets the
   Combat ability fire (SD-110, SD-K04); "End the raid" ends it as a failure (SD-R16).
4. ``raid_room``: the target room is approached: a Roombound project there may be unveiled (SD-R21).
5. ``raid_access``: Successful Raid triggers (SD-117, SD-R29), the access set by room (SD-118..SD-121,
   SD-R08), traps act (SD-K25), then the Champion scores, razes, and ends the raid (SD-122..SD-126).
"""

from __future__ import annotations

from spellforge.core.actions import Action, Done, Pass
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, close_condition, legal
from spellforge.core.modifiers import ENCOUNTER
from spellforge.core.windows import EACH, PASSES, Window

from . import fair, frames
from .actions import Raid as RaidAction
from .actions import Raze, Score, Summon, Unveil, UseWeapon
from .base import (
    ACCESS,
    APPROACH,
    ARENA,
    BEGIN,
    CRYPTS,
    DECK,
    DEFENDERS,
    DISCARD,
    HAND,
    OCCUPANT,
    ROOM,
    ROOM_OF_PLACE,
    ROOMS,
    SANCTUM,
    VAULT,
)
from .base import (
    ENCOUNTER as ENCOUNTER_STEP,
)
from .decisions import RaidTargetData
from .effects import SpelldawnEffects

PASS, DONE = Pass(), Done()
RAID_ACTIONS = tuple(RaidAction(p) for p in ROOMS)
OCCUPANT_ZONE_LIST = OCCUPANT[3:]
# The raid's windows by kind: how each closes (the module docstring).
RAID_WINDOWS = {"summon": EACH, "encounter": EACH, "roombound": EACH, "access": PASSES, "raid_target": EACH}


class SpelldawnRaid(SpelldawnEffects):
    __slots__ = ()

    # ------------------------------------------------------------------ legality (SD-093, SD-R15)

    def raidable(self, room: int) -> bool:
        return room < 3 or bool(self.zones[OCCUPANT[room]])

    def start_raid(self, room: int, mana: int = 0, extra: int = 0) -> None:
        self.schedule(frames.RaidBegin(room, mana, extra))

    @close_condition("raid_over")
    def raid_over(self) -> bool:
        return self.raid_room < 0

    def rebuild(self) -> None:
        """As core's; a state saved while the raid asked its questions without windows has the question
        asked now as its window, so it is answered as one."""
        super().rebuild()
        d = self.decision
        if d is not None and not self.windows and d.kind in RAID_WINDOWS:
            close = RAID_WINDOWS[d.kind]
            self.window_serial += 1
            until = "raid_over" if close == PASSES else ""
            self.windows.append(
                Window(self.window_serial, d.kind, close, (d.seat,), d.seat, until=until, data=d.data)
            )

    # ------------------------------------------------------------------ 1. begin

    def op_raid_begin(self, room: int, mana: int, extra: int) -> None:
        self.clear_raid()
        self.raid_room = room
        self.raid_step = BEGIN
        self.raid_mana = mana
        self.raid_extra = extra
        raid = Event("raid", self.ch, amount=room)
        self.emit(raid)
        self.schedule(frames.RaidCheck())
        self.trigger(raid)  # SD-103: before the check (triggers resolve ahead of what is scheduled)

    def op_raid_check(self) -> None:
        room = self.raid_room
        if room < 0:
            return
        defenders = self.zones[DEFENDERS[room]]
        mana = self.mana[self.ol]
        defs, fd = self.defs, self.face_down
        if any(not fd[m] or defs[m].cost <= mana for m in defenders):
            self.raid_step = APPROACH
            self.raid_def = len(defenders) - 1
            self.schedule(frames.RaidApproach())
        else:
            if defenders:  # public: every defender is face down and none is affordable
                self.emit(Event("unopposed", self.ch, amount=room, other=len(defenders)))
            self.schedule(frames.RaidRoom())

    # ------------------------------------------------------------------ 2. approach

    def defender(self) -> int:
        return self.zones[DEFENDERS[self.raid_room]][self.raid_def]

    def op_raid_approach(self) -> None:
        if self.raid_room < 0:
            return
        if self.raid_def < 0:
            self.schedule(frames.RaidRoom())
            return
        self.raid_step = APPROACH
        if self.face_down[self.defender()]:
            self.open_window("summon", (self.ol,), EACH)
        else:
            self.schedule(frames.RaidEncounter())

    @legal("summon", forced=fair.NEVER)
    def legal_summon(self) -> list[Action]:
        m = self.defender()
        out: list[Action] = [PASS]
        if self.defs[m].cost <= self.mana[self.ol]:
            out.append(Summon(m))
        out += [Unveil(p) for p in self.unveilable("summonbound")]
        return out

    @act("summon")
    def act_summon(self, action: Action, d: Decision) -> None:
        if isinstance(action, Summon):
            self.window_acted()
            self.schedule(frames.RaidEncounter())
            self.summon(action.card)  # its Summon trigger resolves before the encounter
        elif isinstance(action, Unveil):
            self.window_acted()
            self.schedule(frames.RaidApproach())  # the defender is approached again
            self.unveil(action.card)
        else:
            self.emit(Event("pass_by", self.ch, self.defender(), amount=self.raid_room))
            self.schedule(frames.RaidNext())  # SD-108: a face-down minion is passed by
            self.window_passed()

    def summon(self, m: int) -> None:
        """SD-043, SD-106, SD-107: pay, turn face up, Summon triggers."""
        self.mana[self.ol] -= self.defs[m].cost
        self.face_down[m] = False
        self.reveal_to_everyone(m)
        summoned = Event("summon", self.ol, m)
        self.emit(summoned)
        self.trigger(summoned)

    def unveilable(self, subtype: str) -> list[int]:
        """The Overlord's face-down projects of ``subtype`` it can pay to unveil now (SD-R21)."""
        out = []
        mana = self.mana[self.ol]
        defs, fd, zones = self.defs, self.face_down, self.zones
        for z in OCCUPANT_ZONE_LIST:
            for c in zones[z]:
                if fd[c] and defs[c].subtype == subtype and defs[c].cost <= mana:
                    out.append(c)
        return out

    # ------------------------------------------------------------------ 3. encounter

    def op_raid_encounter(self) -> None:
        if self.raid_room < 0:
            return
        self.raid_step = ENCOUNTER_STEP
        m = self.defender()
        met = Event("encounter", self.ch, m)
        self.emit(met)
        self.schedule(frames.RaidFight())
        self.trigger(met)

    def op_raid_fight(self) -> None:
        if self.raid_room >= 0:
            self.open_window("encounter", (self.ch,), EACH)

    def usable_weapons(self) -> list[int]:
        m = self.defender()
        can = self.available_mana(self.ch)
        out = []
        for w in self.zones[ARENA[self.ch]]:
            if self.defs[w].subtype == "weapon":
                cost = self.defeat_cost(w, m)
                if 0 <= cost <= can:
                    out.append(w)
        return out

    @legal("encounter")
    def legal_encounter(self) -> list[Action]:
        return [PASS, *(UseWeapon(w) for w in self.usable_weapons())]

    @act("encounter")
    def act_encounter(self, action: Action, d: Decision) -> None:
        m = self.defender()
        if isinstance(action, UseWeapon):
            self.window_acted()
            w = action.card
            card = self.defs[w]
            cost = self.defeat_cost(w, m)
            short = self.defs[m].health - self.weapon_attack(w)
            if short > 0:  # SD-115, SD-116: boosts last this encounter only
                boosts = -(-short // card.boost_bonus)
                self.modify_card(w, "attack", boosts * card.boost_bonus, ENCOUNTER, source=w)
            self.pay(self.ch, cost)
            if w not in self.raid_used:
                self.raid_used = (*self.raid_used, w)
            self.emit(Event("defeat", self.ch, m, amount=cost, other=w))  # SD-113: it stays in its room
            self.end_duration(ENCOUNTER)
            self.schedule(frames.RaidNext())
        else:
            combat = Event("combat", self.ol, m)
            self.emit(combat)
            self.schedule(frames.RaidAfterCombat())
            self.trigger(combat)
            self.window_passed()

    def op_raid_after_combat(self) -> None:
        self.end_duration(ENCOUNTER)
        self.op_raid_next()

    def op_raid_next(self) -> None:
        """SD-109, SD-114: the next defender inward, or the room."""
        if self.raid_room < 0:
            return
        self.raid_def -= 1
        self.schedule(frames.RaidApproach())

    # ------------------------------------------------------------------ 4. the room

    def op_raid_room(self) -> None:
        room = self.raid_room
        if room < 0:
            return
        self.raid_step = ROOM
        self.raid_def = -1
        occupant = self.occupant(room)
        self.schedule(frames.RaidAccess())
        if occupant >= 0 and self.face_down[occupant]:
            self.open_window("roombound", (self.ol,), EACH)

    @legal("roombound", forced=fair.NEVER)
    def legal_roombound(self) -> list[Action]:
        c = self.occupant(self.raid_room)
        d = self.defs[c]
        out: list[Action] = [PASS]
        if self.face_down[c] and d.subtype == "roombound" and d.cost <= self.mana[self.ol]:
            out.append(Unveil(c))
        return out

    @act("roombound")
    def act_roombound(self, action: Action, d: Decision) -> None:
        if isinstance(action, Unveil):
            self.window_acted()
            self.unveil(action.card)
        else:
            self.window_passed()

    # ------------------------------------------------------------------ 5. access

    def op_raid_access(self) -> None:
        if self.raid_room < 0:
            return
        self.raid_step = ACCESS
        self.raided_turn = self.turn
        success = Event("raid_success", self.ch, amount=self.raid_room)
        self.emit(success)
        self.schedule(frames.RaidSelect())
        self.trigger(success)  # SD-R29: before the access set is chosen

    def op_raid_select(self) -> None:
        room = self.raid_room
        if room < 0:
            return
        ol = self.ol
        if room == SANCTUM:  # SD-118: random cards from the hand
            hand = list(self.zones[HAND[ol]])
            n = 1 + self.static_total("sanctum_access") + self.raid_extra
            picked: list[int] = []
            while hand and len(picked) < n:
                picked.append(hand.pop(self.rng.randrange(len(hand))))
        elif room == VAULT:  # SD-119: the top cards, seen by the Champion only
            n = 1 + self.static_total("vault_access") + self.raid_extra
            picked = list(reversed(self.zones[DECK[ol]][-n:]))
        elif room == CRYPTS:  # SD-120, SD-R08: the whole pile
            picked = list(self.zones[DISCARD[ol]])
        else:  # SD-121: the occupant
            picked = list(self.zones[OCCUPANT[room]])
        for c in picked:
            self.reveal_to(c, self.ch)
            self.emit(Event("access", self.ch, c, secret=True))
        self.raid_accessed = tuple(picked)
        self.schedule(frames.RaidAccessAsk())
        traps = [c for c in picked if self.defs[c].subtype == "trap" and room != CRYPTS]
        for c in traps:  # SD-K25: a Trap acts when accessed, face up
            self.face_down[c] = False
            self.reveal_to_everyone(c)
            self.abilities_changed(c)
        if traps:
            self.trigger(*(Event("access", self.ch, c) for c in traps))

    def op_raid_access_ask(self) -> None:
        if self.raid_room >= 0:
            self.open_window("access", (self.ch,), PASSES, until="raid_over")

    @legal("access", forced=fair.NEVER)
    def legal_access(self) -> list[Action]:
        out: list[Action] = [DONE]
        can = self.available_mana(self.ch)
        defs = self.defs
        ol = self.ol
        crypts = DISCARD[ol]
        ol_cards = (DECK[ol], HAND[ol], crypts, *OCCUPANT_ZONE_LIST)
        done = self.raid_done
        for c in self.raid_accessed:
            z = self.zone_of[c]
            if c in done or z not in ol_cards:
                continue
            d = defs[c]
            if d.type == "scheme":
                out.append(Score(c))
            elif d.type == "project" and z != crypts and self.raze_cost(c) <= can:
                out.append(Raze(c))  # SD-R09: not again from the Crypts
        return out

    @act("access")
    def act_access(self, action: Action, d: Decision) -> None:
        if isinstance(action, Score):
            self.window_acted()  # asked again, once the score is done
            self.raid_done = (*self.raid_done, action.card)
            self.score_by_champion(action.card)
        elif isinstance(action, Raze):
            self.window_acted()
            c = action.card
            self.pay(self.ch, self.raze_cost(c))
            self.raid_done = (*self.raid_done, c)
            self.face_down[c] = False
            self.reveal_to_everyone(c)
            self.to_discard(c, "razed")
        else:
            self.end_raid(True)
            self.window_passed()

    @legal("raid_target", data=RaidTargetData)
    def legal_raid_target(self) -> list[Action]:
        return [RAID_ACTIONS[r] for r in range(8) if self.raidable(r)]

    @act("raid_target")
    def act_raid_target(self, action: Action, d: Decision[RaidTargetData]) -> None:
        assert isinstance(action, RaidAction)
        self.window_acted()
        self.schedule(frames.RaidBegin(ROOM_OF_PLACE[action.target], d.data.mana, d.data.extra))
