"""Spellweaver's actions, each printed the way a player would say it.

>>> from spellforge.core.targets import CardRef, PlayerRef
>>> str(Play(17)), str(Attack(12, PlayerRef(1))), str(Attack(12, CardRef(7))), str(Block(31, 12))
('play #17', 'attack #12 -> P2', 'attack #12 -> #7', 'block #31 -> #12')
>>> str(ShrineMode(9, MANA)), ShrineMode.parse("play #9 for level") == ShrineMode(9, LEVEL)
('play #9 for mana', True)

Compound choices are short sequences: ``shrine`` then ``play #9 for mana``; ``offer`` then ``offer #4``
then ``take #31`` (or ``take none``); ``move`` then ``move #12``; ``play #17`` then ``target #5`` (the core ``ChooseTarget``). So the
option to play a shrine, to move or to offer is one entry however many cards could be chosen.

Each class's ``LABEL`` is how a player reads it; ``words.py`` says more where the decision or the card
decides it (what a shrine gives, which row a creature goes to, what passing means in each window).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import CARD, Action, Attack, Block, ChooseTarget, Play, Use
from spellforge.core.clock import TimeUsed

MANA = "mana"
LEVEL = "level"
NONE = -1


@dataclass(frozen=True, slots=True)
class Shrine(Action):
    """Play this turn's shrine (SW-081); which one and how is the next choice."""

    LABEL: ClassVar[str] = "Play a shrine"

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"shrine", re.I)

    def __str__(self) -> str:
        return "shrine"


@dataclass(frozen=True, slots=True)
class ShrineMode(Action):
    """Play a shrine for a mana crystal (and a card or a skill) or for a level (SW-027..029)."""

    LABEL: ClassVar[str] = "Play {card} for {mode}"

    card: int
    mode: str
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"play\s+" + CARD + r"\s+for\s+(mana|level)", re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"play #{self.card} for {self.mode}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), m.group(2).lower())


@dataclass(frozen=True, slots=True)
class UseSkill(Action):
    """Use one of the hero's skills (``slot`` counts from 0, printed from 1)."""

    LABEL: ClassVar[str] = "Use a skill of your hero"

    slot: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"skill\s+(\d)", re.I)

    def __str__(self) -> str:
        return f"skill {self.slot + 1}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        slot = int(m.group(1)) - 1
        return cls(slot) if slot >= 0 else None


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a creature between rows (SW-083); which one is the next choice."""

    LABEL: ClassVar[str] = "Move a creature to its other row"

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"move", re.I)

    def __str__(self) -> str:
        return "move"


@dataclass(frozen=True, slots=True)
class MoveCard(Action):
    """Move this creature to its other row."""

    LABEL: ClassVar[str] = "Move {card} to its other row"

    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"move\s+" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"move #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Make this turn's Divine Offering (SW-086, SW-K11); which card goes is the next choice."""

    LABEL: ClassVar[str] = "Make a Divine Offering"

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"offer", re.I)

    def __str__(self) -> str:
        return "offer"


@dataclass(frozen=True, slots=True)
class OfferCard(Action):
    """Put this card from hand on the bottom of the deck and look at the top four."""

    LABEL: ClassVar[str] = "Offer {card}"

    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"offer\s+" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"offer #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take one shrine from the looked-at cards (SW-087), or none."""

    LABEL: ClassVar[str] = "Take[ {card} into your hand]"

    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"take\s+(?:#(\d+)|(none))", re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)  # NONE (-1): take none

    def __str__(self) -> str:
        return "take none" if self.card == NONE else f"take #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(NONE if m.group(2) else int(m.group(1)))


@dataclass(frozen=True, slots=True)
class Spark(Action):
    """Sacrifice The Spark for 1 mana this turn (SW-073, SW-R11)."""

    LABEL: ClassVar[str] = "Sacrifice The Spark for 1 mana this turn"

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"spark", re.I)

    def __str__(self) -> str:
        return "spark"


ACTIONS: tuple[type[Action], ...] = (
    ShrineMode,
    Play,
    Shrine,
    ChooseTarget,
    UseSkill,
    Use,
    MoveCard,
    Move,
    OfferCard,
    Offer,
    Take,
    Spark,
    Attack,
    Block,
    TimeUsed,
)
