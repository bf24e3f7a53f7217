"""Every registered game as an OpenSpiel game, written in Python.

Importing this module registers ``spellforge_<game>`` with ``pyspiel`` for every game:

>>> import pyspiel
>>> import spellforge.envs.openspiel
>>> game = pyspiel.load_game("spellforge_casters")
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1) and len(state.legal_actions()) > 0
True

* Actions are the fixed semantic layout of ``spellforge.envs.encoding`` (``num_distinct_actions`` is its
  size); ``legal_actions()`` lists the indices of the acting seat's legal actions, ascending.
* Chance is *sampled*: the engine draws every random thing from its seeded RNG (a game's seed comes from
  the parameter ``seed``, a new one per ``new_initial_state``), so no chance node is ever current.
* Observation tensors (and information-state tensors, the same vector) are the seat's View encoded as
  ``encoding.ObservationEncoder`` describes; observation and information-state strings are the View as
  canonical JSON, its log left out. They hold what the seat knows of the position now, not a record of
  the whole game (not perfect recall), and they are the same in every determinization from that seat.
* ``resample_from_infostate(player, sampler)`` returns a state built by ``determinize``: everything the
  seat cannot see is resampled consistently with what it can (the sampler's number seeds it).
* Returns: +1 for each seat of the winning side, -1 for the others, 0 for a draw or a game cut off at
  ``max_game_length`` decisions (parameter ``max_decisions``).

Parameters: ``players``, ``seed``, ``max_decisions`` and each ruleset option that has a default
(``pyspiel.load_game("spellforge_spellbattle", {"players": 4, "teams": "alliance"})``).

Search: OpenSpiel's C++ bots (``pyspiel.ISMCTSBot``, ``pyspiel.MCTSBot``) end in a segmentation fault on
games written in Python, so use its Python algorithms: ``open_spiel.python.algorithms.ismcts.ISMCTSBot``
(with ``resample_from_infostate``) and ``open_spiel.python.algorithms.mcts``. ``SpellforgeEvaluator``
scores their leaves with the game's own evaluator, much cheaper than random rollouts to the end of a
game; ``mcts.RandomRolloutEvaluator`` works too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from spellforge.bots.evaluate import evaluator_for
from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.core.ruleset import Ruleset
from spellforge.core.state import State
from spellforge.games import GAMES, find_game

from .encoding import ActionCodec, ObservationEncoder

__all__ = ["SpellforgeEvaluator", "SpellforgeGame", "SpellforgeState", "game_name"]

DEFAULT_MAX_DECISIONS = 20_000


def game_name(game: str) -> str:
    """The OpenSpiel name of a registered game: ``spellforge_casters``."""
    return f"spellforge_{find_game(game).name}"


def _parameters(game: Ruleset) -> dict[str, Any]:
    params: dict[str, Any] = {
        "players": game.default_players,
        "seed": 0,
        "max_decisions": DEFAULT_MAX_DECISIONS,
    }
    for spec in game.options:
        if isinstance(spec.default, bool | int | float | str) and spec.name not in params:
            params[spec.name] = spec.default
    return params


def _game_type(game: Ruleset) -> Any:
    two = game.max_players == 2
    return pyspiel.GameType(
        short_name=f"spellforge_{game.name}",
        long_name=f"Spellforge {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class SpellforgeGame(pyspiel.Game):
    """One registered game, parameterised (see the module docstring)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.ruleset = find_game(name)
        defaults = _parameters(self.ruleset)
        given = dict(params or {})
        values = {**defaults, **given}
        self.players = int(values["players"])
        self.max_decisions = int(values["max_decisions"])
        self.options = {k: v for k, v in values.items() if k not in ("players", "seed", "max_decisions")}
        self.options = {k: v for k, v in self.options.items() if v != defaults.get(k) or k in given}
        self.codec = ActionCodec(self.ruleset)
        self.encoder = ObservationEncoder(self.ruleset)
        two = self.ruleset.max_players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if two else None,
            max_game_length=self.max_decisions,
        )
        super().__init__(_game_type(self.ruleset), info, given)
        self._seeds = random.Random(int(values["seed"]))
        # checks the options once, here, so a bad parameter fails at load_game
        self.ruleset.new_game(seed=0, players=self.players, **self.options)

    def new_initial_state(self) -> SpellforgeState:
        return SpellforgeState(self)

    def new_game(self) -> State:
        """A new engine game, with the next seed of this game's sequence."""
        return self.ruleset.new_game(seed=self._seeds.getrandbits(63), players=self.players, **self.options)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpellforgeObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return SpellforgeObserver(self)


class _Match:
    """What a state holds: the game, its engine state (made on first use) and the legal indices.

    OpenSpiel clones a Python state by making a new initial state and deep-copying each attribute, so the
    state keeps one attribute, this, whose deep copy is the engine's cheap ``clone()`` (a new game is
    made only when a state is first read, never for a clone)."""

    __slots__ = ("_state", "game", "legal")

    def __init__(self, game: SpellforgeGame, state: State | None) -> None:
        self.game = game
        self._state = state
        self.legal: dict[int, Action] | None = None

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.new_game()
        return self._state

    def __deepcopy__(self, memo: Any) -> _Match:
        return _Match(self.game, self.state.clone())


class SpellforgeState(pyspiel.State):
    """One match: a Spellforge state behind OpenSpiel's State API."""

    def __init__(self, game: SpellforgeGame, state: State | None = None) -> None:
        super().__init__(game)
        self._match = _Match(game, state)

    @property
    def spellforge_state(self) -> State:
        return self._match.state

    def _legal_map(self) -> dict[int, Action]:
        match = self._match
        if match.legal is None:
            state = match.state
            seat = state.current_player
            match.legal = (
                {} if seat is None else match.game.codec.legal_indices(state, seat, state._legal_tuple())
            )
        return match.legal

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._match.state.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self._match.state.current_player:
            return []
        return sorted(self._legal_map())

    def _apply_action(self, action: int) -> None:
        chosen = self._legal_map().get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal now")
        self._match.state.apply(chosen)
        self._match.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        chosen = self._legal_map().get(int(action)) if player == self._match.state.current_player else None
        return str(chosen) if chosen is not None else self._match.game.codec.describe(int(action))

    def is_terminal(self) -> bool:
        state = self._match.state
        return state.outcome is not None or state.decisions_made >= self._match.game.max_decisions

    def returns(self) -> list[float]:
        state = self._match.state
        outcome = state.outcome
        if outcome is None or not outcome.winners:
            return [0.0] * state.n_seats
        return [1.0 if s in outcome.winners else -1.0 for s in range(state.n_seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpellforgeState:
        """A state ``player_id`` cannot tell from this one: ``determinize`` seeded by the sampler."""
        seed = int(probability_sampler() * (1 << 53))
        match = self._match
        return SpellforgeState(match.game, match.state.determinize(player_id, Rng(seed)))

    def __str__(self) -> str:
        view = self._match.state.observe(None)
        view.pop("log", None)
        return json.dumps(view, sort_keys=True)


class SpellforgeObserver:
    """Tensor and string of a seat's View (OpenSpiel's Python observer interface)."""

    def __init__(self, game: SpellforgeGame) -> None:
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpellforgeState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.spellforge_state.observe(player))

    def string_from(self, state: SpellforgeState, player: int) -> str:
        view = state.spellforge_state.observe(player)
        view.pop("log", None)  # a determinization starts with no log: the rest is the same in every one
        return json.dumps(view, sort_keys=True)


class SpellforgeEvaluator(mcts.Evaluator):
    """A leaf evaluator for OpenSpiel's Python MCTS and ISMCTS: the game's own evaluator (the one
    Spellforge's bots use: ``bots.evaluate.evaluator_for``) for each seat, and a uniform prior. Cheaper
    than random rollouts to the end of a long card game, and better informed."""

    def __init__(self, game: SpellforgeGame) -> None:
        self._evaluate = evaluator_for(game.ruleset)

    def evaluate(self, state: SpellforgeState) -> np.ndarray:
        sf = state.spellforge_state
        return np.array([self._evaluate(sf, seat) for seat in range(sf.n_seats)], dtype=np.float64)

    def prior(self, state: SpellforgeState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def _game_class(name: str) -> type[SpellforgeGame]:
    """A class per game, for pyspiel's registry (it calls the class with the parameters)."""

    def __init__(self: SpellforgeGame, params: dict[str, Any] | None = None) -> None:
        SpellforgeGame.__init__(self, name, params)

    return type(f"Spellforge_{name}", (SpellforgeGame,), {"__init__": __init__})


for _name in GAMES:
    pyspiel.register_game(_game_type(GAMES[_name]), _game_class(_name))
