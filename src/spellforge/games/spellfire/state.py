"""The SPELLFIRE state: the concrete class, its setup, the fair decision flow and leaving players."""

from __future__ import annotations

from collections.abc import Hashable

from spellforge.core import frames as core_frames
from spellforge.core.events import Event
from spellforge.core.flow import Decision

from . import frames
from .cards import ARTIFACT, CHAMPION
from .records import Fight, PlayRec, remap_target
from .words import SpellfireWords


class SpellfireState(SpellfireWords):
    """One SPELLFIRE match (``shared/rules/spellfire.md``)."""

    FRAMES = frames.FRAMES
    EXTRA_TURN_RESETS = False  # SF-319
    RECORDS = (*SpellfireWords.RECORDS, PlayRec, Fight)

    def init_game(self) -> None:
        self.init_windows()
        n = len(self.defs)
        self.attached_to = [-1] * n
        self.razed = [False] * n
        self.fought = [-1] * n
        self.spent = frozenset()
        self.limbo_until = {}
        self.used_at = {}
        self.lasting_until = {}
        self.copied = {}
        self.borrowed = {}
        seats = self.n_seats
        positions = 10 if self.options["victory"] == 10 else 6  # SF-R10
        self.slots = [[-1] * positions for _ in range(seats)]
        self.realm_done = [False] * seats
        self.holding_done = [False] * seats
        self.played_realm = [False] * seats
        self.chose_realm_discard = [False] * seats
        self.mulligans = [0] * seats
        self.turns_taken = [0] * seats
        self.pool_phases = [0] * seats
        self.fight = Fight()
        self.allied = []
        self.taken_back = []
        self.destroyed = []
        self.plays = []
        self.negated = []
        self.calmed = []
        self.turned = []
        self.reflecting = -1
        self.find_twins()

    # ------------------------------------------------------------------ determinize and hidden pools

    # A face-down place of a hidden pool holds a champion (of the world of an artifact attached to it):
    # core's determinize draws every owner's hidden cards freely, then a place that received a card that
    # could not be there exchanges it for one that could, from the owner's hand, deck or pool (SF-K45).
    EXCHANGE_NEEDS = True

    def position_needs(self, zone: int, index: int, cid: int) -> Hashable | None:
        """What a face-down place of a hidden pool holds, from what is public about it: a champion, of the
        world of the artifact attached to it if any (SF-025); elsewhere anything."""
        if not self.face_down[cid] or zone not in self.layout.pool:
            return None
        for a in self.zones[zone]:
            if self.attached_to[a] == cid and self.defs[a].type == ARTIFACT:
                return self.defs[a].world
        return ""

    def fits_position(self, need: Hashable, cid: int) -> bool:
        d = self.defs[cid]
        return d.type == CHAMPION and (not need or d.world == need)

    def exchange_zones(self, zone: int, cid: int) -> tuple[int, ...]:
        """A misfilled place of a hidden pool takes a card from its owner's hand, deck or pool."""
        owner = self.owner[cid]
        return (self.layout.hand[owner], self.layout.deck[owner], zone)

    def remap_hidden(self, mapping: dict[int, int]) -> None:
        """Face-down champions of hidden pools changed identity: what names them follows (the cards
        attached to them, a copier's model, a once-per-turn use, a play aimed at one)."""
        super().remap_hidden(mapping)
        lay = self.layout
        fd = self.face_down
        if not any(fd[c] for z in lay.pool for c in self.zones[z]):
            return
        m = mapping.get
        att = self.attached_to
        for z in lay.pool:
            for c in self.zones[z]:
                if att[c] >= 0:
                    att[c] = m(att[c], att[c])
        if self.copied:
            self.copied = {m(k, k): m(v, v) for k, v in self.copied.items()}
        if self.used_at:
            self.used_at = {m(k, k): v for k, v in self.used_at.items()}
        if self.spent:
            self.spent = frozenset(m(c, c) for c in self.spent)
        if self.plays:
            self.plays = [
                p._replace(
                    target=remap_target(p.target, mapping),
                    caster=m(p.caster, p.caster) if p.caster >= 0 else p.caster,
                )
                for p in self.plays
            ]
        if self.modifiers:
            self.modifiers = [
                x._replace(card=m(x.card, x.card), source=m(x.source, x.source)) for x in self.modifiers
            ]

    # ------------------------------------------------------------------ players leaving

    def abandon(self, decision: Decision) -> None:
        """A player left while others waited on him: a window goes on without him; a defence he owed is
        declined; any other choice of his is dropped."""
        if self.windows:
            w = self.hand_on()  # a pause goes on with the next one to act, nobody twice; a round restarts
            if w is not None:
                self.schedule(core_frames.WindowAsk(w.wid))
            return
        if decision.kind == "defend":
            self.declined()

    def on_eliminated(self, seat: int) -> None:
        self.emit(Event("left", seat))
        self.battle_seat_left(seat)

    def check_invariants(self) -> list[str]:
        problems = super().check_invariants()
        for s, slots in enumerate(self.slots):
            for c in slots:
                if c >= 0 and self.zone_of[c] != self.layout.formation[s]:
                    problems.append(
                        f"formation of P{s + 1} names #{c}, which is in {self.layout.label(self.zone_of[c])}"
                    )
        for c in self.all_card_ids():
            a = self.attached_to[c]
            if a >= 0 and self.zone_of[a] != self.zone_of[c]:
                problems.append(f"#{c} is attached to #{a} in another zone")
        return problems
