"""What the PettingZoo, Gymnasium and OpenSpiel interfaces share: one game's action indices, observations and
spaces at one number of players, in the compact slot layout (``action_space="slots"``, the default) or the
first, legacy one (``action_space="legacy"``, for agents trained on it).
"""

from __future__ import annotations

from sys import getrefcount
from typing import Any

import gymnasium
import numpy as np

from spellforge.core.actions import Action
from spellforge.core.ruleset import Ruleset
from spellforge.core.state import State

from .actions import SlotCodec
from .legacy import ActionCodec, ObservationEncoder
from .observation import Encoded, TableObserver
from .table import Location

ACTION_SPACES = ("slots", "legacy")

_zeros = np.zeros  # called at every step: bound once, arguments by position
_fromiter = np.fromiter
_INT8 = np.int8
_INT64 = np.int64


class Interface:
    """Indices, observations and spaces of one game (see the module docstring)."""

    def __init__(self, game: Ruleset, players: int, action_space: str = "slots", **options: Any) -> None:
        if action_space not in ACTION_SPACES:
            raise ValueError(f"action_space={action_space!r}: expected one of {', '.join(ACTION_SPACES)}")
        self.game = game
        self.players = players
        self.kind = action_space
        self.legacy = action_space == "legacy"
        if self.legacy:
            self.legacy_codec = ActionCodec(game)
            self.encoder = ObservationEncoder(game)
            self.size = self.legacy_codec.size
            self.obs_size = self.encoder.size
        else:
            self.observer = TableObserver(game, players, **options)
            self.codec = SlotCodec(game, players, self.observer.table)
            self.size = self.codec.size
            self.obs_size = self.observer.size
        # per seat: its table and observation as last worked out, each next one starts from them
        self._seats: dict[int, _Seat] = {}
        self._no_mask: np.ndarray | None = None  # the mask of a seat that does not act (read-only, shared)

    def observation_space(self) -> gymnasium.spaces.Dict:
        mask = gymnasium.spaces.Box(low=0, high=1, shape=(self.size,), dtype=np.int8)
        if self.legacy:
            vector = gymnasium.spaces.Box(low=-np.inf, high=np.inf, shape=(self.obs_size,), dtype=np.float32)
            return gymnasium.spaces.Dict({"observation": vector, "action_mask": mask})
        vector = gymnasium.spaces.Box(low=-1.0, high=1.0, shape=(self.obs_size,), dtype=np.float32)
        ids = gymnasium.spaces.Box(
            low=0, high=len(self.observer.keys), shape=(self.observer.table.size,), dtype=np.int64
        )
        return gymnasium.spaces.Dict({"observation": vector, "action_mask": mask, "card_ids": ids})

    def action_space(self) -> gymnasium.spaces.Discrete:
        return gymnasium.spaces.Discrete(self.size)

    def describe(self, index: int) -> str:
        return self.legacy_codec.describe(index) if self.legacy else self.codec.describe(index)

    def _locate(self, state: State, seat: int) -> Location:
        """The seat's table now, brought up to date from the last one (once per moment: the legal indices
        and the observation of one step share it)."""
        at = self._seats.get(seat)
        if at is None:
            at = self._seats[seat] = _Seat()
        # the state's history: another object whenever the state moves on (every action applied adds a link)
        moment = state._hist
        if at.moment is moment and at.state is state and at.loc is not None:
            return at.loc
        if at.loc is None:
            at.loc = self.codec.table.locate(state, seat)
            for buf in at.bufs:
                buf.pending = None
        else:
            zones = at.zones
            changed = self.codec.table.update(at.loc, state, zones)
            if changed is None:
                for buf in at.bufs:
                    buf.pending = None
            elif changed or zones:
                for buf in at.bufs:
                    pending = buf.pending
                    if pending is not None:
                        if pending:
                            pending |= changed
                        else:
                            buf.pending = set(changed)
                    if buf.zones:
                        buf.zones |= zones
                    else:
                        buf.zones = set(zones)
                if zones:
                    zones.clear()
        at.state, at.moment = state, moment
        return at.loc

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """The legal actions of ``seat`` (the seat to act) by index, the first action for an index several
        share."""
        legal = state._legal_tuple()
        if self.legacy:
            return self.legacy_codec.legal_indices(state, seat, legal)
        return self.codec.index_legal(state, seat, legal, self._locate(state, seat))[0]

    def observe(
        self,
        state: State,
        seat: int,
        legal: dict[int, Action] | None,
        indices: np.ndarray | None = None,
        kept: bool = False,
    ) -> dict[str, np.ndarray]:
        """The observation of ``seat``: the vector (and card ids), and the mask of ``legal`` (None or empty:
        the seat does not act now; ``indices``: its keys as an array, when the caller has them).

        The arrays are the caller's own, unless ``kept``: then they are read-only arrays the interface keeps
        and brings up to date at a later observation of the seat once nothing else holds them (``_Buffer``);
        an observation that is held is never changed."""
        if self.legacy or not kept:
            mask = _zeros(self.size, _INT8)
            if legal:
                mask[_fromiter(legal, _INT64, len(legal)) if indices is None else indices] = 1
            if self.legacy:
                return {"observation": self.encoder.encode(state.observe(seat)), "action_mask": mask}
        at = self._seats.get(seat)
        if at is None or at.moment is not state._hist or at.state is not state or at.loc is None:
            loc = self._locate(state, seat)
            at = self._seats[seat]
        else:
            loc = at.loc  # located for this moment already (the legal indices)
        if not kept:
            buf = at.bufs[0] if at.bufs else None
            enc = self._bring(buf, at, state, seat, loc)
            return {"observation": enc.arr.copy(), "action_mask": mask, "card_ids": enc.id_arr.copy()}
        buf = at.free()
        if buf is None and at.bufs:
            # every buffer is held: a copy of the latest, brought up to date
            buf = at.bufs[0].copy()
            at.add(buf)
        enc = self._bring(buf, at, state, seat, loc)
        buf = at.bufs[0]
        if legal:
            on = buf.on
            if on is not legal:
                out = buf.mask
                if on:
                    out[_fromiter(on, _INT64, len(on))] = 0
                out[_fromiter(legal, _INT64, len(legal)) if indices is None else indices] = 1
                buf.on = legal
            mask = buf.mask_out
        else:
            mask = self._no_mask
            if mask is None:
                mask = self._no_mask = _zeros(self.size, _INT8)
                mask.flags.writeable = False
        return {"observation": enc.arr, "action_mask": mask, "card_ids": enc.id_arr}

    def _bring(self, buf: _Buffer | None, at: _Seat, state: State, seat: int, loc: Location) -> Encoded:
        """Bring ``buf`` (None: a new buffer) up to ``state`` and put it first among the seat's buffers."""
        if buf is None:
            buf = _Buffer(self.observer.update(None, state, seat, loc, None), self.size)
            at.add(buf)
            return buf.enc
        enc = buf.enc
        pending = buf.pending
        if pending is None or enc.defs is not state.defs or enc.layout is not state.layout:
            enc = self.observer.update(None, state, seat, loc, None)
            buf.reset(enc)
        else:
            self.observer._write(enc, state, seat, loc, pending, buf.zones, False)
        if pending is None or pending:
            buf.pending = set()
        if buf.zones:
            buf.zones = set()
        if at.bufs[0] is not buf:
            at.bufs.remove(buf)
            at.bufs.insert(0, buf)
        return enc

    def __getstate__(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out["_seats"] = {}
        out["_no_mask"] = None
        return out


class _Seat:
    """One seat's table as last worked out, and its observations (``_Buffer``), the latest first."""

    __slots__ = ("bufs", "loc", "moment", "state", "zones")

    def __init__(self) -> None:
        self.state: State | None = None
        self.moment: Any = None
        self.loc: Location | None = None
        self.bufs: list[_Buffer] = []
        self.zones: set[int] = set()  # scratch: the zones whose cards changed at one update of the table

    def free(self) -> _Buffer | None:
        """The latest buffer nothing outside holds, else None (a new one is made): one held is let go when
        the seat has ``KEPT`` buffers already, and stays as it is."""
        for buf in self.bufs:
            if not buf.held():
                return buf
        if len(self.bufs) >= KEPT:
            self.bufs.pop()
        return None

    def add(self, buf: _Buffer) -> None:
        self.bufs.insert(0, buf)


KEPT = 2  # buffers kept per seat: the one the caller holds (its last observation) and one to write


class _Buffer:
    """One observation of a seat that the interface keeps (``Interface.observe(kept=True)``): its encoding
    (the vector and card ids, read-only outside, written through ``Encoded.out`` and ``Encoded.ids``) and
    action mask, the slots and zones changed since it was written (``pending`` None: it is written whole
    next time), and the legal actions its mask marks (``on``). It is written again only while nothing
    outside holds its arrays: their reference counts are those it had when it was made."""

    __slots__ = ("counts", "enc", "mask", "mask_out", "on", "pending", "zones")

    def __init__(self, enc: Encoded, size: int) -> None:
        self.mask = _zeros(size, _INT8)
        self.mask_out = self.mask.view()
        self.mask_out.flags.writeable = False
        self.on: dict[int, Action] | None = None
        self.pending: set[int] | None = set()
        self.zones: set[int] = set()
        self.reset(enc)

    def reset(self, enc: Encoded) -> None:
        enc.arr.flags.writeable = False
        enc.id_arr.flags.writeable = False
        self.enc = enc
        self.counts = self._counts()

    def copy(self) -> _Buffer:
        """A buffer of the same observation (its mask marks nothing yet)."""
        buf = _Buffer(self.enc.copy(), len(self.mask))
        buf.pending = None if self.pending is None else set(self.pending)
        buf.zones = set(self.zones)
        return buf

    def _counts(self) -> tuple[int, int, int, int]:
        enc = self.enc
        return (getrefcount(enc.arr), getrefcount(enc.id_arr), getrefcount(self.mask), getrefcount(self.mask_out))

    def held(self) -> bool:
        """Whether anything outside holds one of its arrays (a view of one included)."""
        enc = self.enc
        counts = self.counts
        return (
            getrefcount(enc.arr) != counts[0]
            or getrefcount(enc.id_arr) != counts[1]
            or getrefcount(self.mask) != counts[2]
            or getrefcount(self.mask_out) != counts[3]
        )


__all__ = ["ACTION_SPACES", "Interface"]
