"""The observation every research interface shares: a bounded float vector of what one seat may know, slot by
slot on the same table the actions point into (``envs.table``), plus the card of each slot as an id.

It is read from the State through the same rules as the seat's View (``can_see``, ``zone_visible``, the
zones' sizes) and the game's declared public numbers (``envs.facts``), without building the View: a View is
a JSON document for clients and costs several times a decision; this costs a fraction of one. Every value
lies in [-1, 1]. The blocks, in order (``TableObserver.describe()`` gives offsets and sizes):

1. ``envelope``: the turn over the game's ``max_turns``; the game is over; the seat decides now; the phase
   one-hot (the declared phases, then one for any other); the decision kind one-hot (the kinds the game
   registers, then other); then, by seat relative to the observer (itself first): who decides, whose turn it
   is, who is still playing, who is on its team, and each seat's role one-hot (games with roles);
2. ``seats``: per relative seat, the size of each of its zones over the number of cards a seat starts with,
   then the game's seat numbers (``seat_numbers``), each over its scale, and the declared seat marks
   (``seats``: one-hot, is it this seat);
3. ``numbers``: the game's numbers of the table (``numbers``), each over its scale, and the size of each
   shared zone over the cards in the game;
4. ``slots``: per table slot (``envs.table``: the acting seat's zones, then the other seats' packed), a row
   of: a card is there; the observer may know which card; it is face down; the relative seat of its zone
   or controller one-hot; the card's definition features (``card_features``: its type and other short
   texts one-hot, its numbers over the pool's largest, its keywords and the verbs of its effects
   multi-hot), zero for a card the seat may not know; the game's card numbers (``card_numbers``).

``card_ids`` (an int vector, one per slot) is each slot's card definition as an embedding id: 0 for an
empty slot or a card the seat may not know, else 1 + its index in the sorted pool (``ids.keys``).

The vector depends only on what the seat may know: it is the same in every ``determinize`` from the seat
(a test checks it). For OpenSpiel's public observation (``public=True``) the cards are read as a
spectator would see them, while the slots stay the seat's.
"""

from __future__ import annotations

import array
import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np
from mypy_extensions import mypyc_attr

from spellforge.core.knowledge import SPECTATOR_BIT
from spellforge.core.modifiers import ADD
from spellforge.core.state import State as _CoreState

from .facts import research_facts
from .pickling import attributes, restore
from .table import Location, Table, _differing

if TYPE_CHECKING:
    from spellforge.core.cards import CardDef
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

_CORE_CAN_SEE: Final = _CoreState.can_see
_CORE_CAN_SEE_FACE_DOWN: Final = _CoreState.can_see_face_down
_CORE_ZONE_VISIBLE: Final = _CoreState.zone_visible
_CORE_VIEW_ACTIVE: Final = _CoreState.view_active
_CORE_ACTIVE_SEATS: Final = _CoreState.active_seats
_DEF_SKIP: Final = frozenset({"key", "name", "text", "source", "effects", "keywords"})
MAX_ONE_HOT: Final = 24
# Whether this module runs compiled (its file an extension): the head of an observation is then written by
# ``_Head`` rather than by the straight-line code made for each seat, which runs interpreted.
_COMPILED: Final = not __file__.endswith(".py")
_ROWS_KEPT: Final = 4096  # scaled rows of card numbers kept at most (``TableObserver._write_numbers``)
MAX_TAGS: Final = 32


def card_features(cards: Sequence[CardDef]) -> tuple[list[str], np.ndarray]:
    """Features of every card definition of a pool, from the fields they declare: (names, matrix with a
    row per card in the order given). Numbers over the pool's largest absolute value; a bool as itself;
    a short text field with at most ``MAX_ONE_HOT`` values one-hot; keywords and effect verbs multi-hot
    (the ``MAX_TAGS`` most common of each)."""
    numeric: dict[str, float] = {}
    texts: dict[str, Counter[str]] = {}
    flags: list[str] = []
    for card in cards:
        for f in dataclasses.fields(card):
            if not f.init or f.name in _DEF_SKIP:
                continue
            value = getattr(card, f.name)
            if isinstance(value, bool):
                if f.name not in flags:
                    flags.append(f.name)
            elif isinstance(value, int | float):
                numeric[f.name] = max(numeric.get(f.name, 0.0), abs(float(value)))
            elif isinstance(value, str) and len(value) <= 32:
                texts.setdefault(f.name, Counter())[value] += 1
    keywords = Counter(k for card in cards for k in card.keywords)
    verbs = Counter(e.verb for card in cards for e in card.effects)
    names: list[str] = [f"{n}" for n in numeric] + [f"{n}?" for n in flags]
    one_hot = {n: sorted(c) for n, c in texts.items() if 2 <= len(c) <= MAX_ONE_HOT}
    for n, values in one_hot.items():
        names += [f"{n}={v}" for v in values]
    tags_k = [k for k, _ in keywords.most_common(MAX_TAGS)]
    tags_v = [v for v, _ in verbs.most_common(MAX_TAGS)]
    names += [f"keyword:{k}" for k in tags_k] + [f"effect:{v}" for v in tags_v]
    index = {n: i for i, n in enumerate(names)}
    out = np.zeros((len(cards), len(names)), dtype=np.float32)
    for row, card in enumerate(cards):
        for n, top in numeric.items():
            value = getattr(card, n, 0)
            if top and isinstance(value, int | float) and not isinstance(value, bool):
                out[row, index[n]] = float(value) / top
        for n in flags:
            if getattr(card, n, False) is True:
                out[row, index[f"{n}?"]] = 1.0
        for n in one_hot:
            value = getattr(card, n, None)
            i = index.get(f"{n}={value}")
            if i is not None:
                out[row, i] = 1.0
        for k in card.keywords:
            i = index.get(f"keyword:{k}")
            if i is not None:
                out[row, i] = 1.0
        for e in card.effects:
            i = index.get(f"effect:{e.verb}")
            if i is not None:
                out[row, i] = 1.0
    return names, out


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class TableObserver:
    """The observation of one game at one number of players (see the module docstring)."""

    def __init__(
        self, game: Ruleset, players: int | None = None, table: Table | None = None, **options: Any
    ) -> None:
        self.game = game
        self.players = p = players or game.default_players
        self.table = table or Table(game, p)
        facts = research_facts(game)
        sample = game.new_game(seed=0, players=p, **options)
        self.keys = tuple(sorted(game.cards))
        self.def_index = {k: i + 1 for i, k in enumerate(self.keys)}  # 0: no card / unknown
        pool = [game.cards[k] for k in self.keys]
        self.feature_names, feats = card_features(pool)
        self.def_features = np.vstack([np.zeros((1, feats.shape[1]), np.float32), feats])
        self.def_rows = [array.array("f", row.tobytes()) for row in self.def_features]
        self.phases = tuple(ph.name for ph in game.turn_structure.phases)
        self.phase_index = {ph: i for i, ph in enumerate(self.phases)}
        self.kinds = tuple(sorted(game.state_class.KINDS))
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.roles = tuple(game.roles)
        layout = sample.layout
        self.seat_zones = [name for name, zones in layout.by_seat.items() if p < 2 or zones[0] != zones[1]]
        self.shared_zones = [name for name in layout.single] + [
            name for name, zones in layout.by_seat.items() if p >= 2 and zones[0] == zones[1]
        ]
        self.count_scale = float(max(1, *(len(keys) for keys in sample.deck_keys)))
        self.total_scale = float(max(1, len(sample.defs)))
        # the seat numbers, read on the sample game for their widths
        self.seat_numbers = [
            (name, float(scale), _reader(type(sample), name)) for name, scale in facts.seat_numbers.items()
        ]
        self.seat_widths = [len(_flat(read(sample, 0))) for _, _, read in self.seat_numbers]
        self.numbers = [
            (name, float(scale), _reader(type(sample), name, seat=False))
            for name, scale in facts.numbers.items()
        ]
        self.number_widths = [len(_flat(read(sample))) for _, _, read in self.numbers]
        self.marks = [(name, _reader(type(sample), name, seat=False)) for name in facts.seats]
        arrays = set(type(sample).CARD_ARRAYS)
        # the per-card arrays that move with a card's position first, then the rest
        self.card_numbers = sorted(
            (
                (name, float(scale), _reader(type(sample), name), name in arrays)
                for name, scale in facts.card_numbers.items()
            ),
            key=lambda number: not number[3],
        )
        self.env_width = 3 + len(self.phases) + 1 + len(self.kinds) + 1 + p * (4 + len(self.roles))
        self.seat_width = len(self.seat_zones) + sum(self.seat_widths) + len(self.marks)
        self.numbers_width = sum(self.number_widths) + len(self.shared_zones)
        self.slot_base = 3 + p
        self.card_stats = [(name, float(scale)) for name, scale in facts.card_stats.items()]
        self.slot_width = (
            self.slot_base + self.def_features.shape[1] + len(self.card_numbers) + len(self.card_stats)
        )
        blocks = [
            ("envelope", self.env_width),
            ("seats", p * self.seat_width),
            ("numbers", self.numbers_width),
            ("slots", self.table.size * self.slot_width),
        ]
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in blocks:
            self.offsets[name] = at
            at += size
        self.blocks = tuple(blocks)
        self.size = at
        self._public: dict[int, tuple[Any, list[bool]]] = {}
        self._zone_lists: dict[tuple[str, int], tuple[Any, Any]] = {}
        self._number_scales = [1.0 / sc if sc else 0.0 for _, sc, _, _ in self.card_numbers] + [
            1.0 / sc if sc else 1.0 for _, sc in self.card_stats
        ]
        self._stat_names = [name for name, _ in self.card_stats]
        self._arrays = [name for name, _, _, positional in self.card_numbers if positional]
        self._methods = [read for _, _, read, positional in self.card_numbers if not positional]
        self._playing: dict[int, tuple[Any, list[int], list[tuple[int, int]], list[bool]]] = {}
        self._visible: dict[tuple[int, int | None], tuple[Any, list[bool]]] = {}
        self._contexts: dict[tuple[int, int, int, bool], _Context] = {}
        # the numbers of a card in play as written (scaled float32), by the numbers read: few combinations
        self._number_rows: dict[tuple[Any, ...], memoryview] = {}
        self.in_play = facts.in_play
        self._templates()

    def _templates(self) -> None:
        """The rows a slot starts from: empty, a card the seat may not know, each known card definition."""
        width = self.slot_width
        self._zero_row = memoryview(bytes(4 * width)).cast("f")
        self._zero_head = memoryview(bytes(4 * self.offsets["slots"])).cast("f")
        self._has_numbers = bool(self.card_numbers or self.card_stats)
        unknown = array.array("f", bytes(4 * width))
        unknown[0] = 1.0
        self._unknown_row = memoryview(unknown)
        rows = []
        for features in self.def_features:
            row = array.array("f", bytes(4 * width))
            row[0] = row[1] = 1.0
            row[self.slot_base : self.slot_base + len(features)] = array.array("f", features.tobytes())
            rows.append(memoryview(row))
        self._known_rows = rows
        self._rows = (self.offsets["slots"], width, self._zero_row, self._unknown_row, rows)
        names = [name for name, _, _, positional in self.card_numbers if positional]
        # the per-card arrays that move with a card's position, read as a list
        self._get_arrays = _Arrays(names)

    # ------------------------------------------------------------------ encoding

    def encode(
        self, state: State, seat: int, loc: Location | None = None, public: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """(vector, card ids) of what ``seat`` may know of ``state`` (``public``: what a spectator may know
        of the cards, on the seat's table), built whole."""
        if loc is None:
            loc = self.table.locate(state, seat)
        enc = self._new_encoded(state)
        self._write(enc, state, seat, loc, None, None, public)
        # the buffers are this call's own: handed over without a copy
        return enc.arr, enc.id_arr

    def update(
        self, enc: Encoded | None, state: State, seat: int, loc: Location, changed: set[int] | None
    ) -> Encoded:
        """Bring ``enc`` (this seat's last observation, None at first) to ``state``, where ``loc`` is the
        seat's location now and ``changed`` the slots that changed since ``enc`` was written (None: any);
        returns the encoding (``enc`` itself, or a new one when it could not start from it). Its vector and
        card ids are ``enc.vector()`` and ``enc.card_ids()``."""
        if (
            enc is None
            or changed is None
            or enc.defs is not state.defs
            or enc.layout is not state.layout
            or not _core_sight(state)
        ):
            enc = self._new_encoded(state)
            changed = None
        self._write(enc, state, seat, loc, changed, None, False)
        return enc

    def write(
        self, enc: Encoded, state: State, seat: int, loc: Location, changed: set[int], zones: set[int]
    ) -> None:
        """``update`` of an encoding of this game and layout, for ``seat``, given the slots and the zones that
        changed since it was written (``Table.update`` says which)."""
        self._write(enc, state, seat, loc, changed, zones, False)

    def _new_encoded(self, state: State) -> Encoded:
        index = self.def_index
        return Encoded(state, self.size, self.table.size, [index.get(d.key, 0) for d in state.defs])

    def _write(
        self,
        enc: Encoded,
        state: State,
        seat: int,
        loc: Location,
        changed: set[int] | None,
        zones: set[int] | None,
        public: bool,
    ) -> None:
        """Write the observation of ``seat`` into ``enc``: the envelope and the numbers whole, the sizes of
        the zones in ``zones`` (None: every zone), the slots in ``changed`` (None: every slot) and the numbers
        of the cards in play there. A game that sees cards by its own rules has every slot written."""
        ctx = enc.ctx
        if (
            ctx is None
            or ctx.cls is not type(state)
            or ctx.seat != seat
            or ctx.public is not public
            or not ctx.fixed
        ):
            if ctx is not None and (ctx.seat != seat or ctx.public is not public):
                enc.head_memo[0] = enc.head_memo[1] = None  # the head is written for another seat
            ctx = enc.ctx = self._context(state, seat, public)
        if not ctx.sight:
            changed = zones = None
        out = enc.out
        ctx.head(state, out, enc.head_memo)
        all_zones = state.zones
        if zones is None or zones:
            cells = ctx.size_cells
            for z in range(len(all_zones)) if zones is None else zones:
                cell = cells[z]
                if cell is not None:
                    at, inv, scale = cell
                    c = len(all_zones[z])
                    out[at] = c * inv if c < scale else 1.0
        if changed is None:
            self._write_rows(enc, state, loc, range(self.table.size), ctx)
        elif changed:
            self._write_rows(enc, state, loc, changed, ctx)
        if self._has_numbers:
            self._write_numbers(enc, state, loc, changed, ctx)

    def _write_rows(
        self, enc: Encoded, state: State, loc: Location, todo: Iterable[int], ctx: _Context
    ) -> None:
        """Write the slots ``todo``: a row is written only when what it shows (card, known, face down, side)
        changed."""
        out, ids, keys, values, cid_di = enc.out, enc.ids, enc.keys, enc.values, enc.cid_di
        base, width, zero_row, unknown_row, known_rows = self._rows
        slots, rel = loc.slots, loc.rel
        looker = ctx.looker
        fd, known, zone_of = state.face_down, state.known, state.zone_of
        # core's ``can_see``, read inline; a game's own, called
        slow = not ctx.sight
        bit = SPECTATOR_BIT if looker is None else looker
        vis = ctx.visible
        for slot in todo:
            cid = slots[slot]
            if cid < 0:
                if keys[slot]:
                    keys[slot] = 0
                    values[slot] = None
                    at = base + slot * width
                    out[at : at + width] = zero_row
                    ids[slot] = 0
                continue
            down = fd[cid]
            if slow:
                seen = state.can_see(looker, cid)
            elif known[cid] >> bit & 1:
                seen = True
            elif not vis[zone_of[cid]]:
                seen = False
            else:
                seen = not down or (
                    looker is not None and (state.owner[cid] == looker or state.controller[cid] == looker)
                )
            di = cid_di[cid] if seen else 0
            r = rel[slot]
            key = ((di << 1 | seen) << 1 | down) << 8 | r | 128
            if key == keys[slot]:
                continue
            keys[slot] = key
            values[slot] = None
            at = base + slot * width
            out[at : at + width] = known_rows[di] if seen else unknown_row
            if down:
                out[at + 2] = 1.0
            out[at + 3 + r] = 1.0
            ids[slot] = di

    def _write_numbers(
        self, enc: Encoded, state: State, loc: Location, changed: set[int] | None, ctx: _Context
    ) -> None:
        """The numbers of the cards in play, written where they changed: the cards new to their slots (or
        whose rows were written again), and those whose entries in the per-card arrays changed since the
        encoding was last written (the arrays compared whole in C first); every card in play when the
        modifiers changed (or the game declares card numbers read by a method)."""
        methods = self._methods
        arrays = self._get_arrays(state)
        seen = enc.arrays_seen
        todo: Any
        if (
            changed is None
            or seen is None
            or methods
            or (self.card_stats and state.modifiers != enc.modifiers)
        ):
            fill = loc.fill
            todo = [slot for k, start in ctx.sections for slot in range(start, start + fill[k])]
            if self.card_stats:
                enc.modifiers = state.modifiers[:]
            enc.arrays_seen = [a[:] for a in arrays]
        else:
            todo = changed & ctx.in_play_slots if changed else None
            where = loc.where
            in_play = ctx.in_play
            for i in range(len(arrays)):
                now = arrays[i]
                if now != seen[i]:
                    for cid in _differing(now, seen[i]):
                        at = where.get(cid)
                        if at is not None and in_play[at]:
                            if todo is None:
                                todo = {at}
                            else:
                                todo.add(at)
                    seen[i] = now[:]
            if not todo:
                return
        stat_names = self._stat_names
        mods: dict[int, list[int]] = {}
        if stat_names and state.modifiers:
            for m in state.modifiers:
                if m.card >= 0 and m.op == ADD and m.stat in stat_names:
                    row = mods.setdefault(m.card, [0] * len(stat_names))
                    row[stat_names.index(m.stat)] += m.amount
        no_stats = [0] * len(stat_names)
        hidden_methods = [0] * len(methods)
        inverse = self._number_scales
        rows = self._number_rows
        fd = state.face_down
        slots = loc.slots
        keys, values, out = enc.keys, enc.values, enc.out
        width = self.slot_width
        first = self.offsets["slots"] + self.slot_base + self.def_features.shape[1]
        for slot in todo:
            cid = slots[slot]
            if cid < 0:
                continue
            if keys[slot] >> 9 & 1 and not fd[cid]:  # a card the seat knows, face up
                now = [a[cid] for a in arrays]
                if methods:
                    now += [read(state, cid) for read in methods]
                now += mods.get(cid, no_stats)
            else:  # a card the seat may not know: only what its position shows
                now = [a[cid] for a in arrays] + hidden_methods + no_stats
            if values[slot] == now:
                continue
            values[slot] = now
            at = first + slot * width
            key: tuple[Any, ...] | None = tuple(now)
            try:
                scaled = rows.get(key)  # type: ignore[arg-type]
            except TypeError:  # a number that is a list: not kept
                scaled = key = None
            if scaled is None:
                scaled = memoryview(
                    array.array("f", [_scaled(v, inv) for v, inv in zip(now, inverse, strict=True)])
                )
                if key is not None:
                    if len(rows) >= _ROWS_KEPT:
                        rows.clear()
                    rows[key] = scaled
            out[at : at + len(now)] = scaled

    def _context(self, state: State, seat: int, public: bool) -> _Context:
        """What writing ``seat``'s observation of a state of this layout needs that depends only on the
        layout and the seat: made once (when the game keeps core's ``zone_visible``)."""
        layout = state.layout
        key = (id(layout), seat, state.n_seats, public)
        ctx = self._contexts.get(key)
        if ctx is None or ctx.layout is not layout or type(state).zone_visible is not _CORE_ZONE_VISIBLE:
            ctx = self._contexts[key] = self._make_context(state, seat, public)
        return ctx

    def _make_context(self, state: State, seat: int, public: bool) -> _Context:
        code, namespace = self._head_code(state, seat)
        exec(code, namespace)  # straight-line code: a loop over seats and fields costs several times more
        # compiled, the head reads its plan in a loop (``_Head``): the code made here would run interpreted
        head = _Head(self, state, seat, namespace["envelope"]) if _COMPILED else namespace["head"]
        layout = state.layout
        cells: list[tuple[int, float, float] | None] = [None] * layout.count
        n = state.n_seats
        scale = self.count_scale
        for s, zones in enumerate(self._seat_zone_indices(state)):
            at = self.offsets["seats"] + ((s - seat) % n) * self.seat_width
            for i, z in enumerate(zones):
                cells[z] = (at + i, 1.0 / scale, scale)
        at = self.offsets["numbers"] + sum(self.number_widths)
        scale = self.total_scale
        for i, z in enumerate(self._shared_zone_indices(state)):
            cells[z] = (at + i, 1.0 / scale, scale)
        _, _, sections, in_play = self._playing_slots(state)
        looker = None if public else seat
        visible = [state.zone_visible(z, looker) for z in range(layout.count)]
        cls = type(state)
        return _Context(
            layout,
            head,
            cells,
            sections,
            in_play,
            frozenset(i for i, flag in enumerate(in_play) if flag),
            visible,
            looker,
            seat,
            public,
            cls.zone_visible is _CORE_ZONE_VISIBLE,
            cls,
            _core_sight(state),
        )

    def _head_code(self, state: State, seat: int) -> tuple[str, dict[str, Any]]:
        """The source of ``head(state, out, memo)``, which writes the envelope, the seats' numbers and marks
        and the numbers of the table (see the module docstring) into ``out`` (a float32 memoryview), and the
        names it reads. The zone sizes are written apart, where they changed.

        The envelope is copied whole from the rows written before, keyed by what it reads; the numbers (and marks) are read into one tuple, compared with the
        tuple last written into ``out`` (``memo[0]``, None: unknown) and written only where they differ. A
        number whose sample is a list is read as a tuple (kept beside ``out``, it must not change in place);
        any other list makes the next call write every number again."""
        n = state.n_seats
        p = self.players
        ns: dict[str, Any] = {
            "ZERO": self._zero_head,
            "ZERO_HEAD": self._zero_head[0 : self.offsets["seats"]],
            "PHASE": self.phase_index,
            "KIND": self.kind_index,
            "MAXT": max(1, self.game.max_turns),
            "_put": _put,
        }
        width = self.offsets["seats"]
        ns["ROWS"] = {}  # the envelope as written, by what it reads
        ns["KEEP"] = [None, None]  # the seats' teams and sides the rows were written with (fixed in a game)
        ns["SCRATCH"] = memoryview(array.array("f", bytes(4 * width)))
        ns["ROWS_KEPT"] = _ROWS_KEPT
        ns["_row"] = _row
        core_active = (
            type(state).view_active is _CORE_VIEW_ACTIVE and type(state).active_seats is _CORE_ACTIVE_SEATS
        )
        # ``envelope(state, out)`` writes the envelope whole; ``head`` copies it from ``ROWS``, keyed by
        # everything the envelope reads but the turn (written apart) and the teams and sides (the same in a
        # game: the rows are made again when they differ)
        key = [
            "outcome is None",
            "state.phase",
            "-1 if d is None else d.seat",
            "None if d is None else d.kind",
            "state.active" if core_active else "tuple(state.view_active())",
            *(f"alive[{s}]" for s in range(n)),
            *((f"roles[{s}]" for s in range(n)) if self.roles else ()),
        ]
        lines = [
            "def head(state, out, memo):",
            "    outcome = state.outcome",
            "    d = None if outcome is not None else state.decision",
            "    alive = state.alive",
            *(["    roles = state.roles"] if self.roles else []),
            f"    key = ({', '.join(key)},)",
            "    team = state.team_of",
            "    sides = state.sides",
            "    if team != KEEP[0] or sides != KEEP[1]:",
            "        ROWS.clear()",
            "        KEEP[0] = team",
            "        KEEP[1] = sides",
            "    row = ROWS.get(key)",
            "    if row is None:",
            "        if len(ROWS) >= ROWS_KEPT:",
            "            ROWS.clear()",
            "        envelope(state, SCRATCH)",
            "        row = ROWS[key] = _row(SCRATCH)",
            f"    out[0:{width}] = row",
            "    t = state.turn / MAXT",
            "    out[0] = t if t < 1.0 else 1.0",
        ]
        env_lines = [
            "def envelope(state, out):",
            f"    out[0:{width}] = ZERO_HEAD",
        ]
        add = env_lines.append
        add("    t = state.turn / MAXT")
        add("    out[0] = t if t < 1.0 else 1.0")
        add("    outcome = state.outcome")
        add("    if outcome is not None:")
        add("        out[1] = 1.0")
        add("        d = None")
        add("    else:")
        add("        d = state.decision")
        at = 3
        add(f"    out[{at} + PHASE.get(state.phase, {len(self.phases)})] = 1.0")
        at += len(self.phases) + 1
        kinds_at = at
        at += len(self.kinds) + 1
        add("    if d is not None:")
        add(f"        if d.seat == {seat}:")
        add("            out[2] = 1.0")
        add(f"        out[{kinds_at} + KIND.get(d.kind, {len(self.kinds)})] = 1.0")
        add(f"        out[{at} + (d.seat - {seat}) % {n}] = 1.0")
        at += p
        add("    alive = state.alive")
        if core_active:
            # core's ``view_active`` (the seats still playing on the active side), read inline
            add("    for s in state.sides[state.side_of[state.active]]:")
            add("        if alive[s]:")
            add(f"            out[{at} + (s - {seat}) % {n}] = 1.0")
        else:
            add("    for s in state.view_active():")
            add(f"        out[{at} + (s - {seat}) % {n}] = 1.0")
        at += p
        add("    team = state.team_of")
        add(f"    mine = team[{seat}]")
        for s in range(n):
            r = (s - seat) % n
            add(f"    if alive[{s}]:")
            add(f"        out[{at + r}] = 1.0")
            add(f"    if team[{s}] == mine:")
            add(f"        out[{at + p + r}] = 1.0")
        at += 2 * p
        if self.roles:
            ns["ROLE"] = {role: i for i, role in reversed(list(enumerate(self.roles)))}
            add("    roles = state.roles")
            for s in range(n):
                r = (s - seat) % n
                add(f"    i = ROLE.get(roles[{s}])")
                add("    if i is not None:")
                add(f"        out[{at + r * len(self.roles)} + i] = 1.0")
        lines[0:0] = env_lines
        add = lines.append
        # the numbers: what each reads (``values``), and how each is written at its place (``writes``)
        values: list[str] = []
        writes: list[list[str]] = []

        def read(expr: str, sample: Any) -> str:
            """``expr`` as the tuple holds it: a list read as a tuple."""
            if type(sample) in (int, bool, float):
                return expr
            return f"(tuple(x) if type(x := {expr}) is list else x)"

        def scalar(i: int, at: int, width: int, sc: str) -> list[str]:
            return [
                f"        v = vals[{i}]",
                "        if type(v) is int or type(v) is bool:",
                "            if v:",
                f"                x = v / {sc}" if sc != "0.0" else "                x = float(v)",
                f"                out[{at}] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)",
                "            else:",
                f"                out[{at}] = 0.0",
                "        else:",
                "            if type(v) is list:",
                "                keep = False",
                f"            out[{at}:{at + width}] = ZERO[0:{width}]",
                f"            _put(out, {at}, {width}, v, {sc})",
            ]

        for j, (_, sc, reader) in enumerate(self.seat_numbers):
            ns[f"SC{j}"] = sc
            add(f"    src{j} = state.{reader.attr}")
        for j, (_, reader) in enumerate(self.marks):
            add(f"    m{j} = {_inline(reader)}")
        k = len(self.seat_zones)
        for s in range(n):
            at = self.offsets["seats"] + ((s - seat) % n) * self.seat_width + k
            for j, ((_, sc, reader), width) in enumerate(
                zip(self.seat_numbers, self.seat_widths, strict=True)
            ):
                expr = f"src{j}({s})" if reader.method else f"src{j}[{s}]"
                if reader.count:
                    expr = f"len({expr})"
                values.append(read(expr, reader(state, s)))
                writes.append(scalar(len(values) - 1, at, width, f"SC{j}" if sc else "0.0"))
                at += width
            for j in range(len(self.marks)):
                values.append(f"m{j}")
                writes.append([f"        out[{at}] = 1.0 if vals[{len(values) - 1}] == {s} else 0.0"])
                at += 1
        # the numbers of the table (the shared zones' sizes apart)
        at = self.offsets["numbers"]
        for j, ((_, sc, reader), width) in enumerate(zip(self.numbers, self.number_widths, strict=True)):
            ns[f"NSC{j}"] = sc
            values.append(read(_inline(reader), reader(state)))
            writes.append(scalar(len(values) - 1, at, width, f"NSC{j}" if sc else "0.0"))
            at += width
        if values:
            add(f"    vals = ({', '.join(values)},)")
            add("    last = memo[0]")
            add("    if vals == last:")
            add("        return")
            add("    if last is None:")
            add(f"        last = NEVER * {len(values)}")
            ns["NEVER"] = (object(),)
            add("    keep = True")
            for i, write in enumerate(writes):
                add(f"    if vals[{i}] != last[{i}]:")
                lines.extend(write)
            # a list a game may change in place is not kept: the next call writes it again
            add("    memo[0] = vals if keep else None")
        return "\n".join(lines) + "\n", ns

    def _seat_zone_indices(self, state: State) -> list[list[int]]:
        layout = state.layout
        cached = self._zone_lists.get(("seat", id(layout)))
        if cached is None or cached[0] is not layout:
            out = [[layout.by_seat[name][s] for name in self.seat_zones] for s in range(state.n_seats)]
            cached = self._zone_lists[("seat", id(layout))] = (layout, out)
        return cached[1]

    def _shared_zone_indices(self, state: State) -> list[int]:
        layout = state.layout
        cached = self._zone_lists.get(("shared", id(layout)))
        if cached is None or cached[0] is not layout:
            out = [
                layout.single[name] if name in layout.single else layout.by_seat[name][0]
                for name in self.shared_zones
            ]
            cached = self._zone_lists[("shared", id(layout))] = (layout, out)
        return cached[1]

    def _playing_slots(self, state: State) -> tuple[Any, list[int], list[tuple[int, int]], list[bool]]:
        """The table's zone names whose cards are in play (card numbers are read there), their sections
        (number, first slot) and, per slot, whether it is one of theirs."""
        layout = state.layout
        cached = self._playing.get(id(layout))
        if cached is not None and cached[0] is layout:
            return cached
        flags = self._public_zones(state)
        entries = []
        for i, (name, *_) in enumerate(self.table._plan):
            zones = layout.by_seat.get(name)
            z = zones[0] if zones is not None else layout.zone(name)
            if flags[z]:
                entries.append(i)
        sections = [(k, self.table.sections[k].start) for i in entries for k in self.table.entry_sections[i]]
        in_play = [False] * self.table.size
        for k, start in sections:
            for slot in range(start, start + self.table.sections[k].size):
                in_play[slot] = True
        cached = self._playing[id(layout)] = (layout, entries, sections, in_play)
        return cached

    def _public_zones(self, state: State) -> list[bool]:
        """Per zone of ``state``'s layout: whether its cards are in play, the zones where card numbers are
        read (``in_play``, else every zone everyone sees)."""
        layout = state.layout
        cached = self._public.get(id(layout))
        if cached is None or cached[0] is not layout:
            in_play = set(self.in_play)
            flags = [
                layout.visible_to(z, None) and (not in_play or layout.names[z] in in_play)
                for z in range(layout.count)
            ]
            cached = self._public[id(layout)] = (layout, flags)
        return cached[1]

    def _visible_zones(self, state: State, looker: int | None) -> list[bool]:
        """Per zone: whether ``looker`` may look at it (``state.zone_visible``, cached per layout while the
        game keeps core's hook)."""
        if type(state).zone_visible is not _CORE_ZONE_VISIBLE:
            return [state.zone_visible(z, looker) for z in range(state.layout.count)]
        layout = state.layout
        key = (id(layout), looker)
        cached = self._visible.get(key)
        if cached is None or cached[0] is not layout:
            cached = self._visible[key] = (
                layout,
                [layout.visible_to(z, looker) for z in range(layout.count)],
            )
        return cached[1]

    def __getstate__(self) -> dict[str, Any]:
        caches = ("_visible", "_public", "_playing", "_zone_lists", "_contexts", "_number_rows")
        out = {k: ({} if k in caches else v) for k, v in attributes(self).items()}
        for name in ("_zero_row", "_zero_head", "_unknown_row", "_known_rows", "_rows", "_get_arrays"):
            out.pop(name, None)
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        restore(self, data)
        self._templates()

    def describe(self) -> list[tuple[str, int, int]]:
        """The blocks of the vector: (name, offset, size)."""
        return [(name, self.offsets[name], size) for name, size in self.blocks]

    def slot_fields(self) -> list[str]:
        """What each value of a slot's row means, in order."""
        return [
            "present",
            "known",
            "face_down",
            *(f"side=player+{r}" for r in range(self.players)),
            *self.feature_names,
            *(name for name, *_ in self.card_numbers),
            *(f"{name} modifiers" for name, _ in self.card_stats),
        ]


class _Head:
    """``head(state, out, memo)`` of one seat at one number of seats as a loop over a plan, for the compiled
    build (``TableObserver._head_code`` makes it as straight-line code, which is faster interpreted and
    slower compiled, as it then runs interpreted); a test checks that the two write the same.

    The envelope is copied from the rows written before, keyed by what it reads (``envelope``, the code
    made for the seat, writes a new one); the numbers and marks are read into one list, compared with the
    list last written (``memo[0]``) and written only where they differ; ``memo[1]`` is the envelope's row
    last copied. A number that is a list is kept as
    a tuple, so a list the game changes in place is still seen to change."""

    def __init__(self, observer: TableObserver, state: State, seat: int, envelope: Any) -> None:
        n = state.n_seats
        self.width = observer.offsets["seats"]
        self.maxt = float(max(1, observer.game.max_turns))
        self.core_active = (
            type(state).view_active is _CORE_VIEW_ACTIVE and type(state).active_seats is _CORE_ACTIVE_SEATS
        )
        self.has_roles = bool(observer.roles)
        self.envelope = envelope
        self.rows: dict[tuple[Any, ...], memoryview] = {}
        self.team: Any = None  # the teams and sides the rows were written with (the same in a game)
        self.sides: Any = None
        self.scratch = memoryview(array.array("f", bytes(4 * self.width)))
        self.zero = observer._zero_head
        # where each number comes from: ``sources`` (an attribute of the state, ``methods``: called), read
        # once a call; then per value, its source, the seat it is read for (-1: a number of the table), whether
        # it counts items, and where and how it is written (a mark: the seat it marks, else -1)
        self.sources: list[str] = []
        self.methods: list[bool] = []
        self.source_of: list[int] = []
        self.item: list[int] = []
        self.counts: list[bool] = []
        self.at: list[int] = []
        self.widths: list[int] = []
        self.scales: list[float] = []
        self.marks: list[int] = []
        k = len(observer.seat_zones)
        for s in range(n):
            at = observer.offsets["seats"] + ((s - seat) % n) * observer.seat_width + k
            for (_, sc, reader), width in zip(observer.seat_numbers, observer.seat_widths, strict=True):
                self._add(reader, s, at, width, sc, -1)
                at += width
            for _, reader in observer.marks:
                self._add(reader, -1, at, 1, 0.0, s)
                at += 1
        at = observer.offsets["numbers"]
        for (_, sc, reader), width in zip(observer.numbers, observer.number_widths, strict=True):
            self._add(reader, -1, at, width, sc, -1)
            at += width

    def _add(self, reader: _Reader, item: int, at: int, width: int, scale: float, mark: int) -> None:
        key = reader.attr
        if key in self.sources:
            i = self.sources.index(key)
        else:
            i = len(self.sources)
            self.sources.append(key)
            self.methods.append(reader.method)
        self.source_of.append(i)
        self.item.append(item)
        self.counts.append(reader.count)
        self.at.append(at)
        self.widths.append(width)
        self.scales.append(scale)
        self.marks.append(mark)

    def __call__(self, state: State, out: Any, memo: list[Any]) -> None:
        outcome = state.outcome
        d = None if outcome is not None else state.decision
        key = (
            outcome is None,
            state.phase,
            -1 if d is None else d.seat,
            None if d is None else d.kind,
            state.active if self.core_active else tuple(state.view_active()),
            tuple(state.alive),
            state.roles if self.has_roles else None,
        )
        team = state.team_of
        sides = state.sides
        if team != self.team or sides != self.sides:
            self.rows.clear()
            self.team = team
            self.sides = sides
        row = self.rows.get(key)
        if row is None:
            if len(self.rows) >= _ROWS_KEPT:
                self.rows.clear()
            self.envelope(state, self.scratch)
            row = self.rows[key] = _row(self.scratch)
        if memo[1] is not row:  # (the turn apart, the envelope is often the one written last)
            out[0 : self.width] = row
            memo[1] = row
        t = state.turn / self.maxt
        out[0] = t if t < 1.0 else 1.0
        if not self.source_of:
            return
        sources = [getattr(state, name) for name in self.sources]
        methods = self.methods
        item = self.item
        counts = self.counts
        vals: list[Any] = []
        for i, j in enumerate(self.source_of):
            src = sources[j]
            s = item[i]
            if s >= 0:
                v = src(s) if methods[j] else src[s]
            else:
                v = src() if methods[j] else src
            if counts[i]:
                v = len(v)
            elif type(v) is list:
                v = tuple(v)
            vals.append(v)
        last = memo[0]
        if vals == last:
            return
        at, widths, scales, marks = self.at, self.widths, self.scales, self.marks
        for i in range(len(vals)):
            v = vals[i]
            if last is not None and v == last[i]:
                continue
            a = at[i]
            mark = marks[i]
            if mark >= 0:
                out[a] = 1.0 if v == mark else 0.0
            elif type(v) is int or type(v) is bool:
                if v:
                    sc = scales[i]
                    x = v / sc if sc else float(v)
                    out[a] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)
                else:
                    out[a] = 0.0
            else:
                w = widths[i]
                out[a : a + w] = self.zero[0:w]
                _put(out, a, w, v, scales[i])
        memo[0] = vals


class Encoded:
    """One seat's observation as last written, for the next one to start from: the vector and card ids
    (``vector()`` and ``card_ids()`` give copies) and what each slot shows."""

    __slots__ = (
        "arr",
        "arrays_seen",
        "cid_di",
        "ctx",
        "defs",
        "head_memo",
        "id_arr",
        "ids",
        "keys",
        "layout",
        "modifiers",
        "out",
        "values",
    )

    def __init__(self, state: State, size: int, slots: int, cid_di: list[int]) -> None:
        self.defs = state.defs
        self.cid_di = cid_di  # per card: its definition's embedding id
        self.layout = state.layout
        self.arr = np.zeros(size, dtype=np.float32)
        self.id_arr = np.zeros(slots, dtype=np.int64)
        # written through these: a float32 and an int64 view
        self.out: Any = memoryview(self.arr)  # type: ignore[arg-type]
        self.ids: Any = memoryview(self.id_arr)  # type: ignore[arg-type]
        self.keys = [0] * slots  # per slot: what its row shows (0: nothing; see ``TableObserver._write``)
        self.values: list[list[Any] | None] = [None] * slots  # per slot in play: the numbers written
        self.modifiers: list[Any] | None = None  # the modifiers in force
        self.ctx: _Context | None = None  # the context last written with
        # what the head last wrote (``TableObserver._head_code``, ``_Head``): the numbers, the envelope's row
        self.head_memo: list[Any] = [None, None]
        self.arrays_seen: list[list[Any]] | None = None  # the per-card arrays when it was last written

    def vector(self) -> np.ndarray:
        return self.arr.copy()

    def card_ids(self) -> np.ndarray:
        return self.id_arr.copy()


class _Context(NamedTuple):
    """What writing one seat's observation of states of one layout needs (``TableObserver._context``)."""

    layout: Any
    head: Any  # writes the envelope and the numbers (``TableObserver._head_code``)
    size_cells: list[tuple[int, float, float] | None]  # per zone: where its size goes, 1 / scale, scale
    sections: list[tuple[int, int]]  # the sections of the zones in play: (number, first slot)
    in_play: list[bool]  # per slot: whether it is one of theirs
    in_play_slots: frozenset[int]  # the same, as a set
    visible: list[bool]  # per zone: whether the seat may look at it
    looker: int | None  # the seat, or None for a spectator's look at the cards
    seat: int
    public: bool
    fixed: bool  # made once for the layout and seat (the game keeps core's ``zone_visible``)
    cls: type  # the state class it was made for
    sight: bool  # the class sees cards by core's rules (``_core_sight``)


def _core_sight(state: State) -> bool:
    """Whether ``state`` sees cards by core's rules (``can_see`` and its hooks): then what a seat sees of a
    card changes only with the card's zone, orientation, controller or what the seat learned."""
    cls = type(state)
    return (
        cls.can_see is _CORE_CAN_SEE
        and cls.zone_visible is _CORE_ZONE_VISIBLE
        and cls.can_see_face_down is _CORE_CAN_SEE_FACE_DOWN
    )


def _scaled(value: Any, inverse: float) -> float:
    """A card number as the observation shows it: over its scale, clipped to [-1, 1]; an id as 1 or 0."""
    if inverse == 0.0:
        return 1.0 if value >= 0 else 0.0
    v = value * inverse
    return 1.0 if v > 1.0 else (-1.0 if v < -1.0 else float(v))


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class _Arrays:
    """Reads the named per-card arrays of a state, as a list (``attrgetter``, a list even for one name)."""

    __slots__ = ("get", "one")

    def __init__(self, names: list[str]) -> None:
        self.get = attrgetter(*names) if names else None
        self.one = len(names) == 1

    def __call__(self, state: Any) -> list[Any]:
        get = self.get
        if get is None:
            return []
        return [get(state)] if self.one else list(get(state))


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class _Reader:
    """Reads number ``name`` of a state (and of a seat or a card): an attribute indexed by it, or a method
    taking it; ``len:NAME`` counts the items. A class, not a closure, so environments pickle."""

    __slots__ = ("attr", "count", "method", "per_item")

    def __init__(self, cls: type, name: str, per_item: bool = True) -> None:
        self.count = name.startswith("len:")
        self.attr = name.removeprefix("len:")
        member = getattr(cls, self.attr, None)
        self.method = callable(member) and not isinstance(member, property)
        self.per_item = per_item

    def __call__(self, state: Any, *item: int) -> Any:
        source = getattr(state, self.attr)
        if self.per_item:
            value = source(*item) if self.method else source[item[0]]
        else:
            value = source() if self.method else source
        return len(value) if self.count else value


def _inline(reader: _Reader) -> str:
    """The expression that reads a number of the table (``per_item`` False) from ``state``, as code."""
    expr = f"state.{reader.attr}()" if reader.method else f"state.{reader.attr}"
    return f"len({expr})" if reader.count else expr


def _reader(cls: type, name: str, seat: bool = True) -> _Reader:
    return _Reader(cls, name, seat)


def _flat(value: Any) -> list[float]:
    if isinstance(value, bool | int | float):
        return [float(value)]
    if isinstance(value, list | tuple):
        return [float(v) for v in value]
    if value is None:
        return [0.0]
    raise TypeError(f"a declared number must be a number or a list of numbers, not {type(value).__name__}")


def _row(scratch: memoryview) -> memoryview:
    """A copy of a row written in ``scratch`` (float32), to keep."""
    return memoryview(array.array("f", scratch.tobytes()))


def _put(out: Any, at: int, width: int, value: Any, scale: float) -> None:
    if type(value) is int or type(value) is bool or type(value) is float:
        if value:
            v = value / scale if scale else float(value)
            out[at] = 1.0 if v > 1.0 else (-1.0 if v < -1.0 else v)
        return
    values = _flat(value)
    for i in range(min(width, len(values))):
        v = values[i] / scale if scale else values[i]
        out[at + i] = 1.0 if v > 1.0 else (-1.0 if v < -1.0 else v)


__all__ = ["Encoded", "TableObserver", "card_features"]
