"""The State of one match: the last of core's bases, with construction, ``clone``, ``observe``,
``determinize``, JSON and the hooks a game overrides.

A State is one chain of classes, each adding one concern, each a ``__slots__`` class of plain values (ints,
strings, tuples, lists, NamedTuples):

* :class:`~spellforge.core.seating.Seating` -- seats, roles, teams, who is alive, whose turn;
* :class:`~spellforge.core.table.TableState` -- the ruleset, options, cards, zones, knowledge, modifiers;
* :class:`~spellforge.core.flowstate.FlowState` -- the work stack, decisions, the log, meta actions;
* :class:`State` (here) -- construction, ``clone``, ``observe``, ``determinize``, JSON and the hooks;
* then, for the games that use them, :class:`~spellforge.core.windows.WindowState` (windows, the stack,
  the trigger queue), :class:`~spellforge.core.effects.Selecting` (selectors) and
  :class:`~spellforge.core.resolution.StackState` (resolving items effect by effect).

Because every attribute is a plain value:

* ``clone()`` is an ordinary method of each class that declares attributes, written by
  ``python -m spellforge.core.gen_clone`` from its ``__slots__`` and ``COPY`` (immutable attributes are
  shared, lists copied one level, nested lists two): no ``deepcopy``, no code made at run time. A test
  checks every generated clone is up to date, and a game whose class has none is refused when it starts.
* ``to_json()`` writes every attribute, and ``game.from_json()`` reads it back exactly.
* ``determinize(seat, rng)`` permutes the identities of the cards ``seat`` cannot see (neither shown by their
  zone nor learned: ``known``, core/knowledge.py), within each owner's hidden cards and what each position
  may hold, and gives the copy a fresh RNG so future shuffles are not predictable.

A game subclasses :class:`State` (or one of the classes above that build on it), declares its extra
attributes in ``__slots__`` and how each is copied in ``COPY``, lists its flow ops as frame classes (one
per op, whose ``run`` calls the op's method: the game's ``frames.py``, named in ``FRAMES``), and registers
the methods that answer decisions (core/kinds.py): each decision kind with ``@legal("kind")`` on
the method listing its options (reading ``self.decision``; ``forced=`` says when a single option is taken
without asking) and ``@act("kind")`` on ``act(self, action, decision)`` (the decision is already cleared, so
the handler may post the next one). When the class is made, the registrations become the typed table
``KINDS``; a decision that names something unregistered is an error where it is made.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from . import describe, knowledge
from .actions import Action, seat_name
from .clock import Clock
from .events import Event
from .flow import Decision, Outcome
from .flowstate import FlowState
from .kinds import build_tables
from .knowledge import SPECTATOR_BIT
from .modifiers import Modifier
from .replay import encode_state
from .rng import Rng
from .targets import CardRef, Place, Target
from .zones import Layout

if TYPE_CHECKING:
    from .cards import CardDef
    from .ruleset import Ruleset


# How an attribute is copied by clone(): shared (default), list, nested (list of lists), records (list of
# objects with .copy()), record (one object with .copy()), dict (one-level), rng (the Rng's own .clone()).
# core/gen_clone.py writes the code.
COPY_RULES = ("list", "nested", "records", "record", "dict", "rng")
_CLONES_CHECKED: set[type] = set()


def copy_plan(cls: type) -> tuple[list[str], dict[str, str]]:
    """Every attribute the classes of ``cls`` declare (``__slots__``, bases first) and how each is copied
    (``COPY``: a rule of COPY_RULES, shared when absent). Raises TypeError for a COPY entry that names no
    attribute or no rule."""
    slots: list[str] = []
    copy: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        own = vars(klass)
        if "__slots__" in own:
            slots.extend(name for name in own["__slots__"] if name not in slots)
        elif "ATTRIBUTES" in own:  # a compiled class keeps no __slots__: its generated list has them all
            slots = list(own["ATTRIBUTES"])
        copy.update(own.get("COPY", {}))
    unknown = set(copy) - set(slots)
    if unknown:
        raise TypeError(f"{cls.__name__}.COPY names attributes that are not slots: {sorted(unknown)}")
    bad = {name: how for name, how in copy.items() if how not in COPY_RULES}
    if bad:
        raise TypeError(f"{cls.__name__}.COPY: unknown ways to copy {bad} (known: {', '.join(COPY_RULES)})")
    return slots, copy


@mypyc_attr(allow_interpreted_subclasses=True)
class State(FlowState):
    """One match. See the module docstring; the public API is in ``spellforge`` (DESIGN.md section 3)."""

    __slots__ = ()
    # NamedTuple / record classes that may appear in attribute values, for from_json(): a mutable record
    # names its fields in a ``_fields`` tuple, and is made again from their values in that order.
    RECORDS: ClassVar[tuple[type, ...]] = ()
    ALL_SLOTS: ClassVar[tuple[str, ...]]
    ALL_COPY: ClassVar[dict[str, str]]
    # The hooks every game writes (abstract), by qualified name: ``check_clone`` refuses a class that keeps
    # one of them, compiled too (a compiled class is no ABC, and core's empty hook would run instead).
    ABSTRACT_HOOKS: ClassVar[tuple[str, ...]] = ("State.init_game", "State.view_part")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._build_class_tables()

    @classmethod
    def _build_class_tables(cls) -> None:
        slots, copy = copy_plan(cls)
        cls.ALL_SLOTS = tuple(slots)
        cls.ALL_COPY = copy
        tables = build_tables(cls)
        cls.KINDS = tables.kinds
        cls.LEGAL = {name: kind.legal for name, kind in tables.kinds.items()}
        cls.ACT = {name: kind.act for name, kind in tables.kinds.items()}
        cls.FORCED = {name: kind.forced for name, kind in tables.kinds.items()}
        # whether publicly_forced is core's, so ``_run`` reads the kinds' rules inline
        cls.DEFAULT_FORCED = cls.publicly_forced.__qualname__ == "FlowState.publicly_forced"
        cls.CONDITIONS = tables.conditions
        cls._build_more_tables()

    @classmethod
    def _build_more_tables(cls) -> None:
        """What a base after this one builds from the class's registrations, after core's tables (a hook
        rather than an override calling ``super()``, which compiled class methods do not bind to ``cls``)."""

    @classmethod
    def check_clone(cls) -> None:
        """Raise TypeError when this class's clone() does not copy exactly the attributes its classes
        declare, or when it lacks a hook every game writes (``ABSTRACT_HOOKS``; checked once per class,
        when its first game starts or loads)."""
        if cls in _CLONES_CHECKED:
            return
        missing = [
            q.rpartition(".")[2]
            for q in cls.ABSTRACT_HOOKS
            if getattr(cls, q.rpartition(".")[2]).__qualname__ == q
        ]
        if missing:
            raise TypeError(
                f"Can't instantiate abstract class {cls.__name__} with abstract methods {', '.join(missing)}"
            )
        if getattr(cls, "ATTRIBUTES", None) != cls.ALL_SLOTS:
            what = "a clone() that is out of date" if "clone" in vars(cls) else "no clone() of its own"
            raise TypeError(
                f"{cls.__name__} declares attributes but has {what}: write it with "
                "`python -m spellforge.core.gen_clone` (core/state.py)"
            )
        _CLONES_CHECKED.add(cls)

    # ------------------------------------------------------------------ construction

    def init_core(
        self, game: Ruleset, seed: int, decks: list[list[CardDef]], options: Mapping[str, Any], layout: Layout
    ) -> None:
        """Fill core's attributes: each seat alone without a role (until new_game seats the players by the
        game's hooks), every card of every deck in ``start_zone(seat)``, nothing scheduled yet."""
        n = len(decks)
        self.init_seating(("",) * n, tuple(range(n)), tuple((s,) for s in range(n)))
        self.init_table(game, seed, decks, options, layout)
        self.init_flow()

    # ------------------------------------------------------------------ the public API

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
        (``fits_position``): drawn with the pool (default), or, for a game that declares ``EXCHANGE_NEEDS``,
        by exchange after every pool is drawn freely (``exchange_unfit``). A card the seat knows is never
        moved. The copy gets a new RNG drawn from ``rng`` and no history, so nothing hidden can be read from
        it. This is the one way hidden cards are resampled: a game declares the hooks, never a pass of its
        own.
        """
        new = self.clone()
        new.rng = rng.fork()
        new._hist = None
        new._log = None
        new.determinized = True
        # each pool: its positions as (zone, indices) runs, in zone order and index order within a zone
        pools: dict[Hashable, list[tuple[int, Sequence[int]]]] = {}
        # the owner's cards form one pool unless the game groups them more finely (a plain list lookup
        # then, not a call per hidden card: ``owner`` is None where the game's ``hidden_group`` is asked)
        owner: tuple[int, ...] | None = new.owner if type(new).hidden_group is State.hidden_group else None
        group = new.hidden_group
        face_down = new.face_down
        known = new.known
        # seats' learned cards: tested card by card only when some card is known to someone (rare)
        learned = any(known)
        b = SPECTATOR_BIT if seat is None else seat
        per_card = type(new).can_see is not State.can_see  # a game refining can_see card by card
        exchange = new.EXCHANGE_NEEDS
        # with EXCHANGE_NEEDS: the hidden face-down positions of visible zones, the only ones a need restricts
        face_down_positions: list[tuple[int, int]] = []
        for z, ids in enumerate(new.zones):
            if not ids:
                continue
            here: dict[Hashable, list[int]] = {}  # this zone's hidden positions by pool
            if per_card:
                for i, cid in enumerate(ids):
                    if not new.can_see(seat, cid):
                        here.setdefault(owner[cid] if owner is not None else group(cid), []).append(i)
            elif new.zone_visible(z, seat):  # can_see, with its zone test made once per zone
                for i, cid in enumerate(ids):
                    if face_down[cid] and not new.can_see_face_down(seat, cid) and not known[cid] >> b & 1:
                        here.setdefault(owner[cid] if owner is not None else group(cid), []).append(i)
                        if exchange:
                            face_down_positions.append((z, i))
            elif learned:
                for i, cid in enumerate(ids):
                    if not known[cid] >> b & 1:
                        here.setdefault(owner[cid] if owner is not None else group(cid), []).append(i)
            else:
                first = owner[ids[0]] if owner is not None else group(ids[0])
                one = True  # a hand or a deck of one owner: all its positions at once
                for cid in ids:
                    if (owner[cid] if owner is not None else group(cid)) != first:
                        one = False
                        break
                if one:
                    pools.setdefault(first, []).append((z, range(len(ids))))
                    continue
                for i, cid in enumerate(ids):
                    here.setdefault(owner[cid] if owner is not None else group(cid), []).append(i)
            for g, found in here.items():
                pools.setdefault(g, []).append((z, found))
        arrays = [getattr(new, name) for name in new.CARD_ARRAYS]
        if learned:
            arrays.append(known)  # what a seat learned belongs to the position: it moves with it
        zones, zone_of = new.zones, new.zone_of
        restricted = type(new).position_needs is not State.position_needs and not exchange
        mapping: dict[int, int] = {}
        for runs in pools.values():
            old: list[int] = []
            for z, indices in runs:
                row = zones[z]
                if type(indices) is range:
                    old.extend(row)  # the whole zone
                else:
                    old.extend([row[i] for i in indices])
            if len(old) < 2:
                continue
            # Shuffle from a canonical order, so the result depends only on what ``seat`` knows (the same
            # for the real state and for any determinization of it) and on ``rng``: a seeded search bot
            # then plays the same move whichever of the two it is given.
            perm = sorted(old)
            if restricted:
                positions = [(z, i) for z, indices in runs for i in indices]
                needs = [new.position_needs(z, i, cid) for (z, i), cid in zip(positions, old, strict=True)]
                perm = knowledge.fill_positions(needs, old, perm, new.fits_position, rng)
            else:
                rng.permute(perm)  # as random as shuffle, several times faster on a deck
            moves = len(runs) > 1  # one zone: its cards change places within it, no card changes zone
            k = 0
            for z, indices in runs:
                n = len(indices)
                part = perm[k : k + n] if moves else perm
                k += n
                row = zones[z]
                if type(indices) is range:
                    row[:] = part
                else:
                    for i, cid in zip(indices, part, strict=True):
                        row[i] = cid
                if moves:
                    for cid in part:
                        zone_of[cid] = z
            mapping.update(zip(old, perm, strict=True))
            # what belongs to the positions stays with them: read at the old cards, written at the new
            at_old = itemgetter(*old)
            for arr in arrays:
                values = at_old(arr)
                if values.count(values[0]) == len(values):
                    continue  # the same for every card of the pool (a deck's): nothing moves
                for cid, value in zip(perm, values, strict=True):
                    arr[cid] = value
        if mapping:
            new.remap_hidden(mapping)
        if face_down_positions:
            new.exchange_unfit(seat, face_down_positions, rng)
        new._legal = None
        return new

    def exchange_unfit(self, seat: int | None, positions: list[tuple[int, int]], rng: Rng) -> None:
        """determinize() for a game that declares ``EXCHANGE_NEEDS``: each of ``positions`` (hidden from
        ``seat``, in zone order) whose card does not fit what ``position_needs`` says the place holds takes
        one that does, chosen at random among the hidden cards of the same ``hidden_group`` in the zones
        ``exchange_zones`` names (in their order), a card at a restricted place only if the exchanged card
        fits there in turn; with none, the card stays (the real one always fits)."""
        zones = self.zones
        for z, i in positions:
            cid = zones[z][i]
            need = self.position_needs(z, i, cid)
            if need is None or self.fits_position(need, cid):
                continue
            group = self.hidden_group(cid)
            spots = []
            for zz in self.exchange_zones(z, cid):
                for j, x in enumerate(zones[zz]):
                    if x == cid or self.hidden_group(x) != group or not self.fits_position(need, x):
                        continue
                    if self.can_see(seat, x):
                        continue
                    other = self.position_needs(zz, j, x) if self.face_down[x] else None
                    if other is None or self.fits_position(other, cid):
                        spots.append(x)
            if spots:
                self.swap_hidden(cid, spots[rng.randrange(len(spots))])

    def swap_hidden(self, a: int, b: int) -> None:
        """Hidden cards ``a`` and ``b`` exchange places; what belongs to each place (``CARD_ARRAYS``, what a
        seat learned of it) stays with the place, and ``remap_hidden`` follows the exchange."""
        za, zb = self.zone_of[a], self.zone_of[b]
        ia, ib = self.zones[za].index(a), self.zones[zb].index(b)
        self.zones[za][ia], self.zones[zb][ib] = b, a
        self.zone_of[a], self.zone_of[b] = zb, za
        for name in self.CARD_ARRAYS:
            arr = getattr(self, name)
            arr[a], arr[b] = arr[b], arr[a]
        if any(self.known):
            self.known[a], self.known[b] = self.known[b], self.known[a]
        self.remap_hidden({a: b, b: a})

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

    # How determinize() honours ``position_needs``. False (default): a pool with restricted positions is
    # drawn with them in view (``knowledge.fill_positions``), every position asked. True: every pool is
    # drawn freely and only its hidden face-down positions in visible zones are asked afterwards, each that
    # received a card it cannot hold exchanging it (``exchange_unfit``): cheaper where restricted positions
    # are rare and seldom misfilled (SPELLFIRE's hidden pools), but not uniform over the fitting
    # assignments.
    EXCHANGE_NEEDS: ClassVar[bool] = False

    def exchange_zones(self, zone: int, cid: int) -> tuple[int, ...] | range:
        """With ``EXCHANGE_NEEDS``: the zones, in order, whose hidden cards of the same ``hidden_group`` may
        be exchanged with card ``cid`` that does not fit its place in ``zone`` (hook; default: every zone)."""
        return range(len(self.zones))

    def remap_hidden(self, mapping: dict[int, int]) -> None:
        """After determinize() swapped hidden identities (old id -> id now at that position), fix any
        game-specific structure that refers to hidden cards by id. Default: nothing refers to them."""
        return None

    def load_records(self) -> dict[str, Callable[..., Any]]:
        """What from_json() makes each record of the saved attributes with, by the record's name: core's
        records, ``RECORDS`` and the decision kinds' records (a class with windows adds its own)."""
        out: dict[str, Callable[..., Any]] = {
            c.__name__: c for c in (Event, Decision, Outcome, Modifier, Clock, *self.RECORDS)
        }
        out.update({k.data.__name__: k.data for k in self.KINDS.values() if k.data is not None})
        return out

    def rebuild(self) -> None:
        """Recompute DERIVED attributes after from_json()."""
        self._legal = None
        self.search_copy = False

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
    )

    def clone(self) -> State:
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
        return new

    # --- end of generated code ---


State._build_class_tables()


def _from_json(game: Ruleset, data: dict[str, Any]) -> State:
    """Unpickles a state (``State.__reduce__``)."""
    return game.from_json(data)
