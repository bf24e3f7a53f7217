"""Sealed and draft (SB-144..151, SB-R19..R21), played inside the game as hidden decisions.

Each seat's dealt cards start in its ``packs`` zone (face down). Draft: in each of three rounds every
seat takes up one pile of 15, then all seats pick one card in secret and pass the rest (left, right,
left) until the piles are empty, so each drafts 45. Sealed: each seat opens its 90 cards. Then each
seat builds a 30-card deck from its ``pool``; the unused cards stay there, out of the game.
"""

from __future__ import annotations

from spellforge.core.actions import Action
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.kinds import act, legal

from . import fair, frames
from .actions import Pick
from .view import SpellBattleView

PILE = 15  # SB-146
ROUNDS = 3  # SB-146..150
LIMITED_DECK = 30  # SB-145, SB-151, SB-R20
DIRECTIONS = (1, -1, 1)  # left, right, left (SB-147, SB-149, SB-150); left is clockwise (SB-042)


class SpellBattleLimited(SpellBattleView):
    __slots__ = ()

    def op_open_sealed(self) -> None:
        self.step = "build"
        for seat in range(self.n_seats):
            for cid in list(self.zones[self.layout.packs[seat]]):
                self.move(cid, self.layout.pool[seat])

    def op_draft_round(self, index: int) -> None:
        if index >= ROUNDS:
            return
        self.step = "draft"
        self.draft_round = index
        for seat in range(self.n_seats):
            packs = self.layout.packs[seat]
            for cid in list(self.zones[packs][:PILE]):
                self.move(cid, self.layout.pile[seat])
        self.emit(Event("draft_round", amount=index + 1))
        self.schedule(frames.DraftPicks(), frames.DraftRound(index + 1))

    def op_draft_picks(self) -> None:
        if not any(self.zones[self.layout.pile[s]] for s in range(self.n_seats)):
            return
        self.schedule(
            *[frames.DraftPick(s) for s in range(self.n_seats)], frames.DraftPass(), frames.DraftPicks()
        )

    def op_draft_pick(self, seat: int) -> None:
        if self.zones[self.layout.pile[seat]]:
            self.ask("draft_pick", seat)

    def distinct_picks(self, zone: int) -> list[Action]:
        seen: set[str] = set()
        out: list[Action] = []
        for cid in sorted(self.zones[zone]):
            key = self.defs[cid].key
            if key not in seen:
                seen.add(key)
                out.append(Pick(cid))
        return out

    @legal("draft_pick", forced=fair.one_in_pile)
    def legal_draft_pick(self) -> list[Action]:
        assert self.decision is not None
        return self.distinct_picks(self.layout.pile[self.decision.seat])

    @act("draft_pick")
    def act_draft_pick(self, action: Action, d: Decision) -> None:
        """SB-R21: picks are simultaneous and secret; the picked card now belongs to the drafter."""
        assert isinstance(action, Pick)
        self.move(action.card, self.layout.pool[d.seat])
        owner = list(self.owner)
        owner[action.card] = d.seat
        self.owner = tuple(owner)
        self.emit(Event("pick", d.seat, action.card, secret=True))

    def op_draft_pass(self) -> None:
        step = DIRECTIONS[self.draft_round]
        n = self.n_seats
        piles = [self.zones[self.layout.pile[s]] for s in range(n)]
        for s in range(n):
            target = self.layout.pile[(s + step) % n]
            self.zones[target] = piles[s]
            for cid in piles[s]:
                self.zone_of[cid] = target

    def op_build_decks(self) -> None:
        self.step = "build"
        self.schedule(*[frames.Build(s) for s in range(self.n_seats)])

    def op_build(self, seat: int) -> None:
        deck = self.zones[self.layout.deck[seat]]
        if len(deck) >= LIMITED_DECK or not self.zones[self.layout.pool[seat]]:
            return
        self.schedule(frames.Build(seat))
        self.ask("build", seat)

    @legal("build", forced=fair.one_in_pool)
    def legal_build(self) -> list[Action]:
        assert self.decision is not None
        return self.distinct_picks(self.layout.pool[self.decision.seat])

    @act("build")
    def act_build(self, action: Action, d: Decision) -> None:
        """SB-145 / SB-151: a 30-card deck from the cards received or drafted."""
        assert isinstance(action, Pick)
        self.move(action.card, self.layout.deck[d.seat])
        self.emit(Event("build", d.seat, action.card, secret=True))
