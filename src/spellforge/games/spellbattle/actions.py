"""Spell Battle's actions, each printed the way a player would say it.

>>> from spellforge.core.targets import PlayerRef
>>> P2 = PlayerRef(1)
>>> str(PlayFarm(17)), str(Play(4, target=P2)), str(Attack(12, P2)), str(Block(31, 12))
('play #17 as farm', 'play #4 -> P2', 'attack #12 -> P2', 'block #31 -> #12')

Playing a farm is two short choices (``farm``, then ``play #17 as farm``), so the option to play a farm is
one entry in the list however many cards are in hand.
>>> Attack.parse("attack #12 -> P2") == Attack(12, P2)  # core's Attack, with a typed target
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import CARD, Action, Attack, Block, ChooseTarget, Play, Use


@dataclass(frozen=True, slots=True)
class PlayFarm(Action):
    """Play a card from hand face down as a farm (core's ``Play`` plays a card as itself)."""

    LABEL: ClassVar[str] = "Play {card} face down as a farm"
    card: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"play\s+" + CARD + r"\s+as\s+farm", re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"play #{self.card} as farm"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class Farm(Action):
    """Decide to play a farm this main step; which card goes face down is the next choice."""

    LABEL: ClassVar[str] = "Play a farm (choose which card next)"
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"farm", re.I)

    def __str__(self) -> str:
        return "farm"


@dataclass(frozen=True, slots=True)
class Bond(Action):
    """Declare a character as an attacker in the bonded group of an already declared attacker."""

    LABEL: ClassVar[str] = "Attack with {card}, bonded with {partner}"
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

    LABEL: ClassVar[str] = "Deal {amount} of {card}'s damage to {target}"
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

    LABEL: ClassVar[str] = (
        "Pick {card}"  # (words.py says what the pick does: "Draft ...", "Destroy your ...")
    )
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

    LABEL: ClassVar[str] = "Call time"
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"time", re.I)
    meta: ClassVar[bool] = True

    def __str__(self) -> str:
        return "time"


# core's Play plays a card as itself; PlayFarm (last, so the research action space keeps every other
# action's index) plays one face down as a farm
ACTIONS: tuple[type[Action], ...] = (
    Play,
    Farm,
    Use,
    Bond,
    Attack,
    Block,
    Assign,
    Target,
    Pick,
    PlayFarm,
    CallTime,
)
