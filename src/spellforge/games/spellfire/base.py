"""The attributes of a SPELLFIRE state and the reads every part of the rules shares.

:class:`SpellfireBase` declares every slot of the game (the other classes of its chain add none) and the
small helpers: the zones, the formation and its protection map, a champion's class, traits and level, a
side's total in a round, the Rule of the Cosmos, hand limits and draws.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from spellforge.core.abilities import NO_ABILITIES, AbilitySet, AbilityState
from spellforge.core.effects import Context
from spellforge.core.events import Event
from spellforge.core.modifiers import grants_of
from spellforge.core.targets import Place
from spellforge.core.zones import Visibility, ZoneSpec

from .cards import (
    ACTIVATION_ORDER,
    BEARER,
    CASTS,
    CHAMPION,
    COUNTER,
    DEFEAT,
    DRAWS,
    ENTRY,
    EVENT_ANSWER,
    HAND_LIMIT,
    HIDDEN_POOL,
    ICON_USES,
    LEVEL,
    MOVEMENT,
    PLAY,
    PROTECTION,
    RACES,
    REALM,
    SPELLS,
    UNIQUE_IN_PLAY,
    Ability,
)
from .records import Fight, PlayRec

if TYPE_CHECKING:
    from .cards import SpellfireCard

ZONES = (
    ZoneSpec("deck", True, Visibility.HIDDEN, "the draw pile, face down; top = end of the list (SF-005)"),
    ZoneSpec("hand", True, Visibility.OWNER, "seen only by its owner"),
    ZoneSpec("formation", True, Visibility.PUBLIC, "realms in their positions and their holdings (SF-136)"),
    ZoneSpec("pool", True, Visibility.PUBLIC, "champions and their attachments, in play (SF-153)"),
    ZoneSpec("discard", True, Visibility.PUBLIC, "the discard pile (SF-158)"),
    ZoneSpec("limbo", True, Visibility.PUBLIC, "champions out of play for a time (SF-162)"),
    ZoneSpec("abyss", True, Visibility.PUBLIC, "unplayed discarded events and cards sent there (SF-167)"),
    ZoneSpec("void", True, Visibility.PUBLIC, "removed from the game; nothing returns (SF-170)"),
    ZoneSpec("dungeon", True, Visibility.PUBLIC, "a dungeon card in play, outside the deck (SF-048)"),
    ZoneSpec("rules", False, Visibility.PUBLIC, "rule cards in play, for every player (SF-K08)"),
    ZoneSpec("lasting", False, Visibility.PUBLIC, "events with a duration, in play (SF-R17)"),
    ZoneSpec("table", False, Visibility.PUBLIC, "events and spells being played, awaiting their pause"),
    ZoneSpec("battle", False, Visibility.PUBLIC, "champions and cards in the round of combat (SF-156)"),
)

POSITIONS = "ABCDEFGHIJ"  # SF-136, SF-R10
# A formation position and a dungeon as targets, made once (legal actions name them at every decision;
# a Place checks its fields when made, and one of these is equal to a fresh one).
SLOT_PLACES: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place("slot", name, seat) for name in POSITIONS) for seat in range(6)
)
DUNGEON_PLACES: tuple[Place, ...] = tuple(Place("dungeon", "D", seat) for seat in range(6))
ROWS = ((0,), (1, 2), (3, 4, 5), (6, 7, 8, 9))
# The positions that cover each position (SF-R09, SF-R10): A covers B and C, B covers D and E, ...
COVERERS: tuple[tuple[int, ...], ...] = (
    (),
    (0,),
    (0,),
    (1,),
    (1, 2),
    (2,),
    (3,),
    (3, 4),
    (4, 5),
    (5,),
)
WORLD_BONUS = 3  # SF-199
RACIAL = frozenset(RACES)
REBUILD_COST = 3  # SF-149


class SpellfireBase(AbilityState):
    """Every attribute of a SPELLFIRE state (the other classes of its chain add none)."""

    __slots__ = (
        "allied",
        "attached_to",
        "borrowed",
        "calmed",
        "chose_realm_discard",
        "copied",
        "destroyed",
        "fight",
        "fought",
        "holding_done",
        "lasting_until",
        "limbo_until",
        "mulligans",
        "negated",
        "played_realm",
        "plays",
        "pool_phases",
        "razed",
        "realm_done",
        "reflecting",
        "slots",
        "spent",
        "taken_back",
        "turned",
        "turns_taken",
        "twins",
        "used_at",
    )
    DERIVED = AbilityState.DERIVED | {"twins"}
    # the zones whose cards change players' numbers while there (SPELLFIRE's seat statics)
    ABILITY_ZONES = ("formation", "rules", "dungeon")
    COPY: ClassVar[dict[str, str]] = {
        "allied": "list",
        "attached_to": "list",
        "calmed": "list",
        "destroyed": "list",
        "chose_realm_discard": "list",
        "fight": "record",
        "fought": "list",
        "holding_done": "list",
        "lasting_until": "dict",
        "limbo_until": "dict",
        "mulligans": "list",
        "negated": "list",
        "played_realm": "list",
        "plays": "list",
        "pool_phases": "list",
        "realm_done": "list",
        "razed": "list",
        "slots": "nested",
        "taken_back": "list",
        "turned": "list",
        "turns_taken": "list",
        "used_at": "dict",
        "copied": "dict",
        "borrowed": "dict",
    }
    CARD_ARRAYS = (
        *AbilityState.CARD_ARRAYS,
        "attached_to",
        "razed",
        "fought",
    )

    defs: tuple[SpellfireCard, ...]
    # per card
    attached_to: list[int]  # the champion (or realm, for a holding) it is attached to, else -1
    razed: list[bool]  # a realm turned face down in its position (SF-144)
    fought: list[int]  # the turn in which the champion took part in a round (SF-180), else -1
    # per card in play, sparse (only cards in public zones have an entry, so determinize needs none)
    limbo_until: dict[int, int]  # its owner's turn count at whose end it leaves Limbo (SF-165)
    used_at: dict[int, int]  # the owner's phase-3 count when a once-per-turn power was used (SF-317)
    lasting_until: dict[int, int]  # a duration event: the seat whose turn's end it lasts to (SF-R17)
    copied: dict[int, int]  # a copier: the champion whose power it copies (SF-261)
    borrowed: dict[int, int]  # a borrowed item: the champion it returns to (SF-255)
    # per seat
    slots: list[list[int]]  # formation positions: a realm's id or -1 (SF-136)
    realm_done: list[bool]  # the phase-2 realm action was taken this turn (SF-102)
    holding_done: list[bool]  # a holding was played this turn (SF-102)
    played_realm: list[bool]  # has ever put a realm into his formation (SF-084)
    chose_realm_discard: list[bool]  # discarded a realm of his own accord (SF-089)
    mulligans: list[int]  # consecutive mulligans called (SF-091)
    turns_taken: list[int]  # turns begun (SF-071, SF-165)
    pool_phases: list[int]  # regular phase 3s begun: the once-per-turn windows (SF-317, SF-319)
    # the battle and the plays
    fight: Fight  # the battle of this turn
    allied: list[int]  # champions of a pool brought into the round as allies (SF-224, SF-225)
    taken_back: list[int]  # cards their owner took out of play this turn, seen by all (SF-313)
    destroyed: list[int]  # cards destroyed: gone from the game and their owners' decks (SF-008)
    plays: list[PlayRec]  # the events and spells being resolved
    spent: frozenset[int]  # champions in play that cast a Wish: never used again (SF-242); rarely any
    negated: list[int]  # uids of plays negated or dispelled
    calmed: list[tuple[int, int]]  # (uid, seat): that seat ignores that event (SF-285)
    turned: list[int]  # uids of spells turned back on their caster (SF-238)
    reflecting: int  # the seat whose reflection lasts the rest of phase 4 (SF-239), else -1
    twins: tuple[tuple[int, ...], ...]  # per card: the other cards of its name and type (derived)

    # ------------------------------------------------------------------ zones

    def card_array_default(self, name: str, cid: int) -> Any:
        if name in ("razed",):
            return False
        if name in ("attached_to", "fought"):
            return -1
        return super().card_array_default(name, cid)

    def card_is(self, cid: int, noun: str) -> bool:
        return self.defs[cid].type == noun

    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        """The cards of a zone word: "play" is every card in play (SF-156, SF-157)."""
        if zone != "play":
            raise ValueError(f"SPELLFIRE selectors name no zone {zone!r}")
        return [
            c for z, cards in enumerate(self.zones) for c in cards if self.in_play(c) and self.zone_of[c] == z
        ]

    def abilities(self, cid: int) -> AbilitySet:
        """What a card in force gives: a razed realm gives nothing (SF-144, SF-151)."""
        return NO_ABILITIES if self.razed[cid] else self.defs[cid].abilities

    def zone_name(self, cid: int) -> str:
        return self.layout.names[self.zone_of[cid]]

    def in_play(self, cid: int) -> bool:
        """In a pool, a formation or a battle (SF-156), or a rule card or lasting event (SF-157)."""
        name = self.layout.names[self.zone_of[cid]]
        return name in ("pool", "formation", "battle", "rules", "lasting", "dungeon")

    def hand_of(self, seat: int) -> list[int]:
        return self.zones[self.layout.hand[seat]]

    def pool_of(self, seat: int) -> list[int]:
        """The champions in ``seat``'s pool (not their attachments)."""
        return [c for c in self.zones[self.layout.pool[seat]] if self.attached_to[c] < 0]

    def attachments(self, cid: int) -> list[int]:
        attached_to = self.attached_to
        return [c for c in self.zones[self.zone_of[cid]] if attached_to[c] == cid]

    def realms_of(self, seat: int) -> list[int]:
        return [c for c in self.slots[seat] if c >= 0]

    def unrazed_realms(self, seat: int) -> list[int]:
        razed = self.razed
        return [c for c in self.slots[seat] if c >= 0 and not razed[c]]

    def unrazed_count(self, seat: int) -> int:
        """How many unrazed realms ``seat``'s formation holds (the count that wins)."""
        razed = self.razed
        n = 0
        for c in self.slots[seat]:
            if c >= 0 and not razed[c]:
                n += 1
        return n

    def discard_card(self, cid: int) -> None:
        """``cid`` goes to its owner's discard pile; an event goes to the Abyss instead (SF-082)."""
        owner = self.owner[cid]
        if self.face_down[cid]:
            self.face_down[cid] = False
        if self.defs[cid].type == "event":
            self.to_zone(cid, self.layout.abyss[owner])
        else:
            self.to_zone(cid, self.layout.discard[owner])

    def to_zone(self, cid: int, zone: int) -> None:
        """Move ``cid`` out of play (or into hand) and forget its play-state; its attachments go to the
        discard pile (SF-155) unless they move with it (``move_with``)."""
        was = self.zone_of[cid]
        for a in self.attachments(cid) if self.layout.names[was] in ("pool", "battle", "formation") else ():
            self.attached_to[a] = -1
            self.left_play(a)
            self.discard_card(a)
        self._leave(cid)
        self.move(cid, zone)

    def _leave(self, cid: int) -> None:
        if self.face_down[cid]:
            self.face_down[cid] = False  # out of a hidden pool, a card is seen again (SF-K45)
        if self.attached_to[cid] >= 0:
            self.attached_to[cid] = -1
        if self.razed[cid]:
            self.razed[cid] = False
        self.copied.pop(cid, None)
        self.borrowed.pop(cid, None)
        self.lasting_until.pop(cid, None)
        self.used_at.pop(cid, None)
        self.limbo_until.pop(cid, None)
        if self.fought[cid] != -1:
            self.fought[cid] = -1
        if cid in self.spent:
            self.spent -= {cid}
        for slots in self.slots:  # a realm leaves its position (read for every card leaving play)
            while cid in slots:
                slots[slots.index(cid)] = -1
        self.left_play(cid)

    # ------------------------------------------------------------------ hidden pools (SF-R22, SF-K45)

    def pool_hidden(self, seat: int) -> bool:
        """Whether a card of ``seat`` in play hides his pool (a dungeon's power, a seat static, SF-R22)."""
        return self.seat_stat(seat, HIDDEN_POOL, 0) > 0

    def hide_in_pool(self, champion: int) -> None:
        """A champion arriving in a hidden pool lies face down there: only its controller sees it
        (SF-K45); what is attached to it stays face up, as everything in play does."""
        if self.defs[champion].type == CHAMPION and self.pool_hidden(self.controller[champion]):
            self.face_down[champion] = True

    def hidden_in_pool(self, seat: int) -> bool:
        """Whether ``seat`` has a face-down champion in his pool (asked whenever he might use it)."""
        fd = self.face_down
        return any(fd[c] for c in self.zones[self.layout.pool[seat]])

    # ------------------------------------------------------------------ the formation

    def positions(self) -> int:
        return len(self.slots[0])

    def position_of(self, realm: int) -> int:
        seat = self.controller[realm]  # the player whose formation holds it, its owner or not
        slots = self.slots[seat]
        return slots.index(realm) if realm in slots else -1

    def open_positions(self, seat: int) -> list[int]:
        """Where a new realm may go: an empty position of the foremost row with one (SF-130, SF-133,
        SF-134, SF-135, SF-137), or on top of a razed realm (SF-130, SF-146); never over an unrazed one
        (SF-131)."""
        slots = self.slots[seat]
        n = len(slots)
        out: list[int] = []
        for full_row in ROWS:
            row = [p for p in full_row if p < n]
            if not row:
                break
            empty = [p for p in row if slots[p] < 0]
            if empty:
                out = empty
                break
        for p, c in enumerate(slots):
            if c >= 0 and self.razed[c]:
                out.append(p)
        return sorted(out)

    def protected(self, realm: int) -> bool:
        """Whether an unrazed realm stands in front of it (SF-139, SF-140, SF-R09)."""
        slots = self.slots[self.controller[realm]]  # the formation holding it, its owner's or not
        pos = slots.index(realm)
        return any(slots[p] >= 0 and not self.razed[slots[p]] for p in COVERERS[pos])

    # ------------------------------------------------------------------ champions

    def is_champion(self, cid: int) -> bool:
        return self.defs[cid].type == CHAMPION

    def classes(self, cid: int) -> tuple[str, ...]:
        """The champion's classes now: an attached class-changing item replaces them (SF-228)."""
        defs = self.defs
        for a in self.attachments(cid):
            for given in defs[a].at.get(BEARER, ()):  # ``gives`` inline: read for every champion's classes
                if given.does == "class":
                    return (str(given.effect.param("class")),)
        d = defs[cid]
        return (d.card_class, d.class2) if d.class2 else (d.card_class,)

    def traits(self, cid: int) -> frozenset[str]:
        """Printed and blueline traits, plus those granted by attachments and for the round (core keyword
        grants lasting the ROUND, SF-030, SF-235); a
        copier also has the racial traits and blueline traits of the card it copies (SF-259)."""
        t = self.defs[cid].all_traits
        model = self.copied.get(cid, -1) if self.copied else -1
        if model >= 0:
            md = self.defs[model]
            t = t | md.blueline | (md.traits & RACIAL)
        extra: list[str] = []
        for a in self.attachments(cid):
            trait = self.gives(a, "trait")
            if trait is not None:
                extra.append(str(trait.effect.param("traits")))
        if self.modifiers:
            extra += grants_of(self.modifiers, cid)  # granted for the round (SF-235)
        if extra:
            t = t | frozenset(extra)
        return t

    def movement(self, cid: int) -> frozenset[str]:
        return self.traits(cid) & frozenset(MOVEMENT)

    def base_level(self, cid: int) -> int:
        """The icon's first number; a "?" champion's level comes from its condition (SF-022, SF-035)."""
        d = self.defs[cid]
        if d.variable_level and self.ability(cid, LEVEL, "realms") is not None:
            return self.unrazed_count(self.controller[cid])  # its owner's unrazed realms
        return d.level

    def level(self, cid: int) -> int:
        """The adjusted level outside the world bonus: base + modifiers (SF-K02)."""
        return self.card_stat(cid, "level", self.base_level(cid))

    def can_use(self, champion: int, card: int) -> bool:
        """Whether the champion's icon (or a granted ability) lets it use ``card`` (SF-226, SF-263, SF-K12)."""
        t = self.defs[card].type
        if t in SPELLS and self.ability(champion, CASTS, "spells", copies=True) is not None:
            return True
        return any(ICON_USES.get(k) == t for k in self.classes(champion))

    def voluntary(self, cid: int) -> bool:
        """Whether the card may use a power its controller chooses to use: not if he took it out of play
        of his own accord this turn and brought it back (SF-313); its immunities, race and other powers
        stay."""
        return not self.taken_back or cid not in self.taken_back

    def abilities_at(self, cid: int, point: str) -> tuple[Ability, ...]:
        """Card ``cid``'s powers that act at ``point`` of the rules (cards.AT): its own, then those of the
        champion it copies (SF-257)."""
        own = self.defs[cid].at.get(point, ())
        if self.copied:
            model = self.copied.get(cid, -1)
            if model >= 0:
                return own + self.defs[model].at.get(point, ())
        return own

    def entry_cost(self, card: int) -> int:
        """How many cards its owner discards for ``card`` to enter play (SF-270): 0 for most."""
        entry = self.defs[card].at.get(ENTRY)
        if entry is None:  # most cards (read for every champion in hand at every phase 3)
            return 0
        return sum(a.effect.amount for a in entry if a.does == "discard")

    def event_answer(self, cid: int) -> str:
        """What card ``cid`` may do in an event's pause (SF-285, SF-287, SF-302): "negate", "calm",
        "duplicate", "negate_lasting" (a Wish: only an event with a duration, SF-288), or "" (the first of
        them it has)."""
        answers = self.defs[cid].at.get(EVENT_ANSWER)  # ``abilities_at`` inline: read for every card in hand
        if answers:
            return answers[0].does
        model = self.copied.get(cid, -1) if self.copied else -1
        if model >= 0:
            answers = self.defs[model].at.get(EVENT_ANSWER)
            if answers:
                return answers[0].does
        return ""

    def plays_as(self, card: int) -> str:
        """How spell or event ``card`` is played (point PLAY): what it is aimed at ("opposing_champion",
        "any_champion", "limbo_champion", "opposing_item", "realm", "player", "support", "own_champion",
        "seen_champion"), or when it may be ("unaimed": at any time its type allows, "answer": only in
        answer to a spell or an event, "monsters", "unlocked", "wall"); "" for a card with no such power."""
        plays = self.defs[card].at.get(PLAY)
        return plays[0].does if plays else ""

    def counters(self, card: int) -> str:
        """What ``card`` may do when a spell is cast (point COUNTER): "dispel", "turn", "reflect" (a
        spell in hand) or "cancel_wish" (a holding); "" for none."""
        counters = self.defs[card].at.get(COUNTER)
        return counters[0].does if counters else ""

    def defeating(self, cid: int, does: str, *, copies: bool = True) -> Ability | None:
        """Card ``cid``'s power that defeats a champion outright (point DEFEAT) the way ``does`` names:
        "classes" (a champion's, SF-K29), "level_ge" (an item's, SF-247), "level_le" (an ally's, SF-247);
        ``copies``: a copier's model's counts (SF-257)."""
        return self.ability(cid, DEFEAT, does, copies=copies)

    def defeats(self, power: Ability, victim: int) -> bool:
        """Whether a defeating ``power`` (``defeating``) defeats champion ``victim``: of one of its classes,
        or of its level or more, or of its level or less."""
        e = power.effect
        if power.does == "classes":
            return not set(str(e.param("traits")).split("|")).isdisjoint(self.classes(victim))
        if power.does == "level_ge":
            return self.level(victim) >= e.amount
        return self.level(victim) <= e.amount

    def ability(self, card: int, point: str, does: str, *, copies: bool = False) -> Ability | None:
        """``card``'s own power at ``point`` (cards.AT) that does ``does``, if it has one; ``copies``: or
        the one of the champion it copies (SF-257)."""
        for a in self.abilities_at(card, point) if copies else self.defs[card].at.get(point, ()):
            if a.does == does:
                return a
        return None

    def gives(self, card: int, does: str) -> Ability | None:
        """What ``card`` gives the champion bearing or using it (point BEARER): a class ("class", SF-228)
        or a trait ("trait", SF-235)."""
        for a in self.defs[card].at.get(BEARER, ()):  # ``ability`` inline: read for every attachment
            if a.does == does:
                return a
        return None

    def immune(self, cid: int, what: str) -> bool:
        """Whether champion ``cid``'s own power, or the one it copies, makes it immune to ``what`` (point
        PROTECTION): "spells" (SF-249) or "items" (SF-250)."""
        # ``abilities_at`` inline, and no generator: read for every side's total
        for a in self.defs[cid].at.get(PROTECTION, ()):
            if a.does == what:
                return True
        model = self.copied.get(cid, -1) if self.copied else -1
        if model >= 0:
            for a in self.defs[model].at.get(PROTECTION, ()):
                if a.does == what:
                    return True
        return False

    def immune_to_spells(self, cid: int) -> bool:
        """Immune to offensive spells: its own power or an attached artifact's (SF-249, SF-251, SF-254),
        only while it is in play: not in Limbo, the Abyss or a hand (SF-253)."""
        if not self.in_play(cid):
            return False
        if self.immune(cid, "spells"):
            return True
        for a in self.attachments(cid):  # an artifact's power (SF-251)
            for power in self.defs[a].at.get(PROTECTION, ()):
                if power.does == "spells":
                    return True
        return False

    def activation_key(self, cid: int) -> tuple[int, int, str, int]:
        """Order of activation within a side: by type (artifacts, allies, items, blood abilities, thief
        skills, unarmed, psionic powers, spells), then the highest icon bonus, then the name, then the card
        number (SF-219..SF-222)."""
        d = self.defs[cid]
        rank = ACTIVATION_ORDER.index(d.type) if d.type in ACTIVATION_ORDER else len(ACTIVATION_ORDER)
        return (rank, -d.bonus, d.name, d.number)

    # ------------------------------------------------------------------ the Rule of the Cosmos

    def find_twins(self) -> None:
        """Which cards are identical for the Rule of the Cosmos (same name and type, SF-126)."""
        by: dict[tuple[str, str], list[int]] = {}
        for cid, d in enumerate(self.defs):
            if d.type in UNIQUE_IN_PLAY:
                by.setdefault((d.type, d.name), []).append(cid)
        twins: list[tuple[int, ...]] = [()] * len(self.defs)
        for ids in by.values():
            if len(ids) > 1:
                for cid in ids:
                    twins[cid] = tuple(c for c in ids if c != cid)
        self.twins = tuple(twins)

    def rebuild(self) -> None:
        super().rebuild()
        self.find_twins()

    def cosmos_blocked(self, cid: int) -> bool:
        """Whether a card identical to ``cid`` is in play anywhere (SF-125); razed realms count (SF-127),
        Limbo does not (SF-128)."""
        twins = self.twins[cid]
        if not twins:
            return False
        lay = self.layout
        zone_of = self.zone_of
        playing = {*lay.pool, *lay.formation, lay.battle}
        # a face-down champion of another player's hidden pool is unknown to ``cid``'s owner, so it
        # cannot stop him; it cannot be turned face up beside its twin (``available_champions``)
        me = self.owner[cid]
        fd = self.face_down
        return any(zone_of[t] in playing and (not fd[t] or self.controller[t] == me) for t in twins)

    # ------------------------------------------------------------------ hand limits and draws

    def format_numbers(self) -> tuple[int, int, int]:
        """(starting hand, draw per turn, hand limit) for the deck size in use (SF-070, SF-073..SF-081)."""
        size = self.options["deck_size"]
        if size == 110:
            return 7, 5, 12
        if size == 75:
            return 6, 4, 10
        return 5, 3, 8

    def hand_limit(self, seat: int) -> int:
        """The format's limit changed by cards in force (SF-123)."""
        return max(self.seat_stat(seat, HAND_LIMIT, self.format_numbers()[2]), 0)

    def draws(self, seat: int) -> int:
        """Phase-1 draws: the format's, plus extra draws, less other players' draw-limiting rule cards
        (SF-072, SF-101). On the player's first turn he draws exactly the format's number: no card adds
        to it or takes from it (SF-071, SF-K43)."""
        n = self.format_numbers()[1]
        if self.turns_taken[seat] <= 1:
            return n
        return max(self.seat_stat(seat, DRAWS, n), 0)

    def draw(self, seat: int, n: int = 1) -> int:
        """Draw ``n`` cards; a draw due while the draw pile is empty is lost (SF-268). Returns how many."""
        deck = self.zones[self.layout.deck[seat]]
        hand = self.layout.hand[seat]
        got = 0
        for _ in range(n):
            if not deck:
                self.emit(Event("draw_lost", seat))
                continue
            cid = deck[-1]
            self.move(cid, hand)
            self.emit(Event("draw", seat, cid, secret=True))
            got += 1
        return got

    def raze(self, realm: int, why: str = "") -> None:
        """Turn a realm face down where it is (SF-144); its holding is discarded (SF-145). ``why`` is the
        log's reason ("undefended", "lost", "extra turn")."""
        for h in self.attachments(realm):
            self.attached_to[h] = -1
            self.left_play(h)
            self.discard_card(h)
        self.razed[realm] = True
        self.abilities_changed()
        self.emit(Event("razed", self.owner[realm], realm, note=why))

    def discard_from_hand(self, seat: int, card: int, voluntary: bool) -> None:
        if voluntary and self.defs[card].type == REALM:
            self.chose_realm_discard[seat] = True  # SF-089 (an effect's discard does not count, SF-088)
        self.discard_card(card)
        self.emit(Event("discard", seat, card))

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
        "allied",
        "attached_to",
        "borrowed",
        "calmed",
        "chose_realm_discard",
        "copied",
        "destroyed",
        "fight",
        "fought",
        "holding_done",
        "lasting_until",
        "limbo_until",
        "mulligans",
        "negated",
        "played_realm",
        "plays",
        "pool_phases",
        "razed",
        "realm_done",
        "reflecting",
        "slots",
        "spent",
        "taken_back",
        "turned",
        "turns_taken",
        "twins",
        "used_at",
    )

    def clone(self) -> SpellfireBase:
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
        new.allied = self.allied[:]
        new.attached_to = self.attached_to[:]
        new.borrowed = self.borrowed.copy()
        new.calmed = self.calmed[:]
        new.chose_realm_discard = self.chose_realm_discard[:]
        new.copied = self.copied.copy()
        new.destroyed = self.destroyed[:]
        new.fight = self.fight.copy()
        new.fought = self.fought[:]
        new.holding_done = self.holding_done[:]
        new.lasting_until = self.lasting_until.copy()
        new.limbo_until = self.limbo_until.copy()
        new.mulligans = self.mulligans[:]
        new.negated = self.negated[:]
        new.played_realm = self.played_realm[:]
        new.plays = self.plays[:]
        new.pool_phases = self.pool_phases[:]
        new.razed = self.razed[:]
        new.realm_done = self.realm_done[:]
        new.reflecting = self.reflecting
        new.slots = [z[:] for z in self.slots]
        new.spent = self.spent
        new.taken_back = self.taken_back[:]
        new.turned = self.turned[:]
        new.turns_taken = self.turns_taken[:]
        new.twins = self.twins
        new.used_at = self.used_at.copy()
        return new

    # --- end of generated code ---
