"""The table a seat looks at: its cards in fixed slots, relative to that seat, from a game's declared zones.

The observation shows the cards slot by slot and the actions name cards by their slot, so "the third card
of my hand" is one slot in both. Slots come in *sections*, one per declared zone key (``envs.facts``) and
side: the acting seat's own zone, then the other seats' zones of that name packed one after another
clockwise from it. Within a zone the order is the View's: the list order of a zone the seat may see
(face-down cards apart, under ``name/down``, when the game declares that key), and from the top (the end
of the list) for a zone it may not see (a deck), so the top card is always slot 0. A shared zone (a stack,
Spell Battle's cards in play) is split by each card's controller. Cards beyond a section's slots have no
slot (``locate`` leaves them out; an action naming one takes its field's "other" code).

Plain Python (no numpy), shared by the action codes (``envs.actions``) and the observations
(``envs.observation``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spellforge.core.state import State as _CoreState

from .facts import DEFAULT_ZONE_SLOTS, research_facts

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

DOWN = "/down"
_CORE_ZONE_VISIBLE = _CoreState.zone_visible


@dataclass(frozen=True, slots=True)
class Section:
    """A run of slots: the cards of zone key ``key`` on one side (``others``: every seat but the acting
    one's), ``start`` .. ``start + size - 1`` in the table."""

    key: str
    others: bool
    start: int
    size: int

    @property
    def label(self) -> str:
        return f"other:{self.key}" if self.others else self.key


class Location:
    """Where the cards are for one seat at one moment: ``slots[i]`` the card id in slot ``i`` (-1: empty),
    ``where[cid]`` the slot of card ``cid`` (absent: no slot), ``rel[i]`` the seat of slot ``i``'s zone
    (or controller) relative to the observing seat."""

    __slots__ = ("rel", "seat", "slots", "where")

    def __init__(self, size: int, seat: int) -> None:
        self.seat = seat
        self.slots = [-1] * size
        self.rel = [0] * size
        self.where: dict[int, int] = {}


class Table:
    """The sections of one game at one number of players (see the module docstring)."""

    def __init__(self, game: Ruleset, players: int) -> None:
        self.game = game
        self.players = players
        facts = research_facts(game)
        declared = dict(facts.zones)
        if not declared:
            declared = {spec.name: DEFAULT_ZONE_SLOTS for spec in game.zones}
        names = {spec.name for spec in game.zones}
        unknown = [k for k in declared if k.removesuffix(DOWN) not in names]
        if unknown:
            raise ValueError(
                f"{game.title}'s research facts name zones it does not have: {unknown} "
                f"(its zones: {', '.join(sorted(names))})"
            )
        self.sections: list[Section] = []
        self.by_key: dict[tuple[str, bool], Section] = {}
        at = 0
        for key, slots in declared.items():
            own, others = slots if isinstance(slots, tuple) else (slots, slots)
            if players < 2:
                others = 0
            for side, size in ((False, own), (True, others)):
                if size:
                    section = Section(key, side, at, size)
                    self.sections.append(section)
                    self.by_key[(key, side)] = section
                    at += size
        self.size = at
        # per zone name: its sections for face-up cards (own, others) and face-down ones (None: with the
        # face-up ones), read by ``locate``
        self._plans: dict[tuple[int, int], tuple[Any, list[Any]]] = {}
        self._plan: list[tuple[str, Section | None, Section | None, Section | None, Section | None, bool]] = []
        for name in dict.fromkeys(k.removesuffix(DOWN) for k in declared):
            split = name + DOWN in declared
            self._plan.append(
                (
                    name,
                    self.by_key.get((name, False)),
                    self.by_key.get((name, True)),
                    self.by_key.get((name + DOWN, False)),
                    self.by_key.get((name + DOWN, True)),
                    split,
                )
            )

    def locate(self, state: State, seat: int) -> Location:
        """The slots of ``state``'s cards as ``seat`` looks at the table now."""
        loc = Location(self.size, seat)
        zones = state.zones
        fd = state.face_down
        ctl = state.controller
        n = state.n_seats
        slots, rel_of, where = loc.slots, loc.rel, loc.where
        for entry in self._plan_for(state, seat):
            groups, shared, up_own, up_oth, down_own, down_oth, split = entry
            if shared:
                z, visible = groups[0][1], groups[0][2]
                ids = zones[z]
                if not ids:
                    continue
                by_rel = [[] for _ in range(n)]
                for c in ids:
                    by_rel[(ctl[c] - seat) % n].append(c)
                runs_of = [(rel, visible, by_rel[rel]) for rel in range(n)]
            else:
                runs_of = [(rel, visible, zones[z]) for rel, z, visible in groups]
            fill_up_own = fill_up_oth = fill_down_own = fill_down_oth = 0
            for rel, visible, ids in runs_of:
                if not ids:
                    continue
                if not visible:
                    up: Sequence[int] = ids[::-1]
                    down: Sequence[int] = ()
                elif split:
                    up = [c for c in ids if not fd[c]]
                    down = [c for c in ids if fd[c]]
                else:
                    up, down = ids, ()
                for cards, is_down in ((up, False), (down, True)):
                    if not cards:
                        continue
                    if rel == 0:
                        section = down_own if is_down else up_own
                        done = fill_down_own if is_down else fill_up_own
                    else:
                        section = down_oth if is_down else up_oth
                        done = fill_down_oth if is_down else fill_up_oth
                    if section is None:
                        continue
                    room = section.size - done
                    if room <= 0:
                        continue
                    base = section.start + done
                    for cid in cards[:room] if len(cards) > room else cards:
                        slots[base] = cid
                        rel_of[base] = rel
                        where[cid] = base
                        base += 1
                    placed = base - section.start
                    if rel == 0:
                        if is_down:
                            fill_down_own = placed
                        else:
                            fill_up_own = placed
                    elif is_down:
                        fill_down_oth = placed
                    else:
                        fill_up_oth = placed
        return loc

    def _plan_for(self, state: State, seat: int) -> list[Any]:
        """Per declared zone name, its zones as ``seat`` looks at them (relative seat, zone, whether the seat
        sees it) and its sections: worked out once per layout and seat while the game's ``zone_visible`` is
        core's (declared visibility), every time otherwise."""
        fixed = type(state).zone_visible is _CORE_ZONE_VISIBLE
        layout = state.layout
        key = (id(layout), seat)
        if fixed:
            cached = self._plans.get(key)
            if cached is not None and cached[0] is layout:
                return cached[1]
        n = state.n_seats
        visible_to = state.zone_visible
        plan: list[Any] = []
        for name, up_own, up_oth, down_own, down_oth, split in self._plan:
            per_seat = layout.by_seat.get(name)
            if per_seat is not None and (n < 2 or per_seat[0] != per_seat[1]):
                groups = [
                    (rel, per_seat[(seat + rel) % n], visible_to(per_seat[(seat + rel) % n], seat))
                    for rel in range(n)
                ]
                shared = False
            else:
                z = per_seat[0] if per_seat is not None else layout.zone(name)
                groups = [(0, z, visible_to(z, seat))]
                shared = True
            plan.append((groups, shared, up_own, up_oth, down_own, down_oth, split))
        if fixed:
            self._plans[key] = (layout, plan)
        return plan

    def __getstate__(self) -> dict[str, Any]:
        return {k: ({} if k == "_plans" else getattr(self, k)) for k in self.__dict__}

    def section_of(self, slot: int) -> Section:
        for section in self.sections:
            if section.start <= slot < section.start + section.size:
                return section
        raise ValueError(f"slot {slot} is outside the table (0..{self.size - 1})")


__all__ = ["DOWN", "Location", "Section", "Table"]
