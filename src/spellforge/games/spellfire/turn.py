"""The turn: setup, phases 0 to 6 (SF-098, SF-R01), realms and holdings, the pool, the end of the turn.

The active player's choices in a phase are one decision kind asked again until he is ``done`` (``start``,
``realm``, ``pool``, ``attack``, ``cards``); each also offers the events he may play (SF-281).
After each play that is not a pass, and at the end of every phase, the other players get a response round in
which they may play events (``respond``, SF-281, SF-283).
"""

from __future__ import annotations

from spellforge.core.actions import Action, Choose, Done, Pass
from spellforge.core.events import REVEAL, Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import NEVER, act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.targets import CardRef, Place
from spellforge.core.windows import PASSES

from . import frames
from .actions import Discard, Mulligan, PlayCard, Rebuild, UsePower
from .base import POSITIONS, REBUILD_COST, SLOT_PLACES
from .cards import ARTIFACT, CHAMPION, DUNGEON, ENTRY, EVENT, FINDS, HOLDING, ITEM, REALM, RULE, USE
from .decisions import CutData, EntryDiscardData, RebuildDiscardData
from .fair import empty_hand
from .plays import SpellfirePlays
from .records import Fight

CUTS = ("top-quarter", "middle", "bottom-quarter")  # where a cut splits a draw pile (SF-R25)


class SpellfireTurn(SpellfirePlays):
    """Setup and phases 0-6."""

    # ------------------------------------------------------------------ setup

    def op_setup(self) -> None:
        lay = self.layout
        for seat in range(self.n_seats):
            for cid in list(self.zones[lay.deck[seat]]):
                if self.defs[cid].type == DUNGEON:  # never shuffled in; put into play now (SF-050, SF-051)
                    self.move(cid, lay.dungeon[seat])
        self.schedule(frames.Deal())

    def op_deal(self) -> None:
        first = self.choose_first_player()
        lay = self.layout
        for seat in range(self.n_seats):
            self.shuffle(lay.deck[seat])  # SF-068
        self.begin_turns(first)
        cuts = [frames.Cut(seat) for seat in range(self.n_seats)]
        self.schedule(*cuts, frames.FirstHands(), frames.TurnBegin())

    def op_cut(self, seat: int) -> None:
        """The player to a player's right may cut his draw pile before he draws (SF-069, SF-R25). Only
        seats still playing take part: a player who has left is not cut for and cuts for nobody; the next
        player still playing to the right cuts in his place."""
        playing = self.clockwise_from(seat)  # the seats still playing, clockwise from him
        if len(playing) > 1 and playing[0] == seat:
            self.ask(
                "cut", playing[-1], CutData(seat)
            )  # the last of them clockwise is the first to his right

    @legal("cut", data=CutData)
    def legal_cut(self) -> list[Action]:
        return [Pass(), *(Choose(point) for point in CUTS)]

    @act("cut")
    def act_cut(self, action: Action, d: Decision[CutData]) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, Choose)
        deck = self.zones[self.layout.deck[d.data.owner]]
        at = len(deck) * CUTS.index(action.option) // len(CUTS) + len(deck) // (2 * len(CUTS))
        deck[:] = deck[at:] + deck[:at]
        self.emit(Event("cut", d.seat, other=d.data.owner, note=action.option))

    def op_first_hands(self) -> None:
        start = self.format_numbers()[0]
        for seat in range(self.n_seats):
            self.draw(seat, start)  # SF-073, SF-076, SF-079

    def choose_first_player(self) -> int:
        """Each player reveals a random card of his deck; the highest last digit of its number goes first,
        ties reveal again (SF-066, SF-067, SF-R25). The revealed cards go back before the shuffle."""
        lay = self.layout
        contenders = [s for s in range(self.n_seats) if self.zones[lay.deck[s]]]
        if not contenders:
            return 0
        for _ in range(50):
            digits = {}
            for s in contenders:
                deck = self.zones[lay.deck[s]]
                cid = deck[self.rng.randrange(len(deck))]
                digits[s] = self.defs[cid].number % 10
                self.emit(Event("reveal_first", s, cid, amount=digits[s]))
            best = max(digits.values())
            contenders = [s for s in contenders if digits[s] == best]
            if len(contenders) == 1:
                break
        return contenders[0]

    # ------------------------------------------------------------------ the turn

    def op_turn_begin(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        seat = self.active
        self.turns_taken[seat] += 1
        self.realm_done[seat] = False
        self.holding_done[seat] = False
        self.reflecting = -1
        self.emit(Event("turn", seat, amount=self.turn, note="extra" if self.extra_turn else ""))
        self.schedule(frames.FIRST_PHASE)

    def op_ask(self, kind: str) -> None:
        self.ask(kind, self.active)

    def op_phase_start(self) -> None:
        """Phase 0: rule cards, start-of-turn powers (SF-100, SF-R04)."""
        self.ask("start", self.active)

    def op_phase_draw(self) -> None:
        """Phase 1: the format's draw plus card-granted draws (SF-074, SF-101)."""
        self.draw(self.active, self.draws(self.active))

    def op_phase_realm(self) -> None:
        self.ask("realm", self.active)

    def op_phase_pool(self) -> None:
        seat = self.active
        if self.resets_once_per_turn:  # an extra turn opens no new once-per-turn window (SF-319)
            self.pool_phases[seat] += 1
            for c in self.pool_of(seat):
                self.copied.pop(c, None)  # a copier chooses again each phase 3 (SF-261, SF-262)
        self.ask("pool", seat)

    # ------------------------------------------------------------------ events at any time

    def respond_after(self, seat: int) -> None:
        """Once ``seat``'s play is complete, the others may play events (SF-281, SF-283). Call it before
        carrying the play out: the response round is scheduled beneath the play's own frames (its event
        pause, its counter window, its resolution), so it opens only when the play is over."""
        self.schedule(frames.RESPOND[seat])

    def op_respond(self, seat: int) -> None:
        """A response round: everyone else, clockwise from the next seat, may play an event or pass; a
        seat that plays one hands the turn on and everyone else, ``seat`` included, may answer once it has
        resolved; it closes when all but the last to act have passed in succession (core's PASSES window,
        handing on, opened with ``seat`` counted as having had its say)."""
        order = self.clockwise_from(seat)
        if order and order[0] == seat:
            if len(order) > 1:
                self.open_window("respond", (*order[1:], seat), PASSES, keep=False, passes=1)
            return
        self.open_window("respond", order, PASSES, keep=False)  # ``seat`` has left: everyone is asked

    def op_phase_over(self) -> None:
        """At every phase boundary the other players may play events (SF-281), as after a play."""
        self.op_respond(self.active)

    def op_phase_attack(self) -> None:
        self.fight = Fight()
        self.ask("attack", self.active)

    def op_phase_cards(self) -> None:
        self.ask("cards", self.active)

    def op_phase_end(self) -> None:
        """Phase 6 (SF-R02): the mulligan call (SF-R24), discard to the hand limit, Limbo, realm-less pools,
        the reshuffle, lasting events; then the turn passes left."""
        seat = self.active
        self.schedule(*frames.TURN_END)
        if self.turns_taken[seat] == 2 and not self.played_realm[seat] and self.mulligans[seat] < 2:
            self.ask("mulligan", seat)

    def op_turn_end(self) -> None:
        self.end_duration(TURN)
        if self.taken_back:
            self.taken_back = []  # until the end of the turn (SF-313)
        self.pass_turn()  # clockwise (SF-083, SF-124), extra turns first
        self.schedule(frames.TurnBegin())

    # ------------------------------------------------------------------ phase 0

    @legal("start", forced=empty_hand)
    def legal_start(self) -> list[Action]:
        seat = self.active
        out: list[Action] = [Done()]
        for c in self.hand_of(seat):
            if self.defs[c].type == RULE:
                out.append(PlayCard(c))
        out += self.event_plays(seat)
        return out

    @act("start")
    def act_start(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        self.schedule(frames.ASK["start"])
        self.respond_after(d.seat)
        assert isinstance(action, PlayCard)
        if self.defs[action.card].type == RULE:
            self.put_rule(d.seat, action.card)
        else:
            self.play_event(d.seat, action.card, action.target)

    def put_rule(self, seat: int, card: int) -> None:
        """A rule card stays in play for every player (SF-157, SF-K08, SF-R04)."""
        self.move(card, self.layout.rules)
        self.controller[card] = seat
        self.emit(Event("rule", seat, card))

    # ------------------------------------------------------------------ phase 2

    def slot_place(self, seat: int, pos: int) -> Place:
        return SLOT_PLACES[seat][pos]

    def realm_plays(self, seat: int, cards: list[int]) -> list[Action]:
        """Every realm of ``cards`` into every position it may go (SF-130..SF-137), Rule of the Cosmos
        permitting (SF-125, SF-127)."""
        out: list[Action] = []
        opened = self.open_positions(seat)
        if not opened:
            return out
        for c in cards:
            if self.defs[c].type == REALM and not self.cosmos_blocked(c):
                for p in opened:
                    out.append(PlayCard(c, self.slot_place(seat, p)))
        return out

    def holding_plays(self, seat: int, cards: list[int]) -> list[Action]:
        """A holding onto an unrazed realm of its world in its owner's formation (SF-026, SF-R03)."""
        out: list[Action] = []
        for c in cards:
            d = self.defs[c]
            if d.type != HOLDING or self.cosmos_blocked(c):
                continue
            for r in self.unrazed_realms(seat):
                if self.defs[r].world == d.world and not self.attachments(r):
                    out.append(PlayCard(c, CardRef(r)))
        return out

    @legal("realm", forced=empty_hand)
    def legal_realm(self) -> list[Action]:
        seat = self.active
        hand = self.hand_of(seat)
        out: list[Action] = [Done()]
        if not self.realm_done[seat]:  # one realm action a turn (SF-102, SF-104, SF-105, SF-150)
            out += self.realm_plays(seat, hand)
            if len(hand) >= REBUILD_COST:
                for p, c in enumerate(self.slots[seat]):
                    if c >= 0 and self.razed[c]:
                        out.append(Rebuild(self.slot_place(seat, p)))
        if not self.holding_done[seat]:
            out += self.holding_plays(seat, hand)
        out += self.event_plays(seat)
        return out

    @act("realm")
    def act_realm(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        seat = d.seat
        self.schedule(frames.ASK["realm"])
        self.respond_after(d.seat)
        if isinstance(action, Rebuild):
            self.realm_done[seat] = True
            pos = POSITIONS.index(action.target.name)
            self.schedule(frames.RebuildDiscard(pos, REBUILD_COST))
            return
        assert isinstance(action, PlayCard)
        t = self.defs[action.card].type
        if t == REALM:
            self.realm_done[seat] = True
            assert isinstance(action.target, Place)
            self.put_realm(seat, action.card, POSITIONS.index(action.target.name))
        elif t == HOLDING:
            self.holding_done[seat] = True
            assert isinstance(action.target, CardRef)
            self.put_holding(seat, action.card, action.target.id)
        else:
            self.play_event(seat, action.card, action.target)

    def put_realm(self, seat: int, card: int, pos: int) -> None:
        """A realm into position ``pos``; a razed realm there is discarded (SF-132, SF-146)."""
        old = self.slots[seat][pos]
        if old >= 0:
            self.discard_card(old)
        self.move(card, self.layout.formation[seat])
        self.controller[card] = seat
        self.slots[seat][pos] = card
        self.played_realm[seat] = True
        self.emit(Event("realm", seat, card, amount=pos, note=POSITIONS[pos]))
        self.check_victory()

    def put_holding(self, seat: int, card: int, realm: int) -> None:
        self.move(card, self.layout.formation[seat])
        self.controller[card] = seat
        self.attached_to[card] = realm  # it never moves (SF-106)
        self.emit(Event("holding", seat, card, other=realm))

    def op_rebuild_discard(self, pos: int, left: int) -> None:
        if left <= 0:
            seat = self.active
            realm = self.slots[seat][pos]
            self.razed[realm] = False  # world and power return (SF-151)
            self.abilities_changed()
            self.emit(Event("rebuilt", seat, realm))
            self.check_victory()
            return
        self.ask("rebuild_discard", self.active, RebuildDiscardData(pos, left))

    @legal("rebuild_discard", data=RebuildDiscardData)
    def legal_rebuild_discard(self) -> list[Action]:
        return [Discard(c) for c in self.hand_of(self.active)]

    @act("rebuild_discard")
    def act_rebuild_discard(self, action: Action, d: Decision[RebuildDiscardData]) -> None:
        assert isinstance(action, Discard)
        self.discard_from_hand(d.seat, action.card, voluntary=True)
        self.schedule(frames.RebuildDiscard(d.data.pos, d.data.left - 1))

    def check_victory(self) -> None:
        """The first player with the victory count of unrazed realms wins at once (SF-094..SF-097)."""
        need = self.options["victory"]
        for s in range(self.n_seats):
            if self.unrazed_count(s) >= need:
                self.finish((s,), f"{need} unrazed realms")
                return

    # ------------------------------------------------------------------ phase 3

    def pool_champion_plays(self, seat: int, cards: list[int], spoils: bool = False) -> list[Action]:
        """Champions from ``cards`` into the pool (SF-152); an avatar needs its entry cost (SF-269, SF-270)."""
        out: list[Action] = []
        hand_size = len(self.hand_of(seat))
        for c in cards:
            d = self.defs[c]
            if d.type != CHAMPION or self.cosmos_blocked(c):
                continue
            cost = self.entry_cost(c)
            if cost and hand_size - 1 < cost:  # SF-270
                continue
            if d.avatar and self.avatar_pairing_blocked(seat, c):
                continue
            out.append(PlayCard(c))
        return out

    def avatar_pairing_blocked(self, seat: int, avatar: int) -> bool:
        """Two avatars may share a deck, but an avatar whose text forbids another avatar beside it cannot
        come into play while its owner has one in play, nor another join it (SF-046, SF-047)."""
        lay = self.layout
        sole = self.ability(avatar, ENTRY, "sole") is not None
        for zone in (lay.pool[seat], lay.battle):
            for c in self.zones[zone]:
                d = self.defs[c]
                if (
                    c != avatar
                    and d.avatar
                    and self.controller[c] == seat
                    and (sole or self.ability(c, ENTRY, "sole") is not None)
                ):
                    return True
        return False

    def attach_plays(self, seat: int, cards: list[int]) -> list[Action]:
        """Items onto any pool champion, an artifact onto one of its world without one (SF-109..SF-113)."""
        out: list[Action] = []
        pool = self.pool_of(seat)
        for c in cards:
            d = self.defs[c]
            if d.type == ITEM:
                out += [PlayCard(c, CardRef(ch)) for ch in pool]
            elif d.type == ARTIFACT and not self.cosmos_blocked(c):
                for ch in pool:
                    if self.defs[ch].world == d.world and not any(
                        self.defs[a].type == ARTIFACT for a in self.attachments(ch)
                    ):
                        out.append(PlayCard(c, CardRef(ch)))
        return out

    @legal("pool", forced=empty_hand)
    def legal_pool(self) -> list[Action]:
        seat = self.active
        hand = self.hand_of(seat)
        out: list[Action] = [Done()]
        out += self.pool_champion_plays(seat, hand)
        out += self.attach_plays(seat, hand)
        out += self.phase_card_plays(seat, 3)
        out += self.pool_powers(seat)
        out += self.event_plays(seat)
        return out

    @act("pool")
    def act_pool(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        seat = d.seat
        self.schedule(frames.ASK["pool"])
        self.respond_after(d.seat)
        if isinstance(action, UsePower):
            self.use_power(seat, action.card, action.target)
            return
        assert isinstance(action, PlayCard)
        t = self.defs[action.card].type
        if t == CHAMPION:
            self.enter_pool(seat, action.card)
        elif t in (ITEM, ARTIFACT):
            assert isinstance(action.target, CardRef)
            self.attach(seat, action.card, action.target.id)
        elif t == EVENT:
            self.play_event(seat, action.card, action.target)
        else:
            self.cast(seat, action.card, action.target)

    def enter_pool(self, seat: int, card: int) -> None:
        self.move(card, self.layout.pool[seat])
        self.controller[card] = seat
        self.hide_in_pool(card)
        self.emit(Event("pool", seat, card, secret=self.face_down[card]))
        cost = self.entry_cost(card)
        if cost:
            self.schedule(frames.EntryDiscard(card, cost))  # SF-270

    def op_entry_discard(self, card: int, left: int) -> None:
        if left > 0 and self.hand_of(self.controller[card]):
            self.ask("entry_discard", self.controller[card], EntryDiscardData(card, left))

    @legal("entry_discard", data=EntryDiscardData)
    def legal_entry_discard(self) -> list[Action]:
        assert self.decision is not None
        return [Discard(c) for c in self.hand_of(self.decision.seat)]

    @act("entry_discard")
    def act_entry_discard(self, action: Action, d: Decision[EntryDiscardData]) -> None:
        assert isinstance(action, Discard)
        self.discard_from_hand(d.seat, action.card, voluntary=True)
        self.schedule(frames.EntryDiscard(d.data.card, d.data.left - 1))

    def attach(self, seat: int, card: int, champion: int) -> None:
        self.move(card, self.zone_of[champion])
        self.controller[card] = seat
        self.attached_to[card] = champion  # never moved again (SF-110)
        self.emit(Event("attach", seat, card, other=champion))

    # ------------------------------------------------------------------ phase 5

    @legal("cards", forced=empty_hand)
    def legal_cards(self) -> list[Action]:
        seat = self.active
        out: list[Action] = [Done()]
        out += self.phase_card_plays(seat, 5)
        if self.extra_turns_unlocked:  # SF-295, SF-296
            for r in self.unrazed_realms(seat):
                if USE in self.defs[r].at and self.ability(r, USE, "raze_extra_turn") is not None:
                    out.append(UsePower(r))
        out += self.event_plays(seat)
        return out

    @act("cards")
    def act_cards(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        seat = d.seat
        self.schedule(frames.ASK["cards"])
        self.respond_after(d.seat)
        if isinstance(action, UsePower):
            realm = action.card
            self.raze(realm, "extra turn")
            self.grant_extra_turn(seat)
            self.emit(Event("extra_turn", seat, realm))
            return
        assert isinstance(action, PlayCard)
        if self.defs[action.card].type == EVENT:
            self.play_event(seat, action.card, action.target)
        else:
            self.cast(seat, action.card, action.target)

    # ------------------------------------------------------------------ phase 6

    @legal("mulligan", forced=NEVER)
    def legal_mulligan(self) -> list[Action]:
        seat = self.active
        return [Pass(), Mulligan()] if self.may_mulligan(seat) else [Pass()]

    def may_mulligan(self, seat: int) -> bool:
        """No playable realm in hand (those the Rule of the Cosmos blocks do not count, SF-090), no
        realm-finding helpful event left (SF-086), no realm discarded by choice (SF-089)."""
        if self.chose_realm_discard[seat] or self.mulligans[seat] >= 2:
            return False
        for c in self.hand_of(seat):
            d = self.defs[c]
            if d.type == REALM and not self.cosmos_blocked(c):
                return False
            if d.type == EVENT and not d.harmful and FINDS in d.at:
                return False
        return True

    @act("mulligan")
    def act_mulligan(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            return
        seat = d.seat
        self.emit(Event("mulligan", seat))
        for c in self.hand_of(seat):  # SF-087: the hand is laid face up for every seat, then shuffled away
            self.reveal_to_everyone(c)
            self.emit(Event(REVEAL, seat, c, note="mulligan"))
        for s in range(self.n_seats):
            self.mulligans[s] = self.mulligans[s] + 1 if s == seat else 0  # SF-091, SF-R24
        self.restart()

    def restart(self) -> None:
        """A new game with the same decks and no result (SF-085); the first player is chosen again (SF-093)."""
        self.work.clear()
        self.windows.clear()
        self.modifiers = []
        lay = self.layout
        for cid in self.all_card_ids():
            if self.defs[cid].type == DUNGEON and self.zone_name(cid) == "dungeon":
                continue
            if self.zone_name(cid) == "void" and (self.defs[cid].type == DUNGEON or cid in self.destroyed):
                continue  # a destroyed card does not come back (SF-008)
            self._leave(cid)
            self.fought[cid] = -1
            self.limbo_until.pop(cid, None)
            self.used_at.pop(cid, None)
            self.controller[cid] = self.owner[cid]
            self.move(cid, lay.deck[self.owner[cid]])
        n = self.n_seats
        self.slots = [[-1] * self.positions() for _ in range(n)]
        self.realm_done = [False] * n
        self.holding_done = [False] * n
        self.played_realm = [False] * n
        self.chose_realm_discard = [False] * n
        self.turns_taken = [0] * n
        self.pool_phases = [0] * n
        self.extra_turns = []
        self.fight = Fight()
        self.allied = []
        self.taken_back = []
        self.plays = []
        self.negated = []
        self.calmed = []
        self.turned = []
        self.schedule(frames.Deal())

    def op_hand_limit(self) -> None:
        seat = self.active
        if len(self.hand_of(seat)) > self.hand_limit(seat):  # SF-075, SF-078, SF-081, SF-123
            self.schedule(frames.HandLimit())
            self.ask("discard", seat)

    @legal("discard")
    def legal_discard(self) -> list[Action]:
        return [Discard(c) for c in self.hand_of(self.active)]

    @act("discard")
    def act_discard(self, action: Action, d: Decision) -> None:
        assert isinstance(action, Discard)
        self.discard_from_hand(d.seat, action.card, voluntary=True)  # the owner chooses (SF-R26)

    def op_limbo_returns(self) -> None:
        """Champions whose Limbo time is over return to the pool, or are discarded if an identical one is in
        play (SF-163, SF-164, SF-165, SF-R16)."""
        seat = self.active
        for c in list(self.zones[self.layout.limbo[seat]]):
            if not self.is_champion(c) or self.limbo_until.get(c, -1) > self.turns_taken[seat]:
                continue
            self.limbo_until.pop(c, None)
            carried = [a for a in self.zones[self.layout.limbo[seat]] if self.attached_to[a] == c]
            if self.cosmos_blocked(c):
                for a in carried:
                    self.attached_to[a] = -1
                    self.discard_card(a)
                self.discard_card(c)
                self.emit(Event("limbo_discarded", seat, c))
                continue
            self.move(c, self.layout.pool[seat])
            self.reveal_to_everyone(c)  # it was seen in Limbo: a hidden pool does not hide it again
            self.hide_in_pool(c)
            for a in carried:
                self.move(a, self.layout.pool[seat])
            self.emit(Event("limbo_return", seat, c))

    def op_realmless(self) -> None:
        """A player with no realm at all loses his pool at the end of the turn (SF-142, SF-R23)."""
        for s in range(self.n_seats):
            if not self.realms_of(s):
                for c in self.pool_of(s):
                    self.discard_card_from_play(c, "no realm")

    def op_reshuffle(self) -> None:
        """An empty draw pile is remade from the discard pile at the end of the turn (SF-267)."""
        lay = self.layout
        for s in range(self.n_seats):
            if not self.zones[lay.deck[s]] and self.zones[lay.discard[s]]:
                for c in list(self.zones[lay.discard[s]]):
                    self.move(c, lay.deck[s])
                self.shuffle(lay.deck[s])
                self.emit(Event("reshuffle", s))

    def op_expire(self) -> None:
        """Lasting events whose time is over go to the Void (SF-R17)."""
        seat = self.active
        for c in list(self.zones[self.layout.lasting]):
            target = self.lasting_until.get(c, -1)
            if target == seat:
                self.lasting_until.pop(c, None)
                self.to_zone(c, self.layout.void[self.owner[c]])
                self.emit(Event("expired", self.owner[c], c))
