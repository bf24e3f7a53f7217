"""What the PettingZoo, Gymnasium and OpenSpiel interfaces share: one game's action indices, observations and
spaces at one number of players, in the compact slot layout (``action_space="slots"``, the default) or the
first, legacy one (``action_space="legacy"``, for agents trained on it).
"""

from __future__ import annotations

from typing import Any, Final

import gymnasium
import numpy as np
from mypy_extensions import mypyc_attr

from spellforge.core.actions import Action
from spellforge.core.ruleset import Ruleset
from spellforge.core.state import State

from .actions import SlotCodec
from .legacy import ActionCodec, ObservationEncoder
from .observation import Encoded, TableObserver
from .pickling import attributes, restore
from .table import Location

ACTION_SPACES: Final = ("slots", "legacy")

_zeros: Final = np.zeros  # called at every step: bound once, arguments by position
_fromiter: Final = np.fromiter
_INT8: Final = np.int8
_INT64: Final = np.int64


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
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
            at.pending = None
        else:
            changed = self.codec.table.update(at.loc, state, at.zones)
            if changed is None or at.pending is None:
                at.pending = None
            elif at.pending:
                at.pending |= changed
            else:
                at.pending = changed
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
    ) -> dict[str, np.ndarray]:
        """The observation of ``seat``: the vector (and card ids), and the mask of ``legal`` (None or empty:
        the seat does not act now; ``indices``: its keys as an array, when the caller has them)."""
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
        enc = at.enc
        pending = at.pending
        if enc is None or pending is None or enc.defs is not state.defs or enc.layout is not state.layout:
            enc = at.enc = self.observer.update(None, state, seat, loc, None)
        else:
            self.observer._write(enc, state, seat, loc, pending, at.zones, False)
        if pending is None or pending:
            at.pending = set()
        if at.zones:
            at.zones = set()
        return {"observation": enc.arr.copy(), "action_mask": mask, "card_ids": enc.id_arr.copy()}

    def __getstate__(self) -> dict[str, Any]:
        out = attributes(self)
        out["_seats"] = {}
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        restore(self, data)


class _Seat:
    """One seat's table and observation as last worked out, and the slots changed since the observation."""

    __slots__ = ("enc", "loc", "moment", "pending", "state", "zones")

    def __init__(self) -> None:
        self.state: State | None = None
        self.moment: Any = None
        self.loc: Location | None = None
        self.enc: Encoded | None = None
        self.pending: set[int] | None = None  # None: the next observation is written whole
        self.zones: set[int] = set()  # the zones whose cards changed since the observation


__all__ = ["ACTION_SPACES", "Interface"]
