"""The State of one match: zones of integer card ids, per-card arrays, a seeded RNG, and the work stack.

Everything a game needs to continue lives in ``__slots__`` attributes of plain values (ints, strings,
tuples, lists, NamedTuples), so:

* ``clone()`` is generated per State class: immutable attributes are shared, lists are copied one level
  (nested lists two levels). No ``deepcopy``.
* ``to_json()`` writes every attribute, and ``game.from_json()`` reads it back exactly.
* ``determinize(seat, rng)`` permutes the identities of the cards ``seat`` cannot see (neither shown by their
  zone nor learned: ``known``, core/knowledge.py), within each owner's hidden cards and what each position
  may hold, and gives the copy a fresh RNG so future shuffles are not predictable.

A card's current stats are read through ``modifiers`` (core/modifiers.py): printed value + modifiers with
durations, computed on read.

A game subclasses :class:`State`, declares its extra attributes in ``__slots__`` and how each is copied
in ``COPY``, and registers the methods the engine runs (core/kinds.py): its flow ops with
``@flow_op("name")``, and each decision kind with ``@legal("kind")`` on the method listing its options
(reading ``self.decision``; ``forced=`` says when a single option is taken without asking) and
``@act("kind")`` on ``act(self, action, decision)`` (the decision is already cleared, so the handler may
post the next one). When the class is made, the registrations become the typed tables ``OPS`` and
``KINDS``; a frame or a decision that names something unregistered is an error where it is made.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from itertools import repeat
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from . import describe, knowledge
from .actions import Action, Resign, seat_name
from .errors import IllegalActionError
from .events import LOSE, Event
from .flow import Decision, Frame, Outcome
from .kinds import Kind, UnregisteredError, build_tables, flow_op, unknown
from .knowledge import EVERYONE, SPECTATOR_BIT
from .modifiers import ADD, TURN, WHILE_IN_PLAY, Modifier, card_value, check, ended, on_card_gone, seat_value
from .replay import encode_state
from .rng import Rng
from .seating import Seating
from .targets import CardRef, Place, Target
from .zones import Layout

if TYPE_CHECKING:
    from .cards import CardDef
    from .ruleset import Ruleset


_new_tuple = tuple.__new__

# How an attribute is copied by clone(): shared (default), list, nested (list of lists), records
# (list of objects with .copy()), dict (one-level), call (the attribute's own .copy()/.clone()).
_COPY_CODE = {
    "list": "self.{0}[:]",
    "nested": "[z[:] for z in self.{0}]",
    "records": "[r.copy() for r in self.{0}]",
    "dict": "self.{0}.copy()",
    "rng": "self.{0}.clone()",
}


class State(Seating, ABC):
    """One match. See the module docstring; the public API is in ``spellforge`` (DESIGN.md section 3).

    Its seating (seats, roles, teams, who is alive, whose turn) comes from :class:`Seating`."""

    __slots__ = (
        "_hist",
        "_legal",
        "_log",
        "controller",
        "decision",
        "decisions_made",
        "deck_keys",
        "defs",
        "determinized",
        "face_down",
        "game",
        "known",
        "layout",
        "modifiers",
        "n_seats",
        "options",
        "outcome",
        "owner",
        "phase",
        "rng",
        "search_copy",
        "seed",
        "turn",
        "work",
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
        "work": "list",
    }
    # Attributes rebuilt from the record (seed, decks, options), never written by to_json().
    SETUP: ClassVar[frozenset[str]] = Seating.SETUP | frozenset(
        {"game", "options", "seed", "n_seats", "layout", "defs", "deck_keys"}
    )
    # Attributes recomputed by rebuild() after loading; not written by to_json().
    DERIVED: ClassVar[frozenset[str]] = frozenset({"_legal", "search_copy"})
    # Per-card arrays (indexed by card id) that move with a card's *position* when determinize() swaps
    # hidden identities. Games add theirs (e.g. "tapped").
    CARD_ARRAYS: ClassVar[tuple[str, ...]] = ("controller", "face_down")
    # NamedTuple / record classes that may appear in attribute values, for from_json().
    RECORDS: ClassVar[tuple[type, ...]] = ()

    # Built from the registrations (core/kinds.py) when the class is made: flow ops and decision kinds by
    # name, and the kinds' two methods again by name for the engine's dispatch.
    OPS: ClassVar[dict[str, Callable[..., None]]]
    KINDS: ClassVar[dict[str, Kind]]
    LEGAL: ClassVar[dict[str, Callable[[Any], Iterable[Action]]]]
    ACT: ClassVar[dict[str, Callable[[Any, Action, Decision], None]]]
    FORCED: ClassVar[dict[str, Callable[[Any, Decision], bool] | None]]  # the kinds' single-option rules
    DEFAULT_FORCED: ClassVar[bool]  # publicly_forced is the default hook
    CONDITIONS: ClassVar[dict[str, Callable[[Any], bool]]]  # window close conditions (core/windows.py)
    ALL_SLOTS: ClassVar[tuple[str, ...]]
    ALL_COPY: ClassVar[dict[str, str]]

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
    work: list[Frame]
    decision: Decision | None
    outcome: Outcome | None
    turn: int
    phase: str
    decisions_made: int
    determinized: bool
    search_copy: bool  # a search bot's private copy: see ``_run`` (never set in a real game)
    _hist: tuple[Any, ...] | None
    _log: tuple[Any, ...] | None
    _legal: tuple[Action, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._build_class_tables()

    @classmethod
    def _build_class_tables(cls) -> None:
        slots: list[str] = []
        copy: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in slots:
                    slots.append(name)
            copy.update(klass.__dict__.get("COPY", {}))
        unknown = set(copy) - set(slots)
        if unknown:
            raise TypeError(f"{cls.__name__}.COPY names attributes that are not slots: {sorted(unknown)}")
        cls.ALL_SLOTS = tuple(slots)
        cls.ALL_COPY = copy
        tables = build_tables(cls)
        cls.OPS = tables.ops
        cls.KINDS = tables.kinds
        cls.LEGAL = {name: kind.legal for name, kind in tables.kinds.items()}
        cls.ACT = {name: kind.act for name, kind in tables.kinds.items()}
        cls.FORCED = {name: kind.forced for name, kind in tables.kinds.items()}
        # whether publicly_forced is core's, so ``_run`` reads the kinds' rules inline
        cls.DEFAULT_FORCED = cls.publicly_forced.__qualname__ == "State.publicly_forced"
        cls.CONDITIONS = tables.conditions
        lines = ["def clone(self):", "    new = _new(_cls)"]
        for name in slots:
            how = copy.get(name)
            expr = _COPY_CODE[how].format(name) if how else f"self.{name}"
            lines.append(f"    new.{name} = {expr}")
        lines.append("    return new")
        namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        exec("\n".join(lines), namespace)  # a straight-line copy: the fastest clone CPython can do
        fn = namespace["clone"]
        fn.__doc__ = "A copy that shares immutable data and copies what changes (no deepcopy)."
        cls.clone = fn  # type: ignore[method-assign]

    # ------------------------------------------------------------------ construction

    def init_core(
        self, game: Ruleset, seed: int, decks: list[list[CardDef]], options: Mapping[str, Any], layout: Layout
    ) -> None:
        """Fill the core attributes. Every card of every deck starts in ``start_zone(seat)``."""
        self.game = game
        self.options = MappingProxyType(dict(options))  # shared by every clone, so read-only
        self.seed = seed
        self.n_seats = n = len(decks)
        # each seat alone, without a role, until new_game seats the players by the game's hooks
        self.init_seating(("",) * n, tuple(range(n)), tuple((s,) for s in range(n)))
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
        self.work = []
        self.decision = None
        self.outcome = None
        self.turn = 0
        self.phase = "setup"
        self.decisions_made = 0
        self.determinized = False
        self.search_copy = False
        self._hist = None
        self._log = None
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

    # Per-card arrays other than CARD_ARRAYS that add_card() must extend (e.g. zone-independent stats).
    EXTRA_CARD_ARRAYS: ClassVar[tuple[str, ...]] = ()

    def card_array_default(self, name: str, cid: int) -> Any:
        if name == "controller":
            return self.owner[cid]
        arr = getattr(self, name)
        return type(arr[0])() if arr else 0

    # ------------------------------------------------------------------ the public API

    if TYPE_CHECKING:

        def clone(self) -> State:
            """A copy that shares immutable data and copies what changes (generated per class, see above)."""

    @property
    def current_player(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        if self.outcome is not None or self.decision is None:
            return None
        return self.decision.seat

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Action]:
        """Every option of the seat to act, finite and enumerated (computed once per decision)."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            d = self.decision
            if self.outcome is not None or d is None:
                legal = ()
            else:
                legal = tuple(self.LEGAL[d.kind](self))
            self._legal = legal
        return legal

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to act and advance to the next decision.

        Raises :class:`IllegalActionError` (and changes nothing) when the action is not legal now.
        ``Resign(seat)`` is legal for any seat still playing, at any decision point.
        """
        if self.outcome is not None:
            raise IllegalActionError(f"{action}: the game is over ({self.outcome.reason})")
        if action.meta:
            problem = self.meta_problem(action)
            if problem:
                raise IllegalActionError(f"{action}: {problem}")
            self._hist = (action, self._hist)
            self._legal = None
            self.apply_meta(action)
            self._run()
            return
        if action not in self._legal_tuple():
            raise IllegalActionError(self.why_illegal(action))
        d = self.decision
        assert d is not None
        self._hist = (action, self._hist)
        self.decisions_made += 1
        self.decision = None
        self._legal = None
        self.ACT[d.kind](self, action, d)
        self._run()

    def history(self) -> list[Action]:
        """The actions applied so far, in order (decisions taken automatically, see ``publicly_forced``,
        are not recorded)."""
        out: list[Action] = []
        node = self._hist
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def events(self) -> list[Event]:
        """Every event of the game so far, oldest first (unfiltered: use observe() for a seat's view)."""
        out: list[Event] = []
        node = self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def observe(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-safe dict (``None``: a spectator's public view): core's
        envelope (``core.observe.ENVELOPE``) and the game's part from the ``view_*`` hooks."""
        from .observe import build_view

        return build_view(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> State:
        """A copy in which everything ``seat`` cannot see is resampled consistently with what it can.

        The cards ``can_see(seat, cid)`` denies (neither shown where they are nor learned: ``known``) exchange
        identities among the positions the hidden cards of one ``hidden_group`` occupy (by default: one
        owner's), and a position the game restricts (``position_needs``) receives only a card that fits it
        (``fits_position``). A card the seat knows is never moved. The copy gets a new RNG drawn from ``rng``
        and no history, so nothing hidden can be read from it.
        """
        new = self.clone()
        new.rng = rng.fork()
        new._hist = None
        new._log = None
        new.determinized = True
        pools: dict[Hashable, list[tuple[int, int]]] = {}
        # the owner's cards form one pool unless the game groups them more finely (a plain list lookup
        # then, not a method call per hidden card)
        group = new.owner.__getitem__ if type(new).hidden_group is State.hidden_group else new.hidden_group
        face_down = new.face_down
        known = new.known
        # seats' learned cards: tested card by card only when some card is known to someone (rare)
        learned = any(known)
        b = SPECTATOR_BIT if seat is None else seat
        per_card = type(new).can_see is not State.can_see  # a game refining can_see card by card
        for z, ids in enumerate(new.zones):
            if not ids:
                continue
            if per_card:
                for i, cid in enumerate(ids):
                    if not new.can_see(seat, cid):
                        pools.setdefault(group(cid), []).append((z, i))
            elif new.zone_visible(z, seat):  # can_see, with its zone test made once per zone
                for i, cid in enumerate(ids):
                    if face_down[cid] and not new.can_see_face_down(seat, cid) and not known[cid] >> b & 1:
                        pools.setdefault(group(cid), []).append((z, i))
            elif learned:
                for i, cid in enumerate(ids):
                    if not known[cid] >> b & 1:
                        pools.setdefault(group(cid), []).append((z, i))
            else:
                groups = set(map(group, ids))
                if len(groups) == 1:  # a hand or a deck of one owner: all its positions at once
                    pools.setdefault(groups.pop(), []).extend(zip(repeat(z), range(len(ids))))
                    continue
                for i, cid in enumerate(ids):
                    pools.setdefault(group(cid), []).append((z, i))
        arrays = [getattr(new, name) for name in new.CARD_ARRAYS]
        if learned:
            arrays.append(known)  # what a seat learned belongs to the position: it moves with it
        zones, zone_of = new.zones, new.zone_of
        restricted = type(new).position_needs is not State.position_needs
        mapping: dict[int, int] = {}
        for positions in pools.values():
            if len(positions) < 2:
                continue
            old = [zones[z][i] for z, i in positions]
            # Shuffle from a canonical order, so the result depends only on what ``seat`` knows (the same
            # for the real state and for any determinization of it) and on ``rng``: a seeded search bot
            # then plays the same move whichever of the two it is given.
            perm = sorted(old)
            if restricted:
                needs = [new.position_needs(z, i, cid) for (z, i), cid in zip(positions, old, strict=True)]
                perm = knowledge.fill_positions(needs, old, perm, new.fits_position, rng)
            else:
                rng.permute(perm)  # as random as shuffle, several times faster on a deck
            for (z, i), cid in zip(positions, perm, strict=True):
                zones[z][i] = cid
                zone_of[cid] = z
            mapping.update(zip(old, perm, strict=True))
            for arr in arrays:
                values = [arr[c] for c in old]
                if values.count(values[0]) == len(values):
                    continue  # the same for every card of the pool (a deck's): nothing moves
                for cid, value in zip(perm, values, strict=True):
                    arr[cid] = value
        if mapping:
            new.remap_hidden(mapping)
        new._legal = None
        return new

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON-safe data: its record plus every attribute of the state."""
        return encode_state(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """A state pickles as its ruleset and ``to_json()``, the exact round trip every game is tested on."""
        return (_from_json, (self.game, self.to_json()))

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        """``copy.deepcopy`` is ``clone()``: an independent copy that shares only immutable data."""
        return self.clone()

    # ------------------------------------------------------------------ hooks a game overrides

    @abstractmethod
    def init_game(self) -> None:
        """Set the game's own attributes for a new match, after the core's (``init_core``) and before the
        ``setup`` op runs (every game writes it)."""

    # The View's hooks: core builds the envelope (``core.observe``); a game supplies only these parts.

    @abstractmethod
    def view_part(self, seat: int | None) -> dict[str, Any]:
        """The game's own part of ``seat``'s View, under keys other than the envelope's (every game
        writes it, with ``core.observe.card_view`` and ``zone_view``)."""

    def view_player(self, s: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of player ``s`` beyond its seat and name: life, zones, ... (hook)."""
        return {}

    def view_active(self) -> list[int]:
        """The seats whose turn it is (hook; default: the seats still playing on the active side)."""
        return self.active_seats()

    def view_step(self) -> str | None:
        """The step within the current phase, where the game's rules name one (hook; default: None)."""
        return None

    def card_fields(self, cid: int) -> dict[str, Any]:
        """A visible card's public fields beyond id, key, name and type: cost, stats, ... (hook)."""
        return {}

    def describe_card(self, cid: int) -> str:
        """A card as a log line names it (hook; default: ``Name #12``)."""
        return f"{self.defs[cid].name} #{cid}"

    def describe_target(self, target: Target) -> str:
        """A target as a log line names it: a card by ``describe_card``, anything else by its text (a
        player ``P2``, a stack item ``@3``, a place ``room vault``). Only for a card the seat may see."""
        return self.describe_card(target.id) if isinstance(target, CardRef) else str(target)

    # Words for players (core/describe.py): labels of actions, names of cards, seats and places. They
    # name a card only for a seat that may see it, so a label or a log line leaks nothing.

    def describe_action(self, action: Action, seat: int | None) -> str:
        """The label ``seat`` reads for ``action``: a short sentence in the game's words, every card by its
        name (hook; default: the action class's ``LABEL`` template, see core/describe.py)."""
        return describe.label(self, action, seat)

    def card_label(self, cid: int, seat: int | None) -> str:
        """Card ``cid`` as a label or a log line names it for ``seat``: its name, or "a face-down card"."""
        return self.defs[cid].name if self.can_see(seat, cid) else describe.HIDDEN_CARD

    def seat_label(self, s: int) -> str:
        """Player ``s`` as labels and log lines name it: its role where the game has roles ("Overlord"),
        else its seat ("P2")."""
        role = self.roles[s]
        return role.capitalize() if role else seat_name(s)

    def target_label(self, target: Target, seat: int | None) -> str:
        """A target as a label names it for ``seat`` (a card, a player, a stack item, a place)."""
        return describe.target_label(self, target, seat)

    def place_label(self, place: Place, seat: int | None) -> str:
        """A place a game adds (a room, a formation slot) as a label names it (hook; default: its kind
        and name, with its seat's name when it belongs to one)."""
        owner = f"{self.seat_label(place.seat)}'s " if place.seat >= 0 else ""
        return f"{owner}{place.kind} {place.name}"

    def stack_label(self, uid: int, seat: int | None) -> str:
        """An item waiting on a stack as a label names it (hook; default: its position)."""
        return f"item {uid} on the stack"

    def describe_outcome(self) -> str:
        """The end of the game in a sentence: who won and how (hook; default: the winners and the reason
        as the outcome states it)."""
        o = self.outcome
        if o is None:
            return ""
        if o.is_draw or not o.winners:
            return f"The game is a draw ({o.reason})." if o.reason else "The game is a draw."
        who = " and ".join(self.seat_label(s) for s in o.winners)
        verb = "wins" if len(o.winners) == 1 else "win"
        return f"{who} {verb} ({o.reason})." if o.reason else f"{who} {verb}."

    def describe_event(self, e: Event, seat: int | None) -> str:
        """A log line for ``event`` as ``seat`` may read it; "" leaves it out of the log (hook).

        Name a card only when ``core.observe.event_visible_card`` allows it."""
        return ""

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

    def hidden_group(self, cid: int) -> Hashable:
        """Which hidden cards determinize() may exchange with ``cid`` (hook; default: its owner's).

        A game whose hidden cards come from separate pools that never mix (Casters' Stage deck beside
        its Main Deck) returns a finer key, so a resampled Stage never lands in a hand. For positions that
        accept only some of a pool's cards (a face-down defender is a minion), see ``position_needs``."""
        return self.owner[cid]

    def position_needs(self, zone: int, index: int, cid: int) -> Hashable | None:
        """What the position ``zones[zone][index]`` (now holding hidden card ``cid``) may hold, for
        determinize(): ``None`` (default) for any card of its ``hidden_group``, otherwise a key the game's
        ``fits_position`` understands (e.g. ``"minion"`` for a face-down defender in a room). Read only what
        is public about the position (its zone and index, face_down and the other per-position arrays),
        never the identity of ``cid``."""
        return None

    def fits_position(self, need: Hashable, cid: int) -> bool:
        """Whether card ``cid`` may stand at a position that ``position_needs`` named ``need`` (hook)."""
        return True

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

    def remap_hidden(self, mapping: dict[int, int]) -> None:
        """After determinize() swapped hidden identities (old id -> id now at that position), fix any
        game-specific structure that refers to hidden cards by id. Default: nothing refers to them."""
        return None

    def rebuild(self) -> None:
        """Recompute DERIVED attributes after from_json()."""
        self._legal = None
        self.search_copy = False

    def meta_problem(self, action: Action) -> str:
        """Why a meta action (resign, calling time) cannot be applied now, or "" if it can (hook)."""
        if isinstance(action, Resign):
            return "" if self.can_resign(action.seat) else f"{seat_name(action.seat)} is not playing"
        return f"{type(action).__name__} is not an action of this game"

    def apply_meta(self, action: Action) -> None:
        if isinstance(action, Resign):
            self.resign(action.seat)

    def can_resign(self, seat: int) -> bool:
        return 0 <= seat < self.n_seats and self.alive[seat]

    def resign(self, seat: int) -> None:
        """``seat`` leaves the game (with the seats ``seats_out_with`` names); the game ends or goes on by
        ``decide_after_elimination``. A decision the leaving seat owed is dropped through ``abandon``."""
        d = self.decision
        self.eliminate(self.seats_out_with(seat), "resignation")
        if self.outcome is None and d is not None and self.decision is d and not self.alive[d.seat]:
            self.decision = None
            self._legal = None
            self.abandon(d)

    def seats_out_with(self, seat: int) -> list[int]:
        """The seats that leave the game when ``seat`` resigns (hook; default: ``seat`` alone)."""
        return [seat]

    def abandon(self, decision: Decision) -> None:
        """Carry on after ``decision``'s seat left the game (hook). Reached only when the game goes on and
        the seat was not the last of its side to play this turn (that turn simply ends). Default: as if
        the seat declined -- the work already scheduled after the question (the rest of the step, the
        combat, the resolution that asked) carries on without the answer. A window's question restarts
        the window (``WindowState``); a game whose continuation needs an answer says what replaces it."""
        return None

    # ------------------------------------------------------------------ elimination

    def eliminate(self, seats: Sequence[int], reason: str) -> None:
        """``seats`` leave the game at once: each gets a ``lose`` event, then ``on_eliminated``; then
        ``decide_after_elimination`` may end the game. If it goes on and no seat of the side whose turn it
        is plays on, that turn ends (the work left is dropped and ``AFTER_LAST_PHASE`` runs). A seat
        already out is left alone."""
        seats = [s for s in seats if self.alive[s]]
        if not seats:
            return
        for seat in seats:
            self.alive[seat] = False
            self.emit(Event(LOSE, seat, note=reason))
        for seat in seats:
            self.on_eliminated(seat)
        self.decide_after_elimination(reason)
        if self.outcome is None and not self.active_seats():
            self.work.clear()
            self.decision = None
            self._legal = None
            self.schedule((self.AFTER_LAST_PHASE,))

    def on_eliminated(self, seat: int) -> None:
        """Hook: what happens to an eliminated seat's cards and pending effects (default: nothing)."""
        return None

    def decide_after_elimination(self, reason: str) -> None:
        """End the game when the elimination decided it (hook). Default: once one team is left it wins
        (every seat of it); when nobody is left the game is a draw."""
        winners = self.last_team_standing()
        if winners is None:
            return
        if winners:
            self.finish(winners, reason)
        else:
            self.finish((), reason + " (all remaining players lost at once)")

    def why_illegal(self, action: Action) -> str:
        d = self.decision
        assert d is not None
        options = ", ".join(str(a) for a in self.legal_actions()[:8])
        more = "" if len(self.legal_actions()) <= 8 else ", ..."
        # the prompt is a sentence in the game's words ("Choose your blockers, then Done."), so it follows
        return f"{action!s} is not legal now (legal: {options}{more}). {seat_name(d.seat)} to decide: " + (
            self.describe_decision()
        )

    def describe_decision(self) -> str:
        """A short phrase for the pending decision ("choose attackers", "respond or pass")."""
        d = self.decision
        return d.kind.replace("_", " ") if d else "nothing"

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

    # ------------------------------------------------------------------ the flow interpreter

    def schedule(self, *frames: Frame) -> None:
        """Run ``frames`` next, in the order given (before anything already scheduled). Each names a
        registered flow op (``@flow_op``)."""
        work = self.work
        ops = self.OPS
        for frame in reversed(frames):
            if frame[0] not in ops:
                raise unknown(type(self), "flow op", frame[0], ops)
            work.append(frame)

    def ask(self, kind: str, seat: int, *data: Any) -> None:
        """Post a decision of a registered kind (``@legal``/``@act``) and stop the run until it is
        answered."""
        if kind not in self.KINDS:
            raise unknown(type(self), "decision kind", kind, self.KINDS)
        self.decision = _new_tuple(Decision, (kind, seat, data))  # Decision(kind, seat, data), built directly

    def unregistered(self) -> list[str]:
        """The frames, the pending decision and the phases of the turn structure that name an op or a
        decision kind this class does not register (checked when a game starts or is loaded)."""
        ops, kinds = self.OPS, self.KINDS
        problems = [f"flow op {f[0]!r} (in frame {f!r})" for f in self.work if not f or f[0] not in ops]
        if self.decision is not None and self.decision.kind not in kinds:
            problems.append(f"decision kind {self.decision.kind!r}")
        for phase in self.game.turn_structure.phases:
            for op in (phase.begin, phase.end):
                if op and op not in ops:
                    problems.append(f"flow op {op!r} (phase {phase.name!r})")
        return problems

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        """End the game. ``winners`` empty means a draw."""
        if self.outcome is None:
            self.outcome = Outcome(tuple(sorted(winners)), reason)
            self.decision = None
            self.work.clear()
            self._legal = None

    # A run of this many steps without reaching a real decision is an endless loop (e.g. forced triggers
    # or copies feeding each other): the game ends as a draw, as a mandatory endless loop does at a table.
    LOOP_LIMIT: ClassVar[int] = 200_000

    def _run(self) -> None:
        """Run frames until a decision that must be asked is posted, or the game ends.

        A decision with exactly one legal option is taken automatically and not recorded when public
        information forces it (``publicly_forced``): everyone can tell it is not a choice, and skipping it
        keeps records, bots and people free of empty prompts. Any other decision is asked, even with one
        option: whether a seat is asked must not tell the others what it holds (DESIGN.md section 2b).

        A search bot's private copy (``search_copy``, set by the bot on a determinization it made, never
        by the engine, ``determinize``, ``from_json`` or a real game) takes every single option at once:
        the search would answer it with that option anyway, so the play is the same, and no seat's
        information changes, because the only one looking at the copy is the bot that invented its hidden
        cards. It saves the search the cost of asking (and ``publicly_forced`` the cost of deciding).
        """
        work = self.work
        cls = type(self)
        ops = cls.OPS
        steps = 0
        limit = self.LOOP_LIMIT
        # the default single-option rule (``publicly_forced``) is read inline: it runs at every question
        forced = cls.FORCED if cls.DEFAULT_FORCED else None
        while self.outcome is None:
            steps += 1
            if steps > limit:
                self.finish((), "endless loop")
                return
            d = self.decision
            if d is None:
                if not work:
                    raise RuntimeError("the flow ran out of work without a decision (engine bug)")
                frame = work.pop()
                if len(frame) == 1:  # most frames carry no arguments: no slice to build
                    ops[frame[0]](self)
                else:
                    ops[frame[0]](self, *frame[1:])
                continue
            legal = self._legal
            if legal is None:  # ``_legal_tuple`` inline (the game goes on and a decision is posted)
                legal = self._legal = tuple(cls.LEGAL[d.kind](self))
            if len(legal) != 1:
                return
            if not self.search_copy:
                if forced is None:
                    if not self.publicly_forced(d):
                        return
                else:
                    rule = forced[d.kind]
                    if rule is not None and not rule(self, d):
                        return
            self.decision = None
            self._legal = None
            cls.ACT[d.kind](self, legal[0], d)

    # The op scheduled after the last phase of a turn (a game names its own end-of-turn op).
    AFTER_LAST_PHASE: ClassVar[str] = "turn_end"

    @flow_op("phase")
    def op_phase(self, name: str) -> None:
        """Enter phase ``name`` of the declared turn structure: run its ``begin`` op, then its ``end`` op once
        everything ``begin`` scheduled has run, then the next phase (or ``AFTER_LAST_PHASE`` after the last
        one)."""
        self.phase = name
        structure = self.game.turn_structure
        phase = structure.by_name[name]
        nxt = structure.following(name)
        if not nxt or not phase.begin:  # the names not checked when the game started (``unregistered``)
            after = ("phase", nxt) if nxt else (self.AFTER_LAST_PHASE,)
            if phase.end:
                self.schedule((phase.begin,), (phase.end,), after)
            else:
                self.schedule((phase.begin,), after)
            return
        # the phases' ops were checked when the game started: the frames go on the work stack directly
        work = self.work
        work.append(("phase", nxt))
        if phase.end:  # after everything the phase's begin op scheduled
            work.append((phase.end,))
        work.append((phase.begin,))

    def publicly_forced(self, decision: Decision) -> bool:
        """Whether the one legal option of ``decision`` follows from public information, so the engine
        takes it without asking (hook; asked only of a decision that has exactly one legal option).

        The answer must depend on nothing hidden from any seat: not on the cards in a hand, a face-down
        set or a deck, only on what every View shows (zone sizes, cards in play, resources, the phase).
        Default: the kind's registered rule (``@legal(kind, forced=rule)``, core/kinds.py); a kind
        registered without one is forced, its options depending on public information only. A kind whose
        options come from hidden cards (a response window, a choice from a hand) declares a rule that is
        False unless public information rules every other option out (an empty hand, no mana for any card
        the seat could hold): the seat is then asked, and its only option may be ``pass``."""
        rule = self.KINDS[decision.kind].forced
        return rule is None or rule(self, decision)

    def start(self) -> None:
        """Begin the game: run the ``setup`` op and advance to the first decision."""
        problems = self.unregistered()
        if problems:
            raise UnregisteredError(f"{type(self).__name__} registers no {'; no '.join(problems)}")
        self.schedule(("setup",))
        self._run()

    # ------------------------------------------------------------------ events and the log

    def emit(self, event: Event) -> None:
        """Record an event in the log and let the game's triggers see it."""
        self._log = (event, self._log)
        self.on_event(event)

    def on_event(self, event: Event) -> None:
        """Hook: triggered abilities subscribe here (default: nothing listens)."""
        return None

    def iter_log(self, last: int) -> Iterator[Event]:
        """The ``last`` most recent events, newest first."""
        node = self._log
        while node is not None and last > 0:
            yield node[0]
            node = node[1]
            last -= 1

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

    def check_invariants(self) -> list[str]:
        """Every broken invariant of this state (hook: games add theirs, e.g. no negative resource)."""
        return self.check_integrity()

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


State._build_class_tables()


def _from_json(game: Ruleset, data: dict[str, Any]) -> State:
    """Unpickles a state (``State.__reduce__``)."""
    return game.from_json(data)
