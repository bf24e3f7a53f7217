"""The flow ops of this game as frames: one small immutable record per op, whose ``run`` calls the op's
method (core/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spellforge.core.flow import Frame, frame_table
from spellforge.core.frames import FRAMES as CORE_FRAMES

if TYPE_CHECKING:
    from spellforge.core.targets import Target

    from .abilities import CastersAbilities
    from .battle import CastersBattle
    from .payment import CastersPayment
    from .state import CastersState


class ActivateCard(Frame["CastersState"]):
    """``activate_card``: runs :meth:`CastersState.op_activate_card`."""

    FIELDS = ("card", "seat", "mode", "target")
    __slots__ = FIELDS
    NAME = "activate_card"

    def __init__(self, card: int, seat: int, mode: str, target: Target | None) -> None:
        self.card: Final[int] = card
        self.seat: Final[int] = seat
        self.mode: Final[str] = mode
        self.target: Final[Target | None] = target

    def run(self, state: CastersState) -> None:
        state.op_activate_card(self.card, self.seat, self.mode, self.target)


class BattleTurn(Frame["CastersBattle"]):
    """``battle_turn``: runs :meth:`CastersBattle.op_battle_turn`."""

    FIELDS = ("seat", "skips")
    __slots__ = FIELDS
    NAME = "battle_turn"

    def __init__(self, seat: int, skips: int) -> None:
        self.seat: Final[int] = seat
        self.skips: Final[int] = skips

    def run(self, state: CastersBattle) -> None:
        state.op_battle_turn(self.seat, self.skips)


class BeginBattle(Frame["CastersBattle"]):
    """``begin_battle``: runs :meth:`CastersBattle.op_begin_battle`."""

    __slots__ = ()
    NAME = "begin_battle"

    def run(self, state: CastersBattle) -> None:
        state.op_begin_battle()


class BeginDraw(Frame["CastersState"]):
    """``begin_draw``: runs :meth:`CastersState.op_begin_draw`."""

    __slots__ = ()
    NAME = "begin_draw"

    def run(self, state: CastersState) -> None:
        state.op_begin_draw()


class BeginEnd(Frame["CastersState"]):
    """``begin_end``: runs :meth:`CastersState.op_begin_end`."""

    __slots__ = ()
    NAME = "begin_end"

    def run(self, state: CastersState) -> None:
        state.op_begin_end()


class BeginReveal(Frame["CastersState"]):
    """``begin_reveal``: runs :meth:`CastersState.op_begin_reveal`."""

    __slots__ = ()
    NAME = "begin_reveal"

    def run(self, state: CastersState) -> None:
        state.op_begin_reveal()


class BeginSet(Frame["CastersState"]):
    """``begin_set``: runs :meth:`CastersState.op_begin_set`."""

    __slots__ = ()
    NAME = "begin_set"

    def run(self, state: CastersState) -> None:
        state.op_begin_set()


class Blocks(Frame["CastersBattle"]):
    """``blocks``: runs :meth:`CastersBattle.op_blocks`."""

    __slots__ = ()
    NAME = "blocks"

    def run(self, state: CastersBattle) -> None:
        state.op_blocks()


class Check(Frame["CastersState"]):
    """``check``: runs :meth:`CastersState.op_check`."""

    __slots__ = ()
    NAME = "check"

    def run(self, state: CastersState) -> None:
        state.op_check()


class CombatDamage(Frame["CastersBattle"]):
    """``combat_damage``: runs :meth:`CastersBattle.op_combat_damage`."""

    __slots__ = ()
    NAME = "combat_damage"

    def run(self, state: CastersBattle) -> None:
        state.op_combat_damage()


class FinishResolve(Frame["CastersAbilities"]):
    """``finish_resolve``: runs :meth:`CastersAbilities.op_finish_resolve`."""

    __slots__ = ()
    NAME = "finish_resolve"

    def run(self, state: CastersAbilities) -> None:
        state.op_finish_resolve()


class LoseStage(Frame["CastersPayment"]):
    """``lose_stage``: runs :meth:`CastersPayment.op_lose_stage`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "lose_stage"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: CastersPayment) -> None:
        state.op_lose_stage(self.seat)


class OpeningHands(Frame["CastersState"]):
    """``opening_hands``: runs :meth:`CastersState.op_opening_hands`."""

    __slots__ = ()
    NAME = "opening_hands"

    def run(self, state: CastersState) -> None:
        state.op_opening_hands()


class PayStep(Frame["CastersPayment"]):
    """``pay_step``: runs :meth:`CastersPayment.op_pay_step`."""

    __slots__ = ()
    NAME = "pay_step"

    def run(self, state: CastersPayment) -> None:
        state.op_pay_step()


class Resummon(Frame["CastersAbilities"]):
    """``resummon``: runs :meth:`CastersAbilities.op_resummon`."""

    FIELDS = ("cid", "seat")
    __slots__ = FIELDS
    NAME = "resummon"

    def __init__(self, cid: int, seat: int) -> None:
        self.cid: Final[int] = cid
        self.seat: Final[int] = seat

    def run(self, state: CastersAbilities) -> None:
        state.op_resummon(self.cid, self.seat)


class RevealStep(Frame["CastersState"]):
    """``reveal_step``: runs :meth:`CastersState.op_reveal_step`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "reveal_step"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: CastersState) -> None:
        state.op_reveal_step(self.seat)


class SetCards(Frame["CastersState"]):
    """``set_cards``: runs :meth:`CastersState.op_set_cards`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "set_cards"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: CastersState) -> None:
        state.op_set_cards(self.seat)


class Setup(Frame["CastersState"]):
    """``setup``: runs :meth:`CastersState.op_setup`."""

    __slots__ = ()
    NAME = "setup"

    def run(self, state: CastersState) -> None:
        state.op_setup()


class SetupStage(Frame["CastersPayment"]):
    """``setup_stage``: runs :meth:`CastersPayment.op_setup_stage`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "setup_stage"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: CastersPayment) -> None:
        state.op_setup_stage(self.seat)


class StageUp(Frame["CastersPayment"]):
    """``stage_up``: runs :meth:`CastersPayment.op_stage_up`."""

    FIELDS = ("seat", "cid")
    __slots__ = FIELDS
    NAME = "stage_up"

    def __init__(self, seat: int, cid: int) -> None:
        self.seat: Final[int] = seat
        self.cid: Final[int] = cid

    def run(self, state: CastersPayment) -> None:
        state.op_stage_up(self.seat, self.cid)


class TurnStart(Frame["CastersState"]):
    """``turn_start``: runs :meth:`CastersState.op_turn_start`."""

    __slots__ = ()
    NAME = "turn_start"

    def run(self, state: CastersState) -> None:
        state.op_turn_start()


class Window(Frame["CastersAbilities"]):
    """``window``: runs :meth:`CastersAbilities.op_window`."""

    __slots__ = ()
    NAME = "window"

    def run(self, state: CastersAbilities) -> None:
        state.op_window()


# every frame a saved game or a declared phase may name, by name
FRAMES = {
    **CORE_FRAMES,
    **frame_table(
        ActivateCard,
        BattleTurn,
        BeginBattle,
        BeginDraw,
        BeginEnd,
        BeginReveal,
        BeginSet,
        Blocks,
        Check,
        CombatDamage,
        FinishResolve,
        LoseStage,
        OpeningHands,
        PayStep,
        Resummon,
        RevealStep,
        SetCards,
        Setup,
        SetupStage,
        StageUp,
        TurnStart,
        Window,
    ),
}

# Frames never change and clones share them: those scheduled at every turn are made once, by seat.
REVEAL_STEP = (RevealStep(0), RevealStep(1))
SET_CARDS = (SetCards(0), SetCards(1))
BATTLE_TURN = tuple(
    tuple(BattleTurn(seat, skips) for skips in range(3)) for seat in range(2)
)  # [seat][skips]
