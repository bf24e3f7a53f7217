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
the Main phase of ``active`` with ``ap`` action points (default: the role's). The builder is core's
(``core.scenario``); this module declares Spelldawn's sides, rooms and options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as _field

from spellforge.core import frames as core_frames
from spellforge.core import scenario as core
from spellforge.core.scenario import Placed, ScenarioError, flag, number
from spellforge.core.state import State
from spellforge.games import find_game

from . import frames
from .base import ACTION_POINTS, ROOM_NAMES
from .state import SpelldawnState

ROOMS_WITH_OCCUPANT = ROOM_NAMES[3:]


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


DEFAULT_RIFTCALLER = {"overlord": "thornmother", "champion": "ashen-pilgrim"}


class Builder(core.Builder):
    """Spelldawn's part: rooms of occupants and defenders, face-down cards and their counters."""

    OPTIONS = {"up": flag, "progress": number, "stored": number}

    def side(self, seat: int, role: str, side: Side) -> list[Placed]:
        """The cards of ``side`` in id order: riftcaller, boons, hand, discard, arena, score, deck, rooms."""
        cards = self.plain(seat, "riftcaller", [side.riftcaller or DEFAULT_RIFTCALLER[role]])
        for zone in ("boons", "hand", "discard", "arena", "score"):
            cards += self.entries(seat, zone, getattr(side, zone))
        cards += self.entries(seat, "deck", reversed(side.deck))  # written top first; the end is the top
        for room, entries in side.rooms.items():
            if room not in ROOM_NAMES:
                raise ScenarioError(
                    f"P{seat + 1} rooms: unknown room {room!r} (the rooms: {', '.join(ROOM_NAMES)})"
                )
            occupant, *defenders = entries
            if occupant is not None:
                if room not in ROOMS_WITH_OCCUPANT:
                    raise ScenarioError(
                        f"P{seat + 1} rooms: room {room!r} holds no occupant (write None first)"
                    )
                cards.append(self.entry(seat, f"occupant_{room}", occupant))
            for entry in defenders:
                if entry is None:
                    raise ScenarioError(f"P{seat + 1} rooms: room {room!r} lists None as a defender")
                cards.append(self.entry(seat, f"defenders_{room}", entry))
        return cards

    def apply(self, state: State, cid: int, p: Placed, seat_cards: Sequence[tuple[int, Placed]]) -> None:
        assert isinstance(state, SpelldawnState)
        in_room = p.zone.startswith(("occupant_", "defenders_"))  # room cards lie face down unless ``up``
        state.face_down[cid] = in_room and "up" not in p.opts
        if not state.face_down[cid] and p.zone not in ("hand", "deck"):
            state.reveal_to_everyone(cid)
        state.progress[cid] = p.opts.get("progress", 0)
        state.stored[cid] = p.opts.get("stored", 0)


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
    sides = {"overlord": overlord or Side(), "champion": champion or Side()}
    builder = Builder(find_game("spelldawn"))
    state = builder.build(
        [builder.side(seat, role, sides[role]) for seat, role in enumerate(sides)], seed=seed
    )
    assert isinstance(state, SpelldawnState)
    for role, seat in (("overlord", state.ol), ("champion", state.ch)):
        side = sides[role]
        state.mana[seat] = side.mana
        state.points[seat] = side.points
    state.curses = sides["champion"].curses
    state.turn = turn
    state.phase = "main"
    state.active = state.ol if active == "overlord" else state.ch
    state.ap = ACTION_POINTS[active] if ap is None else ap
    # the rest of the turn, as op_phase would
    state.run_on(frames.MainNext(), core_frames.EnterPhase("discard"))
    return state


def card_id(state: SpelldawnState, key: str, n: int = 0) -> int:
    """The id of the ``n``-th card with this card-file id (in the order the scenario listed them)."""
    return core.card_id(state, key, nth=n)
