"""Keep and Raid: a toy game with two roles, a worked example of core seating.

Overlords scheme for power behind their walls; champions raid them with blades. Each role has

* its own deck: a preconstructed deck says ``role = "..."`` (``roles_data/decks``); an overlord deck is 10
  overlord cards, a champion deck 12 champion cards (``build_deck(deck, role=...)``);
* its own action points: 3 for an overlord, 4 for a champion, spent one or two at a time;
* its own actions: both ``draw`` (1 point), ``play #c`` (1 point) and ``done``; an overlord ``fortify``
  (2 points, once per turn: +1 health); a champion ``rally`` (1 point, once per turn: draw two) and
  ``play #c at P2`` for a blade (damage to an enemy seat).

2 to 6 seats play clockwise from a random first seat; roles alternate (P1 overlord, P2 champion, ...). With
option ``teams=roles`` the overlords play together against the champions. A seat at 0 health is out
(``eliminate``); an overlord with 8 power wins for its team; otherwise the last team standing wins (core's
default). Haste gives its player an extra turn after this one, once the first turn cycle is complete, and
an extra turn does not reset once-per-turn actions (``EXTRA_TURN_RESETS = False``, SPELLFIRE's rule). At the
end of the main phase (its ``end`` op) a hand over 4 cards is discarded down to 4.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core import events as ev
from spellforge.core import frames as core_frames
from spellforge.core.actions import CARD, SEAT, Action, Done, Word, seat_name
from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, copy_problems, expand, resolve_section
from spellforge.core.events import Event
from spellforge.core.flow import Decision, Frame, Phase, TurnStructure, frame_table
from spellforge.core.kinds import act, legal
from spellforge.core.observe import zone_view
from spellforge.core.ruleset import OptionSpec, Ruleset
from spellforge.core.state import State
from spellforge.core.zones import Visibility, ZoneSpec

from .common import Setup

OVERLORD = "overlord"
CHAMPION = "champion"
ACTION_POINTS = {OVERLORD: 3, CHAMPION: 4}
DECK_SIZE = {OVERLORD: 10, CHAMPION: 12}
START_HEALTH = 5
OPENING_HAND = 3
HAND_LIMIT = 4
WIN_POWER = 8


@dataclass(frozen=True, slots=True)
class RoleCard(CardDef):
    role: str = ""  # the role whose decks may hold it
    value: int = 0  # power, health or damage


CARDS = {
    card.key: card
    for card in (
        RoleCard("scheme-1", "Scheme", "scheme", "Gain 1 power.", role=OVERLORD, value=1),
        RoleCard("scheme-2", "Grand Scheme", "scheme", "Gain 2 power.", role=OVERLORD, value=2),
        RoleCard("wall", "Wall", "wall", "Gain 2 health.", role=OVERLORD, value=2),
        RoleCard("blade-1", "Dagger", "blade", "Deal 1 damage to an enemy.", role=CHAMPION, value=1),
        RoleCard("blade-2", "Sword", "blade", "Deal 2 damage to an enemy.", role=CHAMPION, value=2),
        RoleCard("haste", "Haste", "haste", "Take an extra turn after this one.", role=CHAMPION),
    )
}


# ---------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Draw(Word):
    VERB: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Rally(Word):
    VERB: ClassVar[str] = "rally"


@dataclass(frozen=True, slots=True)
class Fortify(Word):
    VERB: ClassVar[str] = "fortify"


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int
    target: int = -1  # the seat a blade strikes (-1: none)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"play\s+" + CARD + r"(?:\s+at\s+" + SEAT + ")?", re.I)

    def __str__(self) -> str:
        return f"play #{self.card}" + (f" at {seat_name(self.target)}" if self.target >= 0 else "")

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), int(m.group(2)) - 1 if m.group(2) else -1)


# ---------------------------------------------------------------------- the state


class RolesState(State):
    __slots__ = ("action_points", "health", "power", "used_once")
    COPY: ClassVar[dict[str, str]] = {"health": "list", "power": "list", "used_once": "list"}
    EXTRA_TURN_RESETS = False

    action_points: int  # left to the active seat this turn
    health: list[int]
    power: list[int]
    used_once: list[bool]  # fortify / rally used this turn

    defs: tuple[RoleCard, ...]

    def init_game(self) -> None:
        n = self.n_seats
        self.action_points = 0
        self.health = [START_HEALTH] * n
        self.power = [0] * n
        self.used_once = [False] * n

    def op_setup(self) -> None:
        for seat in range(self.n_seats):
            self.shuffle(self.layout.deck[seat])
            self.draw(seat, OPENING_HAND)
        self.begin_turns(self.rng.randrange(self.n_seats))
        self.schedule(TurnStart())

    def draw(self, seat: int, n: int) -> None:
        deck = self.zones[self.layout.deck[seat]]
        for _ in range(n):
            if not deck:
                return
            cid = deck[-1]
            self.move(cid, self.layout.hand[seat])
            self.emit(Event(ev.DRAW, seat, cid, secret=True))

    # ------------------------------------------------------------------ the turn

    def op_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        seat = self.active
        self.action_points = ACTION_POINTS[self.role(seat)]
        if self.resets_once_per_turn:
            self.used_once[seat] = False
        self.emit(Event(ev.TURN, seat, amount=self.turn, note="extra" if self.extra_turn else ""))
        self.schedule(core_frames.EnterPhase(self.game.turn_structure.first))

    def op_main(self) -> None:
        self.ask("turn", self.active)

    def op_cleanup(self) -> None:
        """The main phase's end: the active seat discards its oldest cards down to the hand limit."""
        seat = self.active
        hand = self.zones[self.layout.hand[seat]]
        while len(hand) > HAND_LIMIT:
            cid = hand[0]
            self.move(cid, self.layout.discard[seat])
            self.emit(Event("discard", seat, cid))

    def op_turn_end(self) -> None:
        self.pass_turn()
        self.schedule(TurnStart())

    # ------------------------------------------------------------------ the one decision: what to do next

    @legal("turn")
    def legal_turn(self) -> list[Action]:
        assert self.decision is not None
        seat = self.decision.seat
        role = self.role(seat)
        deck = self.zones[self.layout.deck[seat]]
        out: list[Action] = [Done()]
        if deck:
            out.append(Draw())
        seen: set[str] = set()
        for cid in self.zones[self.layout.hand[seat]]:
            card = self.defs[cid]
            if card.key in seen:
                continue  # identical cards in hand are one option
            seen.add(card.key)
            if card.type == "blade":
                out.extend(Play(cid, t) for t in self.clockwise_from(seat) if self.is_enemy(seat, t))
            elif card.type != "haste" or self.extra_turns_unlocked:
                out.append(Play(cid))
        if not self.used_once[seat]:
            if role == OVERLORD and self.action_points >= 2:
                out.append(Fortify())
            elif role == CHAMPION and deck:
                out.append(Rally())
        return out

    @act("turn")
    def act_turn(self, action: Action, d: Decision) -> None:
        seat = d.seat
        if isinstance(action, Done):
            return
        if isinstance(action, Draw):
            self.action_points -= 1
            self.draw(seat, 1)
        elif isinstance(action, Rally):
            self.action_points -= 1
            self.used_once[seat] = True
            self.draw(seat, 2)
        elif isinstance(action, Fortify):
            self.action_points -= 2
            self.used_once[seat] = True
            self.health[seat] += 1
        elif isinstance(action, Play):
            self.action_points -= 1
            self.play(seat, action.card, action.target)
        if self.outcome is None and self.action_points > 0:
            self.ask("turn", seat)

    def play(self, seat: int, cid: int, target: int) -> None:
        card = self.defs[cid]
        self.move(cid, self.layout.discard[seat])
        self.emit(Event(ev.PLAY, seat, cid, other=target))
        if card.type == "scheme":
            self.power[seat] += card.value
            if self.power[seat] >= WIN_POWER:
                self.finish(tuple(self.teammates(seat)), "power")
        elif card.type == "wall":
            self.health[seat] += card.value
        elif card.type == "blade":
            self.health[target] -= card.value
            self.emit(Event(ev.DAMAGE, target, cid, amount=card.value))
            if self.health[target] <= 0:
                self.eliminate([target], "health")
        else:
            self.grant_extra_turn(seat)

    # ------------------------------------------------------------------ views

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        L = self.layout
        return {
            "health": self.health[s],
            "power": self.power[s],
            "hand": zone_view(self, L.hand[s], seat),
            "deck": zone_view(self, L.deck[s], seat),
            "discard": zone_view(self, L.discard[s], seat),
        }

    def view_part(self, seat: int | None) -> dict[str, Any]:
        return {"extra_turn": self.extra_turn, "action_points": self.action_points}

    def card_fields(self, cid: int) -> dict[str, Any]:
        card = self.defs[cid]
        return {"role": card.role, "value": card.value}

    def describe_event(self, e: Event, seat: int | None) -> str:
        return f"{seat_name(e.seat)} {e.kind}" if e.seat >= 0 else e.kind

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
        "action_points",
        "health",
        "power",
        "used_once",
    )

    def clone(self) -> RolesState:
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
        new.action_points = self.action_points
        new.health = self.health[:]
        new.power = self.power[:]
        new.used_once = self.used_once[:]
        return new

    # --- end of generated code ---


# ---------------------------------------------------------------------- the ruleset


class KeepAndRaid(Ruleset):
    name = "keep-and-raid"
    title = "Keep and Raid"
    min_players = 2
    max_players = 6
    roles = (OVERLORD, CHAMPION)
    max_turns = 200
    data_dir = Path(__file__).parent / "roles_data"
    state_class = RolesState
    actions = (Draw, Rally, Fortify, Play)
    options = (
        OptionSpec("teams", str, "none", "none (each seat alone) or roles (overlords against champions)",
                   choices=("none", "roles")),
    )  # fmt: skip
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN),
        ZoneSpec("hand", True, Visibility.OWNER),
        ZoneSpec("discard", True, Visibility.PUBLIC),
    )
    turn_structure = TurnStructure((Phase("main", begin="main", end="cleanup"),))

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(CARDS)

    def seat_teams(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        if options.get("teams") == "roles":
            return tuple(self.roles.index(role) for role in self.seat_roles(players, options))
        return super().seat_teams(players, options)

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """A deck for ``role`` (default: the role the deck says it is for): that role's cards only, exactly
        the role's deck size, at most 6 copies of a card."""
        problems: list[str] = []
        resolved = resolve_section(deck.main, card_index(self.cards), "cards", problems)
        made_for = self.deck_role(deck)
        role = role or made_for
        if role not in self.roles:
            problems.append(f"a deck is for a role ({' or '.join(self.roles)}); this one names none")
            return expand(resolved), problems
        if made_for and made_for != role:
            problems.append(f"the deck is made for the {made_for}, not the {role}")
        for card, _ in resolved:
            if isinstance(card, RoleCard) and card.role != role:
                problems.append(
                    f"[cards] {card.name} is a {card.role} card; a {role} deck holds {role} cards"
                )
        if deck.count() != DECK_SIZE[role]:
            problems.append(
                f"the deck lists {deck.count()} cards; a {role} deck has exactly {DECK_SIZE[role]}"
            )
        problems += copy_problems(resolved, 6, "cards")
        return expand(resolved), problems


class TurnStart(Frame[Any]):
    """``turn_start``: runs ``op_turn_start``."""

    __slots__ = ()
    NAME = "turn_start"

    def run(self, state: Any) -> None:
        state.op_turn_start()


class Main(Frame[Any]):
    """``main``: runs ``op_main``."""

    __slots__ = ()
    NAME = "main"

    def run(self, state: Any) -> None:
        state.op_main()


class Cleanup(Frame[Any]):
    """``cleanup``: runs ``op_cleanup``."""

    __slots__ = ()
    NAME = "cleanup"

    def run(self, state: Any) -> None:
        state.op_cleanup()


class TurnEnd(Frame[Any]):
    """``turn_end``: runs ``op_turn_end``."""

    __slots__ = ()
    NAME = "turn_end"

    def run(self, state: Any) -> None:
        state.op_turn_end()


RolesState.FRAMES = {**RolesState.FRAMES, **frame_table(Setup, TurnStart, Main, Cleanup, TurnEnd)}
