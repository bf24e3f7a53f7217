"""SPELLFIRE's actions: frozen values that print the way a player says them and parse back.

Targets are core's typed targets (``core/targets.py``): a card ``#12``, a player ``P2``, a formation
position ``slot P2.B`` or a dungeon ``dungeon P2.D``.

>>> str(PlayCard(12, Place("slot", "B", 1))), PlayCard.parse("play #12 -> slot P2.B") == PlayCard(12, Place("slot", "B", 1))
('play #12 -> slot P2.B', True)
>>> str(AttackRealm(Place("slot", "A", 0))), str(Rebuild(Place("slot", "A", 0))), str(Send(4))
('attack slot P1.A', 'rebuild slot P1.A', 'send #4')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import CARD, Action
from spellforge.core.targets import TARGET_TEXT, Place, Target, parse


def _target_text(target: Target | None) -> str:
    return "" if target is None else f" -> {target}"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card from hand (or a spoils card), naming its target when it takes one."""

    card: int
    target: Target | None = None
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"play\s+" + CARD + r"(?:\s*->\s*" + TARGET_TEXT + r")?", re.I
    )
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"play #{self.card}{_target_text(self.target)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        if m.group(2) is None:
            return cls(int(m.group(1)))
        t = parse(m.group(2))
        return cls(int(m.group(1)), t) if t is not None else None


@dataclass(frozen=True, slots=True)
class UsePower(Action):
    """Use the power of a card in play (a champion's, an item's, a realm's), naming its target if any."""

    card: int
    target: Target | None = None
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"use\s+" + CARD + r"(?:\s*->\s*" + TARGET_TEXT + r")?", re.I
    )
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"use #{self.card}{_target_text(self.target)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        if m.group(2) is None:
            return cls(int(m.group(1)))
        t = parse(m.group(2))
        return cls(int(m.group(1)), t) if t is not None else None


@dataclass(frozen=True, slots=True)
class AttackRealm(Action):
    """Phase 4, step A: name the realm (or dungeon) attacked (SF-117, SF-177)."""

    target: Place
    target_fields: ClassVar[tuple[str, ...]] = ("target",)
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"attack\s+" + TARGET_TEXT, re.I)

    def __str__(self) -> str:
        return f"attack {self.target}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        t = parse(m.group(1))
        return cls(t) if isinstance(t, Place) else None


@dataclass(frozen=True, slots=True)
class Rebuild(Action):
    """Phase 2: turn a razed realm face up by discarding three cards (SF-149)."""

    target: Place
    target_fields: ClassVar[tuple[str, ...]] = ("target",)
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"rebuild\s+" + TARGET_TEXT, re.I)

    def __str__(self) -> str:
        return f"rebuild {self.target}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        t = parse(m.group(1))
        return cls(t) if isinstance(t, Place) else None


@dataclass(frozen=True, slots=True)
class Send(Action):
    """Send a champion into a round of combat, from hand or pool (SF-179, SF-181)."""

    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"send\s+" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"send #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card from hand (the hand limit, a rebuild, an avatar's entry cost)."""

    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"discard\s+" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"discard #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep a spoils card in hand (SF-215)."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"keep", re.I)

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class PutBack(Action):
    """Put a spoils card back on top of the draw pile (SF-215)."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"put\s+back", re.I)

    def __str__(self) -> str:
        return "put back"


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Call a mulligan: the game starts over with no winner (SF-084, SF-085)."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"mulligan", re.I)

    def __str__(self) -> str:
        return "mulligan"


ACTIONS: tuple[type[Action], ...] = (
    PlayCard,
    UsePower,
    AttackRealm,
    Rebuild,
    Send,
    Discard,
    Keep,
    PutBack,
    Mulligan,
)
