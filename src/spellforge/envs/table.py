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

from dataclasses import dataclass
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from spellforge.core.state import State as _CoreState

from .facts import DEFAULT_ZONE_SLOTS, research_facts
from .pickling import attributes, restore

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

# Whether this module runs compiled (its file an extension): ``_moved`` then compares the zones in a loop.
_COMPILED: Final = not __file__.endswith(".py")
DOWN: Final = "/down"
_CORE_ZONE_VISIBLE: Final = _CoreState.zone_visible


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

    def __reduce__(self) -> tuple[type[Section], tuple[str, bool, int, int]]:
        # pickled as a call with its fields: compiled and frozen, it could not be given them one by one
        return (Section, (self.key, self.others, self.start, self.size))


# Location's fields, read by name when a location is worked out again whole (``Table.update``).
_LOCATION_FIELDS: Final = (
    "acts",
    "changed",
    "controllers",
    "face_down",
    "fill",
    "known",
    "layout",
    "plan",
    "rel",
    "seat",
    "slots",
    "where",
    "zones_seen",
)


class Location:
    """Where the cards are for one seat at one moment: ``slots[i]`` the card id in slot ``i`` (-1: empty),
    ``where[cid]`` the slot of card ``cid`` (absent: no slot), ``rel[i]`` the seat of slot ``i``'s zone
    (or controller) relative to the observing seat, ``fill[k]`` how many cards section ``k`` holds (its first
    slots).

    ``changed`` is the slots whose card, side or look (face down, known, controller) differ from the location
    this one was worked out from (None: it was worked out whole), so an observation can rewrite only those.
    The rest is what ``Table.update`` compares the state with."""

    __slots__ = _LOCATION_FIELDS

    def __init__(self, size: int, seat: int, sections: int) -> None:
        self.seat = seat
        self.slots = [-1] * size
        self.rel = [0] * size
        self.where: dict[int, int] = {}
        self.fill = [0] * sections
        self.changed: set[int] | None = None
        self.layout: Any = None
        self.plan: list[Any] = []
        self.acts: list[Any] = []  # per zone: how to place its cards again (``Table._acts``)
        # every zone's cards when this location was worked out (compiled, a zone off the table: when its
        # number of cards last changed, ``_moved``)
        self.zones_seen: list[list[int]] = []
        self.face_down: list[bool] = []
        self.known: list[int] = []
        self.controllers: list[int] = []

    def copy(self) -> Location:
        """A copy that ``Table.update`` may change without changing this one."""
        loc = Location.__new__(Location)
        loc.seat = self.seat
        loc.slots = self.slots[:]
        loc.rel = self.rel[:]
        loc.where = self.where.copy()
        loc.fill = self.fill[:]
        loc.changed = self.changed
        loc.layout = self.layout
        loc.plan = self.plan
        loc.acts = self.acts
        loc.zones_seen = self.zones_seen[:]  # its lists are replaced, never changed
        loc.face_down, loc.known, loc.controllers = self.face_down[:], self.known[:], self.controllers[:]
        return loc


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
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
        index = {id(section): k for k, section in enumerate(self.sections)}
        # per zone name: its sections for face-up cards (own, others) and face-down ones (None: with the
        # face-up ones), as (section number, start, size), read by ``locate``
        self._plans: dict[tuple[int, int], tuple[Any, list[Any], list[Any]]] = {}
        self._plan: list[tuple[Any, ...]] = []  # (name, up_own, up_others, down_own, down_others, split)
        self.entry_sections: list[list[int]] = []  # per zone name: the numbers of its sections
        for name in dict.fromkeys(k.removesuffix(DOWN) for k in declared):
            split = name + DOWN in declared
            found = [
                self.by_key.get((name, False)),
                self.by_key.get((name, True)),
                self.by_key.get((name + DOWN, False)),
                self.by_key.get((name + DOWN, True)),
            ]
            where = [None if s is None else (index[id(s)], s.start, s.size) for s in found]
            self._plan.append((name, *where, split))
            self.entry_sections.append([w[0] for w in where if w is not None])

    def locate(self, state: State, seat: int, previous: Location | None = None) -> Location:
        """The slots of ``state``'s cards as ``seat`` looks at the table now. Given ``previous`` (this
        seat's location a moment ago, in any state), only the zones whose cards changed are worked out
        again: the result is the same, and says which slots changed (``changed``)."""
        if previous is not None and previous.seat == seat:
            loc = previous.copy()
            loc.changed = self.update(loc, state)
            return loc
        return self._whole(state, seat)

    def update(self, loc: Location, state: State, zones: set[int] | None = None) -> set[int] | None:
        """Bring ``loc`` (a location of its seat a moment ago, in any state) to ``state`` in place; returns
        the slots that changed, or None when it was worked out whole (another layout or number of cards).
        ``zones``, if given, receives the zones whose cards changed (compiled, a zone off the table only when
        its number of cards changed: ``_moved``)."""
        fd = state.face_down
        if (
            loc.layout is not state.layout
            or len(loc.face_down) != len(fd)
            or (
                type(state).zone_visible is not _CORE_ZONE_VISIBLE
                and loc.plan != self._plan_for(state, loc.seat)[0]
            )
        ):
            whole = self._whole(state, loc.seat)
            for name in _LOCATION_FIELDS:
                setattr(loc, name, getattr(whole, name))
            return None
        changed: set[int] = set()
        todo: set[int] | None = None  # the zone names placed again whole
        all_zones = state.zones
        seen = loc.zones_seen
        acts = loc.acts
        for z in _moved(all_zones, seen, acts):
            ids = all_zones[z]
            seen[z] = ids[:]
            if zones is not None:
                zones.add(z)
            act = acts[z]
            if type(act) is tuple:  # the zone fills one section on its own
                section, visible, rel = act
                _fill(loc, section, ids if visible else ids[::-1], rel, changed)
            elif act is not None:
                if todo is None:
                    todo = {act}
                else:
                    todo.add(act)
        plan = loc.plan
        seat = loc.seat
        if todo:
            for i in todo:
                self._place(loc, plan[i], state, seat, changed)
        # the cards turned over or changing hands: their slots show it, and a zone split by orientation or
        # controller (not placed above) is placed again. The cards just placed in slots are looked at first
        # (most cards that turn over or become known do so as they move); the arrays are searched only if
        # more changed.
        ctl = state.controller
        known = state.known
        where = loc.where
        again: set[int] | None = None
        if changed:
            zone_of = state.zone_of
            slots = loc.slots
            seen_fd, seen_ctl, seen_known = loc.face_down, loc.controllers, loc.known
            for slot in list(changed):
                cid = slots[slot]
                if cid < 0:
                    continue
                if seen_fd[cid] != fd[cid] or seen_ctl[cid] != ctl[cid]:
                    seen_fd[cid] = fd[cid]
                    seen_ctl[cid] = ctl[cid]
                    act = acts[zone_of[cid]]
                    if type(act) is int and (todo is None or act not in todo):
                        if again is None:
                            again = {act}
                        else:
                            again.add(act)
                seen_known[cid] = known[cid]
        if loc.face_down != fd or loc.controllers != ctl:
            zone_of = state.zone_of
            cards = _differing(fd, loc.face_down) if loc.face_down != fd else []
            if loc.controllers != ctl:
                cards += _differing(ctl, loc.controllers)
            for cid in cards:
                at = where.get(cid)
                if at is not None:
                    changed.add(at)
                act = acts[zone_of[cid]]
                if type(act) is int and (todo is None or act not in todo):
                    if again is None:
                        again = {act}
                    else:
                        again.add(act)
            loc.face_down, loc.controllers = fd[:], ctl[:]
        if again:
            for i in again:
                self._place(loc, plan[i], state, seat, changed)
        # what a seat knows of a card shows in its slot
        if loc.known != known:
            for cid in _differing(known, loc.known):
                at = where.get(cid)
                if at is not None:
                    changed.add(at)
            loc.known = known[:]
        return changed

    def _whole(self, state: State, seat: int) -> Location:
        plan, acts = self._plan_for(state, seat)
        loc = Location(self.size, seat, len(self.sections))
        loc.layout = state.layout
        loc.plan = plan
        loc.acts = acts
        loc.face_down, loc.known, loc.controllers = state.face_down[:], state.known[:], state.controller[:]
        loc.zones_seen = [z[:] for z in state.zones]
        ignored: set[int] = set()
        for entry in plan:
            self._place(loc, entry, state, seat, ignored)
        return loc

    def _place(self, loc: Location, entry: Any, state: State, seat: int, changed: set[int]) -> None:
        """Put the cards of one zone name in their slots (adding to ``changed`` the slots that change)."""
        groups, shared, up_own, up_oth, down_own, down_oth, split, one_other = entry
        zones = state.zones
        if not shared and not split:
            # the common case: each seat's zone fills its side's section in order (from the top when the seat
            # may not look at it)
            if up_own is not None:
                _, z, visible = groups[0]
                ids = zones[z]
                _fill(loc, up_own, ids if visible else ids[::-1], 0, changed)
            if up_oth is not None:
                if one_other:
                    rel, z, visible = groups[1]
                    ids = zones[z]
                    _fill(loc, up_oth, ids if visible else ids[::-1], rel, changed)
                else:
                    cards: list[int] = []
                    rels: list[int] = []
                    for rel, z, visible in groups[1:]:
                        ids = zones[z]
                        if ids:
                            cards += ids if visible else ids[::-1]
                            rels += [rel] * len(ids)
                    _fill(loc, up_oth, cards, rels, changed)
            return
        n = state.n_seats
        if shared and not split and n == 2:
            # a shared zone between two seats: the seat's own cards, then the other seat's, in order
            z, visible = groups[0][1], groups[0][2]
            ids = zones[z] if visible else zones[z][::-1]
            ctl = state.controller
            if up_own is not None:
                _fill(loc, up_own, [c for c in ids if ctl[c] == seat], 0, changed)
            if up_oth is not None:
                _fill(loc, up_oth, [c for c in ids if ctl[c] != seat], 1, changed)
            return
        fd = state.face_down
        if shared:
            z, visible = groups[0][1], groups[0][2]
            ids = zones[z]
            ctl = state.controller
            by_rel: list[list[int]] = [[] for _ in range(n)]
            for c in ids:
                by_rel[(ctl[c] - seat) % n].append(c)
            runs = [(rel, visible, by_rel[rel]) for rel in range(n)]
        else:
            runs = [(rel, visible, zones[z]) for rel, z, visible in groups]
        # placed per section: face up own, others; face down own, others
        acc: list[tuple[list[int], list[int]]] = [([], []), ([], []), ([], []), ([], [])]
        for rel, visible, ids in runs:
            if not ids:
                continue
            if not visible:
                up: list[int] = ids[::-1]
                down: list[int] = []
            elif split:
                up = [c for c in ids if not fd[c]]
                down = [c for c in ids if fd[c]]
            else:
                up, down = ids, []
            side = 0 if rel == 0 else 1
            if up:
                acc[side][0].extend(up)
                acc[side][1].extend([rel] * len(up))
            if down:
                acc[2 + side][0].extend(down)
                acc[2 + side][1].extend([rel] * len(down))
        for section, (cards, rels) in zip((up_own, up_oth, down_own, down_oth), acc, strict=True):
            if section is not None:
                _fill(loc, section, cards, rels, changed)

    def _plan_for(self, state: State, seat: int) -> tuple[list[Any], list[Any]]:
        """Per declared zone name, its zones as ``seat`` looks at them (relative seat, zone, whether the seat
        sees it) and its sections; and per zone of the layout, how ``update`` places its cards again (see
        ``_acts``). Worked out once per layout and seat while the game's ``zone_visible`` is core's (declared
        visibility), every time otherwise."""
        fixed = type(state).zone_visible is _CORE_ZONE_VISIBLE
        layout = state.layout
        key = (id(layout), seat)
        if fixed:
            cached = self._plans.get(key)
            if cached is not None and cached[0] is layout:
                return cached[1], cached[2]
        n = state.n_seats
        visible_to = state.zone_visible
        plan: list[Any] = []
        for name, up_own, up_oth, down_own, down_oth, split in self._plan:
            per_seat = layout.by_seat.get(name)
            if per_seat is not None and (n < 2 or per_seat[0] != per_seat[1]):
                groups = tuple(
                    (rel, per_seat[(seat + rel) % n], visible_to(per_seat[(seat + rel) % n], seat))
                    for rel in range(n)
                )
                shared = False
            else:
                z = per_seat[0] if per_seat is not None else layout.zone(name)
                groups = ((0, z, visible_to(z, seat)),)
                shared = True
            plan.append((groups, shared, up_own, up_oth, down_own, down_oth, split, len(groups) == 2))
        acts = self._acts(plan, layout.count)
        if fixed:
            self._plans[key] = (layout, plan, acts)
        return plan, acts

    @staticmethod
    def _acts(plan: list[Any], count: int) -> list[Any]:
        """Per zone: None (not on the table), ``(section, visible, rel)`` for a zone whose cards fill one
        section on their own, in order (a seat's zone beside at most one other seat's), or the number of its
        plan entry, placed whole (a shared zone, a split one, several seats packed in one section)."""
        acts: list[Any] = [None] * count
        for i, (groups, shared, up_own, up_oth, down_own, down_oth, split, one_other) in enumerate(plan):
            shown = (up_own, up_oth, down_own, down_oth) != (None, None, None, None)
            for rel, z, visible in groups:
                if shared or split:
                    acts[z] = i if shown else None
                elif rel and not one_other:
                    acts[z] = None if up_oth is None else i
                elif rel == 0:
                    acts[z] = None if up_own is None else (up_own, visible, 0)
                else:
                    acts[z] = None if up_oth is None else (up_oth, visible, rel)
        return acts

    def __getstate__(self) -> dict[str, Any]:
        return {k: ({} if k == "_plans" else v) for k, v in attributes(self).items()}

    def __setstate__(self, data: dict[str, Any]) -> None:
        restore(self, data)

    def section_of(self, slot: int) -> Section:
        for section in self.sections:
            if section.start <= slot < section.start + section.size:
                return section
        raise ValueError(f"slot {slot} is outside the table (0..{self.size - 1})")


def _fill(
    loc: Location, section: tuple[int, int, int], cards: list[int], rels: Any, changed: set[int]
) -> None:
    """Put ``cards`` in the first slots of ``section`` (number, start, size), those beyond its room nowhere,
    each on the side ``rels`` says (one relative seat for all, or one each), and empty the slots after them;
    adds the slots that change to ``changed``."""
    k, start, size = section
    n = len(cards)
    if n > size:
        cards = cards[:size]
        if type(rels) is list:
            rels = rels[:size]
        n = size
    slots, rel = loc.slots, loc.rel
    old = loc.fill[k]
    if (
        n == old
        and slots[start : start + n] == cards
        and (type(rels) is int or rel[start : start + n] == rels)
    ):
        return
    where = loc.where
    const = rels if type(rels) is int else -1
    # the slots before the first card that moved keep theirs (a card drawn adds one at the end, one played
    # shifts those after it): found in C, and kept when their sides are unchanged too
    for i in range(n if n > old else old):
        s = start + i
        if i < n:
            c = cards[i]
            r = const if const >= 0 else rels[i]
        else:
            c, r = -1, 0
        o = slots[s]
        if o != c or rel[s] != r:
            if o >= 0 and where.get(o) == s:
                del where[o]
            slots[s] = c
            rel[s] = r
            if c >= 0:
                where[c] = s
            changed.add(s)
    loc.fill[k] = n


def _moved(zones: list[list[int]], seen: list[list[int]], acts: list[Any]) -> list[int]:
    """The zones whose cards differ from ``seen``'s, by ``acts`` (``Table._acts``): only a zone on the table
    places its cards in slots, so one off the table (a deck, most often, and the most cards) is compared by
    its size alone, all the observation shows of it. From source the lists are compared in C, whole first,
    each zone whole then (a loop over the zones would run interpreted); compiled, the loop is cheaper."""
    if not _COMPILED:
        if zones == seen:
            return []
        return list(compress(range(len(zones)), map(ne, zones, seen)))
    out: list[int] = []
    for z in range(len(zones)):
        ids = zones[z]
        before = seen[z]
        if acts[z] is None:
            if len(ids) != len(before):
                out.append(z)
        elif ids != before:
            out.append(z)
    return out


def _differing(now: list[Any], before: list[Any]) -> list[int]:
    """The indices where two lists of the same length differ (each entry compared once: a caller that
    expects no difference compares the lists whole first)."""
    # a plain loop, the same object compared first (most entries are the same small int or bool): compiled,
    # a few instructions an entry; ``compress(range(n), map(ne, now, before))`` took about ten times more
    # compiled, and no less from source
    out: list[int] = []
    for i in range(len(now)):
        x = now[i]
        if x is not before[i] and x != before[i]:
            out.append(i)
    return out


__all__ = ["DOWN", "Location", "Section", "Table"]
