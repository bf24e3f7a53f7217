"""Realms: a toy game about formation slots as targets and modifiers with durations (a SPELLFIRE sketch).

Each player has a formation of three slots, A, B and C, and builds realms into them:
``build #4 -> slot P1.B``. On their turn a player may also attack an opponent's realm with their champions:
``attack slot P2.A``. A battle is fought in rounds. In each round the first champion in each pool fights;
the side whose champion has the lower level (the attacker on a tie) is losing and may cast a spell from
hand, and the round ends when the losing side passes: its champion is discarded. The battle goes on while
both sides have champions; a defender left without champions has the realm razed (discarded).

* *Haste*: your fighting champion is +3 **for this round**;
* *Rally*: your fighting champion is +1 **for this battle**;
* *Banner* (an artifact, played into your pool): your champions in the pool are +1 **while it is in play**;
* *Storm*: every artifact in play is discarded (so a Banner's modifiers end with it).

A player whose three slots hold realms wins. A champion's level is read with ``state.card_stat``: the
printed level changed by the modifiers in force (tests/core/test_modifiers.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core.actions import Action, CardTargetVerb, CardVerb, Pass, TargetVerb
from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, count_cards
from spellforge.core.flow import Decision, Frame, Phase, TurnStructure, frame_table
from spellforge.core.kinds import act, legal
from spellforge.core.modifiers import BATTLE, ROUND, WHILE_IN_PLAY
from spellforge.core.observe import zone_view
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, Ruleset
from spellforge.core.state import State
from spellforge.core.targets import Place
from spellforge.core.zones import Visibility, ZoneSpec

from .common import Setup, Turn

SLOTS = ("A", "B", "C")


@dataclass(frozen=True, slots=True)
class RealmCard(CardDef):
    level: int = 0


CARDS = {
    "realm": RealmCard("realm", "Realm", "realm"),
    "knight": RealmCard("knight", "Knight", "champion", level=3),
    "giant": RealmCard("giant", "Giant", "champion", level=5),
    "haste": RealmCard("haste", "Haste", "spell"),
    "rally": RealmCard("rally", "Rally", "spell"),
    "banner": RealmCard("banner", "Banner", "artifact"),
    "storm": RealmCard("storm", "Storm", "spell"),
}


def slot(seat: int, name: str) -> Place:
    return Place("slot", name, seat)


@dataclass(frozen=True, slots=True)
class Build(CardTargetVerb):
    """Build a realm from hand into an empty slot of your formation: ``build #4 -> slot P1.B``."""

    VERB: ClassVar[str] = "build"


@dataclass(frozen=True, slots=True)
class Assault(TargetVerb):
    """Attack the realm in an opponent's slot: ``attack slot P2.A``."""

    VERB: ClassVar[str] = "attack"
    target: Place
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class Cast(CardVerb):
    """Cast a spell or play an artifact from hand: ``cast #7``."""

    VERB: ClassVar[str] = "cast"


class RealmsState(State):
    __slots__ = ("battle", "slots")
    COPY: ClassVar[dict[str, str]] = {"slots": "nested"}

    slots: list[list[int]]  # per seat, the realm in slot A, B, C (-1: empty)
    battle: tuple[int, Place] | None  # (attacker, the slot attacked) while a battle is fought

    def init_game(self) -> None:
        self.slots = [[-1] * len(SLOTS) for _ in range(self.n_seats)]
        self.battle = None

    def op_setup(self) -> None:
        L = self.layout
        for seat in range(self.n_seats):
            deck = L.deck[seat]
            self.shuffle(deck)
            for cid in [c for c in self.zones[deck] if self.defs[c].type == "champion"]:
                self.move(cid, L.pool[seat])
            for _ in range(4):
                self.draw(seat)
        self.schedule(Turn())

    def draw(self, seat: int) -> None:
        deck = self.zones[self.layout.deck[seat]]
        if deck:
            self.move(deck[-1], self.layout.hand[seat])

    def level(self, cid: int) -> int:
        """A champion's level now: printed, changed by the modifiers in force (computed on read)."""
        return self.card_stat(cid, "level", self.defs[cid].level)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ the turn

    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        self.draw(self.active)
        self.ask("main", self.active)

    @legal("main")
    def legal_main(self) -> list[Action]:
        seat = self.active
        hand = self.zones[self.layout.hand[seat]]
        out: list[Action] = []
        empty = [name for name, cid in zip(SLOTS, self.slots[seat], strict=True) if cid < 0]
        for cid in hand:
            kind = self.defs[cid].type
            if kind == "realm":
                out += [Build(cid, slot(seat, name)) for name in empty[:1]]  # the foremost empty slot
            elif kind == "artifact" or self.defs[cid].key == "storm":
                out.append(Cast(cid))
        if self.zones[self.layout.pool[seat]]:
            for other in range(self.n_seats):
                if other != seat:
                    out += [
                        Assault(slot(other, n))
                        for n, c in zip(SLOTS, self.slots[other], strict=True)
                        if c >= 0
                    ]
        return [*dict.fromkeys(out), Pass()]

    @act("main")
    def act_main(self, action: Action, d: Decision) -> None:
        seat = d.seat
        if isinstance(action, Build) and isinstance(action.target, Place):
            index = SLOTS.index(action.target.name)
            self.slots[seat][index] = action.card
            self.move(action.card, self.layout.formation[seat])
            if all(c >= 0 for c in self.slots[seat]):
                self.finish((seat,), "formation")
                return
        elif isinstance(action, Cast):
            self.cast_in_main(seat, action.card)
            self.ask("main", seat)
            return
        elif isinstance(action, Assault):
            self.battle = (seat, action.target)
            self.schedule(Round())
            return
        self.schedule(TurnEnd())

    def cast_in_main(self, seat: int, cid: int) -> None:
        L = self.layout
        if self.defs[cid].key == "banner":
            self.move(cid, L.pool[seat])
            for champion in self.champions(seat):
                self.modify_card(champion, "level", 1, WHILE_IN_PLAY, source=cid)
            return
        self.move(cid, L.discard[seat])  # Storm
        for s in range(self.n_seats):
            for artifact in [c for c in self.zones[L.pool[s]] if self.defs[c].type == "artifact"]:
                self.move(artifact, L.discard[self.owner[artifact]])
                self.left_play(artifact)  # its while-in-play modifiers end with it

    def op_turn_end(self) -> None:
        self.pass_turn()  # core seating: clockwise to the other player
        self.schedule(Turn())

    # ------------------------------------------------------------------ battles

    def champions(self, seat: int) -> list[int]:
        return [c for c in self.zones[self.layout.pool[seat]] if self.defs[c].type == "champion"]

    def fighters(self) -> tuple[int, int]:
        assert self.battle is not None
        attacker, place = self.battle
        return self.champions(attacker)[0], self.champions(place.seat)[0]

    def losing_seat(self) -> int:
        assert self.battle is not None
        a, b = self.fighters()
        return self.battle[1].seat if self.level(b) < self.level(a) else self.battle[0]

    def op_round(self) -> None:
        """A new round: or the battle is over when a side has no champion left."""
        assert self.battle is not None
        attacker, place = self.battle
        defender, index = place.seat, SLOTS.index(place.name)
        if not self.champions(defender):
            realm = self.slots[defender][index]
            self.slots[defender][index] = -1
            self.move(realm, self.layout.discard[defender])
        if not self.champions(attacker) or not self.champions(defender):
            self.battle = None
            self.end_duration(BATTLE)
            self.schedule(TurnEnd())
            return
        self.ask("fight", self.losing_seat())

    @legal("fight")
    def legal_fight(self) -> list[Action]:
        hand = self.zones[self.layout.hand[self.losing_seat()]]
        spells = [Cast(c) for c in hand if self.defs[c].key in ("haste", "rally")]
        return [*spells, Pass()]

    @act("fight")
    def act_fight(self, action: Action, d: Decision) -> None:
        if isinstance(action, Cast):
            fighter = self.fighters()[0 if self.battle and d.seat == self.battle[0] else 1]
            self.move(action.card, self.layout.discard[d.seat])
            if self.defs[action.card].key == "haste":
                self.modify_card(fighter, "level", 3, ROUND, source=action.card)
            else:
                self.modify_card(fighter, "level", 1, BATTLE, source=action.card)
            self.ask("fight", self.losing_seat())  # the losing side (maybe the other one now) may answer
            return
        loser = self.fighters()[0 if self.battle and d.seat == self.battle[0] else 1]
        self.move(loser, self.layout.discard[d.seat])
        self.left_play(loser)
        self.end_duration(ROUND)
        self.schedule(Round())

    # ------------------------------------------------------------------ the View

    def view_part(self, seat: int | None) -> dict[str, Any]:
        L = self.layout
        return {
            "formations": [
                {str(slot(s, name)): cid for name, cid in zip(SLOTS, row, strict=True)}
                for s, row in enumerate(self.slots)
            ],
            "pools": [zone_view(self, L.pool[s], seat)["cards"] for s in range(self.n_seats)],
            "hands": [zone_view(self, L.hand[s], seat) for s in range(self.n_seats)],
        }

    def card_fields(self, cid: int) -> dict[str, Any]:
        return {"level": self.level(cid)} if self.defs[cid].type == "champion" else {}

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
        "battle",
        "slots",
    )

    def clone(self) -> RealmsState:
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
        new.battle = self.battle
        new.slots = [z[:] for z in self.slots]
        return new

    # --- end of generated code ---


class Realms(Ruleset):
    name = "toy-realms"
    title = "Realms"
    max_turns = 40
    data_dir = Path(__file__).parent / "no-data"
    state_class = RealmsState
    actions = (Build, Assault, Cast)
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN),
        ZoneSpec("hand", True, Visibility.OWNER),
        ZoneSpec("formation", True, Visibility.PUBLIC),
        ZoneSpec("pool", True, Visibility.PUBLIC),
        ZoneSpec("discard", True, Visibility.PUBLIC),
    )
    turn_structure = TurnStructure((Phase("turn", begin="turn"),))

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(CARDS)

    def build_deck(self, deck: DeckList, **options: Any) -> tuple[list[CardDef], list[str]]:
        """The toy plays its default decks only (given as card lists, they are checked here too)."""
        for cards in self.default_decks(2, Rng(0)):
            if deck.main == count_cards(cards):
                return list(cards), []
        return [], ["the toy plays its default decks only"]

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        keys = ["realm"] * 4 + ["knight", "giant", "haste", "haste", "rally", "rally", "banner", "storm"]
        return [[CARDS[k] for k in keys] for _ in range(players)]


class TurnEnd(Frame[Any]):
    """``turn_end``: runs ``op_turn_end``."""

    __slots__ = ()
    NAME = "turn_end"

    def run(self, state: Any) -> None:
        state.op_turn_end()


class Round(Frame[Any]):
    """``round``: runs ``op_round``."""

    __slots__ = ()
    NAME = "round"

    def run(self, state: Any) -> None:
        state.op_round()


RealmsState.FRAMES = {**RealmsState.FRAMES, **frame_table(Setup, Turn, TurnEnd, Round)}
