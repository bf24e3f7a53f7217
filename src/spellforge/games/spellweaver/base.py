"""Every attribute of a Spellweaver state, and the small, hot reads all parts of the rules share.

:class:`SpellweaverBase` declares all the game's slots (the other classes of its chain, and the concrete
``SpellweaverState``, declare none): who is active, mana crystals and levels, skills and cooldowns,
per-card facts, and combat. It also gives the reads every part needs: current attack / hitpoints / speed
(printed value + emblems, then core's ability layer: until-end-of-turn changes and static abilities,
SW-058/059, SW-R24), rows, and the level check (SW-R05). Keywords (printed, granted for the turn, or by a
static) are core's ``has_keyword``.

Per-card facts that only cards in play have (emblems, energy, attachments, freeze, "played or moved this
turn") are small dicts and sets keyed by card id, so a clone copies only what is on the table.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from spellforge.core.abilities import AbilityState
from spellforge.core.cards import Effect
from spellforge.core.clock import Clock
from spellforge.core.effects import Context
from spellforge.core.targets import Target

if TYPE_CHECKING:
    from spellforge.core.actions import Action
    from spellforge.core.flow import Decision

    from .cards import SWCard

LIFE = 20  # SW-074
WIN_LIFE = 40  # SW-141
HAND = 7  # SW-067
START_CRYSTALS = 1  # SW-070
MAX_SKILLS = 3  # SW-021
OFFER_LOOK = 4  # SW-086

# Phases (SW-077) and the value of ``phase`` before the first turn.
SETUP = "setup"
START = "start"
DEPLOY = "deploy"
COMBAT = "combat"
REINFORCE = "reinforce"
END = "end"
MAIN_PHASES = (DEPLOY, REINFORCE)

# SW-015: the six aspects, in the order levels are stored.
ASPECTS = ("order", "wisdom", "nature", "rage", "dominion", "corruption")
ASPECT_INDEX = {a: i for i, a in enumerate(ASPECTS)}
EMBLEMS = ("might", "weakness", "shield")  # SW-058..060


class SpellweaverBase(AbilityState):
    """Every attribute of a Spellweaver state (the other classes of its chain add none)."""

    __slots__ = (
        "att",
        "att_tgt",
        "attached",
        "blk",
        "blocked",
        "bonus_mana",
        "clock",
        "cooldown",
        "crystals",
        "damage",
        "emblems",
        "energy",
        "exhausted",
        "first",
        "fresh",
        "fronts",
        "frozen",
        "full",
        "goal",
        "levels",
        "life",
        "manual",
        "offered",
        "play_zones",
        "rows",
        "shrine_played",
        "skills",
    )
    COPY: ClassVar[dict[str, str]] = {
        "life": "list",
        "crystals": "list",
        "full": "list",
        "bonus_mana": "list",
        "levels": "nested",
        "shrine_played": "list",
        "offered": "list",
        "skills": "nested",
        "cooldown": "nested",
        "goal": "list",
        "exhausted": "list",
        "damage": "list",
        "fresh": "dict",
        "frozen": "dict",
        "emblems": "dict",
        "energy": "dict",
        "attached": "dict",
        "att": "list",
        "att_tgt": "dict",
        "blk": "dict",
        "blocked": "dict",
    }
    # Triggered abilities wait for the checkpoint after the action that caused them (SW-R34): there is no
    # stack to put them on (SW-R12), so nothing runs before a window's question.
    STACKED_TRIGGERS = False
    SETUP = AbilityState.SETUP | {"rows", "fronts", "play_zones"}
    CARD_ARRAYS = (*AbilityState.CARD_ARRAYS, "exhausted", "damage")

    defs: tuple[SWCard, ...]
    first: int
    life: list[int]
    crystals: list[int]  # SW-011: every crystal, full or depleted
    full: list[int]  # the full ones
    bonus_mana: list[int]  # mana that must be spent this turn (The Spark, SW-R11; channeled mana)
    levels: list[list[int]]  # per seat, per aspect (cards.ASPECTS)
    shrine_played: list[bool]  # SW-081 / SW-133
    offered: list[bool]  # SW-091 / SW-133
    skills: list[list[int]]  # per seat: the card ids (hero, skill shrines) whose skill the hero holds
    cooldown: list[list[int]]  # per seat, aligned with skills: turns until usable (SW-R09)
    goal: list[str]  # a win the seat's card declared this action (SW-142), checked at the checkpoint
    clock: Clock  # SW-140: the chess clock, when the game is played with one (core/clock.py)
    exhausted: list[bool]
    damage: list[int]
    fresh: set[int]  # played, or moved to the combat row, this turn (SW-097)
    frozen: set[int]  # SW-K05, until end of turn (SW-R18)
    emblems: dict[int, tuple[int, int, int]]  # might, weakness, shield (SW-057..061)
    energy: dict[int, int]  # SW-062..066, cards in play with an energy rating
    attached: dict[int, int]  # attached card -> the creature it is attached to (SW-043, SW-046)
    att: list[int]  # attackers in declaration order (SW-099)
    att_tgt: dict[int, tuple[Target, ...]]  # attacker -> its targets, primary first; () once cancelled
    blk: dict[int, int]  # blocker -> attacker, in declaration order (SW-111)
    blocked: set[int]  # attackers that were blocked, even if their blockers are gone (SW-106)
    rows: frozenset[int]
    fronts: frozenset[int]
    play_zones: tuple[int, ...]
    manual: bool  # every decision waits for an answer, even with one option (scenarios for tests)

    # ------------------------------------------------------------------ seats

    def game_clock(self) -> Clock:
        """SW-140: the chess clock (no banks unless the game is played with the option ``clock``)."""
        return self.clock

    def set_game_clock(self, clock: Clock) -> None:
        self.clock = clock

    def hero_card(self, seat: int) -> int:
        zone = self.zones[self.layout.hero[seat]]
        return zone[0] if zone else -1

    def spark_card(self, seat: int) -> int:
        for cid in self.zones[self.layout.area[seat]]:
            if self.defs[cid].type == "system":
                return cid
        return -1

    def mana(self, seat: int) -> int:
        """Mana the seat can spend now: full crystals plus this turn's extra mana."""
        return self.full[seat] + self.bonus_mana[seat]

    def meets(self, seat: int, req: tuple[int, ...], total: int) -> bool:
        """SW-R05: enough levels of each coloured aspect, and enough levels in all (SW-017/018)."""
        if not total:
            return True
        levels = self.levels[seat]
        if sum(levels) < total:
            return False
        return all(have >= need for have, need in zip(levels, req, strict=True))

    def can_pay(self, seat: int, cost: int, req: tuple[int, ...], total: int) -> bool:
        return cost <= self.mana(seat) and self.meets(seat, req, total)

    # ------------------------------------------------------------------ cards in play

    def in_play(self, cid: int) -> bool:
        return self.zone_of[cid] in self.play_zones

    def in_row(self, cid: int) -> bool:
        return self.zone_of[cid] in self.rows

    def in_front(self, cid: int) -> bool:
        """In a combat (front) row (SW-048)."""
        return self.zone_of[cid] in self.fronts

    def creatures(self, seat: int) -> list[int]:
        L = self.layout
        return [*self.zones[L.combat[seat]], *self.zones[L.support[seat]]]

    def all_creatures(self) -> list[int]:
        L = self.layout
        z = self.zones
        return [*z[L.combat[0]], *z[L.support[0]], *z[L.combat[1]], *z[L.support[1]]]

    def stat(self, cid: int, name: str) -> int:
        """A creature's current attack, hitpoints or speed (SW-032): printed plus its emblems (SW-058/059,
        SW-R24), then core's one order of reading (until-end-of-turn changes SW-041, static abilities);
        attack and speed never below 0."""
        d = self.defs[cid]
        if name == "attack":
            value = d.attack or 0
        elif name == "hp":
            value = d.hp or 0
        else:
            value = d.speed or 0
        if name != "speed":
            e = self.emblems.get(cid)
            if e is not None:
                value += e[0] - e[1]
        value = self.card_stat(cid, name, value)
        if name == "hp":
            return value  # hitpoints may drop below 1: the creature dies (SW-035, SW-K19)
        return value if value > 0 else 0

    def attack(self, cid: int) -> int:
        return self.stat(cid, "attack")

    def speed(self, cid: int) -> int:
        return self.stat(cid, "speed")

    def hp_left(self, cid: int) -> int:
        """Current hitpoints: maximum minus the damage taken this turn (SW-035/036)."""
        return self.stat(cid, "hp") - self.damage[cid]

    def shields(self, cid: int) -> int:
        e = self.emblems.get(cid)
        return e[2] if e is not None else 0

    # ------------------------------------------------------------------ selector hooks

    def card_is(self, cid: int, noun: str) -> bool:
        d = self.defs[cid]
        if d.type == "system":
            return False  # The Spark is never chosen or affected by a card (SW-R11)
        if noun == "creature":
            return d.is_creature
        if noun == "spell":
            return d.is_spell
        return noun == "card" or d.type == noun

    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        L = self.layout
        z = self.zones
        if zone == "play":
            out: list[int] = []
            for zi in self.play_zones:
                out.extend(z[zi])
            return out
        if zone == "attached":
            host = self.attached.get(ctx.source)
            return [host] if host is not None else []
        if zone == "casting":
            return z[L.casting]
        zones = {
            "graveyard": L.graveyard,
            "hand": L.hand,
            "combat": L.combat,
            "support": L.support,
        }[zone]
        return [*z[zones[0]], *z[zones[1]]]

    # Hooks written by the later classes of SpellweaverState's chain (abilities.py, resources.py, combat.py
    # and state.py), declared here where the rules of this class call them.

    @abstractmethod
    def draw_cards(self, seat: int, n: int) -> None: ...
    @abstractmethod
    def deal_damage(self, source: int, target: Target, amount: int) -> None: ...
    @abstractmethod
    def destroy_card(self, cid: int, source: int) -> None: ...
    @abstractmethod
    def kill(self, doomed: list[int]) -> None: ...
    @abstractmethod
    def leave_play(self, cid: int) -> None: ...
    @abstractmethod
    def remove_from_combat(self, cid: int) -> None: ...
    @abstractmethod
    def enter_play(self, cid: int, seat: int) -> None: ...
    @abstractmethod
    def deck_out(self, seat: int) -> None: ...
    @abstractmethod
    def pay(self, seat: int, cost: int) -> None: ...
    @abstractmethod
    def choice_targets(self, effect: Effect | None, source: int, seat: int) -> list[Target]: ...
    @abstractmethod
    def window_extras(self, seat: int, out: list[Action]) -> None: ...
    @abstractmethod
    def change_row(self, cid: int, row: str) -> None: ...
    @abstractmethod
    def remove_spark(self, cid: int) -> None: ...
    @abstractmethod
    def left_front(self, cid: int) -> None: ...
    @abstractmethod
    def window_action(self, seat: int, action: Action) -> None: ...
    @abstractmethod
    def answer_window(self, action: Action, d: Decision) -> None: ...
    @abstractmethod
    def run_effects(self, effects: tuple[Effect, ...], ctx: Context, target: Target | None) -> None: ...

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
        "att",
        "att_tgt",
        "attached",
        "blk",
        "blocked",
        "bonus_mana",
        "clock",
        "cooldown",
        "crystals",
        "damage",
        "emblems",
        "energy",
        "exhausted",
        "first",
        "fresh",
        "fronts",
        "frozen",
        "full",
        "goal",
        "levels",
        "life",
        "manual",
        "offered",
        "play_zones",
        "rows",
        "shrine_played",
        "skills",
    )

    def clone(self) -> SpellweaverBase:
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
        new.att = self.att[:]
        new.att_tgt = self.att_tgt.copy()
        new.attached = self.attached.copy()
        new.blk = self.blk.copy()
        new.blocked = self.blocked.copy()
        new.bonus_mana = self.bonus_mana[:]
        new.clock = self.clock
        new.cooldown = [z[:] for z in self.cooldown]
        new.crystals = self.crystals[:]
        new.damage = self.damage[:]
        new.emblems = self.emblems.copy()
        new.energy = self.energy.copy()
        new.exhausted = self.exhausted[:]
        new.first = self.first
        new.fresh = self.fresh.copy()
        new.fronts = self.fronts
        new.frozen = self.frozen.copy()
        new.full = self.full[:]
        new.goal = self.goal[:]
        new.levels = [z[:] for z in self.levels]
        new.life = self.life[:]
        new.manual = self.manual
        new.offered = self.offered[:]
        new.play_zones = self.play_zones
        new.rows = self.rows
        new.shrine_played = self.shrine_played[:]
        new.skills = [z[:] for z in self.skills]
        return new

    # --- end of generated code ---
