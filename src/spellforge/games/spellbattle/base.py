"""The attributes of a Spell Battle state and the reads every part of the rules shares.

:class:`SpellBattleBase` declares no slots of its own (the concrete ``SpellBattleState`` does); it types the
attributes and gives the small, hot helpers: who is active, farms, current strength and speed.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from spellforge.core.abilities import NO_ABILITIES, AbilitySet
from spellforge.core.cards import Effect
from spellforge.core.effects import Context, Selecting
from spellforge.core.resolution import StackState
from spellforge.core.selectors import Selector
from spellforge.core.stack import StackItem
from spellforge.core.targets import Target
from spellforge.core.windows import RecordTable, WindowState

from .decisions import ITEM_RECORDS, CopyItemData

if TYPE_CHECKING:
    from .cards import SBCard

# Team modes (option ``teams``) and formats (option ``format``).
FREE_FOR_ALL = "none"
ALLIANCE = "alliance"
AS_ONE = "as_one"
CONSTRUCTED = "constructed"
SEALED = "sealed"
DRAFT = "draft"
OFF_THE_TOP = "off_the_top"

LIFE = 20  # SB-012
AS_ONE_LIFE = 30  # SB-156


def item_note(item: StackItem) -> str:
    """What an item in limbo is, as its events note it for the log: its kind ("card", "ability",
    "trigger", "copy"), and "ability copy" for a copy of an ability."""
    if isinstance(item.data, CopyItemData) and item.data.copied != "card":
        return "ability copy"
    return item.kind


class SpellBattleBase(StackState):
    """Every attribute of a Spell Battle state (the other classes of its chain add none)."""

    __slots__ = (
        "attack_group",
        "block_group",
        "damage",
        "deadly_marked",
        "dealt",
        "draft_round",
        "farm_played",
        "first_damager",
        "group_blocked",
        "group_target",
        "life_max",
        "overrun",
        "pending_dmg",
        "pool_damage",
        "pool_of",
        "tapped",
    )
    ITEM_RECORDS: ClassVar[RecordTable] = ITEM_RECORDS
    COPY: ClassVar[dict[str, str]] = {
        "pool_damage": "list",
        "farm_played": "list",
        "overrun": "list",
        "tapped": "list",
        "damage": "list",
        "attack_group": "dict",
        "group_target": "list",
        "group_blocked": "list",
        "block_group": "dict",
        "dealt": "dict",
        "deadly_marked": "dict",
        "pending_dmg": "list",
    }
    SETUP = WindowState.SETUP | {"pool_of", "life_max"}
    CARD_ARRAYS = (*WindowState.CARD_ARRAYS, "tapped", "damage")
    STACK_ZONE = "limbo"  # "limbo spell": a spell waiting in limbo is a target (a StackRef)

    defs: tuple[SBCard, ...]
    # life (fixed for the game; the seating itself is core's: teams, sides, alive, active)
    pool_of: tuple[int, ...]
    life_max: int
    # players
    pool_damage: list[int]
    farm_played: list[bool]
    overrun: list[bool]
    first_damager: int
    # cards
    tapped: list[bool]
    damage: list[int]
    # limbo (the stack itself, the item resolving, its windows and the trigger queue are core's: StackState)
    # combat
    attack_group: dict[int, int]
    group_target: list[int]
    group_blocked: list[bool]
    block_group: dict[int, int]
    dealt: set[int]
    deadly_marked: set[int]
    pending_dmg: list[tuple[int, Target, int]]  # (source card, the character or player hit, amount)
    # limited formats
    draft_round: int

    @property
    def step(self) -> str:
        """The current step of the turn: Spell Battle calls its phases steps (SB-043)."""
        return self.phase

    @step.setter
    def step(self, name: str) -> None:
        self.phase = name

    # ------------------------------------------------------------------ seats (SB-042, SB-129: clockwise)

    def priority_order(self) -> list[int]:
        """The seats of a priority round: clockwise from the first (SB-129)."""
        return self.clockwise_from(self.window_first_seat())

    def open_priority(self) -> None:
        """A round of priority clockwise from the active player; when all pass, the top of limbo resolves
        and a new round starts (SB-126..130); with limbo empty the step goes on."""
        self.open_window("priority", self.priority_order(), resolve=True)

    def window_first_seat(self) -> int:
        """The active player receives priority first (SB-126, SB-128); after a resolution too (SB-R05)."""
        active = self.active_seats()
        return active[0] if active else self.seats_in_game()[0]

    def defenders_of(self, seat: int) -> list[int]:
        """The seats that defend when ``seat`` is attacked: it alone, or its whole As-one team (SB-159)."""
        pool = self.pool_of[seat]
        return [s for s in range(self.n_seats) if self.pool_of[s] == pool and self.alive[s]]

    def life(self, seat: int) -> int:
        return self.life_max - self.pool_damage[self.pool_of[seat]]

    def pool_damage_of(self, seat: int) -> int:
        """The damage taken by ``seat``'s life pool (its own, or its As-one team's)."""
        return self.pool_damage[self.pool_of[seat]]

    # ------------------------------------------------------------------ cards in play

    @property
    def play_zone(self) -> int:
        return int(self.layout.play)

    def in_play(self, cid: int) -> bool:
        return self.zone_of[cid] == self.layout.play

    def is_farm(self, cid: int) -> bool:
        return self.face_down[cid] and self.zone_of[cid] == self.layout.play

    def is_character(self, cid: int) -> bool:
        """A face-up character card in play."""
        return (
            self.zone_of[cid] == self.layout.play
            and not self.face_down[cid]
            and self.defs[cid].type == "character"
        )

    def characters(self, seat: int | None = None) -> list[int]:
        play = self.layout.play
        defs = self.defs
        out = []
        for cid in self.zones[play]:
            if (
                not self.face_down[cid]
                and defs[cid].type == "character"
                and (seat is None or self.controller[cid] == seat)
            ):
                out.append(cid)
        return out

    def untapped_farms(self, seat: int) -> list[int]:
        fd = self.face_down
        tapped = self.tapped
        ctl = self.controller
        return [c for c in self.zones[self.layout.play] if fd[c] and not tapped[c] and ctl[c] == seat]

    def farm_count(self, seat: int) -> int:
        fd = self.face_down
        ctl = self.controller
        return sum(1 for c in self.zones[self.layout.play] if fd[c] and ctl[c] == seat)

    def stat(self, cid: int, name: str) -> int:
        """A character's current strength or speed: core's one order (printed, the modifiers until end of
        turn and the static abilities in play), never below 0 (SB-K19)."""
        d = self.defs[cid]
        value = self.card_stat(cid, name, d.strength if name == "strength" else d.speed)
        return value if value > 0 else 0

    def strength(self, cid: int) -> int:
        value = self.card_stat(cid, "strength", self.defs[cid].strength)  # (as stat(): read in every combat)
        return value if value > 0 else 0

    def speed(self, cid: int) -> int:
        value = self.card_stat(cid, "speed", self.defs[cid].speed)
        return value if value > 0 else 0

    # ------------------------------------------------------------------ hooks of core's ability layer

    def abilities(self, cid: int) -> AbilitySet:
        """A face-up card's abilities (a farm has none: SB-049); those in play are in force."""
        return NO_ABILITIES if self.face_down[cid] else self.defs[cid].abilities

    def static_target(self, cid: int) -> bool:
        """Static abilities change characters in play (SB-109): is_character, written out (read for every
        static and card)."""
        return (
            self.zone_of[cid] == self.layout.play
            and not self.face_down[cid]
            and self.defs[cid].type == "character"
        )

    # ------------------------------------------------------------------ zones for selectors

    def discard_zone(self, cid: int) -> int:
        """The discard pile a card goes to: its owner's (SB-122/123), or the shared one (SB-R26)."""
        owner = self.owner[cid]
        return int(self.layout.discard[owner if owner >= 0 else 0])

    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        if zone == "play":
            return self.zones[self.layout.play]
        zones = self.layout.discard if zone == "discard" else self.layout.hand
        out: list[int] = []
        for z in sorted(set(zones)):
            out.extend(self.zones[z])
        return out

    def matches(self, sel: Selector, cid: int, ctx: Context) -> bool:
        if sel.zone == "discard" and sel.relation == "you" and self.options["format"] == OFF_THE_TOP:
            sel = replace(sel, relation="any")  # SB-R26: the shared discard pile is everyone's own
        return Selecting.matches(self, sel, cid, ctx)  # (named, not super(): it runs for every candidate)

    def item_is(self, item: StackItem, noun: str) -> bool:
        """A spell waiting in limbo is a "spell"; an ability waiting there is an "ability"."""
        if noun == "ability":
            return not item.is_card
        return item.is_card and self.defs[item.card].type == noun

    def card_is(self, cid: int, noun: str) -> bool:
        if self.zone_of[cid] == self.layout.play:
            if noun == "farm":
                return self.face_down[cid]
            if self.face_down[cid]:
                return False
        return noun == "card" or self.defs[cid].type == noun

    def item_effects(self, item: StackItem) -> tuple[Effect, ...]:
        d = self.defs[item.card]
        if item.effect < 0:
            return d.on_resolve
        return (d.effects[item.effect],)

    def item_selection_effect(self, item: StackItem) -> Effect | None:
        for e in self.item_effects(item):
            if e.target is not None:
                return e
        return None

    # Hooks written by the later classes of SpellBattleState's chain (abilities.py, combat.py and state.py),
    # declared here where the rules of this class call them.

    @abstractmethod
    def check_state(self) -> None: ...
    @abstractmethod
    def destroy_card(self, cid: int, source: int, reason: str = "") -> None: ...
    @abstractmethod
    def leave_play(self, cid: int, zone: int) -> None: ...
    @abstractmethod
    def remove_from_combat(self, cid: int) -> None: ...
    @abstractmethod
    def deal_player_damage(self, source: int, seat: int, amount: int, by: int = -1) -> None: ...
    @abstractmethod
    def clear_combat(self) -> None: ...
    @abstractmethod
    def draw_cards(self, seat: int, n: int) -> None: ...

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
        "attack_group",
        "block_group",
        "damage",
        "deadly_marked",
        "dealt",
        "draft_round",
        "farm_played",
        "first_damager",
        "group_blocked",
        "group_target",
        "life_max",
        "overrun",
        "pending_dmg",
        "pool_damage",
        "pool_of",
        "tapped",
    )

    def clone(self) -> SpellBattleBase:
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
        new.attack_group = self.attack_group.copy()
        new.block_group = self.block_group.copy()
        new.damage = self.damage[:]
        new.deadly_marked = self.deadly_marked.copy()
        new.dealt = self.dealt.copy()
        new.draft_round = self.draft_round
        new.farm_played = self.farm_played[:]
        new.first_damager = self.first_damager
        new.group_blocked = self.group_blocked[:]
        new.group_target = self.group_target[:]
        new.life_max = self.life_max
        new.overrun = self.overrun[:]
        new.pending_dmg = self.pending_dmg[:]
        new.pool_damage = self.pool_damage[:]
        new.pool_of = self.pool_of
        new.tapped = self.tapped[:]
        return new

    # --- end of generated code ---
