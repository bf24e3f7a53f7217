"""The cards on the table: zones of integer card ids, the per-card arrays, knowledge and modifiers.

:class:`TableState` is the second base of every State (after :class:`~spellforge.core.seating.Seating`).
Cards are integer ids; ``zones[z]`` lists the ids in zone ``z`` (top = end) and ``zone_of[cid]`` is the zone
a card is in. Card definitions (``defs``) are shared by every clone; what changes is in lists a clone copies
one level deep. Which seats know a card is ``known`` (core/knowledge.py); a card's current stats are read
through ``modifiers`` (core/modifiers.py): printed value + modifiers with durations, computed on read.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from . import knowledge
from .actions import Action
from .knowledge import EVERYONE, SPECTATOR_BIT
from .modifiers import ADD, TURN, WHILE_IN_PLAY, Modifier, card_value, check, ended, on_card_gone, seat_value
from .rng import Rng
from .seating import Seating
from .zones import Layout

if TYPE_CHECKING:
    from .cards import CardDef
    from .ruleset import Ruleset


@mypyc_attr(allow_interpreted_subclasses=True)
class TableState(Seating):
    """The game's facts and cards: zones, per-card arrays, knowledge and modifiers (see the module
    docstring). Its hooks (where a deck starts, who owns it, which zones a seat sees) have neutral
    defaults a game overrides."""

    __slots__ = (
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
    )
    COPY: ClassVar[dict[str, str]] = {
        "rng": "rng",
        "zones": "nested",
        "zone_of": "list",
        "controller": "list",
        "face_down": "list",
        "known": "list",
        "modifiers": "list",
    }
    # Attributes rebuilt from the record (seed, decks, options), never written by to_json().
    SETUP: ClassVar[frozenset[str]] = Seating.SETUP | frozenset(
        {"game", "options", "seed", "n_seats", "layout", "defs", "deck_keys"}
    )
    # Per-card arrays (indexed by card id) that move with a card's *position* when determinize() swaps
    # hidden identities. Games add theirs (e.g. "tapped").
    CARD_ARRAYS: ClassVar[tuple[str, ...]] = ("controller", "face_down")
    # Per-card arrays other than CARD_ARRAYS that add_card() must extend (e.g. zone-independent stats).
    EXTRA_CARD_ARRAYS: ClassVar[tuple[str, ...]] = ()

    game: Ruleset
    options: Mapping[str, Any]
    seed: int
    n_seats: int
    layout: Layout
    defs: tuple[CardDef, ...]
    owner: tuple[int, ...]
    deck_keys: tuple[tuple[str, ...], ...]
    rng: Rng
    zones: list[list[int]]
    zone_of: list[int]
    controller: list[int]
    face_down: list[bool]
    known: list[int]  # per card: the seats that have learned it (core/knowledge.py)
    modifiers: list[Modifier]  # every modifier in force, oldest first (core/modifiers.py)
    # The legal actions of the pending decision, computed once (core/flowstate.py); anything that may
    # change them drops them.
    _legal: tuple[Action, ...] | None

    def init_table(
        self, game: Ruleset, seed: int, decks: list[list[CardDef]], options: Mapping[str, Any], layout: Layout
    ) -> None:
        """Fill the table. Every card of every deck starts in ``start_zone(seat)``."""
        self.game = game
        self.options = MappingProxyType(dict(options))  # shared by every clone, so read-only
        self.seed = seed
        self.n_seats = len(decks)
        self.layout = layout
        defs: list[CardDef] = []
        owner: list[int] = []
        self.zones = [[] for _ in range(layout.count)]
        for seat, deck in enumerate(decks):
            zone = self.start_zone(seat)
            for card in deck:
                cid = len(defs)
                defs.append(card)
                owner.append(self.card_owner(seat))
                self.zones[zone].append(cid)
        self.defs = tuple(defs)
        self.owner = tuple(owner)
        self.deck_keys = tuple(tuple(card.key for card in deck) for deck in decks)
        n = len(defs)
        self.zone_of = [0] * n
        for z, ids in enumerate(self.zones):
            for cid in ids:
                self.zone_of[cid] = z
        self.controller = list(self.owner)
        self.face_down = [False] * n
        self.known = [0] * n
        self.modifiers = []
        self.rng = Rng(seed)
        self._legal = None

    def start_zone(self, seat: int) -> int:
        """Where a seat's deck starts (hook; default: the zone named ``deck``)."""
        return int(self.layout.deck[seat])

    def card_owner(self, seat: int) -> int:
        """Who owns the cards of ``seat``'s deck (hook; shared-deck modes return -1)."""
        return seat

    def add_card(self, card: CardDef, owner: int, zone: int) -> int:
        """Create a new card instance mid-game (rare: tokens, The Spark). Returns its id."""
        cid = len(self.defs)
        self.defs = (*self.defs, card)
        self.owner = (*self.owner, owner)
        for name in self.CARD_ARRAYS + self.EXTRA_CARD_ARRAYS:
            arr = getattr(self, name)
            arr.append(self.card_array_default(name, cid))
        self.known.append(0)
        self.zone_of.append(zone)
        self.zones[zone].append(cid)
        self._legal = None
        return cid

    def card_array_default(self, name: str, cid: int) -> Any:
        if name == "controller":
            return self.owner[cid]
        arr = getattr(self, name)
        return type(arr[0])() if arr else 0

    # ------------------------------------------------------------------ zones and shared verbs

    def move(self, cid: int, zone: int, *, bottom: bool = False) -> None:
        """Move card ``cid`` to ``zone`` (on top, or at the bottom of an ordered zone).

        A card everyone could see where it was (face up in a public zone) stays known to everyone
        wherever it goes: a card returned from play to a hand, or put from a discard pile under a deck, is
        still that card to every seat, until a shuffle or the game's rule (``forget``) hides it again."""
        src = self.zone_of[cid]
        if self.known[cid] != EVERYONE and not self.face_down[cid] and self.zone_visible(src, None):
            self.known[cid] = EVERYONE
        self.zones[src].remove(cid)
        if bottom:
            self.zones[zone].insert(0, cid)
        else:
            self.zones[zone].append(cid)
        self.zone_of[cid] = zone

    def top(self, zone: int) -> int | None:
        ids = self.zones[zone]
        return ids[-1] if ids else None

    def shuffle(self, zone: int) -> None:
        """Shuffle ``zone``: its cards' places are unknown now, so nobody knows them any more."""
        ids = self.zones[zone]
        self.rng.shuffle(ids)
        knowledge.forget_all(self.known, ids)

    def all_card_ids(self) -> range:
        return range(len(self.defs))

    def check_integrity(self) -> list[str]:
        """Problems with the card bookkeeping (each card in exactly one zone, zone_of in sync)."""
        problems = []
        seen: dict[int, int] = {}
        for z, ids in enumerate(self.zones):
            for cid in ids:
                if cid in seen:
                    problems.append(
                        f"card #{cid} is in {self.layout.label(seen[cid])} and {self.layout.label(z)}"
                    )
                seen[cid] = z
                if self.zone_of[cid] != z:
                    problems.append(
                        f"card #{cid} is in {self.layout.label(z)} but zone_of says {self.zone_of[cid]}"
                    )
        for cid in self.all_card_ids():
            if cid not in seen:
                problems.append(f"card #{cid} ({self.defs[cid].name}) is in no zone")
        return problems

    # ------------------------------------------------------------------ what a seat may see

    def can_see_face_down(self, seat: int | None, cid: int) -> bool:
        """Whether ``seat`` may look at face-down card ``cid`` (default: its owner and controller)."""
        return seat is not None and (self.owner[cid] == seat or self.controller[cid] == seat)

    def zone_visible(self, zone: int, seat: int | None) -> bool:
        """Whether ``seat`` may look at the cards in ``zone`` now (hook; default: the zone's declared
        visibility). Face-down cards are decided apart, by ``can_see_face_down``."""
        return self.layout.visible_to(zone, seat)

    def can_see(self, seat: int | None, cid: int) -> bool:
        """Whether ``seat`` may know the identity of card ``cid`` where it is now: it has learned the card
        (``known``), or the card's zone and orientation show it (``zone_visible``, ``can_see_face_down``).
        A game refines those hooks (``determinize`` reads them zone by zone) rather than this method."""
        if self.known[cid] >> (SPECTATOR_BIT if seat is None else seat) & 1:
            return True
        if not self.zone_visible(self.zone_of[cid], seat):
            return False
        return not self.face_down[cid] or self.can_see_face_down(seat, cid)

    # ------------------------------------------------------------------ knowledge (core/knowledge.py)

    def reveal_to(self, cid: int, *seats: int) -> None:
        """``seats`` look at card ``cid``: they know it from now on, wherever it goes, until it is shuffled
        into a zone or ``forget`` is called."""
        knowledge.reveal(self.known, cid, knowledge.mask_of(seats))

    def reveal_to_everyone(self, cid: int) -> None:
        """Card ``cid`` is shown to every seat and spectator (it stays known as ``reveal_to`` says)."""
        knowledge.reveal(self.known, cid, EVERYONE)

    def forget(self, cid: int, *seats: int) -> None:
        """``seats`` (none given: everyone) no longer know card ``cid`` (the game's rule hides it again)."""
        knowledge.forget(self.known, cid, knowledge.mask_of(seats) if seats else EVERYONE)

    def knows(self, seat: int | None, cid: int) -> bool:
        """Whether ``seat`` has learned card ``cid`` (whatever its zone shows)."""
        return knowledge.knows(self.known, cid, seat)

    # ------------------------------------------------------------------ modifiers (core/modifiers.py)

    def modify_card(
        self, card: int, stat: str, amount: int, duration: int = TURN, source: int = -1, op: int = ADD
    ) -> Modifier:
        """Change ``card``'s ``stat`` by ``amount`` (``op`` ADD) or to it (SET) for ``duration``."""
        return self._add_modifier(Modifier(card, -1, stat, op, amount, duration, source))

    def modify_seat(
        self, seat: int, stat: str, amount: int, duration: int = TURN, source: int = -1, op: int = ADD
    ) -> Modifier:
        """Change ``seat``'s ``stat`` (action points, hand size) for ``duration``."""
        return self._add_modifier(Modifier(-1, seat, stat, op, amount, duration, source))

    def _add_modifier(self, modifier: Modifier) -> Modifier:
        problem = check(modifier)
        if problem:
            raise ValueError(problem)
        self.modifiers.append(modifier)
        self._legal = None
        return modifier

    def card_stat(self, card: int, stat: str, printed: int) -> int:
        """``card``'s ``stat`` now: ``printed`` changed by its modifiers (the game adds its statics)."""
        mods = self.modifiers
        return card_value(mods, card, stat, printed) if mods else printed

    def seat_stat(self, seat: int, stat: str, printed: int) -> int:
        mods = self.modifiers
        return seat_value(mods, seat, stat, printed) if mods else printed

    def end_duration(self, duration: int) -> None:
        """The turn, round, battle or encounter ends: the modifiers lasting that long end with it."""
        mods = self.modifiers
        if any(m.duration == duration for m in mods):
            self.modifiers = ended(mods, duration)
            self._legal = None

    def left_play(self, card: int) -> None:
        """``card`` left play: the modifiers on it end (it is a new object now) and so do the while-in-play
        modifiers it was the source of. A game calls it wherever its cards leave play."""
        mods = self.modifiers
        if any(m.card == card or (m.source == card and m.duration == WHILE_IN_PLAY) for m in mods):
            self.modifiers = on_card_gone(mods, card)
            self._legal = None
