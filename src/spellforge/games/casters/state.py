"""The Casters state: setup, the shared turn, the hidden Set Phase, the Reveal Phase, the end of turn.

Both players take part in every phase of the same turn (CA-027): both draw and untap, both set cards face
down (sequential decisions whose choices stay hidden, CA-033), then reveal them one at a time alternately
from the initiative holder (CA-034), then battle alternately (``battle.py``). Stacks and abilities live in
``abilities.py``, costs and Stage loss in ``payment.py``, Views in ``view.py``.
"""

from __future__ import annotations

from spellforge.core import frames as core_frames
from spellforge.core.actions import Action
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.targets import Target, card_ref

from . import fair, frames
from .actions import Equip, Play, Recycle, Reveal, SetCard
from .base import (
    DECK,
    FIELD,
    FIELD_ZONES,
    GRAVEYARD,
    HAND,
    HAND_START,
    SET,
    SETUP,
    SHIELDS,
    STACK,
    STAGE_DECK,
    STAGES,
)
from .battle import CastersBattle
from .decisions import CardItemData, OptionData, SetData


class CastersState(CastersBattle):
    FRAMES = frames.FRAMES
    __slots__ = ()
    AFTER_LAST_PHASE = "turn_start"  # a shared turn: the next one starts at once (CA-056)

    # ------------------------------------------------------------------ setup (CA-020..CA-026)

    def init_game(self) -> None:
        for seat in range(self.n_seats):
            for cid in list(self.zones[DECK[seat]]):
                if self.defs[cid].type == "stage":
                    self.move(cid, STAGE_DECK[seat])
        n = len(self.defs)
        self.initiative = 0
        self.phase = SETUP
        self.set_quota = 0
        self.tapped = [False] * n
        self.damage = [0] * n
        self.attached_to = [-1] * n
        self.shield_host = [-1] * n
        self.attacks = [0] * n
        self.stage_damage = [0, 0]
        self.negate_next = [0, 0]
        self.init_windows()
        self.payment = None
        self.combat = None

    def op_setup(self) -> None:
        """CA-021 coin flip; CA-022 shuffle both decks; CA-023..025 reveal a Stage; CA-026 draw 5."""
        self.initiative = self.rng.randrange(self.n_seats)
        self.emit(Event("coin", self.initiative, note="flip"))
        for seat in range(self.n_seats):
            self.shuffle(DECK[seat])
            self.shuffle(STAGE_DECK[seat])
        first, second = self.initiative, self.opponent(self.initiative)
        self.schedule(
            frames.SetupStage(first),
            frames.SetupStage(second),
            frames.Window(),
            frames.OpeningHands(),
            frames.TurnStart(),
        )

    def op_opening_hands(self) -> None:
        for seat in (self.initiative, self.opponent(self.initiative)):
            self.draw_cards(seat, HAND_START)

    # ------------------------------------------------------------------ the turn (CA-027, CA-028)

    def op_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        self.emit(Event("turn", self.initiative, amount=self.turn))
        self.schedule(core_frames.EnterPhase(self.game.turn_structure.first))

    def op_begin_draw(self) -> None:
        """CA-029/CA-030: each player draws a card and untaps all of their cards."""
        for seat in (self.initiative, self.opponent(self.initiative)):
            self.draw_cards(seat, 1)
            for cid in self.zones[FIELD[seat]]:
                self.tapped[cid] = False
            self.emit(Event("untap_all", seat))

    # ------------------------------------------------------------------ the Set Phase (CA-031..033, CA-R12)

    def op_begin_set(self) -> None:
        """The count is taken now: every face-up Stage of both players (CA-031, CA-032, CA-R12)."""
        self.set_quota = self.face_up_stages()
        self.emit(Event("set_phase", amount=self.set_quota))
        self.schedule(frames.SET_CARDS[self.initiative], frames.SET_CARDS[self.opponent(self.initiative)])

    def op_set_cards(self, seat: int) -> None:
        n = min(self.set_quota, len(self.zones[HAND[seat]]))
        if n > 0:
            self.ask("set", seat, SetData(n))

    @legal("set", forced=fair.one_in_hand, data=SetData)
    def legal_set(self) -> list[Action]:
        assert self.decision is not None
        return [SetCard(c) for c in self.distinct(self.zones[HAND[self.decision.seat]])]

    @act("set")
    def act_set(self, action: Action, d: Decision[SetData]) -> None:
        """Face down into the set zone, seen by its owner only; the log tells the others just a count."""
        assert isinstance(action, SetCard)
        self.move(action.card, SET[d.seat])
        self.emit(Event("set", d.seat, action.card, secret=True))
        left = d.data.left - 1
        if left > 0 and self.zones[HAND[d.seat]]:
            self.ask("set", d.seat, SetData(left))

    def distinct(self, cards: list[int]) -> list[int]:
        """One card per name: two copies of a card in hand are the same choice."""
        defs = self.defs
        first: dict[str, int] = {}  # by name, in order: the first copy (no method call a card)
        for c in cards:
            key = defs[c].key
            if key not in first:
                first[key] = c
        return list(first.values())

    # ------------------------------------------------------------------ the Reveal Phase (CA-034..040, CA-R14)

    def op_begin_reveal(self) -> None:
        self.schedule(frames.REVEAL_STEP[self.initiative])

    def op_reveal_step(self, seat: int) -> None:
        """Alternate reveals from the initiative holder; when one runs out the other goes on (CA-R14)."""
        if not self.zones[SET[seat]]:
            seat = self.opponent(seat)
            if not self.zones[SET[seat]]:
                return
        self.ask("reveal", seat)

    @legal("reveal", forced=fair.one_in_set)
    def legal_reveal(self) -> list[Action]:
        assert self.decision is not None
        return [Reveal(c) for c in self.distinct(self.zones[SET[self.decision.seat]])]

    @act("reveal")
    def act_reveal(self, action: Action, d: Decision) -> None:
        assert isinstance(action, Reveal)
        self.move(action.card, STACK)
        self.emit(Event("reveal", d.seat, action.card))
        self.ask("option", d.seat, OptionData(action.card))

    @legal("option", forced=fair.option_cost, data=OptionData)
    def legal_option(self) -> list[Action]:
        """Option 2 always (CA-R15); Option 1 when the cost can be paid (CA-R04) and, for a card that
        chooses a target or a minion to equip, when there is one."""
        assert self.decision is not None
        seat = self.decision.seat
        card = self.asked(OptionData).card
        d = self.defs[card]
        out: list[Action] = [Recycle(card)]
        if not self.can_pay(seat, d.cost_parts):
            return out
        if d.equippable:
            for host in self.minions(seat):
                if not self.immune_to(host, card):
                    out.append(Equip(card, host))
        if d.type == "minion":
            out.append(Play(card))
        elif not d.equippable:
            effect = d.target_effect
            if effect is None:
                out.append(Play(card))
            else:
                out.extend(Play(card, t) for t in self.targets_for(effect, Context(card, seat)))
        return out

    @act("option")
    def act_option(self, action: Action, d: Decision[OptionData]) -> None:
        seat = d.seat
        self.schedule(frames.REVEAL_STEP[self.opponent(seat)])  # after this card has fully resolved (CA-R14)
        if isinstance(action, Recycle):
            self.move(action.card, GRAVEYARD[self.owner[action.card]])
            self.emit(Event("recycle", seat, action.card))
            self.draw_cards(seat, 2)  # CA-037
            return
        target: Target | None
        if isinstance(action, Equip):
            card, mode, target = action.card, "equip", card_ref(action.host)
        else:
            assert isinstance(action, Play)
            card, mode, target = action.card, "play", action.target
        self.start_payment(
            seat, card, self.defs[card].cost_parts, frames.ActivateCard(card, seat, mode, target)
        )

    def op_activate_card(self, card: int, seat: int, mode: str, target: Target | None) -> None:
        """The paid card goes on the stack and activates; responses may follow (CA-039, CA-R05)."""
        targets = (target,) if target is not None else ()
        item = self.make_item("card", card, seat, -1, targets, CardItemData(mode))
        self.push_item(item)
        self.activated(item)
        self.open_priority()

    # ------------------------------------------------------------------ end of turn (CA-049, CA-050, CA-055)

    def op_begin_end(self) -> None:
        """Damage on minions and Stages is restored (lost Stages stay lost); the coin passes."""
        for z in FIELD:
            for cid in self.zones[z]:
                self.damage[cid] = 0
                self.attacks[cid] = 0
        self.stage_damage = [0, 0]
        self.end_duration(TURN)
        self.negate_next = [0, 0]
        self.initiative = self.opponent(self.initiative)
        self.emit(Event("coin", self.initiative, note="pass"))

    # ------------------------------------------------------------------ checks (CA-057, CA-R11, CA-R21)

    def op_check(self) -> None:
        """Minions whose damage reaches their Health die; a player whose Stage Deck is empty has lost."""
        while True:
            weakened = self.health_can_drop()
            damage = self.damage
            if not weakened and not any(damage):  # nothing damaged or weakened (most checks): no one dies
                break
            doomed = [
                c
                for seat in range(self.n_seats)
                for c in self.minions(seat)
                if (damage[c] or weakened) and damage[c] >= self.health_of(c)
            ]
            if not doomed:
                break
            for cid in doomed:
                if self.is_minion(cid):
                    self.destroy_card(cid, -1)
        out = [s for s in range(self.n_seats) if not self.zones[STAGE_DECK[s]]]
        if len(out) == 2:
            self.finish((), "both Heroes lost their last Stage at once")  # CA-R11
        elif out:
            self.finish((self.opponent(out[0]),), "stages")

    # ------------------------------------------------------------------ invariants

    def check_invariants(self) -> list[str]:
        problems = super().check_invariants()
        stack_cards = {i.card for i in self.stack if i.kind == "card"}
        if self.resolving is not None and self.resolving.kind == "card":
            stack_cards.add(self.resolving.card)
        if self.payment is not None:
            stack_cards.add(self.payment[1])
        d = self.decision
        if d is not None and d.kind == "option":
            stack_cards.add(d.data.card)
        for cid in self.zones[STACK]:
            if cid not in stack_cards:
                problems.append(f"#{cid} is in the stack zone but nothing is playing it")
        stage_zones = {*STAGE_DECK, *STAGES, *GRAVEYARD, STACK}
        for cid in range(len(self.defs)):
            z = self.zone_of[cid]
            is_stage = self.defs[cid].type == "stage"
            if is_stage and z not in stage_zones:
                problems.append(f"Stage #{cid} is in {self.layout.label(z)}")
            if not is_stage and (z in STAGE_DECK or z in STAGES):
                problems.append(f"#{cid} is not a Stage but is in {self.layout.label(z)}")
            if z not in FIELD_ZONES and (self.tapped[cid] or self.damage[cid] or self.attached_to[cid] >= 0):
                problems.append(f"#{cid} is off the field but keeps field state")
            if self.damage[cid] < 0 or self.attacks[cid] < 0:
                problems.append(f"#{cid} has negative damage or attacks")
            host = self.attached_to[cid]
            if host >= 0 and (not self.is_minion(host) or self.controller[host] != self.controller[cid]):
                problems.append(f"#{cid} is attached to #{host}, which is not its controller's minion")
            in_shields = z in SHIELDS
            sh = self.shield_host[cid]
            if in_shields != (sh >= 0) or (sh >= 0 and not self.is_minion(sh)):
                problems.append(f"#{cid}: Shield bookkeeping is wrong (host {sh})")
        if (
            d is not None
            and d.kind in ("set", "reveal", "battle", "block")
            and (self.stack or self.pending_triggers)
        ):
            problems.append(f"a {d.kind} decision with the stack or triggers still waiting")
        for seat in range(self.n_seats):
            if not 0 <= self.stage_damage[seat] < 5:
                problems.append(f"P{seat + 1} has Stage damage {self.stage_damage[seat]}")
            if self.negate_next[seat] < 0:
                problems.append(f"P{seat + 1} has a negative negate count")
            if len(self.zones[SET[seat]]) > self.set_quota:
                problems.append(f"P{seat + 1} set more cards than the quota {self.set_quota}")
        return problems
