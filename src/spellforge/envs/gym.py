"""Every registered game as a Gymnasium environment: one seat learns, bots play the others.

Importing this module registers ``spellforge/<Game>-v0`` for every game (the game's title without spaces:
``spellforge/Casters-v0``, ``spellforge/SpellBattle-v0``, ``spellforge/Spellweaver-v0``):

>>> import gymnasium
>>> import spellforge.envs.gym
>>> env = gymnasium.make("spellforge/Casters-v0", opponent="greedy")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal"])
(['action_mask', 'observation'], True)

The spaces are the PettingZoo environment's (``spellforge.envs.encoding``): ``Discrete(n)`` actions with
the fixed semantic layout, and ``{"observation", "action_mask"}`` observations built from the learning
seat's View. ``env.unwrapped.view()`` is that View as a dict.

Arguments: ``opponent`` (a bot spec, as for ``simulate --bots``; every other seat gets its own bot of that
spec), ``seat`` (the learning seat, default 0), ``players``, ``decks``, ``max_decisions`` (truncate after
that many decisions), ``illegal`` (``"lose"``, the default: an illegal index ends the episode as a loss
with ``info["illegal"]`` set, so an unmasked random policy can still run; ``"raise"``: a ValueError),
and the ruleset's options. The reward is +1 when the seat's side wins, -1 when it loses, 0 for a draw,
given when the game ends.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from spellforge.bots import Observation, make_bot
from spellforge.core.actions import Action
from spellforge.core.state import State
from spellforge.games import GAMES, find_game

from .encoding import ActionCodec, ObservationEncoder

__all__ = ["SpellforgeGymEnv", "env_id"]


def env_id(game: str) -> str:
    """The Gymnasium id of a registered game: ``spellforge/Casters-v0``."""
    title = find_game(game).title
    return f"spellforge/{''.join(ch for ch in title if ch.isalnum())}-v0"


class SpellforgeGymEnv(gymnasium.Env[Any, Any]):
    """One seat of a game against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        opponent: str = "random",
        seat: int = 0,
        players: int | None = None,
        decks: list[Any] | None = None,
        max_decisions: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = find_game(game)
        self.n_players = players or self.game.default_players
        if not 0 <= seat < self.n_players:
            raise ValueError(f"seat {seat}: a {self.n_players}-player game has seats 0..{self.n_players - 1}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal={illegal!r}: expected 'lose' or 'raise'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: expected None or 'ansi'")
        make_bot(opponent)  # a bad spec fails here, naming the bot and the parameter
        self.opponent = opponent
        self.seat = seat
        self.decks = decks
        self.max_decisions = max_decisions
        self.illegal = illegal
        self.render_mode = render_mode
        self.options = options
        self.codec = ActionCodec(self.game)
        self.encoder = ObservationEncoder(self.game)
        self.action_space = gymnasium.spaces.Discrete(self.codec.size)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(self.codec.size,), dtype=np.int8),
            }
        )
        self.state_: State | None = None
        self._legal: dict[int, Action] = {}
        self._bots: dict[int, Any] = {}
        self._seeds = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.getrandbits(63)
        extra = options or {}
        self.state_ = self.game.new_game(
            seed=game_seed,
            decks=extra.get("decks", self.decks),
            players=self.n_players,
            **{**self.options, **extra.get("game_options", {})},
        )
        self._bots = {
            s: make_bot(self.opponent, seed=self._seeds.getrandbits(32))
            for s in range(self.n_players)
            if s != self.seat
        }
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.outcome is not None:
            raise RuntimeError("the episode is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                raise ValueError(
                    f"action {action} is not legal now; the legal indices are {sorted(self._legal)[:12]}"
                )
            info = self._info()
            info["illegal"] = True
            return self._observation(), -1.0, True, False, info
        state.apply(chosen)
        self._play_others()
        reward = 0.0
        terminated = state.outcome is not None
        if terminated:
            assert state.outcome is not None
            winners = state.outcome.winners
            reward = 0.0 if not winners else (1.0 if self.seat in winners else -1.0)
        truncated = (
            not terminated and self.max_decisions is not None and state.decisions_made >= self.max_decisions
        )
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        view = self.view()
        lines = [f"{self.game.title}, turn {view['turn']}, phase {view['phase']}", *view["log"][-5:]]
        if view["decision"] is not None:
            lines.append(f"{view['decision']['player']}: {view['decision']['prompt']}")
        return "\n".join(lines)

    def view(self) -> dict[str, Any]:
        """The learning seat's View now (``state.observe(seat)``)."""
        return self._state().observe(self.seat)

    @property
    def spellforge_state(self) -> State:
        return self._state()

    def _state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_

    def _play_others(self) -> None:
        """Let the bots act until the learning seat must decide or the game ends."""
        state = self._state()
        while state.outcome is not None or state.current_player != self.seat:
            if state.outcome is not None:
                self._legal = {}
                return
            if self.max_decisions is not None and state.decisions_made >= self.max_decisions:
                self._legal = {}
                return
            seat = state.current_player
            assert seat is not None
            state.apply(self._bots[seat].choose(Observation.of(state)))
        self._legal = self.codec.legal_indices(state, self.seat, state._legal_tuple())

    def _observation(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if self._legal:
            mask[list(self._legal)] = 1
        return {"observation": self.encoder.encode(self.view()), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"legal": np.fromiter(self._legal, dtype=np.int64, count=len(self._legal))}


for _name in GAMES:
    if env_id(_name) not in gymnasium.registry:
        gymnasium.register(
            id=env_id(_name), entry_point="spellforge.envs.gym:SpellforgeGymEnv", kwargs={"game": _name}
        )
