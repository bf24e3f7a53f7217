"""Card effects and the shared verbs of Spelldawn: draw, damage, curses, mana, scoring, unveiling.

Effects resolve in printed order (SD-036, SD-062, SD-K04) through the ``effects`` op, which walks one
card's effects for one trigger. Only a raid (SD-K23) stops the walk: the raid runs as frames, and the rest
of the card's effects resume after it.
"""

from __future__ import annotations

from typing import Any

from spellforge.core import events as ev
from spellforge.core.cards import Effect
from spellforge.core.events import Event
from spellforge.core.flow import Frame
from spellforge.core.modifiers import ENCOUNTER

from . import frames
from .base import (
    ARENA,
    DECK,
    DISCARD,
    HAND,
    OCCUPANT_ZONES,
    SANCTUM,
    SCORE,
    VAULT,
    WIN_POINTS,
    SpelldawnBase,
)
from .decisions import RaidTargetData

ROOM_WORDS = {"sanctum": SANCTUM, "vault": VAULT, "crypts": 2}


class EffectsMixin(SpelldawnBase):
    __slots__ = ()

    # ------------------------------------------------------------------ triggers

    def fire(self, trigger: str, seats: tuple[int, ...] | None = None) -> None:
        """Schedule ``trigger`` for every face-up card in play that has it: the Overlord's first."""
        todo: list[Frame[Any]] = []
        defs = self.defs
        for seat in seats if seats is not None else (self.ol, self.ch):
            for c in self.in_play(seat):
                if trigger in defs[c].on:
                    todo.append(frames.Effects(c, trigger, 0))
        if todo:
            work = self.work  # as schedule() does: the first frame runs first ("effects" is registered)
            for frame in reversed(todo):
                work.append(frame)

    def fire_card(self, cid: int, trigger: str) -> None:
        if trigger in self.defs[cid].on:
            self.work.append(frames.Effects(cid, trigger, 0))  # as schedule() does

    def condition(self, e: Effect, seat: int) -> bool:
        cond = e.param("if")
        if cond is None:
            return True
        if cond == "hand_empty":
            return not self.zones[HAND[seat]]
        if cond == "cursed":
            return self.curses > 0
        # raided_last_turn: the Champion's last turn, just before this Overlord turn (SD-R29's success)
        return self.raided_turn >= self.turn - 1 and self.raided_turn > 0

    def op_effects(self, source: int, trigger: str, start: int) -> None:
        card = self.defs[source]
        effects = card.on.get(trigger, ()) if trigger else card.on_resolve
        seat = self.controller[source]
        for i in range(start, len(effects)):
            if self.outcome is not None:
                return
            e = effects[i]
            if not self.condition(e, seat):
                continue
            if e.verb == "raid":
                room = e.param("room", "any")
                mana, extra = e.param("mana", 0), e.param("access", 0)
                rest = frames.Effects(source, trigger, i + 1)
                if room == "any":
                    self.schedule(rest)
                    self.ask("raid_target", self.ch, RaidTargetData(mana, extra))
                else:
                    self.schedule(frames.RaidBegin(ROOM_WORDS[room], mana, extra), rest)
                return
            self.do(source, seat, e)

    def do(self, source: int, seat: int, e: Effect) -> None:
        verb, n = e.verb, e.amount
        if verb == "gain_mana":
            if e.param("per") == "progress":
                n *= self.progress[source]
            self.gain(seat, n, source)
        elif verb == "raid_mana":
            if self.raid_room >= 0:
                self.raid_mana += n
                self.emit(Event("raid_mana", self.ch, source, amount=n))
        elif verb == "draw":
            self.draw(seat, n)
        elif verb == "damage":
            self.damage(n, source)
        elif verb == "end_raid":
            self.end_raid(False, source)
        elif verb == "lose_actions":
            if self.active == self.ch:
                lost = min(n, self.ap)
                self.ap -= lost  # SD-K21
                self.emit(Event("lose_actions", self.ch, source, amount=lost))
        elif verb == "curse":
            self.curses += n
            self.emit(Event("curse", self.ch, source, amount=n))
        elif verb == "store":
            self.stored[source] += n
            self.emit(Event("store", seat, source, amount=n))
        elif verb == "take":
            self.take(source, n)

    # ------------------------------------------------------------------ verbs

    def gain(self, seat: int, n: int, source: int = -1) -> None:
        """``seat`` gains ``n`` mana (``source``: the card whose ability gives it, for the log)."""
        if n > 0:
            self.mana[seat] += n
            self.emit(Event("mana", seat, source, amount=n))

    def take(self, source: int, n: int) -> None:
        """SD-K12: move up to ``n`` stored mana to the controller's pool; an emptied card is sacrificed."""
        got = min(n, self.stored[source])
        self.stored[source] -= got
        self.gain(self.controller[source], got, source)
        if self.stored[source] == 0:
            self.to_discard(source, "sacrificed")

    def draw(self, seat: int, n: int) -> None:
        """Draw ``n`` cards. The Overlord short of cards loses (SD-075, SD-R10); the Champion gets what
        remains (SD-R12)."""
        deck = self.zones[DECK[seat]]
        for _ in range(n):
            if not deck:
                if seat == self.ol:
                    self.finish((self.ch,), "the Overlord had to draw from an empty deck")
                return
            cid = deck[-1]
            self.move(cid, HAND[seat])
            self.emit(Event(ev.DRAW, seat, cid, secret=True))

    def damage(self, n: int, source: int = -1) -> None:
        """SD-127, SD-128: one random discard per point; a point with no card to discard loses the game."""
        hand = self.zones[HAND[self.ch]]
        self.emit(Event(ev.DAMAGE, self.ch, source, amount=n))
        for _ in range(n):
            if not hand:
                self.finish((self.ol,), "the Champion took damage with no card to discard")
                return
            cid = hand[self.rng.randrange(len(hand))]
            self.move(cid, DISCARD[self.ch])
            self.emit(Event("discard", self.ch, cid, note="damage"))

    def to_discard(self, cid: int, why: str) -> None:
        """Destroyed or sacrificed (SD-K30): to its owner's discard pile; a Champion card face up, an
        Overlord card as it was (a face-down one stays hidden in the Crypts)."""
        owner = self.owner[cid]
        was_in_play = self.zone_of[cid] != HAND[owner]
        self.move(cid, DISCARD[owner])
        self.progress[cid] = 0
        self.stored[cid] = 0
        if owner == self.ch:
            self.face_down[cid] = False
        if was_in_play:
            self.left_play(cid)
        self.emit(Event(why, owner, cid, secret=self.face_down[cid]))

    def add_points(self, seat: int, n: int) -> None:
        self.points[seat] += n
        self.emit(Event("points", seat, amount=n))
        if self.points[seat] >= WIN_POINTS:  # SD-134, SD-R10: at once, even mid-raid
            self.finish(
                (seat,), f"{'Overlord' if seat == self.ol else 'Champion'} scored {WIN_POINTS} points"
            )

    def score_by_overlord(self, cid: int) -> None:
        """SD-090..SD-092, SD-R24: face up, Score triggers, then points and the score area."""
        self.face_down[cid] = False
        self.reveal_to_everyone(cid)
        self.emit(Event("scored", self.ol, cid))
        self.schedule(frames.Effects(cid, "score", 0), frames.OverlordPoints(cid))

    def op_overlord_points(self, cid: int) -> None:
        self.move(cid, SCORE[self.ol])
        self.progress[cid] = 0
        self.left_play(cid)
        self.add_points(self.ol, self.defs[cid].points)

    def score_by_champion(self, cid: int) -> None:
        """SD-122, SD-K03: the Champion's score fires no Score ability."""
        self.face_down[cid] = False
        self.reveal_to_everyone(cid)
        self.emit(Event("scored", self.ch, cid))
        self.move(cid, SCORE[self.ch])
        self.progress[cid] = 0
        self.add_points(self.ch, self.defs[cid].points)

    def unveil(self, cid: int) -> None:
        """SD-047, SD-K10: pay the cost, turn face up, then the Unveil trigger."""
        self.mana[self.ol] -= self.defs[cid].cost
        self.face_down[cid] = False
        self.reveal_to_everyone(cid)
        self.emit(Event("unveil", self.ol, cid))
        self.fire_card(cid, "unveil")

    def in_room(self, cid: int) -> bool:
        return self.zone_of[cid] in OCCUPANT_ZONES

    def champion_cards(self, kind: str) -> list[int]:
        """The Champion's cards in play of a limit kind (SD-R20): weapon, artifact, evocation, ally."""
        defs = self.defs
        if kind == "weapon":
            return [c for c in self.zones[ARENA[self.ch]] if defs[c].subtype == "weapon"]
        return [c for c in self.zones[ARENA[self.ch]] if defs[c].type == kind]

    # ------------------------------------------------------------------ the raid's end (raid.py starts it)

    def end_raid(self, success: bool, source: int = -1) -> None:
        """End the raid (SD-126, SD-R16): raid-end triggers, weapons that last one raid are sacrificed,
        raid mana is gone (SD-R23). ``source`` is the card whose "End the raid" ended it early."""
        room = self.raid_room
        if room < 0:
            return
        used = self.raid_used
        self.clear_raid()
        self.end_duration_encounter()
        self.emit(Event("raid_end", self.ch, source, amount=int(success), other=room))
        for w in used:
            if "single_raid" in self.defs[w].keywords and self.zone_of[w] == ARENA[self.ch]:
                self.to_discard(w, "sacrificed")
        self.fire("raid_end")

    def clear_raid(self) -> None:
        self.raid_room = -1
        self.raid_step = ""
        self.raid_def = -1
        self.raid_mana = 0  # SD-R23: raid mana is gone with the raid
        self.raid_extra = 0
        self.raid_used = ()
        self.raid_accessed = ()
        self.raid_done = ()

    def end_duration_encounter(self) -> None:
        self.end_duration(ENCOUNTER)
