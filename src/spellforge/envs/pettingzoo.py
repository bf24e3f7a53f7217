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
from .turns import Turns

__all__ = ["SpellforgeAEC", "env", "raw_env"]


class _OnTurns:
    """An attribute of a ``SpellforgeAEC`` that is its ``Turns``' own, read and set there."""

    def __init__(self, name: str, doc: str) -> None:
        self.name = name
        self.__doc__ = doc

    def __get__(self, env: SpellforgeAEC | None, owner: type | None = None) -> Any:
        return self if env is None else getattr(env._turns, self.name)

    def __set__(self, env: SpellforgeAEC, value: Any) -> None:
        setattr(env._turns, self.name, value)


class SpellforgeAEC(AECEnv[str, dict[str, np.ndarray], int]):
    """One game of a registered ruleset as an AEC environment (see the module docstring).

    Each step, observation and ``last()`` is the work of a ``Turns`` (``envs.turns``, compiled with the
    engine): this class, a subclass of PettingZoo's, runs interpreted. ``agents``, ``rewards``,
    ``terminations``, ``truncations``, ``infos`` and ``_cumulative_rewards`` are the ``Turns``' own records,
    taken at each ``reset``; ``agent_selection`` reads and sets its selected agent."""

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
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: expected None, 'ansi' or 'human'")
        self.render_mode = render_mode
        self.interface = Interface(self.game, self.n_players, action_space, **options)
        self.metadata = {
            "name": f"spellforge_{self.game.name}_v0",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        self._turns = Turns(self.interface, self.n_players, max_decisions, views)
        self.possible_agents = list(self._turns.possible_agents)
        self.agent_seat = dict(self._turns.agent_seat)
        # one space object per agent, each seeded on its own (PettingZoo's convention)
        self.observation_spaces = {a: self.interface.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: self.interface.action_space() for a in self.possible_agents}
        self._seeds = random.Random()

    # the selected agent and two options are the Turns' own: read and set there, so a change counts at once
    agent_selection = _OnTurns("selection", "The agent selected to act (PettingZoo's ``agent_selection``).")
    max_decisions = _OnTurns("max_decisions", "Decisions after which a game is truncated (None: never).")
    views = _OnTurns("views", 'Whether every agent\'s info holds its View (``infos[agent]["view"]``).')

    @property
    def state_(self) -> State | None:
        """The game (None before the first ``reset``)."""
        return self._turns.state

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
        state = self.game.new_game(
            seed=game_seed,
            decks=extra.get("decks", self.decks),
            players=self.n_players,
            **{**self.options, **extra.get("game_options", {})},
        )
        turns = self._turns
        turns.reset(state)
        self.agents = turns.agents
        self.rewards = turns.rewards
        self._cumulative_rewards = turns.cumulative
        self.terminations = turns.terminations
        self.truncations = turns.truncations
        self.infos = turns.infos

    def step(self, action: int | None) -> None:
        if not self._turns.step(action):
            self._was_dead_step(action)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._turns.observe(agent)

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        return self._turns.last(observe)

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
        return self._turns.view(agent)

    def legal_actions(self) -> dict[int, Action]:
        """The selected agent's legal actions by index (the first action for an index several share)."""
        return dict(self._turns.legal)

    def action_index(self, action: Action) -> int:
        """The index of a legal ``action`` of the selected agent."""
        for i, a in self._turns.legal.items():
            if a == action:
                return i
        raise ValueError(f"{action} is not a legal action of {self.agent_selection} now")

    @property
    def spellforge_state(self) -> State:
        """The game itself (the whole state: what no agent's observation may read)."""
        return self._state()

    def _state(self) -> State:
        return self._turns.game()

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
