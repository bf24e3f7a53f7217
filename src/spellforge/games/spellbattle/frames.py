"""The flow ops of this game as frames: one small immutable record per op, whose ``run`` calls the op's
method (core/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spellforge.core.flow import Frame, frame_table
from spellforge.core.frames import FRAMES as CORE_FRAMES

if TYPE_CHECKING:
    from .combat import SpellBattleCombat
    from .limited import SpellBattleLimited
    from .state import SpellBattleState


class ApplyDamage(Frame["SpellBattleCombat"]):
    """``apply_damage``: runs :meth:`SpellBattleCombat.op_apply_damage`."""

    __slots__ = ()
    NAME = "apply_damage"

    def run(self, state: SpellBattleCombat) -> None:
        state.op_apply_damage()


class AskBlockers(Frame["SpellBattleCombat"]):
    """``ask_blockers``: runs :meth:`SpellBattleCombat.op_ask_blockers`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "ask_blockers"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: SpellBattleCombat) -> None:
        state.op_ask_blockers(self.seat)


class BeginAttack(Frame["SpellBattleCombat"]):
    """``begin_attack``: runs :meth:`SpellBattleCombat.op_begin_attack`."""

    __slots__ = ()
    NAME = "begin_attack"

    def run(self, state: SpellBattleCombat) -> None:
        state.op_begin_attack()


class BeginBeginning(Frame["SpellBattleState"]):
    """``begin_beginning``: runs :meth:`SpellBattleState.op_begin_beginning`."""

    __slots__ = ()
    NAME = "begin_beginning"

    def run(self, state: SpellBattleState) -> None:
        state.op_begin_beginning()


class BeginDraw(Frame["SpellBattleState"]):
    """``begin_draw``: runs :meth:`SpellBattleState.op_begin_draw`."""

    __slots__ = ()
    NAME = "begin_draw"

    def run(self, state: SpellBattleState) -> None:
        state.op_begin_draw()


class BeginMain(Frame["SpellBattleState"]):
    """``begin_main``: runs :meth:`SpellBattleState.op_begin_main`."""

    __slots__ = ()
    NAME = "begin_main"

    def run(self, state: SpellBattleState) -> None:
        state.op_begin_main()


class Build(Frame["SpellBattleLimited"]):
    """``build``: runs :meth:`SpellBattleLimited.op_build`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "build"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: SpellBattleLimited) -> None:
        state.op_build(self.seat)


class BuildDecks(Frame["SpellBattleLimited"]):
    """``build_decks``: runs :meth:`SpellBattleLimited.op_build_decks`."""

    __slots__ = ()
    NAME = "build_decks"

    def run(self, state: SpellBattleLimited) -> None:
        state.op_build_decks()


class Check(Frame["SpellBattleState"]):
    """``check``: runs :meth:`SpellBattleState.op_check`."""

    __slots__ = ()
    NAME = "check"

    def run(self, state: SpellBattleState) -> None:
        state.op_check()


class DamageStep(Frame["SpellBattleCombat"]):
    """``damage_step``: runs :meth:`SpellBattleCombat.op_damage_step`."""

    __slots__ = ()
    NAME = "damage_step"

    def run(self, state: SpellBattleCombat) -> None:
        state.op_damage_step()


class Deal(Frame["SpellBattleCombat"]):
    """``deal``: runs :meth:`SpellBattleCombat.op_deal`."""

    FIELDS = ("cid",)
    __slots__ = FIELDS
    NAME = "deal"

    def __init__(self, cid: int) -> None:
        self.cid: Final[int] = cid

    def run(self, state: SpellBattleCombat) -> None:
        state.op_deal(self.cid)


class DeclareAttackers(Frame["SpellBattleCombat"]):
    """``declare_attackers``: runs :meth:`SpellBattleCombat.op_declare_attackers`."""

    FIELDS = ("index",)
    __slots__ = FIELDS
    NAME = "declare_attackers"

    def __init__(self, index: int) -> None:
        self.index: Final[int] = index

    def run(self, state: SpellBattleCombat) -> None:
        state.op_declare_attackers(self.index)


class DeclareBlockers(Frame["SpellBattleCombat"]):
    """``declare_blockers``: runs :meth:`SpellBattleCombat.op_declare_blockers`."""

    __slots__ = ()
    NAME = "declare_blockers"

    def run(self, state: SpellBattleCombat) -> None:
        state.op_declare_blockers()


class DraftPass(Frame["SpellBattleLimited"]):
    """``draft_pass``: runs :meth:`SpellBattleLimited.op_draft_pass`."""

    __slots__ = ()
    NAME = "draft_pass"

    def run(self, state: SpellBattleLimited) -> None:
        state.op_draft_pass()


class DraftPick(Frame["SpellBattleLimited"]):
    """``draft_pick``: runs :meth:`SpellBattleLimited.op_draft_pick`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "draft_pick"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: SpellBattleLimited) -> None:
        state.op_draft_pick(self.seat)


class DraftPicks(Frame["SpellBattleLimited"]):
    """``draft_picks``: runs :meth:`SpellBattleLimited.op_draft_picks`."""

    __slots__ = ()
    NAME = "draft_picks"

    def run(self, state: SpellBattleLimited) -> None:
        state.op_draft_picks()


class DraftRound(Frame["SpellBattleLimited"]):
    """``draft_round``: runs :meth:`SpellBattleLimited.op_draft_round`."""

    FIELDS = ("index",)
    __slots__ = FIELDS
    NAME = "draft_round"

    def __init__(self, index: int) -> None:
        self.index: Final[int] = index

    def run(self, state: SpellBattleLimited) -> None:
        state.op_draft_round(self.index)


class EndOfCombat(Frame["SpellBattleCombat"]):
    """``end_of_combat``: runs :meth:`SpellBattleCombat.op_end_of_combat`."""

    __slots__ = ()
    NAME = "end_of_combat"

    def run(self, state: SpellBattleCombat) -> None:
        state.op_end_of_combat()


class FinishResolve(Frame["SpellBattleState"]):
    """``finish_resolve``: runs :meth:`SpellBattleState.op_finish_resolve`."""

    __slots__ = ()
    NAME = "finish_resolve"

    def run(self, state: SpellBattleState) -> None:
        state.op_finish_resolve()


class OpenSealed(Frame["SpellBattleLimited"]):
    """``open_sealed``: runs :meth:`SpellBattleLimited.op_open_sealed`."""

    __slots__ = ()
    NAME = "open_sealed"

    def run(self, state: SpellBattleLimited) -> None:
        state.op_open_sealed()


class Setup(Frame["SpellBattleState"]):
    """``setup``: runs :meth:`SpellBattleState.op_setup`."""

    __slots__ = ()
    NAME = "setup"

    def run(self, state: SpellBattleState) -> None:
        state.op_setup()


class StartMatch(Frame["SpellBattleState"]):
    """``start_match``: runs :meth:`SpellBattleState.op_start_match`."""

    __slots__ = ()
    NAME = "start_match"

    def run(self, state: SpellBattleState) -> None:
        state.op_start_match()


class TurnEnd(Frame["SpellBattleState"]):
    """``turn_end``: runs :meth:`SpellBattleState.op_turn_end`."""

    __slots__ = ()
    NAME = "turn_end"

    def run(self, state: SpellBattleState) -> None:
        state.op_turn_end()


class TurnStart(Frame["SpellBattleState"]):
    """``turn_start``: runs :meth:`SpellBattleState.op_turn_start`."""

    __slots__ = ()
    NAME = "turn_start"

    def run(self, state: SpellBattleState) -> None:
        state.op_turn_start()


class Window(Frame["SpellBattleState"]):
    """``window``: runs :meth:`SpellBattleState.op_window`."""

    __slots__ = ()
    NAME = "window"

    def run(self, state: SpellBattleState) -> None:
        state.op_window()


# every frame a saved game or a declared phase may name, by name
FRAMES = {
    **CORE_FRAMES,
    **frame_table(
        ApplyDamage,
        AskBlockers,
        BeginAttack,
        BeginBeginning,
        BeginDraw,
        BeginMain,
        Build,
        BuildDecks,
        Check,
        DamageStep,
        Deal,
        DeclareAttackers,
        DeclareBlockers,
        DraftPass,
        DraftPick,
        DraftPicks,
        DraftRound,
        EndOfCombat,
        FinishResolve,
        OpenSealed,
        Setup,
        StartMatch,
        TurnEnd,
        TurnStart,
        Window,
    ),
}
