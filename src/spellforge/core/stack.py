"""A stack (Spell Battle's limbo, Casters' chain) with priority passing and response windows.

Items are immutable records; the stack is a list, last in first out. A *window* gives priority to one seat
at a time: a seat that acts keeps priority, a seat that passes hands it to the next seat in order. When
every seat still playing has passed in succession, the top item resolves and the window reopens; with an
empty stack the window closes and the flow continues with the next scheduled frame.

A game's State subclasses :class:`PriorityMixin` (a State with ``stack``, ``priority`` and ``passes``) and
provides a ``priority`` decision (``legal_priority`` / ``act_priority``), an ``op_resolve_top``, and the
hooks ``priority_order``, ``window_first_seat``, ``next_uid`` and (optionally) ``pending_work``.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, NamedTuple

from .actions import STACK_BASE, Action, Choose
from .flow import Decision, Frame
from .state import State


def stack_target(uid: int) -> int:
    return STACK_BASE + uid


def is_stack_target(target: int) -> bool:
    return target >= STACK_BASE


class StackItem(NamedTuple):
    """A card or ability waiting to resolve.

    ``kind``: "card" (the card ``card`` itself), "ability" (an activated ability of ``card``), "trigger"
    (a triggered ability of ``card``) or "copy" (a copy of another item, not a card); ``effect`` is the
    index of the ability in the card's effects (-1 for a card's own resolution); ``targets`` were chosen
    on play; ``data`` carries what the game needs (the triggering event, a mode).
    """

    uid: int
    kind: str
    card: int
    controller: int
    effect: int = -1
    targets: tuple[int, ...] = ()
    data: tuple[Any, ...] = ()

    @property
    def is_card(self) -> bool:
        return self.kind == "card"


class PriorityMixin(State):
    """A State with a stack, priority passing, and a queue of triggered abilities waiting to go on it.

    ``pending_triggers`` holds plain tuples whose first three fields are (controller seat, source card,
    effect index); a game may append more. They go on the stack before the next seat receives priority:
    the controllers in ``trigger_seat_order()`` (first in resolves last), each choosing the order of their
    own when they have different ones; ``put_trigger(index)`` (the game's) puts one on the stack.
    """

    __slots__ = ("passes", "pending_triggers", "priority", "stack")
    COPY: ClassVar[dict[str, str]] = {"stack": "list", "pending_triggers": "list"}
    RECORDS: ClassVar[tuple[type, ...]] = ()

    stack: list[StackItem]
    priority: int
    passes: int
    pending_triggers: list[tuple[Any, ...]]

    def init_stack(self) -> None:
        self.stack = []
        self.priority = 0
        self.passes = 0
        self.pending_triggers = []

    @abstractmethod
    def priority_order(self) -> list[int]:
        """Seats that take part in priority rounds, in passing order (hook)."""

    @abstractmethod
    def window_first_seat(self) -> int:
        """Who receives priority when a window opens or reopens after a resolution (hook)."""

    def pending_work(self) -> tuple[Frame, ...]:
        """Frames to run before a seat receives priority (hook; default: put waiting triggers on the stack)."""
        return (("flush_triggers",),) if self.pending_triggers else ()

    # ---- triggered abilities waiting to go on the stack

    def trigger_seat_order(self) -> list[int]:
        """The order in which controllers put their waiting triggers on the stack (hook; default: the
        priority order, so the first seat's resolve last)."""
        return self.priority_order()

    def put_trigger(self, index: int) -> None:
        """Put waiting trigger ``index`` on the stack (hook; a game asks for targets here)."""
        raise IndexError(f"this game queues no triggers (pending trigger {index})")

    def op_flush_triggers(self) -> None:
        """One waiting trigger goes on the stack (or its controller chooses which), then the rest."""
        if not self.pending_triggers:
            return
        self.schedule(("flush_triggers",))
        for seat in self.trigger_seat_order():
            mine = [t for t in self.pending_triggers if t[0] == seat]
            if not mine:
                continue
            if len({(t[1], t[2]) for t in mine}) > 1:
                self.ask("trigger_order", seat)
            else:
                self.put_trigger(self.pending_triggers.index(mine[0]))
            return
        self.pending_triggers.clear()  # triggers of seats no longer in the game vanish

    def legal_trigger_order(self) -> list[Action]:
        assert self.decision is not None
        seat = self.decision.seat
        count = sum(1 for t in self.pending_triggers if t[0] == seat)
        return [Choose(str(k + 1)) for k in range(count)]

    def act_trigger_order(self, action: Action, d: Decision) -> None:
        assert isinstance(action, Choose)
        mine = [i for i, t in enumerate(self.pending_triggers) if t[0] == d.seat]
        self.put_trigger(mine[int(action.option) - 1])

    def open_window(self, seat: int | None = None) -> None:
        """Give priority to ``seat`` (default: ``window_first_seat()``) with no passes yet."""
        self.passes = 0
        self.priority = self.window_first_seat() if seat is None else seat
        self._give_priority()

    def _give_priority(self) -> None:
        work = self.pending_work()
        if work:
            self.schedule(*work, ("give_priority",))
            return
        self.ask("priority", self.priority)

    def op_give_priority(self) -> None:
        self._give_priority()

    def op_reopen_window(self) -> None:
        self.open_window()

    def priority_passed(self) -> None:
        """The seat holding priority passed."""
        self.passes += 1
        order = self.priority_order()
        if self.passes >= len(order):
            if self.stack:
                self.schedule(("resolve_top",), ("reopen_window",))
            return  # empty stack: the window closes and the flow goes on
        i = order.index(self.priority) if self.priority in order else -1
        self.priority = order[(i + 1) % len(order)]
        self._give_priority()

    def priority_kept(self) -> None:
        """The seat holding priority acted (played, activated): it keeps priority, passes restart."""
        self.passes = 0
        self._give_priority()

    @abstractmethod
    def next_uid(self) -> int:
        """A fresh stack-item id (hook: games keep a counter)."""

    def find_item(self, uid: int) -> StackItem | None:
        for item in self.stack:
            if item.uid == uid:
                return item
        return None


PriorityMixin.RECORDS = (StackItem,)
