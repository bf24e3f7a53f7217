"""Casters card data: the field schema, the effect vocabulary, and the definition class.

A card file holds ``[[card]]`` tables::

    [[card]]
    id = "frostbinder"
    name = "Frostbinder"
    type = "minion"            # minion, spell or stage (CA-007)
    class = "blue"             # blue or purple (CA-006)
    level = 2                  # minions and Stages (CA-002)
    cost = "Free Summon"       # text, parsed by costs.parse_cost (CA-R01, CA-R02)
    attack = 2
    health = 2
    text = "On Play: tap an untapped minion."
    effects = [{ on = "play", do = "tap", target = "untapped minion" }]

Effects use the shared vocabulary of ``core.cards``; ``on`` names a trigger (``play`` = "On Play:",
``death`` = "Death:", ``attack`` = "On Attack:", ``opponent_activates`` = "When an opponent's card
activates", ``revealed`` = a Stage's "When revealed:"), ``activate = { tap = true, when = "..." }`` a response
ability, ``static = true`` a continuous effect, and ``equip = true`` marks the card's "Equip:" line (it
applies to the minion the card is attached to, CA-068..CA-070).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field

from spellforge.core.abilities import ENEMY, NO_ABILITIES, YOU, AbilitySet, Static, Trigger, When, static_of
from spellforge.core.cardfiles import CardFields, Common, load_card_files
from spellforge.core.cards import CardDef, Effect, EffectVocabulary
from spellforge.core.modifiers import ADD, GRANT
from spellforge.core.selectors import SelectorVocabulary

from .costs import CostPart, parse_cost
from .verbs import VERBS

MINION = "minion"
SPELL = "spell"
STAGE = "stage"
KEYWORDS = ("passive", "double_strike", "immune")
STATE_WORDS = ("tapped", "untapped")  # selector words read from the card's state, not its text
STATS = ("attack", "health")
WHEN = ("opponent_activates", "activates")
SEARCH_KINDS = ("card", "minion", "spell")
# What each trigger word listens to (core/abilities.py). "play" is fired by a summon that was not negated
# (CA-R28), "revealed" by a Stage going face up (CA-K23); the others by the events of those kinds.
TRIGGERS = {
    "play": When("play", this=True),
    "death": When("death", this=True),
    "attack": When("attack", this=True),
    "ally_attack": When("attack", seat=YOU),
    "activates": When("activate", other=True),
    "opponent_activates": When("activate", other=True, seat=ENEMY),
    "revealed": When("stage_up", this=True),
}
TRIGGER_EVENTS = frozenset(w.event for w in TRIGGERS.values())


class CardModel(CardFields):
    """The fields of a ``[[card]]`` table in a Casters card file (beside those of every game)."""

    model_config = ConfigDict(populate_by_name=True)

    type: Literal["minion", "spell", "stage"]
    card_class: Literal["blue", "purple"] = Field(alias="class")
    level: int | None = Field(default=None, ge=1, le=10)
    cost: str = Field(min_length=1)
    attack: int | None = Field(default=None, ge=0, le=20)
    health: int | None = Field(default=None, ge=1, le=20)
    keywords: list[Literal["passive", "double_strike", "immune"]] = []


def check(card: CardModel) -> None:
    """Cross-field rules (raise ValueError("field: problem"); the loader names file and card)."""
    try:
        parse_cost(card.cost)
    except ValueError as exc:
        raise ValueError(f"cost: {exc}") from None
    if card.type == MINION:
        if card.level is None or card.attack is None or card.health is None:
            raise ValueError("level/attack/health: a minion needs all three (CA-002, CA-005)")
        if "passive" in card.keywords:
            raise ValueError("keywords: only a spell can be Passive (CA-060)")
    else:
        if card.attack is not None or card.health is not None:
            raise ValueError("attack/health: only minions have them (CA-005)")
        if set(card.keywords) - {"passive"} or (card.type == STAGE and card.keywords):
            raise ValueError("keywords: double_strike and immune are minion keywords; Stages have none")
    if card.type == SPELL and card.level is not None:
        raise ValueError("level: spells have no Level (CA-002)")
    if card.type == STAGE and card.level is None:
        raise ValueError("level: a Stage needs a level (CA-002)")


@dataclass(frozen=True, slots=True)
class CastersCard(CardDef):
    """A Casters card definition; the cost is kept as printed and pre-parsed into ``cost_parts``."""

    card_class: str = ""
    level: int = 0
    cost: str = ""
    attack: int = 0
    health: int = 0
    cost_parts: tuple[CostPart, ...] = field(default=(), init=False, repr=False, compare=False)
    equip_line: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    in_play: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)
    lent: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)
    target_effect: Effect | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        CardDef.__post_init__(self)
        setattr_ = object.__setattr__
        setattr_(self, "cost_parts", parse_cost(self.cost))
        equip = tuple(e for e in self.effects if e.param("equip", False))
        setattr_(self, "equip_line", equip)
        own_triggers = [e for e in self.triggered if e not in equip]
        # What it has face up on the field or as a Stage (its continuous effects, triggers and response
        # abilities), and what it lends the minion it is attached to (CA-069/070): an equipped Minion its
        # Attack, Health, keywords and effects but its On Play, and its Equip: line; an equipped Spell only
        # its Equip: line. Of the triggers it lends, those about its host work (On Attack, Death); its
        # listeners do not while it is attached.
        in_play = AbilitySet.of(
            (static_of(e) for e in self.statics if e not in equip),
            (Trigger(TRIGGERS[e.trigger], e.index) for e in own_triggers),
            self.activated,
        )
        lent_statics = [static_of(e, host=True) for e in equip if e.static]
        lent_triggers = [e for e in equip if e.trigger]
        if self.type == MINION:
            lent_statics += [
                Static("attack", ADD, self.attack, host=True),
                Static("health", ADD, self.health, host=True),
            ]
            lent_statics += [Static(k, GRANT, host=True) for k in sorted(self.keywords)]
            lent_triggers = [e for e in own_triggers if e.trigger != "play"] + lent_triggers
        lent = [Trigger(TRIGGERS[e.trigger], e.index) for e in lent_triggers]
        setattr_(self, "in_play", in_play)
        setattr_(self, "lent", AbilitySet.of(lent_statics, [t for t in lent if t.when.this], lent=True))
        setattr_(self, "target_effect", next((e for e in self.on_resolve if e.target is not None), None))

    @property
    def is_minion(self) -> bool:
        return self.type == MINION

    @property
    def is_stage(self) -> bool:
        return self.type == STAGE

    @property
    def equippable(self) -> bool:
        """A card with an "Equip:" line may be attached to a minion (CA-068)."""
        return bool(self.equip_line)

    @property
    def passive(self) -> bool:
        return "passive" in self.keywords


def build(card: CardModel, common: Common) -> CastersCard:
    return CastersCard(
        **common,
        card_class=card.card_class,
        level=card.level or 0,
        cost=card.cost,
        attack=card.attack or 0,
        health=card.health or 0,
    )


VOCABULARY = EffectVocabulary(
    verbs=VERBS,
    selectors=SelectorVocabulary(
        nouns=frozenset({MINION, SPELL, STAGE, "card", "activation"}),
        zones=frozenset({"stack", "graveyard", "hand"}),
        keywords=frozenset(KEYWORDS + STATE_WORDS),
    ),
    triggers=frozenset(TRIGGERS),
    activation={"tap": bool, "sacrifice": bool, "when": str},
    durations=frozenset({"turn"}),
)


def validate_effects(card: CastersCard) -> None:
    """Rules that need both the card and its parsed effects (raise ValueError("field: problem"))."""
    for e in card.effects:
        where = f"effects[{e.index}]"
        if e.verb == "modify":
            if e.param("stat") not in STATS:
                raise ValueError(f"{where}.stat: must be attack or health")
            if e.target is None and e.to is None and not e.param("equip", False):
                raise ValueError(f"{where}: modify needs target or to (or equip = true for an Equip: line)")
        if e.verb == "grant":
            if e.param("keyword") not in KEYWORDS:
                raise ValueError(f"{where}.keyword: must be one of {', '.join(KEYWORDS)}")
            if not e.static:
                raise ValueError(f"{where}: grant is a static effect (static = true)")
        if e.verb == "search" and e.param("kind", "card") not in SEARCH_KINDS:
            raise ValueError(f"{where}.kind: must be one of {', '.join(SEARCH_KINDS)}")
        if e.verb == "resummon":
            try:
                parse_cost(e.param("pay", "Free"))
            except ValueError as exc:
                raise ValueError(f"{where}.pay: {exc}") from None
        if e.activate is not None:
            when = e.cost("when", "")
            if when and when not in WHEN:
                raise ValueError(f"{where}.activate.when: must be one of {', '.join(WHEN)}")
            if not when:
                raise ValueError(f"{where}.activate.when: a response ability names its condition")
        if e.param("equip", False):
            if card.type == STAGE:
                raise ValueError(f"{where}: Stages cannot be equipped")
            if not (e.static or e.trigger):
                raise ValueError(f"{where}: an Equip: line is static or triggered")
        if e.trigger == "revealed" and card.type != STAGE:
            raise ValueError(f"{where}.on: only a Stage is revealed into play")
        if e.trigger in ("play", "death", "attack") and card.type != MINION and not e.param("equip", False):
            raise ValueError(f"{where}.on: '{e.trigger}' is a minion trigger")
        if e.static and e.verb not in ("modify", "grant"):
            raise ValueError(f"{where}: only modify and grant can be static")
    if card.type == SPELL:
        if card.equippable and (card.on_resolve or card.passive):
            raise ValueError("effects: an Equip spell has only its Equip: line (CA-070)")
        if not card.effects:
            raise ValueError("effects: a spell needs at least one effect (CA-009)")
        targeted = [e for e in card.on_resolve if e.target is not None]
        if len(targeted) > 1:
            raise ValueError("effects: a spell chooses at most one target")


def load(paths: list[Path]) -> dict[str, CastersCard]:
    return load_card_files(paths, CardModel, VOCABULARY, build, check, validate_effects)
