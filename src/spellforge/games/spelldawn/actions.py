"""Spelldawn's actions: frozen values whose ``str()`` parses back. Rooms are typed places (``room vault``,
``room A``: core/targets.py); cards are ``#12``. Each is declared by its verb on one of core's verb bases.

>>> str(PlayCard(12, Place("room", "A"))), PlayCard.parse("play #12 in room A") == PlayCard(12, Place("room", "A"))
('play #12 in room A', True)
>>> str(Raid(Place("room", "vault"))), str(UseWeapon(4)), str(GainMana()), Raid.parse("raid #3")
('raid room vault', 'use #4', 'gain mana', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import Action, CardTargetVerb, CardVerb, Discard, Sacrifice, TargetVerb, Word
from spellforge.core.targets import Place


@dataclass(frozen=True, slots=True)
class GainMana(Word):
    """SD-079: one action point for 1 mana."""

    VERB: ClassVar[str] = "gain mana"
    LABEL: ClassVar[str] = "Gain 1 mana"


@dataclass(frozen=True, slots=True)
class DrawCard(Word):
    """SD-080: one action point for a card."""

    VERB: ClassVar[str] = "draw"
    LABEL: ClassVar[str] = "Draw a card"


@dataclass(frozen=True, slots=True)
class RemoveCurse(Word):
    """SD-130: one action point and 2 mana remove one curse."""

    VERB: ClassVar[str] = "remove curse"
    LABEL: ClassVar[str] = "Remove a curse"


@dataclass(frozen=True, slots=True)
class Dispel(CardVerb):
    """SD-132: the Overlord destroys an evocation of a cursed Champion."""

    VERB: ClassVar[str] = "dispel"
    LABEL: ClassVar[str] = "Dispel {card}"


@dataclass(frozen=True, slots=True)
class Unveil(CardVerb):
    """SD-047, SD-R21: turn a face-down project face up by paying its cost, in its subtype's window."""

    VERB: ClassVar[str] = "unveil"
    LABEL: ClassVar[str] = "Unveil {card}"


@dataclass(frozen=True, slots=True)
class Activate(CardVerb):
    """SD-094, SD-K31: an ``{A}`` ability of a card in play."""

    VERB: ClassVar[str] = "activate"
    LABEL: ClassVar[str] = "Activate {card}"


@dataclass(frozen=True, slots=True)
class Summon(CardVerb):
    """SD-106: summon the approached face-down minion."""

    VERB: ClassVar[str] = "summon"
    LABEL: ClassVar[str] = "Summon {card}"


@dataclass(frozen=True, slots=True)
class UseWeapon(CardVerb):
    """SD-110, SD-R07: defeat the encountered minion with this weapon, paying its boosts and shield."""

    VERB: ClassVar[str] = "use"
    LABEL: ClassVar[str] = "Use {card}"


@dataclass(frozen=True, slots=True)
class Score(CardVerb):
    """SD-122: score an accessed scheme."""

    VERB: ClassVar[str] = "score"
    LABEL: ClassVar[str] = "Score {card}"


@dataclass(frozen=True, slots=True)
class Raze(CardVerb):
    """SD-123: pay an accessed project's raze cost to put it into the Crypts."""

    VERB: ClassVar[str] = "raze"
    LABEL: ClassVar[str] = "Raze {card}"


@dataclass(frozen=True, slots=True)
class PlayCard(CardTargetVerb):
    """SD-082: play a card from hand: ``play #12``, or into a room: ``play #12 in room A``."""

    target: Place | None = None  # the room; TARGET_TYPE makes "play #12 in #3" no action
    VERB: ClassVar[str] = "play"
    LABEL: ClassVar[str] = "Play {card}[ in {target}]"
    LINK: ClassVar[str] = "in"
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class Progress(TargetVerb):
    """SD-089, SD-R13: one action point and 1 mana put a progress counter on a room's occupant."""

    target: Place  # the room
    VERB: ClassVar[str] = "progress"
    LABEL: ClassVar[str] = "Progress {target}"
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class Raid(TargetVerb):
    """SD-093: initiate a raid on a room (``raid room vault``)."""

    target: Place  # the room
    VERB: ClassVar[str] = "raid"
    LABEL: ClassVar[str] = "Raid {target}"
    TARGET_TYPE: ClassVar[type] = Place


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
    Discard,  # a card of your choice, down to your maximum hand size (SD-095)
    Sacrifice,  # to make room for the card being played (SD-088, SD-R20)
    PlayCard,
    Progress,
    Raid,
)
