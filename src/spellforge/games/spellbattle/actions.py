"""Spell Battle's actions, each printed the way a player would say it.

>>> str(Play(17, farm=True)), str(Play(4, target=-2)), str(Attack(12, -2)), str(Block(31, 12))
('play #17 as farm', 'play #4 -> P2', 'attack #12 -> P2', 'block #31 -> #12')

Playing a farm is two short choices (``farm``, then ``play #17 as farm``), so the option to play a farm is
one entry in the list however many cards are in hand.
>>> Attack.parse("attack #12 -> P2") == Attack(12, -2)  # core's Attack: a player is the target -1 - seat
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import (
    CARD,
    NO_TARGET,
    TARGET,
    Action,
    Attack,
    Block,
    ChooseTarget,
    parse_target,
    target_str,
)


def _target(text: str | None) -> int:
    if text is None:
        return NO_TARGET
    t = parse_target(text)
    return NO_TARGET if t is None else t


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand: as itself (optionally with its on-play target), or face down as a farm."""

    card: int
    target: int = NO_TARGET
    farm: bool = False
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"play\s+" + CARD + r"(?:\s+(as\s+farm)|\s*->\s*" + TARGET + r")?", re.I
    )
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        if self.farm:
            return f"play #{self.card} as farm"
        if self.target != NO_TARGET:
            return f"play #{self.card} -> {target_str(self.target)}"
        return f"play #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), _target(m.group(3)), bool(m.group(2)))


@dataclass(frozen=True, slots=True)
class Farm(Action):
    """Decide to play a farm this main step; which card goes face down is the next choice."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"farm", re.I)

    def __str__(self) -> str:
        return "farm"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use an activated ability of a card in play ("Turn this sideways: ..."). ``ability`` counts from 0."""

    card: int
    ability: int = 0
    target: int = NO_TARGET
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"use\s+" + CARD + r"(?:/(\d+))?(?:\s*->\s*" + TARGET + r")?", re.I
    )
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        which = f"/{self.ability + 1}" if self.ability else ""
        tail = f" -> {target_str(self.target)}" if self.target != NO_TARGET else ""
        return f"use #{self.card}{which}{tail}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        ability = int(m.group(2)) - 1 if m.group(2) else 0
        return cls(int(m.group(1)), ability, _target(m.group(3))) if ability >= 0 else None


@dataclass(frozen=True, slots=True)
class Bond(Action):
    """Declare a character as an attacker in the bonded group of an already declared attacker."""

    card: int
    partner: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"attack\s+" + CARD + r"\s+with\s+" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card", "partner")

    def __str__(self) -> str:
        return f"attack #{self.card} with #{self.partner}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), int(m.group(2)))


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Assign part of a character's combat damage to one opposing character."""

    card: int
    amount: int
    target: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"assign\s+" + CARD + r"\s*:\s*(\d+)\s*->\s*" + CARD, re.I
    )
    card_fields: ClassVar[tuple[str, ...]] = ("card", "target")

    def __str__(self) -> str:
        return f"assign #{self.card}: {self.amount} -> #{self.target}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3)))


Target = ChooseTarget  # choosing the target of a triggered ability or a copy: "target #5"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Pick a card: a draft pick, a card for a limited deck, a character to lose, a trigger to order."""

    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"pick\s+" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"pick #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class CallTime(Action):
    """The match's time limit expired: the game ends by the tiebreak of SB-R24 (a meta action)."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"time", re.I)
    meta: ClassVar[bool] = True

    def __str__(self) -> str:
        return "time"


ACTIONS: tuple[type[Action], ...] = (Play, Farm, Use, Bond, Attack, Block, Assign, Target, Pick, CallTime)
