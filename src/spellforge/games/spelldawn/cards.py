"""Spelldawn card data: the field schema, the effect vocabulary, and the definition class.

A card file holds ``[[card]]`` tables::

    [[card]]
    id = "ember-imp"
    name = "Ember Imp"
    side = "overlord"          # overlord or champion (SD-031, SD-049)
    type = "minion"            # riftcaller, boon, spell, scheme, minion, project / ally, evocation, artifact
    school = "neutral"         # law, beyond, shadow, pact, primal or neutral (SD-027, SD-028, SD-R03)
    cost = 2                   # mana (SD-063); schemes have none
    resonance = "infernal"     # minions and weapons: mortal, astral, infernal (weapons also prismatic)
    health = 2
    shield = 1
    text = "Combat: Deal 1 damage. Gain 1 mana."
    effects = [{ on = "combat", do = "damage", amount = 1 }, { on = "combat", do = "gain_mana", amount = 1 }]

``on`` names a trigger (SD-K01..K09: ``dawn``, ``dusk``, ``score``, ``combat``, ``summon``, ``encounter``,
``raid``, ``success``, ``raid_end``, ``play``, ``unveil``, ``access``); ``activate = { actions = 1, mana = 0 }``
an ``{A}`` ability (SD-K31); ``static = true`` a continuous effect (raze tax, hand size, extra access).
Effects without ``on`` happen when a spell resolves. ``if`` makes an effect conditional.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field

from spellforge.core.abilities import NO_ABILITIES, YOU, AbilitySet, Static, Trigger, When
from spellforge.core.cardfiles import CardFields, Common, load_card_files
from spellforge.core.cards import CardDef, Effect, EffectVocabulary
from spellforge.core.modifiers import ADD
from spellforge.core.selectors import SelectorVocabulary

from .verbs import VERBS

OVERLORD = "overlord"
CHAMPION = "champion"
SCHOOLS = ("law", "beyond", "shadow", "pact", "primal")  # SD-028, SD-R03
NEUTRAL = "neutral"
OVERLORD_TYPES = ("riftcaller", "boon", "spell", "scheme", "minion", "project")  # SD-031, SD-010
CHAMPION_TYPES = ("riftcaller", "boon", "ally", "evocation", "artifact", "spell")  # SD-049, SD-R25
START_IN_PLAY = ("riftcaller", "boon")  # SD-010, SD-011, SD-K32: never in the deck
# A boon works only from its place beside the riftcaller: the triggers that fire there, by side (a Dawn is
# the Champion's turn, a Dusk the Overlord's: SD-071..SD-073).
BOON_TRIGGERS = {
    OVERLORD: ("dusk", "raid", "success", "raid_end"),
    CHAMPION: ("dawn", "raid", "success", "raid_end"),
}
RESONANCES = ("mortal", "astral", "infernal")  # SD-097, SD-R06
PRISMATIC = "prismatic"  # SD-099: weapons only
PROJECT_SUBTYPES = ("nightbound", "duskbound", "roombound", "summonbound", "trap")  # SD-R21, SD-K25, SD-K26
KEYWORDS = ("level_up", "slow", "single_raid", "unveil_on_activate")
CONDITIONS = ("hand_empty", "raided_last_turn", "cursed")
RAID_ROOMS = ("sanctum", "vault", "crypts", "any")
STATIC_VERBS = ("raze_tax", "hand_size", "sanctum_access", "vault_access", "curse_discount")
# What each trigger word listens to (core/abilities.py): the events the rules fire them with (``fire``:
# Dawn and Dusk for the active side's cards, the raid's for both sides', the others for the card itself).
WHEN = {
    "dawn": When("dawn", seat=YOU),  # SD-K01
    "dusk": When("dusk", seat=YOU),  # SD-K02
    "raid": When("raid"),  # SD-K06
    "success": When("raid_success"),  # SD-R29
    "raid_end": When("raid_end"),  # SD-126
    "score": When("scored", this=True),  # SD-K03
    "combat": When("combat", this=True),  # SD-K04
    "summon": When("summon", this=True),  # SD-K05
    "encounter": When("encounter", this=True),  # SD-K08
    "play": When("play", this=True),  # SD-K09
    "unveil": When("unveil", this=True),  # SD-K10
    "access": When("access", this=True),  # SD-K25
}
TRIGGERS = frozenset(WHEN)


class CardModel(CardFields):
    """The fields of a ``[[card]]`` table in a Spelldawn card file (beside those of every game)."""

    side: Literal["overlord", "champion"]
    type: Literal[
        "riftcaller", "boon", "spell", "scheme", "minion", "project", "ally", "evocation", "artifact"
    ]
    school: Literal["law", "beyond", "shadow", "pact", "primal", "neutral"]
    subtype: Literal["", "weapon", "nightbound", "duskbound", "roombound", "summonbound", "trap"] = ""
    cost: int | None = Field(default=None, ge=0, le=30)
    progress: int | None = Field(default=None, ge=1, le=10)
    points: int | None = Field(default=None, ge=1, le=60)
    resonance: Literal["mortal", "astral", "infernal", "prismatic", "abyssal"] | None = None
    health: int | None = Field(default=None, ge=0, le=20)
    shield: int = Field(default=0, ge=0, le=10)
    attack: int | None = Field(default=None, ge=0, le=20)
    boost_cost: int = Field(default=0, ge=0, le=10)
    boost_bonus: int = Field(default=0, ge=0, le=10)
    breach: int = Field(default=0, ge=0, le=10)
    raze: int = Field(default=0, ge=0, le=10)
    keywords: list[Literal["level_up", "slow", "single_raid", "unveil_on_activate"]] = []


def check(card: CardModel) -> None:
    """Cross-field rules (raise ValueError("field: problem"); the loader names file and card)."""
    types = OVERLORD_TYPES if card.side == OVERLORD else CHAMPION_TYPES
    if card.type not in types:
        raise ValueError(f"type: {card.type!r} is not a {card.side} card type ({', '.join(types)})")
    if card.type == "scheme":
        if card.progress is None or card.points is None:
            raise ValueError("progress/points: a scheme needs both (SD-064, SD-065)")
        if card.cost is not None:
            raise ValueError("cost: schemes have no mana cost (SD-063)")
    elif card.progress is not None or card.points is not None:
        raise ValueError("progress/points: only schemes have them (SD-038)")
    if card.type not in ("scheme", *START_IN_PLAY) and card.cost is None:
        raise ValueError(f"cost: a {card.type} needs a mana cost (SD-063)")
    if card.type in START_IN_PLAY and card.cost is not None:
        raise ValueError(f"cost: a {card.type} starts in play and has no cost (SD-K32)")
    if card.type == "riftcaller" and card.school == NEUTRAL:
        raise ValueError("school: a riftcaller belongs to a school (SD-R27)")
    weapon = card.subtype == "weapon"
    if card.type == "minion":
        if card.resonance in (None, PRISMATIC) or card.health is None:
            raise ValueError("resonance/health: a minion has a basic resonance and a health (SD-045, SD-097)")
    elif card.health is not None or card.shield:
        raise ValueError("health/shield: only minions have them (SD-066)")
    if weapon:
        if card.type != "artifact":
            raise ValueError("subtype: a weapon is an artifact (SD-R25)")
        if card.resonance is None or card.attack is None:
            raise ValueError("resonance/attack: a weapon has a resonance and a base attack (SD-067)")
        if bool(card.boost_cost) != bool(card.boost_bonus) and card.boost_bonus:
            raise ValueError("boost_cost/boost_bonus: a boost names both its cost and its bonus (SD-K15)")
    elif card.attack is not None or card.boost_bonus or card.breach or "slow" in card.keywords:
        raise ValueError("attack/boost/breach/slow: only weapons have them (SD-067, SD-K14, SD-K27)")
    if card.type not in ("minion",) and not weapon and card.resonance is not None:
        raise ValueError("resonance: only minions and weapons have one (SD-097)")
    if card.type == "project":
        if not card.subtype or card.subtype == "weapon":
            raise ValueError(f"subtype: a project is one of {', '.join(PROJECT_SUBTYPES)} (SD-048, SD-R21)")
    elif card.subtype in PROJECT_SUBTYPES:
        raise ValueError("subtype: only projects have an unveil subtype (SD-R21)")
    elif card.raze:
        raise ValueError("raze: only projects have a raze cost (SD-K29)")
    if "level_up" in card.keywords and card.type != "project":
        raise ValueError("keywords: Level Up is for non-scheme Overlord permanents (SD-K24)")


@dataclass(frozen=True, slots=True)
class SpelldawnCard(CardDef):
    """A Spelldawn card definition (numbers absent on the card are 0; ``cost`` -1 means none)."""

    side: str = ""
    school: str = NEUTRAL
    subtype: str = ""
    cost: int = -1
    progress: int = 0
    points: int = 0
    resonance: str = ""
    health: int = 0
    shield: int = 0
    attack: int = 0
    boost_cost: int = 0
    boost_bonus: int = 0
    breach: int = 0
    raze: int = 0
    on: dict[str, tuple[Effect, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    static_sum: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    # A scheme, or a card with Level Up, can take progress counters (SD-R13, SD-K24): read by every
    # Overlord option list, so computed once here
    progressable: bool = field(default=False, init=False, repr=False, compare=False)
    # What it has face up in play (core/abilities.py): its statics (read by name, ``static_total``), its
    # triggered abilities and its activated ones
    abilities: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)
    # What it has face down in play: the activated ability it may use so, unveiling as it does (SD-R33)
    veiled: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        CardDef.__post_init__(self)
        on: dict[str, list[Effect]] = {}
        for e in self.triggered:
            on.setdefault(e.trigger, []).append(e)
        object.__setattr__(self, "on", {k: tuple(v) for k, v in on.items()})
        statics: dict[str, int] = {}
        for e in self.statics:
            statics[e.verb] = statics.get(e.verb, 0) + e.amount
        object.__setattr__(self, "static_sum", statics)
        object.__setattr__(self, "progressable", self.type == "scheme" or "level_up" in self.keywords)
        abilities = AbilitySet.of(
            (Static(e.verb, ADD, e.amount) for e in self.statics),
            (Trigger(WHEN[e.trigger], e.index) for e in self.triggered),
            self.activated,
        )
        object.__setattr__(self, "abilities", abilities)
        if "unveil_on_activate" in self.keywords:
            object.__setattr__(self, "veiled", AbilitySet.of(activated=self.activated))

    @property
    def is_weapon(self) -> bool:
        return self.subtype == "weapon"


def build(card: CardModel, common: Common) -> SpelldawnCard:
    resonance = card.resonance or ""
    if resonance == "abyssal":
        resonance = "astral"  # SD-R06: older cards tagged Abyssal load as Astral
    return SpelldawnCard(
        **common,
        side=card.side,
        school=card.school,
        subtype=card.subtype,
        cost=-1 if card.cost is None else card.cost,
        progress=card.progress or 0,
        points=card.points or 0,
        resonance=resonance,
        health=card.health or 0,
        shield=card.shield,
        attack=card.attack or 0,
        boost_cost=card.boost_cost,
        boost_bonus=card.boost_bonus,
        breach=card.breach,
        raze=card.raze,
    )


VOCABULARY = EffectVocabulary(
    verbs=VERBS,
    selectors=SelectorVocabulary(nouns=frozenset({"card"})),
    triggers=TRIGGERS,
    activation={"actions": int, "mana": int},
)


def validate_effects(card: SpelldawnCard) -> None:
    """Rules that need both the card and its parsed effects (raise ValueError("field: problem"))."""
    for e in card.effects:
        where = f"effects[{e.index}]"
        cond = e.param("if")
        if cond is not None and cond not in CONDITIONS:
            raise ValueError(f"{where}.if: must be one of {', '.join(CONDITIONS)}")
        if e.static != (e.verb in STATIC_VERBS):
            raise ValueError(f"{where}: {e.verb} is {'not ' if e.static else ''}a static effect")
        if e.verb == "raid":
            room = e.param("room", "any")
            if room not in RAID_ROOMS:
                raise ValueError(f"{where}.room: must be one of {', '.join(RAID_ROOMS)}")
            if card.type != "spell" or card.side != CHAMPION:
                raise ValueError(f"{where}: only a Champion spell initiates a raid (SD-K23)")
        if e.param("per") not in (None, "progress"):
            raise ValueError(f"{where}.per: must be 'progress'")
        if e.trigger == "combat" and card.type != "minion":
            raise ValueError(f"{where}.on: Combat abilities are a minion's (SD-044)")
        if card.type == "minion" and (e.static or e.trigger not in ("combat", "summon", "encounter")):
            raise ValueError(f"{where}: a minion's abilities are Combat, Summon and Encounter triggers")
        if e.trigger in ("summon", "encounter") and card.type != "minion":
            raise ValueError(f"{where}.on: '{e.trigger}' is a minion trigger (SD-K05, SD-K08)")
        if e.trigger == "score" and card.type != "scheme":
            raise ValueError(f"{where}.on: Score abilities are a scheme's (SD-K03)")
        if e.trigger == "unveil" and card.type != "project":
            raise ValueError(f"{where}.on: Unveil abilities are a project's (SD-K10)")
        if e.trigger == "access" and card.subtype != "trap":
            raise ValueError(f"{where}.on: only a Trap acts when accessed (SD-K25)")
        if e.activate is not None and card.type in ("spell", "scheme", "minion"):
            raise ValueError(f"{where}.activate: a {card.type} has no activated ability")
    if card.type == "boon":
        _check_boon(card)
    if card.type == "spell" and not card.on_resolve:
        raise ValueError("effects: a spell needs at least one effect (SD-036, SD-062)")
    if "unveil_on_activate" in card.keywords and not card.activated:
        raise ValueError("keywords: 'Unveil when activated' needs an activated ability (SD-R33)")


def _check_boon(card: SpelldawnCard) -> None:
    """A boon is never played, activated or sacrificed: its abilities are statics and the triggers that fire
    for a card beside the riftcaller (SD-011, SD-K32)."""
    if not card.effects:
        raise ValueError("effects: a boon needs at least one ability (SD-011)")
    allowed = BOON_TRIGGERS[card.side]
    for e in card.effects:
        where = f"effects[{e.index}]"
        if e.activate is not None:
            raise ValueError(f"{where}.activate: a boon has no activated ability (SD-K32)")
        if e.verb in ("store", "take"):
            raise ValueError(f"{where}: a boon cannot {e.verb} mana: it never leaves play (SD-K32)")
        if not e.static and e.trigger not in allowed:
            place = f"{where}.on" if e.trigger else where
            raise ValueError(
                f"{place}: a boon of the {card.side} acts only on {', '.join(allowed)} or as a static ability"
            )


def load(paths: list[Path]) -> dict[str, SpelldawnCard]:
    return load_card_files(paths, CardModel, VOCABULARY, build, check, validate_effects)
