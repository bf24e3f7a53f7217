"""Spellweaver card data: the field schema, the effect vocabulary, skills, and the definition class.

A card file holds ``[[card]]`` tables. Heroes and skill shrines carry a ``skill`` table with its own
``effects``; those are validated against the same vocabulary as a card's effects, so an unknown verb in a
skill fails at load time with the file, the card and the field named, like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from spellforge.core import events as ev
from spellforge.core.abilities import NO_ABILITIES, YOU, AbilitySet, Trigger, When, static_of
from spellforge.core.cardfiles import CardFields, Common, load_card_files
from spellforge.core.cards import CardDef, Effect, EffectVocabulary
from spellforge.core.selectors import Selection, SelectorVocabulary

from .base import ASPECT_INDEX, ASPECTS, EMBLEMS
from .verbs import VERBS

ANY = "any"  # a white level symbol (SW-018)

KEYWORDS = (
    "swift",  # SW-K01
    "ranged",  # SW-K02
    "deadly",  # SW-K03
    "unstoppable",  # SW-K04
    "lifebound",  # SW-K06
    "flying",  # SW-K07
    "support",  # SW-K08
    "murder_instinct",  # SW-K09
    "cant_attack",  # SW-K26
    "cant_block",  # SW-K26
    "cant_attack_creatures",  # SW-K26, SW-003
)
Keyword = Literal[
    "swift",
    "ranged",
    "deadly",
    "unstoppable",
    "lifebound",
    "flying",
    "support",
    "murder_instinct",
    "cant_attack",
    "cant_block",
    "cant_attack_creatures",
]
STATS = ("attack", "hp", "speed")
# What each trigger word listens to (core/abilities.py). "played" and "enters" fire with the events of
# those kinds; the others with events the rules fire without logging them (``state.fire``): "dying" for
# each creature about to die, seen by every creature dying with it (SW-124), "attacks" when a creature is
# declared an attacker, "turn_start" / "turn_end" of the active player (SW-080, SW-134), "end_step" for
# each player's end-of-turn effects in turn, the active player's first (SW-R34), and
# "graveyard_turn_start" for each card in the active player's graveyard (SW-056).
TRIGGERS = {
    "played": When(ev.PLAY, this=True),  # this card is played (resolves even if it is cancelled, SW-K25)
    "enters": When(ev.ENTERS, this=True),  # this creature enters play
    "dies": When("dying", this=True),  # this creature dies
    "creature_dies": When("dying"),  # any creature dies (SW-124)
    "attacks": When("attacks", this=True),  # this creature is declared as an attacker
    "your_turn_start": When("turn_start", seat=YOU),  # SW-080
    "your_turn_end": When("turn_end", seat=YOU),  # SW-134
    "turn_end": When("end_step", seat=YOU),  # the end of every turn (SW-R34)
    "graveyard_turn_start": When("graveyard_turn_start", this=True),  # in your graveyard (SW-056)
}
# The logged events that fire triggers (the others are fired by ``state.fire``).
TRIGGER_EVENTS = frozenset({ev.PLAY, ev.ENTERS})

ROWS = ("combat", "support")
CARD_TYPES = ("shrine", "creature", "action", "instant", "blessing", "curse", "artifact", "hero", "system")
SPELL_TYPES = frozenset({"action", "instant", "blessing", "curse"})
LASTING_TYPES = frozenset({"blessing", "curse", "artifact"})  # stay on the table (SW-042, SW-045)


class SkillModel(BaseModel):
    """A hero skill (SW-023/024): mana cost, level requirement, cooldown in turns, and its effects."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(min_length=1)
    cost: int = Field(ge=0, le=20)
    levels: dict[str, int] = {}
    cooldown: int = Field(ge=1, le=10)  # SW-R09: a skill is used at most once per turn, so at least 1
    text: str = Field(min_length=1)
    effects: list[dict[str, Any]] = Field(min_length=1)


class CardModel(CardFields):
    """The fields of a ``[[card]]`` table in a Spellweaver card file (beside those of every game)."""

    type: Literal[
        "shrine", "creature", "action", "instant", "blessing", "curse", "artifact", "hero", "system"
    ]
    aspect: Literal["order", "wisdom", "nature", "rage", "dominion", "corruption"] | None = None
    cost: int = Field(default=0, ge=0, le=20)
    levels: dict[str, int] = {}
    speed: int | None = Field(default=None, ge=0, le=10)
    attack: int | None = Field(default=None, ge=0, le=20)
    hp: int | None = Field(default=None, ge=1, le=30)
    keywords: list[Keyword] = []
    energy: int | None = Field(default=None, ge=0, le=20)  # the energy rating (SW-062..066)
    basic: bool = False  # a basic shrine (SW-008, SW-026)
    attach: str | None = None  # what a blessing, curse or artifact attaches to (SW-043, SW-046)
    skill: SkillModel | None = None
    text: str = Field(min_length=1)


def _check_levels(levels: dict[str, int], where: str) -> None:
    for key, value in levels.items():
        if key != ANY and key not in ASPECT_INDEX:
            raise ValueError(f"{where}.{key}: unknown aspect (known: {', '.join((*ASPECTS, ANY))})")
        if value < 1:
            raise ValueError(f"{where}.{key}: a level requirement is at least 1")


def check(card: CardModel) -> None:
    """Cross-field rules of a card (raise ValueError("field: problem"))."""
    _check_levels(card.levels, "levels")
    stats = (card.speed, card.attack, card.hp)
    has_stats = any(s is not None for s in stats)
    if card.type == "creature" and not all(s is not None for s in stats):
        raise ValueError("speed/attack/hp: a creature needs all three (SW-032)")
    if card.type == "artifact" and has_stats and not all(s is not None for s in stats):
        raise ValueError("speed/attack/hp: an artifact creature needs all three (SW-047)")
    if card.type not in ("creature", "artifact") and has_stats:
        raise ValueError("speed/attack/hp: only creatures and artifact creatures have them")
    if card.keywords and not has_stats:
        raise ValueError("keywords: the keywords of Spellweaver are creature abilities")
    if card.type == "shrine":
        if card.aspect is None:
            raise ValueError("aspect: a shrine belongs to an aspect (SW-026)")
        if card.cost or card.levels:
            raise ValueError("cost/levels: a shrine costs nothing to play")
        if card.basic == (card.skill is not None):
            raise ValueError("skill: a skill shrine carries a skill and a basic shrine none (SW-027/028)")
    elif card.basic:
        raise ValueError("basic: only shrines are basic")
    if card.type == "hero":
        if card.skill is None:
            raise ValueError("skill: a hero has a starting skill (SW-010, SW-075)")
        if card.cost or card.levels:
            raise ValueError("cost/levels: a hero is not played")
    elif card.type != "shrine" and card.skill is not None:
        raise ValueError("skill: only heroes and skill shrines carry a skill")
    if card.attach is not None:
        if card.type not in LASTING_TYPES or has_stats:
            raise ValueError("attach: only blessings, curses and (non-creature) artifacts attach")
        VOCABULARY.selectors.parse(card.attach)
    if card.type in ("shrine", "creature", "action", "instant", "blessing", "curse", "artifact") and (
        card.aspect is None and card.type != "artifact"
    ):
        raise ValueError("aspect: every card except artifacts belongs to an aspect (SW-015)")
    if card.skill is not None:
        _check_levels(card.skill.levels, "skill.levels")
        for i, raw in enumerate(card.skill.effects):
            try:
                VOCABULARY.parse_effect(raw, i)
            except ValueError as exc:
                raise ValueError(f"skill.{exc}") from None


def requirement(levels: dict[str, int]) -> tuple[tuple[int, ...], int]:
    """A level requirement as (coloured symbols per aspect, total symbols) for SW-R05."""
    req = [0] * len(ASPECTS)
    for key, value in levels.items():
        if key != ANY:
            req[ASPECT_INDEX[key]] += value
    return tuple(req), sum(levels.values())


@dataclass(frozen=True, slots=True)
class Levels:
    """A level requirement: coloured symbols per aspect and the total of symbols (SW-016..018, SW-R05)."""

    req: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    total: int = 0

    @classmethod
    def of(cls, levels: dict[str, int]) -> Levels:
        req, total = requirement(levels)
        return cls(req, total)

    def __str__(self) -> str:
        return level_text(self.req, self.total)


@dataclass(frozen=True, slots=True)
class SkillDef:
    """A hero skill: used like a non-instant action in its owner's main phase (SW-022..024, SW-K27)."""

    name: str
    cost: int
    req: tuple[int, ...]
    req_total: int
    cooldown: int
    text: str
    effects: tuple[Effect, ...]

    @property
    def target_effect(self) -> Effect | None:
        return next((e for e in self.effects if e.target is not None), None)

    def __str__(self) -> str:
        return f"{self.name} ({self.cost} mana, {level_text(self.req, self.req_total)}, cooldown {self.cooldown}): {self.text}"


@dataclass(frozen=True, slots=True)
class SWCard(CardDef):
    aspect: str = ""
    cost: int = 0
    levels: Levels = Levels()
    speed: int | None = None
    attack: int | None = None
    hp: int | None = None
    energy: int | None = None  # the energy rating; None: the card can never have energy (SW-063)
    basic: bool = False
    attach: Selection | None = None
    skill: SkillDef | None = None
    # Derived once from the fields above (not part of the card as written).
    req: tuple[int, ...] = field(default=(0, 0, 0, 0, 0, 0), init=False, repr=False, compare=False)
    req_total: int = field(default=0, init=False, repr=False, compare=False)
    is_creature: bool = field(default=False, init=False, repr=False, compare=False)
    choice: Effect | None = field(
        default=None, init=False, repr=False, compare=False
    )  # target chosen on play
    cancels: bool = field(default=False, init=False, repr=False, compare=False)  # cancels a card (SW-K25)
    # Its statics, triggered and activated abilities (core/abilities.py): the statics that name "attached
    # creature" are lent to the creature it is attached to (SW-043, SW-046).
    abilities: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        CardDef.__post_init__(self)
        on_resolve = self.on_resolve
        object.__setattr__(self, "req", self.levels.req)
        object.__setattr__(self, "req_total", self.levels.total)
        object.__setattr__(self, "is_creature", self.hp is not None)
        object.__setattr__(self, "choice", next((e for e in on_resolve if e.target is not None), None))
        object.__setattr__(self, "cancels", any(e.verb == "cancel" for e in on_resolve))
        # (a static of another verb is refused by the loader's check, naming file, card and field)
        statics = [static_of(e, host=_names_host(e)) for e in self.statics if e.verb in ("modify", "grant")]
        triggers = [Trigger(TRIGGERS[e.trigger], e.index) for e in self.triggered]
        object.__setattr__(
            self,
            "abilities",
            AbilitySet.of(statics, triggers, self.activated, lent=any(s.host for s in statics)),
        )

    @property
    def is_spell(self) -> bool:
        return self.type in SPELL_TYPES

    @property
    def is_instant(self) -> bool:
        return self.type == "instant"

    @property
    def has_energy(self) -> bool:
        return self.energy is not None

    def level_text(self) -> str:
        return str(self.levels)


def _names_host(effect: Effect) -> bool:
    """Whether a static effect applies to the creature its card is attached to ("attached creature"); any
    other static applies to the creatures in play its ``to`` names (checked at load, see ``_check_params``)."""
    return effect.to is not None and all(alt.zone == "attached" for alt in effect.to.alternatives)


def level_text(req: tuple[int, ...], total: int) -> str:
    parts = [f"{n} {ASPECTS[i]}" for i, n in enumerate(req) if n]
    generic = total - sum(req)
    if generic:
        parts.append(f"{generic} any")
    return ", ".join(parts) or "none"


def build(card: CardModel, common: Common) -> SWCard:
    skill = None
    if card.skill is not None:
        s = card.skill
        sreq, stotal = requirement(s.levels)
        skill = SkillDef(
            name=s.name,
            cost=s.cost,
            req=sreq,
            req_total=stotal,
            cooldown=s.cooldown,
            text=s.text,
            effects=tuple(VOCABULARY.parse_effect(raw, i) for i, raw in enumerate(s.effects)),
        )
    return SWCard(
        **common,
        aspect=card.aspect or "",
        cost=card.cost,
        levels=Levels.of(card.levels),
        speed=card.speed,
        attack=card.attack,
        hp=card.hp,
        energy=card.energy,
        basic=card.basic,
        attach=VOCABULARY.selectors.parse(card.attach) if card.attach else None,
        skill=skill,
    )


VOCABULARY = EffectVocabulary(
    verbs=VERBS,
    selectors=SelectorVocabulary(
        nouns=frozenset({"creature", "card", "spell", "artifact", "blessing", "curse", "shrine"}),
        zones=frozenset({"attached", "graveyard", "hand", "combat", "support", "casting"}),
        keywords=frozenset(KEYWORDS),
    ),
    triggers=frozenset(TRIGGERS),
    replaceable=frozenset(),
    activation={"exhaust": bool, "mana": int, "energy": int, "instant": bool, "sacrifice": bool},
    durations=frozenset({"turn"}),
)

_PARAM_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("modify", "stat"): STATS,
    ("grant", "keyword"): KEYWORDS,
    ("emblem", "kind"): EMBLEMS,
    ("move_row", "row"): ROWS,
    ("level", "aspect"): ASPECTS,
}


def _check_params(card: SWCard) -> None:
    effects: list[tuple[str, Effect]] = [(f"effects[{e.index}]", e) for e in card.effects]
    if card.skill is not None:
        effects += [(f"skill.effects[{e.index}]", e) for e in card.skill.effects]
    for where, e in effects:
        for (verb, param), allowed in _PARAM_CHOICES.items():
            if e.verb == verb and e.param(param) not in allowed:
                raise ValueError(f"{where}.{param}: must be one of {', '.join(allowed)}")
        if e.static and e.verb not in ("modify", "grant"):
            raise ValueError(f"{where}.static: only modify and grant can be static")
        if e.static and (
            e.to is None
            or e.target is not None
            or len({alt.zone == "attached" for alt in e.to.alternatives}) > 1
            or any(alt.is_player or alt.zone not in ("play", "attached") for alt in e.to.alternatives)
        ):
            raise ValueError(
                f"{where}.to: a static names the creatures in play it changes, or the attached creature"
            )
        if e.activate is not None and e.cost("energy", 0) and not card.has_energy:
            raise ValueError(f"{where}.activate.energy: the card has no energy rating to channel (SW-K22)")


def load(paths: list[Path]) -> dict[str, SWCard]:
    return load_card_files(paths, CardModel, VOCABULARY, build, check, _check_params)
