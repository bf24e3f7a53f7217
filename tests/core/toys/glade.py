"""Toy game: the Glade -- core's ability layer (core/abilities.py) declared in a few lines.

Each turn the active player draws a card, plays cards from hand one at a time (``play #5``) and passes;
then every *swift* creature it has scores its power. The first to 12 points wins.

Its cards declare, as data, the three kinds of ability the layer runs for every game:

* a **static**: the Banner's "your creatures get +1 power" (an ADD) and the Hex's "enemy creatures have
  power 1" (a SET), in force while the card is in play and gone the moment it leaves;
* a **keyword grant for a turn**: Rally's "your creatures gain swift until end of turn" (a modifier that
  ends with the turn) beside the Sprite's printed swift;
* a **trigger**: the Herald's "whenever another creature of yours enters play, draw a card", queued by
  core when the ``enters`` event is emitted, and resolved at once (the Glade has no stack).

Power is read in core's one order: printed, then every SET (statics, then modifiers, newest last), then
every ADD (tests/core/test_abilities.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any, ClassVar

from spellforge.core.abilities import NO_ABILITIES, YOU, AbilitySet, AbilityState, When
from spellforge.core.actions import Action, Pass, Play
from spellforge.core.cards import EffectVocabulary
from spellforge.core.effects import SHARED, Context
from spellforge.core.events import Event
from spellforge.core.flow import Decision, Phase, TurnStructure, frame_table
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import TURN
from spellforge.core.selectors import SelectorVocabulary
from spellforge.core.zones import Visibility, ZoneSpec

from .common import Setup, ToyCard, ToyRules, Turn

GOAL = 12

# The Glade's trigger words: what each listens to.
TRIGGERS = {"ally_enters": When("enters", other=True, seat=YOU)}

VOCABULARY = EffectVocabulary(
    # core's shared verbs, declared with their functions; the Glade's "modify" may also SET (a static's)
    verbs={
        "draw": SHARED["draw"],
        "modify": SHARED["modify"].extended({"set": bool}),
        "grant": SHARED["grant"],
    },
    selectors=SelectorVocabulary(nouns=frozenset({"creature"}), keywords=frozenset({"swift"})),
    triggers=frozenset(TRIGGERS),
    durations=frozenset({"turn"}),
)


@dataclass(frozen=True, slots=True)
class GladeCard(ToyCard):
    """A toy card whose abilities are read from its effects once (``strength`` is its power)."""

    abilities: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ToyCard.__post_init__(self)
        object.__setattr__(self, "abilities", AbilitySet.of_effects(self.effects, TRIGGERS))


# The cards, as a card file writes them: the printed text beside the effects it declares.
CARD_FILE = """
[[card]]
id = "sprite"
type = "creature"
power = 1
keywords = ["swift"]
text = "Swift."

[[card]]
id = "bear"
type = "creature"
power = 3

[[card]]
id = "banner"
type = "creature"
power = 0
text = "Your creatures get +1 power."
effects = [{ static = true, do = "modify", stat = "power", amount = 1, to = "your creatures" }]

[[card]]
id = "hex"
type = "creature"
power = 0
text = "Enemy creatures have power 1."
effects = [{ static = true, do = "modify", stat = "power", set = true, amount = 1, to = "enemy creatures" }]

[[card]]
id = "rally"
type = "spell"
text = "Your creatures gain swift until end of turn."
effects = [{ do = "grant", keyword = "swift", to = "your creatures", duration = "turn" }]

[[card]]
id = "growth"
type = "spell"
text = "Your creatures get +2 power until end of turn."
effects = [{ do = "modify", stat = "power", amount = 2, to = "your creatures" }]

[[card]]
id = "herald"
type = "creature"
power = 1
text = "Whenever another creature of yours enters play, draw a card."
effects = [{ on = "ally_enters", do = "draw", amount = 1 }]
"""


def build(raw: dict[str, Any]) -> GladeCard:
    effects = tuple(VOCABULARY.parse_effect(e, i) for i, e in enumerate(raw.get("effects", [])))
    keywords = frozenset(raw.get("keywords", ()))
    return GladeCard(
        raw["id"],
        raw["id"].title(),
        raw["type"],
        raw.get("text", ""),
        keywords,
        effects,
        strength=raw.get("power", 0),
    )


CARDS = {raw["id"]: build(raw) for raw in tomllib.loads(CARD_FILE)["card"]}


class GladeState(AbilityState):
    __slots__ = ("score",)
    COPY: ClassVar[dict[str, str]] = {"score": "list"}
    ABILITY_ZONES = ("field",)
    TRIGGER_EVENTS = frozenset(w.event for w in TRIGGERS.values())
    STACKED_TRIGGERS = False  # no stack: a trigger resolves as soon as what fired it is done

    score: list[int]

    def init_game(self) -> None:
        self.init_windows()
        self.score = [0] * self.n_seats

    # ------------------------------------------------------------------ the ability layer's hooks

    def abilities(self, cid: int) -> AbilitySet:
        return self.defs[cid].abilities  # type: ignore[attr-defined, no-any-return]

    def card_is(self, cid: int, noun: str) -> bool:
        return self.defs[cid].type == noun

    def zone_cards(self, zone: str, ctx: Context) -> list[int]:
        return [c for s in range(self.n_seats) for c in self.zones[self.layout.field[s]]]

    def power(self, cid: int) -> int:
        value = self.card_stat(cid, "power", self.defs[cid].strength)  # type: ignore[attr-defined]
        return max(value, 0)

    def draw_cards(self, seat: int, n: int) -> None:
        deck = self.zones[self.layout.deck[seat]]
        for _ in range(n):
            if deck:
                self.move(deck[-1], self.layout.hand[seat])

    # ------------------------------------------------------------------ the turn

    def op_setup(self) -> None:
        for seat in range(self.n_seats):
            if self.options["shuffle"]:
                self.shuffle(self.layout.deck[seat])
            self.draw_cards(seat, self.options["hand"])
        self.schedule(Turn())

    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        self.draw_cards(self.active, 1)
        self.ask("main", self.active)

    @legal("main")
    def legal_main(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *(Play(c) for c in self.zones[self.layout.hand[self.decision.seat]])]

    @act("main")
    def act_main(self, action: Action, d: Decision) -> None:
        if isinstance(action, Play):
            self.play(d.seat, action.card)
            self.ask("main", d.seat)
            return
        self.score[d.seat] += sum(
            self.power(c) for c in self.zones[self.layout.field[d.seat]] if self.has_keyword(c, "swift")
        )
        self.end_duration(TURN)  # Rally's swift and Growth's power end with the turn
        if self.score[d.seat] >= GOAL:
            self.finish((d.seat,), "points")
            return
        self.pass_turn()
        self.schedule(Turn())

    def play(self, seat: int, cid: int) -> None:
        card = self.defs[cid]
        if card.type == "creature":
            self.move(cid, self.layout.field[seat])
            self.controller[cid] = seat
            self.emit(Event("enters", seat, cid))  # the Herald's trigger is queued here ...
        else:
            for effect in card.on_resolve:
                self.run_verb(effect, Context(cid, seat))
            self.move(cid, self.layout.discard[seat])
        while self.pending_triggers:  # ... and resolved here, oldest first
            t = self.pending_triggers.pop(0)
            self.run_verb(self.defs[t.card].effects[t.effect], Context(t.card, t.seat))

    def view_part(self, seat: int | None) -> dict[str, Any]:
        return {"score": list(self.score)}

    def describe_event(self, e: Any, seat: int | None) -> str:
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
        "_force_order",
        "_force_set",
        "_in_force",
        "score",
    )

    def clone(self) -> GladeState:
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
        new._force_order = self._force_order
        new._force_set = self._force_set
        new._in_force = self._in_force
        new.score = self.score[:]
        return new

    # --- end of generated code ---


class Glade(ToyRules):
    name = "toy-glade"
    title = "Glade toy"
    max_turns = 40
    state_class = GladeState
    actions = (Play,)
    CARDS = CARDS  # type: ignore[assignment]
    DECK = ("sprite", "bear", "banner", "rally", "herald", "bear", "growth", "hex", "sprite", "bear")
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN),
        ZoneSpec("hand", True, Visibility.OWNER),
        ZoneSpec("field", True, Visibility.PUBLIC),
        ZoneSpec("discard", True, Visibility.PUBLIC),
    )
    turn_structure = TurnStructure((Phase("main"),))


GladeState.FRAMES = {**GladeState.FRAMES, **frame_table(Setup, Turn)}
