"""Every registered game as an OpenSpiel game, written in Python.

Importing this module registers ``spellforge_<game>`` with ``pyspiel`` for every game:

>>> import pyspiel
>>> import spellforge.envs.openspiel
>>> game = pyspiel.load_game("spellforge_casters")
>>> state = game.new_initial_state()
>>> state.is_chance_node()   # the deal comes first
True
>>> state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player() in (0, 1) and len(state.legal_actions()) > 0
True

* Actions are the compact slot layout of ``spellforge.envs.actions`` (``num_distinct_actions`` is its size,
  at most 4,096; parameter ``action_space="legacy"`` keeps the first layout): an index names a verb and
  slots relative to the acting seat, never a card, so ``history()`` names no hidden card.
  ``legal_actions()`` lists the acting seat's legal indices, ascending.
* Chance is one node at the start: its outcome picks the deal, the engine's seed (``deals`` equally likely
  outcomes, parameter ``deals``, offset by the parameter ``seed``); from there the engine draws every random
  thing from that seeded RNG, so a history replays its game exactly (``random_sim_test(serialize=True)``,
  ``serialize_game_and_state``). The chance outcome is the deal, as dealt cards are in poker: it is in
  ``history()``, never in an information state; the players' indices name slots, never cards.
* Observations (``make_py_observer(iig_obs_type)``) honour the observation type: the default and
  ``private_info=SINGLE_PLAYER`` give the seat's observation (``envs.observation``: its cards and what it
  learned), ``private_info=NONE`` the public one (every card as a spectator sees it, on the seat's table);
  ``perfect_recall=True`` (the information state) adds the seat's own history: the tensor counts each
  index the seat chose, the string lists, in order, every decision taken so far, the seat's own by
  index and the others' by who took them. Strings are the View as canonical JSON without its log (the
  spectator's View for a public observer).
* ``resample_from_infostate(player, sampler)`` returns a state built by ``determinize``: everything the
  seat cannot see is resampled consistently with what it can; it keeps the history (the original deal's
  outcome included), so its information state is the original's.
* ``str(state)`` identifies the state: the position, then a digest of the whole state (two different
  states print differently, a state and its clone the same). States serialise by their history
  (``pyspiel.serialize_game_and_state``) and pickle through ``State.to_json``; games pickle too.
* Returns: +1 for each seat of the winning side, -1 for the others, 0 for a draw or a game cut off at
  ``max_game_length`` decisions (parameter ``max_decisions``).

Parameters: ``players``, ``seed``, ``deals``, ``max_decisions``, ``action_space`` and each ruleset option that has a
default (``pyspiel.load_game("spellforge_spellbattle", {"players": 4, "teams": "alliance"})``).

Search: OpenSpiel's C++ bots (``pyspiel.ISMCTSBot``, ``pyspiel.MCTSBot``) end in a segmentation fault on
games written in Python, so use its Python algorithms. OpenSpiel's Python ``ISMCTSBot`` does not implement
``restart_at``, which ``evaluate_bots`` calls first: :class:`ISMCTSBot` here is that bot with it (each
search starts a new tree anyway). ``SpellforgeEvaluator`` scores their leaves with the game's own
evaluator, much cheaper than random rollouts to the end of a game; ``mcts.RandomRolloutEvaluator`` works
too.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from spellforge.bots.evaluate import evaluator_for
from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.core.ruleset import Ruleset
from spellforge.core.state import State
from spellforge.games import GAMES, find_game

from .interface import ACTION_SPACES, Interface

__all__ = ["ISMCTSBot", "SpellforgeEvaluator", "SpellforgeGame", "SpellforgeState", "game_name"]

DEFAULT_MAX_DECISIONS = 20_000
DEFAULT_DEALS = 1 << 16


def game_name(game: str) -> str:
    """The OpenSpiel name of a registered game: ``spellforge_casters``."""
    return f"spellforge_{find_game(game).name}"


def _parameters(game: Ruleset) -> dict[str, Any]:
    params: dict[str, Any] = {
        "players": game.default_players,
        "seed": 0,
        "max_decisions": DEFAULT_MAX_DECISIONS,
        "deals": DEFAULT_DEALS,
        "action_space": ACTION_SPACES[0],
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
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
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
        self.deals = int(values["deals"])
        self.seed = int(values["seed"])
        if self.deals < 1:
            raise ValueError(f"deals={self.deals}: a game needs at least one deal")
        reserved = ("players", "seed", "max_decisions", "action_space", "deals")
        self.options = {k: v for k, v in values.items() if k not in reserved}
        self.options = {k: v for k, v in self.options.items() if v != defaults.get(k) or k in given}
        # checks the options once, here, so a bad parameter fails at load_game
        self.ruleset.new_game(seed=0, players=self.players, **self.options)
        self.interface = Interface(self.ruleset, self.players, str(values["action_space"]), **self.options)
        two = self.ruleset.max_players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=self.interface.size,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if two else None,
            max_game_length=self.max_decisions,
        )
        super().__init__(_game_type(self.ruleset), info, given)

    def new_initial_state(self) -> SpellforgeState:
        return SpellforgeState(self)

    def __reduce__(self) -> Any:
        return (pyspiel.load_game, (str(self),))

    def new_game(self, deal: int) -> State:
        """The engine game of chance outcome ``deal``."""
        return self.ruleset.new_game(seed=self.seed * self.deals + deal, players=self.players, **self.options)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpellforgeObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return SpellforgeObserver(self, iig_obs_type)


class _Match:
    """What a state holds: the game, its engine state (None until the deal), the legal indices and the
    trail of decisions taken (actor, index), newest first as a linked tuple.

    OpenSpiel clones a Python state by making a new initial state and deep-copying each attribute, so the
    state keeps one attribute, this, whose deep copy is the engine's cheap ``clone()``."""

    __slots__ = ("_state", "digest", "game", "legal", "replaying", "trail")

    def __init__(self, game: SpellforgeGame, state: State | None, trail: Any = None) -> None:
        self.game = game
        self._state = state
        self.legal: dict[int, Action] | None = None
        self.trail = trail
        self.replaying: list[tuple[int, int]] | None = None
        self.digest: tuple[Any, int, str] | None = None  # the state's digest, while it stays where it is

    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError("the deal is not drawn yet: apply a chance outcome first")
        return self._state

    def __deepcopy__(self, memo: Any) -> _Match:
        return _Match(self.game, None if self._state is None else self._state.clone(), self.trail)


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
            match.legal = {} if seat is None else match.game.interface.legal(state, seat)
        return match.legal

    def current_player(self) -> int:
        replaying = self._match.replaying
        if replaying:
            return replaying[0][0]
        if self._match._state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._match.state.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self._match._state is None:
            return list(range(self._match.game.deals)) if player == pyspiel.PlayerId.CHANCE else []
        if self.is_terminal() or player != self._match.state.current_player:
            return []
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._match._state is not None:
            return []
        deals = self._match.game.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _apply_action(self, action: int) -> None:
        match = self._match
        if match.replaying:  # rebuilding the history of a state made elsewhere: the game is already there
            match.replaying.pop(0)
            return
        if match._state is None:
            if not 0 <= action < match.game.deals:
                raise ValueError(f"chance outcome {action} is not a deal (0..{match.game.deals - 1})")
            match._state = match.game.new_game(int(action))
            return
        chosen = self._legal_map().get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal now")
        seat = match.state.current_player
        match.state.apply(chosen)
        match.legal = None
        match.trail = (seat, int(action), match.trail)

    def _replay_history(self, history: list[tuple[int, int]]) -> None:
        """Give this state (made from an engine state, not by playing) the history ``history`` (player,
        action), without moving the game: OpenSpiel's own record of a state is its history."""
        match = self._match
        match.replaying = list(history)
        for _, action in history:
            self.apply_action(action)
        match.replaying = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        chosen = self._legal_map().get(int(action)) if player == self._match.state.current_player else None
        meaning = self._match.game.interface.describe(int(action))
        return f"{chosen} ({meaning})" if chosen is not None else meaning

    def is_terminal(self) -> bool:
        state = self._match._state
        if state is None:
            return False
        return state.outcome is not None or state.decisions_made >= self._match.game.max_decisions

    def returns(self) -> list[float]:
        state = self._match._state
        if state is None:
            return [0.0] * self._match.game.players
        outcome = state.outcome
        if outcome is None or not outcome.winners:
            return [0.0] * state.n_seats
        return [1.0 if s in outcome.winners else -1.0 for s in range(state.n_seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpellforgeState:
        """A state ``player_id`` cannot tell from this one: ``determinize`` seeded by the sampler, with this
        state's history."""
        seed = int(probability_sampler() * (1 << 53))
        match = self._match
        other = SpellforgeState(match.game, match.state.determinize(player_id, Rng(seed)))
        other._match.trail = match.trail
        other._replay_history([(int(pa.player), int(pa.action)) for pa in self.full_history()])
        return other

    def trail(self) -> list[tuple[int, int]]:
        """Every decision taken so far, oldest first: (seat, index)."""
        out: list[tuple[int, int]] = []
        node = self._match.trail
        while node is not None:
            out.append((node[0], node[1]))
            node = node[2]
        out.reverse()
        return out

    def __str__(self) -> str:
        if self._match._state is None:
            return f"{self._match.game.ruleset.title}, the deal not drawn yet"
        state = self._match.state
        view = state.observe(None)
        d = view["decision"]
        head = f"{state.game.title}, turn {view['turn']}, phase {view['phase']}"
        if d is not None:
            head += f", P{d['seat'] + 1} to {d['kind']}"
        if view["outcome"] is not None:
            head += f", over: winners {view['outcome']['winners']}"
        match = self._match
        if (
            match.digest is None
            or match.digest[0] is not state._hist
            or match.digest[1] != state.decisions_made
        ):
            text = json.dumps(state.to_json(), sort_keys=True)
            match.digest = (state._hist, state.decisions_made, hashlib.sha1(text.encode()).hexdigest()[:16])
        return f"{head} [{match.digest[2]}]"

    def __reduce__(self) -> Any:
        engine = None if self._match._state is None else self._match._state.to_json()
        history = [(int(pa.player), int(pa.action)) for pa in self.full_history()]
        return (_load_state, (str(self.get_game()), engine, history, self._match.trail))


def _load_state(game_text: str, engine: Any, history: list[tuple[int, int]], trail: Any) -> SpellforgeState:
    """Unpickles a state (``SpellforgeState.__reduce__``): the engine state from its JSON, the history
    given back without replaying it."""
    game = pyspiel.load_game(game_text)
    state = game.new_initial_state()
    match = state._match
    match._state = None if engine is None else game.ruleset.from_json(engine)
    match.trail = trail
    state._replay_history(history)
    return state


class SpellforgeObserver:
    """Tensor and string of what a seat may know, by observation type (see the module docstring)."""

    def __init__(self, game: SpellforgeGame, iig_obs_type: Any = None) -> None:
        self.interface = game.interface
        self.public = False
        self.recall = False
        if iig_obs_type is not None:
            self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
            self.recall = bool(iig_obs_type.perfect_recall)
        size = self.interface.obs_size + (self.interface.size if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpellforgeState, player: int) -> None:
        if state._match._state is None:
            self.tensor[:] = 0.0
            return
        sf = state.spellforge_state
        interface = self.interface
        if interface.legacy:
            vector = interface.encoder.encode(sf.observe(None if self.public else player))
        else:
            vector, _ = interface.observer.encode(sf, player, public=self.public)
        self.tensor[: interface.obs_size] = vector
        if self.recall:
            own = self.tensor[interface.obs_size :]
            own[:] = 0.0
            for seat, index in state.trail():
                if seat == player:
                    own[index] = min(1.0, own[index] + 0.1)

    def string_from(self, state: SpellforgeState, player: int) -> str:
        if state._match._state is None:
            return "deal"
        view = state.spellforge_state.observe(None if self.public else player)
        view.pop("log", None)  # a determinization starts with no log: the rest is the same in every one
        if not self.recall:
            return json.dumps(view, sort_keys=True)
        history = [[seat, index if seat == player else None] for seat, index in state.trail()]
        return json.dumps({"view": view, "history": history}, sort_keys=True)


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


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot, with the ``restart_at`` that ``evaluate_bots`` calls (a new search
    tree: the bot builds one per search anyway)."""

    def restart_at(self, state: Any) -> None:
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        return None


def _game_class(name: str) -> type[SpellforgeGame]:
    """A class per game, for pyspiel's registry (it calls the class with the parameters)."""

    def __init__(self: SpellforgeGame, params: dict[str, Any] | None = None) -> None:
        SpellforgeGame.__init__(self, name, params)

    cls = type(f"Spellforge_{name}", (SpellforgeGame,), {"__init__": __init__, "__module__": __name__})
    globals()[cls.__name__] = cls  # found by name, so games pickle
    return cls


for _name in GAMES:
    pyspiel.register_game(_game_type(GAMES[_name]), _game_class(_name))
