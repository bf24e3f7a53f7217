"""The Battle Phase: alternating battle turns of one attack or one skip (CA-041..CA-054, CA-R18..CA-R22).

A battle turn is ``("battle_turn", seat, skips)``: ``skips`` counts the skips in a row just before it, and
the phase ends when a skip follows a skip (CA-048, CA-R18). An attack taps its minion (CA-042), its On
Attack triggers resolve (CA-K13), then the defender blocks a Hero attack one minion at a time, in the order
the attacker's damage will reach them (CA-044, CA-045), and all combat damage is dealt at once (CA-R19,
CA-R20). Destroyed minions go to the Graveyard right after, before any Stage the damage costs is lost
(CA-R21, CA-R08).
"""

from __future__ import annotations

from spellforge.core.actions import Action, Done
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.targets import CardRef, PlayerRef, Target, card_ref, player_ref

from . import frames
from .actions import Attack, Block, Skip
from .decisions import BattleData
from .payment import CastersPayment


class CastersBattle(CastersPayment):
    __slots__ = ()

    def op_begin_battle(self) -> None:
        self.schedule(frames.BATTLE_TURN[self.initiative][0])

    def op_battle_turn(self, seat: int, skips: int) -> None:
        if skips >= 2:
            return  # both players skipped in a row: the Battle Phase ends (CA-048)
        if not self.untapped_minions(seat):
            self.emit(Event("skip", seat, note="forced"))  # nothing can attack: a forced skip (CA-R18)
            self.schedule(frames.BATTLE_TURN[self.opponent(seat)][skips + 1])
            return
        self.ask("battle", seat, BattleData(skips))

    @legal("battle", data=BattleData)
    def legal_battle(self) -> list[Action]:
        assert self.decision is not None
        seat = self.decision.seat
        enemy = self.opponent(seat)
        hero = player_ref(enemy)
        tapped = self.tapped
        targets = [card_ref(c) for c in self.minions(enemy) if tapped[c]]  # CA-046: only tapped minions
        out: list[Action] = [Skip()]
        for a in self.untapped_minions(seat):
            out.append(Attack(a, hero))
            for t in targets:
                out.append(Attack(a, t))
        return out

    @act("battle")
    def act_battle(self, action: Action, d: Decision[BattleData]) -> None:
        seat, skips = d.seat, d.data.skips
        if isinstance(action, Skip):
            self.emit(Event("skip", seat))
            self.schedule(frames.BATTLE_TURN[self.opponent(seat)][skips + 1])
            return
        assert isinstance(action, Attack)
        a = action.card
        self.tapped[a] = True  # CA-042
        self.attacks[a] += 1
        self.combat = (a, action.target, ())
        self.emit(Event("attack", seat, a, target=action.target))  # On Attack triggers (CA-K13)
        self.schedule(frames.Window(), frames.Blocks(), frames.BATTLE_TURN[self.opponent(seat)][0])

    # ------------------------------------------------------------------ blocking (CA-044, CA-045, CA-R22)

    def op_blocks(self) -> None:
        combat = self.combat
        if combat is None:
            return  # the attacker left the field before damage
        attacker, target, _ = combat
        if isinstance(target, PlayerRef):
            self.ask("block", self.opponent(self.controller[attacker]))
            return
        self.schedule(frames.CombatDamage())

    @legal("block")
    def legal_block(self) -> list[Action]:
        assert self.decision is not None and self.combat is not None
        return [Done(), *[Block(b) for b in self.untapped_minions(self.decision.seat)]]

    @act("block")
    def act_block(self, action: Action, d: Decision) -> None:
        assert self.combat is not None
        if isinstance(action, Done):
            self.schedule(frames.CombatDamage())
            return
        assert isinstance(action, Block)
        attacker, target, blockers = self.combat
        self.tapped[action.card] = True  # blockers tap and stay tapped (CA-044, CA-R22)
        self.combat = (attacker, target, (*blockers, action.card))
        self.emit(Event("block", d.seat, action.card, other=attacker))
        self.ask("block", d.seat)

    # ------------------------------------------------------------------ damage (CA-053, CA-054, CA-R19..R21)

    def op_combat_damage(self) -> None:
        combat = self.combat
        self.combat = None
        # after any Stage loss: a player whose Stage Deck is empty has lost (CA-R11); then Death triggers
        self.schedule(frames.Check(), frames.Window())
        if combat is None or not self.is_minion(combat[0]):
            return
        attacker, target, blockers = combat
        power = self.attack_of(attacker)
        hits: list[tuple[int, Target, int]] = []  # (source, target, amount): all dealt at the same time
        if target is None:
            pass  # the attacked minion left the field before damage: the attack hits nothing
        elif isinstance(target, PlayerRef):
            left = power
            for b in blockers:
                if not self.is_minion(b):
                    continue
                if left > 0:
                    taken = min(left, self.health_of(b) - self.damage[b])
                    if taken > 0:
                        hits.append((attacker, card_ref(b), taken))
                        left -= taken
                hits.append((b, card_ref(attacker), self.attack_of(b)))
            if left > 0:
                hits.append((attacker, target, left))  # excess reaches the Hero (CA-053)
        elif (
            isinstance(target, CardRef)
            and self.is_minion(minion := target.id)
            and self.controller[minion] != self.controller[attacker]
        ):
            hits.append((attacker, target, power))  # excess is lost (CA-054)
            hits.append((minion, card_ref(attacker), self.attack_of(minion)))
        for source, victim, amount in hits:
            self.deal_damage(source, victim, amount)
        # CA-R21: minions dealt lethal damage are destroyed at once after the damage step, before any
        # Stage that damage costs the Hero is lost (CA-R08, scheduled by deal_damage): a dying minion
        # can no longer pay that Stage's cost.
        self.schedule(frames.Check())
        self.emit(Event("combat", self.controller[attacker], attacker, power, target=target))
        # CA-071 / CA-R26: Double Strike untaps once the first attack of the turn has resolved.
        if (
            self.attacks[attacker] == 1
            and self.damage[attacker] < self.health_of(attacker)
            and self.has_keyword(attacker, "double_strike")
        ):
            self.tapped[attacker] = False
            self.emit(Event("untap", self.controller[attacker], attacker, note="double strike"))
