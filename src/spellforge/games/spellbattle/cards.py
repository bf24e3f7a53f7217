"""Spell Battle card data: the field schema, the effect vocabulary, and the definition class."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field

from spellforge.core import events as ev
from spellforge.core.abilities import NO_ABILITIES, YOU, AbilitySet, When
from spellforge.core.cardfiles import CardFields, Common, load_card_files
from spellforge.core.cards import CardDef, EffectVocabulary
from spellforge.core.selectors import SelectorVocabulary

from .verbs import VERBS

KEYWORDS = ("ambush", "bonding", "deadly", "flying")
STATS = ("strength", "speed")

SELECTORS = SelectorVocabulary(
    nouns=frozenset({"character", "spell", "card", "farm", "ability"}),
    zones=frozenset({"limbo", "discard", "hand"}),
    keywords=frozenset(KEYWORDS),
)
# What each trigger word listens to (SB-107; core/abilities.py): a card's own entering, destruction and
# attack; its controller's turn starting; any character destroyed ("whenever a character is destroyed": not
# an in-play spell).
TRIGGERS = {
    "enters": When(ev.ENTERS, this=True),
    "dies": When(ev.DESTROYED, this=True),
    "attacks": When("attack", this=True),
    "turn_start": When("turn_start", seat=YOU),
    "destroyed": When(ev.DESTROYED, about=SELECTORS.parse("character")),
}
TRIGGER_EVENTS = frozenset(w.event for w in TRIGGERS.values())


class CardModel(CardFields):
    """The fields of a ``[[card]]`` table in a Spell Battle card file (beside those of every game)."""

    type: Literal["character", "spell"]
    cost: int = Field(ge=0, le=20)
    strength: int | None = Field(default=None, ge=0, le=20)
    speed: int | None = Field(default=None, ge=0, le=20)
    keywords: list[Literal["ambush", "bonding", "deadly", "flying"]] = []
    stays: bool = False  # an in-play spell: it resolves into play instead of the discard pile (SB-036)


def check(card: CardModel) -> None:
    if card.type == "character":
        if card.strength is None or card.speed is None:
            raise ValueError("strength/speed: a character needs both (SB-072)")
        if card.stays:
            raise ValueError("stays: only a spell can stay in play")
    else:
        if card.strength is not None or card.speed is not None:
            raise ValueError("strength/speed: only characters have them")
        if card.keywords:
            raise ValueError("keywords: the keywords of Spell Battle are character abilities")


@dataclass(frozen=True, slots=True)
class SBCard(CardDef):
    cost: int = 0
    strength: int = 0
    speed: int = 0
    stays: bool = False
    # what it has face up in play: its static abilities, triggers and activated abilities (core/abilities.py)
    abilities: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        CardDef.__post_init__(self)
        object.__setattr__(self, "abilities", AbilitySet.of_effects(self.effects, TRIGGERS))

    @property
    def is_character(self) -> bool:
        return self.type == "character"


def build(card: CardModel, common: Common) -> SBCard:
    return SBCard(
        **common, cost=card.cost, strength=card.strength or 0, speed=card.speed or 0, stays=card.stays
    )


VOCABULARY = EffectVocabulary(
    verbs=VERBS,
    selectors=SELECTORS,
    triggers=frozenset(TRIGGERS),
    replaceable=frozenset({"destroyed"}),
    activation={"tap": bool, "pay": int},
    durations=frozenset({"turn"}),
)


def validate(card: SBCard) -> None:
    """Rules that need the card's parsed effects (raise ValueError("field: problem"))."""
    if card.type == "spell" and not card.effects:
        raise ValueError("effects: a spell needs an effect (SB-075)")
    for e in card.effects:
        if e.verb == "modify" and e.param("stat") not in STATS:
            raise ValueError(f"effects[{e.index}].stat: must be strength or speed")


def load(paths: list[Path]) -> dict[str, SBCard]:
    return load_card_files(paths, CardModel, VOCABULARY, build, check, validate)
