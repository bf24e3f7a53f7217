"""Every registered game as a PettingZoo AEC environment.

>>> from spellforge.envs.pettingzoo import env
>>> e = env("casters")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].shape == (e.action_space(e.agent_selection).n,), obs["action_mask"].dtype
(['action_mask', 'card_ids', 'observation'], True, dtype('int8'))

Agents are ``player_0``, ``player_1``, ... (seat 0, 1, ...). The agent selected is always the seat the game
asks next, so the several decisions a seat makes in one turn (attackers one by one, then ``done``) come as
successive selections of that agent, and a response window selects the other seat in the middle of a turn.

* **Actions**: ``Discrete(n)``, the game's compact layout (``spellforge.envs.actions``): an index names a
  verb and slots on the table relative to the acting seat ("play the 3rd card of my hand onto the 1st
  card in play of the next seat"), at most 4,096 of them. The observation's ``action_mask`` (``int8``)
  marks the legal indices of the selected agent (all zero for the others). ``action_space="legacy"``
  keeps the first layout (``spellforge.envs.legacy``) for agents trained on it.
* **Observations**: ``{"observation": float32 vector in [-1, 1], "action_mask": int8 vector, "card_ids":
  int64 vector}``, what the agent may know slot by slot (``spellforge.envs.observation``); the View
  itself, as a dict, is ``env.view(agent)`` (and ``env.infos[agent]["view"]`` with ``views=True``).
  Observations are built only when asked for (``observe``, ``last()``); ``last(observe=False)`` with the
  selected agent's ``infos[agent]["legal"]`` (its legal indices) skips them.
* **Rewards**: at the end of the game, +1 for each seat of the winning side (every seat of a winning team),
  -1 for the others, 0 for everyone in a draw; 0 before. ``max_decisions`` truncates a game that runs
  longer (no reward).

``env(game, players=None, decks=None, max_decisions=None, views=False, render_mode=None,
action_space="slots", **options)``: ``options`` are the ruleset's options, as for ``game.new_game``.
Environments pickle and deep-copy (the game with them).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from spellforge.core.actions import Action
from spellforge.core.state import State
from spellforge.games import find_game

from .interface import Interface

__all__ = ["SpellforgeAEC", "env", "raw_env"]

_fromiter = np.fromiter  # called at every step: bound once, arguments by position
_INT64 = np.int64


class SpellforgeAEC(AECEnv[str, dict[str, np.ndarray], int]):
    """One game of a registered ruleset as an AEC environment (see the module docstring)."""

    agent_selection: str

    def __init__(
        self,
        game: str,
        players: int | None = None,
        decks: list[Any] | None = None,
        max_decisions: int | None = None,
        views: bool = False,
        render_mode: str | None = None,
        action_space: str = "slots",
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = find_game(game)
        self.n_players = players or self.game.default_players
        if not self.game.min_players <= self.n_players <= self.game.max_players:
            raise ValueError(
                f"{self.game.title} is played by {self.game.min_players} to {self.game.max_players} players, "
                f"not {self.n_players}"
            )
        self.decks = decks
        self.options = options
        self.max_decisions = max_decisions
        self.views = views
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: expected None, 'ansi' or 'human'")
        self.render_mode = render_mode
        self.interface = Interface(self.game, self.n_players, action_space, **options)
        self.metadata = {
            "name": f"spellforge_{self.game.name}_v0",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{s}" for s in range(self.n_players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        # one space object per agent, each seeded on its own (PettingZoo's convention)
        self.observation_spaces = {a: self.interface.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: self.interface.action_space() for a in self.possible_agents}
        self.state_: State | None = None
        self._seeds = random.Random()
        self._legal: dict[int, Action] = {}
        self._acting = -1  # the seat whose legal indices are in ``_legal`` (-1: none)
        self._indices = np.zeros(0, dtype=np.int64)  # the keys of ``_legal``
        self._obs_cache: dict[str, dict[str, np.ndarray]] = {}
        self._view_cache: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------------ the PettingZoo API

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.getrandbits(63)
        # reset options: "decks" and "game_options" (ruleset options) for this game only; others are ignored
        extra = options or {}
        self.state_ = self.game.new_game(
            seed=game_seed,
            decks=extra.get("decks", self.decks),
            players=self.n_players,
            **{**self.options, **extra.get("game_options", {})},
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._acting = -1
        self._after_change()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_ if self.state_ is not None else self._state()
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        chosen = self._legal.get(int(action))
        if chosen is None:
            size = self.interface.size
            meaning = self.interface.describe(int(action)) if 0 <= int(action) < size else "out of range"
            raise ValueError(
                f"action {action} ({meaning}) is not legal for {agent} now; "
                f"the legal indices are {sorted(self._legal)[:12]}"
            )
        self._cumulative_rewards[agent] = 0.0
        state.apply(chosen)
        if state.outcome is not None:
            self._clear_rewards()
            winners = set(state.outcome.winners)
            for a in self.agents:
                self.rewards[a] = 0.0 if not winners else (1.0 if self.agent_seat[a] in winners else -1.0)
                self.terminations[a] = True
            self._accumulate_rewards()
        elif self.max_decisions is not None and state.decisions_made >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        # otherwise no reward moves: every reward stays 0 until the game ends
        self._after_change()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self._obs_cache.get(agent)
        if obs is None:
            seat = self.agent_seat[agent]
            state = self.state_ if self.state_ is not None else self._state()
            if seat == self._acting:
                obs = self.interface.observe(state, seat, self._legal, self._indices)
            else:
                obs = self.interface.observe(state, seat, None)
            self._obs_cache[agent] = obs
        return obs

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self._render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        return None

    # ------------------------------------------------------------------ Spellforge's side

    def view(self, agent: str) -> dict[str, Any]:
        """``agent``'s View of the game now (a JSON-safe dict: ``state.observe(seat)``)."""
        view = self._view_cache.get(agent)
        if view is None:
            view = self._view_cache[agent] = self._state().observe(self.agent_seat[agent])
        return view

    def legal_actions(self) -> dict[int, Action]:
        """The selected agent's legal actions by index (the first action for an index several share)."""
        return dict(self._legal)

    def action_index(self, action: Action) -> int:
        """The index of a legal ``action`` of the selected agent."""
        for i, a in self._legal.items():
            if a == action:
                return i
        raise ValueError(f"{action} is not a legal action of {self.agent_selection} now")

    @property
    def spellforge_state(self) -> State:
        """The game itself (the whole state: what no agent's observation may read)."""
        return self._state()

    def _state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_

    def _after_change(self) -> None:
        state = self.state_ if self.state_ is not None else self._state()
        if self._obs_cache:
            self._obs_cache.clear()
        if self._view_cache:
            self._view_cache.clear()
        d = state.decision
        seat = None if state.outcome is not None or d is None else d.seat  # ``state.current_player``
        before: str | None = self.agent_selection if self._acting >= 0 else None
        if seat is None:
            self._legal = {}
            self._acting = -1
            dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            if dead:
                self.agent_selection = dead[0]
        else:
            legal = self._legal = self.interface.legal(state, seat)
            self._acting = seat
            self.agent_selection = self.possible_agents[seat]
            if self.max_decisions is not None and self.truncations.get(self.agent_selection):
                self.agent_selection = next(a for a in self.agents if self.truncations[a])
            # the legal indices, for an agent that would rather not scan the whole mask
            self._indices = _fromiter(legal, _INT64, len(legal))
            agent = self.agent_selection
            if before is not None and legal and not self.views and agent == self.possible_agents[seat]:
                # the common step: of the infos, only the selected agent's before and now change
                infos = self.infos
                if before != agent and before in infos:
                    infos[before] = {}
                infos[agent] = {"legal": self._indices}
                return
        for a in self.agents:
            info: dict[str, Any] = {}
            if a == self.agent_selection and self._legal:
                info["legal"] = self._indices
            if self.views:
                info["view"] = self.view(a)
            self.infos[a] = info

    def _render_text(self) -> str:
        view = self._state().observe(None)
        lines = [f"{self.game.title}, turn {view['turn']}, phase {view['phase']}"]
        lines.extend(view["log"][-5:])
        if view["decision"] is not None:
            lines.append(f"{view['decision']['player']}: {view['decision']['prompt']}")
        if view["outcome"] is not None:
            lines.append(f"over: winners {view['outcome']['winners']} ({view['outcome']['reason']})")
        return "\n".join(lines)


def raw_env(game: str, **options: Any) -> SpellforgeAEC:
    """The environment without PettingZoo's wrappers."""
    return SpellforgeAEC(game, **options)


def env(game: str, **options: Any) -> SpellforgeAEC:
    """The AEC environment of ``game`` (a registered name): ``players``, ``decks``, ``max_decisions``,
    ``views``, ``render_mode`` and the ruleset's options (the module docstring says what each does).

    It is returned unwrapped: PettingZoo's order-enforcing wrapper would only repeat checks the environment
    makes itself (an illegal index is refused with the legal ones named)."""
    return raw_env(game, **options)
