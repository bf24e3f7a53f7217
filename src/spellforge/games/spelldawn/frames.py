"""The flow ops of this game as frames: one small immutable record per op, whose ``run`` calls the op's
method (core/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spellforge.core.flow import Frame, frame_table
from spellforge.core.frames import FRAMES as CORE_FRAMES

if TYPE_CHECKING:
    from .effects import SpelldawnEffects
    from .raid import SpelldawnRaid
    from .state import SpelldawnState


class DiscardPhase(Frame["SpelldawnState"]):
    """``discard_phase``: runs :meth:`SpelldawnState.op_discard_phase`."""

    __slots__ = ()
    NAME = "discard_phase"

    def run(self, state: SpelldawnState) -> None:
        state.op_discard_phase()


class DoAbility(Frame["SpelldawnState"]):
    """``do_ability``: runs :meth:`SpelldawnState.op_do_ability`."""

    FIELDS = ("c",)
    __slots__ = FIELDS
    NAME = "do_ability"

    def __init__(self, c: int) -> None:
        self.c: Final[int] = c

    def run(self, state: SpelldawnState) -> None:
        state.op_do_ability(self.c)


class DrawPhase(Frame["SpelldawnState"]):
    """``draw_phase``: runs :meth:`SpelldawnState.op_draw_phase`."""

    __slots__ = ()
    NAME = "draw_phase"

    def run(self, state: SpelldawnState) -> None:
        state.op_draw_phase()


class DuskAgain(Frame["SpelldawnState"]):
    """``dusk_again``: runs :meth:`SpelldawnState.op_dusk_again`."""

    __slots__ = ()
    NAME = "dusk_again"

    def run(self, state: SpelldawnState) -> None:
        state.op_dusk_again()


class Effects(Frame["SpelldawnEffects"]):
    """``effects``: runs :meth:`SpelldawnEffects.op_effects`."""

    FIELDS = ("source", "trigger", "start")
    __slots__ = FIELDS
    NAME = "effects"

    def __init__(self, source: int, trigger: str, start: int) -> None:
        self.source: Final[int] = source
        self.trigger: Final[str] = trigger
        self.start: Final[int] = start

    def run(self, state: SpelldawnEffects) -> None:
        state.op_effects(self.source, self.trigger, self.start)


class Main(Frame["SpelldawnState"]):
    """``main``: runs :meth:`SpelldawnState.op_main`."""

    __slots__ = ()
    NAME = "main"

    def run(self, state: SpelldawnState) -> None:
        state.op_main()


class MainNext(Frame["SpelldawnState"]):
    """``main_next``: runs :meth:`SpelldawnState.op_main_next`."""

    __slots__ = ()
    NAME = "main_next"

    def run(self, state: SpelldawnState) -> None:
        state.op_main_next()


class NextTurn(Frame["SpelldawnState"]):
    """``next_turn``: runs :meth:`SpelldawnState.op_next_turn`."""

    __slots__ = ()
    NAME = "next_turn"

    def run(self, state: SpelldawnState) -> None:
        state.op_next_turn()


class OverlordPoints(Frame["SpelldawnEffects"]):
    """``overlord_points``: runs :meth:`SpelldawnEffects.op_overlord_points`."""

    FIELDS = ("cid",)
    __slots__ = FIELDS
    NAME = "overlord_points"

    def __init__(self, cid: int) -> None:
        self.cid: Final[int] = cid

    def run(self, state: SpelldawnEffects) -> None:
        state.op_overlord_points(self.cid)


class RaidAccess(Frame["SpelldawnRaid"]):
    """``raid_access``: runs :meth:`SpelldawnRaid.op_raid_access`."""

    __slots__ = ()
    NAME = "raid_access"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_access()


class RaidAccessAsk(Frame["SpelldawnRaid"]):
    """``raid_access_ask``: runs :meth:`SpelldawnRaid.op_raid_access_ask`."""

    __slots__ = ()
    NAME = "raid_access_ask"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_access_ask()


class RaidAfterCombat(Frame["SpelldawnRaid"]):
    """``raid_after_combat``: runs :meth:`SpelldawnRaid.op_raid_after_combat`."""

    __slots__ = ()
    NAME = "raid_after_combat"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_after_combat()


class RaidApproach(Frame["SpelldawnRaid"]):
    """``raid_approach``: runs :meth:`SpelldawnRaid.op_raid_approach`."""

    __slots__ = ()
    NAME = "raid_approach"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_approach()


class RaidBegin(Frame["SpelldawnRaid"]):
    """``raid_begin``: runs :meth:`SpelldawnRaid.op_raid_begin`."""

    FIELDS = ("room", "mana", "extra")
    __slots__ = FIELDS
    NAME = "raid_begin"

    def __init__(self, room: int, mana: int, extra: int) -> None:
        self.room: Final[int] = room
        self.mana: Final[int] = mana
        self.extra: Final[int] = extra

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_begin(self.room, self.mana, self.extra)


class RaidCheck(Frame["SpelldawnRaid"]):
    """``raid_check``: runs :meth:`SpelldawnRaid.op_raid_check`."""

    __slots__ = ()
    NAME = "raid_check"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_check()


class RaidEncounter(Frame["SpelldawnRaid"]):
    """``raid_encounter``: runs :meth:`SpelldawnRaid.op_raid_encounter`."""

    __slots__ = ()
    NAME = "raid_encounter"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_encounter()


class RaidFight(Frame["SpelldawnRaid"]):
    """``raid_fight``: runs :meth:`SpelldawnRaid.op_raid_fight`."""

    __slots__ = ()
    NAME = "raid_fight"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_fight()


class RaidNext(Frame["SpelldawnRaid"]):
    """``raid_next``: runs :meth:`SpelldawnRaid.op_raid_next`."""

    __slots__ = ()
    NAME = "raid_next"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_next()


class RaidRoom(Frame["SpelldawnRaid"]):
    """``raid_room``: runs :meth:`SpelldawnRaid.op_raid_room`."""

    __slots__ = ()
    NAME = "raid_room"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_room()


class RaidSelect(Frame["SpelldawnRaid"]):
    """``raid_select``: runs :meth:`SpelldawnRaid.op_raid_select`."""

    __slots__ = ()
    NAME = "raid_select"

    def run(self, state: SpelldawnRaid) -> None:
        state.op_raid_select()


class Setup(Frame["SpelldawnState"]):
    """``setup``: runs :meth:`SpelldawnState.op_setup`."""

    __slots__ = ()
    NAME = "setup"

    def run(self, state: SpelldawnState) -> None:
        state.op_setup()


class SpellDone(Frame["SpelldawnState"]):
    """``spell_done``: runs :meth:`SpelldawnState.op_spell_done`."""

    FIELDS = ("c",)
    __slots__ = FIELDS
    NAME = "spell_done"

    def __init__(self, c: int) -> None:
        self.c: Final[int] = c

    def run(self, state: SpelldawnState) -> None:
        state.op_spell_done(self.c)


class StartOfTurn(Frame["SpelldawnState"]):
    """``start_of_turn``: runs :meth:`SpelldawnState.op_start_of_turn`."""

    __slots__ = ()
    NAME = "start_of_turn"

    def run(self, state: SpelldawnState) -> None:
        state.op_start_of_turn()


class TurnEnd(Frame["SpelldawnState"]):
    """``turn_end``: runs :meth:`SpelldawnState.op_turn_end`."""

    __slots__ = ()
    NAME = "turn_end"

    def run(self, state: SpelldawnState) -> None:
        state.op_turn_end()


class TurnStart(Frame["SpelldawnState"]):
    """``turn_start``: runs :meth:`SpelldawnState.op_turn_start`."""

    __slots__ = ()
    NAME = "turn_start"

    def run(self, state: SpelldawnState) -> None:
        state.op_turn_start()


# every frame a saved game or a declared phase may name, by name
FRAMES = {
    **CORE_FRAMES,
    **frame_table(
        DiscardPhase,
        DoAbility,
        DrawPhase,
        DuskAgain,
        Effects,
        Main,
        MainNext,
        NextTurn,
        OverlordPoints,
        RaidAccess,
        RaidAccessAsk,
        RaidAfterCombat,
        RaidApproach,
        RaidBegin,
        RaidCheck,
        RaidEncounter,
        RaidFight,
        RaidNext,
        RaidRoom,
        RaidSelect,
        Setup,
        SpellDone,
        StartOfTurn,
        TurnEnd,
        TurnStart,
    ),
}
