"""The Spelldawn state: setup, the turn, and every basic action of both sides.

Setup (SD-010..SD-018, SD-R26): riftcallers and boons start in play, decks are shuffled, 5 cards each, the
Overlord then the Champion decide on a mulligan, both pools become 5 mana, and the Overlord takes the first
turn.
A turn (SD-070) is Start of Turn (Dusk / Dawn triggers), Draw (the Overlord only, SD-R11), Main (action
points until none remain, SD-077) and Discard (down to the hand size, the player's choice, SD-R17). Once his
action points are spent the Overlord may still unveil Nightbound projects before his Discard phase, and after
the Champion's turn Duskbound ones (SD-R21). The raid is ``raid.py``; card effects
``effects.py``; Views ``view.py``.
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core import frames as core_frames
from spellforge.core.actions import Action, Choose, Pass
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN

from . import fair, frames
from .actions import (
    Activate,
    Discard,
    Dispel,
    DrawCard,
    GainMana,
    PlayCard,
    Progress,
    Raid,
    RemoveCurse,
    Sacrifice,
    Unveil,
)
from .base import (
    ACTION_POINTS,
    ARENA,
    BOONS,
    DECK,
    DEFENDERS,
    DISCARD,
    DISPEL_COST,
    HAND,
    LIMBO,
    LIMITS,
    MAX_MINIONS,
    OCCUPANT,
    OCCUPANT_LIST,
    OCCUPANT_ZONES,
    OPENING_HAND,
    RIFTCALLER,
    ROOM_OF_PLACE,
    ROOMS,
    START_MANA,
)
from .cards import CHAMPION, OVERLORD, START_IN_PLAY, SpelldawnCard
from .decisions import LimitData
from .view import SpelldawnView

KEEP, MULLIGAN = Choose("keep"), Choose("mulligan")
GAIN, SPEND, DRAW, REMOVE_CURSE = GainMana(), Pass(), DrawCard(), RemoveCurse()  # pass: SD-R18
PROGRESS = tuple(Progress(ROOMS[r]) for r in range(3, 8))
RAID = tuple(Raid(p) for p in ROOMS)
_PLAYS: dict[int, tuple[PlayCard, ...]] = {}


def plays_of(card: int) -> tuple[PlayCard, ...]:
    """The play actions of card id ``card``: index R is ``play #card in room R`` (0-7), index 8 (and -1)
    ``play #card``. Actions are values, so one row per card id serves every game and every option list."""
    row = _PLAYS.get(card)
    if row is None:
        row = _PLAYS[card] = (*(PlayCard(card, p) for p in ROOMS), PlayCard(card, None))
    return row


def play_in(card: int, room: int) -> PlayCard:
    """``play #card`` (room -1) or ``play #card in room R``."""
    return plays_of(card)[room]


class SpelldawnState(SpelldawnView):
    FRAMES = frames.FRAMES
    __slots__ = ()

    # ------------------------------------------------------------------ setup (SD-010..SD-018)

    def init_game(self) -> None:
        self.ol = self.seats_with_role(OVERLORD)[0]
        self.ch = self.seats_with_role(CHAMPION)[0]
        n = len(self.defs)
        self.ap = 0
        self.mana = [0, 0]
        self.points = [0, 0]
        self.curses = 0
        self.mulligans = 0
        self.raided_turn = 0
        self.init_windows()
        self.init_abilities()  # the zones in force, known now that the seats have their roles
        self.clear_raid()
        self.raid_story = ()
        self.progress = [0] * n
        self.stored = [0] * n
        self.phase = "setup"

    def op_setup(self) -> None:
        for seat in (self.ol, self.ch):
            deck = DECK[seat]
            for cid in [c for c in self.zones[deck] if self.defs[c].type in START_IN_PLAY]:
                # SD-010, SD-011, SD-K32: in play face up, shown to both, never in the deck
                self.move(cid, RIFTCALLER[seat] if self.defs[cid].type == "riftcaller" else BOONS[seat])
                self.reveal_to_everyone(cid)
            self.shuffle(deck)  # SD-012, SD-013
            self.draw(seat, OPENING_HAND)  # SD-015
        self.ask("mulligan", self.ol)  # SD-016

    @legal("mulligan")
    def legal_mulligan(self) -> list[Action]:
        return [KEEP, MULLIGAN]

    @act("mulligan")
    def act_mulligan(self, action: Action, d: Decision) -> None:
        seat = d.seat
        if action == MULLIGAN:
            for cid in list(self.zones[HAND[seat]]):
                self.move(cid, DECK[seat])
            self.shuffle(DECK[seat])
            self.draw(seat, OPENING_HAND)
        self.emit(Event("mulligan" if action == MULLIGAN else "keep", seat))
        self.mulligans += 1
        if seat == self.ol:
            self.ask("mulligan", self.ch)  # SD-017
            return
        self.mana = [START_MANA, START_MANA]  # SD-014, SD-R26
        self.begin_turns(self.ol)  # SD-003, SD-018
        self.schedule(frames.TurnStart())

    # ------------------------------------------------------------------ the turn (SD-070)

    def op_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        self.ap = 0
        self.emit(Event(ev.TURN, self.active, amount=self.turn))
        self.schedule(core_frames.EnterPhase("start"))

    def op_start_of_turn(self) -> None:
        """SD-071..SD-073, SD-K01, SD-K02: Dawn for the Champion, Dusk for the Overlord."""
        seat = self.active
        self.trigger(Event("dawn" if seat == self.ch else "dusk", seat))

    def op_draw_phase(self) -> None:
        if self.active == self.ol:  # SD-074, SD-R11
            self.draw(self.ol, 1)

    def op_main(self) -> None:
        seat = self.active
        self.ap = self.seat_stat(seat, "action_points", ACTION_POINTS[self.role(seat)])
        self.op_main_next()

    def op_main_next(self) -> None:
        """SD-077: the Main phase lasts while action points remain. With none left the Overlord's turn is
        still his own, so before it moves on he may unveil Nightbound projects, which cost no action point
        (SD-R21). He is asked whenever a room holds a face-down occupant, which both players see, so being
        asked tells the Champion nothing of what it is."""
        if self.ap > 0:
            self.ask("main", self.active)
        elif self.active == self.ol and self.has_face_down_occupant():
            self.ask("night", self.ol)

    def op_discard_phase(self) -> None:
        seat = self.active
        if len(self.zones[HAND[seat]]) > self.max_hand(seat):
            self.ask("discard", seat)

    @legal("discard", forced=fair.NEVER)
    def legal_discard(self) -> list[Action]:
        return [Discard(c) for c in self.zones[HAND[self.active]]]

    @act("discard")
    def act_discard(self, action: Action, d: Decision) -> None:
        assert isinstance(action, Discard)
        seat = d.seat
        self.move(action.card, DISCARD[seat])
        if seat == self.ol:
            self.face_down[action.card] = True  # SD-R17: into the Crypts unseen
        self.emit(Event("discard", seat, action.card, secret=seat == self.ol))
        self.op_discard_phase()

    def op_turn_end(self) -> None:
        self.end_duration_turn()
        self.schedule(frames.NextTurn())
        if self.active == self.ch and self.has_face_down_occupant():
            self.ask("dusk", self.ol)  # SD-R21: Duskbound window

    def op_next_turn(self) -> None:
        self.pass_turn()
        self.schedule(frames.TurnStart())

    def has_face_down_occupant(self) -> bool:
        return any(self.face_down[c] for r in range(3, 8) for c in self.zones[OCCUPANT[r]])

    @legal("dusk", forced=fair.NEVER)
    def legal_dusk(self) -> list[Action]:
        return [Pass(), *(Unveil(c) for c in self.unveilable("duskbound"))]

    @act("dusk")
    def act_dusk(self, action: Action, d: Decision) -> None:
        if isinstance(action, Unveil):
            self.schedule(frames.DuskAgain())
            self.unveil(action.card)

    def op_dusk_again(self) -> None:
        if self.has_face_down_occupant():
            self.ask("dusk", self.ol)

    @legal("night", forced=fair.NEVER)
    def legal_night(self) -> list[Action]:
        return [Pass(), *(Unveil(c) for c in self.unveilable("nightbound"))]

    @act("night")
    def act_night(self, action: Action, d: Decision) -> None:
        if isinstance(action, Unveil):
            self.schedule(frames.MainNext())
            self.unveil(action.card)

    def end_duration_turn(self) -> None:
        self.end_duration(TURN)

    # ------------------------------------------------------------------ the Main phase (SD-076..SD-094)

    @legal("main")
    def legal_main(self) -> list[Action]:
        seat = self.active
        zones = self.zones
        out: list[Action] = [GAIN, SPEND, DRAW] if zones[DECK[seat]] else [GAIN, SPEND]  # SD-081
        mana = self.mana[seat]
        defs = self.defs
        ol = seat == self.ol
        occupants = [zones[z] for z in OCCUPANT_LIST]
        hand = zones[HAND[seat]]
        if hand:
            free_rooms = [r + 3 for r in range(5) if not occupants[r]] if ol else []
            seen: set[str] = set()
            for c in hand:
                d = defs[c]
                key = d.key
                if key in seen:
                    continue  # identical cards are one option
                seen.add(key)
                t = d.type
                if t == "minion":
                    out += plays_of(c)[:8]  # SD-087: any of the eight rooms
                elif t == "scheme" or t == "project":
                    row = plays_of(c)
                    out += [row[r] for r in free_rooms]  # SD-085, SD-086
                elif d.cost <= mana:
                    out.append(plays_of(c)[8])
        if ol:
            if mana >= 1:  # SD-089, SD-R13
                out += [PROGRESS[r] for r in range(5) if occupants[r] and defs[occupants[r][0]].progressable]
            if self.curses > 0 and mana >= DISPEL_COST:  # SD-132, SD-R19, SD-R28
                out += [Dispel(c) for c in self.champion_cards("evocation")]
            unveil = self.unveilable("nightbound")  # SD-R21
            if unveil:  # rarely: no list built for none
                out += [Unveil(c) for c in unveil]
        else:
            if self.curses > 0 and mana >= self.curse_cost():  # SD-130
                out.append(REMOVE_CURSE)
            out += RAID[:3]  # SD-R15: an inner room, or an outer room with an occupant
            out += [RAID[r + 3] for r in range(5) if occupants[r]]
        activate = self.activatable(seat)
        if activate:
            out += [Activate(c) for c in activate]
        return out

    def progressable(self, room: int) -> bool:
        c = self.occupant(room)
        return c >= 0 and self.defs[c].progressable

    def activatable(self, seat: int) -> list[int]:
        """Cards whose ``{A}`` ability ``seat`` can pay for now (SD-094, SD-R22, SD-R33): the activated
        abilities in force (core's ``activated_in_force``, a face-down card's too where it may use it) in
        the Champion's arena or the Overlord's rooms."""
        out: list[int] = []
        force = self.activated_in_force()
        if not force:
            return out
        defs = self.defs
        zone_of = self.zone_of
        mana = self.mana[seat]
        arena = ARENA[seat] if seat == self.ch else -1
        last = -1
        for c, _ in force:  # a card's abilities are listed together: it is one option (its first ability)
            if c == last:
                continue
            last = c
            z = zone_of[c]
            if (z == arena or (arena < 0 and z in OCCUPANT_ZONES)) and self.can_activate(c, defs[c], mana):
                out.append(c)
        return out

    def can_activate(self, c: int, d: SpelldawnCard, mana: int) -> bool:
        e = d.activated[0]
        cost = e.cost("mana", 0)
        if self.face_down[c]:
            if "unveil_on_activate" not in d.keywords:
                return False
            cost += d.cost
        return self.ap >= e.cost("actions", 1) and mana >= cost

    @act("main")
    def act_main(self, action: Action, d: Decision) -> None:
        seat = d.seat
        self.schedule(frames.MainNext())
        if isinstance(action, GainMana):
            self.ap -= 1
            self.gain(seat, 1)
        elif isinstance(action, DrawCard):
            self.ap -= 1
            self.draw(seat, 1)
        elif isinstance(action, Pass):  # SD-R18: an action point spent doing nothing
            self.ap -= 1
            self.emit(Event("spend", seat))
        elif isinstance(action, PlayCard):
            self.play(seat, action.card, -1 if action.target is None else ROOM_OF_PLACE[action.target])
        elif isinstance(action, Progress):
            self.ap -= 1
            self.mana[seat] -= 1
            self.progress_room(ROOM_OF_PLACE[action.target])
        elif isinstance(action, Raid):
            self.ap -= 1
            self.start_raid(ROOM_OF_PLACE[action.target])
        elif isinstance(action, Dispel):
            self.ap -= 1
            self.mana[seat] -= DISPEL_COST
            self.to_discard(action.card, "destroyed")
        elif isinstance(action, RemoveCurse):
            self.ap -= 1
            self.mana[seat] -= self.curse_cost()
            self.curses -= 1
            self.emit(Event("remove_curse", seat))
        elif isinstance(action, Unveil):
            self.unveil(action.card)
        elif isinstance(action, Activate):
            self.activate(action.card)

    def activate(self, c: int) -> None:
        e = self.defs[c].activated[0]
        self.ap -= e.cost("actions", 1)
        if self.face_down[c]:  # SD-R33: unveil first, its Unveil trigger before the ability
            self.schedule(frames.DoAbility(c))
            self.unveil(c)
        else:
            self.op_do_ability(c)

    def op_do_ability(self, c: int) -> None:
        e = self.defs[c].activated[0]
        seat = self.controller[c]
        self.mana[seat] -= e.cost("mana", 0)
        self.emit(Event("activate", seat, c))
        self.run_verb(e, Context(c, seat))

    def progress_room(self, room: int) -> None:
        """SD-089, SD-090, SD-R13: a counter on the occupant; a scheme that reaches its requirement is
        scored at once."""
        c = self.occupant(room)
        self.progress[c] += 1
        self.emit(Event("progress", self.ol, amount=room))
        d = self.defs[c]
        if d.type == "scheme" and self.progress[c] >= d.progress:
            self.score_by_overlord(c)

    # ------------------------------------------------------------------ playing a card (SD-082..SD-088)

    def play(self, seat: int, c: int, room: int) -> None:
        d = self.defs[c]
        if d.type == "minion":
            defenders = self.zones[DEFENDERS[room]]
            if len(defenders) >= MAX_MINIONS:  # SD-088, SD-R20: sacrifice one, or cancel
                self.move(c, LIMBO)
                self.face_down[c] = True
                self.ask("limit", seat, LimitData(room))
                return
            self.ap -= 1
            self.place_minion(c, room)
        elif d.type in ("scheme", "project"):
            self.ap -= 1
            self.face_down[c] = True  # SD-033
            self.move(c, OCCUPANT[room])
            self.emit(Event("play_face_down", seat, c, amount=room, secret=True))
        elif d.type == "spell":
            self.ap -= 1
            self.mana[seat] -= d.cost
            self.move(c, LIMBO)
            self.reveal_to_everyone(c)  # SD-035
            self.emit(Event(ev.PLAY, seat, c))
            self.schedule(frames.Effects(c, "", 0), frames.SpellDone(c))
        else:
            kind = "weapon" if d.subtype == "weapon" else d.type
            over = len(self.champion_cards(kind)) >= LIMITS[kind]
            if d.type == "artifact" and len(self.champion_cards("artifact")) >= LIMITS["artifact"]:
                over, kind = True, "artifact"
            if over:
                self.move(c, LIMBO)
                self.reveal_to_everyone(c)
                self.ask("limit", seat, LimitData(kind))
                return
            self.ap -= 1
            self.enter_arena(c)

    def op_spell_done(self, c: int) -> None:
        if self.zone_of[c] == LIMBO:
            self.move(c, DISCARD[self.owner[c]])  # SD-037, SD-062

    def place_minion(self, c: int, room: int) -> None:
        self.move(c, DEFENDERS[room])  # the newest is the outermost (SD-R30)
        self.face_down[c] = True  # SD-042: no mana paid now
        self.emit(Event("play_face_down", self.ol, c, amount=room, other=DEFENDERS[room], secret=True))

    def enter_arena(self, c: int) -> None:
        """SD-084: pay and enter play face up; its Play trigger fires (SD-K09)."""
        seat = self.owner[c]
        self.mana[seat] -= self.defs[c].cost
        self.move(c, ARENA[seat])
        self.reveal_to_everyone(c)
        played = Event(ev.PLAY, seat, c)
        self.emit(played)
        self.trigger(played)

    @legal("limit", data=LimitData)
    def legal_limit(self) -> list[Action]:
        what = self.asked(LimitData).what
        if isinstance(what, int):
            return [Pass(), *(Sacrifice(m) for m in self.zones[DEFENDERS[what]])]
        return [Pass(), *(Sacrifice(c) for c in self.champion_cards(what))]

    @act("limit")
    def act_limit(self, action: Action, d: Decision[LimitData]) -> None:
        c = self.zones[LIMBO][-1]
        what = d.data.what
        if isinstance(action, Pass):  # cancelled: back to hand, no action point spent (SD-R20)
            self.move(c, HAND[d.seat])
            self.face_down[c] = False
            return
        assert isinstance(action, Sacrifice)
        self.to_discard(action.card, "sacrificed")
        self.ap -= 1
        if isinstance(what, int):
            self.place_minion(c, what)
        else:
            self.enter_arena(c)

    def abandon(self, decision: Decision) -> None:
        """A resignation ends the two-player game at once, so nothing is left to continue."""
        return None
