"""The flow ops of this game as frames: one small immutable record per op, whose ``run`` calls the op's
method (core/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spellforge.core.flow import Frame, frame_table
from spellforge.core.frames import FRAMES as CORE_FRAMES

if TYPE_CHECKING:
    from spellforge.core.targets import Target

    from .abilities import SpellweaverAbilities
    from .combat import SpellweaverCombat
    from .state import SpellweaverState


class BeginCombat(Frame["SpellweaverCombat"]):
    """``begin_combat``: runs :meth:`SpellweaverCombat.op_begin_combat`."""

    __slots__ = ()
    NAME = "begin_combat"

    def run(self, state: SpellweaverCombat) -> None:
        state.op_begin_combat()


class BeginEnd(Frame["SpellweaverState"]):
    """``begin_end``: runs :meth:`SpellweaverState.op_begin_end`."""

    __slots__ = ()
    NAME = "begin_end"

    def run(self, state: SpellweaverState) -> None:
        state.op_begin_end()


class BeginMain(Frame["SpellweaverState"]):
    """``begin_main``: runs :meth:`SpellweaverState.op_begin_main`."""

    __slots__ = ()
    NAME = "begin_main"

    def run(self, state: SpellweaverState) -> None:
        state.op_begin_main()


class BeginStart(Frame["SpellweaverState"]):
    """``begin_start``: runs :meth:`SpellweaverState.op_begin_start`."""

    __slots__ = ()
    NAME = "begin_start"

    def run(self, state: SpellweaverState) -> None:
        state.op_begin_start()


class Blocks(Frame["SpellweaverCombat"]):
    """``blocks``: runs :meth:`SpellweaverCombat.op_blocks`."""

    __slots__ = ()
    NAME = "blocks"

    def run(self, state: SpellweaverCombat) -> None:
        state.op_blocks()


class CancelWindow(Frame["SpellweaverState"]):
    """``cancel_window``: runs :meth:`SpellweaverState.op_cancel_window`."""

    FIELDS = ("cid",)
    __slots__ = FIELDS
    NAME = "cancel_window"

    def __init__(self, cid: int) -> None:
        self.cid: Final[int] = cid

    def run(self, state: SpellweaverState) -> None:
        state.op_cancel_window(self.cid)


class Check(Frame["SpellweaverState"]):
    """``check``: runs :meth:`SpellweaverState.op_check`."""

    FIELDS = ("life",)
    __slots__ = FIELDS
    NAME = "check"

    def __init__(self, life: bool = True) -> None:
        self.life: Final[bool] = life

    def run(self, state: SpellweaverState) -> None:
        state.op_check(self.life)


class Cleanup(Frame["SpellweaverState"]):
    """``cleanup``: runs :meth:`SpellweaverState.op_cleanup`."""

    __slots__ = ()
    NAME = "cleanup"

    def run(self, state: SpellweaverState) -> None:
        state.op_cleanup()


class DamageStep(Frame["SpellweaverCombat"]):
    """``damage_step``: runs :meth:`SpellweaverCombat.op_damage_step`."""

    FIELDS = ("ranged",)
    __slots__ = FIELDS
    NAME = "damage_step"

    def __init__(self, ranged: bool) -> None:
        self.ranged: Final[bool] = ranged

    def run(self, state: SpellweaverCombat) -> None:
        state.op_damage_step(self.ranged)


class EndCombat(Frame["SpellweaverCombat"]):
    """``end_combat``: runs :meth:`SpellweaverCombat.op_end_combat`."""

    __slots__ = ()
    NAME = "end_combat"

    def run(self, state: SpellweaverCombat) -> None:
        state.op_end_combat()


class Flush(Frame["SpellweaverAbilities"]):
    """``flush``: runs :meth:`SpellweaverAbilities.op_flush`."""

    __slots__ = ()
    NAME = "flush"

    def run(self, state: SpellweaverAbilities) -> None:
        state.op_flush()


class Mulligan(Frame["SpellweaverState"]):
    """``mulligan``: runs :meth:`SpellweaverState.op_mulligan`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "mulligan"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: SpellweaverState) -> None:
        state.op_mulligan(self.seat)


class ResolveCard(Frame["SpellweaverState"]):
    """``resolve_card``: runs :meth:`SpellweaverState.op_resolve_card`."""

    FIELDS = ("cid", "target")
    __slots__ = FIELDS
    NAME = "resolve_card"

    def __init__(self, cid: int, target: Target | None) -> None:
        self.cid: Final[int] = cid
        self.target: Final[Target | None] = target

    def run(self, state: SpellweaverState) -> None:
        state.op_resolve_card(self.cid, self.target)


class Setup(Frame["SpellweaverState"]):
    """``setup``: runs :meth:`SpellweaverState.op_setup`."""

    __slots__ = ()
    NAME = "setup"

    def run(self, state: SpellweaverState) -> None:
        state.op_setup()


class TurnEnd(Frame["SpellweaverState"]):
    """``turn_end``: runs :meth:`SpellweaverState.op_turn_end`."""

    __slots__ = ()
    NAME = "turn_end"

    def run(self, state: SpellweaverState) -> None:
        state.op_turn_end()


class TurnStart(Frame["SpellweaverState"]):
    """``turn_start``: runs :meth:`SpellweaverState.op_turn_start`."""

    __slots__ = ()
    NAME = "turn_start"

    def run(self, state: SpellweaverState) -> None:
        state.op_turn_start()


class Window(Frame["SpellweaverState"]):
    """``window``: runs :meth:`SpellweaverState.op_window`."""

    FIELDS = ("kind", "seat")
    __slots__ = FIELDS
    NAME = "window"

    def __init__(self, kind: str, seat: int) -> None:
        self.kind: Final[str] = kind
        self.seat: Final[int] = seat

    def run(self, state: SpellweaverState) -> None:
        state.op_window(self.kind, self.seat)


# every frame a saved game or a declared phase may name, by name
FRAMES = {
    **CORE_FRAMES,
    **frame_table(
        BeginCombat,
        BeginEnd,
        BeginMain,
        BeginStart,
        Blocks,
        CancelWindow,
        Check,
        Cleanup,
        DamageStep,
        EndCombat,
        Flush,
        Mulligan,
        ResolveCard,
        Setup,
        TurnEnd,
        TurnStart,
        Window,
    ),
}
