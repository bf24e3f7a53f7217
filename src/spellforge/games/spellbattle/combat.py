"""The attack step: attackers and bonded groups, blockers, damage by speed, deadly, damage removal.

SB-051 divides an attack into four phases with a full round of priority between each pair (SB-132):
choose attackers, choose blockers, damage, remove damage. Before attackers are chosen the attack step
opens with a priority round, which is when an ambush character can be played to attack at once (SB-083).
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core.actions import Action, Done
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.targets import CardRef, PlayerRef, card_ref, player_ref

from . import frames
from .abilities import SpellBattleAbilities
from .actions import Assign, Attack, Block, Bond
from .decisions import AssignData


class SpellBattleCombat(SpellBattleAbilities):
    __slots__ = ()

    def op_begin_attack(self) -> None:
        self.schedule(frames.DeclareAttackers(0))
        self.open_priority()

    # ------------------------------------------------------------------ attackers (SB-052..054, SB-093..095)

    def op_declare_attackers(self, index: int) -> None:
        active = self.active_seats()
        if index >= len(active):
            if self.attack_group:
                self.schedule(
                    frames.Window(),
                    frames.DeclareBlockers(),
                    frames.Window(),
                    frames.DamageStep(),
                    frames.Window(),
                    frames.EndOfCombat(),
                )
            return
        self.schedule(frames.DeclareAttackers(index + 1))
        self.ask("attackers", active[index])

    def attack_targets(self, seat: int) -> list[int]:
        """Opposing players ``seat`` may attack: not teammates (SB-154); one seat per As-one team (SB-159)."""
        out = []
        pools_seen = set()
        for s in self.clockwise_from(seat):
            if self.is_enemy(seat, s) and self.pool_of[s] not in pools_seen:
                pools_seen.add(self.pool_of[s])
                out.append(s)
        return out

    def group_members(self, group: int) -> list[int]:
        return [c for c, g in self.attack_group.items() if g == group]

    def can_join(self, cid: int, group: int) -> bool:
        """SB-R11: a group is bonding characters plus at most one non-bonding character."""
        members = self.group_members(group)
        bonding = [m for m in members if self.has_keyword(m, "bonding")]
        if self.has_keyword(cid, "bonding"):
            return len(members) - len(bonding) <= 1
        return len(bonding) == len(members) and bool(bonding)

    @legal("attackers")
    def legal_attackers(self) -> list[Action]:
        assert self.decision is not None
        seat = self.decision.seat
        out: list[Action] = [Done()]
        targets = self.attack_targets(seat)
        leaders: dict[int, int] = {}
        for c, g in self.attack_group.items():
            if self.controller[c] == seat or self.is_active(self.controller[c]):
                leaders.setdefault(g, c)
        for cid in self.characters(seat):
            if self.tapped[cid] or cid in self.attack_group:
                continue
            for t in targets:
                out.append(Attack(cid, player_ref(t)))
            for g, leader in leaders.items():
                if self.can_join(cid, g):
                    out.append(Bond(cid, leader))
        return out

    @act("attackers")
    def act_attackers(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        if isinstance(action, Attack):
            group = len(self.group_target)
            assert isinstance(action.target, PlayerRef)  # characters attack players (only they are legal)
            target = action.target.seat
            self.group_target.append(target)
            self.group_blocked.append(False)
            cid = action.card
        else:
            assert isinstance(action, Bond)
            group = self.attack_group[action.partner]
            cid, target = action.card, self.group_target[group]
        seat = self.controller[cid]
        self.attack_group[cid] = group
        self.tapped[cid] = True  # SB-054
        partner = action.partner if isinstance(action, Bond) else -1  # the log names the bonded group
        self.emit(Event("attack", seat, cid, amount=group, other=partner, target=player_ref(target)))
        self.ask("attackers", seat)

    # ------------------------------------------------------------------ blockers (SB-055..057, SB-099, SB-R07)

    def op_declare_blockers(self) -> None:
        attacked = {self.group_target[g] for g in set(self.attack_group.values())}
        defenders: list[int] = []
        for seat in attacked:
            for s in self.defenders_of(seat):
                if s not in defenders:
                    defenders.append(s)
        order = [s for s in self.clockwise_from(self.window_first_seat()) if s in defenders]
        self.schedule(*[frames.AskBlockers(s) for s in order])

    def op_ask_blockers(self, seat: int) -> None:
        if self.alive[seat]:
            self.ask("blockers", seat)

    def blockable_groups(self, seat: int) -> list[int]:
        pool = self.pool_of[seat]
        groups = sorted(set(self.attack_group.values()))
        return [g for g in groups if self.pool_of[self.group_target[g]] == pool]

    @legal("blockers")
    def legal_blockers(self) -> list[Action]:
        assert self.decision is not None
        seat = self.decision.seat
        out: list[Action] = [Done()]
        groups = self.blockable_groups(seat)
        if not groups:
            return out
        members = {g: sorted(self.group_members(g)) for g in groups}
        for b in self.characters(seat):
            if self.tapped[b] or b in self.block_group:
                continue
            flying = self.has_keyword(b, "flying")
            for g in groups:
                # SB-R11: the blocker may name any member it could block alone; naming one blocks all
                for a in members[g]:
                    if flying or not self.has_keyword(a, "flying"):  # SB-099
                        out.append(Block(b, a))
        return out

    @act("blockers")
    def act_blockers(self, action: Action, d: Decision) -> None:
        if isinstance(action, Done):
            return
        assert isinstance(action, Block)
        b = action.card
        group = self.attack_group[action.attacker]
        self.block_group[b] = group
        self.group_blocked[group] = True
        members = self.group_members(group)
        if self.has_keyword(b, "deadly"):  # SB-098: tracked now, applied at the end of combat
            self.deadly_marked.update(members)
        if any(self.has_keyword(m, "deadly") for m in members):
            self.deadly_marked.add(b)
        seat = self.controller[b]
        self.emit(Event("block", seat, b, other=action.attacker))
        self.ask("blockers", seat)

    # ------------------------------------------------------------------ damage by speed (SB-059..064, SB-R08/R09)

    def combatants(self) -> list[int]:
        return [*self.attack_group, *self.block_group]

    def opponents_in_combat(self, cid: int) -> list[int]:
        if cid in self.attack_group:
            g = self.attack_group[cid]
            return sorted(b for b, bg in self.block_group.items() if bg == g)
        g = self.block_group[cid]
        return sorted(a for a, ag in self.attack_group.items() if ag == g)

    def op_damage_step(self) -> None:
        waiting = [c for c in self.combatants() if c not in self.dealt]
        if not waiting:
            return
        top = max(self.speed(c) for c in waiting)
        order = {s: i for i, s in enumerate(self.clockwise_from(self.window_first_seat()))}
        dealers = sorted(
            (c for c in waiting if self.speed(c) == top), key=lambda c: (order.get(self.controller[c], 99), c)
        )
        self.dealt.update(dealers)
        self.emit(Event("speed_step", amount=top))
        self.schedule(*[frames.Deal(c) for c in dealers], frames.ApplyDamage(), frames.DamageStep())

    def op_deal(self, cid: int) -> None:
        if cid not in self.attack_group and cid not in self.block_group:
            return  # left combat since its speed step began
        amount = self.strength(cid)
        if amount <= 0:
            return
        if cid in self.attack_group:
            g = self.attack_group[cid]
            if not self.group_blocked[g] or self.overrun[self.controller[cid]]:
                self.pending_dmg.append((cid, player_ref(self.group_target[g]), amount))  # SB-058
                return
        opponents = self.opponents_in_combat(cid)
        if not opponents:
            return  # SB-R08: a blocked attacker whose blockers are gone deals no damage
        if len(opponents) == 1:
            self.pending_dmg.append((cid, card_ref(opponents[0]), amount))
            return
        self.ask("assign", self.controller[cid], AssignData(cid, amount, tuple(opponents)))

    @legal("assign", data=AssignData)
    def legal_assign(self) -> list[Action]:
        cid, remaining, opponents = self.asked(AssignData)
        return [Assign(cid, n, t) for t in opponents for n in range(1, remaining + 1)]

    @act("assign")
    def act_assign(self, action: Action, d: Decision[AssignData]) -> None:
        """SB-060/061: the controller splits the damage among the characters in combat with it."""
        assert isinstance(action, Assign)
        cid, remaining = d.data.attacker, d.data.remaining
        self.pending_dmg.append((cid, card_ref(action.target), action.amount))
        if remaining > action.amount:
            self.ask("assign", d.seat, d.data._replace(remaining=remaining - action.amount))

    def op_apply_damage(self) -> None:
        """All damage of one speed step is dealt at once (SB-064), then the checkpoint (SB-R09)."""
        for src, target, amount in self.pending_dmg:
            if isinstance(target, PlayerRef):
                self.deal_player_damage(src, target.seat, amount)
            elif isinstance(target, CardRef) and self.is_character(cid := target.id):
                self.damage[cid] += amount
                self.emit(Event(ev.DAMAGE, self.controller[cid], cid, amount, other=src))
        self.pending_dmg = []
        self.check_state()

    def deal_player_damage(self, source: int, seat: int, amount: int, by: int = -1) -> None:
        """``by``: the seat dealing it, when that is not the source card's controller (a copy's copier)."""
        if not self.alive[seat] or amount <= 0:
            return
        self.pool_damage[self.pool_of[seat]] += amount
        src_seat = by if by >= 0 else self.controller[source] if source >= 0 else -1
        if self.first_damager < 0 and src_seat >= 0 and self.is_enemy(src_seat, seat):
            self.first_damager = src_seat  # for the time-out tiebreak (SB-166)
        self.emit(Event(ev.DAMAGE, seat, -1, amount, other=source))

    # ------------------------------------------------------------------ end of combat (SB-065, SB-R10)

    def op_end_of_combat(self) -> None:
        for cid in sorted(self.deadly_marked):
            if self.is_character(cid):
                self.destroy_card(cid, -1, "deadly")
        for cid in self.zones[self.play_zone]:
            self.damage[cid] = 0
        self.clear_combat()
        self.emit(Event("combat_end"))
        self.check_state()

    def clear_combat(self) -> None:
        if self.attack_group or self.block_group or self.group_target:
            self.attack_group = {}
            self.group_target = []
            self.group_blocked = []
            self.block_group = {}
            self.dealt = set()
            self.deadly_marked = set()
        self.pending_dmg = []

    def remove_from_combat(self, cid: int) -> None:
        """SB-120 / SB-R29: a character whose control changes (or that leaves play) leaves combat."""
        self.attack_group.pop(cid, None)
        self.block_group.pop(cid, None)
        self.deadly_marked.discard(cid)
