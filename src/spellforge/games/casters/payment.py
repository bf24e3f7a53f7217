"""Paying costs with cards (CA-R01..CA-R04) and losing Stages (CA-R08..CA-R10).

A cost is paid all or nothing, one card at a time: each ``pay`` decision offers only the cards after which
the rest of the cost can still be paid, so a payment that has started always completes (CA-R04). Discards
come from the hand; sacrifices from the payer's own face-up field and Stage area; the card being played and
face-down set cards never count (they are in the stack and set zones).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spellforge.core.actions import Action, Pass
from spellforge.core.events import Event
from spellforge.core.flow import Decision, Frame
from spellforge.core.kinds import act, legal

from . import fair, frames
from .abilities import CastersAbilities
from .actions import Discard, Sacrifice
from .base import FIELD, GRAVEYARD, HAND, NO_CARD, STACK, STAGE_DECK, STAGES
from .costs import DISCARD, CostPart, after_paying, payable


class CastersPayment(CastersAbilities):
    __slots__ = ()

    # ------------------------------------------------------------------ can it be paid?

    def fits(self, cid: int, part: CostPart) -> bool:
        d = self.defs[cid]
        if part.level and d.level != part.level:
            return False
        noun = part.noun
        if noun == "card":
            return True
        if noun == "minion" and part.verb != DISCARD:
            return self.is_minion(cid)
        return d.type == noun

    def pay_pools(self, seat: int, exclude: int = NO_CARD) -> dict[str, Sequence[int]]:
        hand = self.zones[HAND[seat]]
        own = [*self.zones[FIELD[seat]], *self.zones[STAGES[seat]]]
        if exclude >= 0:
            hand = [c for c in hand if c != exclude]
            own = [c for c in own if c != exclude]
        return {DISCARD: hand, "sacrifice": own}

    def can_pay(self, seat: int, parts: tuple[CostPart, ...], exclude: int = NO_CARD) -> bool:
        if not parts:
            return True
        return payable(parts, self.pay_pools(seat, exclude), self.fits)

    # ------------------------------------------------------------------ paying

    def start_payment(self, seat: int, card: int, parts: tuple[CostPart, ...], then: Frame[Any]) -> None:
        """Pay ``parts`` for ``card``, then run the frame ``then``."""
        if not parts:
            self.schedule(then)
            return
        self.payment = (seat, card, parts, then)
        self.schedule(frames.PayStep())

    def op_pay_step(self) -> None:
        assert self.payment is not None
        seat = self.payment[0]
        self.ask("pay", seat)

    @legal("pay", forced=fair.payment_step)
    def legal_pay(self) -> list[Action]:
        assert self.payment is not None
        seat, card, parts, _ = self.payment
        part = parts[0]
        rest = after_paying(parts)
        pools = self.pay_pools(seat, card)
        out: list[Action] = []
        seen: set[str] = set()
        discard = part.verb == DISCARD
        for c in pools[part.verb]:
            if not self.fits(c, part):
                continue
            if discard:
                key = self.defs[c].key
                if key in seen:
                    continue  # two copies in hand are the same choice
                seen.add(key)
            if rest and not payable(rest, self.without(pools, c), self.fits):
                continue
            out.append(Discard(c) if discard else Sacrifice(c))
        # A payment always has a way to finish in a real game (each step keeps the rest payable). Only a
        # determinized sample, whose resampled hand need not match the payer's, can strand one: then the
        # payment is abandoned.
        return out or [Pass()]

    @staticmethod
    def without(pools: dict[str, Sequence[int]], cid: int) -> dict[str, Sequence[int]]:
        return {verb: [c for c in pool if c != cid] for verb, pool in pools.items()}

    @act("pay")
    def act_pay(self, action: Action, d: Decision) -> None:
        assert self.payment is not None
        seat, card, parts, then = self.payment
        if isinstance(action, Pass):
            self.payment = None
            self.emit(Event("unpaid", seat, card))
            if self.zone_of[card] == STACK:
                self.move(card, GRAVEYARD[self.owner[card]])
            return
        if isinstance(action, Discard):
            self.discard(action.card, "cost", card)
        else:
            assert isinstance(action, Sacrifice)
            self.sacrifice(action.card, card)
        rest = after_paying(parts)
        if rest:
            self.payment = (seat, card, rest, then)
            self.schedule(frames.PayStep())
        else:
            self.payment = None
            self.schedule(then)

    # ------------------------------------------------------------------ Stages (CA-023..025, CA-R08..R10)

    def reveal_stage(self, seat: int, *, setup: bool) -> None:
        """Reveal Stages from the top until one can be paid for; the others are shuffled back.

        At setup nothing can be paid but a free Stage (the hand is still empty) and finding none leaves the
        player without a face-up Stage (CA-R10); later, finding none sends the top Stage to the Graveyard
        (CA-R09). The last Stage of a deck is lost outright: the player has lost (CA-R11), so nothing is paid.
        """
        deck = self.zones[STAGE_DECK[seat]]
        if not deck:
            return
        if len(deck) == 1 and not setup:
            cid = deck[-1]
            self.move(cid, GRAVEYARD[seat])
            self.emit(Event("stage_lost", seat, cid, note="last"))
            return
        found = NO_CARD
        revealed = 0
        for cid in reversed(deck):
            revealed += 1
            self.emit(Event("stage_reveal", seat, cid))
            if self.can_pay(seat, self.defs[cid].cost_parts):
                found = cid
                break
        if found < 0:
            if not setup:
                top = deck[-1]
                self.move(top, GRAVEYARD[seat])
                self.emit(Event("stage_lost", seat, top, note="unaffordable"))
            if len(deck) > 1:
                self.shuffle(STAGE_DECK[seat])
            return
        self.move(found, STACK)
        if revealed > 1:
            self.shuffle(STAGE_DECK[seat])  # CA-025: the other revealed Stages go back
        self.start_payment(seat, found, self.defs[found].cost_parts, frames.StageUp(seat, found))

    def op_lose_stage(self, seat: int) -> None:
        self.reveal_stage(seat, setup=False)

    def op_setup_stage(self, seat: int) -> None:
        self.reveal_stage(seat, setup=True)

    def op_stage_up(self, seat: int, cid: int) -> None:
        """The paid Stage goes face up: it counts for the set (CA-031) and its text applies (CA-K23)."""
        if self.zone_of[cid] != STACK:
            return
        self.move(cid, STAGES[seat])
        self.emit(Event("stage_up", seat, cid))  # fires its "When revealed:" abilities
