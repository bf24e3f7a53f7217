"""Zone declarations and the layout that maps (zone name, seat) to the index of a zone list.

Cards are integer ids. Every card instance is in exactly one zone; ``state.zones[z]`` is the list of ids in
zone ``z`` (for ordered zones such as a deck, the *end* of the list is the top) and ``state.zone_of[id]``
is the zone it is in. A ruleset declares its zones once as :class:`ZoneSpec` values; :class:`Layout`
numbers them for a given number of seats.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any


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


class Layout:
    """Numbers the declared zones for ``n_seats`` players.

    ``layout.hand`` is a tuple of zone indices, one per seat, for a per-seat zone, and an int for a
    shared zone. ``shared`` turns per-seat zones into one zone all seats use (e.g. Spell Battle's
    "off the top" deck); they still read as a tuple, with the same index for every seat.
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
        for spec in self.specs:
            if spec.per_seat and spec.name not in shared_names:
                ids = []
                for seat in range(n_seats):
                    ids.append(self._add(spec, seat))
                setattr(self, spec.name, tuple(ids))
            else:
                z = self._add(spec, -1)
                setattr(self, spec.name, (z,) * n_seats if spec.per_seat else z)
        self.count = len(self.names)

    def _add(self, spec: ZoneSpec, seat: int) -> int:
        self.names.append(spec.name)
        self.seat_of.append(seat)
        self.visibility.append(spec.visibility)
        self.spec_of.append(spec)
        return len(self.names) - 1

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
