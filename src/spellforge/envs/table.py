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
    (or controller) relative to the observing seat.

    ``changed`` is the slots whose card or side differ from ``base`` (the location this one was worked out
    from: None, or ``changed`` None, when it was worked out whole), so an observation can rewrite only
    those; ``serial`` tells locations apart for that."""

    __slots__ = (
        "base",
        "changed",
        "controllers",
        "entry_slots",
        "face_down",
        "known",
        "rel",
        "seat",
        "serial",
        "slots",
        "where",
        "zones_seen",
    )

    _serials = iter(range(1, 1 << 62))

    def __init__(self, size: int, seat: int, entries: int) -> None:
        self.seat = seat
        self.slots = [-1] * size
        self.rel = [0] * size
        self.where: dict[int, int] = {}
        self.serial = next(Location._serials)
        self.base = 0
        self.changed: set[int] | None = None
        self.entry_slots: list[list[int]] = [[] for _ in range(entries)]
        self.zones_seen: list[list[int]] = []  # every zone's cards when this location was worked out
        self.face_down: list[bool] = []
        self.known: list[int] = []
        self.controllers: list[int] = []


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
        self._entries: dict[int, tuple[Any, list[int]]] = {}
        self._plan: list[
            tuple[str, Section | None, Section | None, Section | None, Section | None, bool]
        ] = []
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

    def locate(self, state: State, seat: int, previous: Location | None = None) -> Location:
        """The slots of ``state``'s cards as ``seat`` looks at the table now. Given ``previous`` (this
        seat's location a moment ago, in any state), only the zones whose cards changed are worked out
        again: the result is the same, and says which slots changed."""
        plan = self._plan_for(state, seat)
        zones = state.zones
        fd, known, ctl = state.face_down, state.known, state.controller
        if (
            previous is not None
            and previous.seat == seat
            and len(previous.entry_slots) == len(plan)
            and len(previous.face_down) == len(fd)
            and len(previous.zones_seen) == len(zones)
        ):
            loc = Location.__new__(Location)
            loc.seat = seat
            loc.slots = previous.slots[:]
            loc.rel = previous.rel[:]
            loc.where = previous.where.copy()
            loc.serial = next(Location._serials)
            loc.base = previous.serial
            loc.entry_slots = previous.entry_slots[:]
            loc.zones_seen = previous.zones_seen
            loc.face_down, loc.known, loc.controllers = (
                previous.face_down,
                previous.known,
                previous.controllers,
            )
            # the cards turned over or changing hands: their zones are placed again
            moved: set[int] = set()
            if loc.face_down != fd or loc.controllers != ctl:
                old_fd, old_ctl = loc.face_down, loc.controllers
                entry_of = self._entry_of_zone(state)
                zone_of = state.zone_of
                for cid in range(len(fd)):
                    if fd[cid] != old_fd[cid] or ctl[cid] != old_ctl[cid]:
                        i = entry_of[zone_of[cid]]
                        if i >= 0:
                            moved.add(i)
                loc.face_down, loc.controllers = fd[:], ctl[:]
            changed: set[int] = set()
            snapshot = loc.zones_seen
            if snapshot != zones:
                entry_of = self._entry_of_zone(state)
                snapshot = snapshot[:]
                for z, (now, seen) in enumerate(zip(zones, snapshot, strict=True)):
                    if now != seen:
                        snapshot[z] = now[:]
                        if entry_of[z] >= 0:
                            moved.add(entry_of[z])
                loc.zones_seen = snapshot
            for i in sorted(moved):
                entry = plan[i]
                slots, where, rel = loc.slots, loc.where, loc.rel
                before = {slot: (slots[slot], rel[slot]) for slot in loc.entry_slots[i]}
                for slot in before:
                    cid = slots[slot]
                    slots[slot] = -1
                    rel[slot] = 0
                    if where.get(cid) == slot:
                        del where[cid]
                self._place(loc, i, entry, state, seat)
                for slot in loc.entry_slots[i]:  # a card that kept its slot (and side) is no change
                    if before.pop(slot, None) != (slots[slot], rel[slot]):
                        changed.add(slot)
                changed.update(before)  # slots left empty
            if loc.known != known:  # what a seat knows of a card shows in its slot
                old_known = loc.known
                where = loc.where
                for cid in range(len(known)):
                    if known[cid] != old_known[cid]:
                        learned = where.get(cid)
                        if learned is not None:
                            changed.add(learned)
                loc.known = known[:]
            loc.changed = changed
            return loc
        loc = Location(self.size, seat, len(plan))
        loc.face_down, loc.known, loc.controllers = fd[:], known[:], ctl[:]
        loc.zones_seen = [z[:] for z in zones]
        for i, entry in enumerate(plan):
            self._place(loc, i, entry, state, seat)
        return loc

    def _entry_of_zone(self, state: State) -> list[int]:
        """Per zone of ``state``'s layout, the plan entry (zone name) it belongs to, or -1."""
        layout = state.layout
        cached = self._entries.get(id(layout))
        if cached is not None and cached[0] is layout:
            return cached[1]
        index = {name: i for i, (name, *_) in enumerate(self._plan)}
        out = [index.get(layout.names[z], -1) for z in range(layout.count)]
        self._entries[id(layout)] = (layout, out)
        return out

    def _place(self, loc: Location, i: int, entry: Any, state: State, seat: int) -> None:
        """Put the cards of plan entry ``i`` (one zone name) in their slots."""
        groups, shared, up_own, up_oth, down_own, down_oth, split = entry
        zones = state.zones
        fd = state.face_down
        n = state.n_seats
        slots, rel_of, where = loc.slots, loc.rel, loc.where
        placed: list[int] = []
        loc.entry_slots[i] = placed
        if shared:
            z, visible = groups[0][1], groups[0][2]
            ids = zones[z]
            if not ids:
                return
            ctl = state.controller
            by_rel: list[list[int]] = [[] for _ in range(n)]
            for c in ids:
                by_rel[(ctl[c] - seat) % n].append(c)
            runs_of = [(rel, visible, by_rel[rel]) for rel in range(n)]
        else:
            runs_of = [(rel, visible, zones[z]) for rel, z, visible in groups]
        fill = [0, 0, 0, 0]  # placed so far: face up own, others; face down own, others
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
            side = 0 if rel == 0 else 1
            for cards, k, section in (
                (up, side, up_own if side == 0 else up_oth),
                (down, 2 + side, down_own if side == 0 else down_oth),
            ):
                if not cards or section is None:
                    continue
                done = fill[k]
                room = section.size - done
                if room <= 0:
                    continue
                base = section.start + done
                for cid in cards[:room] if len(cards) > room else cards:
                    slots[base] = cid
                    rel_of[base] = rel
                    where[cid] = base
                    placed.append(base)
                    base += 1
                fill[k] = base - section.start

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
        return {k: ({} if k in ("_plans", "_entries") else getattr(self, k)) for k in self.__dict__}

    def section_of(self, slot: int) -> Section:
        for section in self.sections:
            if section.start <= slot < section.start + section.size:
                return section
        raise ValueError(f"slot {slot} is outside the table (0..{self.size - 1})")


__all__ = ["DOWN", "Location", "Section", "Table"]
