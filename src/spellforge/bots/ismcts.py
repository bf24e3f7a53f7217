"""Information Set MCTS (single observer; Cowling, Powley & Whitehouse 2012) for any registered game.

One tree over the bot's information sets. Every iteration starts from a fresh determinization of what
the bot knows (``obs.determinize``), descends the tree choosing among the actions legal *in that
determinization* by UCB1 with availability counts, expands one node, plays out with a cheap policy for at
most ``depth`` decisions, scores the result with the game's evaluator (the true result if the game ended),
and backpropagates each node's reward from the point of view of the seat that chose the action leading
to it. Edges are keyed by action values; an opponent's action names at most a card id, and ids of cards
hidden from the bot are reshuffled by every determinization, so the tree never conditions on a hidden
identity.

Budget: ``iterations=N`` (deterministic for a given seed) or ``seconds=S`` per decision (time-dependent
by nature: the number of iterations, hence the move, depends on the machine's speed and load). The
default, ``iterations=200``, stays well under 0.25 s per decision on the reference 2-core machine.
Limited-format card picks go to the draft picker.
"""

from __future__ import annotations

import math
import time
from typing import Any

from spellforge.core.actions import Action

from .base import BaseBot, Observation, register
from .draft import DraftPicker
from .evaluate import Evaluator, evaluator_for
from .greedy import lookahead
from .playout import mixed_action

DEFAULT_ITERATIONS = 200
DEFAULT_DEPTH = 8
DEFAULT_C = 0.7
DEFAULT_PASS_BIAS = 0.6
DEFAULT_PRIOR = 0


class Node:
    """Statistics of one edge of the tree: the action taken by ``seat`` from the parent."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[Action, Node] = {}


@register
class ISMCTSBot(BaseBot):
    name = "ismcts"
    help = (
        "Information Set MCTS: iterations=N or seconds=S per decision (default iterations=200), "
        "depth=playout cutoff, c=UCB exploration, pass_bias=playout policy"
    )
    params = {
        "iterations": int,
        "seconds": float,
        "depth": int,
        "c": float,
        "pass_bias": float,
        "prior": int,
    }

    iterations: int = 0
    seconds: float = 0.0
    depth: int = DEFAULT_DEPTH
    c: float = DEFAULT_C
    pass_bias: float = DEFAULT_PASS_BIAS
    prior: int = DEFAULT_PRIOR

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        if not self.iterations and not self.seconds:
            self.iterations = DEFAULT_ITERATIONS
        self.picker = DraftPicker()
        self._evaluators: dict[int, Evaluator] = {}
        self.last_iterations = 0  # iterations of the last search (for benchmarks and tests)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if self.picker.handles(obs):
            return self.picker.choose(obs)
        root = self.search(obs)
        best: Action = legal[0]
        best_key = (-1, -1.0)
        for action in legal:
            node = root.children.get(action)
            if node is None:
                continue
            key = (node.visits, node.reward / node.visits if node.visits else 0.0)
            if key > best_key:
                best, best_key = action, key
        return best

    def seed_root(self, obs: Observation, root: Node, evaluate: Evaluator) -> None:
        """Prior knowledge (Gelly & Silver 2007): start each root action with ``prior`` virtual visits
        worth what the greedy lookahead sees after it, so a short search does not waste its iterations
        on actions that lose material at once, and a long one can still overrule the prior."""
        det = obs.determinize(self.rng)
        for action in obs.legal:
            state = det.clone()
            state.apply(action)
            value = (lookahead(state, obs.seat, 0, evaluate, self) + 1.0) * 0.5
            node = root.children[action] = Node(obs.seat)
            node.visits = self.prior
            node.reward = value * self.prior
            node.avail = self.prior

    def search(self, obs: Observation) -> Node:
        """Build the tree for this decision within the budget; returns its root."""
        evaluate = self._evaluators.get(id(obs.game))
        if evaluate is None:
            evaluate = self._evaluators[id(obs.game)] = evaluator_for(obs.game)
        root = Node(-1)
        seat = obs.seat
        rng = self.rng
        if self.prior > 0:
            self.seed_root(obs, root, evaluate)
        c = self.c
        depth = self.depth
        bias = self.pass_bias
        log = math.log
        sqrt = math.sqrt
        deadline = time.perf_counter() + self.seconds if self.seconds else 0.0
        limit = self.iterations
        done = 0
        while (done < limit) if limit else (done == 0 or time.perf_counter() < deadline):
            done += 1
            state = obs.determinize(rng)
            node = root
            path = [root]
            # selection and expansion
            while state.outcome is None:
                legal = state.legal_actions()
                player = state.current_player
                assert player is not None
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    for a in legal:
                        child = children.get(a)
                        if child is not None:
                            child.avail += 1
                    child = children[action] = Node(player)
                    state.apply(action)
                    path.append(child)
                    break
                best_child: Node | None = None
                best_action = legal[0]
                best_score = -1.0
                for a in legal:
                    child = children[a]
                    child.avail += 1
                    score = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best_child, best_action = score, child, a
                assert best_child is not None
                state.apply(best_action)
                node = best_child
                path.append(node)
            # playout with a bounded depth
            steps = 0
            turn = state.turn
            while state.outcome is None and steps < depth and state.turn == turn:
                state.apply(mixed_action(state.legal_actions(), rng, bias))
                steps += 1
            # score once per seat that chose an action on the path, and backpropagate
            values: dict[int, float] = {}
            two = state.n_seats == 2
            for node in path[1:]:
                s = node.seat
                value = values.get(s)
                if value is None:
                    if two and values:
                        other = next(iter(values))
                        value = 1.0 - values[other]
                    else:
                        value = (evaluate(state, s) + 1.0) * 0.5
                    values[s] = value
                node.visits += 1
                node.reward += value
        del seat
        self.last_iterations = done
        return root


__all__ = ["DEFAULT_DEPTH", "DEFAULT_ITERATIONS", "ISMCTSBot", "Node"]
