"""Core's flow ops as frames: one small immutable record per op, whose ``run`` calls the op's method
(core/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .flow import Frame, frame_table

if TYPE_CHECKING:
    from .flowstate import FlowState
    from .resolution import StackState
    from .windows import WindowState


class FlushTriggers(Frame["WindowState"]):
    """``flush_triggers``: runs :meth:`WindowState.op_flush_triggers`."""

    __slots__ = ()
    NAME = "flush_triggers"

    def run(self, state: WindowState) -> None:
        state.op_flush_triggers()


class EnterPhase(Frame["FlowState"]):
    """``phase``: runs :meth:`FlowState.op_phase`."""

    FIELDS = ("name",)
    __slots__ = FIELDS
    NAME = "phase"

    def __init__(self, name: str) -> None:
        self.name: Final[str] = name

    def run(self, state: FlowState) -> None:
        state.op_phase(self.name)


class ResolveTop(Frame["WindowState"]):
    """``resolve_top``: runs :meth:`WindowState.op_resolve_top`."""

    __slots__ = ()
    NAME = "resolve_top"

    def run(self, state: WindowState) -> None:
        state.op_resolve_top()


class RunEffect(Frame["StackState"]):
    """``run_effect``: runs :meth:`StackState.op_run_effect`."""

    FIELDS = ("index",)
    __slots__ = FIELDS
    NAME = "run_effect"

    def __init__(self, index: int) -> None:
        self.index: Final[int] = index

    def run(self, state: StackState) -> None:
        state.op_run_effect(self.index)


class WindowAsk(Frame["WindowState"]):
    """``window_ask``: runs :meth:`WindowState.op_window_ask`."""

    FIELDS = ("wid",)
    __slots__ = FIELDS
    NAME = "window_ask"

    def __init__(self, wid: int) -> None:
        self.wid: Final[int] = wid

    def run(self, state: WindowState) -> None:
        state.op_window_ask(self.wid)


class WindowRestart(Frame["WindowState"]):
    """``window_restart``: runs :meth:`WindowState.op_window_restart`."""

    FIELDS = ("wid",)
    __slots__ = FIELDS
    NAME = "window_restart"

    def __init__(self, wid: int) -> None:
        self.wid: Final[int] = wid

    def run(self, state: WindowState) -> None:
        state.op_window_restart(self.wid)


# every frame a saved game or a declared phase may name, by name
FRAMES = frame_table(FlushTriggers, EnterPhase, ResolveTop, RunEffect, WindowAsk, WindowRestart)
