"""The Spell Battle state: setup, the turn, limbo and priority, playing cards, checkpoints, elimination.

Combat lives in ``combat.py``, the card vocabulary in ``abilities.py``, sealed and draft in
``limited.py`` and Views in ``view.py``; each is a base of the next, in one chain that ends in the class
below.
"""

from __future__ import annotations

from typing import Any

from spellforge.core import events as ev
from spellforge.core import frames as core_frames
from spellforge.core.actions import Action, Pass, Play
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, StackRef, Target

from . import fair, frames
from .actions import CallTime, Farm, PlayFarm, Use
from .base import AS_ONE, DRAFT, SEALED, item_note
from .combat import SpellBattleCombat

# Options without fields, shared by every list of legal actions (actions are frozen values).
PASS = Pass()
FARM = Farm()


class SpellBattleState(SpellBattleCombat):
    FRAMES = frames.FRAMES
    __slots__ = ()

    # ------------------------------------------------------------------ setup

    def start_zone(self, seat: int) -> int:
        if self.options["format"] in (SEALED, DRAFT):
            return int(self.layout.packs[seat])
        return int(self.layout.deck[seat])

    def card_owner(self, seat: int) -> int:
        return -1 if self.options["format"] == "off_the_top" else seat

    def init_game(self) -> None:
        """Life totals from the team options (SB-152..159, SB-R22, SB-R23; the seating is the ruleset's
        ``seat_teams`` and ``seat_sides``)."""
        n = self.n_seats
        mode = self.options["teams"]
        if mode == AS_ONE:
            self.pool_of = self.team_of
            self.life_max = 30
        else:
            self.pool_of = tuple(range(n))
            self.life_max = 20
        n_cards = len(self.defs)
        self.pool_damage = [0] * len(self.sides if mode == AS_ONE else range(n))
        self.farm_played = [False] * n
        self.overrun = [False] * n
        self.first_damager = -1
        self.step = "setup"
        self.tapped = [False] * n_cards
        self.damage = [0] * n_cards
        self.init_windows()
        self.attack_group = {}
        self.group_target = []
        self.group_blocked = []
        self.block_group = {}
        self.dealt = set()
        self.deadly_marked = set()
        self.pending_dmg = []
        self.draft_round = 0

    def op_setup(self) -> None:
        fmt = self.options["format"]
        if fmt == DRAFT:
            self.schedule(frames.DraftRound(0), frames.BuildDecks(), frames.StartMatch())
        elif fmt == SEALED:
            self.schedule(frames.OpenSealed(), frames.BuildDecks(), frames.StartMatch())
        else:
            self.schedule(frames.StartMatch())

    def op_start_match(self) -> None:
        """SB-006 first player at random, SB-008 shuffle, SB-009 seven cards each."""
        for z in sorted(set(self.layout.deck)):
            self.shuffle(z)
        first = self.sides[self.rng.randrange(len(self.sides))][0]
        self.begin_turns(first)
        for seat in self.clockwise_from(first):
            self.draw_cards(seat, 7)
        self.step = "start"
        self.schedule(frames.TurnStart())

    # ------------------------------------------------------------------ the turn (SB-043)

    def op_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        for s in range(self.n_seats):
            self.farm_played[s] = False
            self.overrun[s] = False
        active = self.active_seats()
        self.emit(Event(ev.TURN, active[0], amount=self.turn))
        self.schedule(core_frames.EnterPhase(self.game.turn_structure.first))

    def op_begin_beginning(self) -> None:
        """SB-044 / SB-080: the active player's sideways cards turn right-side-up; then a priority round."""
        for seat in self.active_seats():
            turned = 0
            for cid in self.zones[self.play_zone]:
                if self.controller[cid] == seat and self.tapped[cid]:
                    self.tapped[cid] = False
                    turned += 1
            self.emit(Event("untap", seat, amount=turned))
            self.emit(Event("turn_start", seat))
        self.open_priority()

    def op_begin_draw(self) -> None:
        """SB-045 / SB-R28: the active player draws one (SB-007 / SB-R26: not the first player's first)."""
        skip = self.turn == 1 and len(self.sides) == 2
        if not skip:
            for seat in self.active_seats():
                self.draw_cards(seat, 1)
        self.open_priority()

    def op_begin_main(self) -> None:
        self.open_priority()

    def op_turn_end(self) -> None:
        """End of turn: until-end-of-turn changes expire, marked damage goes (SB-R18), next side (SB-050)."""
        self.end_duration(TURN)
        for cid in self.zones[self.play_zone]:
            self.damage[cid] = 0
        self.clear_combat()
        self.pass_turn()
        self.schedule(frames.TurnStart())

    def op_window(self) -> None:
        self.open_priority()

    # ------------------------------------------------------------------ priority (SB-125..132)

    @legal("priority", forced=fair.priority)
    def legal_priority(self) -> list[Action]:
        decision = self.decision
        assert decision is not None
        seat = decision.seat
        defs = self.defs
        layout = self.layout
        hand = self.zones[layout.hand[seat]]
        tapped = self.tapped
        face_down = self.face_down
        controller = self.controller
        farms = 0
        actors = []
        for cid in self.zones[layout.play]:
            if controller[cid] == seat and not tapped[cid]:
                if face_down[cid]:
                    farms += 1
                elif defs[cid].activated:
                    actors.append(cid)
        out: list[Action] = [PASS]
        if not hand and not actors:
            return out
        sorcery = self.phase == "main" and not self.stack and self.is_active(seat)  # phase: the step
        if sorcery and hand and not self.farm_played[seat]:
            out.append(FARM)
        seen: set[str] = set()
        for cid in hand:
            d = defs[cid]
            if d.cost > farms or d.key in seen:
                continue  # identical cards in hand are interchangeable: one option each
            seen.add(d.key)
            if d.type == "character":
                if sorcery or "ambush" in d.keywords:
                    out.append(Play(cid))
                continue
            self.add_targeted(out, cid, seat, d.on_resolve, lambda t, c=cid: Play(c, t))
        for cid in actors:
            for i, effect in enumerate(defs[cid].activated):
                if effect.cost("pay", 0) <= farms:
                    self.add_targeted(out, cid, seat, (effect,), lambda t, c=cid, k=i: Use(c, k, t))
        return out

    def add_targeted(self, out: list[Action], cid: int, seat: int, effects: Any, make: Any) -> None:
        """Append ``make(target)`` for each legal on-play target (SB-133), or ``make(None)``.

        A card whose on-play choice has no legal option cannot be played (SB-135).
        """
        for e in effects:
            if e.target is not None:
                for t in self.select(e.target, Context(cid, seat)):
                    out.append(make(t))
                return
        out.append(make(None))

    @act("priority")
    def act_priority(self, action: Action, d: Decision) -> None:
        seat = d.seat
        if isinstance(action, Pass):
            self.emit(Event("pass", seat))
            self.window_passed()
            return
        if isinstance(action, Farm):
            self.ask("farm", seat)
            return
        self.window_acted()  # the seat that acts keeps priority (SB-127)
        if isinstance(action, Play):
            self.play_card(seat, action.card, action.target)
        elif isinstance(action, Use):
            self.use_ability(seat, action.card, action.ability, action.target)

    @legal("farm", forced=fair.one_in_hand)
    def legal_farm(self) -> list[Action]:
        assert self.decision is not None
        seen: set[str] = set()
        out: list[Action] = []
        for cid in self.zones[self.layout.hand[self.decision.seat]]:
            if self.defs[cid].key not in seen:
                seen.add(self.defs[cid].key)
                out.append(PlayFarm(cid))
        return out

    @act("farm")
    def act_farm(self, action: Action, d: Decision) -> None:
        assert isinstance(action, PlayFarm)
        self.window_acted()
        self.play_farm(d.seat, action.card)

    def play_farm(self, seat: int, cid: int) -> None:
        """SB-049 / SB-R03: one card face down per turn, in your own main step, without limbo (SB-R02)."""
        self.farm_played[seat] = True
        self.face_down[cid] = True
        self.tapped[cid] = False
        self.controller[cid] = seat
        self.move(cid, self.play_zone)
        self.emit(Event("farm", seat, cid, secret=True))

    def pay(self, seat: int, amount: int) -> None:
        """SB-078: turn ``amount`` right-side-up farms sideways."""
        for cid in self.untapped_farms(seat)[:amount]:
            self.tapped[cid] = True

    def play_card(self, seat: int, cid: int, target: Target | None) -> None:
        """SB-031: a played card goes into limbo with its on-play choice made (SB-133)."""
        self.pay(seat, self.defs[cid].cost)
        self.move(cid, self.layout.limbo)
        self.controller[cid] = seat
        targets = (target,) if target is not None else ()
        self.stack.append(self.make_item("card", cid, seat, -1, targets))
        self.emit(self.aimed(Event(ev.PLAY, seat, cid, target=target)))

    def use_ability(self, seat: int, cid: int, index: int, target: Target | None) -> None:
        """SB-101..106: turning the card sideways (and any Pay X) is the cost; the effect goes into limbo."""
        effect = self.defs[cid].activated[index]
        if effect.cost("tap", True):
            self.tapped[cid] = True
        self.pay(seat, effect.cost("pay", 0))
        targets = (target,) if target is not None else ()
        self.stack.append(self.make_item("ability", cid, seat, effect.index, targets))
        self.emit(self.aimed(Event("activate", seat, cid, target=target)))

    def aimed(self, event: Event) -> Event:
        """``event`` with where its target was, so the log names it the same once it has moved: for a
        card, its zone (``other``); for an item in limbo, its card and kind (``other``, ``note``)."""
        t = event.target
        if isinstance(t, CardRef):
            return event._replace(other=self.zone_of[t.id])
        if isinstance(t, StackRef) and (item := self.find_item(t.uid)) is not None:
            return event._replace(other=item.card, note=item_note(item))
        return event

    # ------------------------------------------------------------------ resolution (SB-130, SB-R05, SB-R17)

    def op_resolve_top(self) -> None:
        item = self.stack.pop()
        self.resolving = item
        if self.all_targets_gone(item, self.item_selection_effect(item), item.card):
            self.fizzle(item)
            return
        if item.is_card and self.defs[item.card].type == "character":
            self.emit(Event(ev.RESOLVE, item.controller, item.card))
            self.enter_play(item.card, item.controller)
            self.resolving = None
            self.schedule(frames.Check())
            return
        self.emit(Event(ev.RESOLVE, item.controller, item.card, note=item_note(item)))
        self.schedule(core_frames.RunEffect(0), frames.FinishResolve(), frames.Check())

    def op_finish_resolve(self) -> None:
        """SB-035/036: a resolved spell goes to its owner's discard pile, or into play if it stays."""
        item = self.resolving
        self.resolving = None
        if item is None or not item.is_card or self.zone_of[item.card] != self.layout.limbo:
            return
        d = self.defs[item.card]
        if d.stays:
            self.enter_play(item.card, item.controller)
        else:
            self.move(item.card, self.discard_zone(item.card))
            self.controller[item.card] = (
                self.owner[item.card] if self.owner[item.card] >= 0 else item.controller
            )

    def fizzle(self, item: StackItem) -> None:
        """SB-138..140 / SB-K13: every on-play choice is illegal: no effect, to the discard pile."""
        self.emit(Event(ev.FIZZLE, item.controller, item.card, note=item_note(item)))
        self.resolving = None
        if item.is_card:
            self.move(item.card, self.discard_zone(item.card))
        self.schedule(frames.Check())

    def enter_play(self, cid: int, controller: int) -> None:
        """SB-048/SB-119: face up in front of its controller, right-side-up."""
        self.move(cid, self.play_zone)
        self.controller[cid] = controller
        self.face_down[cid] = False
        self.tapped[cid] = False
        self.damage[cid] = 0
        self.emit(Event(ev.ENTERS, controller, cid))

    # ------------------------------------------------------------------ checkpoints (SB-085, SB-R09, SB-R15)

    def op_check(self) -> None:
        self.check_state()

    def check_state(self) -> None:
        """Destroy every character whose damage reaches its strength, then eliminate beaten players."""
        while True:
            # SB-085 / SB-R09: marked damage >= current strength, so a strength of 0 needs no damage (SB-K19)
            doomed = [c for c in self.characters() if self.damage[c] >= self.strength(c)]
            if not doomed:
                break
            for cid in doomed:
                if self.is_character(cid):
                    self.destroy_card(cid, -1, "strength" if self.strength(cid) == 0 else "damage")
        beaten = [
            s
            for s in range(self.n_seats)
            if self.alive[s] and self.pool_damage[self.pool_of[s]] >= self.life_max
        ]
        if beaten:
            self.eliminate(beaten, "life")

    # SB-013 / SB-R15: eliminated players are out at once (core's ``eliminate``); the last player or team
    # standing wins and all at once is a draw (core's default ``decide_after_elimination``).

    def on_eliminated(self, seat: int) -> None:
        self.remove_player_cards(seat)

    def remove_player_cards(self, seat: int) -> None:
        out_zone = self.layout.out[seat]
        for item in list(self.stack):
            if item.controller == seat:
                self.stack.remove(item)
                if item.is_card:
                    self.move(
                        item.card, out_zone if self.owner[item.card] == seat else self.discard_zone(item.card)
                    )
        for cid in list(self.zones[self.play_zone]):
            if self.controller[cid] == seat or self.owner[cid] == seat:
                self.leave_play(cid, out_zone if self.owner[cid] == seat else self.discard_zone(cid))
                self.controller[cid] = self.owner[cid] if self.owner[cid] >= 0 else seat
        for zone in (self.layout.hand[seat], self.layout.deck[seat], self.layout.discard[seat]):
            for cid in list(self.zones[zone]):
                if self.owner[cid] == seat:
                    self.move(cid, out_zone)
        if self.options["format"] == "off_the_top":
            for cid in list(self.zones[self.layout.hand[seat]]):
                self.move(cid, self.discard_zone(cid))
        for a, g in list(self.attack_group.items()):
            if self.group_target[g] == seat:
                self.remove_from_combat(a)
        self.pending_triggers = [t for t in self.pending_triggers if t.seat != seat]

    # ------------------------------------------------------------------ meta actions and abandoned decisions

    def meta_problem(self, action: Action) -> str:
        if isinstance(action, CallTime):
            return "" if self.step not in ("setup", "draft", "build") else "the match has not started"
        return super().meta_problem(action)

    def apply_meta(self, action: Action) -> None:
        if isinstance(action, CallTime):
            self.end_by_time()
            return
        super().apply_meta(action)

    def seats_out_with(self, seat: int) -> list[int]:
        """An As-one team shares one life total, so it resigns together (SB-156)."""
        return self.defenders_of(seat)

    def end_by_time(self) -> None:
        """SB-164..166 / SB-R24: highest life wins; then who first dealt damage; then at random."""
        teams: dict[int, int] = {}
        for s in range(self.n_seats):
            team = self.team_of[s]
            if self.options["teams"] == "alliance":
                teams[team] = teams.get(team, 0) + (self.life(s) if self.alive[s] else 0)
            elif self.alive[s]:
                teams[team] = max(teams.get(team, -999), self.life(s))
        best = max(teams.values())
        leaders = sorted(t for t, life in teams.items() if life == best)
        if len(leaders) > 1 and self.first_damager >= 0 and self.team_of[self.first_damager] in leaders:
            leaders = [self.team_of[self.first_damager]]
            reason = "time (tied life, first to deal damage)"
        elif len(leaders) > 1:
            leaders = [leaders[self.rng.randrange(len(leaders))]]
            reason = "time (tied life, decided at random)"
        else:
            reason = "time (highest life)"
        winners = tuple(s for s in range(self.n_seats) if self.team_of[s] == leaders[0])
        self.finish(winners, reason)

    def check_invariants(self) -> list[str]:
        problems = super().check_invariants()
        play = self.play_zone
        for cid in range(len(self.defs)):
            where = self.zone_of[cid]
            if where != play and (self.tapped[cid] or self.damage[cid] or (self.face_down[cid])):
                problems.append(f"#{cid} outside play keeps in-play state")
            if self.damage[cid] < 0:
                problems.append(f"#{cid} has negative damage")
        if any(d < 0 for d in self.pool_damage):
            problems.append("negative damage on a player")
        for cid in [*self.attack_group, *self.block_group]:
            if not self.is_character(cid):
                problems.append(f"#{cid} is in combat but not a character in play")
        for item in self.stack:
            if item.is_card and self.zone_of[item.card] != self.layout.limbo:
                problems.append(f"limbo item @{item.uid} names #{item.card}, which is not in limbo")
        in_limbo = {item.card for item in self.stack if item.is_card}
        if self.resolving is not None and self.resolving.is_card:
            in_limbo.add(self.resolving.card)
        for cid in self.zones[self.layout.limbo]:
            if cid not in in_limbo:
                problems.append(f"#{cid} is in limbo with no limbo item")
        if sum(self.farm_played) > len(self.sides[self.side_of[self.active]]):
            problems.append("more farms played this turn than active players")
        return problems


__all__ = ["AS_ONE", "SpellBattleState"]
