"""A chess clock any game can offer: each seat's time bank and increment, driven by a meta action.

The engine never reads the wall clock (a game must replay exactly from its record). Whoever runs the
game measures how long a seat took over a decision and applies ``TimeUsed(seat, ms)`` *before* that
seat's action: the engine deducts it from the seat's bank; a bank that reaches zero loses the game on
time (``time_out``, a hook); otherwise the increment is added (Fischer timing). The clock runs only for
the seat that must act, so ``TimeUsed`` is refused for any other seat. The action is recorded like any
other, so a replay reproduces the same clocks and the same loss on time.

>>> str(TimeUsed(0, 3500)), TimeUsed.parse("clock P2 0.25")
('clock P1 3.5', TimeUsed(seat=1, ms=250))

A game opts in by adding ``CLOCK_OPTIONS`` to its options, ``TimeUsed`` to its actions and
:class:`ClockMixin` to its State, declaring a ``clock_ms`` slot copied as a list (the mixin has no slots
of its own, so it combines with other slotted mixins such as the stack), set to ``start_clock()``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from .actions import SEAT, Action, seat_name
from .ruleset import OptionSpec
from .state import State


def format_seconds(ms: int) -> str:
    """Milliseconds as seconds, without trailing zeros: 3500 -> '3.5', 2000 -> '2'."""
    return f"{ms // 1000}.{ms % 1000:03d}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class TimeUsed(Action):
    """``seat`` spent ``ms`` milliseconds over its current decision (a meta action)."""

    seat: int
    ms: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"clock\s+" + SEAT + r"\s+(\d+(?:\.\d{1,3})?)", re.I)
    meta: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"clock {seat_name(self.seat)} {format_seconds(self.ms)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        seat = int(m.group(1)) - 1
        return cls(seat, round(float(m.group(2)) * 1000)) if seat >= 0 else None


CLOCK_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("clock", float, 0.0, "seconds in each player's time bank (0: no clock)", minimum=0),
    OptionSpec("increment", float, 0.0, "seconds added to a player's bank after each move", minimum=0),
)


class ClockMixin(State):
    """Time banks per seat in ``clock_ms`` (empty when the game has no clock)."""

    __slots__ = ()
    clock_ms: list[int]

    def start_clock(self) -> list[int]:
        """The banks a new game starts with (the game stores them in its ``clock_ms`` slot)."""
        bank = round(float(self.options.get("clock", 0.0)) * 1000)
        return [bank] * self.n_seats if bank > 0 else []

    @property
    def clock_increment_ms(self) -> int:
        return round(float(self.options.get("increment", 0.0)) * 1000)

    def clock_problem(self, action: TimeUsed) -> str:
        if not self.clock_ms:
            return "this game has no clock (set the option clock=SECONDS)"
        if action.ms < 0:
            return "time used cannot be negative"
        if action.seat != self.current_player:
            return f"only the clock of the player to act runs, and that is not {seat_name(action.seat)}"
        return ""

    def apply_clock(self, action: TimeUsed) -> None:
        left = self.clock_ms[action.seat] - action.ms
        if left <= 0:
            self.clock_ms[action.seat] = 0
            self.time_out(action.seat)
            return
        self.clock_ms[action.seat] = left + self.clock_increment_ms

    def time_out(self, seat: int) -> None:
        """Hook: ``seat``'s time ran out. Default: it loses and every other seat wins."""
        self.finish(tuple(s for s in range(self.n_seats) if s != seat), "time")

    def meta_problem(self, action: Action) -> str:
        if isinstance(action, TimeUsed):
            return self.clock_problem(action)
        return super().meta_problem(action)

    def apply_meta(self, action: Action) -> None:
        if isinstance(action, TimeUsed):
            self.apply_clock(action)
            return
        super().apply_meta(action)
