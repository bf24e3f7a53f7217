"""SPELLFIRE's actions: frozen values that print the way a player says them and parse back.

Targets are core's typed targets (``core/targets.py``): a card ``#12``, a player ``P2``, a formation
position ``slot P2.B`` or a dungeon ``dungeon P2.D``. Each action is declared by its verb on one of core's
verb bases (``core/actions.py``), which give it its pattern, ``str()``, parsing and card and target fields.

>>> str(PlayCard(12, Place("slot", "B", 1))), PlayCard.parse("play #12 -> slot P2.B") == PlayCard(12, Place("slot", "B", 1))
('play #12 -> slot P2.B', True)
>>> str(AttackRealm(Place("slot", "A", 0))), str(Rebuild(Place("slot", "A", 0))), str(Send(4))
('attack slot P1.A', 'rebuild slot P1.A', 'send #4')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import Action, CardTargetVerb, CardVerb, Discard, TargetVerb, Word
from spellforge.core.targets import Place


@dataclass(frozen=True, slots=True)
class PlayCard(CardTargetVerb):
    """Play a card from hand (or a spoils card), naming its target when it takes one."""

    LABEL: ClassVar[str] = "Play {card}[ on {target}]"
    VERB: ClassVar[str] = "play"


@dataclass(frozen=True, slots=True)
class UsePower(CardTargetVerb):
    """Use the power of a card in play (a champion's, an item's, a realm's), naming its target if any."""

    LABEL: ClassVar[str] = "Use {card}[ on {target}]"
    VERB: ClassVar[str] = "use"


@dataclass(frozen=True, slots=True)
class AttackRealm(TargetVerb):
    """Phase 4, step A: name the realm (or dungeon) attacked (SF-117, SF-177)."""

    target: Place  # TARGET_TYPE makes "attack #3" no action
    LABEL: ClassVar[str] = "Attack {target}"
    VERB: ClassVar[str] = "attack"
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class Rebuild(TargetVerb):
    """Phase 2: turn a razed realm face up by discarding three cards (SF-149)."""

    target: Place
    LABEL: ClassVar[str] = "Rebuild {target} by discarding three cards"
    VERB: ClassVar[str] = "rebuild"
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class Send(CardVerb):
    """Send a champion into a round of combat, from hand or pool (SF-179, SF-181)."""

    LABEL: ClassVar[str] = "Send {card} into battle"
    VERB: ClassVar[str] = "send"


@dataclass(frozen=True, slots=True)
class Keep(Word):
    """Keep a spoils card in hand (SF-215)."""

    LABEL: ClassVar[str] = "Keep the spoils card in your hand"
    VERB: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class PutBack(Word):
    """Put a spoils card back on top of the draw pile (SF-215)."""

    LABEL: ClassVar[str] = "Put the spoils card back on top of your draw pile"
    VERB: ClassVar[str] = "put back"


@dataclass(frozen=True, slots=True)
class Mulligan(Word):
    """Call a mulligan: the game starts over with no winner (SF-084, SF-085)."""

    LABEL: ClassVar[str] = "Call a mulligan: the game starts over"
    VERB: ClassVar[str] = "mulligan"


ACTIONS: tuple[type[Action], ...] = (
    PlayCard,
    UsePower,
    AttackRealm,
    Rebuild,
    Send,
    Discard,  # from hand: the hand limit, a rebuild, an avatar's entry cost
    Keep,
    PutBack,
    Mulligan,
)
