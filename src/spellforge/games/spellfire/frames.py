"""The flow ops of this game as frames: one small immutable record per op, whose ``run`` calls the op's
method (core/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spellforge.core.flow import Frame, frame_table
from spellforge.core.frames import FRAMES as CORE_FRAMES
from spellforge.core.frames import EnterPhase

if TYPE_CHECKING:
    from .battle import SpellfireBattle
    from .plays import SpellfirePlays
    from .records import PlayTarget
    from .spoils import SpellfireSpoils
    from .turn import SpellfireTurn


class Activate(Frame["SpellfireBattle"]):
    """``activate``: runs :meth:`SpellfireBattle.op_activate`."""

    __slots__ = ()
    NAME = "activate"

    def run(self, state: SpellfireBattle) -> None:
        state.op_activate()


class Ask(Frame["SpellfireTurn"]):
    """``ask``: runs :meth:`SpellfireTurn.op_ask`."""

    FIELDS = ("kind",)
    __slots__ = FIELDS
    NAME = "ask"

    def __init__(self, kind: str) -> None:
        self.kind: Final[str] = kind

    def run(self, state: SpellfireTurn) -> None:
        state.op_ask(self.kind)


class BattleEnd(Frame["SpellfireBattle"]):
    """``battle_end``: runs :meth:`SpellfireBattle.op_battle_end`."""

    __slots__ = ()
    NAME = "battle_end"

    def run(self, state: SpellfireBattle) -> None:
        state.op_battle_end()


class BattleOverAttackerLost(Frame["SpellfireBattle"]):
    """``battle_over_attacker_lost``: runs :meth:`SpellfireBattle.op_battle_over_attacker_lost`."""

    __slots__ = ()
    NAME = "battle_over_attacker_lost"

    def run(self, state: SpellfireBattle) -> None:
        state.op_battle_over_attacker_lost()


class BattleOverBoth(Frame["SpellfireBattle"]):
    """``battle_over_both``: runs :meth:`SpellfireBattle.op_battle_over_both`."""

    __slots__ = ()
    NAME = "battle_over_both"

    def run(self, state: SpellfireBattle) -> None:
        state.op_battle_over_both()


class BattleOverRealmLost(Frame["SpellfireBattle"]):
    """``battle_over_realm_lost``: runs :meth:`SpellfireBattle.op_battle_over_realm_lost`."""

    __slots__ = ()
    NAME = "battle_over_realm_lost"

    def run(self, state: SpellfireBattle) -> None:
        state.op_battle_over_realm_lost()


class CopyPlay(Frame["SpellfirePlays"]):
    """``copy_play``: runs :meth:`SpellfirePlays.op_copy_play`."""

    FIELDS = ("seat", "card", "target", "of")
    __slots__ = FIELDS
    NAME = "copy_play"

    def __init__(self, seat: int, card: int, target: PlayTarget, of: int) -> None:
        self.seat: Final[int] = seat
        self.card: Final[int] = card
        self.target: Final[PlayTarget] = target
        self.of: Final[int] = of

    def run(self, state: SpellfirePlays) -> None:
        state.op_copy_play(self.seat, self.card, self.target, self.of)


class Cut(Frame["SpellfireTurn"]):
    """``cut``: runs :meth:`SpellfireTurn.op_cut`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "cut"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: SpellfireTurn) -> None:
        state.op_cut(self.seat)


class Deal(Frame["SpellfireTurn"]):
    """``deal``: runs :meth:`SpellfireTurn.op_deal`."""

    __slots__ = ()
    NAME = "deal"

    def run(self, state: SpellfireTurn) -> None:
        state.op_deal()


class DefendAsk(Frame["SpellfireBattle"]):
    """``defend_ask``: runs :meth:`SpellfireBattle.op_defend_ask`."""

    __slots__ = ()
    NAME = "defend_ask"

    def run(self, state: SpellfireBattle) -> None:
        state.op_defend_ask()


class EntryDiscard(Frame["SpellfireTurn"]):
    """``entry_discard``: runs :meth:`SpellfireTurn.op_entry_discard`."""

    FIELDS = ("card", "left")
    __slots__ = FIELDS
    NAME = "entry_discard"

    def __init__(self, card: int, left: int) -> None:
        self.card: Final[int] = card
        self.left: Final[int] = left

    def run(self, state: SpellfireTurn) -> None:
        state.op_entry_discard(self.card, self.left)


class Expire(Frame["SpellfireTurn"]):
    """``expire``: runs :meth:`SpellfireTurn.op_expire`."""

    __slots__ = ()
    NAME = "expire"

    def run(self, state: SpellfireTurn) -> None:
        state.op_expire()


class FirstHands(Frame["SpellfireTurn"]):
    """``first_hands``: runs :meth:`SpellfireTurn.op_first_hands`."""

    __slots__ = ()
    NAME = "first_hands"

    def run(self, state: SpellfireTurn) -> None:
        state.op_first_hands()


class HandLimit(Frame["SpellfireTurn"]):
    """``hand_limit``: runs :meth:`SpellfireTurn.op_hand_limit`."""

    __slots__ = ()
    NAME = "hand_limit"

    def run(self, state: SpellfireTurn) -> None:
        state.op_hand_limit()


class Instant(Frame["SpellfireBattle"]):
    """``instant``: runs :meth:`SpellfireBattle.op_instant`."""

    FIELDS = ("side", "kind")
    __slots__ = FIELDS
    NAME = "instant"

    def __init__(self, side: int, kind: int) -> None:
        self.side: Final[int] = side
        self.kind: Final[int] = kind

    def run(self, state: SpellfireBattle) -> None:
        state.op_instant(self.side, self.kind)


class InstantResolve(Frame["SpellfireBattle"]):
    """``instant_resolve``: runs :meth:`SpellfireBattle.op_instant_resolve`."""

    FIELDS = ("source", "victim", "kind")
    __slots__ = FIELDS
    NAME = "instant_resolve"

    def __init__(self, source: int, victim: int, kind: int) -> None:
        self.source: Final[int] = source
        self.victim: Final[int] = victim
        self.kind: Final[int] = kind

    def run(self, state: SpellfireBattle) -> None:
        state.op_instant_resolve(self.source, self.victim, self.kind)


class LimboReturns(Frame["SpellfireTurn"]):
    """``limbo_returns``: runs :meth:`SpellfireTurn.op_limbo_returns`."""

    __slots__ = ()
    NAME = "limbo_returns"

    def run(self, state: SpellfireTurn) -> None:
        state.op_limbo_returns()


class OpenRound(Frame["SpellfireBattle"]):
    """``open_round``: runs :meth:`SpellfireBattle.op_open_round`."""

    __slots__ = ()
    NAME = "open_round"

    def run(self, state: SpellfireBattle) -> None:
        state.op_open_round()


class PhaseAttack(Frame["SpellfireTurn"]):
    """``phase_attack``: runs :meth:`SpellfireTurn.op_phase_attack`."""

    __slots__ = ()
    NAME = "phase_attack"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_attack()


class PhaseCards(Frame["SpellfireTurn"]):
    """``phase_cards``: runs :meth:`SpellfireTurn.op_phase_cards`."""

    __slots__ = ()
    NAME = "phase_cards"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_cards()


class PhaseDraw(Frame["SpellfireTurn"]):
    """``phase_draw``: runs :meth:`SpellfireTurn.op_phase_draw`."""

    __slots__ = ()
    NAME = "phase_draw"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_draw()


class PhaseEnd(Frame["SpellfireTurn"]):
    """``phase_end``: runs :meth:`SpellfireTurn.op_phase_end`."""

    __slots__ = ()
    NAME = "phase_end"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_end()


class PhaseOver(Frame["SpellfireTurn"]):
    """``phase_over``: runs :meth:`SpellfireTurn.op_phase_over`."""

    __slots__ = ()
    NAME = "phase_over"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_over()


class PhasePool(Frame["SpellfireTurn"]):
    """``phase_pool``: runs :meth:`SpellfireTurn.op_phase_pool`."""

    __slots__ = ()
    NAME = "phase_pool"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_pool()


class PhaseRealm(Frame["SpellfireTurn"]):
    """``phase_realm``: runs :meth:`SpellfireTurn.op_phase_realm`."""

    __slots__ = ()
    NAME = "phase_realm"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_realm()


class PhaseStart(Frame["SpellfireTurn"]):
    """``phase_start``: runs :meth:`SpellfireTurn.op_phase_start`."""

    __slots__ = ()
    NAME = "phase_start"

    def run(self, state: SpellfireTurn) -> None:
        state.op_phase_start()


class Realmless(Frame["SpellfireTurn"]):
    """``realmless``: runs :meth:`SpellfireTurn.op_realmless`."""

    __slots__ = ()
    NAME = "realmless"

    def run(self, state: SpellfireTurn) -> None:
        state.op_realmless()


class RebuildDiscard(Frame["SpellfireTurn"]):
    """``rebuild_discard``: runs :meth:`SpellfireTurn.op_rebuild_discard`."""

    FIELDS = ("pos", "left")
    __slots__ = FIELDS
    NAME = "rebuild_discard"

    def __init__(self, pos: int, left: int) -> None:
        self.pos: Final[int] = pos
        self.left: Final[int] = left

    def run(self, state: SpellfireTurn) -> None:
        state.op_rebuild_discard(self.pos, self.left)


class Reshuffle(Frame["SpellfireTurn"]):
    """``reshuffle``: runs :meth:`SpellfireTurn.op_reshuffle`."""

    __slots__ = ()
    NAME = "reshuffle"

    def run(self, state: SpellfireTurn) -> None:
        state.op_reshuffle()


class ResolvePlay(Frame["SpellfirePlays"]):
    """``resolve_play``: runs :meth:`SpellfirePlays.op_resolve_play`."""

    FIELDS = ("uid",)
    __slots__ = FIELDS
    NAME = "resolve_play"

    def __init__(self, uid: int) -> None:
        self.uid: Final[int] = uid

    def run(self, state: SpellfirePlays) -> None:
        state.op_resolve_play(self.uid)


class Respond(Frame["SpellfireTurn"]):
    """``respond``: runs :meth:`SpellfireTurn.op_respond`."""

    FIELDS = ("seat",)
    __slots__ = FIELDS
    NAME = "respond"

    def __init__(self, seat: int) -> None:
        self.seat: Final[int] = seat

    def run(self, state: SpellfireTurn) -> None:
        state.op_respond(self.seat)


class RoundEnd(Frame["SpellfireBattle"]):
    """``round_end``: runs :meth:`SpellfireBattle.op_round_end`."""

    __slots__ = ()
    NAME = "round_end"

    def run(self, state: SpellfireBattle) -> None:
        state.op_round_end()


class RoundStart(Frame["SpellfireBattle"]):
    """``round_start``: runs :meth:`SpellfireBattle.op_round_start`."""

    __slots__ = ()
    NAME = "round_start"

    def run(self, state: SpellfireBattle) -> None:
        state.op_round_start()


class Setup(Frame["SpellfireTurn"]):
    """``setup``: runs :meth:`SpellfireTurn.op_setup`."""

    __slots__ = ()
    NAME = "setup"

    def run(self, state: SpellfireTurn) -> None:
        state.op_setup()


class Spoils(Frame["SpellfireSpoils"]):
    """``spoils``: runs :meth:`SpellfireSpoils.op_spoils`."""

    FIELDS = ("seat", "dungeon")
    __slots__ = FIELDS
    NAME = "spoils"

    def __init__(self, seat: int, dungeon: int) -> None:
        self.seat: Final[int] = seat
        self.dungeon: Final[int] = dungeon

    def run(self, state: SpellfireSpoils) -> None:
        state.op_spoils(self.seat, self.dungeon)


class SpoilsCard(Frame["SpellfireSpoils"]):
    """``spoils_card``: runs :meth:`SpellfireSpoils.op_spoils_card`."""

    FIELDS = ("seat", "dungeon", "card", "first")
    __slots__ = FIELDS
    NAME = "spoils_card"

    def __init__(self, seat: int, dungeon: int, card: int, first: int) -> None:
        self.seat: Final[int] = seat
        self.dungeon: Final[int] = dungeon
        self.card: Final[int] = card
        self.first: Final[int] = first

    def run(self, state: SpellfireSpoils) -> None:
        state.op_spoils_card(self.seat, self.dungeon, self.card, self.first)


class SummonAsk(Frame["SpellfireBattle"]):
    """``summon_ask``: runs :meth:`SpellfireBattle.op_summon_ask`."""

    FIELDS = ("side",)
    __slots__ = FIELDS
    NAME = "summon_ask"

    def __init__(self, side: int) -> None:
        self.side: Final[int] = side

    def run(self, state: SpellfireBattle) -> None:
        state.op_summon_ask(self.side)


class TurnBegin(Frame["SpellfireTurn"]):
    """``turn_begin``: runs :meth:`SpellfireTurn.op_turn_begin`."""

    __slots__ = ()
    NAME = "turn_begin"

    def run(self, state: SpellfireTurn) -> None:
        state.op_turn_begin()


class TurnEnd(Frame["SpellfireTurn"]):
    """``turn_end``: runs :meth:`SpellfireTurn.op_turn_end`."""

    __slots__ = ()
    NAME = "turn_end"

    def run(self, state: SpellfireTurn) -> None:
        state.op_turn_end()


class WallCheck(Frame["SpellfireBattle"]):
    """``wall_check``: runs :meth:`SpellfireBattle.op_wall_check`."""

    FIELDS = ("victim", "cross")
    __slots__ = FIELDS
    NAME = "wall_check"

    def __init__(self, victim: int, cross: str) -> None:
        self.victim: Final[int] = victim
        self.cross: Final[str] = cross

    def run(self, state: SpellfireBattle) -> None:
        state.op_wall_check(self.victim, self.cross)


# every frame a saved game or a declared phase may name, by name
FRAMES = {
    **CORE_FRAMES,
    **frame_table(
        Activate,
        Ask,
        BattleEnd,
        BattleOverAttackerLost,
        BattleOverBoth,
        BattleOverRealmLost,
        CopyPlay,
        Cut,
        Deal,
        DefendAsk,
        EntryDiscard,
        Expire,
        FirstHands,
        HandLimit,
        Instant,
        InstantResolve,
        LimboReturns,
        OpenRound,
        PhaseAttack,
        PhaseCards,
        PhaseDraw,
        PhaseEnd,
        PhaseOver,
        PhasePool,
        PhaseRealm,
        PhaseStart,
        Realmless,
        RebuildDiscard,
        Reshuffle,
        ResolvePlay,
        Respond,
        RoundEnd,
        RoundStart,
        Setup,
        Spoils,
        SpoilsCard,
        SummonAsk,
        TurnBegin,
        TurnEnd,
        WallCheck,
    ),
}

# Frames never change and clones share them: those scheduled at every play and turn are made once.
RESPOND = tuple(Respond(seat) for seat in range(6))  # by seat (2 to 6 players)
FIRST_PHASE = EnterPhase("start")  # every turn's
ASK = {kind: Ask(kind) for kind in ("attack", "cards", "pool", "realm", "start")}
# after the champions activate: each side's instant defeats by kind, each side's summons, the round opens
ROUND_OPENS = (
    Instant(0, 0),
    Instant(1, 0),
    Instant(0, 1),
    Instant(1, 1),
    SummonAsk(0),
    SummonAsk(1),
    OpenRound(),
)
TURN_END = (HandLimit(), LimboReturns(), Realmless(), Reshuffle(), Expire())  # phase 6's, in order
