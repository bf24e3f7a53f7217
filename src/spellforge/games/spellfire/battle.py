"""Phase 4: the battle (SF-117..SF-120, SF-175..SF-218, SF-244..SF-248, SF-271..SF-280, SF-R06..SF-R08).

Step A names the realm once (``attack``); each round: B the attacker sends a champion not yet used this
turn (``champion``), C the defender sends one or declines (``defend``), D powers activate, attacker first
(instant defeats and their one escape card, ``escape``), E-F the round is one priority window over every
player in which the losing side may play cards while everyone else may only play events
(``window_decision``: ``fight`` or ``events``), G-H the round is decided and cleaned up, I the attacker may
go on with another champion.
"""

from __future__ import annotations

from typing import ClassVar

from spellforge.core import frames as core_frames
from spellforge.core.actions import Action, Choose, Done, Pass
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, close_condition, legal
from spellforge.core.modifiers import BATTLE, ROUND
from spellforge.core.targets import CardRef, Place
from spellforge.core.windows import PASSES, RecordTable, Window

from . import frames
from .actions import AttackRealm, PlayCard, Send, UsePower
from .base import DUNGEON_PLACES, POSITIONS, SLOT_PLACES, WORLD_BONUS
from .cards import ALLY, ATTACKERS, CHAMPION, COMBAT, DEFENCE, EVENT, ITEM, LASTING, NOTATED, REALM
from .decisions import EscapeData, SummonData, WallData
from .fair import empty_hand
from .records import ATTACKER_SIDE, BATTLE_DONE, DEFENDER_SIDE, GOING, ROUND_DONE, Fight, PlayRec
from .spoils import SpellfireSpoils

MOVERS = frozenset({"flyer", "swimmer", "earthwalker"})


class SpellfireBattle(SpellfireSpoils):
    """The battle and spoils of victory."""

    # A round of battle is a window about nothing more than the battle; its questions are ``fight`` or
    # ``events`` by seat (``window_decision``).
    WINDOW_RECORDS: ClassVar[RecordTable] = {"round": None}

    # ------------------------------------------------------------------ who may attack what

    def available_champions(self, seat: int, from_hand: bool = True) -> list[int]:
        """Champions not yet in a round this turn (SF-180, SF-195), from pool and hand (SF-119)."""
        fd = self.face_down
        out = [
            c
            for c in self.pool_of(seat)
            if self.fought[c] != self.turn
            and c not in self.spent
            and not (fd[c] and self.cosmos_blocked(c))  # never face up beside its twin (SF-125)
        ]
        if from_hand:
            for c in self.hand_of(seat):
                d = self.defs[c]
                if d.type == CHAMPION and not d.avatar and not self.cosmos_blocked(c):
                    out.append(c)
        return out

    def may_attack(self, champion: int, target: int) -> bool:
        """Whether ``champion`` may attack realm (or dungeon) ``target`` (SF-139, SF-271..SF-279, SF-K20)."""
        return self.may_reach(self.traits(champion), self.classes(champion), target)

    def may_reach(self, traits: frozenset[str], classes: tuple[str, ...], target: int) -> bool:
        """``may_attack`` for a champion with these traits and classes."""
        d = self.defs[target]
        if d.type != REALM:
            return True  # a dungeon: any champion (SF-R15)
        moves = traits & MOVERS
        only = bar = None
        if ATTACKERS in d.at:  # a realm that bars some attackers (most bar none)
            only = self.ability(target, ATTACKERS, "only")
            if only is not None:
                allowed = set(str(only.effect.param("traits")).split("|"))
                if not (allowed & traits) and not allowed.intersection(classes):
                    return False
            bar = self.ability(target, ATTACKERS, "bar")
            if bar is not None and moves & set(str(bar.effect.param("traits")).split("|")):
                return False  # movement is compulsory (SF-278, SF-279)
        if not self.protected(target):
            return True  # exposed (SF-140, SF-275)
        if "flyer" in moves:
            return True  # SF-271
        if "swimmer" in moves and d.coast:
            return True  # SF-274
        restricted = only is not None or bar is not None
        return "earthwalker" in moves and not restricted  # SF-277

    def attack_targets(self, seat: int) -> list[tuple[int, Place]]:
        available = self.available_champions(seat)
        out: list[tuple[int, Place]] = []
        if not available:
            return out
        champions: list[tuple[frozenset[str], tuple[str, ...]]] = []  # made when a realm needs them
        defs, razed = self.defs, self.razed
        for s in range(self.n_seats):
            if s == seat:  # never one's own (SF-178)
                continue
            for pos, r in enumerate(self.slots[s]):
                if r < 0 or razed[r]:
                    continue
                # an exposed realm that restricts no attacker is open to any champion (``may_reach``)
                if ATTACKERS in defs[r].at or self.protected(r):
                    if not champions:  # champions alike in traits and classes: each kind asked once
                        champions = list(dict.fromkeys((self.traits(c), self.classes(c)) for c in available))
                    if not any(self.may_reach(t, k, r) for t, k in champions):
                        continue
                out.append((r, SLOT_PLACES[s][pos]))
            if self.realms_of(s):  # a dungeon needs a formation (SF-057)
                for dg in self.zones[self.layout.dungeon[s]]:
                    out.append((dg, DUNGEON_PLACES[s]))
        return out

    def attack_blocked(self, seat: int) -> bool:
        return any(
            self.lasting_until.get(c, -1) == seat and self.ability(c, LASTING, "no_attacks") is not None
            for c in self.zones[self.layout.lasting]
        )

    @legal("attack", forced=empty_hand)
    def legal_attack(self) -> list[Action]:
        seat = self.active
        out: list[Action] = [Done()]
        f = self.fight
        if (f.attacker < 0 or f.withdrawn) and not self.attack_blocked(
            seat
        ):  # one battle a turn (SF-117, SF-198)
            out += [AttackRealm(place) for _, place in self.attack_targets(seat)]
        out += self.event_plays(seat)
        return out

    @act("attack")
    def act_attack(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        seat = d.seat
        self.schedule(frames.ASK["attack"])
        if isinstance(action, PlayCard):
            self.respond_after(seat)
            self.play_event(seat, action.card, action.target)
            return
        assert isinstance(action, AttackRealm)
        place = action.target
        assert place.seat >= 0
        if place.kind == "dungeon":
            target = self.zones[self.layout.dungeon[place.seat]][0]
        else:
            target = self.slots[place.seat][POSITIONS.index(place.name)]
        self.fight = Fight(seat, place.seat, target, dungeon=place.kind == "dungeon")
        self.emit(Event("attack", seat, target, other=place.seat))
        self.schedule(frames.RoundStart())
        self.respond_after(seat)

    # ------------------------------------------------------------------ steps B and C

    def op_round_start(self) -> None:
        f = self.fight
        if f.over == BATTLE_DONE:
            return  # cardplay ended the battle before this round (SF-205, SF-211)
        f.att_champion = f.def_champion = -1
        f.self_defence = f.stopped = False
        f.over = GOING
        f.winner = -1
        self.ask("champion", f.attacker)

    @legal("champion", forced=empty_hand)
    def legal_champion(self) -> list[Action]:
        f = self.fight
        out: list[Action] = [
            Send(c) for c in self.available_champions(f.attacker) if self.may_attack(c, f.target)
        ]
        if f.rounds > 0 or not out:
            out.insert(0, Done())  # the attacker is never obliged to go on (SF-204)
        return out

    @act("champion")
    def act_champion(self, action: Action, d: Decision) -> None:
        f = self.fight
        if isinstance(action, Done):
            self.emit(Event("battle_end", d.seat, note="attacker stops"))
            self.schedule(frames.BattleEnd())
            return
        assert isinstance(action, Send)
        f.rounds += 1
        self.into_round(action.card, d.seat)
        f.att_champion = action.card
        self.schedule(frames.DefendAsk())
        self.respond_after(d.seat)

    def into_round(self, champion: int, seat: int, ally: bool = False) -> None:
        """From hand or pool into the round with what is attached (SF-179, SF-181); ``ally``: brought in as
        an ally of its side's champion (SF-224)."""
        from_pool = self.zone_name(champion) == "pool"
        if not from_pool:
            self.fight.from_hand |= ATTACKER_SIDE if seat == self.fight.attacker else DEFENDER_SIDE
        carried = self.attachments(champion) if from_pool else []
        if self.face_down[champion]:  # out of a hidden pool: turned face up, seen by all (SF-K45)
            self.fight.from_hidden |= ATTACKER_SIDE if seat == self.fight.attacker else DEFENDER_SIDE
            self.face_down[champion] = False
            self.reveal_to_everyone(champion)
        battle = self.layout.battle
        self.move(champion, battle)
        self.controller[champion] = seat
        for a in carried:
            self.move(a, battle)
        self.fought[champion] = self.turn
        if champion in self.spent:
            self.spent -= {champion}
        role = "ally" if ally else "attacks" if seat == self.fight.attacker else "defends"
        self.emit(Event("send", seat, champion, note=role))

    def op_defend_ask(self) -> None:
        if self.fight.over != GOING:
            return  # cardplay ended the battle after the attacker was sent
        if not self.alive[self.fight.defender]:
            self.declined()  # a player who left the table defends nothing (SF-R23, SF-203)
            return
        self.ask("defend", self.fight.defender)

    @legal("defend", forced=empty_hand)
    def legal_defend(self) -> list[Action]:
        f = self.fight
        out: list[Action] = [Pass()]
        out += [Send(c) for c in self.available_champions(f.defender)]  # any may defend (SF-280)
        target = f.target
        if not f.dungeon and self.ability(target, DEFENCE, "defends") is not None:
            out.append(UsePower(target))  # SF-R27
        return out

    @act("defend")
    def act_defend(self, action: Action, d: Decision) -> None:
        f = self.fight
        if isinstance(action, Pass):
            self.declined()
            return
        if isinstance(action, UsePower):
            f.self_defence = True
            f.def_champion = f.target
            self.emit(Event("self_defend", d.seat, f.target))
        else:
            assert isinstance(action, Send)
            self.into_round(action.card, d.seat)
            f.def_champion = action.card
        self.schedule(frames.Activate())
        self.respond_after(d.seat)

    def declined(self) -> None:
        """No defender: the realm (or dungeon) is razed, the battle ends, the attacker earns spoils (SF-182,
        SF-203, SF-R07); a razed dungeon and its attacker go to the Void (SF-058, SF-059)."""
        f = self.fight
        att, target, champ = f.attacker, f.target, f.att_champion
        self.emit(Event("undefended", f.defender, target))
        if f.dungeon:
            self.to_zone(target, self.layout.void[self.owner[target]])
            self.emit(Event("dungeon_razed", f.defender, target))
            self.to_zone(champ, self.layout.void[self.owner[champ]])
            f.over = BATTLE_DONE
            self.schedule(frames.BattleEnd(), frames.Spoils(att, 1))
            return
        self.raze(target, "undefended")
        if self.ability(target, DEFENCE, "razed_discard") is not None:
            self.discard_card_from_play(champ, "razed realm")  # SF-148; spoils stand (SF-209)
        f.over = BATTLE_DONE
        self.schedule(frames.BattleEnd(), frames.Spoils(att, 0))

    def battle_seat_left(self, seat: int) -> None:
        """``seat`` left the table in the middle of a battle (SF-R23). The attacker leaving ends his turn
        and the battle with it: nobody wins, nobody draws spoils, every champion goes home (as when the
        attacker stops, SF-204). A defender leaving in the middle of a round gives up his defence as if
        he had declined it (SF-203); the one he would owe later is declined when it falls due."""
        f = self.fight
        if f.attacker < 0 or seat not in (f.attacker, f.defender):
            return
        if seat == f.attacker:
            # at once, even for a battle already over whose clean-up was still to come: the turn's work
            # is dropped as the turn ends
            if f.over != BATTLE_DONE or self.zones[self.layout.battle]:
                self.op_battle_end()
            return
        if f.att_champion < 0 or f.def_champion < 0 or f.over != GOING:
            return
        self.declined()
        w = self.window
        d = self.decision
        if w is not None and w.kind == "round" and d is not None and d.seat != seat:
            # the question of the round the others were asked is moot: ask the window again, which closes
            self.decision = None
            self._legal = None
            self.schedule(core_frames.WindowAsk(w.wid))

    # ------------------------------------------------------------------ step D

    def op_activate(self) -> None:
        """The attacker's power and cards first, then the defender's (SF-183, SF-219, SF-311, SF-R08)."""
        f = self.fight
        if f.over != GOING:  # cardplay after the defender was sent ended the round or the battle
            self.schedule(frames.OpenRound())
            return
        for seat, champ in ((f.attacker, f.att_champion), (f.defender, f.def_champion)):
            if champ >= 0:
                for c in [champ, *sorted(self.attachments(champ), key=self.activation_key)]:
                    self.emit(Event("activates", seat, c))
        borrow_from = f.def_champion if not f.self_defence else -1
        if borrow_from >= 0 and self.ability(f.att_champion, COMBAT, "borrow", copies=True):
            self.borrow(f.att_champion, borrow_from)
        self.schedule(*frames.ROUND_OPENS)

    # ------------------------------------------------------------------ champions brought in as allies

    def pool_allies(self, seat: int) -> list[int]:
        """The champions of ``seat``'s pool a ``pool_ally`` power may bring into the round: not yet in a
        round this turn (SF-180), one per round."""
        if any(self.controller[c] == seat for c in self.allied):
            return []
        return self.available_champions(seat, from_hand=False)

    def op_summon_ask(self, side: int) -> None:
        """A power that brings a card into the battle "at once" is used as its champion enters combat,
        outside the order of activation and whichever side is losing (SF-225)."""
        f = self.fight
        champ = f.att_champion if side == 0 else f.def_champion
        if f.over != GOING or champ < 0 or (side == 1 and f.self_defence):
            return
        ally = self.ability(champ, COMBAT, "ally")
        seat = f.attacker if side == 0 else f.defender
        if (
            ally is not None
            and ally.effect.param("at_once", False)
            and self.voluntary(champ)
            and self.pool_allies(seat)
        ):
            self.ask("summon", seat, SummonData(champ))

    @legal("summon", forced=empty_hand, data=SummonData)
    def legal_summon(self) -> list[Action]:
        d = self.decision
        assert d is not None
        champ = self.asked(SummonData).champion
        return [Pass(), *(UsePower(champ, CardRef(c)) for c in self.pool_allies(d.seat))]

    @act("summon")
    def act_summon(self, action: Action, d: Decision) -> None:
        if isinstance(action, UsePower):
            assert isinstance(action.target, CardRef)
            self.bring_ally(d.seat, action.card, action.target.id)

    def bring_ally(self, seat: int, champ: int, ally: int) -> None:
        """A champion of the pool joins the round as an ally of ``champ``: its level counts for the side, it
        is involved in the round (SF-180) and is discarded at its end as allies are (SF-K03)."""
        self.into_round(ally, seat, ally=True)
        self.allied.append(ally)
        self.emit(Event("pool_ally", seat, ally, other=champ, amount=self.level(ally)))

    def borrow(self, borrower: int, victim: int) -> None:
        """The borrower takes the victim's best item for the round (SF-255)."""
        items = [a for a in self.attachments(victim) if self.defs[a].type == ITEM]
        if not items:
            return
        item = max(items, key=lambda a: (self.defs[a].bonus, -a))
        self.attached_to[item] = borrower
        self.borrowed[item] = victim
        self.emit(Event("borrow", self.controller[borrower], item, other=victim))

    def op_instant(self, side: int, kind: int) -> None:
        """An instant defeat by a champion (kind 0: one escape card, SF-244..SF-246) or by an attachment
        (kind 1: only an event removing it, SF-247, SF-248)."""
        f = self.fight
        if f.over != GOING or f.self_defence:
            return
        source_champ = f.att_champion if side == 0 else f.def_champion
        victim = f.def_champion if side == 0 else f.att_champion
        if source_champ < 0 or victim < 0:
            return
        source = self.defeat_source(source_champ, victim, kind)
        if source < 0:
            return
        self.schedule(frames.InstantResolve(source, victim, kind))
        self.ask("escape", self.controller[victim], EscapeData(source, victim, kind))

    def defeat_source(self, champion: int, victim: int, kind: int) -> int:
        if kind == 0:
            power = self.defeating(champion, "classes")
            return champion if power is not None and self.defeats(power, victim) else -1
        for a in sorted(self.attachments(champion), key=self.activation_key):
            power = self.defeating(a, "level_ge")
            if power is not None and self.defeats(power, victim):
                return a
        return -1

    @legal("escape", forced=empty_hand, data=EscapeData)
    def legal_escape(self) -> list[Action]:
        d = self.decision
        assert d is not None
        source, victim, kind = self.asked(EscapeData)
        out: list[Action] = [Pass()]
        if kind == 0 and d.seat == self.fight.attacker and not self.fight.from_hidden & DEFENDER_SIDE:
            # a visible instant defeat: the attack may be taken back, but not against a champion that
            # came out of a hidden pool (SF-012)
            out.append(Choose("withdraw"))
        for c in self.hand_of(d.seat):
            cd = self.defs[c]
            if kind == 0 and cd.type == ITEM:
                new = self.gives(c, "class")
                threat = self.defeating(source, "classes", copies=False)
                if (
                    new is not None
                    and threat is not None
                    and str(new.effect.param("class")) not in str(threat.effect.param("traits")).split("|")
                ):
                    out.append(PlayCard(c, CardRef(victim)))  # changes the condition (SF-245)
            elif kind == 1 and cd.type == EVENT and self.plays_as(c) == "support":
                out.append(PlayCard(c, CardRef(source)))  # SF-248
        return out

    @act("escape")
    def act_escape(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            return
        self.respond_after(d.seat)
        if isinstance(action, Choose):
            self.withdraw()
            return
        assert isinstance(action, PlayCard)
        if self.defs[action.card].type == ITEM:
            assert isinstance(action.target, CardRef)
            self.attach(d.seat, action.card, action.target.id)
        else:
            self.play_event(d.seat, action.card, action.target)

    def withdraw(self) -> None:
        """The attack is taken back as if never declared: both champions go back where they came from and
        may fight again this turn; another attack may be declared (SF-012). Only the attack is taken back:
        what was played meanwhile stands, and a champion that cast a Wish goes back to its pool spent
        (SF-242), never to the hand to be played again."""
        f = self.fight
        for champ, bit in ((f.att_champion, ATTACKER_SIDE), (f.def_champion, DEFENDER_SIDE)):
            if champ < 0 or self.zone_of[champ] != self.layout.battle:
                continue
            if f.from_hand & bit and champ not in self.spent:
                self.to_zone(champ, self.layout.hand[self.controller[champ]])
            else:
                self.return_to_pool(champ)
                self.fought[champ] = -1
        self.emit(Event("withdraw", f.attacker, f.target))
        f.over = BATTLE_DONE
        f.withdrawn = True

    def op_instant_resolve(self, source: int, victim: int, kind: int) -> None:
        f = self.fight
        battle = self.layout.battle
        if f.over != GOING or self.zone_of[source] != battle or self.zone_of[victim] != battle:
            return
        champ = source if kind == 0 else self.attached_to[source]
        if champ < 0 or self.defeat_source(champ, victim, kind) != source:
            return
        self.emit(Event("instant_defeat", self.controller[source], victim, other=source))
        f.over = ROUND_DONE
        f.winner = f.defender if victim == f.att_champion else f.attacker  # the round is over (SF-184)

    # ------------------------------------------------------------------ steps E and F

    def op_open_round(self) -> None:
        self.schedule(frames.RoundEnd())
        if self.fight.over == GOING:
            self.open_window("round", self.clockwise_from(self.fight.attacker), PASSES, until="round_over")

    @close_condition("round_over")
    def until_round_over(self) -> bool:
        w = self.window
        return w is not None and w.kind == "round" and self.fight.over != GOING

    def window_decision(self, window: Window, seat: int) -> str:
        """In a round the losing side plays cards; everyone else only events (SF-187, SF-188, SF-281)."""
        if window.kind == "round":
            return "fight" if seat == self.losing_seat() else "events"
        return window.kind

    def side_total(self, side: int) -> int:
        """A side's total: its champion's adjusted level, the world bonus, attachments and every card played
        for it in the round, less the other side's drains (SF-185, SF-199, SF-K02)."""
        f = self.fight
        seat = f.attacker if side == 0 else f.defender
        champ = f.att_champion if side == 0 else f.def_champion
        if champ < 0:
            return 0
        target = f.target
        realm_world = self.defs[target].world if not f.dungeon and not self.razed[target] else ""
        if side == 1 and f.self_defence:
            defends = self.ability(champ, DEFENCE, "defends")
            assert defends is not None
            return (
                int(defends.effect.param("level", 0)) + WORLD_BONUS
            )  # the realm is of its own world (SF-R27)
        total = self.level(champ)
        if realm_world and self.defs[champ].world == realm_world:
            total += WORLD_BONUS
            if side == 1:
                for h in self.attachments(target):
                    bonus = self.ability(h, DEFENCE, "bonus")
                    if bonus is not None:
                        total += bonus.effect.amount
        foe = f.def_champion if side == 0 else f.att_champion
        # against a champion immune to items, an item's or artifact's bonus is lost, while what it grants
        # its bearer (flight, an immunity: ``traits``, ``immune_to_spells``) stays (SF-250, SF-251)
        stripped = foe >= 0 and not (side == 0 and f.self_defence) and self.immune(foe, "items")
        for a in self.attachments(champ):
            if not stripped:
                total += self.defs[a].bonus
        other = f.defender if side == 0 else f.attacker
        for c in self.zones[self.layout.battle]:
            if self.attached_to[c] >= 0:
                continue
            if self.defs[c].type == CHAMPION:
                if c in self.allied and self.controller[c] == seat:
                    total += self.level(c)  # a champion brought in as an ally (SF-224)
                continue
            if self.controller[c] == seat:
                total += self.defs[c].bonus
            elif self.controller[c] == other:
                total -= self.defs[c].drain
        return total

    def losing_seat(self) -> int:
        """The defender wins ties (SF-186)."""
        f = self.fight
        return f.attacker if self.side_total(0) <= self.side_total(1) else f.defender

    def combat_plays(self, seat: int) -> list[Action]:
        """What the losing side may play into the round: allies, items, its champion's phase-4 cards
        (SF-187, SF-R18, SF-K03, SF-K04, SF-K12)."""
        f = self.fight
        own = f.att_champion if seat == f.attacker else f.def_champion
        if own < 0 or (seat == f.defender and f.self_defence):
            return []
        out: list[Action] = []
        attacking_protected = (
            seat == f.attacker
            and not f.dungeon
            and self.protected(f.target)
            and "flyer" in self.movement(own)
        )
        opposing = f.def_champion if seat == f.attacker else f.att_champion
        for c in self.hand_of(seat):
            d = self.defs[c]
            if d.type == ALLY:
                if (
                    attacking_protected
                    and self.ability(c, COMBAT, "own_movement") is not None
                    and not (d.all_traits & {"flyer", "swimmer", "earthwalker"})
                ):
                    continue  # SF-272, SF-R21
                out.append(PlayCard(c))
            elif d.type == ITEM:
                out.append(PlayCard(c, CardRef(own)))
            elif d.type in NOTATED and 4 in d.phases and self.can_use(own, c) and own not in self.spent:
                aim = self.plays_as(c)
                if aim == "opposing_champion":
                    if (
                        opposing >= 0
                        and not (f.self_defence and seat == f.attacker)
                        and not self.immune_to_spells(opposing)
                    ):
                        out.append(PlayCard(c, CardRef(opposing)))
                elif aim == "any_champion":
                    if opposing >= 0 and not (f.self_defence and seat == f.attacker):
                        out.append(PlayCard(c, CardRef(opposing)))
                elif aim == "opposing_item":
                    if (opposing >= 0 and not f.self_defence) or seat == f.defender:
                        out += (
                            [
                                PlayCard(c, CardRef(a))
                                for a in self.attachments(opposing)
                                if self.defs[a].type == ITEM
                            ]
                            if opposing >= 0
                            else []
                        )
                elif (aim == "answer" or aim == "unaimed") or (
                    aim == "wall"
                    and opposing >= 0
                    and self.defs[c].offensive
                    and self.immune_to_spells(opposing)
                ):
                    continue
                else:
                    out.append(PlayCard(c))
        for a in self.attachments(own):
            if self.ability(a, COMBAT, "discard_bonus") is not None and self.voluntary(a):
                out.append(UsePower(a))
        ally = self.ability(own, COMBAT, "ally")
        if ally is not None and not ally.effect.param("at_once", False) and self.voluntary(own):
            # a power bringing a card into the battle: only when its side may play one (SF-224)
            out += [UsePower(own, CardRef(c)) for c in self.pool_allies(seat)]
        return out

    @legal("fight", forced=empty_hand)
    def legal_fight(self) -> list[Action]:
        d = self.decision
        assert d is not None
        return [Pass(), *self.combat_plays(d.seat), *self.event_plays(d.seat)]

    @legal("events", forced=empty_hand)
    def legal_events(self) -> list[Action]:
        d = self.decision
        assert d is not None
        return [Pass(), *self.event_plays(d.seat)]

    @act("events")
    def act_events(self, action: Action, d: Decision) -> None:
        self.act_fight(action, d)

    @legal("respond", forced=empty_hand)
    def legal_respond(self) -> list[Action]:
        return self.legal_events()

    @act("respond")
    def act_respond(self, action: Action, d: Decision) -> None:
        self.act_fight(action, d)

    @act("fight")
    def act_fight(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            self.window_passed()  # the round ends once everyone passes in turn (SF-189)
            return
        self.window_acted()
        seat = d.seat
        f = self.fight
        own = f.att_champion if seat == f.attacker else f.def_champion
        if isinstance(action, UsePower) and isinstance(action.target, CardRef):
            self.bring_ally(seat, action.card, action.target.id)
            return
        if isinstance(action, UsePower):  # discard it to use it (SF-312)
            bonus = self.ability(action.card, COMBAT, "discard_bonus")
            assert bonus is not None
            amount = bonus.effect.amount
            self.discard_card_from_play(action.card, "spent")
            self.modify_card(own, "level", amount, ROUND, source=action.card)
            self.emit(Event("item_power", seat, action.card, amount=amount))
            return
        assert isinstance(action, PlayCard)
        card = action.card
        d_ = self.defs[card]
        if d_.type == EVENT:
            self.play_event(seat, card, action.target)
        elif d_.type == ALLY:
            self.move(card, self.layout.battle)
            self.controller[card] = seat
            self.emit(Event("ally", seat, card, amount=d_.bonus))
            self.ally_arrives(seat, card, own)
        elif d_.type == ITEM:
            self.attach(seat, card, own)
        else:
            self.cast(seat, card, action.target)

    def ally_arrives(self, seat: int, ally: int, own: int) -> None:
        """Ally powers on arrival: Abyss to Void (SF-173); defeating a low-level champion (SF-247)."""
        f = self.fight
        to_void = self.ability(ally, COMBAT, "abyss_to_void")
        if to_void is not None:
            moved = 0
            for s in range(self.n_seats):
                for c in list(self.zones[self.layout.abyss[s]]):
                    if moved < to_void.effect.amount:
                        self.move(c, self.layout.void[s])
                        moved += 1
        power = self.defeating(ally, "level_le")
        opposing = f.def_champion if seat == f.attacker else f.att_champion
        if power is not None and opposing >= 0 and not f.self_defence and self.defeats(power, opposing):
            self.emit(Event("instant_defeat", seat, opposing, other=ally))
            f.over = ROUND_DONE
            f.winner = seat

    def wall(self, play: PlayRec, turned: bool, cross: str) -> None:
        """A wall stops the opposing champion unless it has a crossing trait (SF-232, SF-234); an attacker
        may first play one card to go on (SF-235); a defender stopped ends the round (SF-236)."""
        f = self.fight
        self.settle(play.card)
        if f.over != GOING or f.att_champion < 0 or f.def_champion < 0:
            return
        caster_side_att = play.seat == f.attacker
        stops_attacker = caster_side_att == turned
        victim = f.att_champion if stops_attacker else f.def_champion
        if f.self_defence and not stops_attacker:
            return
        if self.traits(victim) & set(cross.split("|")):
            return
        if stops_attacker:
            self.schedule(frames.WallCheck(victim, cross))
            self.ask("wall", f.attacker, WallData(victim, cross))
        else:
            f.over = ROUND_DONE
            f.winner = f.attacker
            f.stopped = True
            self.emit(Event("walled", f.defender, victim))

    @legal("wall", forced=empty_hand, data=WallData)
    def legal_wall(self) -> list[Action]:
        d = self.decision
        assert d is not None
        victim, cross = self.asked(WallData)
        crossing = set(str(cross).split("|"))
        out: list[Action] = [Pass()]
        for c in self.hand_of(d.seat):
            cd = self.defs[c]
            trait = self.gives(c, "trait")
            if trait is None or str(trait.effect.param("traits")) not in crossing:
                continue
            if cd.type == ITEM:
                out.append(PlayCard(c, CardRef(victim)))
            elif self.can_use(victim, c):
                out.append(PlayCard(c))
        return out

    @act("wall")
    def act_wall(self, action: Action, d: Decision[WallData]) -> None:
        if isinstance(action, Pass):
            return
        self.respond_after(d.seat)
        assert isinstance(action, PlayCard)
        if self.defs[action.card].type == ITEM:
            self.attach(d.seat, action.card, d.data.victim)
        else:
            self.cast(d.seat, action.card, None)

    def op_wall_check(self, victim: int, cross: str) -> None:
        f = self.fight
        if f.over != GOING or self.zone_of[victim] != self.layout.battle:
            return
        if self.traits(victim) & set(cross.split("|")):
            return
        self.emit(Event("walled", f.attacker, victim))
        f.over = BATTLE_DONE  # stopped, back to the pool, no spoils for anyone (SF-232, SF-233)
        self.schedule(frames.BattleEnd())

    # ------------------------------------------------------------------ steps G, H and I

    def op_round_end(self) -> None:
        f = self.fight
        if f.over == BATTLE_DONE or f.att_champion < 0:
            self.round_cleanup()
            return
        score = ""
        if f.over == ROUND_DONE and f.winner >= 0:
            winner = f.winner
        else:
            totals = self.side_total(0), self.side_total(1)
            winner = f.attacker if totals[0] > totals[1] else f.defender  # SF-191
            score = f"{max(totals)} to {min(totals)}"
        f.over = ROUND_DONE
        self.emit(
            Event("round_won", winner, f.att_champion if winner == f.attacker else f.def_champion, note=score)
        )
        after = self.after_combat_discards()
        if winner == f.attacker:
            loser = f.def_champion
            if f.self_defence:
                self.round_cleanup()
                self.raze(f.target, "lost")  # a self-defending realm that loses is razed (SF-R27)
                f.over = BATTLE_DONE
                self.schedule(frames.BattleEnd(), frames.Spoils(f.attacker, 0))
                return
            if loser >= 0 and self.zone_of[loser] == self.layout.battle:
                if f.stopped:
                    self.return_to_pool(loser)
                else:
                    self.discard_card_from_play(loser, "lost")  # SF-193
            self.round_cleanup()
            self.discard_after(after)
            self.schedule(frames.RoundStart())  # another champion may attack the same realm (SF-194, SF-202)
            return
        loser = f.att_champion
        if self.zone_of[loser] == self.layout.battle:
            self.discard_card_from_play(loser, "lost")
        self.round_cleanup()
        self.discard_after(after)
        f.over = BATTLE_DONE
        self.schedule(
            frames.BattleEnd(), frames.Spoils(f.defender, 1 if f.dungeon else 0)
        )  # SF-200, SF-201, SF-061

    def after_combat_discards(self) -> list[int]:
        f = self.fight
        out = []
        for mine, theirs in ((f.att_champion, f.def_champion), (f.def_champion, f.att_champion)):
            if (
                mine >= 0
                and theirs >= 0
                and not f.self_defence
                and self.defs[mine].type == CHAMPION
                and self.ability(mine, COMBAT, "discard_foe", copies=True) is not None
            ):
                out.append(theirs)
        return out

    def discard_after(self, cards: list[int]) -> None:
        """Discards after combat change neither the result nor the spoils (SF-209)."""
        for c in cards:
            if self.in_play(c) and self.defs[c].type == CHAMPION:
                self.discard_card_from_play(c)

    def return_to_pool(self, champion: int) -> None:
        seat = self.controller[champion]
        pool = self.layout.pool[seat]
        carried = self.attachments(champion)
        self.move(champion, pool)
        if self.pool_hidden(seat):
            self.reveal_to_everyone(champion)  # it was seen in the battle: going face down hides nothing
            self.hide_in_pool(champion)
        for a in carried:
            if self.borrowed.get(a, -1) >= 0:
                continue
            self.move(a, pool)

    def round_cleanup(self) -> None:
        """Winners go back to their pools with their items and artifacts; allies, spells and other cards
        used in the round are discarded (SF-192); borrowed items go home (SF-255, SF-256)."""
        battle = self.layout.battle
        for c in list(self.zones[battle]):
            if self.borrowed.get(c, -1) >= 0:
                home = self.borrowed.get(c, -1)
                self.borrowed.pop(c, None)
                if self.in_play(home):
                    self.attached_to[c] = home
                    self.move(c, self.zone_of[home])
                else:
                    self.attached_to[c] = -1
                    self.discard_card(c)
        for c in self.allied:
            if self.zone_of[c] == battle:
                self.discard_card_from_play(c, "ally")  # an ally's end, win or lose (SF-K03)
        for c in list(self.zones[battle]):
            if self.zone_of[c] != battle:
                continue
            if self.defs[c].type == CHAMPION:
                self.return_to_pool(c)
        for c in list(self.zones[battle]):
            if self.attached_to[c] < 0:
                self.left_play(c)
                self.discard_card(c)
        self.allied = []
        self.end_duration(ROUND)

    def op_battle_end(self) -> None:
        f = self.fight
        self.round_cleanup()
        f.over = BATTLE_DONE
        self.end_duration(BATTLE)
        self.emit(Event("battle_over", f.attacker))

    def op_battle_over_realm_lost(self) -> None:
        """The attacked realm was razed or discarded by cardplay: spoils for the attacker, both champions
        home (SF-205, SF-211, SF-212)."""
        f = self.fight
        if f.over == BATTLE_DONE:
            return
        f.over = BATTLE_DONE
        self.schedule(frames.BattleEnd(), frames.Spoils(f.attacker, 0))

    def op_battle_over_attacker_lost(self) -> None:
        """Cardplay discarded the attacking champion: spoils for the defender (SF-208, SF-213, SF-214)."""
        f = self.fight
        if f.over == BATTLE_DONE:
            return
        f.over = BATTLE_DONE
        self.schedule(frames.BattleEnd(), frames.Spoils(f.defender, 0))

    def op_battle_over_both(self) -> None:
        """Both champions discarded by cardplay: no winner, no spoils (SF-207)."""
        f = self.fight
        if f.over == BATTLE_DONE:
            return
        f.over = BATTLE_DONE
        self.schedule(frames.BattleEnd())
