"""Spell Battle card data: the field schema, the effect vocabulary, and the definition class."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from spellforge.core.cards import CardDef, Effect, EffectVocabulary, VerbSpec, load_card_files
from spellforge.core.errors import CardDataError
from spellforge.core.selectors import SelectorVocabulary

KEYWORDS = ("ambush", "bonding", "deadly", "flying")
STATS = ("strength", "speed")


class CardModel(BaseModel):
    """The fields of a ``[[card]]`` table in a Spell Battle card file."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    type: Literal["character", "spell"]
    cost: int = Field(ge=0, le=20)
    strength: int | None = Field(default=None, ge=0, le=20)
    speed: int | None = Field(default=None, ge=0, le=20)
    keywords: list[Literal["ambush", "bonding", "deadly", "flying"]] = []
    stays: bool = False  # an in-play spell: it resolves into play instead of the discard pile (SB-036)
    text: str = ""


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

    @property
    def is_character(self) -> bool:
        return self.type == "character"


def build(card: CardModel, effects: tuple[Effect, ...], source: str) -> SBCard:
    return SBCard(
        key=card.id,
        name=card.name,
        type=card.type,
        text=card.text,
        keywords=frozenset(card.keywords),
        effects=effects,
        source=source,
        cost=card.cost,
        strength=card.strength or 0,
        speed=card.speed or 0,
        stays=card.stays,
    )


VOCABULARY = EffectVocabulary(
    verbs={
        "damage": VerbSpec(needs="target|to", help="deal `amount` damage"),
        "destroy": VerbSpec(needs="target|to", help="destroy characters or in-play spells (SB-K10)"),
        "draw": VerbSpec(help="draw `amount` cards (you, or the players named)"),
        "modify": VerbSpec(
            params={"stat": str}, needs="target|to", help="change strength or speed by `amount` (SB-K19)"
        ),
        "tap": VerbSpec(needs="target|to", help="turn cards sideways"),
        "untap": VerbSpec(needs="target|to", help="turn cards right-side-up"),
        "return_to_hand": VerbSpec(needs="target|to", help="put a card into its owner's hand"),
        "gain_control": VerbSpec(needs="target", help="gain control of a character (SB-K11)"),
        "counter": VerbSpec(needs="target", help="remove a card or ability from limbo (SB-K08)"),
        "copy": VerbSpec(needs="target", help="copy a spell or ability in limbo (SB-K09)"),
        "set_aside": VerbSpec(needs="target|to", help="set a card aside, out of the game (SB-K12)"),
        "sacrifice": VerbSpec(
            needs="target", help="the target opponent chooses `amount` characters to destroy"
        ),
        "overrun": VerbSpec(help="this turn your blocked attackers deal their damage to the attacked player"),
    },
    selectors=SelectorVocabulary(
        nouns=frozenset({"character", "spell", "card", "farm", "ability"}),
        zones=frozenset({"limbo", "discard", "hand"}),
        keywords=frozenset(KEYWORDS),
    ),
    triggers=frozenset({"enters", "dies", "destroyed", "attacks", "turn_start"}),
    replaceable=frozenset({"destroyed"}),
    activation={"tap": bool, "pay": int},
    durations=frozenset({"turn"}),
)


def load(paths: list[Path]) -> dict[str, SBCard]:
    cards = load_card_files(paths, CardModel, VOCABULARY, build, check)
    for card in cards.values():
        if card.type == "spell" and not card.effects:
            raise CardDataError(
                f"{card.source}: card {card.key!r}: effects: a spell needs an effect (SB-075)"
            )
        for e in card.effects:
            if e.verb == "modify" and e.param("stat") not in STATS:
                raise CardDataError(
                    f"{card.source}: card {card.key!r}: effects[{e.index}].stat: must be strength or speed"
                )
    return cards
