"""Build a mid-game Spelldawn position from a short description, for rule tests and bug reports.

>>> from spellforge.games.spelldawn.scenario import Side, scenario, card_id
>>> state = scenario(
...     Side(rooms={"A": ["tithe-of-ash", "iron-sentinel"]}, mana=0),
...     Side(mana=5),
...     active="champion",
... )
>>> str(state.legal_actions()[-1])
'raid room A'

Each side lists card ids (as in the card files) per zone; ``deck`` is written top card first. An Overlord
room lists its occupant first (or ``None`` for none) and then its defenders, innermost first; the last one
is the outermost (SD-R30). A card entry may carry modifiers after colons: ``up`` (face up), ``progress=N``,
``stored=N``. Without a riftcaller a side gets the first one of its school-less filler. The state starts in
the Main phase of ``active`` with ``ap`` action points (default: the role's).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

from spellforge.core import frames as core_frames
from spellforge.core.cards import CardDef
from spellforge.games import find_game

from . import frames
from .base import (
    ACTION_POINTS,
    ARENA,
    BOONS,
    DECK,
    DEFENDERS,
    DISCARD,
    HAND,
    OCCUPANT,
    RIFTCALLER,
    ROOM_NAMES,
    SCORE,
)
from .state import SpelldawnState

ROOM_INDEX = {n: i for i, n in enumerate(ROOM_NAMES)}


@dataclass
class Side:
    """One player's cards, zone by zone (card ids from the card files), and its numbers."""

    riftcaller: str = ""
    boons: list[str] = _field(default_factory=list)
    hand: list[str] = _field(default_factory=list)
    deck: list[str] = _field(default_factory=list)
    discard: list[str] = _field(default_factory=list)
    arena: list[str] = _field(default_factory=list)
    score: list[str] = _field(default_factory=list)
    rooms: dict[str, list[str | None]] = _field(default_factory=dict)
    mana: int = 5
    points: int = 0
    curses: int = 0


def _split(entry: str) -> tuple[str, dict[str, str]]:
    key, *mods = entry.split(":")
    opts: dict[str, str] = {}
    for m in mods:
        name, _, value = m.partition("=")
        opts[name] = value or "1"
    return key, opts


DEFAULT_RIFTCALLER = {"overlord": "thornmother", "champion": "ashen-pilgrim"}


def scenario(
    overlord: Side | None = None,
    champion: Side | None = None,
    *,
    active: str = "overlord",
    ap: int | None = None,
    turn: int = 3,
    seed: int = 1,
) -> SpelldawnState:
    """A position built from ``overlord`` and ``champion`` (see the module docstring), asked for the active
    side's Main-phase action."""
    game = find_game("spelldawn")
    sides = {"overlord": overlord or Side(), "champion": champion or Side()}
    placements: list[list[tuple[str, str, dict[str, str]]]] = []  # per seat: (key, where, opts)
    for role in ("overlord", "champion"):
        side = sides[role]
        items: list[tuple[str, str, dict[str, str]]] = []
        items.append((side.riftcaller or DEFAULT_RIFTCALLER[role], "riftcaller", {}))
        for where in ("boons", "hand", "discard", "arena", "score"):
            for entry in getattr(side, where):
                key, opts = _split(entry)
                items.append((key, where, opts))
        for entry in reversed(side.deck):  # written top first; the end of the list is the top
            key, opts = _split(entry)
            items.append((key, "deck", opts))
        for room, entries in side.rooms.items():
            occupant, *defenders = entries
            if occupant is not None:
                key, opts = _split(occupant)
                items.append((key, f"occupant:{room}", opts))
            for entry in defenders:
                assert entry is not None
                key, opts = _split(entry)
                items.append((key, f"defender:{room}", opts))
        placements.append(items)
    cards: list[list[CardDef]] = [[game.cards[k] for k, _, _ in items] for items in placements]
    # as Ruleset.start_game does, without the setup op: the position replaces it
    options = game.resolve_options(2, {})
    state = SpelldawnState()
    state.init_core(game, seed, cards, options, game.layout(2, options))
    state.init_seating(game.seat_roles(2, options), game.seat_teams(2, options), game.seat_sides(2, options))
    state.init_game()
    cid = 0
    for seat, items in enumerate(placements):
        for _key, where, opts in items:
            zone, face_down = _zone(where, seat)
            if state.zone_of[cid] != zone:
                state.move(cid, zone)
            else:  # keep the written order
                state.zones[zone].remove(cid)
                state.zones[zone].append(cid)
            state.face_down[cid] = face_down and "up" not in opts
            if not state.face_down[cid] and where not in ("hand", "deck"):
                state.reveal_to_everyone(cid)
            state.progress[cid] = int(opts.get("progress", 0))
            state.stored[cid] = int(opts.get("stored", 0))
            cid += 1
    for role, seat in (("overlord", state.ol), ("champion", state.ch)):
        side = sides[role]
        state.mana[seat] = side.mana
        state.points[seat] = side.points
    state.curses = sides["champion"].curses
    state.turn = turn
    state.phase = "main"
    seat = state.ol if active == "overlord" else state.ch
    state.active = seat
    state.ap = ACTION_POINTS[active] if ap is None else ap
    state.schedule(
        frames.MainNext(), core_frames.EnterPhase("discard")
    )  # the rest of the turn, as op_phase would
    state._run()
    return state


def _zone(where: str, seat: int) -> tuple[int, bool]:
    if where.startswith("occupant:"):
        return OCCUPANT[ROOM_INDEX[where.split(":")[1]]], True
    if where.startswith("defender:"):
        return DEFENDERS[ROOM_INDEX[where.split(":")[1]]], True
    table = {
        "riftcaller": RIFTCALLER,
        "boons": BOONS,
        "hand": HAND,
        "deck": DECK,
        "discard": DISCARD,
        "arena": ARENA,
        "score": SCORE,
    }
    return table[where][seat], False


def card_id(state: SpelldawnState, key: str, n: int = 0) -> int:
    """The id of the ``n``-th card with this card-file id (in the order the scenario listed them)."""
    found = [c for c, d in enumerate(state.defs) if d.key == key]
    if n >= len(found):
        raise KeyError(f"no card {key!r} number {n} in this game")
    return found[n]
