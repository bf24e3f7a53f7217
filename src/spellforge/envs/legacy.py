"""The first action space and observation vector of the research interfaces, kept for agents trained on them
(``action_space="legacy"``); the default is the compact slot layout of ``envs.actions`` and
``envs.observation``.

Both are derived from a game's declared facts, the same way for every registered game, so a game added to
the registry gets them with no code of its own.

**Actions** (:class:`ActionCodec`). Index ``i`` of a game's action space means the same thing in every
state: the same action type, on the same card definition, at the same target position. The space is laid
out class by class (the game's ``actions``, then core's common ones; meta actions such as resigning are not
part of it). A class takes a block of ``prod(radix)`` indices, one radix per field, mixed-radix in field
order:

* a *card field* (``Action.card_fields``): the card's definition, ``0 .. D-1`` in the order of the sorted
  pool (``game.cards``), then ``D`` for no card and ``D + 1`` for a card the acting seat cannot see;
* a *target field* (``Action.target_fields``): ``0`` no target; ``1 + r`` the player ``r`` seats after
  the acting one (``r < max_players``); then ``STACK_SLOTS`` codes for a stack item, the newest offered
  first; then ``2 * (D + 1)`` codes for a card: controlled by the acting seat or by another, by
  definition (``D``: a card the seat cannot see); then ``PLACE_BUCKETS * (max_players + 1)`` codes for a
  place a game adds (its kind and name hashed into a bucket, by the relative seat it belongs to, or
  shared);
* a ``bool`` field: 2 codes; an ``int`` field: ``INT_CODES`` codes (values above the last share it); a
  ``str`` field: ``STR_BUCKETS`` codes (the text hashed).

A class with no card or target field (pass, done, choose, skip ...) gets one block per *decision kind*
(the kinds the state class declares, plus one for any other), since passing a block means something else
than passing priority. When several legal actions share an index (two copies of one card in hand) the index
stands for the first of them in the order ``legal_actions()`` lists them.

**Observations** (:class:`ObservationEncoder`). A flat ``float32`` vector built from the seat's View alone
(``state.observe(seat)``), in blocks:

1. *envelope*: turn / ``max_turns``; the game is over; the seat decides now; the phase (one-hot over the
   declared phases, plus one for any other); the decision kind (one-hot, as in the action layout); the
   deciding seat, the active seats and the winners, each by relative seat (``max_players`` slots);
2. *per seat* (``max_players`` blocks, relative to the observing seat): alive, same team, then every number
   or flag of that player's dict in the View outside its cards, each added into one of ``SEAT_BUCKETS``
   slots chosen by a stable hash of its path (``life``, ``hand.count``, ``levels.nature``);
3. *shared*: the same for the rest of the View (the game's own part, the step), ``SHARED_BUCKETS`` slots;
   a short text value counts as the flag ``path=value``;
4. *cards*: for every card the View shows, a count at (relative seat, location, definition):
   relative seat from the player dict it sits in or its ``controller``/``owner`` (``max_players`` for a
   shared place); location by a stable hash of its path into ``LOCATIONS`` slots (``hand.cards``,
   ``minions``, ``in_play``); definition as in the action layout, ``D`` for a card shown only as hidden;
5. *card state*: the numbers and flags of those cards (damage, tapped, shields, ...) summed per (relative
   seat, location) into ``CARD_BUCKETS`` slots by a hash of the field name.

Numbers enter as ``sign(x) * log(1 + |x|)``; counts and flags as they are. Card ids never enter (they say
nothing the View does not say otherwise, and a determinization renumbers hidden cards).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from mypy_extensions import mypyc_attr

from spellforge.core.actions import COMMON_ACTIONS, Action
from spellforge.core.targets import CardRef, Place, PlayerRef, StackRef

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

STACK_SLOTS: Final = 4
PLACE_BUCKETS: Final = 8
INT_CODES: Final = 8
STR_BUCKETS: Final = 16
SEAT_BUCKETS: Final = 48
SHARED_BUCKETS: Final = 64
LOCATIONS: Final = 16
CARD_BUCKETS: Final = 16

CARD: Final = 0
TARGET: Final = 1
BOOL: Final = 2
INT: Final = 3
STR: Final = 4


def stable_hash(text: str, buckets: int) -> int:
    """A bucket for ``text`` that is the same in every process (Python's ``hash`` of a str is not)."""
    return zlib.crc32(text.encode()) % buckets


def decision_kinds(game: Ruleset) -> tuple[str, ...]:
    """The decision kinds a game's states register (core/kinds.py), sorted; a kind not listed reads as
    'other'."""
    return tuple(sorted(game.state_class.KINDS))


def pool_keys(game: Ruleset) -> tuple[str, ...]:
    return tuple(sorted(game.cards))


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class _ClassLayout:
    __slots__ = ("cls", "fields", "offset", "per_kind", "size")

    def __init__(self, cls: type[Action], specs: list[tuple[str, int, int]], per_kind: int) -> None:
        self.cls = cls
        self.fields = specs  # (field name, field kind, radix)
        self.per_kind = per_kind  # 0, or the number of decision-kind blocks
        size = 1
        for _, _, radix in specs:
            size *= radix
        self.size = size * max(1, per_kind)
        self.offset = 0


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class ActionCodec:
    """The fixed, semantic action space of one game (see the module docstring for the layout)."""

    def __init__(self, game: Ruleset) -> None:
        self.game = game
        self.players = game.max_players
        self.keys = pool_keys(game)
        self.def_index = {k: i for i, k in enumerate(self.keys)}
        self.n_defs = d = len(self.keys)
        self.kinds = decision_kinds(game)
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self._place_buckets: dict[tuple[str, str], int] = {}
        p = self.players
        self.card_codes = d + 2
        self.t_stack = 1 + p
        self.t_card = self.t_stack + STACK_SLOTS
        self.t_place = self.t_card + 2 * (d + 1)
        self.target_codes = self.t_place + PLACE_BUCKETS * (p + 1)
        classes: list[type[Action]] = []
        for cls in (*game.actions, *COMMON_ACTIONS):
            if not cls.meta and cls not in classes:
                classes.append(cls)
        self.layouts: dict[type[Action], _ClassLayout] = {}
        offset = 0
        for cls in classes:
            specs = [self._field_spec(cls, f.name, f.type) for f in fields(cls)]
            per_kind = 0 if any(k in (CARD, TARGET) for _, k, _ in specs) else len(self.kinds) + 1
            layout = _ClassLayout(cls, specs, per_kind)
            layout.offset = offset
            offset += layout.size
            self.layouts[cls] = layout
        self.size = offset

    def _field_spec(self, cls: type[Action], name: str, annotation: Any) -> tuple[str, int, int]:
        if name in cls.card_fields:
            return (name, CARD, self.card_codes)
        if name in cls.target_fields:
            return (name, TARGET, self.target_codes)
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text == "bool":
            return (name, BOOL, 2)
        if text == "str":
            return (name, STR, STR_BUCKETS)
        return (name, INT, INT_CODES)

    # ------------------------------------------------------------------ action -> index

    def card_code(self, state: State, seat: int, cid: int) -> int:
        if cid < 0:
            return self.n_defs
        if not state.can_see(seat, cid):
            return self.n_defs + 1
        return self.def_index.get(state.defs[cid].key, self.n_defs + 1)

    def target_code(self, state: State, seat: int, target: Any, stack_rank: dict[int, int]) -> int:
        n = state.n_seats
        if target is None:
            return 0
        if isinstance(target, PlayerRef):
            return 1 + (target.seat - seat) % n
        if isinstance(target, StackRef):
            return self.t_stack + stack_rank.get(target.uid, STACK_SLOTS - 1)
        if isinstance(target, CardRef):
            return self._card_target(state, seat, target.id)
        if isinstance(target, Place):
            rel = self.players if target.seat < 0 else (target.seat - seat) % n
            where = (target.kind, target.name)
            bucket = self._place_buckets.get(where)
            if bucket is None:  # a game has few places: each is hashed once
                bucket = self._place_buckets[where] = stable_hash(
                    f"{target.kind} {target.name}", PLACE_BUCKETS
                )
            return self.t_place + rel * PLACE_BUCKETS + bucket
        return 0

    def _card_target(self, state: State, seat: int, cid: int) -> int:
        mine = 0 if state.controller[cid] == seat else 1
        if state.can_see(seat, cid):
            d = self.def_index.get(state.defs[cid].key, self.n_defs)
        else:
            d = self.n_defs
        return self.t_card + mine * (self.n_defs + 1) + d

    def index(self, state: State, seat: int, action: Action, kind: str, stack_rank: dict[int, int]) -> int:
        """The index of ``action`` (legal now for ``seat`` at a decision of ``kind``)."""
        layout = self.layouts.get(type(action))
        if layout is None:
            raise ValueError(f"{type(action).__name__} is not in {self.game.title}'s action space")
        idx = 0
        for name, k, radix in layout.fields:
            value = getattr(action, name)
            if k == CARD:
                code = self.card_code(state, seat, value)
            elif k == TARGET:
                code = self.target_code(state, seat, value, stack_rank)
            elif k == BOOL:
                code = 1 if value else 0
            elif k == INT:
                code = min(max(int(value), 0), INT_CODES - 1)
            else:
                code = stable_hash(str(value), STR_BUCKETS)
            idx = idx * radix + code
        if layout.per_kind:
            idx = idx * layout.per_kind + self.kind_index.get(kind, len(self.kinds))
        return layout.offset + idx

    def legal_indices(self, state: State, seat: int, legal: Sequence[Action]) -> dict[int, Action]:
        """Each legal action's index, the first action for an index several share.

        The same indices as ``index`` for each action, computed on the environment's hot path (every
        step): each card's definition as the seat sees it is looked up once per call, and the stack
        ranks only when an action names a stack item."""
        d = state.decision
        kind_code = self.kind_index.get(d.kind if d is not None else "", len(self.kinds))
        layouts = self.layouts
        n_defs = self.n_defs
        seen: dict[int, int] = {}  # card id -> its definition's index as the seat sees it, or -1
        stack_rank: dict[int, int] | None = None
        out: dict[int, Action] = {}
        for action in legal:
            layout = layouts.get(type(action))
            if layout is None:
                raise ValueError(f"{type(action).__name__} is not in {self.game.title}'s action space")
            idx = 0
            for name, k, radix in layout.fields:
                value = getattr(action, name)
                if k == CARD or (k == TARGET and type(value) is CardRef):
                    cid = value if k == CARD else value.id
                    if k == CARD and cid < 0:
                        code = n_defs
                    else:
                        known = seen.get(cid)
                        if known is None:
                            known = self._seen_def(state, seat, cid)
                            seen[cid] = known
                        if k == CARD:
                            code = known if known >= 0 else n_defs + 1
                        else:
                            mine = 0 if state.controller[cid] == seat else 1
                            code = self.t_card + mine * (n_defs + 1) + (known if known >= 0 else n_defs)
                elif k == TARGET:
                    if stack_rank is None and isinstance(value, StackRef):
                        stack_rank = _stack_ranks(legal)
                    code = self.target_code(state, seat, value, stack_rank or {})
                elif k == BOOL:
                    code = 1 if value else 0
                elif k == INT:
                    code = min(max(int(value), 0), INT_CODES - 1)
                else:
                    code = stable_hash(str(value), STR_BUCKETS)
                idx = idx * radix + code
            if layout.per_kind:
                idx = idx * layout.per_kind + kind_code
            i = layout.offset + idx
            if i not in out:
                out[i] = action
        return out

    def _seen_def(self, state: State, seat: int, cid: int) -> int:
        """The index of card ``cid``'s definition if ``seat`` may see it and the pool has it, else -1."""
        if not state.can_see(seat, cid):
            return -1
        return self.def_index.get(state.defs[cid].key, -1)

    # ------------------------------------------------------------------ index -> words

    def describe(self, index: int) -> str:
        """What index ``index`` means, in words (for docs and debugging)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0..{self.size - 1}")
        for layout in self.layouts.values():
            if layout.offset <= index < layout.offset + layout.size:
                rest = index - layout.offset
                parts: list[str] = []
                if layout.per_kind:
                    rest, k = divmod(rest, layout.per_kind)
                    kind = self.kinds[k] if k < len(self.kinds) else "other"
                    parts.append(f"at a {kind} decision")
                codes: list[int] = []
                for _, _, radix in reversed(layout.fields):
                    rest, c = divmod(rest, radix)
                    codes.append(c)
                codes.reverse()
                words = [
                    f"{name}={self._describe_code(k, c)}"
                    for (name, k, _), c in zip(layout.fields, codes, strict=True)
                ]
                return " ".join([layout.cls.__name__.lower(), *words, *parts])
        raise AssertionError("unreachable")

    def _describe_code(self, kind: int, code: int) -> str:
        d = self.n_defs
        if kind == CARD:
            return self.keys[code] if code < d else ("none" if code == d else "unseen")
        if kind == TARGET:
            if code == 0:
                return "none"
            if code < self.t_stack:
                return f"player+{code - 1}"
            if code < self.t_card:
                return f"stack-item-{code - self.t_stack}"
            if code < self.t_place:
                whose, c = divmod(code - self.t_card, d + 1)
                card = self.keys[c] if c < d else "unseen"
                return f"{'own' if whose == 0 else 'other'}:{card}"
            rel, bucket = divmod(code - self.t_place, PLACE_BUCKETS)
            return f"place{bucket}@{'shared' if rel == self.players else f'player+{rel}'}"
        if kind == BOOL:
            return str(bool(code)).lower()
        return str(code) if kind == INT else f"text{code}"


def _stack_ranks(legal: Iterable[Action]) -> dict[int, int]:
    """The stack items the legal actions name, newest (largest uid) first: uid -> rank."""
    uids: set[int] = set()
    for action in legal:
        for name in action.target_fields:
            t = getattr(action, name)
            if isinstance(t, StackRef):
                uids.add(t.uid)
    if not uids:
        return {}
    return {uid: min(i, STACK_SLOTS - 1) for i, uid in enumerate(sorted(uids, reverse=True))}


# ---------------------------------------------------------------------- observations

_SKIP = frozenset({"id", "uid", "card", "attacker", "host", "blockers", "targets", "seat", "ref", "player"})
_TEXT = frozenset({"name", "text", "prompt", "legal", "log", "key", "type", "game", "reason", "clock"})
_PLAYER_ENVELOPE = frozenset({"seat", "name", "role", "team", "alive"})


def squash(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class ObservationEncoder:
    """The flat observation vector of one game's Views (see the module docstring for the layout)."""

    def __init__(self, game: Ruleset) -> None:
        self.game = game
        self.players = p = game.max_players
        self.keys = pool_keys(game)
        self.def_index = {k: i for i, k in enumerate(self.keys)}
        self.n_defs = len(self.keys)
        self.phases = tuple(ph.name for ph in game.turn_structure.phases)
        self.phase_index = {ph: i for i, ph in enumerate(self.phases)}
        self.kinds = decision_kinds(game)
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        blocks = [
            ("turn", 1),
            ("over", 1),
            ("my_decision", 1),
            ("phase", len(self.phases) + 1),
            ("decision_kind", len(self.kinds) + 1),
            ("decision_seat", p),
            ("active", p),
            ("winners", p),
            ("seats", p * (2 + SEAT_BUCKETS)),
            ("shared", SHARED_BUCKETS),
            ("cards", (p + 1) * LOCATIONS * (self.n_defs + 1)),
            ("card_state", (p + 1) * LOCATIONS * CARD_BUCKETS),
        ]
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in blocks:
            self.offsets[name] = at
            at += size
        self.blocks = tuple(blocks)
        self.size = at
        self._loc_cache: dict[str, int] = {}
        self._num_cache: dict[str, int] = {}
        self._card_buckets: dict[str, int] = {}  # card field -> bucket (-1: not a number to count)

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The vector of ``view`` (a View as ``state.observe(seat)`` returns it)."""
        out = np.zeros(self.size, dtype=np.float32)
        o = self.offsets
        seat = view.get("seat")
        me = 0 if seat is None else int(seat)
        players = view.get("players") or []
        n = max(1, len(players))
        p = self.players
        out[o["turn"]] = view.get("turn", 0) / max(1, self.game.max_turns)
        outcome = view.get("outcome")
        out[o["over"]] = 1.0 if outcome is not None else 0.0
        decision = view.get("decision")
        if decision is not None:
            dseat = int(decision.get("seat", 0))
            out[o["my_decision"]] = 1.0 if seat is not None and dseat == me else 0.0
            out[o["decision_kind"] + self.kind_index.get(decision.get("kind", ""), len(self.kinds))] = 1.0
            out[o["decision_seat"] + (dseat - me) % n] = 1.0
        out[o["phase"] + self.phase_index.get(view.get("phase", ""), len(self.phases))] = 1.0
        for s in view.get("active") or ():
            out[o["active"] + (int(s) - me) % n] = 1.0
        if outcome is not None:
            for s in outcome.get("winners") or ():
                out[o["winners"] + (int(s) - me) % n] = 1.0
        my_team = players[me].get("team") if seat is not None and me < len(players) else None
        for i, player in enumerate(players):
            rel = (i - me) % n
            base = o["seats"] + rel * (2 + SEAT_BUCKETS)
            out[base] = 1.0 if player.get("alive") else 0.0
            out[base + 1] = 1.0 if my_team is not None and player.get("team") == my_team else 0.0
            for key, value in player.items():
                if key not in _PLAYER_ENVELOPE:
                    self._walk(out, value, key, rel, base + 2, SEAT_BUCKETS, me, n)
        shared = o["shared"]
        step = view.get("step")
        if isinstance(step, str):
            out[shared + stable_hash(f"step={step}", SHARED_BUCKETS)] += 1.0
        for key, value in view.items():
            if key in ("game", "seat", "turn", "phase", "step", "active", "decision", "players", "log"):
                continue
            if key == "outcome":
                continue
            self._walk(out, value, key, p, shared, SHARED_BUCKETS, me, n)
        return out

    def _walk(
        self, out: np.ndarray, value: Any, path: str, rel: int, base: int, buckets: int, me: int, n: int
    ) -> None:
        """Add ``value`` (found at ``path``, in relative seat ``rel``'s part) to the vector."""
        if isinstance(value, dict):
            if ("key" in value and "id" in value) or value.get("hidden") is True:
                self._card(out, value, path, rel, me, n)
                return
            for key, item in value.items():
                if key not in _SKIP and key not in _TEXT:
                    self._walk(out, item, f"{path}.{key}", rel, base, buckets, me, n)
            return
        if isinstance(value, list):
            for item in value:
                self._walk(out, item, path, rel, base, buckets, me, n)
            return
        if isinstance(value, bool):
            if value:
                out[base + self._bucket(path, buckets)] += 1.0
        elif isinstance(value, int | float):
            out[base + self._bucket(path, buckets)] += squash(float(value))
        elif isinstance(value, str) and len(value) <= 24:
            out[base + stable_hash(f"{path}={value}", buckets)] += 1.0

    def _bucket(self, path: str, buckets: int) -> int:
        key = f"{buckets}:{path}"
        b = self._num_cache.get(key)
        if b is None:
            b = self._num_cache[key] = stable_hash(path, buckets)
        return b

    def _card(self, out: np.ndarray, card: dict[str, Any], path: str, rel: int, me: int, n: int) -> None:
        if rel == self.players:  # a card in a shared place: its controller's (or owner's) if it says
            who = card.get("controller", card.get("owner"))
            if type(who) is int:
                rel = (who - me) % n
        loc = self._loc_cache.get(path)
        if loc is None:
            loc = self._loc_cache[path] = stable_hash(path, LOCATIONS)
        cell = rel * LOCATIONS + loc
        key = card.get("key")
        d = self.n_defs if key is None else self.def_index.get(key, self.n_defs)
        out[self.offsets["cards"] + cell * (self.n_defs + 1) + d] += 1.0
        base = self.offsets["card_state"] + cell * CARD_BUCKETS
        buckets = self._card_buckets
        for field, value in card.items():
            b = buckets.get(field)
            if b is None:
                b = buckets[field] = (
                    -1
                    if field in _SKIP or field in _TEXT or field in ("controller", "owner", "hidden")
                    else stable_hash(field, CARD_BUCKETS)
                )
            if b < 0:
                continue
            kind = type(value)
            if kind is bool:
                if value:
                    out[base + b] += 1.0
            elif (kind is int or kind is float) and value:
                out[base + b] += math.copysign(math.log1p(abs(value)), value)

    def describe(self) -> list[tuple[str, int, int]]:
        """The blocks of the vector: (name, offset, size)."""
        return [(name, self.offsets[name], size) for name, size in self.blocks]
