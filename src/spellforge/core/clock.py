"""A chess clock any game can offer: each seat's time bank and increment, driven by a meta action.

The engine never reads the wall clock (a game must replay exactly from its record). Whoever runs the
game measures how long a seat took over a decision and applies ``TimeUsed(seat, ms)`` *before* that
seat's action: the engine deducts it from the seat's bank; a bank that reaches zero loses the game on
time (``time_out``, a hook); otherwise the increment is added (Fischer timing). The clock runs only for
the seat that must act, so ``TimeUsed`` is refused for any other seat. The action is recorded like any
other, so a replay reproduces the same clocks and the same loss on time.

>>> str(TimeUsed(0, 3500)), TimeUsed.parse("clock P2 0.25")
('clock P1 3.5', TimeUsed(seat=1, ms=250))

The clock is a component, a :class:`Clock` value the State holds. A game opts in by adding
``CLOCK_OPTIONS`` to its options and ``TimeUsed`` to its actions, declaring a ``clock`` slot (shared by
``clone()``: time used replaces the value) set to ``Clock.from_options(self.options, self.n_seats)``, and
writing the hooks ``game_clock()`` (it) and ``set_game_clock(clock)``; core's meta-action handling
(core/flowstate.py) does the rest.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from .actions import SEAT, Action, seat_name
from .errors import RecordError
from .ruleset import OptionSpec


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


def _ms(seconds: Any) -> int:
    return round(float(seconds) * 1000)


class Clock:
    """The time banks of a game, a value: ``banks`` per seat in milliseconds (empty when the game has no
    clock) and the ``increment`` added to a bank after each move, in milliseconds. Time used makes a new
    Clock (``spent``), so a clone shares it and it is written into the state's JSON as its fields."""

    __slots__ = ("banks", "increment")
    _fields: ClassVar[tuple[str, ...]] = ("banks", "increment")

    def __init__(self, banks: tuple[int, ...] = (), increment: int = 0) -> None:
        self.banks: Final[tuple[int, ...]] = banks
        self.increment: Final[int] = increment

    @classmethod
    def from_options(cls, options: Mapping[str, Any], n_seats: int) -> Clock:
        """The clock a new game starts with: ``clock`` seconds in every seat's bank (0: no clock) and an
        ``increment`` of that many seconds (CLOCK_OPTIONS)."""
        bank = _ms(options.get("clock", 0.0))
        return cls((bank,) * n_seats if bank > 0 else (), _ms(options.get("increment", 0.0)))

    @property
    def running(self) -> bool:
        """Whether the game has a clock at all."""
        return bool(self.banks)

    def problem(self, action: TimeUsed, to_act: int | None) -> str:
        """Why ``action`` cannot be applied when ``to_act`` is the seat to act, or ""."""
        if not self.banks:
            return "this game has no clock (set the option clock=SECONDS)"
        if action.ms < 0:
            return "time used cannot be negative"
        if action.seat != to_act:
            return f"only the clock of the player to act runs, and that is not {seat_name(action.seat)}"
        return ""

    def spent(self, action: TimeUsed) -> Clock:
        """The clock after the time ``action`` reports: deducted from its seat's bank, then the increment
        added; a bank that this runs out is left at 0 (``ran_out``)."""
        left = self.banks[action.seat] - action.ms
        banks = list(self.banks)
        banks[action.seat] = left + self.increment if left > 0 else 0
        return Clock(tuple(banks), self.increment)

    def ran_out(self, seat: int) -> bool:
        """Whether ``seat``'s bank is empty (a bank with time in it always keeps some)."""
        return self.banks[seat] <= 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Clock) and (other.banks, other.increment) == (self.banks, self.increment)

    def __hash__(self) -> int:
        return hash((self.banks, self.increment))

    def __repr__(self) -> str:
        return f"Clock(banks={self.banks!r}, increment={self.increment!r})"


def upgrade_saved(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A state's JSON saved when the clock was a mixin (a ``clock_ms`` list of banks, the increment read from
    the options), written as the :class:`Clock` record is written now; any other JSON as it is."""
    body = data.get("state") if isinstance(data, Mapping) else None
    if not isinstance(body, Mapping) or "clock_ms" not in body or "clock" in body:
        return data
    banks = body["clock_ms"]
    record = data.get("record")
    options = record.get("options", {}) if isinstance(record, Mapping) else {}
    if (
        not isinstance(banks, list)
        or not all(isinstance(b, int) for b in banks)
        or not isinstance(options, Mapping)
    ):
        raise RecordError(f"saved state: 'clock_ms' must be a list of milliseconds, not {banks!r}")
    try:
        increment = _ms(options.get("increment", 0.0))
    except (TypeError, ValueError):
        raise RecordError(
            f"saved state: option 'increment' is not a number: {options.get('increment')!r}"
        ) from None
    new = {name: value for name, value in body.items() if name != "clock_ms"}
    new["clock"] = {"nt": Clock.__name__, "v": [{"t": banks}, increment]}
    return {**data, "state": new}
