"""Toy game: SPELLFIRE's event pause (SF-297..SF-305, SF-R05) on core windows.

Each turn the active player may play events from hand, then passes (``main``: a priority window with one
participant, in which acting keeps the turn). Every event opens an *event pause*: each other player, in
clockwise order from the event player, takes exactly one action about it (an :data:`EACH` window):

* ``negate`` -- play a Negate card against it. The Negate is itself played into a pause of its own, nested
  inside the first, where the others may negate the Negate. If the Negate survives, the event is negated
  and its pause closes at once (the window's ``until`` condition). If the Negate is negated, the attempt
  did not use up the player's action (SF-305): the outer pause resumes where it was, with the same player
  to act, who may try again, Calm, or pass (SF-303/304);
* ``calm`` -- ignore a harmful event for oneself only (SF-285/286): not against a helpful event or a Negate;
* ``pass``.

Storm (harmful) deals 2 damage to every other player who did not Calm it; Boon (helpful) gives its player
2 life. A player at 0 life ends the game: the highest life wins.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from spellforge.core.actions import Action, Pass, Play
from spellforge.core.events import Event
from spellforge.core.flow import Decision, Frame, Phase, TurnStructure, frame_table
from spellforge.core.kinds import act, close_condition, legal
from spellforge.core.observe import zone_view
from spellforge.core.windows import EACH, WindowState
from spellforge.core.zones import Visibility, ZoneSpec

from .common import Setup, ToyCard, ToyRules, Turn

LIFE = 6
EVENTS = ("storm", "boon")  # what a player may play in the main window
HARMFUL = ("storm",)


class PauseData(NamedTuple):
    """What a ``pause`` decision is about: the card just played."""

    card: int


class PauseState(WindowState):
    __slots__ = ("calmed", "life", "negated")
    COPY: ClassVar[dict[str, str]] = {"life": "list", "negated": "list", "calmed": "list"}

    life: list[int]
    negated: list[int]  # cards (events or Negates) that were negated
    calmed: list[tuple[int, int]]  # (event card, seat): that seat ignores that event

    def init_game(self) -> None:
        self.init_windows()  # the seating (``active``, ``clockwise_from``, ``pass_turn``) is core's too
        self.life = [LIFE] * self.n_seats
        self.negated = []
        self.calmed = []

    # ------------------------------------------------------------------ the turn

    def op_setup(self) -> None:
        for seat in range(self.n_seats):
            deck = self.layout.deck[seat]
            if self.options["shuffle"]:
                self.shuffle(deck)
            for _ in range(self.options["hand"]):
                if self.zones[deck]:
                    self.draw(seat)
        self.schedule(Turn())

    def draw(self, seat: int) -> None:
        self.move(self.zones[self.layout.deck[seat]][-1], self.layout.hand[seat])

    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish_by_life("turn limit")
            return
        if self.zones[self.layout.deck[self.active]]:
            self.draw(self.active)
        self.schedule(EndTurn())  # runs once the main window below has closed
        self.open_window("main", (self.active,))

    def op_end_turn(self) -> None:
        self.pass_turn()
        self.schedule(Turn())

    def hand(self, seat: int, types: tuple[str, ...]) -> list[Action]:
        """``play`` for each card of ``types`` in ``seat``'s hand (one per card name)."""
        seen: set[str] = set()
        out: list[Action] = []
        for cid in self.zones[self.layout.hand[seat]]:
            d = self.defs[cid]
            if d.type in types and d.key not in seen:
                seen.add(d.key)
                out.append(Play(cid))
        return out

    @legal("main")
    def legal_main(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *self.hand(self.decision.seat, EVENTS)]

    @act("main")
    def act_main(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            self.window_passed()  # the only participant passed: the main window closes
            return
        assert isinstance(action, Play)
        self.window_acted()  # first: the active player keeps the main window after the event
        self.play(d.seat, action.card)

    # ------------------------------------------------------------------ the event pause

    def play(self, seat: int, card: int, target: int = -1) -> None:
        """``card`` goes to the table and a pause about it opens; it resolves when the pause closes."""
        self.move(card, self.layout.table)
        self.controller[card] = seat
        self.emit(Event("play", seat, card, other=target))
        self.schedule(Resolve(card, target))
        others = self.clockwise_from(seat)[1:]
        self.open_window("pause", others, EACH, until="negated", data=PauseData(card))

    @close_condition("negated")
    def until_negated(self) -> bool:
        """A pause closes as soon as what it is about has been negated (SF-R05)."""
        w = self.window
        return w is not None and w.data.card in self.negated

    @legal("pause", data=PauseData)
    def legal_pause(self) -> list[Action]:
        d = self.decision
        assert d is not None
        about = self.defs[self.asked(PauseData).card]
        kinds = ("negate", "calm") if about.type in HARMFUL else ("negate",)
        return [Pass(), *self.hand(d.seat, kinds)]

    @act("pause")
    def act_pause(self, action: Action, d: Decision[PauseData]) -> None:
        if isinstance(action, Pass):
            self.window_passed()
            return
        assert isinstance(action, Play)
        about = d.data.card
        if self.defs[action.card].type == "calm":
            self.window_acted()  # the player's one action
            self.move(action.card, self.layout.void)
            self.calmed.append((about, d.seat))
            self.emit(Event("calm", d.seat, action.card, other=about))
            return
        # A negation attempt: asked again afterwards, counting nothing (SF-305); if the attempt succeeds,
        # the pause closes before that question is asked.
        self.window_stay()
        self.play(d.seat, action.card, target=about)

    def op_resolve(self, card: int, target: int) -> None:
        seat = self.controller[card]
        self.move(card, self.layout.void)
        if card in self.negated:
            self.emit(Event("negated", seat, card))
            return
        self.emit(Event("resolve", seat, card))
        self.resolve_effect(card, target)
        if any(life <= 0 for life in self.life):
            self.finish_by_life("life")

    def resolve_effect(self, card: int, target: int) -> None:
        seat = self.controller[card]
        kind = self.defs[card].type
        if kind == "negate":
            self.negated.append(target)
        elif kind == "boon":
            self.life[seat] += 2
        elif kind == "storm":
            for other in range(self.n_seats):
                if other != seat and (card, other) not in self.calmed:
                    self.life[other] -= 2

    def finish_by_life(self, reason: str) -> None:
        best = max(self.life)
        self.finish(tuple(s for s in range(self.n_seats) if self.life[s] == best), reason)

    # ------------------------------------------------------------------ views

    def view_part(self, seat: int | None) -> dict[str, Any]:
        return {
            "life": list(self.life),
            "hands": [zone_view(self, self.layout.hand[s], seat) for s in range(self.n_seats)],
            "table": zone_view(self, self.layout.table, seat),
            "windows": [[w.kind, w.holder, list(w.data)] for w in self.windows],
        }

    def card_fields(self, cid: int) -> dict[str, Any]:
        return {}

    def describe_event(self, e: Event, seat: int | None) -> str:
        return e.kind

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
    )

    def clone(self) -> PauseState:
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
        return new

    # --- end of generated code ---


CARDS = {
    "storm": ToyCard("storm", "Storm", "storm", "Harmful event: 2 damage to each other player."),
    "boon": ToyCard("boon", "Boon", "boon", "Helpful event: you gain 2 life."),
    "negate": ToyCard("negate", "Negate", "negate", "Negate an event or a Negate (in a pause)."),
    "calm": ToyCard("calm", "Calm", "calm", "Ignore a harmful event for yourself (in a pause)."),
}


class PauseToy(ToyRules):
    name = "toy-pause"
    title = "Event pause toy"
    min_players = 2
    max_players = 6
    default_players = 4
    max_turns = 40
    state_class = PauseState
    actions = (Play,)
    CARDS = CARDS
    DECK = ("storm", "storm", "boon", "negate", "negate", "calm", "storm", "calm", "negate", "boon")
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN),
        ZoneSpec("hand", True, Visibility.OWNER),
        ZoneSpec("table", False, Visibility.PUBLIC, "events and Negates waiting for their pause"),
        ZoneSpec("void", False, Visibility.PUBLIC, "played cards"),
    )
    turn_structure = TurnStructure((Phase("main", begin="turn"),))


class EndTurn(Frame[Any]):
    """``end_turn``: runs ``op_end_turn``."""

    __slots__ = ()
    NAME = "end_turn"

    def run(self, state: Any) -> None:
        state.op_end_turn()


class Resolve(Frame[Any]):
    """``resolve``: runs ``op_resolve``."""

    FIELDS = ("card", "target")
    __slots__ = FIELDS
    NAME = "resolve"

    def __init__(self, card: Any, target: Any) -> None:
        self.card = card
        self.target = target

    def run(self, state: Any) -> None:
        state.op_resolve(self.card, self.target)


PauseState.FRAMES = {**PauseState.FRAMES, **frame_table(Setup, Turn, EndTurn, Resolve)}
