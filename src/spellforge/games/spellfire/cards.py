"""SPELLFIRE card data: the field schema, the power vocabulary, and the definition class.

A card file holds ``[[card]]`` tables::

    [[card]]
    id = "tidewatch-keep"
    name = "Tidewatch Keep"
    type = "realm"                 # one of TYPES
    world = "forgotten_realms"     # champions, artifacts, realms and holdings only (SF-024)
    coast = true                   # read by swimmers (SF-274, SF-276, SF-K16)
    number = 17                    # the card number (first player, SF-066; order of activation, SF-222)
    text = "A harbour fortress."
    effects = [{ do = "defend_self", class = "hero", level = 4 }]

A champion has ``class`` (one of the seven classes, SF-018) and ``level`` (``level2`` for a two-number
icon, SF-035; ``variable_level = true`` for a "?" icon, SF-022), ``traits`` (movement and race, SF-027) and
``blueline`` traits granted by clarification data (SF-030): the online data set, the one in force
(``printed_blueline`` records the printed guides' where they differ, SF-017). Support cards carry ``bonus`` (the number in
their icon, added to their side's total, SF-185) or ``drain`` (taken from the opposing side), and spells,
psionic powers, blood abilities, thief skills and unarmed combat cards carry their notation: ``use``
("off" or "def") and ``phases`` (3, 4, 5), or ``any_time = true`` (SF-K11). Events are ``harmful`` or not
(SF-284) and may have a ``duration`` (SF-R17). Every power of the pool is one verb of ``VOCABULARY``, never
read by card name (SF-R28), so no card needs a script of its own. Each verb is declared with where it acts:
the powers that change a player's numbers (hand limit, draws, spoils, a hidden pool) as core seat statics
of the cards in force (``SEAT_STATICS``, read by ``state.seat_stat``); what a spell or an event does as it
resolves as a ``VerbSpec`` with its function (``verbs.VERBS``), run by core; every other power, and how a
spell or event is aimed and what it answers, by the points of the rules that ask for it and what it does
there (``AT``: entry, level, casting, play, cast, event answers, counters, lasting, defeats, attackers,
defence, combat, use, bearer, protection), which a rule reads once through ``state.abilities_at`` /
``state.ability``. No rule tests a power by its verb.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field

from spellforge.core.abilities import NO_ABILITIES, AbilitySet, Static
from spellforge.core.cardfiles import CardFields, Common, load_card_files
from spellforge.core.cards import CardDef, Effect, EffectVocabulary, VerbSpec
from spellforge.core.modifiers import ADD
from spellforge.core.selectors import SelectorVocabulary

from .verbs import VERBS

WORLDS = (
    "add",
    "birthright",
    "dark_sun",
    "dragonlance",
    "forgotten_realms",
    "greyhawk",
    "ravenloft",
)  # SF-023
WORLD_NAMES = {
    "add": "AD&D",
    "birthright": "BIRTHRIGHT",
    "dark_sun": "DARK SUN",
    "dragonlance": "DRAGONLANCE",
    "forgotten_realms": "FORGOTTEN REALMS",
    "greyhawk": "GREYHAWK",
    "ravenloft": "RAVENLOFT",
}
CLASSES = ("cleric", "hero", "monster", "wizard", "psionicist", "thief", "regent")  # SF-018

REALM = "realm"
HOLDING = "holding"
CHAMPION = "champion"
ALLY = "ally"
ITEM = "item"
ARTIFACT = "artifact"
EVENT = "event"
RULE = "rule"
DUNGEON = "dungeon"
WIZARD_SPELL = "wizard_spell"
CLERIC_SPELL = "cleric_spell"
PSIONIC = "psionic"
BLOOD = "blood"
THIEF_SKILL = "thief_skill"
UNARMED = "unarmed"
TYPES = (
    REALM,
    HOLDING,
    CHAMPION,
    ALLY,
    ITEM,
    ARTIFACT,
    EVENT,
    RULE,
    DUNGEON,
    WIZARD_SPELL,
    CLERIC_SPELL,
    PSIONIC,
    BLOOD,
    THIEF_SKILL,
    UNARMED,
)
SPELLS = (WIZARD_SPELL, CLERIC_SPELL)
# the support card types a class's icon lets it use (SF-226, SF-K01); monsters have none
ICON_USES = {
    "cleric": CLERIC_SPELL,
    "wizard": WIZARD_SPELL,
    "psionicist": PSIONIC,
    "regent": BLOOD,
    "thief": THIEF_SKILL,
    "hero": UNARMED,
}
NOTATED = (WIZARD_SPELL, CLERIC_SPELL, PSIONIC, BLOOD, THIEF_SKILL, UNARMED)  # SF-K11
WORLDED = (CHAMPION, ARTIFACT, REALM, HOLDING)  # SF-024
UNIQUE_IN_PLAY = (CHAMPION, ARTIFACT, REALM, HOLDING)  # the Rule of the Cosmos, SF-125
MOVEMENT = ("flyer", "swimmer", "earthwalker")  # SF-K13..SF-K15
RACES = ("undead", "dragon", "elf", "dwarf", "giant", "halfling", "merfolk")  # SF-K17
TRAITS = MOVEMENT + RACES
# The order in which the support cards of a side activate (SF-219).
ACTIVATION_ORDER = (ARTIFACT, ALLY, ITEM, BLOOD, THIEF_SKILL, UNARMED, PSIONIC, WIZARD_SPELL, CLERIC_SPELL)

World = Literal["add", "birthright", "dark_sun", "dragonlance", "forgotten_realms", "greyhawk", "ravenloft"]
ChampionClass = Literal["cleric", "hero", "monster", "wizard", "psionicist", "thief", "regent"]
Trait = Literal[
    "flyer", "swimmer", "earthwalker", "undead", "dragon", "elf", "dwarf", "giant", "halfling", "merfolk"
]


class CardModel(CardFields):
    """The fields of a ``[[card]]`` table in a SPELLFIRE card file (beside those of every game; its
    keywords are read from its other fields and its powers, ``card_keywords``, never written)."""

    model_config = ConfigDict(populate_by_name=True)

    type: Literal[
        "realm",
        "holding",
        "champion",
        "ally",
        "item",
        "artifact",
        "event",
        "rule",
        "dungeon",
        "wizard_spell",
        "cleric_spell",
        "psionic",
        "blood",
        "thief_skill",
        "unarmed",
    ]
    number: int = Field(ge=1, le=999)
    world: World | None = None
    card_class: ChampionClass | None = Field(default=None, alias="class")
    class2: ChampionClass | None = None
    level: int | None = Field(default=None, ge=0)  # no upper cap: avatars exceed 9 (SF-021)
    level2: int | None = Field(default=None, ge=0)
    variable_level: bool = False
    avatar: bool = False
    bonus: int = Field(default=0, ge=0, le=20)
    drain: int = Field(default=0, ge=0, le=20)
    use: Literal["off", "def"] | None = None
    phases: list[Literal[3, 4, 5]] = []
    any_time: bool = False
    coast: bool = False
    traits: list[Trait] = []
    blueline: list[Trait] = []
    printed_blueline: list[Trait] = []
    harmful: bool = False
    duration: bool = False
    multiples: bool = False

    def card_keywords(self, effects: tuple[Effect, ...]) -> frozenset[str]:
        return card_keywords(self, effects)


def check(card: CardModel) -> None:
    """Cross-field rules (raise ValueError("field: problem"); the loader names file and card)."""
    t = card.type
    if "keywords" in card.model_fields_set:
        raise ValueError("keywords: a card's keywords are read from its traits and powers, not written")
    if (card.world is None) == (t in WORLDED):
        raise ValueError(
            "world: champions, artifacts, realms and holdings have a world; no other card has one (SF-024)"
        )
    if t == CHAMPION:
        if card.card_class is None:
            raise ValueError("class: a champion has one of the seven classes (SF-018)")
        if card.level is None and not card.variable_level:
            raise ValueError(
                "level: a champion has a level, or variable_level = true for a '?' icon (SF-022)"
            )
        if card.level is not None and card.variable_level:
            raise ValueError("level: a '?' champion has no printed level (SF-022)")
    else:
        if card.card_class is not None or card.class2 is not None or card.avatar or card.variable_level:
            raise ValueError("class: only champions have a class, a '?' level or the avatar flag")
        if t != ALLY and card.level is not None:
            raise ValueError("level: only champions and allies have a level icon")
    if card.level2 is not None and card.level is None:
        raise ValueError("level2: the second number of an icon needs the first (SF-035)")
    if (card.use is not None or card.phases or card.any_time) and t not in NOTATED:
        raise ValueError(
            "use/phases: only spells, powers, abilities, skills and unarmed cards have them (SF-K11)"
        )
    if t in NOTATED:
        if card.use is None:
            raise ValueError("use: a spell, power, ability, skill or unarmed card is off or def (SF-229)")
        if not card.phases and not card.any_time:
            raise ValueError("phases: give the phases (3, 4, 5) or any_time = true (SF-K11)")
    if card.coast and t != REALM:
        raise ValueError("coast: only realms show a coastline (SF-K16)")
    if (card.harmful or card.duration) and t != EVENT:
        raise ValueError("harmful/duration: only events are harmful or have a duration (SF-284)")
    if (card.traits or card.blueline or card.printed_blueline) and t not in (CHAMPION, ALLY):
        raise ValueError("traits: only champions and allies have racial or movement traits (SF-027)")
    if (card.bonus or card.drain) and t in (REALM, CHAMPION, EVENT, RULE, DUNGEON):
        raise ValueError("bonus: realms, champions, events, rules and dungeons have no icon bonus")


@dataclass(frozen=True, slots=True)
class Ability:
    """A power as the rules read it at its point (``AT``): what it does there (``does``), and the card's
    effect with its amount and parameters."""

    does: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class SpellfireCard(CardDef):
    """A SPELLFIRE card definition (see the module docstring)."""

    number: int = 0
    world: str = ""
    card_class: str = ""
    class2: str = ""
    level: int = 0
    level2: int = -1
    variable_level: bool = False
    avatar: bool = False
    bonus: int = 0
    drain: int = 0
    use: str = ""
    phases: frozenset[int] = frozenset()
    any_time: bool = False
    coast: bool = False
    traits: frozenset[str] = frozenset()
    blueline: frozenset[str] = frozenset()
    printed_blueline: frozenset[str] = frozenset()
    harmful: bool = False
    duration: bool = False
    multiples: bool = False
    powers: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    all_traits: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    # what it gives while in force (an unrazed realm, a rule card, a dungeon): its players' numbers
    abilities: AbilitySet = field(default=NO_ABILITIES, init=False, repr=False, compare=False)
    # its other powers by the point of the rules where they act (``AT``)
    at: dict[str, tuple[Ability, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        CardDef.__post_init__(self)
        object.__setattr__(self, "powers", frozenset(e.verb for e in self.effects))
        at: dict[str, list[Ability]] = {}
        for e in self.effects:
            for point, does in AT.get(e.verb, {}).items():
                at.setdefault(point, []).append(Ability(does, e))
        object.__setattr__(self, "at", {point: tuple(v) for point, v in at.items()})
        object.__setattr__(
            self,
            "abilities",
            AbilitySet.of(SEAT_STATICS[e.verb](e) for e in self.effects if e.verb in SEAT_STATICS),
        )
        # blueline traits are card data like the printed ones (SF-030, SF-K19); the online data set
        # (``blueline``) is the one in force, the printed guides' (``printed_blueline``) only a record of
        # where they differ (SF-017)
        object.__setattr__(self, "all_traits", self.traits | self.blueline)

    def power(self, verb: str) -> Effect | None:
        """The card's effect with ``verb``, if it has one (card data, for tests and tools: the rules ask
        the points of ``at``)."""
        if verb not in self.powers:
            return None
        for e in self.effects:
            if e.verb == verb:
                return e
        return None

    @property
    def deck_level(self) -> int:
        """The level counted toward a deck's total: the first number of the icon, "?" as 0 (SF-035, SF-R12)."""
        return self.level

    @property
    def offensive(self) -> bool:
        return self.use == "off"


# The keywords a card shows (catalog SF-K..), read from its data so they never disagree with what it does;
# their reminder text is declared in hints.py.
KEYWORD_OF_POWER = {
    "immune": "immune",  # SF-K28
    "instant_defeat": "instant_defeat",  # SF-K29
    "defeat_level_le": "instant_defeat",
    "defeat_level_ge": "instant_defeat",
    "calm": "calm",  # SF-K30
    "calm_discard": "calm",
    "negate_event": "negate",  # SF-K31
    "negate_discard": "negate",
    "duplicate_event": "duplicate",  # SF-K32
    "wall": "wall",  # SF-K35
    "dispel": "dispel",  # SF-K36
    "turn": "turning",
    "reflect": "reflection",
    "wish": "wish",  # SF-K37
    "borrow_item": "borrow",  # SF-K38
    "copy_power": "copy",  # SF-K39
    "cast_any": "can_use_any",  # SF-K40
    "extra_turn": "extra_turn",  # SF-K42
    "raze_for_extra_turn": "extra_turn",
    "defend_self": "self_defending",  # SF-K21
    "attack_only_by": "attacker_restriction",  # SF-K20
    "bar": "attacker_restriction",
}
ONCE_PER_TURN = frozenset({"duplicate_event", "recover_abyss"})  # SF-K41

# The points of the rules where powers act. A rule asks a card once for its abilities at its point
# (``state.abilities_at(cid, point)``: its own, and a copier's model's, SF-257) and reads what each does;
# no rule tests a power by its verb.
ENTRY = "entry"  # what its owner pays for it to enter play (SF-270)
EVENT_ANSWER = "event_answer"  # how a pool card or a hand's spell or event answers an event (SF-285..SF-302)
DEFEAT = "defeat"  # what defeats an opposing champion outright in a round (SF-K29, SF-244, SF-247)
ATTACKERS = "attackers"  # a realm: who may attack it (SF-K20, SF-279)
DEFENCE = "defence"  # a realm or its holding when the realm is attacked (SF-R27, SF-R03, SF-148)
COMBAT = "combat"  # a champion's, ally's or item's power in its round of combat (SF-224, SF-255, SF-312)
USE = "use"  # a power its owner uses by choice in phase 3 (a champion, SF-317) or 5 (a realm, SF-295)
BEARER = "bearer"  # what a card gives the champion that bears it or uses it (SF-228, SF-235)
PROTECTION = "protection"  # what a champion is immune to (SF-249..SF-254)
LEVEL = "level"  # where a "?" champion's level comes from (SF-022)
CASTS = "casts"  # what a champion may cast beyond its icon (SF-263, SF-K40)
PLAY = "play"  # a spell or event: what it is aimed at as it is played, or when it may be (SF-231, SF-281)
CAST = "cast"  # a spell: what casting it does at once (a Wish-type spell, SF-242, SF-K37)
COUNTER = "counter"  # what a card may do when a spell is cast (SF-237..SF-239, SF-312, SF-315)
LASTING = "lasting"  # what an event with a duration does while it lasts (SF-R17)
FINDS = "finds"  # a helpful event that may find its player a realm (SF-086)
# verb -> {point: what it does there}; a spell's or event's verb also names what it does as it resolves
# (its VerbSpec's function, ``verbs.VERBS``, run by core)
AT: dict[str, dict[str, str]] = {
    "entry_discard": {ENTRY: "discard"},  # discard amount cards (SF-270)
    "negate_discard": {EVENT_ANSWER: "negate"},  # discard it to negate any event (SF-287)
    "calm_discard": {EVENT_ANSWER: "calm"},  # discard it to ignore a harmful event, for its player (SF-285)
    "duplicate_event": {EVENT_ANSWER: "duplicate"},  # once per turn, play the event again (SF-302, SF-318)
    "instant_defeat": {DEFEAT: "classes"},  # a champion: one of these classes, as the round begins (SF-K29)
    "defeat_level_ge": {DEFEAT: "level_ge"},  # an item: its bearer's foe of level amount or more (SF-247)
    "defeat_level_le": {DEFEAT: "level_le"},  # an ally: the foe of level amount or less, on arrival (SF-247)
    "attack_only_by": {ATTACKERS: "only"},  # only champions of these traits or classes (SF-K20)
    "bar": {ATTACKERS: "bar"},  # no champion of these movement traits (SF-279)
    "defend_self": {DEFENCE: "defends"},  # it defends itself as a champion of class and level (SF-R27)
    "defender_bonus": {DEFENCE: "bonus"},  # a holding: +amount to a defender of its realm's world (SF-R03)
    "razed_discard_attacker": {DEFENCE: "razed_discard"},  # razed: its attacker is discarded (SF-148)
    "pool_ally": {COMBAT: "ally"},  # a champion brings another of its pool into the round (SF-224, SF-225)
    "borrow_item": {COMBAT: "borrow"},  # a champion borrows its foe's best item for the round (SF-255)
    "discard_opponent_after": {COMBAT: "discard_foe"},  # the foe it fought is discarded after (SF-209)
    "discard_for_bonus": {COMBAT: "discard_bonus"},  # an item: discard it for +amount to its bearer (SF-312)
    "abyss_to_void": {COMBAT: "abyss_to_void"},  # an ally, as it arrives: amount cards Abyss -> Void (SF-173)
    "copy_power": {USE: "copy"},  # copies another champion's power (SF-257, SF-261)
    "recover_abyss": {USE: "recover"},  # once per turn, a card of its owner's Abyss to hand (SF-169)
    "abyss_send": {USE: "send"},  # goes to the Abyss to send a champion or a dungeon there (SF-055)
    "raze_for_extra_turn": {USE: "raze_extra_turn"},  # a realm razed by its owner: an extra turn (SF-295)
    "set_class": {BEARER: "class"},  # an item: its bearer's class becomes class (SF-228)
    "grant_trait": {BEARER: "trait"},  # an item's bearer, or a spell's caster for the round, flies (SF-235)
    "immune": {PROTECTION: "spells"},  # a champion, or one bearing the artifact: offensive spells (SF-249)
    "immune_items": {PROTECTION: "items"},  # opposing items' and artifacts' bonuses are lost (SF-250)
    "sole_avatar": {ENTRY: "sole"},  # an avatar: not while another avatar is in play beside it (SF-047)
    "level_from_realms": {LEVEL: "realms"},  # the number of its owner's unrazed realms (SF-022)
    "cast_any": {CASTS: "spells"},  # any spell, whatever its icon (SF-263)
    "no_inherit": {COMBAT: "own_movement"},  # an ally that takes no movement from its champion (SF-R21)
    "cancel_wish": {COUNTER: "cancel_wish"},  # a holding: discarded to cancel a Wish-type spell (SF-312)
    # spells
    "discard_champion": {PLAY: "opposing_champion"},  # one not immune to it (SF-231, SF-249)
    "limbo": {PLAY: "opposing_champion"},
    "wish": {  # any champion, a dungeon outside a round (SF-K37); negates only an event with a duration
        PLAY: "any_champion",
        EVENT_ANSWER: "negate_lasting",
        CAST: "wish",
    },
    "limbo_to_abyss": {PLAY: "limbo_champion"},  # a champion in another player's Limbo (SF-253)
    "steal_item": {PLAY: "opposing_item"},  # an item of an opposing champion
    "draw": {PLAY: "unaimed", FINDS: "cards"},  # aimed at nothing; a helpful event of it may find a realm
    "wall": {PLAY: "wall"},  # in a round, not against a champion immune to it (SF-232)
    "dispel": {PLAY: "answer", COUNTER: "dispel"},  # only against a spell being cast (SF-237)
    "turn": {PLAY: "answer", COUNTER: "turn"},  # only against an offensive one (SF-238)
    "reflect": {PLAY: "answer", COUNTER: "reflect"},  # SF-239
    "negate_event": {PLAY: "answer", EVENT_ANSWER: "negate"},  # only in an event's pause (SF-287)
    # events
    "calm": {PLAY: "answer", EVENT_ANSWER: "calm"},  # only in a harmful event's pause (SF-285)
    "discard_realm": {PLAY: "realm"},  # another player's unrazed realm (SF-205)
    "no_attacks": {PLAY: "player", LASTING: "no_attacks"},  # another player, who may not attack (SF-R17)
    "remove_support": {PLAY: "support"},  # an opposing ally or item in combat; escapes an ally (SF-248)
    "discard_monsters": {PLAY: "monsters"},  # only while a monster is in combat (SF-207)
    "extra_turn": {PLAY: "unlocked"},  # only once extra turns are unlocked (SF-295, SF-296)
    "take_back": {PLAY: "own_champion"},  # a champion of its player's pool (SF-313)
    "destroy": {PLAY: "seen_champion"},  # another player's pool champion that its player can see (SF-008)
    "discard_from_hand": {PLAY: "unaimed"},
}

SELECTORS = SelectorVocabulary(nouns=frozenset({CHAMPION, REALM}))
_YOU = SELECTORS.parse("you")
_PLAYERS = SELECTORS.parse("players")
_OPPONENTS = SELECTORS.parse("opponents")
# The numbers of a player that cards in force change (core seat statics, read by ``state.seat_stat``).
HAND_LIMIT = "hand_limit"  # SF-123
DRAWS = "draws"  # phase-1 draws (SF-072, SF-101)
SPOILS = "spoils"  # more spoils cards (SF-218)
HIDDEN_POOL = "hidden_pool"  # above 0: the player's pool is hidden (SF-R22, SF-K45)

# The powers that change a player's numbers while their card is in force (an unrazed realm in its
# formation, a rule card, a dungeon): each declared as the static it is.
SEAT_STATICS: dict[str, Callable[[Effect], Static]] = {
    "hand_limit": lambda e: Static(HAND_LIMIT, ADD, e.amount, _PLAYERS if e.param("all", False) else _YOU),
    "extra_draw": lambda e: Static(DRAWS, ADD, e.amount, _YOU),
    "draw_limit": lambda e: Static(DRAWS, ADD, -e.amount, _OPPONENTS),  # every other player (SF-072)
    "extra_spoils": lambda e: Static(SPOILS, ADD, e.amount, _PLAYERS),  # for every player (SF-218)
    "hidden_pool": lambda e: Static(HIDDEN_POOL, ADD, 1, _YOU),  # a dungeon's (SF-R22)
}


def card_keywords(card: CardModel, effects: tuple[Effect, ...]) -> frozenset[str]:
    """The keywords of a card: movement traits (SF-K13..SF-K15), a coast (SF-K16), an avatar (SF-K18), a
    harmful or helpful event and one with a duration (SF-K10, SF-R17), "at any time" (SF-K34), multiples
    (SF-K44), and the keyword of each power it has."""
    out: set[str] = {t for t in (*card.traits, *card.blueline) if t in MOVEMENT}
    if card.coast:
        out.add("coast")
    if card.avatar:
        out.add("avatar")
    if card.type == EVENT:
        out.add("harmful" if card.harmful else "helpful")
        if card.duration:
            out.add("lasting")
    if card.any_time:
        out.add("any_time")
    if card.multiples:
        out.add("multiples")
    for e in effects:
        keyword = KEYWORD_OF_POWER.get(e.verb)
        if keyword:
            out.add(keyword)
        if e.verb in ONCE_PER_TURN:
            out.add("once_per_turn")
    return frozenset(out)


def build(card: CardModel, common: Common) -> SpellfireCard:
    return SpellfireCard(
        **common,
        number=card.number,
        world=card.world or "",
        card_class=card.card_class or "",
        class2=card.class2 or "",
        level=card.level or 0,
        level2=card.level2 if card.level2 is not None else -1,
        variable_level=card.variable_level,
        avatar=card.avatar,
        bonus=card.bonus,
        drain=card.drain,
        use=card.use or "",
        phases=frozenset(card.phases),
        any_time=card.any_time,
        coast=card.coast,
        traits=frozenset(card.traits),
        blueline=frozenset(card.blueline),
        printed_blueline=frozenset(card.printed_blueline),
        harmful=card.harmful,
        duration=card.duration,
        multiples=card.multiples,
    )


_CLASS = {"class": str}
_TRAITS = {"traits": str}  # "flyer|swimmer": alternatives separated by |

# Which card types may carry each power (checked at load time).
VERB_TYPES: dict[str, tuple[str, ...]] = {
    "defend_self": (REALM,),
    "attack_only_by": (REALM,),
    "bar": (REALM,),
    "razed_discard_attacker": (REALM,),
    "raze_for_extra_turn": (REALM,),
    "hand_limit": (REALM, RULE, DUNGEON),
    "extra_draw": (REALM, DUNGEON),
    "defender_bonus": (HOLDING,),
    "cancel_wish": (HOLDING,),
    "instant_defeat": (CHAMPION,),
    "immune": (CHAMPION, ARTIFACT),
    "immune_items": (CHAMPION,),
    "sole_avatar": (CHAMPION,),
    "borrow_item": (CHAMPION,),
    "pool_ally": (CHAMPION,),
    "copy_power": (CHAMPION,),
    "cast_any": (CHAMPION,),
    "calm_discard": (CHAMPION,),
    "negate_discard": (CHAMPION,),
    "duplicate_event": (CHAMPION, ITEM),
    "recover_abyss": (CHAMPION,),
    "abyss_send": (CHAMPION,),
    "discard_opponent_after": (CHAMPION,),
    "entry_discard": (CHAMPION,),
    "level_from_realms": (CHAMPION,),
    "no_inherit": (ALLY,),
    "abyss_to_void": (ALLY,),
    "defeat_level_le": (ALLY,),
    "set_class": (ITEM,),
    "grant_trait": (ITEM, WIZARD_SPELL, CLERIC_SPELL),
    "discard_for_bonus": (ITEM,),
    "defeat_level_ge": (ITEM,),
    "discard_champion": SPELLS,
    "wall": SPELLS,
    "dispel": SPELLS,
    "turn": SPELLS,
    "reflect": SPELLS,
    "negate_event": SPELLS,
    "wish": SPELLS,
    "limbo": SPELLS,
    "limbo_to_abyss": SPELLS,
    "draw": (*SPELLS, EVENT),
    "steal_item": (THIEF_SKILL,),
    "discard_realm": (EVENT,),
    "discard_monsters": (EVENT,),
    "no_attacks": (EVENT,),
    "discard_from_hand": (EVENT,),
    "extra_turn": (EVENT,),
    "calm": (EVENT,),
    "remove_support": (EVENT,),
    "take_back": (EVENT,),
    "destroy": (EVENT,),
    "draw_limit": (RULE,),
    "extra_spoils": (RULE,),
    "hidden_pool": (DUNGEON,),
}

VOCABULARY = EffectVocabulary(
    verbs={
        "defend_self": VerbSpec(
            params={"class": str, "level": int}, help="may defend itself as a champion (SF-R27)"
        ),
        "attack_only_by": VerbSpec(
            params=_TRAITS, help="only these traits or classes may attack it (SF-K20)"
        ),
        "bar": VerbSpec(params=_TRAITS, help="these movement traits cannot attack it (SF-279)"),
        "razed_discard_attacker": VerbSpec(help="when razed, the attacking champion is discarded (SF-148)"),
        "raze_for_extra_turn": VerbSpec(help="its owner may raze it in phase 5 for an extra turn (SF-295)"),
        "hand_limit": VerbSpec(params={"all": bool}, help="hand limit changed by amount (SF-123)"),
        "extra_draw": VerbSpec(help="amount more cards drawn in phase 1 (SF-101)"),
        "defender_bonus": VerbSpec(help="+amount to a defender of its realm's world (SF-R03)"),
        "cancel_wish": VerbSpec(help="discard it to cancel a Wish-type spell (SF-312, SF-315)"),
        "instant_defeat": VerbSpec(
            params=_TRAITS, help="defeats a champion of these classes outright (SF-K29)"
        ),
        "immune": VerbSpec(help="immune to offensive spells (SF-249, SF-K28)"),
        "immune_items": VerbSpec(
            help="immune to opposing magical items and artifacts: their bonuses are lost against it (SF-250)"
        ),
        "sole_avatar": VerbSpec(help="an avatar that cannot be in play beside another avatar (SF-047)"),
        "borrow_item": VerbSpec(help="borrows an opponent's item for the round (SF-255)"),
        "pool_ally": VerbSpec(
            params={"at_once": bool},
            help="brings another champion of its pool into its round as an ally (SF-224; at_once: as it "
            "enters combat, outside the order of activation, SF-225)",
        ),
        "copy_power": VerbSpec(help="copies another champion's power each phase 3 (SF-261)"),
        "cast_any": VerbSpec(help="may cast any spell (SF-263, SF-K40)"),
        "calm_discard": VerbSpec(help="discard from the pool to ignore a harmful event (SF-285)"),
        "negate_discard": VerbSpec(help="discard from the pool to negate any event (SF-287)"),
        "duplicate_event": VerbSpec(help="duplicates a just-played event, once per turn (SF-302, SF-318)"),
        "recover_abyss": VerbSpec(help="once per turn in phase 3, a card from the Abyss to hand (SF-169)"),
        "abyss_send": VerbSpec(help="goes to the Abyss to send a non-realm card there (SF-055)"),
        "discard_opponent_after": VerbSpec(help="discards the champion it fought after combat (SF-209)"),
        "entry_discard": VerbSpec(help="to enter play, its owner discards amount cards (SF-270)"),
        "level_from_realms": VerbSpec(help="its level is the number of its owner's unrazed realms (SF-022)"),
        "no_inherit": VerbSpec(help="does not inherit its champion's movement (SF-R21)"),
        "abyss_to_void": VerbSpec(help="when played, amount cards from an Abyss go to the Void (SF-173)"),
        "defeat_level_le": VerbSpec(help="defeats an opposing champion of level amount or less (SF-247)"),
        "set_class": VerbSpec(params=_CLASS, help="its bearer's class becomes class (SF-228)"),
        "discard_for_bonus": VerbSpec(help="discard it in a round: +amount to its bearer (SF-312)"),
        "defeat_level_ge": VerbSpec(help="its bearer defeats opponents of level amount or more (SF-247)"),
        "draw_limit": VerbSpec(help="every other player draws amount fewer in phase 1 (SF-072)"),
        "extra_spoils": VerbSpec(help="whoever earns spoils draws amount more cards (SF-218)"),
        "hidden_pool": VerbSpec(help="its owner's pool is hidden (SF-R22)"),
        **VERBS,
    },
    selectors=SELECTORS,
)


def validate_effects(card: SpellfireCard) -> None:
    """Rules that need both the card and its effects (raise ValueError("field: problem"))."""
    for e in card.effects:
        where = f"effects[{e.index}]"
        allowed = VERB_TYPES[e.verb]
        if card.type not in allowed:
            raise ValueError(f"{where}.do: {e.verb!r} is a power of {', '.join(allowed)} cards")
        for key in ("class",):
            value = e.param(key)
            if value is not None and value not in CLASSES:
                raise ValueError(f"{where}.{key}: {value!r} is not a class ({', '.join(CLASSES)})")
        traits = e.param("traits")
        if traits is not None:
            for word in str(traits).split("|"):
                if word not in TRAITS + CLASSES:
                    raise ValueError(f"{where}.traits: {word!r} is not a trait or a class")
    entry = {a.does for a in card.at.get(ENTRY, ())}
    if card.type == CHAMPION and card.avatar and "discard" not in entry:
        raise ValueError("avatar: an avatar has an entry condition (entry_discard, SF-270)")
    if "sole" in entry and not card.avatar:
        raise ValueError("avatar: only an avatar has an avatar's pairing limit (SF-047)")
    if card.variable_level and LEVEL not in card.at:
        raise ValueError("variable_level: a '?' champion needs the power that sets its level (SF-022)")


def load(paths: list[Path]) -> dict[str, SpellfireCard]:
    return load_card_files(paths, CardModel, VOCABULARY, build, check, validate_effects)
