"""The work of each PettingZoo step: the game, who is selected, the legal indices and the agents' records.

``envs.pettingzoo.SpellforgeAEC`` subclasses PettingZoo's ``AECEnv``, a Python class, so it runs
interpreted; it hands each step, observation and ``last()`` to a ``Turns`` here, which is compiled with the
engine. The records PettingZoo reads (``agents``, ``rewards``, ``_cumulative_rewards``, ``terminations``,
``truncations``, ``infos``) are the same objects on both: the environment takes them from its ``Turns`` at
each ``reset``, and PettingZoo's own helpers (``_was_dead_step``) change them in place; the selected agent
is the ``Turns``' (``SpellforgeAEC.agent_selection`` reads and sets it).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from mypy_extensions import mypyc_attr

from spellforge.core.actions import Action
from spellforge.core.state import State

from .interface import Interface
from .pickling import attributes, restore

_fromiter: Final = np.fromiter  # called at every step: bound once, arguments by position
_INT64: Final = np.int64
_NO_INDICES: Final = np.zeros(0, dtype=np.int64)


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class Turns:
    """One environment's game and records (see the module docstring)."""

    def __init__(self, interface: Interface, players: int, max_decisions: int | None, views: bool) -> None:
        self.interface = interface
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.max_decisions = max_decisions
        self.views = views
        self.state: State | None = None
        self.selection = self.possible_agents[0]
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self.cumulative: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.legal: dict[int, Action] = {}
        self.acting = -1  # the seat whose legal indices are in ``legal`` (-1: none)
        # the keys of ``legal`` as an array (``infos[agent]["legal"]``), for an agent that would rather not scan
        # the whole mask
        self.indices: np.ndarray = _NO_INDICES
        self.obs_cache: dict[str, dict[str, np.ndarray]] = {}
        self.view_cache: dict[str, dict[str, Any]] = {}

    def reset(self, state: State) -> None:
        """Start ``state``, a new game: every agent playing, no reward, nothing ended."""
        self.state = state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.cumulative = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.acting = -1
        self.after_change()

    def game(self) -> State:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        return state

    def step(self, action: Any) -> bool:
        """Play ``action`` (an index: any integer, numpy's too) for the selected agent; False, doing nothing,
        when that agent's game is over (the environment then runs PettingZoo's ``_was_dead_step``)."""
        agent = self.selection
        if self.terminations[agent] or self.truncations[agent]:
            return False
        state = self.game()
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        index = int(action)
        chosen = self.legal.get(index)
        if chosen is None:
            size = self.interface.size
            meaning = self.interface.describe(index) if 0 <= index < size else "out of range"
            raise ValueError(
                f"action {action} ({meaning}) is not legal for {agent} now; "
                f"the legal indices are {sorted(self.legal)[:12]}"
            )
        self.cumulative[agent] = 0.0
        state.apply(chosen)
        outcome = state.outcome
        if outcome is not None:
            winners = set(outcome.winners)
            for a in self.agents:
                self.rewards[a] = 0.0 if not winners else (1.0 if self.agent_seat[a] in winners else -1.0)
                self.cumulative[a] += self.rewards[a]
                self.terminations[a] = True
        elif self.max_decisions is not None and state.decisions_made >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        # otherwise no reward moves: every reward stays 0 until the game ends
        self.after_change()
        return True

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.obs_cache.get(agent)
        if obs is None:
            seat = self.agent_seat[agent]
            if seat == self.acting:
                obs = self.interface.observe(self.game(), seat, self.legal, self.indices)
            else:
                obs = self.interface.observe(self.game(), seat, None)
            self.obs_cache[agent] = obs
        return obs

    def last(self, observe: Any) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        agent = self.selection
        return (
            self.observe(agent) if observe else None,
            self.cumulative[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s View of the game now (a JSON-safe dict: ``state.observe(seat)``)."""
        view = self.view_cache.get(agent)
        if view is None:
            view = self.view_cache[agent] = self.game().observe(self.agent_seat[agent])
        return view

    def after_change(self) -> None:
        """After the game moved: who is selected, their legal indices and the infos."""
        state = self.game()
        if self.obs_cache:
            self.obs_cache.clear()
        if self.view_cache:
            self.view_cache.clear()
        d = state.decision
        seat = -1 if state.outcome is not None or d is None else d.seat  # ``state.current_player``
        before: str | None = self.selection if self.acting >= 0 else None
        if seat < 0:
            self.legal = {}
            self.acting = -1
            dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            if dead:
                self.selection = dead[0]
        else:
            legal = self.legal = self.interface.legal(state, seat)
            self.acting = seat
            agent = self.selection = self.possible_agents[seat]
            if self.max_decisions is not None and self.truncations.get(agent):
                agent = self.selection = next(a for a in self.agents if self.truncations[a])
            self.indices = _fromiter(legal, _INT64, len(legal))
            if before is not None and legal and not self.views and agent == self.possible_agents[seat]:
                # the common step: of the infos, only the selected agent's before and now change
                infos = self.infos
                if before != agent and before in infos:
                    infos[before] = {}
                infos[agent] = {"legal": self.indices}
                return
        for a in self.agents:
            info: dict[str, Any] = {}
            if a == self.selection and self.legal:
                info["legal"] = self.indices
            if self.views:
                info["view"] = self.view(a)
            self.infos[a] = info

    def __getstate__(self) -> dict[str, Any]:
        return {**attributes(self), "obs_cache": {}, "view_cache": {}}

    def __setstate__(self, data: dict[str, Any]) -> None:
        restore(self, data)


__all__ = ["Turns"]
