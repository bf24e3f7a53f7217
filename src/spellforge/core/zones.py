"""Zone declarations and the layout that maps (zone name, seat) to the index of a zone list.

Cards are integer ids. Every card instance is in exactly one zone; ``state.zones[z]`` is the list of ids in
zone ``z`` (for ordered zones such as a deck, the *end* of the list is the top) and ``state.zone_of[id]``
is the zone it is in. A ruleset declares its zones once as :class:`ZoneSpec` values; :class:`Layout`
numbers them for a given number of seats, and :func:`numbered` gives the one layout of those zones at that
many seats, so a game with a fixed number of seats can name its zone numbers as module constants
(``HAND = LAYOUT.seat_zones("hand")``) and be sure its games use the same numbering.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from mypy_extensions import mypyc_attr


class Visibility(Enum):
    HIDDEN = "hidden"  # nobody sees the identities (a deck)
    OWNER = "owner"  # the zone's seat sees them (a hand)
    PUBLIC = "public"  # everybody sees them (in play, discard piles); face-down cards excepted


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    name: str
    per_seat: bool
    visibility: Visibility
    help: str = ""


@mypyc_attr(native_class=False)
class Layout:
    """Numbers the declared zones for ``n_seats`` players.

    ``layout.hand`` is a tuple of zone indices, one per seat, for a per-seat zone, and an int for a
    shared zone. ``shared`` turns per-seat zones into one zone all seats use (e.g. Spell Battle's
    "off the top" deck); they still read as a tuple, with the same index for every seat. Those attributes
    are named by the game's zones, so a compiled build keeps this an ordinary class (mypyc_attr).
    """

    def __init__(self, specs: Iterable[ZoneSpec], n_seats: int, shared: Iterable[str] = ()) -> None:
        self.specs = tuple(specs)
        self.n_seats = n_seats
        shared_names = set(shared)
        unknown = shared_names - {s.name for s in self.specs}
        if unknown:
            raise ValueError(f"unknown zones to share: {sorted(unknown)}")
        self.names: list[str] = []
        self.seat_of: list[int] = []  # -1 for a shared zone
        self.visibility: list[Visibility] = []
        self.spec_of: list[ZoneSpec] = []
        self.by_seat: dict[str, tuple[int, ...]] = {}  # per-seat kinds: the zone of each seat
        self.single: dict[str, int] = {}  # shared kinds: their one zone
        for spec in self.specs:
            if spec.per_seat and spec.name not in shared_names:
                ids = []
                for seat in range(n_seats):
                    ids.append(self._add(spec, seat))
                self.by_seat[spec.name] = tuple(ids)
            elif spec.per_seat:
                self.by_seat[spec.name] = (self._add(spec, -1),) * n_seats
            else:
                self.single[spec.name] = self._add(spec, -1)
        for name, zones in self.by_seat.items():
            setattr(self, name, zones)
        for name, z in self.single.items():
            setattr(self, name, z)
        self.count = len(self.names)

    def _add(self, spec: ZoneSpec, seat: int) -> int:
        self.names.append(spec.name)
        self.seat_of.append(seat)
        self.visibility.append(spec.visibility)
        self.spec_of.append(spec)
        return len(self.names) - 1

    def seat_zones(self, name: str) -> tuple[int, ...]:
        """The zone of the per-seat kind ``name`` for each seat, in seat order (``layout.hand``, typed)."""
        zones = self.by_seat.get(name)
        if zones is None:
            raise ValueError(self._wrong_kind(name, "per-seat"))
        return zones

    def zone(self, name: str) -> int:
        """The one zone of the shared kind ``name`` (``layout.stack``, typed)."""
        z = self.single.get(name)
        if z is None:
            raise ValueError(self._wrong_kind(name, "shared"))
        return z

    def _wrong_kind(self, name: str, wanted: str) -> str:
        if name in self.by_seat or name in self.single:
            return f"zone {name!r} is not a {wanted} zone"
        known = ", ".join(s.name for s in self.specs)
        return f"no zone named {name!r}; the zones are: {known}"

    def label(self, zone: int) -> str:
        seat = self.seat_of[zone]
        return self.names[zone] if seat < 0 else f"{self.names[zone]}[P{seat + 1}]"

    def visible_to(self, zone: int, seat: int | None) -> bool:
        vis = self.visibility[zone]
        if vis is Visibility.PUBLIC:
            return True
        return vis is Visibility.OWNER and seat is not None and self.seat_of[zone] == seat

    def __getattr__(self, name: str) -> Any:  # zone attributes are set per declared zone
        raise AttributeError(f"no zone named {name!r}")


_NUMBERED: dict[tuple[tuple[ZoneSpec, ...], int, frozenset[str]], Layout] = {}


def numbered(specs: Iterable[ZoneSpec], n_seats: int, shared: Iterable[str] = ()) -> Layout:
    """The layout of these zones at ``n_seats`` seats, made once and shared: every call with the same zones,
    seats and shared kinds returns the same :class:`Layout` (it never changes once made), so a game's module
    constants and the layout its states carry are one numbering."""
    key = (tuple(specs), n_seats, frozenset(shared))
    layout = _NUMBERED.get(key)
    if layout is None:
        layout = _NUMBERED[key] = Layout(key[0], n_seats, key[2])
    return layout
