"""Combat: attack declaration, block declaration, the instant step, and resolution (SW-092..SW-131).

Declarations are compound choices: ``attack #a -> T`` once per attacker (a Murder Instinct attacker may be
named again for more creature targets), then ``done``; ``block #b -> #a`` once per blocker, then ``done``.
Instants are played inside these decisions (SW-100, SW-103, SW-112, SW-R12).

Resolution has no choices: every creature's damage is divided among the opposing creatures of its combat
in declaration order, each assigned exactly lethal damage (SW-116..121), first by the ranged creatures,
then -- with the ranged step's dead removed -- by the others (SW-114/115, SW-K02). Within a step, all
damage is computed from the hitpoints the step started with and dealt at once (SW-118, SW-123).
"""

from __future__ import annotations

from spellforge.core.actions import Action, Done, Pass
from spellforge.core.effects import cards_of
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.targets import CardRef, PlayerRef, Target, card_ref, player_ref

from . import fair, frames
from .actions import Attack, Block
from .resources import SpellweaverResources


class SpellweaverCombat(SpellweaverResources):
    __slots__ = ()

    def op_begin_combat(self) -> None:
        self.schedule(frames.Window("attack", self.active), frames.Blocks())

    # ------------------------------------------------------------------ attackers (SW-092..102)

    def can_attack(self, cid: int) -> bool:
        """SW-095, SW-097, SW-101, SW-K01, SW-K07, SW-K26."""
        if self.exhausted[cid] or cid in self.att_tgt:
            return False
        if not self.in_front(cid) and not self.has_keyword(cid, "flying"):
            return False
        if cid in self.fresh and not self.has_keyword(cid, "swift"):
            return False
        return not self.has_keyword(cid, "cant_attack")

    def attack_options(self, seat: int, out: list[Action]) -> None:
        enemy = self.opponent(seat)
        hero = player_ref(enemy)
        front = self.zones[self.layout.combat[enemy]]
        speeds = {t: self.speed(t) for t in front}
        for a in self.creatures(seat):
            if a in self.att_tgt:
                targets = self.att_tgt[a]
                if (
                    targets
                    and isinstance(targets[0], CardRef)
                    and self.has_keyword(a, "murder_instinct")
                    and not self.has_keyword(a, "cant_attack_creatures")  # SW-002/003
                ):
                    sp = self.speed(a)
                    out.extend(
                        Attack(a, ref)
                        for t in front
                        if (ref := card_ref(t)) not in targets and sp >= speeds[t]
                    )
                continue
            if not self.can_attack(a):
                continue
            sp = self.speed(a)
            if sp >= 1:  # SW-093, SW-R28
                out.append(Attack(a, hero))
            if not self.has_keyword(a, "cant_attack_creatures"):
                out.extend(Attack(a, card_ref(t)) for t in front if sp >= speeds[t])  # SW-094, SW-096

    @legal("attack", forced=fair.instant_window)
    def legal_attack(self) -> list[Action]:
        seat = self.active
        out: list[Action] = [Done()]
        self.attack_options(seat, out)
        self.window_extras(seat, out)
        return out

    @act("attack")
    def act_attack(self, action: Action, d: Decision) -> None:
        if isinstance(action, Attack):
            a = action.card
            if a in self.att_tgt:
                self.att_tgt[a] = (*self.att_tgt[a], action.target)  # SW-K09: a further target
            else:
                self.att.append(a)
                self.att_tgt[a] = (action.target,)
                self.exhausted[a] = True  # SW-101
                self.fire(Event("attacks", self.controller[a], a))
            self.emit(Event("attack", d.seat, a, target=action.target))
            self.window_acted()
            self.schedule(frames.Check())  # before the window asks again
            return
        self.answer_window(action, d)

    # ------------------------------------------------------------------ blockers (SW-103..111)

    def attacked(self) -> set[int]:
        """Creatures some attacker still in combat is aimed at (SW-104/105)."""
        out: set[int] = set()
        for targets in self.att_tgt.values():
            out.update(cards_of(targets))
        return out

    @legal("block", forced=fair.instant_window)
    def legal_block(self) -> list[Action]:
        seat = self.opponent(self.active)
        out: list[Action] = [Done()]
        live = [(a, self.speed(a)) for a in self.att if self.att_tgt[a]]
        if live:
            attacked = self.attacked()
            for b in self.creatures(seat):
                if b in self.blk or self.exhausted[b] or b in attacked:  # SW-104, SW-107
                    continue
                if not self.in_front(b) and not self.has_keyword(b, "flying"):  # SW-108
                    continue
                if self.has_keyword(b, "cant_block"):
                    continue
                sp = self.speed(b)
                out.extend(Block(b, a) for a, asp in live if sp >= asp)  # SW-109
        self.window_extras(seat, out)
        return out

    @act("block")
    def act_block(self, action: Action, d: Decision) -> None:
        if isinstance(action, Block):
            self.blk[action.card] = action.attacker
            self.blocked.add(action.attacker)  # SW-106
            self.emit(Event("block", d.seat, action.card, other=action.attacker))
            self.window_acted()
            self.schedule(frames.Check())  # before the window asks again
            return
        self.answer_window(action, d)

    def op_blocks(self) -> None:
        if not any(self.att_tgt.values()):
            self.schedule(frames.EndCombat())
            return
        self.schedule(
            frames.Window("block", self.opponent(self.active)),
            frames.Window("post_block", self.active),  # SW-112
            frames.DamageStep(True),
            frames.Check(False),
            frames.DamageStep(False),
            frames.Check(False),
            frames.EndCombat(),
        )

    @legal("post_block", forced=fair.instant_window)
    def legal_post_block(self) -> list[Action]:
        out: list[Action] = [Pass()]
        self.window_extras(self.active, out)
        return out

    @act("post_block")
    def act_post_block(self, action: Action, d: Decision) -> None:
        self.answer_window(action, d)

    # ------------------------------------------------------------------ leaving combat (SW-105, SW-126..128)

    def remove_from_combat(self, cid: int) -> None:
        """``cid`` leaves play (or can no longer fight): its attack ends, its block ends (the attacker
        stays blocked, SW-106/126), and combats aimed at it are cancelled (SW-R21; all of an attacker's
        combats when it was the primary target, SW-K09)."""
        if not self.att and not self.blk:
            return
        if cid in self.att_tgt:
            self.att.remove(cid)
            del self.att_tgt[cid]
            self.blocked.discard(cid)
        self.blk.pop(cid, None)
        ref = card_ref(cid)
        for a, targets in self.att_tgt.items():
            if ref in targets:
                self.att_tgt[a] = () if targets[0] == ref else tuple(t for t in targets if t != ref)
                self.emit(Event("combat_cancelled", self.controller[a], a, other=cid))

    def left_front(self, cid: int) -> None:
        """Moved to the support row: attacked creatures lose those combats (SW-128); an attacker or a
        blocker that cannot fight from there leaves combat (SW-050), a flyer stays (SW-051)."""
        if not self.att and not self.blk:
            return
        if self.has_keyword(cid, "flying"):
            ref = card_ref(cid)
            for a, targets in self.att_tgt.items():
                if ref in targets:
                    self.att_tgt[a] = () if targets[0] == ref else tuple(t for t in targets if t != ref)
            return
        self.remove_from_combat(cid)

    # ------------------------------------------------------------------ resolution (SW-113..125)

    def op_damage_step(self, ranged: bool) -> None:
        """One simultaneous damage step: the ranged one, then the regular one (SW-114, SW-K02)."""
        if not self.att:
            return
        defender = self.opponent(self.active)
        hero = player_ref(defender)
        plan: list[tuple[int, Target, int]] = []

        def deals(c: int) -> bool:
            return self.has_keyword(c, "ranged") == ranged

        done_targets: set[int] = set()
        for a in self.att:
            targets = self.att_tgt[a]
            if a in self.blocked:  # SW-106, SW-R13: it fights only its blockers, if any are left
                blockers = [b for b, x in self.blk.items() if x == a]
                if blockers and deals(a):
                    self.distribute(a, blockers, hero if self.has_keyword(a, "unstoppable") else None, plan)
                for b in blockers:
                    if deals(b):
                        self.distribute(b, [a], None, plan)
                continue
            if not targets:
                continue  # cancelled (SW-R21)
            if isinstance(targets[0], PlayerRef):
                if deals(a):
                    plan.append((a, hero, self.attack(a)))  # SW-R15
                continue
            creatures = cards_of(targets)  # attacked creatures (a hero is only ever a sole target)
            if deals(a):
                self.distribute(a, creatures, hero if self.has_keyword(a, "unstoppable") else None, plan)
            for t in creatures:  # SW-R14: the target fights back once, against its attackers in order
                if t in done_targets:
                    continue
                done_targets.add(t)
                if deals(t):
                    ref = card_ref(t)
                    foes = [x for x in self.att if x not in self.blocked and ref in self.att_tgt[x]]
                    self.distribute(t, foes, None, plan)
        self.emit(Event("damage_step", self.active, amount=len(plan), note="ranged" if ranged else "regular"))
        for src, target, amount in plan:
            self.deal_damage(src, target, amount)

    def lethal_damage(self, src: int, foe: int, deadly: bool | None = None) -> int:
        """SW-119: the damage that kills ``foe``: 1 if ``src`` is Deadly or ``foe`` is frozen, else its
        remaining hitpoints (at least 1), shields or not. ``deadly`` saves the keyword lookup in a loop."""
        if deadly is None:
            deadly = self.has_keyword(src, "deadly")
        if deadly or foe in self.frozen:
            return 1
        left = self.hp_left(foe)
        return left if left > 1 else 1

    def distribute(
        self, src: int, foes: list[int], overflow: Target | None, plan: list[tuple[int, Target, int]]
    ) -> None:
        """SW-116..121: exactly lethal damage to each foe in order (1 if Deadly or the foe is frozen,
        else its remaining hitpoints, shields or not); the rest is wasted, or goes to the hero if the
        source is an attacking Unstoppable creature (SW-K03, SW-K04, SW-K05)."""
        amount = self.attack(src)
        if amount <= 0:
            return
        deadly = self.has_keyword(src, "deadly")
        for foe in foes:
            if amount <= 0:
                break
            lethal = self.lethal_damage(src, foe, deadly)
            give = amount if amount < lethal else lethal
            plan.append((src, card_ref(foe), give))
            amount -= give
        if amount > 0 and overflow is not None:
            plan.append((src, overflow, amount))

    def op_end_combat(self) -> None:
        if self.att or self.blk:
            self.att = []
            self.att_tgt = {}
            self.blk = {}
            self.blocked = set()
            self.emit(Event("combat_end", self.active))
        self.schedule(frames.Check())
