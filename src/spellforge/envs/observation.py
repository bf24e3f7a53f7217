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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from spellforge.core.modifiers import ADD
from spellforge.core.state import State as _CoreState

from .facts import research_facts
from .table import Location, Table

if TYPE_CHECKING:
    from spellforge.core.cards import CardDef
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

_CORE_CAN_SEE = _CoreState.can_see
_CORE_ZONE_VISIBLE = _CoreState.zone_visible
_DEF_SKIP = frozenset({"key", "name", "text", "source", "effects", "keywords"})
MAX_ONE_HOT = 24
MAX_TAGS = 32


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
        # per (seat, public): the last encoding's buffers and each slot's (card, known, face down, side)
        self._last: dict[tuple[int, bool], _Encoded] = {}
        self._zone_lists: dict[tuple[str, int], tuple[Any, Any]] = {}
        self._number_scales = [1.0 / sc if sc else 0.0 for _, sc, _, _ in self.card_numbers] + [
            1.0 / sc if sc else 1.0 for _, sc in self.card_stats
        ]
        self._playing: dict[int, tuple[Any, list[int]]] = {}
        self._zero_row = memoryview(bytes(4 * self.slot_width)).cast("f")
        self._visible: dict[tuple[int, int | None], tuple[Any, list[bool]]] = {}
        self.in_play = facts.in_play

    # ------------------------------------------------------------------ encoding

    def encode(
        self, state: State, seat: int, loc: Location | None = None, public: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """(vector, card ids) of what ``seat`` may know of ``state`` (``public``: what a spectator may know
        of the cards, on the seat's table)."""
        if loc is None:
            loc = self.table.locate(state, seat)
        # Written into a plain float buffer (far cheaper than numpy's per-item or fancy-index writes at these
        # sizes), then wrapped as an array without a copy. Built incrementally: when ``loc`` was worked out
        # from the location this seat's last observation used, the slot rows start as that observation's,
        # and only the slots whose card changed, and the cards in play whose numbers changed, are written.
        slots_at = self.offsets["slots"]
        key = (seat, public)
        last = self._last.get(key)
        incremental = (
            last is not None
            and last.defs is state.defs
            and last.serial == loc.base
            and loc.changed is not None
            and type(state).can_see is _CORE_CAN_SEE
        )
        if incremental:
            assert last is not None
            raw = bytearray(last.raw)
            id_raw = bytearray(last.ids)
            values: dict[int, Any] = dict(last.values)
        else:
            raw = bytearray(4 * self.size)
            id_raw = bytearray(8 * self.table.size)
            values = {}
        out = memoryview(raw).cast("f")
        ids = memoryview(id_raw).cast("q")
        out[0:slots_at] = array.array("f", self._head(state, seat))
        # the slots
        width = self.slot_width
        base = slots_at
        n_feats = self.def_features.shape[1]
        first_feat = self.slot_base
        first_number = first_feat + n_feats
        zero_row = self._zero_row
        looker = None if public else seat
        can_see = state.can_see
        fd = state.face_down
        defs = state.defs
        def_index = self.def_index
        def_rows = self.def_rows
        slots = loc.slots
        rel = loc.rel

        def write_row(slot: int) -> None:
            at = base + slot * width
            out[at : at + width] = zero_row
            ids[slot] = 0
            values.pop(slot, None)
            cid = slots[slot]
            if cid < 0:
                return
            out[at] = 1.0
            if fd[cid]:
                out[at + 2] = 1.0
            out[at + 3 + rel[slot]] = 1.0
            if can_see(looker, cid):
                out[at + 1] = 1.0
                di = def_index.get(defs[cid].key, 0)
                if di:
                    ids[slot] = di
                    out[at + first_feat : at + first_feat + n_feats] = def_rows[di]

        if incremental:
            assert loc.changed is not None
            for slot in loc.changed:
                write_row(slot)
        else:
            for slot in loc.where.values():
                write_row(slot)
        # the numbers of the cards in play, written where they changed: when no per-card array and no modifier
        # changed (and the game declares no method), only the cards new to their slots are read
        playing = self._playing_entries(state)
        arrays = [getattr(state, name) for name, _, _, positional in self.card_numbers if positional]
        methods = [read for _, _, read, positional in self.card_numbers if not positional]
        mods_now = state.modifiers if self.card_stats else None
        if incremental and not methods:
            assert last is not None and loc.changed is not None
            same = last.arrays == arrays and last.modifiers == mods_now
        else:
            same = False
        arrays_seen = last.arrays if same and last is not None else [a[:] for a in arrays]
        mods_seen = (
            last.modifiers if same and last is not None else (None if mods_now is None else mods_now[:])
        )
        if playing and (self.card_numbers or self.card_stats):
            stat_names = [name for name, _ in self.card_stats]
            mods: dict[int, list[int]] = {}
            if stat_names and state.modifiers:
                for m in state.modifiers:
                    if m.card >= 0 and m.op == ADD and m.stat in stat_names:
                        row = mods.setdefault(m.card, [0] * len(stat_names))
                        row[stat_names.index(m.stat)] += m.amount
            no_stats = [0] * len(stat_names)
            hidden_methods = [0] * len(methods)
            inverse = self._number_scales
            if same:
                assert loc.changed is not None
                changed = loc.changed
                todo = [slot for i in playing for slot in loc.entry_slots[i] if slot in changed]
            else:
                todo = [slot for i in playing for slot in loc.entry_slots[i]]
            for slot in todo:
                cid = slots[slot]
                if out[base + slot * width + 1] == 1.0 and not fd[cid]:
                    now = [a[cid] for a in arrays]
                    if methods:
                        now += [read(state, cid) for read in methods]
                    now += mods.get(cid, no_stats)
                else:  # a card the seat may not know: only what its position shows
                    now = [a[cid] for a in arrays] + hidden_methods + no_stats
                if values.get(slot) == (cid, now):
                    continue
                values[slot] = (cid, now)
                out[base + slot * width + first_number : base + (slot + 1) * width] = array.array(
                    "f", [_scaled(v, inv) for v, inv in zip(now, inverse, strict=True)]
                )
        self._last[key] = _Encoded(state.defs, raw, id_raw, loc.serial, values, arrays_seen, mods_seen)
        return np.frombuffer(raw, dtype=np.float32), np.frombuffer(id_raw, dtype=np.int64)

    def _head(self, state: State, seat: int) -> list[float]:
        """The envelope, seats and numbers blocks, in order."""
        n = state.n_seats
        p = self.players
        head = [0.0] * self.offsets["slots"]
        turn = state.turn / max(1, self.game.max_turns)
        head[0] = turn if turn < 1.0 else 1.0
        d = state.decision if state.outcome is None else None
        if state.outcome is not None:
            head[1] = 1.0
        if d is not None and d.seat == seat:
            head[2] = 1.0
        at = 3
        head[at + self.phase_index.get(state.phase, len(self.phases))] = 1.0
        at += len(self.phases) + 1
        if d is not None:
            head[at + self.kind_index.get(d.kind, len(self.kinds))] = 1.0
        at += len(self.kinds) + 1
        if d is not None:
            head[at + (d.seat - seat) % n] = 1.0
        at += p
        for s in state.view_active():
            head[at + (s - seat) % n] = 1.0
        at += p
        alive, team = state.alive, state.team_of
        mine = team[seat]
        for s in range(n):
            r = (s - seat) % n
            if alive[s]:
                head[at + r] = 1.0
            if team[s] == mine:
                head[at + p + r] = 1.0
        at += 2 * p
        if self.roles:
            roles = state.roles
            for s in range(n):
                if roles[s] in self.roles:
                    head[at + ((s - seat) % n) * len(self.roles) + self.roles.index(roles[s])] = 1.0
        # the seats
        zones = state.zones
        base = self.offsets["seats"]
        scale = self.count_scale
        inv = 1.0 / scale
        marks = [read(state) for _, read in self.marks]
        seat_zones = self._seat_zone_indices(state)
        sources = [
            (getattr(state, read.attr), read.method, read.count, sc) for _, sc, read in self.seat_numbers
        ]
        k = len(self.seat_zones)
        for s in range(n):
            at = base + ((s - seat) % n) * self.seat_width
            head[at : at + k] = [
                c * inv if c < scale else 1.0 for c in map(len, map(zones.__getitem__, seat_zones[s]))
            ]
            at += k
            for (source, method, count, sc), width in zip(sources, self.seat_widths, strict=True):
                value = source(s) if method else source[s]
                if count:
                    value = len(value)
                if type(value) is int or type(value) is bool:
                    if value:
                        v = value / sc if sc else float(value)
                        head[at] = 1.0 if v > 1.0 else (-1.0 if v < -1.0 else v)
                else:
                    _put(head, at, width, value, sc)
                at += width
            for mark in marks:
                if mark == s:
                    head[at] = 1.0
                at += 1
        at = self.offsets["numbers"]
        for (_, sc, read), width in zip(self.numbers, self.number_widths, strict=True):
            _put(head, at, width, read(state), sc)
            at += width
        scale = self.total_scale
        inv = 1.0 / scale
        shared = self._shared_zone_indices(state)
        head[at : at + len(shared)] = [
            c * inv if c < scale else 1.0 for c in map(len, map(zones.__getitem__, shared))
        ]
        return head

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

    def _playing_entries(self, state: State) -> list[int]:
        """The table's plan entries (zone names) whose cards are in play (card numbers are read there)."""
        layout = state.layout
        cached = self._playing.get(id(layout))
        if cached is not None and cached[0] is layout:
            return cached[1]
        flags = self._public_zones(state)
        out = []
        for i, (name, *_) in enumerate(self.table._plan):
            zones = layout.by_seat.get(name)
            z = zones[0] if zones is not None else layout.zone(name)
            if flags[z]:
                out.append(i)
        self._playing[id(layout)] = (layout, out)
        return out

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
        out = {
            k: ({} if k in ("_visible", "_public", "_last", "_playing", "_zone_lists") else v)
            for k, v in self.__dict__.items()
        }
        out["_zero_row"] = None
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self._zero_row = memoryview(bytes(4 * self.slot_width)).cast("f")

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


class _Encoded(NamedTuple):
    """A seat's last observation, for the next one to start from."""

    defs: Any  # the game's card definitions it was made with
    raw: bytearray
    ids: bytearray
    serial: int  # the location it was made from
    values: dict[int, Any]  # per slot in play: (card, its numbers)
    arrays: list[list[Any]]  # the per-card arrays read
    modifiers: list[Any] | None  # the modifiers in force


def _scaled(value: Any, inverse: float) -> float:
    """A card number as the observation shows it: over its scale, clipped to [-1, 1]; an id as 1 or 0."""
    if inverse == 0.0:
        return 1.0 if value >= 0 else 0.0
    v = value * inverse
    return 1.0 if v > 1.0 else (-1.0 if v < -1.0 else float(v))


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


__all__ = ["TableObserver", "card_features"]
