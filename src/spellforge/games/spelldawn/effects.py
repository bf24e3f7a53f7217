"""Card effects and the shared verbs of Spelldawn: draw, damage, curses, mana, scoring, unveiling.

Effects resolve in printed order (SD-036, SD-062, SD-K04) through the ``effects`` op, which walks one
card's effects for one trigger. Only a raid (SD-K23) stops the walk: the raid runs as frames, and the rest
of the card's effects resume after it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spellforge.core import events as ev
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Frame
from spellforge.core.modifiers import ENCOUNTER
from spellforge.core.windows import EACH

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
from .verbs import verb_raid

ROOM_WORDS = {"sanctum": SANCTUM, "vault": VAULT, "crypts": 2}


def if_hand_empty(state: SpelldawnEffects, seat: int) -> bool:
    return not state.zones[HAND[seat]]


def if_cursed(state: SpelldawnEffects, seat: int) -> bool:
    return state.curses > 0


def if_raided_last_turn(state: SpelldawnEffects, seat: int) -> bool:
    """The Champion's last turn, just before this Overlord turn (SD-R29's success)."""
    return state.raided_turn >= state.turn - 1 and state.raided_turn > 0


# An effect's ``if`` (cards.CONDITIONS): whether it happens, read for its controller as it is reached.
CONDITIONS: dict[str, Callable[[SpelldawnEffects, int], bool]] = {
    "hand_empty": if_hand_empty,
    "raided_last_turn": if_raided_last_turn,
    "cursed": if_cursed,
}


class SpelldawnEffects(SpelldawnBase):
    __slots__ = ()

    # ------------------------------------------------------------------ triggers

    def trigger(self, *events: Event) -> None:
        """The abilities ``events`` fire (core's ``fire`` queues them: the event card's own, then the
        listeners in force, the Overlord's first) resolve next, before anything already scheduled, each
        card's in printed order. The rules fire them where they happen (SD-K01..SD-K10, SD-K25), mostly
        with the event they log (core's ``fire`` passes over at once one that nothing hears)."""
        fire = self.fire
        for event in events:
            fire(event)
        pending = self.pending_triggers
        if not pending:
            return
        defs = self.defs
        todo: list[Frame[Any]] = []
        last = -1
        for t in pending:  # one card's abilities are queued together
            card = t.card
            if card != last:
                todo.append(frames.Effects(card, defs[card].effects[t.effect].trigger, 0))
                last = card
        pending.clear()
        work = self.work  # as schedule() does: the first frame runs first
        work.extend(todo[::-1])

    def op_effects(self, source: int, trigger: str, start: int) -> None:
        """Walk ``source``'s effects for ``trigger`` (a spell's own effects for ``""``) from ``start``, in
        printed order, each run by core (``run_verb``) if its ``if`` holds. A raid runs as frames, so the
        walk stops at it and the rest of the effects resume after it (SD-K23)."""
        card = self.defs[source]
        effects = card.on.get(trigger, ()) if trigger else card.on_resolve
        seat = self.controller[source]
        ctx = Context(source, seat)
        run_verb = self.run_verb
        for i in range(start, len(effects)):
            if self.outcome is not None:
                return
            e = effects[i]
            cond = e.param("if")
            if cond is not None and not CONDITIONS[cond](self, seat):
                continue
            if e.run is verb_raid:
                self.schedule(frames.Effects(source, trigger, i + 1))
                run_verb(e, ctx)
                return
            run_verb(e, ctx)

    def raid_from_effect(self, room: str, mana: int, extra: int) -> None:
        """An effect's raid (SD-K23): on ``room``, or ``"any"`` room the Champion chooses."""
        if room == "any":
            self.open_window("raid_target", (self.ch,), EACH, data=RaidTargetData(mana, extra))
        else:
            self.schedule(frames.RaidBegin(ROOM_WORDS[room], mana, extra))

    def draw_cards(self, seat: int, n: int) -> None:
        """Core's shared ``draw``."""
        self.draw(seat, n)

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
        self.abilities_changed(cid)
        scored = Event("scored", self.ol, cid)
        self.emit(scored)
        self.schedule(frames.OverlordPoints(cid))
        self.trigger(scored)

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
        self.abilities_changed(cid)
        unveiled = Event("unveil", self.ol, cid)
        self.emit(unveiled)
        self.trigger(unveiled)

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
        ended = Event("raid_end", self.ch, source, amount=int(success), other=room)
        self.emit(ended)
        for w in used:
            if "single_raid" in self.defs[w].keywords and self.zone_of[w] == ARENA[self.ch]:
                self.to_discard(w, "sacrificed")
        self.trigger(ended)  # the weapons sacrificed have left play

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
