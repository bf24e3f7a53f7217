"""The attributes of a Spelldawn state and the small reads every part of the rules shares.

Spelldawn is two players, one per role (SD-001, SD-002), so zone numbers are module constants. The eight
rooms (SD-019, SD-R01, SD-R02) are numbered 0-7: the Sanctum, the Vault, the Crypts, then outer rooms A-E.
Each room has a zone of defenders (the end of the list is the outermost, SD-R30) and each outer room a zone
for its occupant (a scheme or a project, SD-025).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import ClassVar

from spellforge.core.abilities import AbilitySet, AbilityState
from spellforge.core.effects import Context
from spellforge.core.targets import Place
from spellforge.core.zones import Visibility, ZoneSpec, numbered

from .cards import CHAMPION, OVERLORD, SpelldawnCard

ROOM_NAMES = ("sanctum", "vault", "crypts", "A", "B", "C", "D", "E")
SANCTUM, VAULT, CRYPTS = 0, 1, 2
INNER = (SANCTUM, VAULT, CRYPTS)  # SD-020
OUTER = (3, 4, 5, 6, 7)  # SD-024
ROOMS = tuple(Place("room", n) for n in ROOM_NAMES)
ROOM_OF_PLACE = {p: i for i, p in enumerate(ROOMS)}

ZONES = (
    ZoneSpec("deck", True, Visibility.HIDDEN, "top = end of the list; the Overlord's deck is the Vault"),
    ZoneSpec("hand", True, Visibility.OWNER, "the Overlord's hand is the Sanctum"),
    ZoneSpec(
        "discard", True, Visibility.PUBLIC, "the Overlord's is the Crypts (face-down cards stay hidden)"
    ),
    ZoneSpec("riftcaller", True, Visibility.PUBLIC, "the riftcaller, in play from the start (SD-010)"),
    ZoneSpec("boons", True, Visibility.PUBLIC, "boon cards, in play from the start (SD-010, SD-K32)"),
    ZoneSpec("arena", True, Visibility.PUBLIC, "the Champion's artifacts, allies and evocations"),
    ZoneSpec("score", True, Visibility.PUBLIC, "scored schemes"),
    *(ZoneSpec(f"defenders_{n}", False, Visibility.PUBLIC, f"minions defending {n}") for n in ROOM_NAMES),
    *(ZoneSpec(f"occupant_{n}", False, Visibility.PUBLIC, f"the scheme or project in {n}") for n in "ABCDE"),
    ZoneSpec("limbo", False, Visibility.PUBLIC, "a card being played"),
)
LAYOUT = numbered(ZONES, 2)  # the layout of every game (the ruleset's default), so these numbers hold
DECK = LAYOUT.seat_zones("deck")
HAND = LAYOUT.seat_zones("hand")
DISCARD = LAYOUT.seat_zones("discard")
RIFTCALLER = LAYOUT.seat_zones("riftcaller")
BOONS = LAYOUT.seat_zones("boons")
ARENA = LAYOUT.seat_zones("arena")
SCORE = LAYOUT.seat_zones("score")
DEFENDERS = tuple(LAYOUT.zone(f"defenders_{n}") for n in ROOM_NAMES)
OCCUPANT = (-1, -1, -1, *(LAYOUT.zone(f"occupant_{n}") for n in "ABCDE"))
LIMBO = LAYOUT.zone("limbo")
DEFENDER_ZONES = frozenset(DEFENDERS)
OCCUPANT_LIST = OCCUPANT[3:]
OCCUPANT_ZONES = frozenset(OCCUPANT_LIST)
ROOM_OF_ZONE = {z: r for r, z in enumerate(DEFENDERS)} | {z: r for r, z in enumerate(OCCUPANT) if z >= 0}

ACTION_POINTS = {OVERLORD: 3, CHAMPION: 4}  # SD-068, SD-069
START_MANA = 5  # SD-014
OPENING_HAND = 5  # SD-015
HAND_SIZE = 5  # SD-096
WIN_POINTS = 60  # SD-007, SD-134
MAX_MINIONS = 4  # SD-026
LIMITS = {"weapon": 4, "artifact": 10, "evocation": 5, "ally": 5}  # SD-R20
CURSE_COST = 2  # SD-130, SD-R19
DISPEL_COST = 2  # SD-132, SD-R19

# The raid's steps (SD-102): shown in the View, so the Start-of-Raid check's result is public.
BEGIN, APPROACH, ENCOUNTER, ROOM, ACCESS, END = "begin", "approach", "encounter", "room", "access", "end"


class SpelldawnBase(AbilityState):
    """Every attribute of a Spelldawn state (the other classes of its chain add none), on core's
    ability layer (core/abilities.py): the abilities of the cards in force are declared on the cards
    (``SpelldawnCard.abilities``), and their triggers fire through core's one queue (``effects.py``)."""

    __slots__ = (
        "ap",
        "ch",
        "curses",
        "mana",
        "mulligans",
        "ol",
        "points",
        "progress",
        "raid_accessed",
        "raid_def",
        "raid_done",
        "raid_extra",
        "raid_mana",
        "raid_room",
        "raid_step",
        "raid_story",
        "raid_used",
        "raided_turn",
        "stored",
    )
    COPY: ClassVar[dict[str, str]] = {
        "mana": "list",
        "points": "list",
        "progress": "list",
        "stored": "list",
    }
    CARD_ARRAYS = (*AbilityState.CARD_ARRAYS, "progress", "stored")
    STACKED_TRIGGERS = False  # no stack: a trigger resolves as soon as it fires (effects.py)
    # states saved before Spelldawn had windows and core's trigger queue load with none open or waiting
    ADDED_LATER = frozenset({"windows", "window_serial", "stack", "uid_counter", "pending_triggers"})

    defs: tuple[SpelldawnCard, ...]
    ol: int  # the Overlord's seat
    ch: int  # the Champion's seat
    ap: int  # action points left to the active seat (SD-068, SD-069)
    mana: list[int]  # per seat (SD-014)
    points: list[int]  # per seat (SD-007)
    curses: int  # the Champion's curses (SD-R19)
    mulligans: int  # mulligan decisions made (SD-016, SD-017)
    raided_turn: int  # the last turn in which the Champion made a successful raid
    # the raid in progress (SD-R15: one at a time), as plain values so that clone() copies nothing
    raid_room: int  # the target room, -1 when no raid is in progress
    raid_step: str
    raid_def: int  # index in the room's defenders of the minion approached (-1: none)
    raid_mana: int  # raid-only mana left (SD-R23)
    raid_extra: int  # extra cards to access (a raid spell's "access 1 more")
    raid_used: tuple[int, ...]  # weapons used in this raid
    raid_accessed: tuple[int, ...]  # the cards accessed, in order
    raid_done: tuple[int, ...]  # accessed cards already scored or razed
    # the public story of the raid in progress or the last one (view.py keeps it for the View): the
    # start ("raid", room, turn, -1, 0), then (what, defender position, card, weapon, mana) per step, then
    # ("end", room, the card that ended it or -1, -1, success)
    raid_story: tuple[tuple[str, int, int, int, int], ...]
    progress: list[int]  # per card: progress counters (SD-089)
    stored: list[int]  # per card: stored mana (SD-K11)

    # ------------------------------------------------------------------ reads

    def room_of(self, cid: int) -> int:
        return ROOM_OF_ZONE.get(self.zone_of[cid], -1)

    def occupant(self, room: int) -> int:
        z = OCCUPANT[room]
        if z < 0:
            return -1
        ids = self.zones[z]
        return ids[0] if ids else -1

    # ------------------------------------------------------------------ the ability layer's hooks

    def force_zones(self) -> list[int]:
        """Where face-up cards' abilities work (SD-011, SD-K32), in the order their triggers fire: the
        Overlord's riftcaller and boons and the rooms' occupants, then the Champion's riftcaller, boons and
        arena (a minion's abilities are all its own triggers, fired by the raid: cards.py checks it). Known
        once the seats have their roles (``init_game`` reads them again)."""
        order: list[int] = []
        roles = self.roles
        for seat in range(self.n_seats):
            if roles[seat] == OVERLORD:
                order += (RIFTCALLER[seat], BOONS[seat], *OCCUPANT_LIST)
        for seat in range(self.n_seats):
            if roles[seat] == CHAMPION:
                order += (RIFTCALLER[seat], BOONS[seat], ARENA[seat])
        return order

    def abilities(self, cid: int) -> AbilitySet:
        """A face-up card's abilities; a face-down one has none (SD-033) but the activated ability it may
        use face down (SD-R33: ``veiled``)."""
        d = self.defs[cid]
        return d.veiled if self.face_down[cid] else d.abilities

    def remap_hidden(self, mapping: dict[int, int]) -> None:
        """As core's, but a face-down position in force that took another card has what is in force read
        again only if the card it held or the card it holds gives something face down (``abilities``: its
        ``veiled`` ability, which few cards have). Core's rule reads it again whenever a hidden card is in
        force, which a face-down occupant or defender always is: after nearly every determinization. A
        position's face stays with it, so ``face_down`` of the card now there is the face the card it held
        had; nothing is attached in Spelldawn (no ``host_of``, nothing lent). A face-up position (none is
        hidden in Spelldawn today) is read again as core reads it."""
        if self._in_force is None:
            return
        force, zone_of, face_down, defs = self._force_set, self.zone_of, self.face_down, self.defs
        for old, new in mapping.items():
            if (
                old != new
                and zone_of[new] in force
                and (not face_down[new] or defs[old].veiled.gives or defs[new].veiled.gives)
            ):
                self._in_force = None
                return

    def card_is(self, cid: int, noun: str) -> bool:
        return noun == "card" or self.defs[cid].type == noun

    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        return ()  # no Spelldawn effect selects cards

    # ------------------------------------------------------------------ reads

    def static_total(self, verb: str) -> int:
        """The sum of a static ability over every face-up card in play (both sides), as core's ability
        layer reads the cards in force."""
        force = self._in_force
        if force is None:
            force = self.in_force()
        statics = force.values.get(verb)
        total = 0
        if statics:
            for _, s in statics:
                total += s.amount
        return total

    def max_hand(self, seat: int) -> int:
        """SD-096: 5, changed by the seat's own statics and modifiers."""
        bonus = 0
        statics = self.in_force().values.get("hand_size")
        if statics:
            controller = self.controller
            for src, s in statics:
                if controller[src] == seat:
                    bonus += s.amount
        return max(0, self.seat_stat(seat, "hand_size", HAND_SIZE) + bonus)

    def weapon_attack(self, w: int) -> int:
        return self.card_stat(w, "attack", self.defs[w].attack)

    def available_mana(self, seat: int) -> int:
        """What ``seat`` can pay now: its pool, plus the raid's own mana for the Champion (SD-R23)."""
        if seat == self.ch:
            return self.mana[seat] + self.raid_mana
        return self.mana[seat]

    def pay(self, seat: int, amount: int) -> None:
        """Pay ``amount`` mana; the Champion spends raid mana first (SD-R23)."""
        if seat == self.ch and self.raid_mana > 0:
            used = min(self.raid_mana, amount)
            self.raid_mana -= used
            amount -= used
        self.mana[seat] -= amount

    def raze_cost(self, cid: int) -> int:
        """SD-K29: the printed raze cost plus "projects cost +N to destroy" statics."""
        return self.defs[cid].raze + self.static_total("raze_tax")

    def curse_cost(self) -> int:
        """SD-130, SD-R19: 2 mana to remove a curse, less "costs 1 less" statics."""
        return max(0, CURSE_COST - self.static_total("curse_discount"))

    def defeat_cost(self, weapon: int, minion: int) -> int:
        """SD-R07: mana to defeat ``minion`` with ``weapon``, or -1 when it cannot.

        ``boosts * boost_cost + max(0, shield - breach)`` with ``boosts = ceil(shortfall / bonus)``; a Slow
        weapon doubles the shield before breach (SD-K27); resonance must match or be Prismatic (SD-R06)."""
        w = self.defs[weapon]
        m = self.defs[minion]
        if w.resonance != "prismatic" and w.resonance != m.resonance:
            return -1
        short = m.health - self.weapon_attack(weapon)
        cost = 0
        if short > 0:
            if w.boost_bonus <= 0:
                return -1
            cost = -(-short // w.boost_bonus) * w.boost_cost
        shield = m.shield * 2 if "slow" in w.keywords else m.shield
        return cost + max(0, shield - w.breach)

    # ------------------------------------------------------------------ determinize (SD-R31, DESIGN 2b)

    def position_needs(self, zone: int, index: int, cid: int) -> Hashable | None:
        """A face-down defender (or a minion being played) is a minion; a face-down occupant is a scheme or
        a project, and one with progress counters a scheme short of them or a Level Up card."""
        if not self.face_down[cid]:
            return None
        if zone in DEFENDER_ZONES or zone == LIMBO:
            return "minion"
        if zone in OCCUPANT_ZONES:
            n = self.progress[cid]
            return ("progressed", n) if n else "occupant"
        return None

    def fits_position(self, need: Hashable, cid: int) -> bool:
        d = self.defs[cid]
        if need == "minion":
            return d.type == "minion"
        if need == "occupant":
            return d.type in ("scheme", "project")
        if isinstance(need, tuple):
            return (d.type == "scheme" and d.progress > need[1]) or "level_up" in d.keywords
        return True

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
        "ap",
        "ch",
        "curses",
        "mana",
        "mulligans",
        "ol",
        "points",
        "progress",
        "raid_accessed",
        "raid_def",
        "raid_done",
        "raid_extra",
        "raid_mana",
        "raid_room",
        "raid_step",
        "raid_story",
        "raid_used",
        "raided_turn",
        "stored",
    )

    def clone(self) -> SpelldawnBase:
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
        new.ap = self.ap
        new.ch = self.ch
        new.curses = self.curses
        new.mana = self.mana[:]
        new.mulligans = self.mulligans
        new.ol = self.ol
        new.points = self.points[:]
        new.progress = self.progress[:]
        new.raid_accessed = self.raid_accessed
        new.raid_def = self.raid_def
        new.raid_done = self.raid_done
        new.raid_extra = self.raid_extra
        new.raid_mana = self.raid_mana
        new.raid_room = self.raid_room
        new.raid_step = self.raid_step
        new.raid_story = self.raid_story
        new.raid_used = self.raid_used
        new.raided_turn = self.raided_turn
        new.stored = self.stored[:]
        return new

    # --- end of generated code ---
