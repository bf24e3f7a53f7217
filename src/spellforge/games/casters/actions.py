"""Casters' actions, each printed the way a player would say it, and parsed back.

>>> from spellforge.core.targets import CardRef, PlayerRef
>>> str(SetCard(12)), str(Reveal(12)), str(Play(12, CardRef(7))), str(Recycle(12))
('set #12', 'reveal #12', 'play #12 -> #7', 'recycle #12')
>>> str(Attack(3, PlayerRef(1))), str(Attack(3, CardRef(9))), str(Block(9)), str(Equip(5, 3))
('attack #3 -> P2', 'attack #3 -> #9', 'block #9', 'equip #5 -> #3')
>>> Play.parse("play #12 -> P2") == Play(12, PlayerRef(1))
True

``recycle`` is a reveal's Option 2: the card goes to the Graveyard and its owner draws 2 (CA-037).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from spellforge.core.actions import (
    CARD,
    Action,
    Attack,
    CardVerb,
    ChooseTarget,
    Discard,
    Play,
    Sacrifice,
    Use,
    Word,
)


@dataclass(frozen=True, slots=True)
class SetCard(CardVerb):
    """Set a card from hand face down (CA-031..CA-033)."""

    VERB: ClassVar[str] = "set"
    LABEL: ClassVar[str] = "Set {card} face down"


@dataclass(frozen=True, slots=True)
class Reveal(CardVerb):
    """Reveal one of your face-down cards (CA-034, CA-R14)."""

    VERB: ClassVar[str] = "reveal"
    LABEL: ClassVar[str] = "Reveal {card}"


@dataclass(frozen=True, slots=True)
class Recycle(CardVerb):
    """Option 2: send the revealed card to the Graveyard and draw 2 (CA-037)."""

    VERB: ClassVar[str] = "recycle"
    LABEL: ClassVar[str] = "Recycle {card}: to the Graveyard, and draw 2 cards"


@dataclass(frozen=True, slots=True)
class Block(CardVerb):
    """Block with a minion: blockers take the attacker's damage in the order they are declared (CA-045)."""

    VERB: ClassVar[str] = "block"
    LABEL: ClassVar[str] = "Block with {card}"


@dataclass(frozen=True, slots=True)
class Take(CardVerb):
    """Take the card a search found (CA-063)."""

    VERB: ClassVar[str] = "take"
    LABEL: ClassVar[str] = "Take {card} from your Main Deck"


@dataclass(frozen=True, slots=True)
class Equip(Action):
    """Option 1 for a card with an "Equip:" line: pay its cost and attach it to your minion (CA-068)."""

    LABEL: ClassVar[str] = "Equip {card} to {host}"  # (words.py adds the host's controller and the cost)
    card: int
    host: int
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"equip\s+" + CARD + r"\s*->\s*" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card", "host")

    def __str__(self) -> str:
        return f"equip #{self.card} -> #{self.host}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), int(m.group(2)))


@dataclass(frozen=True, slots=True)
class Skip(Word):
    """Skip this battle turn (CA-041); you may still attack on a later one (CA-052)."""

    VERB: ClassVar[str] = "skip"
    LABEL: ClassVar[str] = "Skip this battle turn"
    declines: ClassVar[bool] = True


Target = ChooseTarget  # choosing the target of a triggered ability or a copy: "target #5"


ACTIONS: tuple[type[Action], ...] = (
    SetCard,
    Reveal,
    Play,
    Equip,
    Recycle,
    Discard,  # from hand, to pay a cost or because an effect makes you (CA-059)
    Sacrifice,  # one of your face-up cards, to pay a cost (CA-058)
    Attack,
    Skip,
    Block,
    Use,
    Target,
    Take,
)
