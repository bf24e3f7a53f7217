"""Toy game: a SPELLFIRE-style combat round (SF-187..SF-189, SF-R06 step F) on core windows.

Each turn every player draws a card, then the active player attacks the next player clockwise. Both sides
start at 0 and the defender wins ties, so the attacker starts out losing. The round is one priority window
over every player, clockwise from the attacker, in which *what each may do depends on the seat*
(``window_decision``):

* the losing side (``fight``) may play an Ally (its strength joins its side's total), an event, or pass;
* everyone else (``events``) -- the winning side and the players not in the fight -- may only play an
  event or pass (SF-188).

A player who plays keeps the turn to act and the passes start again; the round ends when every player
has passed in succession, that is when the losing side will not play another card (SF-189). An event
(Surge: +2 to the attacker; Ward: +2 to the defender) opens the event pause of :mod:`.pause` inside the
round: each other player gets one action (negate or pass), and the round resumes where it was.
The side that lost the round loses 1 life.
"""

from __future__ import annotations

from typing import Any, ClassVar

from spellforge.core.actions import Action, Pass, Play
from spellforge.core.events import Event
from spellforge.core.flow import Decision, Frame, Phase, TurnStructure, frame_table
from spellforge.core.kinds import act, legal
from spellforge.core.windows import RecordTable, Window

from .common import ToyCard
from .pause import CARDS as PAUSE_CARDS
from .pause import EndTurn, PauseState, PauseToy

EVENTS = ("surge", "ward")


class CombatState(PauseState):
    __slots__ = ("fight", "totals")
    COPY: ClassVar[dict[str, str]] = {"totals": "list"}
    # a round is a window about nothing more; its questions are ``fight`` or ``events`` by seat
    WINDOW_RECORDS: ClassVar[RecordTable] = {"round": None}

    fight: tuple[int, int]  # (attacker, defender), or (-1, -1) between rounds
    totals: list[int]  # [attacker's total, defender's total]

    def init_game(self) -> None:
        super().init_game()
        self.fight = (-1, -1)
        self.totals = [0, 0]

    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish_by_life("turn limit")
            return
        for seat in self.clockwise_from(self.active):
            if self.zones[self.layout.deck[seat]]:
                self.draw(seat)
        attacker = self.active
        defender = self.next_alive(attacker)
        self.fight = (attacker, defender)
        self.totals = [0, 0]
        self.emit(Event("attack", attacker, other=defender))
        self.schedule(Decide(), EndTurn())  # once the round's window has closed
        self.open_window("round", self.clockwise_from(attacker))

    def losing_side(self) -> int:
        """The seat whose side is losing now: the defender wins ties (SF-R06 step G)."""
        attacker, defender = self.fight
        return attacker if self.totals[0] <= self.totals[1] else defender

    def window_decision(self, window: Window, seat: int) -> str:
        """In the round the losing side fights; everyone else may only play events."""
        if window.kind == "round":
            return "fight" if seat == self.losing_side() else "events"
        return window.kind

    @legal("fight")
    def legal_fight(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *self.hand(self.decision.seat, ("ally", *EVENTS))]

    @legal("events")
    def legal_events(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *self.hand(self.decision.seat, EVENTS)]

    @act("fight")
    def act_fight(self, action: Action, d: Decision) -> None:
        self.act_events(action, d)

    @act("events")
    def act_events(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            self.window_passed()
            return
        assert isinstance(action, Play)
        self.window_acted()  # first: a pause the card opens is nested inside the round
        if self.defs[action.card].type == "ally":
            side = 0 if d.seat == self.fight[0] else 1
            self.totals[side] += self.defs[action.card].strength
            self.move(action.card, self.layout.void)
            self.emit(Event("ally", d.seat, action.card, amount=self.totals[side]))
        else:
            self.play(d.seat, action.card)

    def resolve_effect(self, card: int, target: int) -> None:
        kind = self.defs[card].type
        if kind in EVENTS:
            self.totals[0 if kind == "surge" else 1] += 2
        else:
            super().resolve_effect(card, target)

    def op_decide(self) -> None:
        loser = self.losing_side()
        self.life[loser] -= 1
        self.emit(Event("lost_round", loser))
        self.fight = (-1, -1)
        if self.life[loser] <= 0:
            self.finish_by_life("life")

    def view_part(self, seat: int | None) -> dict[str, Any]:
        out = super().view_part(seat)
        out["fight"] = list(self.fight)
        out["totals"] = list(self.totals)
        return out

    # --- generated by `python -m spellforge.core.gen_clone` from __slots__ and COPY: do not edit ---
    ATTRIBUTES: ClassVar[tuple[str, ...]] = (
        "active",
        "alive",
        "cycle_end",
        "extra_turn",
        "extra_turns",
        "resume_side",
        "roles",
        "side_of",
        "sides",
        "team_of",
        "_legal",
        "controller",
        "deck_keys",
        "defs",
        "face_down",
        "game",
        "known",
        "layout",
        "modifiers",
        "n_seats",
        "options",
        "owner",
        "rng",
        "seed",
        "zone_of",
        "zones",
        "_hist",
        "_log",
        "decision",
        "decisions_made",
        "determinized",
        "outcome",
        "phase",
        "search_copy",
        "turn",
        "work",
        "pending_triggers",
        "stack",
        "uid_counter",
        "window_serial",
        "windows",
        "calmed",
        "life",
        "negated",
        "fight",
        "totals",
    )

    def clone(self) -> CombatState:
        """A copy that shares immutable data and copies what changes (no deepcopy)."""
        new = type(self)()
        new.active = self.active
        new.alive = self.alive[:]
        new.cycle_end = self.cycle_end
        new.extra_turn = self.extra_turn
        new.extra_turns = self.extra_turns[:]
        new.resume_side = self.resume_side
        new.roles = self.roles
        new.side_of = self.side_of
        new.sides = self.sides
        new.team_of = self.team_of
        new._legal = self._legal
        new.controller = self.controller[:]
        new.deck_keys = self.deck_keys
        new.defs = self.defs
        new.face_down = self.face_down[:]
        new.game = self.game
        new.known = self.known[:]
        new.layout = self.layout
        new.modifiers = self.modifiers[:]
        new.n_seats = self.n_seats
        new.options = self.options
        new.owner = self.owner
        new.rng = self.rng.clone()
        new.seed = self.seed
        new.zone_of = self.zone_of[:]
        new.zones = [z[:] for z in self.zones]
        new._hist = self._hist
        new._log = self._log
        new.decision = self.decision
        new.decisions_made = self.decisions_made
        new.determinized = self.determinized
        new.outcome = self.outcome
        new.phase = self.phase
        new.search_copy = self.search_copy
        new.turn = self.turn
        new.work = self.work[:]
        new.pending_triggers = self.pending_triggers[:]
        new.stack = self.stack[:]
        new.uid_counter = self.uid_counter
        new.window_serial = self.window_serial
        new.windows = self.windows[:]
        new.calmed = self.calmed[:]
        new.life = self.life[:]
        new.negated = self.negated[:]
        new.fight = self.fight
        new.totals = self.totals[:]
        return new

    # --- end of generated code ---


CARDS = {
    "negate": PAUSE_CARDS["negate"],
    "surge": ToyCard("surge", "Surge", "surge", "Event: +2 to the attacking side."),
    "ward": ToyCard("ward", "Ward", "ward", "Event: +2 to the defending side."),
    **{
        f"ally{n}": ToyCard(f"ally{n}", f"Ally {n}", "ally", f"Combat card: +{n}.", strength=n)
        for n in (1, 2, 3)
    },
}


class CombatToy(PauseToy):
    name = "toy-combat"
    title = "Combat toy"
    default_players = 3
    state_class = CombatState
    CARDS = CARDS
    DECK = ("ally1", "ally2", "ally3", "surge", "ward", "negate", "ally1", "ally2", "surge", "ward")
    turn_structure = TurnStructure((Phase("round", begin="turn"),))


class Decide(Frame[Any]):
    """``decide``: runs ``op_decide``."""

    __slots__ = ()
    NAME = "decide"

    def run(self, state: Any) -> None:
        state.op_decide()


CombatState.FRAMES = {**CombatState.FRAMES, **frame_table(Decide)}
