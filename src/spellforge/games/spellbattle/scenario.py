"""Build any Spell Battle position from a short description, for rule tests and bug reports.

>>> from spellforge.games.spellbattle.scenario import scenario, Seat, card, do
>>> s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(play=["hedge-knight"]), step="main")
>>> knight = card(s, "hedge-knight")
>>> do(s, f"play #{card(s, 'fire-lance')} -> #{knight}")
>>> s.zone_of[knight] == s.layout.discard[1]
True

(Neither player could respond, so their passes were taken automatically and Fire Lance resolved.)

Each :class:`Seat` lists card ids by zone. ``play`` entries may carry in-play facts:
``("war-ox", {"tapped": True, "damage": 2})``. ``farms`` and ``tapped_farms`` add face-down farms
(Field Hands unless ``farm_card`` says otherwise). ``deck`` is written top card first (default: ten Field
Hands). The position starts
at the beginning of ``step`` of ``active``'s turn, and the game runs from there to the first decision.
A scenario is for tests: its record does not replay (the position was placed, not played).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spellforge.core import frames as core_frames
from spellforge.core.actions import Pass
from spellforge.games import find_game

from .base import AS_ONE
from .state import SpellBattleState

PlayEntry = str | tuple[str, dict[str, Any]]
FILLER = "field-hand"


@dataclass
class Seat:
    hand: list[str] = field(default_factory=list)
    play: list[PlayEntry] = field(default_factory=list)
    farms: int = 0
    tapped_farms: int = 0
    deck: list[str] | None = None  # None: ten Field Hands, so turns can pass; [] for an empty deck
    discard: list[str] = field(default_factory=list)
    life: int | None = None
    farm_card: str = "field-hand"


def scenario(
    *seats: Seat,
    step: str = "main",
    active: int = 0,
    turn: int = 3,
    seed: int = 0,
    farm_played: bool = False,
    **options: Any,
) -> SpellBattleState:
    """A position with ``len(seats)`` players (see the module docstring)."""
    game = find_game("spellbattle")
    cards = game.cards
    layout_plan: list[list[tuple[str, Any]]] = []
    decks = []
    for seat in seats:
        plan: list[tuple[str, Any]] = []
        plan += [("hand", key) for key in seat.hand]
        plan += [("play", entry) for entry in seat.play]
        plan += [("farm", False)] * seat.farms + [("farm", True)] * seat.tapped_farms
        plan += [("discard", key) for key in seat.discard]
        deck = seat.deck if seat.deck is not None else [FILLER] * 10
        plan += [("deck", key) for key in reversed(deck)]
        keys = []
        for where, entry in plan:
            if where == "farm":
                keys.append(seat.farm_card)
            elif where == "play":
                keys.append(entry if isinstance(entry, str) else entry[0])
            else:
                keys.append(entry)
        unknown = [k for k in keys if k not in cards]
        if unknown:
            raise ValueError(f"unknown card id(s) {unknown}")
        decks.append([cards[k] for k in keys])
        layout_plan.append(plan)
    # a position, not a deck: the cards are taken as they are, with no construction check
    state = game.start_game(seed, decks, len(seats), game.resolve_options(len(seats), options))
    assert isinstance(state, SpellBattleState)
    place(state, seats, layout_plan)
    state.turn = turn
    state.begin_turns(active)
    state.step = step
    state.farm_played = [farm_played and state.is_active(s) for s in range(state.n_seats)]
    state.work = [core_frames.EnterPhase(step)]
    state.decision = None
    state._legal = None
    state._hist = None
    state._log = None
    state._run()
    return state


def place(state: SpellBattleState, seats: tuple[Seat, ...], plans: list[list[tuple[str, Any]]]) -> None:
    L = state.layout
    for z in range(L.count):
        state.zones[z] = []
    cid = 0
    for s, (seat, plan) in enumerate(zip(seats, plans, strict=True)):
        for where, entry in plan:
            state.controller[cid] = s
            state.tapped[cid] = False
            state.damage[cid] = 0
            state.face_down[cid] = False
            if where == "hand":
                zone = L.hand[s]
            elif where == "discard":
                zone = L.discard[s]
            elif where == "deck":
                zone = L.deck[s]
            elif where == "farm":
                zone = L.play
                state.face_down[cid] = True
                state.tapped[cid] = bool(entry)
            else:
                zone = L.play
                facts = entry[1] if isinstance(entry, tuple) else {}
                state.tapped[cid] = bool(facts.get("tapped", False))
                state.damage[cid] = int(facts.get("damage", 0))
            state.zones[zone].append(cid)
            state.zone_of[cid] = zone
            cid += 1
        if seat.life is not None:
            state.pool_damage[state.pool_of[s]] = state.life_max - seat.life
    state.stack = []
    state.windows = []
    state.pending_triggers = []
    state.modifiers = []
    state.clear_combat()
    state.resolving = None
    state.abilities_changed()
    if state.options["teams"] == AS_ONE:
        for s, seat in enumerate(seats):
            if seat.life is not None:
                state.pool_damage[state.pool_of[s]] = state.life_max - seat.life


def card(
    state: SpellBattleState, key: str, seat: int | None = None, zone: str | None = None, nth: int = 0
) -> int:
    """The id of a card by its card id (``nth`` match), optionally of ``seat`` (controller) in ``zone``."""
    matches = []
    for cid, d in enumerate(state.defs):
        if d.key != key:
            continue
        if seat is not None and state.controller[cid] != seat:
            continue
        if zone is not None and state.layout.names[state.zone_of[cid]] != zone:
            continue
        matches.append(cid)
    if len(matches) <= nth:
        raise LookupError(f"no card {key!r} (seat={seat}, zone={zone}, nth={nth})")
    return matches[nth]


def do(state: SpellBattleState, *actions: str) -> None:
    """Apply actions written as text, in order (raises IllegalActionError on the first illegal one)."""
    for text in actions:
        state.apply(state.game.parse_action(state, text))


def pass_all(state: SpellBattleState, limit: int = 50) -> None:
    """Pass priority while the current decision is a priority decision (resolving limbo, ending steps)."""
    for _ in range(limit):
        if state.decision is None or state.decision.kind != "priority":
            return
        state.apply(Pass())


def legal(state: SpellBattleState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def in_play(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every face-up card in play a View shows, player by player (each player's ``in_play`` row)."""
    return [c for p in view["players"] for c in p["in_play"]]
