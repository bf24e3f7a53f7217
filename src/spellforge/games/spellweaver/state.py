"""The Spellweaver state: setup, the turn, main phases and instant windows, playing cards, winning.

Combat is in ``combat.py``, shrines / skills / the Divine Offering / rows in ``resources.py``, the card
vocabulary in ``abilities.py`` and Views in ``view.py``; each is a base of the next, in one chain that ends
in the class below.

There is no stack (SW-R12): a played card resolves at once. The only response is a Cancel card (SW-K25),
which its holder may play in the short ``cancel`` window that follows each card played by the opponent.
Every other instant is played in one of the windows the rules name, each a decision of the seat that may
act there: the active player's main phases, attack declaration and post-block step, the defender's block
declaration, and the opponent's end-of-turn window.
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core import frames as core_frames
from spellforge.core.actions import Action, Choose, ChooseTarget, Done, Pass
from spellforge.core.cards import Effect
from spellforge.core.clock import Clock
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.selectors import Selection
from spellforge.core.targets import CardRef, Target, card_ref
from spellforge.core.windows import EACH

from . import fair, frames
from .actions import Move, Offer, Play, Shrine, Spark, Use, UseSkill
from .base import HAND, LIFE, SETUP, START_CRYSTALS, WIN_LIFE
from .cards import ASPECTS, LASTING_TYPES, SWCard
from .combat import SpellweaverCombat
from .decisions import CancelData, TargetData

GRAVEYARD_TURN_START = "graveyard_turn_start"  # the event a card in the graveyard hears (SW-056)


class SpellweaverState(SpellweaverCombat):
    FRAMES = frames.FRAMES
    __slots__ = ()

    # ------------------------------------------------------------------ setup (SW-067..075, SW-R02/R03)

    def init_game(self) -> None:
        L = self.layout
        self.rows = frozenset((*L.combat, *L.support))
        self.fronts = frozenset(L.combat)
        self.play_zones = (*L.combat, *L.support, *L.area)
        n = len(self.defs)
        self.first = 0
        self.phase = SETUP
        self.life = [LIFE, LIFE]
        self.crystals = [START_CRYSTALS, START_CRYSTALS]
        self.full = [START_CRYSTALS, START_CRYSTALS]
        self.bonus_mana = [0, 0]
        self.levels = [[0] * len(ASPECTS) for _ in range(2)]  # SW-071
        self.shrine_played = [False, False]
        self.offered = [False, False]
        self.skills = [[], []]
        self.cooldown = [[], []]
        self.goal = ["", ""]
        self.clock = Clock.from_options(self.options, self.n_seats)
        self.exhausted = [False] * n
        self.damage = [0] * n
        self.fresh = set()
        self.frozen = set()
        self.emblems = {}
        self.energy = {}
        self.attached = {}
        self.att = []
        self.att_tgt = {}
        self.blk = {}
        self.blocked = set()
        self.manual = False
        self.init_windows()
        for seat in range(self.n_seats):
            heroes = [c for c in self.zones[L.deck[seat]] if self.defs[c].type == "hero"]
            hero = heroes[0] if heroes else self.add_card(self.game.default_hero(), seat, L.deck[seat])  # type: ignore[attr-defined]
            self.move(hero, L.hero[seat])
            self.skills[seat].append(hero)  # SW-075
            self.cooldown[seat].append(0)

    def remap_hidden(self, mapping: dict[int, int]) -> None:
        """Keep a determinized copy consistent with what every seat knows: a player who chose ``shrine``
        holds a shrine. If the resampling left none in that hand, one comes back from the deck."""
        super().remap_hidden(mapping)
        d = self.decision
        if d is None or d.kind != "shrine":
            return
        hand = self.zones[self.layout.hand[d.seat]]
        if any(self.defs[c].type == "shrine" for c in hand):
            return
        deck_zone = self.layout.deck[d.seat]
        deck = self.zones[deck_zone]
        shrines = [i for i, c in enumerate(deck) if self.defs[c].type == "shrine"]
        i = shrines[self.rng.randrange(len(shrines))]
        j = self.rng.randrange(len(hand))
        deck[i], hand[j] = hand[j], deck[i]
        self.zone_of[deck[i]] = deck_zone
        self.zone_of[hand[j]] = self.layout.hand[d.seat]

    def publicly_forced(self, decision: Decision) -> bool:
        """Each kind's registered rule (see fair.py), unless every decision is asked (``manual``)."""
        return not self.manual and super().publicly_forced(decision)

    def op_setup(self) -> None:
        """SW-R02: the starting player at random; SW-067: seven cards each; SW-072: The Spark."""
        for seat in range(self.n_seats):
            self.shuffle(self.layout.deck[seat])
        self.first = self.rng.randrange(self.n_seats)
        self.begin_turns(self.first)
        second = self.opponent(self.first)
        for seat in (self.first, second):
            self.draw_cards(seat, HAND)
        spark: SWCard = self.game.cards["the-spark"]  # type: ignore[assignment]
        cid = self.add_card(spark, second, self.layout.area[second])
        self.emit(Event("spark_given", second, cid))
        self.schedule(frames.Mulligan(self.first), frames.Mulligan(second), frames.TurnStart())

    def op_mulligan(self, seat: int) -> None:
        self.ask("mulligan", seat)

    @legal("mulligan")
    def legal_mulligan(self) -> list[Action]:
        return [Choose("keep"), Choose("mulligan")]

    @act("mulligan")
    def act_mulligan(self, action: Action, d: Decision) -> None:
        """SW-068/069, SW-R03: keep, or replace the whole hand once."""
        assert isinstance(action, Choose)
        if action.option != "mulligan":
            self.emit(Event("keep", d.seat))
            return
        deck = self.layout.deck[d.seat]
        for cid in list(self.zones[self.layout.hand[d.seat]]):
            self.move(cid, deck)
        self.shuffle(deck)
        self.emit(Event("mulligan", d.seat))
        self.draw_cards(d.seat, HAND)

    # ------------------------------------------------------------------ the turn (SW-076..080, SW-132..136)

    def op_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")  # an engine guard, never a rule (SW-143)
            return
        seat = self.active
        self.shrine_played[seat] = False
        self.offered[seat] = False
        self.emit(Event(ev.TURN, seat, amount=self.turn))
        self.schedule(core_frames.EnterPhase(self.game.turn_structure.first))

    def op_begin_start(self) -> None:
        """SW-R08 ready, SW-R09 cooldowns, SW-012 refill, SW-078/079 draw, SW-080 start-of-turn effects."""
        seat = self.active
        L = self.layout
        ex = self.exhausted
        for z in (L.combat[seat], L.support[seat], L.area[seat]):
            for cid in self.zones[z]:
                ex[cid] = False
        cd = self.cooldown[seat]
        for i, left in enumerate(cd):
            if left:
                cd[i] = left - 1
        self.full[seat] = self.crystals[seat]
        if not (self.turn == 1 and seat == self.first):
            self.draw_cards(seat, 1)
        if self.outcome is not None:
            return
        self.fire(Event("turn_start", seat))
        defs = self.defs
        for cid in self.zones[L.graveyard[seat]]:
            if GRAVEYARD_TURN_START in defs[cid].abilities.own:  # the few cards that act from there
                self.fire(Event(GRAVEYARD_TURN_START, self.controller[cid], cid))
        self.schedule(frames.Check())

    def op_begin_main(self) -> None:
        self.open_window("main", (self.active,))

    def op_begin_end(self) -> None:
        """SW-134/135, SW-R34: the active player's end-of-turn effects, the opponent's, then the
        opponent's instant window; SW-136 then restores hitpoints."""
        seat = self.active
        self.fire(Event("turn_end", seat))
        self.fire(Event("end_step", seat))
        self.fire(Event("end_step", self.opponent(seat)))
        self.schedule(frames.Check(), frames.Window("end_window", self.opponent(seat)), frames.Cleanup())

    def op_cleanup(self) -> None:
        """SW-036/136, SW-R20: hitpoints restored; until-end-of-turn effects (SW-041), Freeze (SW-R18)
        and unspent extra mana end."""
        for cid in self.all_creatures():
            self.damage[cid] = 0
        self.frozen = set()
        self.fresh = set()
        self.end_duration(TURN)  # granted keywords too
        self.bonus_mana = [0, 0]
        self.schedule(frames.Check())

    def op_turn_end(self) -> None:
        self.pass_turn()  # SW-076: to the opponent
        self.schedule(frames.TurnStart())

    # ------------------------------------------------------------------ main phases (SW-081..091)

    @legal("main", forced=fair.main_phase)
    def legal_main(self) -> list[Action]:
        seat = self.active
        out: list[Action] = [Done()]
        hand = self.zones[self.layout.hand[seat]]
        defs = self.defs
        mana = self.mana(seat)
        shrine = False
        for cid in hand:
            d = defs[cid]
            if d.type == "shrine":
                shrine = True
            elif self.card_playable(seat, cid, d, mana, False):
                out.append(Play(cid))
        if shrine and not self.shrine_played[seat]:
            out.append(Shrine())
        for slot in range(len(self.skills[seat])):
            if self.skill_usable(seat, slot):
                out.append(UseSkill(slot))
        if self.movable(seat):
            out.append(Move())
        if hand and not self.offered[seat]:
            out.append(Offer())
        self.ability_options(seat, mana, False, out)
        if self.spark_card(seat) >= 0:
            out.append(Spark())
        return out

    @act("main")
    def act_main(self, action: Action, d: Decision) -> None:
        self.answer_window(action, d)

    def card_playable(self, seat: int, cid: int, d: SWCard, mana: int, instant_only: bool) -> bool:
        """SW-014/016, SW-038/039: affordable, levels met, the right timing, and a target if it needs one."""
        if d.cost > mana or (instant_only and d.type != "instant"):
            return False
        if d.type in ("hero", "system", "shrine") or not self.meets(seat, d.req, d.req_total):
            return False
        if d.attach is not None:
            return bool(self.select(d.attach, Context(cid, seat)))
        if d.choice is not None:
            return bool(self.choice_targets(d.choice, cid, seat))
        return True

    def choice_targets(self, effect: Effect | None, source: int, seat: int) -> list[Target]:
        if effect is None or effect.target is None:
            return []
        return self.select(effect.target, Context(source, seat))

    def ability_options(self, seat: int, mana: int, instant_only: bool, out: list[Action]) -> None:
        """The activated abilities in force (core's ``activated_in_force``) on ``seat``'s side that it may
        use now, as ``Use(card, index of the ability on the card)``."""
        force = self.activated_in_force()
        if not force:
            return
        L = self.layout
        mine = (L.combat[seat], L.support[seat], L.area[seat])
        zone_of = self.zone_of
        last, i = -1, 0
        for cid, effect in force:  # a card's abilities are listed together, in order
            i = i + 1 if cid == last else 0
            last = cid
            if zone_of[cid] not in mine:
                continue
            if instant_only and not effect.cost("instant", False):
                continue
            if effect.cost("exhaust", False) and self.exhausted[cid]:  # SW-102, SW-K13
                continue
            if effect.cost("mana", 0) > mana or effect.cost("energy", 0) > self.energy.get(cid, 0):
                continue
            if effect.target is not None and not self.choice_targets(effect, cid, seat):
                continue
            out.append(Use(cid, i))

    def window_extras(self, seat: int, out: list[Action]) -> None:
        """What a seat may do in an instant window (SW-R12): instants, instant abilities, The Spark."""
        mana = self.mana(seat)
        defs = self.defs
        for cid in self.zones[self.layout.hand[seat]]:
            d = defs[cid]
            if d.type == "instant" and self.card_playable(seat, cid, d, mana, True):
                out.append(Play(cid))
        self.ability_options(seat, mana, True, out)
        if seat == self.active and self.spark_card(seat) >= 0:  # SW-073: during its owner's own turn
            out.append(Spark())

    def window_action(self, seat: int, action: Action) -> None:
        """Carry out a chosen option, asking for its target or its details next where there are any."""
        if isinstance(action, Play):
            d = self.defs[action.card]
            if d.attach is not None or d.choice is not None:
                # The card is shown as it is played, before its target is chosen: it waits in the
                # public casting zone, so nobody's hidden cards are named by the pending choice.
                self.move(action.card, self.layout.casting)
                self.controller[action.card] = seat
                self.ask("target", seat, TargetData("card", action.card, -1))
            else:
                self.begin_play(seat, action.card, None)
        elif isinstance(action, UseSkill):
            skill = self.defs[self.skills[seat][action.slot]].skill
            assert skill is not None
            if skill.target_effect is not None:
                self.ask("target", seat, TargetData("skill", action.slot, -1))
            else:
                self.use_skill(seat, action.slot, None)
        elif isinstance(action, Use):
            if self.defs[action.card].activated[action.ability].target is not None:
                self.ask("target", seat, TargetData("use", action.card, action.ability))
            else:
                self.use_ability(seat, action.card, action.ability, None)
        elif isinstance(action, Shrine):
            self.ask("shrine", seat)
        elif isinstance(action, Move):
            self.ask("move", seat)
        elif isinstance(action, Offer):
            self.ask("offer", seat)
        elif isinstance(action, Spark):
            self.sacrifice_spark(seat)

    def op_window(self, kind: str, seat: int) -> None:
        """An instant window of one seat (SW-R12): it acts as often as it likes, then passes."""
        self.open_window(kind, (seat,))

    @legal("end_window", forced=fair.instant_window)
    def legal_end_window(self) -> list[Action]:
        out: list[Action] = [Pass()]
        self.window_extras(self.opponent(self.active), out)
        return out

    @act("end_window")
    def act_end_window(self, action: Action, d: Decision) -> None:
        self.answer_window(action, d)

    def answer_window(self, action: Action, d: Decision) -> None:
        """A seat answered its window: ``pass`` / ``done`` closes it; anything else is carried out, checked,
        and the same window asks again (SW-R12)."""
        if isinstance(action, Pass | Done):
            self.window_passed()
            return
        self.window_acted()
        self.schedule(frames.Check())  # before the window asks again
        self.window_action(d.seat, action)

    # ------------------------------------------------------------------ targets

    def target_selection(self, data: TargetData, seat: int) -> tuple[Selection | None, int]:
        """The selection a pending target choice draws from, and the card it is for."""
        what, a, b = data.what, data.source, data.ability
        if what == "card":
            d = self.defs[a]
            return (d.attach if d.attach is not None else d.choice.target if d.choice else None), a
        if what == "skill":
            source = self.skills[seat][a]
            skill = self.defs[source].skill
            assert skill is not None and skill.target_effect is not None
            return skill.target_effect.target, source
        return self.defs[a].activated[b].target, a

    @legal("target", data=TargetData)
    def legal_target(self) -> list[Action]:
        d = self.decision
        assert d is not None
        sel, source = self.target_selection(self.asked(TargetData), d.seat)
        return [ChooseTarget(t) for t in self.select(sel, Context(source, d.seat))] if sel is not None else []

    @act("target")
    def act_target(self, action: Action, d: Decision[TargetData]) -> None:
        assert isinstance(action, ChooseTarget)
        what, a, b = d.data.what, d.data.source, d.data.ability
        if what == "card":
            self.begin_play(d.seat, a, action.target)
        elif what == "skill":
            self.use_skill(d.seat, a, action.target)
        else:
            self.use_ability(d.seat, a, b, action.target)

    # ------------------------------------------------------------------ playing a card (SW-014, SW-040..047)

    def begin_play(self, seat: int, cid: int, target: Target | None) -> None:
        """Pay, show the card, resolve its "when played" effects, give the opponent the chance to cancel
        it (SW-K25), then resolve it."""
        self.pay(seat, self.defs[cid].cost)
        self.move(cid, self.layout.casting)
        self.controller[cid] = seat
        self.emit(Event(ev.PLAY, seat, cid, target=target))  # fires its "played" abilities
        self.schedule(frames.Flush(), frames.CancelWindow(cid), frames.ResolveCard(cid, target))

    def op_cancel_window(self, cid: int) -> None:
        """SW-K25, SW-R12: the opponent may answer a card being played with a card that cancels it. The
        window opens whenever a Cancel card of the game could answer this card, whatever the opponent
        holds: whether it is asked must not tell what is in its hand (an empty hand, or too little mana
        for any Cancel card, lets the engine pass for it, see fair.py)."""
        if self.zone_of[cid] != self.layout.casting:
            return
        opponent = self.opponent(self.controller[cid])
        defs = self.defs
        for source in fair.pool(defs).cancel_cards:
            if card_ref(cid) in self.choice_targets(defs[source].choice, source, opponent):
                self.open_window("cancel", (opponent,), EACH, data=CancelData(cid))
                return

    def cancel_options(self, seat: int) -> list[Action]:
        mana = self.mana(seat)
        out: list[Action] = []
        for cid in self.zones[self.layout.hand[seat]]:
            card = self.defs[cid]
            if card.cancels and self.card_playable(seat, cid, card, mana, True):
                out.append(Play(cid))
        return out

    @legal("cancel", forced=fair.cancel_window, data=CancelData)
    def legal_cancel(self) -> list[Action]:
        d = self.decision
        assert d is not None
        out: list[Action] = [Pass(), *self.cancel_options(d.seat)]
        if d.seat == self.active and self.spark_card(d.seat) >= 0:  # SW-073: at any time of its own turn
            out.append(Spark())
        return out

    @act("cancel")
    def act_cancel(self, action: Action, d: Decision[CancelData]) -> None:
        if isinstance(action, Spark):
            self.sacrifice_spark(d.seat)  # its mana may pay for the Cancel card: the window stays open
            self.window_stay()
            return
        self.window_acted()  # the one answer: the window closes (a Cancel played opens its own)
        if isinstance(action, Play):
            self.window_action(d.seat, action)

    def op_resolve_card(self, cid: int, target: Target | None) -> None:
        if self.zone_of[cid] != self.layout.casting:
            return  # cancelled
        d = self.defs[cid]
        seat = self.controller[cid]
        self.emit(Event(ev.RESOLVE, seat, cid))
        ctx = Context(cid, seat)
        if d.is_creature or d.type in LASTING_TYPES:
            if d.attach is not None:
                if not isinstance(target, CardRef) or not self.still_legal(d.attach, target, ctx):
                    self.move(cid, self.layout.graveyard[self.owner[cid]])
                    self.controller[cid] = self.owner[cid]
                    self.emit(Event(ev.FIZZLE, seat, cid))
                    return
                self.attached[cid] = target.id
            self.enter_play(cid, seat)
            self.run_effects(d.on_resolve, ctx, target)
            return
        self.run_effects(d.on_resolve, ctx, target)
        if self.zone_of[cid] == self.layout.casting:  # SW-040
            self.move(cid, self.layout.graveyard[self.owner[cid]])
            self.controller[cid] = self.owner[cid]

    def use_ability(self, seat: int, cid: int, index: int, target: Target | None) -> None:
        """Pay the ability's costs (exhaust, mana, channelled energy SW-K22, sacrifice), then resolve it."""
        effect = self.defs[cid].activated[index]
        if effect.cost("exhaust", False):
            self.exhausted[cid] = True
        self.pay(seat, effect.cost("mana", 0))
        channel = effect.cost("energy", 0)
        if channel:
            self.energy[cid] -= channel
        self.emit(Event("activate", seat, cid, target=target))
        if effect.cost("sacrifice", False):
            self.destroy_card(cid, cid)
        self.run_effects((effect,), Context(cid, seat), target)

    # ------------------------------------------------------------------ checkpoints and the end (SW-137..144)

    def op_check(self, life: bool = True) -> None:
        """Deaths (SW-035), then waiting triggered abilities, then -- after a whole action, or a whole
        combat resolution -- the life-based wins and losses (SW-137, SW-141, SW-R26)."""
        self.check_deaths()
        if self.pending_triggers:
            self.schedule(frames.Flush(), frames.Check(life))
            return
        if life:
            self.check_outcome({})

    def check_outcome(self, lose: dict[int, str]) -> None:
        """Decide the game if any player meets a condition; both at once: the active player wins (SW-144)."""
        win: dict[int, str] = {}
        for seat in range(self.n_seats):
            if self.life[seat] < 1:
                lose.setdefault(seat, "life")
            if self.goal[seat]:
                win[seat] = self.goal[seat]
            elif self.life[seat] >= WIN_LIFE:
                win[seat] = "40 life"
        if not lose and not win:
            return
        favoured = {self.opponent(s) for s in lose} | set(win)
        if len(favoured) > 1:
            self.finish((self.active,), "simultaneous (active player wins)")
            return
        winner = favoured.pop()
        self.finish((winner,), win.get(winner) or lose[self.opponent(winner)])

    def deck_out(self, seat: int) -> None:
        """SW-009 / SW-R07: the moment a deck is empty its owner loses, whatever is still resolving."""
        self.check_outcome({seat: "deck-out"})

    def check_invariants(self) -> list[str]:
        """No negative resource (life may be: a hero below 1 during an action, SW-125), every in-play
        fact about a card in play, combat only among creatures in play, nothing left in passing zones."""
        problems = super().check_invariants()
        for name in ("crystals", "full", "bonus_mana"):
            if any(v < 0 for v in getattr(self, name)):
                problems.append(f"negative {name}: {getattr(self, name)}")
        for seat in range(self.n_seats):
            if self.full[seat] > self.crystals[seat]:
                problems.append(f"P{seat + 1} has more full crystals than crystals")
            if any(v < 0 for v in self.levels[seat]) or any(v < 0 for v in self.cooldown[seat]):
                problems.append(f"P{seat + 1} has negative levels or cooldowns")
            if len(self.skills[seat]) > 3 or len(self.skills[seat]) != len(self.cooldown[seat]):
                problems.append(f"P{seat + 1} has a bad skill list {self.skills[seat]}")
        rows = self.rows
        for cid in range(len(self.defs)):
            if self.zone_of[cid] not in self.play_zones and (self.exhausted[cid] or self.damage[cid]):
                problems.append(f"#{cid} outside play keeps in-play state")
        for name in ("fresh", "frozen", "emblems"):
            for cid in getattr(self, name):
                if self.zone_of[cid] not in rows:
                    problems.append(f"#{cid} has {name} but is not a creature in play")
        for cid, value in self.energy.items():
            if value < 0 or not self.in_play(cid) or not self.defs[cid].has_energy:
                problems.append(f"#{cid} has bad energy {value}")
        for cid, host in self.attached.items():
            if not self.in_play(cid) or not self.in_row(host):
                problems.append(f"#{cid} is attached to #{host} but one of them is not in play")
        for cid in (*self.att, *self.blk):
            if not self.in_row(cid):
                problems.append(f"#{cid} is in combat but not in play")
        d = self.decision
        if self.zones[self.layout.casting] and not (
            d is not None and d.kind in ("cancel", "target", "trigger_target")
        ):
            problems.append("a card waits in the casting zone outside a cancel window")
        for seat in range(self.n_seats):
            if self.zones[self.layout.looking[seat]] and not (d is not None and d.kind == "take"):
                problems.append("looked-at cards outside a Divine Offering")
        return problems
