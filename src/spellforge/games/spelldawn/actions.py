"""Spelldawn's actions: frozen values whose ``str()`` parses back. Rooms are typed places (``room vault``,
``room A``: core/targets.py); cards are ``#12``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import CARD, Action
from spellforge.core.targets import TARGET_TEXT, Place, parse


@dataclass(frozen=True, slots=True)
class GainMana(Action):
    """SD-079: one action point for 1 mana."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"gain\s+mana", re.I)

    def __str__(self) -> str:
        return "gain mana"


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """SD-080: one action point for a card."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"draw", re.I)

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class RemoveCurse(Action):
    """SD-130: one action point and 2 mana remove one curse."""

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"remove\s+curse", re.I)

    def __str__(self) -> str:
        return "remove curse"


@dataclass(frozen=True, slots=True)
class _CardAction(Action):
    card: int
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    VERB: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"{self.VERB} #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


def _card_pattern(verb: str) -> re.Pattern[str]:
    return re.compile(verb + r"\s+" + CARD, re.I)


@dataclass(frozen=True, slots=True)
class Dispel(_CardAction):
    """SD-132: the Overlord destroys an evocation of a cursed Champion."""

    VERB: ClassVar[str] = "dispel"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("dispel")


@dataclass(frozen=True, slots=True)
class Unveil(_CardAction):
    """SD-047, SD-R21: turn a face-down project face up by paying its cost, in its subtype's window."""

    VERB: ClassVar[str] = "unveil"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("unveil")


@dataclass(frozen=True, slots=True)
class Activate(_CardAction):
    """SD-094, SD-K31: an ``{A}`` ability of a card in play."""

    VERB: ClassVar[str] = "activate"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("activate")


@dataclass(frozen=True, slots=True)
class Summon(_CardAction):
    """SD-106: summon the approached face-down minion."""

    VERB: ClassVar[str] = "summon"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("summon")


@dataclass(frozen=True, slots=True)
class UseWeapon(_CardAction):
    """SD-110, SD-R07: defeat the encountered minion with this weapon, paying its boosts and shield."""

    VERB: ClassVar[str] = "use"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("use")


@dataclass(frozen=True, slots=True)
class Score(_CardAction):
    """SD-122: score an accessed scheme."""

    VERB: ClassVar[str] = "score"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("score")


@dataclass(frozen=True, slots=True)
class Raze(_CardAction):
    """SD-123: pay an accessed project's raze cost to put it into the Crypts."""

    VERB: ClassVar[str] = "raze"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("raze")


@dataclass(frozen=True, slots=True)
class Discard(_CardAction):
    """SD-095: discard a card of your choice down to your maximum hand size."""

    VERB: ClassVar[str] = "discard"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("discard")


@dataclass(frozen=True, slots=True)
class Sacrifice(_CardAction):
    """SD-088, SD-R20: sacrifice a card to make room for the one being played."""

    VERB: ClassVar[str] = "sacrifice"
    pattern: ClassVar[re.Pattern[str]] = _card_pattern("sacrifice")


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """SD-082: play a card from hand: ``play #12``, or into a room: ``play #12 in room A``."""

    card: int
    room: Place | None = None
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("room",)
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"play\s+" + CARD + r"(?:\s+in\s+" + TARGET_TEXT + ")?", re.I
    )

    def __str__(self) -> str:
        return f"play #{self.card}" + (f" in {self.room}" if self.room is not None else "")

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        if m.group(2) is None:
            return cls(int(m.group(1)))
        room = parse(m.group(2))
        return cls(int(m.group(1)), room) if isinstance(room, Place) else None


@dataclass(frozen=True, slots=True)
class _RoomAction(Action):
    room: Place
    VERB: ClassVar[str] = ""
    target_fields: ClassVar[tuple[str, ...]] = ("room",)

    def __str__(self) -> str:
        return f"{self.VERB} {self.room}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        room = parse(m.group(1))
        return cls(room) if isinstance(room, Place) else None


@dataclass(frozen=True, slots=True)
class Progress(_RoomAction):
    """SD-089, SD-R13: one action point and 1 mana put a progress counter on a room's occupant."""

    VERB: ClassVar[str] = "progress"
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"progress\s+" + TARGET_TEXT, re.I)


@dataclass(frozen=True, slots=True)
class Raid(_RoomAction):
    """SD-093: initiate a raid on a room (``raid room vault``)."""

    VERB: ClassVar[str] = "raid"
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"raid\s+" + TARGET_TEXT, re.I)


ACTIONS: tuple[type[Action], ...] = (
    GainMana,
    DrawCard,
    RemoveCurse,
    Dispel,
    Unveil,
    Activate,
    Summon,
    UseWeapon,
    Score,
    Raze,
    Discard,
    Sacrifice,
    PlayCard,
    Progress,
    Raid,
)
