"""Actions are frozen values with a readable ``str()`` that parses back.

A card instance is written ``#12``; a player (seat 0, 1, ...) is written ``P1``, ``P2``, ...; an item on a
stack is written ``@3``. A *target* is one int: a card id (>= 0), a player encoded as ``-1 - seat``, or a
stack item encoded as ``STACK_BASE + uid``, so all fit in one hashable field.

>>> str(Pass()), Pass.parse("pass")
('pass', Pass())
>>> target_str(player_target(1)), parse_target("#7")
('P2', 7)
"""

from __future__ import annotations

import re
from collections.abc import Container, Hashable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeAlias

from .targets import CardRef

CardId: TypeAlias = int
Seat: TypeAlias = int
Target: TypeAlias = int  # card id >= 0, or -1 - seat for a player


def player_target(seat: Seat) -> Target:
    return -1 - seat


def is_player(target: Target) -> bool:
    return target < 0


def target_seat(target: Target) -> Seat:
    return -1 - target


def seat_name(seat: Seat) -> str:
    return f"P{seat + 1}"


STACK_BASE = 1_000_000  # a target >= STACK_BASE names the stack item with uid (target - STACK_BASE)
NO_TARGET = -(10**9)  # a card, skill or ability played without a target


def target_str(target: Target) -> str:
    if target < 0:
        return f"P{-target}"
    if target >= STACK_BASE:
        return f"@{target - STACK_BASE}"
    return f"#{target}"


_TARGET = re.compile(r"^(?:#(\d+)|[Pp](\d+)|@(\d+))$")


def parse_target(text: str) -> Target | None:
    """Read ``#12`` (a card), ``P2`` (a player) or ``@3`` (the stack item with uid 3)."""
    m = _TARGET.match(text.strip())
    if not m:
        return None
    if m.group(1) is not None:
        return int(m.group(1))
    if m.group(3) is not None:
        return STACK_BASE + int(m.group(3))
    seat = int(m.group(2)) - 1
    return player_target(seat) if seat >= 0 else None


def parse_seat(text: str) -> Seat | None:
    t = parse_target(text)
    return None if t is None or t >= 0 else target_seat(t)


# Regex fragments the action classes share.
CARD = r"#(\d+)"
TARGET = r"(#\d+|[Pp]\d+|@\d+)"
SEAT = r"[Pp](\d+)"


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set ``pattern`` and implement ``__str__`` and ``from_match``.

    What an action means is declared on its class, so bots and clients never read it from the printed
    form: ``declines`` says it passes or finishes (nothing more is done now), and ``card_fields`` and
    ``target_fields`` name the fields that hold a card id or a target, from which ``card_ids()`` lists
    the cards the action names.
    """

    pattern: ClassVar[re.Pattern[str]]
    # A meta action (resign, calling time) is legal whenever ``state.meta_legal`` says so, is never listed
    # among the legal actions, and is applied by ``state.apply_meta``.
    meta: ClassVar[bool] = False
    # Passing priority, finishing a compound choice, skipping an optional step: the option that lets the
    # game go on as if the seat did nothing more now (what a cautious playout picks).
    declines: ClassVar[bool] = False
    # Fields holding a card id (a negative value names no card) ...
    card_fields: ClassVar[tuple[str, ...]] = ()
    # ... and fields holding a Target (a card only when 0 <= target < STACK_BASE).
    target_fields: ClassVar[tuple[str, ...]] = ()

    def card_ids(self) -> tuple[CardId, ...]:
        """The card instances this action names, in field order (a target naming a card included)."""
        out: list[int] = []
        for name in self.card_fields:
            cid = getattr(self, name)
            if cid >= 0:
                out.append(cid)
        for name in self.target_fields:
            cid = target_card(getattr(self, name))
            if cid >= 0:
                out.append(cid)
        return tuple(out)

    def masked(self, known: Container[CardId]) -> Hashable:
        """The action as a seat that knows only the cards in ``known`` can tell it apart: a value equal for
        two actions that differ only in which unknown card they name (each such id reads as ``"#?"``).

        The action itself when it names no unknown card, so comparing stays as cheap as comparing actions.
        """
        hidden = [cid for cid in self.card_ids() if cid not in known]
        if not hidden:
            return self
        values: list[Any] = [type(self)]
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in self.card_fields:
                value = UNKNOWN_CARD if value in hidden else value
            elif f.name in self.target_fields:
                value = UNKNOWN_CARD if target_card(value) in hidden else value
            values.append(value)
        return tuple(values)

    @classmethod
    def parse(cls, text: str) -> Action | None:
        m = cls.pattern.fullmatch(text.strip())
        return cls.from_match(m) if m else None

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls()


UNKNOWN_CARD = "#?"  # how ``Action.masked`` writes a card the seat does not know


def target_card(target: Any) -> CardId:
    """The card a target field names (an int Target or a typed ``CardRef``), or -1 when it names none."""
    if isinstance(target, int):
        return target if 0 <= target < STACK_BASE else -1
    return target.id if isinstance(target, CardRef) else -1


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass priority, or decline an optional choice."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"pass", re.I)
    declines: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish a compound choice (declaring attackers, blockers, ...)."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"done", re.I)
    declines: ClassVar[bool] = True

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick one named option of a simple choice (``choose keep``, ``choose #12``, ``choose P2``)."""

    option: str
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"choose\s+(\S+)", re.I)

    def __str__(self) -> str:
        return f"choose {self.option}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(m.group(1))


@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    """Choose the target of what is being played, used or triggered: ``target #5``, ``target P2``, ``target @3``.

    Not a common action: a game whose targets are a separate choice lists it among its own actions.
    """

    target: Target
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"target\s+" + TARGET, re.I)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"target {target_str(self.target)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        t = parse_target(m.group(1))
        return cls(t) if t is not None else None


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card, naming its target when it takes one now: ``play #12``, ``play #12 -> P2``.

    Not a common action: a game lists it among its own (a game whose target is a later choice never
    lists a Play with a target)."""

    card: CardId
    target: Target = NO_TARGET
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"play\s+" + CARD + r"(?:\s*->\s*" + TARGET + r")?", re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        if self.target != NO_TARGET:
            return f"play #{self.card} -> {target_str(self.target)}"
        return f"play #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        if m.group(2) is None:
            return cls(int(m.group(1)))
        t = parse_target(m.group(2))
        return cls(int(m.group(1)), t) if t is not None else None


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Declare a blocker and the attacker it blocks: ``block #31 -> #12``."""

    card: CardId
    attacker: CardId
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"block\s+" + CARD + r"\s*->\s*" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card", "attacker")

    def __str__(self) -> str:
        return f"block #{self.card} -> #{self.attacker}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), int(m.group(2)))


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Declare an attacker and what it attacks: a player (``attack #12 -> P2``) or a card (``-> #7``).

    Not a common action: a game whose combat declares attackers one target at a time lists it."""

    card: CardId
    target: Target
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"attack\s+" + CARD + r"\s*->\s*" + TARGET, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"attack #{self.card} -> {target_str(self.target)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        t = parse_target(m.group(2))
        return cls(int(m.group(1)), t) if t is not None else None


@dataclass(frozen=True, slots=True)
class Resign(Action):
    """A player resigns. Always legal for any seat still in the game, so it is never listed."""

    seat: Seat
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"resign\s+" + SEAT, re.I)
    meta: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"resign {seat_name(self.seat)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        seat = int(m.group(1)) - 1
        return cls(seat) if seat >= 0 else None


COMMON_ACTIONS: tuple[type[Action], ...] = (Pass, Done, Choose, Resign)
