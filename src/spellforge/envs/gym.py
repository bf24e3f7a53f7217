"""Every registered game as a Gymnasium environment: one seat learns, the others are played by opponents.

Importing this module registers ``spellforge/<Game>-v0`` for every game (the game's title without spaces:
``spellforge/Casters-v0``, ``spellforge/SpellBattle-v0``, ``spellforge/Spellweaver-v0``):

>>> import gymnasium
>>> import spellforge.envs.gym
>>> env = gymnasium.make("spellforge/Casters-v0", opponent="greedy")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), int(obs["action_mask"].sum()) == int(env.unwrapped.action_masks().sum()) > 0
(['action_mask', 'card_ids', 'observation'], True)

The spaces are the PettingZoo environment's: ``Discrete(n)`` actions in the compact slot layout
(``spellforge.envs.actions``, at most 4,096) and ``{"observation", "action_mask", "card_ids"}``
observations of the learning seat (``spellforge.envs.observation``); ``action_space="legacy"`` keeps the
first layout. ``env.unwrapped.action_masks()`` is the mask as booleans (the method sb3-contrib's
``MaskablePPO`` reads), ``env.unwrapped.view()`` the seat's View as a dict. The infos hold no per-step
array of varying length, so ``gymnasium.make_vec(..., vectorization_mode="sync")`` and ``"async"`` work.

Arguments: ``opponent`` plays every other seat: a bot spec as for ``simulate --bots`` (each seat gets its
own bot), a callable ``policy(observation) -> index`` (called with that seat's observation dict, its
``action_mask`` set), or ``"self"``: a frozen copy of a policy given with ``env.unwrapped.freeze(policy)``
(self-play against the snapshot; uniform over the legal indices until one is given). ``seat`` (the
learning seat, default 0), ``players``, ``decks``, ``max_decisions`` (truncate after that many
decisions), ``illegal`` (``"lose"``, the default: an illegal index ends the episode as a loss with
``info["illegal"]`` set, so an unmasked policy can still run; ``"raise"``: a ValueError), ``action_space``
and the ruleset's options. The reward is +1 when the seat's side wins, -1 when it loses, 0 for a draw,
given when the game ends. An episode that ended stays ended: ``step`` then raises until ``reset``.
Environments pickle and deep-copy.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

from spellforge.bots import Observation, make_bot
from spellforge.core.actions import Action
from spellforge.core.state import State
from spellforge.games import GAMES, find_game

from .interface import Interface

Policy = Callable[[dict[str, np.ndarray]], int]

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
        opponent: str | Policy = "random",
        seat: int = 0,
        players: int | None = None,
        decks: list[Any] | None = None,
        max_decisions: int | None = None,
        illegal: str = "lose",
        render_mode: str | None = None,
        action_space: str = "slots",
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
        if isinstance(opponent, str):
            if opponent != "self":
                make_bot(opponent)  # a bad spec fails here, naming the bot and the parameter
        elif not callable(opponent):
            raise ValueError(
                f"opponent={opponent!r}: expected a bot spec (such as 'random' or 'greedy'), a callable "
                "policy(observation) -> index, or 'self'"
            )
        self.opponent = opponent
        self._frozen: Policy | None = None
        self.seat = seat
        self.decks = decks
        self.max_decisions = max_decisions
        self.illegal = illegal
        self.render_mode = render_mode
        self.options = options
        self.interface = Interface(self.game, self.n_players, action_space, **options)
        self.action_space = self.interface.action_space()
        self.observation_space = self.interface.observation_space()
        self.state_: State | None = None
        self._legal: dict[int, Action] = {}
        self._bots: dict[int, Any] = {}
        self._seeds = random.Random()
        self._done = True
        self._picks = np.random.default_rng()

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
        if isinstance(self.opponent, str) and self.opponent != "self":
            self._bots = {
                s: make_bot(self.opponent, seed=self._seeds.getrandbits(32))
                for s in range(self.n_players)
                if s != self.seat
            }
        self._picks = np.random.default_rng(self._seeds.getrandbits(63))
        self._done = False
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self._state()
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                raise ValueError(
                    f"action {action} is not legal now; the legal indices are {sorted(self._legal)[:12]}"
                )
            self._done = True
            info = self._info()
            info["illegal"] = True
            self._legal = {}
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
        if terminated or truncated:
            self._done = True
            self._legal = {}
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal indices now as a boolean mask (sb3-contrib's ``MaskablePPO`` reads this method)."""
        mask = np.zeros(self.interface.size, dtype=bool)
        if self._legal:
            mask[np.fromiter(self._legal, dtype=np.int64, count=len(self._legal))] = True
        return mask

    def legal_indices(self) -> list[int]:
        """The learning seat's legal indices now, ascending."""
        return sorted(self._legal)

    def freeze(self, policy: Policy | None) -> None:
        """Play the opponents' seats with a frozen copy of ``policy`` (``opponent="self"``): a callable
        ``policy(observation) -> index``, deep-copied now so later training leaves it as it is."""
        self._frozen = None if policy is None else copy.deepcopy(policy)

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
            state.apply(self._opponent_action(state, seat))
        self._legal = self.interface.legal(state, self.seat)

    def _opponent_action(self, state: State, seat: int) -> Action:
        bot = self._bots.get(seat)
        if bot is not None:
            return bot.choose(Observation.of(state))
        legal = self.interface.legal(state, seat)
        policy = self.opponent if callable(self.opponent) else self._frozen
        if policy is None:  # "self" before a policy is frozen: uniform over the legal indices
            return legal[int(self._picks.choice(np.fromiter(legal, dtype=np.int64, count=len(legal))))]
        index = int(policy(self.interface.observe(state, seat, legal)))
        chosen = legal.get(index)
        if chosen is None:
            raise ValueError(
                f"the opponent policy chose index {index}, which is not legal for P{seat + 1} now"
            )
        return chosen

    def _observation(self) -> dict[str, np.ndarray]:
        return self.interface.observe(self._state(), self.seat, self._legal)

    def _info(self) -> dict[str, Any]:
        return {}


for _name in GAMES:
    if env_id(_name) not in gymnasium.registry:
        gymnasium.register(
            id=env_id(_name), entry_point="spellforge.envs.gym:SpellforgeGymEnv", kwargs={"game": _name}
        )
