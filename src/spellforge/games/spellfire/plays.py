"""Events, the event pause, spells and their counters (SF-229..SF-243, SF-281..SF-307, SF-R05).

An event is played onto the table and an *event pause* opens: each other player, clockwise from the event
player (SF-298), takes exactly one action about it (core's EACH window): negate it, ignore it (Calm, only a
harmful one), duplicate it, or pass (SF-R05). A negating spell is itself cast into a *counter* window
nested inside the pause, where the others may dispel it; a dispelled attempt does not use up its player's
action (SF-305), who is asked again. A successful negation closes the pause (the window's ``until``).
Every spell cast opens such a counter window: dispel (any spell), turn or reflect (offensive ones), or a
holding discarded against a Wish (SF-237, SF-238, SF-239, SF-312).
"""

from __future__ import annotations

from spellforge.core.actions import Action, Pass
from spellforge.core.cards import Effect
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, close_condition, legal
from spellforge.core.modifiers import ROUND
from spellforge.core.targets import CardRef, Place, PlayerRef, Target, card_ref, stack_ref
from spellforge.core.windows import EACH

from . import frames
from .actions import PlayCard, UsePower
from .base import SpellfireBase
from .cards import ALLY, CAST, CHAMPION, EVENT, HOLDING, ITEM, NOTATED, PLAY, REALM, SPELLS, USE
from .decisions import PlayData
from .fair import empty_hand
from .records import BATTLE_DONE, GOING, ROUND_DONE, PlayRec, PlayTarget, aimed_at


class SpellfirePlays(SpellfireBase):
    """Playing events and spells, their pauses and counters, and what they do."""

    # ------------------------------------------------------------------ who can cast

    def caster_for(self, seat: int, card: int) -> int:
        """The champion that casts ``card`` for ``seat``: its champion in the round when it fights, else
        the first able champion of its pool (SF-114, SF-121, SF-226); -1 when none can."""
        f = self.fight
        if f.attacker == seat and f.att_champion >= 0 and self.can_use(f.att_champion, card):
            return f.att_champion
        if f.defender == seat and f.def_champion >= 0 and self.can_use(f.def_champion, card):
            return f.def_champion
        spent = self.spent
        for c in self.pool_of(seat):
            if c not in spent and self.can_use(c, card):
                return c
        return -1

    def opposing_champions(self, seat: int) -> list[int]:
        lay = self.layout
        out = [c for s in range(self.n_seats) if s != seat for c in self.pool_of(s)]
        out += [c for c in self.zones[lay.battle] if self.is_champion(c) and self.controller[c] != seat]
        return out

    # ------------------------------------------------------------------ events

    def event_plays(self, seat: int) -> list[Action]:
        """The events ``seat`` may play now, with each target (SF-281)."""
        out: list[Action] = []
        defs = self.defs
        hand = self.zones[self.layout.hand[seat]]
        for c in hand:  # asked at almost every decision, mostly of a hand without events: a plain loop
            if defs[c].type == EVENT:
                break
        else:
            return out
        seen: set[str] = set()
        for c in hand:
            d = defs[c]
            if d.type != EVENT or d.key in seen:
                continue
            seen.add(d.key)
            out += [PlayCard(c, t) for t in self.event_targets(seat, c)]
        return out

    def event_targets(self, seat: int, card: int) -> list[Target | None]:
        """What event ``card`` may be aimed at now (point PLAY), [None] for one aimed at nothing."""
        plays = self.defs[card].at.get(PLAY)  # ``plays_as`` inline: read for every event in hand
        aim = plays[0].does if plays else ""
        if aim == "realm":
            return [CardRef(r) for s in range(self.n_seats) if s != seat for r in self.unrazed_realms(s)]
        if aim == "player":
            return [PlayerRef(s) for s in range(self.n_seats) if s != seat]
        if aim == "support":
            return [
                CardRef(c)
                for c in self.zones[self.layout.battle]
                if self.defs[c].type in (ALLY, ITEM) and self.controller[c] != seat
            ]
        if aim == "monsters":
            if any(
                self.is_champion(c) and "monster" in self.classes(c) for c in self.zones[self.layout.battle]
            ):
                return [None]
            return []
        if aim == "unlocked":
            return [None] if self.extra_turns_unlocked else []  # SF-295, SF-296
        if aim == "answer":
            return []  # only in an event pause (SF-285)
        if aim == "own_champion":
            return [CardRef(c) for c in self.pool_of(seat)]
        if aim == "seen_champion":
            return [
                CardRef(c)
                for s in range(self.n_seats)
                if s != seat
                for c in self.pool_of(s)
                if self.can_see(seat, c)
            ]
        return [None]

    def play_event(self, seat: int, card: int, target: Target | None, copy_of: int = -1) -> None:
        """The event goes to the table; the pause about it opens; it resolves when the pause closes."""
        if copy_of < 0:
            self.move(card, self.layout.table)
            self.controller[card] = seat
            self.reveal_to_everyone(card)
        uid = self.next_uid()
        aim = aimed_at(target)
        self.plays.append(PlayRec(uid, card, seat, aim, copy_of, -1))
        self.emit(Event("event", seat, card, note="copy" if copy_of >= 0 else "", target=aim))
        self.schedule(frames.ResolvePlay(uid))
        others = self.clockwise_from(seat)[1:]  # SF-297, SF-298
        self.open_window("pause", others, EACH, until="play_stopped", data=PlayData(uid))

    @close_condition("play_stopped")
    def until_play_stopped(self) -> bool:
        """A pause or counter window closes once what it is about is negated or dispelled."""
        return self.window_about(PlayData).uid in self.negated

    def find_play(self, uid: int) -> PlayRec | None:
        for p in self.plays:
            if p.uid == uid:
                return p
        return None

    def event_touches(self, play: PlayRec, seat: int) -> bool:
        """Whether a harmful event touches ``seat`` (SF-289: a helpful one touches only its player)."""
        d = self.defs[play.card]
        if not d.harmful:
            return seat == play.seat
        t = play.target
        if isinstance(t, CardRef):
            return self.owner[t.id] == seat or self.controller[t.id] == seat
        if isinstance(t, PlayerRef):
            return t.seat == seat
        return seat != play.seat

    @legal("pause", forced=empty_hand, data=PlayData)
    def legal_pause(self) -> list[Action]:
        d = self.decision
        assert d is not None
        seat = d.seat
        play = self.find_play(self.asked(PlayData).uid)
        out: list[Action] = [Pass()]
        if play is None:
            return out
        ev = self.defs[play.card]
        ref = CardRef(play.card)
        for c in self.hand_of(seat):
            cd = self.defs[c]
            if cd.type in SPELLS and self.caster_for(seat, c) >= 0:
                # negate any event (SF-287); a Wish only one with a duration (SF-288, SF-307)
                answer = self.event_answer(c)
                if answer == "negate" or (answer == "negate_lasting" and ev.duration):
                    out.append(PlayCard(c, ref))
            elif (
                cd.type == EVENT
                and self.event_answer(c) == "calm"
                and ev.harmful
                and self.event_touches(play, seat)
            ):
                out.append(PlayCard(c, ref))  # SF-285, SF-290, SF-291
        for c in self.pool_of(seat):
            if not self.voluntary(c):
                continue
            answer = self.event_answer(c)
            if answer == "negate" or (answer == "calm" and ev.harmful and self.event_touches(play, seat)):
                out.append(UsePower(c, ref))
        if play.uid not in self.negated:  # SF-300
            for c in self.zones[self.layout.pool[seat]]:
                if (
                    self.event_answer(c) == "duplicate"
                    and self.used_at.get(c, -1) != self.pool_phases[seat]  # once per turn window (SF-318)
                    and self.voluntary(c)
                ):
                    out += [
                        UsePower(c, t) if t is not None else UsePower(c)
                        for t in self.event_targets(seat, play.card)
                        if t is None or t != ref
                    ]
        return out

    @act("pause")
    def act_pause(self, action: Action, d: Decision[PlayData]) -> None:
        if isinstance(action, Pass):
            self.window_passed()  # a player who passed cannot come back (SF-299)
            return
        uid = d.data.uid
        play = self.find_play(uid)
        assert play is not None
        seat = d.seat
        if isinstance(action, PlayCard):
            cd = self.defs[action.card]
            if cd.type == EVENT:  # Calm: the player's one action (SF-302)
                self.window_acted()
                self.to_zone(action.card, self.layout.void[self.owner[action.card]])
                self.calmed.append((uid, seat))
                self.emit(Event("calm", seat, action.card, other=play.card))
                return
            # a negation attempt: asked again afterwards, counting nothing if it is stopped (SF-304, SF-305)
            self.window_stay()
            self.cast(seat, action.card, None, about=uid)
            return
        assert isinstance(action, UsePower)
        c = action.card
        answer = self.event_answer(c)
        if self.defs[c].type == CHAMPION and answer in ("negate", "calm"):
            self.window_acted()
            self.discard_card_from_play(c, "spent")
            if answer == "negate":
                self.negated.append(uid)
                self.emit(Event("negate", seat, c, other=play.card))
            else:
                self.calmed.append((uid, seat))
                self.emit(Event("calm", seat, c, other=play.card))
            return
        # duplicate (SF-302, SF-321): resolves as a new event after this one, with its own pause
        self.window_acted()
        self.used_at[c] = self.pool_phases[seat]
        self.plays.append(PlayRec(self.next_uid(), play.card, seat, aimed_at(action.target), uid, -1))
        self.emit(Event("duplicate", seat, c, other=play.card))

    # ------------------------------------------------------------------ spells

    def phase_card_plays(self, seat: int, phase: int) -> list[Action]:
        """Spells, powers, abilities and skills of ``phase`` usable by a champion of the pool (SF-114,
        SF-116, SF-121, SF-230), each with its targets."""
        out: list[Action] = []
        for c in self.hand_of(seat):
            d = self.defs[c]
            if d.type not in NOTATED or phase not in d.phases or self.caster_for(seat, c) < 0:
                continue
            out += [PlayCard(c, t) for t in self.spell_targets(seat, c, in_round=False)]
        return out

    def spell_targets(self, seat: int, card: int, in_round: bool) -> list[Target | None]:
        """What ``card`` may be aimed at now; an offensive spell never at a champion immune to it (SF-010,
        SF-231, SF-249), a Wish at any champion (SF-240, SF-241)."""
        aim = self.plays_as(card)
        if aim == "opposing_champion" or aim == "any_champion":
            wish = aim == "any_champion"
            out: list[Target | None] = []
            for c in self.opposing_champions(seat):
                if not self.can_see(seat, c):
                    # a face-down champion of a hidden pool, aimed at by its place: its immunity is
                    # not known, so the spell may be wasted on it (SF-011)
                    out.append(self.pool_place(c))
                elif wish or not self.immune_to_spells(c):
                    out.append(CardRef(c))
            if wish and not in_round:
                out += [
                    CardRef(c)
                    for s in range(self.n_seats)
                    if s != seat
                    for c in self.zones[self.layout.dungeon[s]]
                ]
            return out
        if aim == "limbo_champion":
            # immunities guard only cards in play, so a champion in Limbo is a target (SF-253)
            return [
                CardRef(c)
                for s in range(self.n_seats)
                if s != seat
                for c in self.zones[self.layout.limbo[s]]
                if self.is_champion(c) and self.attached_to[c] < 0 and not self.immune_to_spells(c)
            ]
        if aim == "opposing_item":
            return [
                CardRef(a)
                for ch in self.opposing_champions(seat)
                for a in self.attachments(ch)
                if self.defs[a].type == ITEM
            ]
        if aim == "unaimed":
            return [None]
        if aim == "answer":
            return []  # only in answer to a spell or an event
        if not in_round:
            return []  # combat cards need a round
        return [None]

    def pool_place(self, champion: int) -> Place:
        """A champion's place in its pool (``pool P2.3``: its index there), how a player who cannot see it
        names it (SF-011)."""
        seat = self.controller[champion]
        return Place("pool", str(self.zones[self.layout.pool[seat]].index(champion)), seat)

    def at_place(self, target: Place) -> int:
        """The card at a pool place named by ``pool_place``."""
        return self.zones[self.layout.pool[target.seat]][int(target.name)]

    def cast(self, seat: int, card: int, target: Target | None, about: int = -1) -> None:
        """Cast a spell (or use a power card): it goes to the table and a counter window opens for the other
        players; it resolves when that closes (SF-237, SF-264, SF-314)."""
        if isinstance(target, Place):
            target = CardRef(self.at_place(target))
        caster = self.caster_for(seat, card)
        self.move(card, self.layout.table)
        self.controller[card] = seat
        self.reveal_to_everyone(card)
        uid = self.next_uid()
        aim: PlayTarget = stack_ref(about) if about >= 0 else aimed_at(target)
        self.plays.append(PlayRec(uid, card, seat, aim, -1, caster))
        d = self.defs[card]
        if caster >= 0 and self.ability(card, CAST, "wish") is not None:
            # once cast it can never be used again, whatever the Wish was aimed at and whether or not it is
            # dispelled or cancelled afterwards (SF-242)
            self.spent |= {caster}
            self.fought[caster] = -1
        answered = self.find_play(about) if about >= 0 else None
        if answered is not None:  # the log names the card it answers, which may be gone when it is read
            self.emit(Event("cast", seat, card, note="against", target=card_ref(answered.card)))
        else:
            self.emit(Event("cast", seat, card, target=aimed_at(target)))
        if d.offensive and self.reflecting >= 0 and self.reflecting != seat and self.fight.attacker >= 0:
            self.turned.append(uid)  # a reflection turns every later offensive spell this phase (SF-239)
        self.schedule(frames.ResolvePlay(uid))
        if d.type in SPELLS:
            self.open_window(
                "counter", self.clockwise_from(seat)[1:], EACH, until="play_stopped", data=PlayData(uid)
            )

    @legal("counter", forced=empty_hand, data=PlayData)
    def legal_counter(self) -> list[Action]:
        d = self.decision
        assert d is not None
        seat = d.seat
        play = self.find_play(self.asked(PlayData).uid)
        out: list[Action] = [Pass()]
        if play is None:
            return out
        spell = self.defs[play.card]
        ref = CardRef(play.card)
        for c in self.hand_of(seat):
            cd = self.defs[c]
            if cd.type not in SPELLS or self.caster_for(seat, c) < 0:
                continue
            counter = self.counters(c)
            if counter == "dispel" or (
                (counter == "turn" or counter == "reflect")
                and spell.offensive
                and play.uid not in self.turned
            ):
                out.append(PlayCard(c, ref))
        if self.ability(play.card, CAST, "wish") is not None:
            for h in self.zones[self.layout.formation[seat]]:
                if self.counters(h) == "cancel_wish":
                    out.append(UsePower(h, ref))
        return out

    @act("counter")
    def act_counter(self, action: Action, d: Decision[PlayData]) -> None:
        if isinstance(action, Pass):
            self.window_passed()
            return
        uid = d.data.uid
        if isinstance(action, UsePower):  # a holding discarded to cancel a Wish (SF-312, SF-315)
            self.window_acted()
            self.discard_card_from_play(action.card, "spent")
            self.negated.append(uid)
            self.emit(Event("cancel", d.seat, action.card))
            return
        assert isinstance(action, PlayCard)
        if self.counters(action.card) == "dispel":
            self.window_stay()
        else:
            self.window_acted()
        self.cast(d.seat, action.card, None, about=uid)

    # ------------------------------------------------------------------ resolving

    def op_resolve_play(self, uid: int) -> None:
        play = self.find_play(uid)
        if play is None:
            return
        card = play.card
        d = self.defs[card]
        negated = uid in self.negated
        if negated:
            self.plays.remove(play)
            self.negated.remove(uid)
            self.emit(Event("negated", play.seat, card))
            if play.copy_of < 0:
                self.settle(card)
            self.drop_copies(uid)
            self.calmed = [x for x in self.calmed if x[0] != uid]
            return
        self.emit(Event("resolve", play.seat, card))
        # the play stays listed while its verbs run (``resolving``)
        if d.type == EVENT:
            self.resolve_event(play)
        else:
            self.resolve_spell(play)
        self.plays.remove(play)
        self.calmed = [x for x in self.calmed if x[0] != uid]
        if uid in self.turned:
            self.turned.remove(uid)
        for p in list(self.plays):  # duplicates resolve after the original, each with a pause (SF-321)
            if p.copy_of == uid:
                self.plays.remove(p)
                self.schedule(frames.CopyPlay(p.seat, p.card, p.target, uid))
        self.after_cardplay()

    def op_copy_play(self, seat: int, card: int, target: PlayTarget, of: int) -> None:
        self.play_event(seat, card, target, copy_of=of)

    def drop_copies(self, uid: int) -> None:
        self.plays = [p for p in self.plays if p.copy_of != uid]

    def settle(self, card: int) -> None:
        """Where a played card goes once resolved: an event to the Void (SF-172, SF-292), a lasting one
        stays in play (SF-R17); a spell to the discard pile unless it stays in the round."""
        if self.zone_of[card] != self.layout.table:
            return
        d = self.defs[card]
        if d.type == EVENT:
            self.to_zone(card, self.layout.void[self.owner[card]])
        else:
            self.discard_card(card)

    def resolving(self, ctx: Context) -> PlayRec:
        """The play whose verb runs now (``ctx.uid``: it stays listed while it resolves)."""
        play = self.find_play(ctx.uid)
        assert play is not None
        return play

    def calmed_seats(self, uid: int) -> set[int]:
        """The players who ignored play ``uid`` with a Calm (SF-285): a harmful event leaves them alone."""
        return {s for u, s in self.calmed if u == uid}

    def run_powers(self, play: PlayRec, target: PlayTarget) -> bool:
        """Run the verbs of the card played, aimed at ``target`` (core's ``run_verb``); whether it has any."""
        ctx = Context(play.card, play.seat, () if target is None else (target,), uid=play.uid)
        ran = False
        for e in self.defs[play.card].effects:
            if e.run is not None:
                self.run_verb(e, ctx)
                ran = True
        return ran

    def resolve_event(self, play: PlayRec) -> None:
        self.run_powers(play, play.target)
        if play.copy_of < 0:
            self.settle(play.card)

    def resolve_spell(self, play: PlayRec) -> None:
        """A spell's verbs run at what it is aimed at now: a spell turned back on its caster at him (SF-238);
        a card with none (a combat card) stays in the round for its side, for the other side if turned."""
        card, seat = play.card, play.seat
        target: PlayTarget = play.target
        turned = play.uid in self.turned
        if turned and isinstance(target, CardRef) and play.caster >= 0:
            target = CardRef(play.caster)
        if not self.run_powers(play, target):
            d = self.defs[card]
            if self.fight.over == GOING and self.fight.att_champion >= 0 and (d.bonus or d.drain):
                self.move(card, self.layout.battle)
                if turned:
                    f = self.fight
                    self.controller[card] = f.defender if seat == f.attacker else f.attacker
                return
        self.settle(card)

    def take_back(self, champion: int, seat: int) -> None:
        """A champion of ``seat``'s pool goes back to his hand with its items and artifacts, taken out of
        play of his own accord: brought back this turn, none of them may use a power its controller
        chooses to use until the turn ends (SF-313). Everyone saw them go."""
        if self.zone_name(champion) != "pool" or self.controller[champion] != seat:
            return
        cards = [champion, *self.attachments(champion)]
        hand = self.layout.hand[self.owner[champion]]
        for c in cards:
            self._leave(c)
            self.move(c, hand)
            self.reveal_to_everyone(c)
            self.taken_back.append(c)
        self.emit(Event("take_back", seat, champion))

    def send_to_limbo(self, champion: int) -> None:
        """To its owner's Limbo until the end of his next turn (SF-165); from combat alone, its attachments
        discarded (SF-160); from the pool with them (SF-161)."""
        owner = self.owner[champion]
        in_battle = self.zone_name(champion) == "battle"
        carried = [] if in_battle else self.attachments(champion)
        limbo = self.layout.limbo[owner]
        for a in carried:
            self.move(a, limbo)
        self.detach_rest(champion, keep=carried)
        self._leave(champion)
        for a in carried:
            self.attached_to[a] = champion
        self.move(champion, limbo)
        self.limbo_until[champion] = self.turns_taken[owner] + 1
        self.emit(Event("limbo", owner, champion))

    def detach_rest(self, champion: int, keep: list[int]) -> None:
        for a in self.attachments(champion):
            if a not in keep:
                self.attached_to[a] = -1
                self.left_play(a)
                self.discard_card(a)

    def affected(self, effect: Effect, ctx: Context) -> list[Target]:
        """What a shared verb acts on (core's hook): what the card is aimed at when its effect names a
        target, else no one named (a draw: its player)."""
        return list(ctx.targets) if effect.target is not None else []

    def draw_cards(self, seat: int, n: int) -> None:
        """The shared verb ``draw`` (core's hook)."""
        self.draw(seat, n)

    # ------------------------------------------------------------------ champion powers in phase 3

    def pool_powers(self, seat: int) -> list[Action]:
        """Once-per-turn phase-3 powers of pool champions (SF-317): copy, recover from the Abyss, send to
        the Abyss."""
        out: list[Action] = []
        window = self.pool_phases[seat]
        defs = self.defs
        for c in self.pool_of(seat):
            if USE not in defs[c].at or not self.voluntary(c):  # most champions have no power to use
                continue
            if self.ability(c, USE, "copy") is not None and self.copied.get(c, -1) < 0:
                for s in range(self.n_seats):
                    for m in self.pool_of(s):
                        if (
                            m != c
                            and not self.defs[m].avatar  # SF-258
                            and self.defs[m].effects
                            and self.can_see(seat, m)  # not a face-down champion of a hidden pool
                        ):
                            out.append(UsePower(c, CardRef(m)))
            if self.ability(c, USE, "recover") is not None and self.used_at.get(c, -1) != window:
                out += [UsePower(c, CardRef(a)) for a in self.zones[self.layout.abyss[seat]]]
            if self.ability(c, USE, "send") is not None:
                for s in range(self.n_seats):
                    if s == seat:
                        continue
                    out += [UsePower(c, CardRef(x)) for x in self.pool_of(s) if self.can_see(seat, x)]
                    out += [UsePower(c, CardRef(x)) for x in self.zones[self.layout.dungeon[s]]]
        return out

    def use_power(self, seat: int, card: int, target: Target | None) -> None:
        assert isinstance(target, CardRef)
        t = target.id
        if self.ability(card, USE, "copy") is not None:
            self.copied[card] = t  # exact text, at once (SF-257, SF-260)
            self.emit(Event("copy", seat, card, other=t, secret=self.face_down[card]))
        elif self.ability(card, USE, "recover") is not None:
            self.used_at[card] = self.pool_phases[seat]
            self.move(t, self.layout.hand[seat])  # SF-169
            self.emit(Event("recover", seat, card, other=t, secret=self.face_down[card]))
        elif self.ability(card, USE, "send") is not None:
            self.to_zone(card, self.layout.abyss[seat])  # its source goes to the Abyss (SF-055)
            if self.defs[t].type == "dungeon":
                self.to_zone(
                    t, self.layout.void[self.owner[t]]
                )  # a dungeon goes to the Void (SF-055, SF-065)
            else:
                self.to_zone(t, self.layout.abyss[self.owner[t]])
            self.emit(Event("abyss_send", seat, card, other=t))

    def wall(self, play: PlayRec, turned: bool, cross: str) -> None:
        """A wall-type spell resolves (the battle writes it: SF-232..SF-236)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ leaving play mid-battle

    def discard_card_from_play(self, cid: int, why: str = "") -> None:
        """Discard a card in play with what is attached to it (SF-155); a realm's holding goes too. ``why``
        is the log's reason ("lost": the round; "spent": used up, which its own log line tells)."""
        d = self.defs[cid]
        if d.type == REALM:
            for h in self.attachments(cid):
                self.attached_to[h] = -1
                self.discard_card(h)
        self.to_zone(cid, self.layout.discard[self.owner[cid]])
        self.emit(Event("discarded", self.owner[cid], cid, note=why))

    def after_cardplay(self) -> None:
        """What cardplay did to a battle under way (SF-205, SF-207, SF-208), from the attack's declaration
        on: the attacked realm lost before a champion is sent still earns the attacker spoils (SF-211,
        SF-212)."""
        f = self.fight
        if f.attacker < 0 or f.over == BATTLE_DONE:
            return
        # a round already decided (an instant defeat, a defender removed) is still combat until it is
        # cleaned up: losing the realm or the attacker then ends the battle as it would have before
        lay = self.layout
        target = f.target
        realm_gone = target >= 0 and (
            self.zone_of[target] not in (lay.formation[f.defender], lay.dungeon[f.defender])
            or self.razed[target]
        )
        if f.att_champion < 0:
            if realm_gone:
                self.schedule(frames.BattleOverRealmLost())
            return
        att_gone = self.zone_of[f.att_champion] != lay.battle
        # a realm defending itself (SF-R27) stays in the formation: only the realm's loss ends its defence
        def_gone = f.def_champion >= 0 and not f.self_defence and self.zone_of[f.def_champion] != lay.battle
        if realm_gone:
            self.schedule(frames.BattleOverRealmLost())
        elif att_gone and def_gone:
            self.schedule(frames.BattleOverBoth())
        elif att_gone:
            # whether or not a defender was chosen yet: SF-207's "no winner" needs two champions discarded
            self.schedule(frames.BattleOverAttackerLost())
        elif def_gone and f.over == GOING:
            # the defending champion is defeated by cardplay: the round is over and the attacker has won
            # it, whatever the totals said (SF-202, SF-236); what is left of its side counts for nothing
            f.over = ROUND_DONE
            f.winner = f.attacker
        # a champion who left the round takes its round bonus with it
        self.end_duration_for_gone()

    def end_duration_for_gone(self) -> None:
        if any(m.duration == ROUND and not self.in_play(m.card) for m in self.modifiers if m.card >= 0):
            self.modifiers = [
                m for m in self.modifiers if m.card < 0 or self.in_play(m.card) or m.duration != ROUND
            ]

    def is_holding(self, cid: int) -> bool:
        return self.defs[cid].type == HOLDING
