"""Spoils of victory (SF-210..SF-218, SF-060..SF-064, SF-K26, SF-K27): one card from the earner's own draw
pile, played at once whatever the timing, kept, or put back on top."""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import Action, Choose, Pass
from spellforge.core.events import Event
from spellforge.core.flow import Decision, Frame
from spellforge.core.kinds import NEVER, act, legal
from spellforge.core.targets import CardRef, Place, Target

from . import frames
from .actions import Keep, PlayCard, PutBack
from .base import POSITIONS
from .cards import ARTIFACT, CHAMPION, EVENT, HOLDING, ITEM, REALM, RULE, SPOILS
from .decisions import SpoilsData
from .turn import SpellfireTurn


class SpellfireSpoils(SpellfireTurn):
    """Drawing and playing spoils of victory."""

    def op_spoils(self, seat: int, dungeon: int) -> None:
        """Cards from the earner's own draw pile (SF-210): one, or more where a rule card grants more, all
        drawn at once, of which only the first may be played at once (SF-218); a draw from an empty pile
        is lost (SF-268). A player who has left the table draws none (SF-R23)."""
        if not self.alive[seat]:
            return
        deck = self.zones[self.layout.deck[seat]]
        todo: list[Frame[Any]] = []
        for i in range(1 + self.seat_stat(seat, SPOILS, 0)):  # SF-218
            if not deck:
                self.emit(Event("spoils_lost", seat))
                break
            card = deck[-1]
            self.move(card, self.layout.hand[seat])
            if not dungeon:
                self.emit(Event("spoils", seat, card, secret=True))
            todo.append(frames.SpoilsCard(seat, dungeon, card, 1 if i == 0 else 0))
        self.schedule(*todo)

    def op_spoils_card(self, seat: int, dungeon: int, card: int, first: int) -> None:
        """One spoils card drawn: a dungeon spoils is shown to all (SF-062) and a realm among it goes to
        the Abyss (SF-063); otherwise its earner plays it at once (the first card only), keeps it or puts
        it back on top (SF-215, SF-218)."""
        if self.zone_of[card] != self.layout.hand[seat]:
            return  # an earlier spoils card's play took it away
        if dungeon:
            self.reveal_to_everyone(card)
            self.emit(Event("dungeon_spoils", seat, card))
            if self.defs[card].type == REALM:  # SF-063
                self.to_zone(card, self.layout.abyss[seat])
                self.ask("dungeon_shuffle", seat)
                return
        self.ask("spoils", seat, SpoilsData(card, first))

    @legal("dungeon_shuffle")
    def legal_dungeon_shuffle(self) -> list[Action]:
        return [Pass(), Choose("shuffle")]

    @act("dungeon_shuffle")
    def act_dungeon_shuffle(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            return
        lay = self.layout
        for c in list(self.zones[lay.discard[d.seat]]):
            self.move(c, lay.deck[d.seat])
        self.shuffle(lay.deck[d.seat])
        self.emit(Event("reshuffle", d.seat))

    def spoils_plays(self, seat: int, card: int) -> list[Action]:
        """A spoils card played at once, whatever the timing (SF-215, SF-216, SF-217)."""
        t = self.defs[card].type
        if t == REALM:
            return self.realm_plays(seat, [card])
        if t == HOLDING:
            return self.holding_plays(seat, [card])
        if t == CHAMPION:
            return self.pool_champion_plays(seat, [card])
        if t in (ITEM, ARTIFACT):
            return self.attach_plays(seat, [card])
        if t == RULE:
            return [PlayCard(card)]
        if t == EVENT:
            return [PlayCard(card, target) for target in self.event_targets(seat, card)]
        return []

    @legal("spoils", forced=NEVER, data=SpoilsData)
    def legal_spoils(self) -> list[Action]:
        d = self.decision
        assert d is not None
        card, first = self.asked(SpoilsData)
        out: list[Action] = [Keep(), PutBack()]
        if first and self.zone_of[card] == self.layout.hand[d.seat]:  # the first card only (SF-218)
            out += self.spoils_plays(d.seat, card)
        return out

    @act("spoils")
    def act_spoils(self, action: Action, d: Decision[SpoilsData]) -> None:
        seat = d.seat
        card = d.data.card
        if isinstance(action, Keep):
            return
        if isinstance(action, PutBack):
            self.move(card, self.layout.deck[seat])
            return
        assert isinstance(action, PlayCard)
        self.respond_after(seat)
        self.emit(Event("spoils_played", seat, card))
        t = self.defs[card].type
        target: Target | None = action.target
        if t == REALM:
            assert isinstance(target, Place)
            self.put_realm(seat, card, POSITIONS.index(target.name))
        elif t == HOLDING:
            assert isinstance(target, CardRef)
            self.put_holding(seat, card, target.id)
        elif t == CHAMPION:
            self.enter_pool(seat, card)
        elif t in (ITEM, ARTIFACT):
            assert isinstance(target, CardRef)
            self.attach(seat, card, target.id)
        elif t == RULE:
            self.put_rule(seat, card)
        else:
            self.play_event(seat, card, target)
