"""The attributes of a Casters state and the reads every part of the rules shares.

:class:`CastersBase` declares every slot of the game (the other classes of its chain add none) and the
small, hot helpers: which zone is which, what is a minion on the field, current Attack and Health, keywords,
Shields. Casters is always two players (CA-001), so the zone numbers are module constants.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from spellforge.core.abilities import AbilitySet
from spellforge.core.cards import Effect
from spellforge.core.effects import Context
from spellforge.core.flow import Frame
from spellforge.core.resolution import StackState
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, Target
from spellforge.core.windows import RecordTable, WindowState
from spellforge.core.zones import Visibility, ZoneSpec, numbered

from .costs import CostPart
from .decisions import ITEM_RECORDS

if TYPE_CHECKING:
    from .cards import CastersCard

ZONES = (
    ZoneSpec("deck", True, Visibility.HIDDEN, "the Main Deck, 30 cards, top = end of the list (CA-014)"),
    ZoneSpec("stage_deck", True, Visibility.HIDDEN, "the Stage Deck: 5 health per card (CA-016, CA-R07)"),
    ZoneSpec("hand", True, Visibility.OWNER, "seen only by its owner"),
    ZoneSpec(
        "set", True, Visibility.OWNER, "face-down set cards: only their owner sees them (CA-033, CA-R13)"
    ),
    ZoneSpec("field", True, Visibility.PUBLIC, "minions, Passive spells and equipped cards (CA-013)"),
    ZoneSpec("stages", True, Visibility.PUBLIC, "the face-up Stage area (CA-023, CA-031)"),
    ZoneSpec("graveyard", True, Visibility.PUBLIC, "discarded, destroyed and used cards (CA-018)"),
    ZoneSpec("shields", True, Visibility.HIDDEN, "face-down Shield cards under minions (CA-066)"),
    ZoneSpec("stack", False, Visibility.PUBLIC, "revealed cards being played or waiting on the stack"),
)
LAYOUT = numbered(ZONES, 2)  # the layout of every game (the ruleset's default), so these numbers hold
DECK = LAYOUT.seat_zones("deck")
STAGE_DECK = LAYOUT.seat_zones("stage_deck")
HAND = LAYOUT.seat_zones("hand")
SET = LAYOUT.seat_zones("set")
FIELD = LAYOUT.seat_zones("field")
STAGES = LAYOUT.seat_zones("stages")
GRAVEYARD = LAYOUT.seat_zones("graveyard")
SHIELDS = LAYOUT.seat_zones("shields")
STACK = LAYOUT.zone("stack")
FIELD_ZONES = frozenset(FIELD)

STAGE_HEALTH = 5  # CA-011
HAND_START = 5  # CA-026
NO_CARD = -1

# Phases (CA-028), plus the setup before turn 1.
SETUP = "setup"
DRAW = "draw"
SET_PHASE = "set"
REVEAL = "reveal"
BATTLE = "battle"
END = "end"


class CastersBase(StackState):
    """Every attribute of a Casters state (the other classes of its chain add none)."""

    __slots__ = (
        "attached_to",
        "attacks",
        "combat",
        "damage",
        "initiative",
        "negate_next",
        "payment",
        "set_quota",
        "shield_host",
        "stage_damage",
        "tapped",
    )
    COPY: ClassVar[dict[str, str]] = {
        "attached_to": "list",
        "attacks": "list",
        "damage": "list",
        "negate_next": "list",
        "shield_host": "list",
        "stage_damage": "list",
        "tapped": "list",
    }
    CARD_ARRAYS = (*WindowState.CARD_ARRAYS, "tapped", "damage", "attached_to", "shield_host", "attacks")
    RECORDS: ClassVar[tuple[type, ...]] = (*WindowState.RECORDS, CostPart)
    ITEM_RECORDS: ClassVar[RecordTable] = ITEM_RECORDS
    STACK_ZONE = "stack"  # "stack activation": what is on the stack is a target (a StackRef)

    defs: tuple[CastersCard, ...]
    initiative: int  # the seat holding the coin (CA-019)
    set_quota: int  # cards each player sets this turn (CA-031, CA-R12)
    # per card
    tapped: list[bool]
    damage: list[int]  # damage this turn (CA-049)
    attached_to: list[int]  # the minion an equipped card is attached to, else -1 (CA-068)
    shield_host: list[int]  # the minion a Shield card lies under, else -1 (CA-066)
    attacks: list[int]  # attacks made this turn (Double Strike, CA-R26)
    # per seat
    stage_damage: list[int]  # Hero damage this turn not yet worth a Stage (CA-R08)
    negate_next: list[int]  # pending "negate the next card an opponent activates this turn"
    # the stack (the stack itself, the item resolving, its windows and the trigger queue are core's:
    # StackState); a waiting trigger is (seat, effect card, effect index, source, event card)
    payment: tuple[int, int, tuple[CostPart, ...], Frame[Any]] | None  # (payer, card, parts left, then)
    combat: tuple[int, Target | None, tuple[int, ...]] | None  # (attacker, target or None if gone, blockers)

    # ------------------------------------------------------------------ seats and zones

    def priority_order(self) -> list[int]:
        """Priority and simultaneous effects go initiative player first (CA-038, CA-K16)."""
        return [self.initiative, self.opponent(self.initiative)]

    def window_first_seat(self) -> int:
        return self.initiative

    def hidden_group(self, cid: int) -> Hashable:
        """Stage cards and Main Deck cards never mix: a resampled Stage stays in the Stage Deck."""
        return (self.owner[cid], self.defs[cid].type == "stage")

    def health(self, seat: int) -> int:
        """A Hero's health: 5 per card left in the Stage Deck (CA-R07), less this turn's Stage damage."""
        return STAGE_HEALTH * len(self.zones[STAGE_DECK[seat]]) - self.stage_damage[seat]

    def face_up_stages(self) -> int:
        return len(self.zones[STAGES[0]]) + len(self.zones[STAGES[1]])

    # ------------------------------------------------------------------ cards on the field

    def on_field(self, cid: int) -> bool:
        return self.zone_of[cid] in FIELD_ZONES

    def is_minion(self, cid: int) -> bool:
        """A minion on the field: not a Minion card used as equipment (CA-R25)."""
        return (
            self.zone_of[cid] in FIELD_ZONES and self.defs[cid].type == "minion" and self.attached_to[cid] < 0
        )

    def minions(self, seat: int) -> list[int]:
        defs = self.defs
        att = self.attached_to
        return [c for c in self.zones[FIELD[seat]] if defs[c].type == "minion" and att[c] < 0]

    def untapped_minions(self, seat: int) -> list[int]:
        defs = self.defs
        att = self.attached_to
        tapped = self.tapped
        return [
            c for c in self.zones[FIELD[seat]] if not tapped[c] and defs[c].type == "minion" and att[c] < 0
        ]

    def attachments(self, host: int) -> list[int]:
        """The cards attached to minion ``host`` (CA-068), in field order."""
        att = self.attached_to
        return [c for c in self.zones[FIELD[self.controller[host]]] if att[c] == host]

    def shields_on(self, host: int) -> list[int]:
        sh = self.shield_host
        out: list[int] = []
        for z in SHIELDS:
            out.extend(c for c in self.zones[z] if sh[c] == host)
        return out

    def stat(self, cid: int, name: str) -> int:
        """Current Attack or Health (core's one order: printed, then what equipment lends (CA-069), the
        continuous effects and this turn's changes), never below 0."""
        d = self.defs[cid]
        value = d.attack if name == "attack" else d.health
        if self.zone_of[cid] not in FIELD_ZONES:
            return value
        value = self.card_stat(cid, name, value)
        return value if value > 0 else 0

    def health_can_drop(self) -> bool:
        """Whether any effect lowers Health now: only then can an undamaged minion be at 0 Health."""
        return self.may_lower("health")

    def attack_of(self, cid: int) -> int:
        return self.stat(cid, "attack")

    def health_of(self, cid: int) -> int:
        return self.stat(cid, "health")

    def has_keyword(self, cid: int, keyword: str) -> bool:
        """Printed, lent by equipment (CA-069) or granted by a continuous effect; "tapped" and "untapped"
        are read from the card (selectors name them as keywords)."""
        if keyword == "tapped":
            return self.tapped[cid]
        if keyword == "untapped":
            return not self.tapped[cid]
        return super().has_keyword(cid, keyword)

    # ------------------------------------------------------------------ hooks of core's ability layer

    def abilities(self, cid: int) -> AbilitySet:
        """A face-up card's own abilities; an attached card's are those it lends its minion (CA-069)."""
        d = self.defs[cid]
        return d.lent if self.attached_to[cid] >= 0 else d.in_play

    def abilities_lent(self, cid: int) -> AbilitySet:
        return self.defs[cid].lent

    def host_of(self, cid: int) -> int:
        return self.attached_to[cid]

    def static_target(self, cid: int) -> bool:
        """Continuous effects that name cards change minions on the field (not equipment)."""
        return self.is_minion(cid)

    def unaffected_by(self, cid: int, source: int) -> bool:
        return self.immune_to(cid, source)

    def immune_to(self, cid: int, source: int) -> bool:
        """CA-K22: an Immune minion is not affected by spells (Veilguard Golem's "Immune to spells")."""
        return source >= 0 and self.defs[source].type == "spell" and "immune" in self.defs[cid].keywords

    # ------------------------------------------------------------------ selectors (core.effects.Selecting)

    def item_is(self, item: StackItem, noun: str) -> bool:
        """A card or response ability on the stack is an "activation" (what Negate answers)."""
        return item.kind in ("card", "ability") and noun == "activation"

    def card_is(self, cid: int, noun: str) -> bool:
        d = self.defs[cid]
        if self.zone_of[cid] in FIELD_ZONES:
            if self.attached_to[cid] >= 0:
                return noun == "card"  # equipment is a field card, not a minion or a spell to hit
            return noun == "card" or d.type == noun
        return noun == "card" or d.type == noun

    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        if zone == "play":
            return [*self.zones[FIELD[0]], *self.zones[FIELD[1]]]
        if zone == "graveyard":
            return [*self.zones[GRAVEYARD[0]], *self.zones[GRAVEYARD[1]]]
        return list(self.zones[HAND[ctx.controller]])

    def targets_for(self, effect: Effect, ctx: Context) -> list[Target]:
        """Legal choices for an effect's ``target`` now: never a card Immune to its source (CA-K22)."""
        assert effect.target is not None
        found = self.select(effect.target, ctx)
        return [t for t in found if not isinstance(t, CardRef) or not self.immune_to(t.id, ctx.source)]

    # Hooks written by the later classes of CastersState's chain (abilities.py and payment.py),
    # declared here where the rules of this class call them.

    @abstractmethod
    def leave_field(self, cid: int, dest: int, *, death: bool) -> None: ...
    @abstractmethod
    def destroy_card(self, cid: int, source: int) -> None: ...
    @abstractmethod
    def deal_damage(self, source: int, target: Target, amount: int) -> None: ...
    @abstractmethod
    def draw_cards(self, seat: int, n: int) -> None: ...
    @abstractmethod
    def push_item(self, item: StackItem) -> None: ...
    @abstractmethod
    def start_payment(self, seat: int, card: int, parts: tuple[CostPart, ...], then: Frame[Any]) -> None: ...
    @abstractmethod
    def can_pay(self, seat: int, parts: tuple[CostPart, ...], exclude: int = NO_CARD) -> bool: ...
    @abstractmethod
    def summon(self, cid: int, seat: int, *, on_play: bool = True) -> None: ...
    @abstractmethod
    def discard(self, cid: int, note: str = "", paying: int = -1) -> None: ...
    @abstractmethod
    def sacrifice(self, cid: int, paying: int = -1) -> None: ...
    @abstractmethod
    def hit_hero(self, seat: int, amount: int, source: int) -> None: ...

    # --- generated by `python -m spellforge.core.gen_clone` from __slots__ and COPY: do not edit ---
    ATTRIBUTES: ClassVar[tuple[str, ...]] = (
        "active",
        "alive",
        "cycle_end",
        "extra_turn",
        "extra_turns",
        "resume_side",
        "roles",
        "side_of",
        "sides",
        "team_of",
        "_legal",
        "controller",
        "deck_keys",
        "defs",
        "face_down",
        "game",
        "known",
        "layout",
        "modifiers",
        "n_seats",
        "options",
        "owner",
        "rng",
        "seed",
        "zone_of",
        "zones",
        "_hist",
        "_log",
        "decision",
        "decisions_made",
        "determinized",
        "outcome",
        "phase",
        "search_copy",
        "turn",
        "work",
        "pending_triggers",
        "stack",
        "uid_counter",
        "window_serial",
        "windows",
        "_force_order",
        "_force_set",
        "_in_force",
        "resolving",
        "attached_to",
        "attacks",
        "combat",
        "damage",
        "initiative",
        "negate_next",
        "payment",
        "set_quota",
        "shield_host",
        "stage_damage",
        "tapped",
    )

    def clone(self) -> CastersBase:
        """A copy that shares immutable data and copies what changes (no deepcopy)."""
        new = type(self)()
        new.active = self.active
        new.alive = self.alive[:]
        new.cycle_end = self.cycle_end
        new.extra_turn = self.extra_turn
        new.extra_turns = self.extra_turns[:]
        new.resume_side = self.resume_side
        new.roles = self.roles
        new.side_of = self.side_of
        new.sides = self.sides
        new.team_of = self.team_of
        new._legal = self._legal
        new.controller = self.controller[:]
        new.deck_keys = self.deck_keys
        new.defs = self.defs
        new.face_down = self.face_down[:]
        new.game = self.game
        new.known = self.known[:]
        new.layout = self.layout
        new.modifiers = self.modifiers[:]
        new.n_seats = self.n_seats
        new.options = self.options
        new.owner = self.owner
        new.rng = self.rng.clone()
        new.seed = self.seed
        new.zone_of = self.zone_of[:]
        new.zones = [z[:] for z in self.zones]
        new._hist = self._hist
        new._log = self._log
        new.decision = self.decision
        new.decisions_made = self.decisions_made
        new.determinized = self.determinized
        new.outcome = self.outcome
        new.phase = self.phase
        new.search_copy = self.search_copy
        new.turn = self.turn
        new.work = self.work[:]
        new.pending_triggers = self.pending_triggers[:]
        new.stack = self.stack[:]
        new.uid_counter = self.uid_counter
        new.window_serial = self.window_serial
        new.windows = self.windows[:]
        new._force_order = self._force_order
        new._force_set = self._force_set
        new._in_force = self._in_force
        new.resolving = self.resolving
        new.attached_to = self.attached_to[:]
        new.attacks = self.attacks[:]
        new.combat = self.combat
        new.damage = self.damage[:]
        new.initiative = self.initiative
        new.negate_next = self.negate_next[:]
        new.payment = self.payment
        new.set_quota = self.set_quota
        new.shield_host = self.shield_host[:]
        new.stage_damage = self.stage_damage[:]
        new.tapped = self.tapped[:]
        return new

    # --- end of generated code ---
