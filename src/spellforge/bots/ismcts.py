"""Information Set MCTS (single observer; Cowling, Powley & Whitehouse 2012) for any registered game.

One tree over the bot's information sets. Every iteration starts from a fresh determinization of what
the bot knows (``obs.determinize``), descends the tree choosing among the actions legal *in that
determinization* by UCB1 with availability counts, expands one node, plays out with a cheap policy
(the game's ``playout_action`` where it has one, else mostly passing, sometimes random) until the turn
ends (or, when the game asks with ``playout_turns``, that many turns later) or ``depth`` decisions have
passed, scores the result with the game's evaluator (the true result if the game ended), and
backpropagates each node's reward from the point of view of the seat that chose the action leading to
it. The move played is the most visited root action among those the :class:`RepetitionGuard` allows
(none that leads straight back to a position the bot already decided at this turn, and only the passing
option once a turn has run far too long).

With ``tree=own`` (or a game's ``search_tree = "own"``) the tree holds only the bot's own decisions, up
to the first decision of another seat, where the playout takes over: a longer search then refines the
bot's own plan against the playout policy's answers, instead of growing opponent nodes whose statistics
come from determinizations that all hold the bot's true hand (so the modelled opponent, unlike a real
one, learns what the bot holds).

Edges are keyed by what the bot can tell apart (:class:`EdgeKeys`): the action with the cards it names
that are hidden from the bot masked, so the tree never conditions on a hidden identity.

Evaluator scores are material leads squashed by tanh, so rewards of sensible moves differ by a few
hundredths; the exploration constant ``c`` (default 0.1) is scaled to that, not to the textbook
sqrt(2) for win/loss rewards.

Budget: ``iterations=N`` (deterministic for a given seed) or ``seconds=S`` per decision (time-dependent
by nature: the number of iterations, hence the move, depends on the machine's speed and load, so a
seconds budget is not reproducible). The default, ``iterations=200`` (a game may declare its own with
``search_iterations``; none does yet), takes about 0.1-0.2 s per decision on the reference 2-core machine. Limited-format card picks go to the draft picker; ``prior=P`` starts
each root action with virtual visits at the value greedy's lookahead sees after it, P times the budget's
iterations (default: the game's ``search_prior``, 0 but in Spellweaver and two-player SPELLFIRE; see
``search_prior_seats``), so the prior keeps its weight against the search whatever the budget.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from spellforge.core.actions import Action
from spellforge.core.errors import SpellforgeError
from spellforge.core.rng import Rng

from .base import BaseBot, Observation, RepetitionGuard, register
from .draft import PICKS, picker_for
from .evaluate import Evaluator, evaluator_for
from .facts import SEARCH_TREES, search_facts
from .greedy import GreedyBot, lookahead
from .playout import mixed_action

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset

DEFAULT_ITERATIONS = 200
DEFAULT_DEPTH = 30
DEFAULT_C = 0.1
DEFAULT_PASS_BIAS = 0.8
SETTLE_EVERY = 8  # iterations between checks that the move is settled


class Node:
    """Statistics of one edge of the tree: the action taken by ``seat`` from the parent."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[int, Node] = {}


class EdgeKeys:
    """Tree edges are keyed by what the bot can tell apart: the action, with any card it names that the
    bot could not know when the search began read as unknown (``Action.masked`` over the bot's known
    cards, ``Observation.known``).

    Determinizations shuffle hidden cards' ids, so a hidden id names a different card in every iteration;
    keying on it would scatter an opponent's "play a card from hand" over one-visit nodes and make it look
    like a random player. Masked, all such plays share one node whose statistics average over what the
    hidden card could be, and the key reveals nothing the bot does not know.

    A key is a small int standing for one masked action (``masked`` keeps the masked values), so the
    tree's dicts hash and compare ints: an action's hash and equality are Python code, run only once per
    action in ``cache``.
    """

    __slots__ = ("cache", "known", "masked")

    def __init__(self, known: frozenset[int]) -> None:
        self.known = known
        self.cache: dict[Action, int] = {}
        self.masked: dict[Hashable, int] = {}

    def __call__(self, action: Action) -> int:
        key = self.cache.get(action)
        if key is None:
            masked = action.masked(self.known)
            key = self.masked.get(masked)
            if key is None:
                key = self.masked[masked] = len(self.masked)
            self.cache[action] = key
        return key


def settled(root: Node, keys: Sequence[int], left: float) -> bool:
    """Whether ``left`` more iterations could not change which of ``keys`` is the most visited."""
    first = second = 0
    for k in keys:
        child = root.children.get(k)
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


@register
class ISMCTSBot(BaseBot):
    name = "ismcts"
    answers_single_option_at_once = True
    help = (
        "Information Set MCTS: iterations=N or seconds=S per decision (default iterations=200, or the game's "
        "own default), "
        "depth=playout cutoff, turns=turns a playout runs past its own (default: the game's), "
        "c=UCB exploration, pass_bias=playout policy, prior=virtual visits at greedy's value per root "
        "action, as a share of the budget's iterations (default: the game's), tree=all (every seat's "
        "decisions) or own (the bot's own, up to another seat's first; default: the game's), "
        "picks=value or random (limited-format card picks)"
    )
    params = {
        "iterations": int,
        "seconds": float,
        "depth": int,
        "c": float,
        "pass_bias": float,
        "prior": float,
        "turns": int,
        "tree": str,
        "picks": str,
    }
    limits = {
        "iterations": (1, math.inf),
        "seconds": (0.001, math.inf),
        "depth": (0, math.inf),
        "c": (0, math.inf),
        "pass_bias": (0, 1),
        "prior": (0, math.inf),
        "turns": (0, math.inf),
    }
    choices = {"tree": SEARCH_TREES, "picks": PICKS}

    iterations: int = 0  # 0 (and no seconds): the game's ``search_iterations``, else DEFAULT_ITERATIONS
    seconds: float = 0.0
    depth: int = DEFAULT_DEPTH
    c: float = DEFAULT_C
    pass_bias: float = DEFAULT_PASS_BIAS
    prior: float = -1.0  # negative: the game's ``search_prior``
    turns: int = -1  # -1: the game's ``playout_turns``
    tree: str = ""  # "all" or "own"; empty: the game's ``search_tree``
    picks: str = "value"  # limited-format card picks: the picker's values, or "random"

    def __init__(self, seed: int = 0, **params: Any) -> None:
        if "iterations" in params and "seconds" in params:
            raise SpellforgeError("bot ismcts: give iterations or seconds, not both")
        super().__init__(seed, **params)
        self.picker = picker_for(self.picks, self.rng)
        self._evaluators: dict[int, Evaluator] = {}
        self.last_iterations = 0  # iterations of the last search (for benchmarks and tests)
        self.last_keys = EdgeKeys(frozenset())
        self.guard = RepetitionGuard()
        self.guard_rng = Rng(
            seed ^ 0x6A09E667F3BCC908
        )  # the guard's determinizations, apart from the search's

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if self.picker.handles(obs):
            return self.picker.choose(obs)
        allowed = self.guard.allowed(obs, obs.determinize(self.guard_rng))
        if len(allowed) == 1:
            return allowed[0]
        root = self.search(obs, allowed)
        best: Action = allowed[0]
        best_key = (-1, -1.0)
        for action in allowed:
            node = root.children.get(self.last_keys(action))
            if node is None:
                continue
            key = (node.visits, node.reward / node.visits if node.visits else 0.0)
            if key > best_key:
                best, best_key = action, key
        return best

    def budget(self, game: Ruleset | str) -> int:
        """Iterations per decision in ``game`` (0 for a seconds budget): the bot's ``iterations=``, else the
        game's ``search_iterations``, else :data:`DEFAULT_ITERATIONS`."""
        if self.iterations or self.seconds:
            return self.iterations
        return search_facts(game).search_iterations or DEFAULT_ITERATIONS

    def seed_root(
        self, obs: Observation, root: Node, evaluate: Evaluator, key: EdgeKeys, visits: int
    ) -> list[tuple[Node, float]]:
        """Prior knowledge (Gelly & Silver 2007): start each root action with ``visits`` virtual visits
        worth what greedy's lookahead (its own follow-ups included, on one determinization shared by all
        actions) sees after it, so the search starts from greedy's ranking instead of from noise and
        overrules it where its playouts see further. Returns the seeded nodes with their values."""
        det = obs.determinize(self.rng)
        seeded = []
        for action in obs.legal:
            state = det.clone()
            state.apply(action)
            value = (lookahead(state, obs.seat, GreedyBot.depth, evaluate, self) + 1.0) * 0.5
            node = root.children[key(action)] = Node(obs.seat)
            node.visits = visits
            node.reward = value * visits
            node.avail = visits
            seeded.append((node, value))
        return seeded

    def search(self, obs: Observation, candidates: Sequence[Action] = ()) -> Node:
        """Build the tree for this decision within the budget; returns its root.

        Given the ``candidates`` the move will be chosen from, the search stops early once the choice is
        settled: when the most visited candidate leads the next by more visits than the budget has
        iterations left (for ``seconds``, the iterations the time left allows at the rate so far), no
        iteration can change the move. With an iteration budget the move is exactly the one the full
        budget would give; only the time (and the random draws) are saved.
        """
        evaluate = self._evaluators.get(id(obs.game))
        if evaluate is None:
            evaluate = self._evaluators[id(obs.game)] = evaluator_for(obs.game)
        key = EdgeKeys(obs.known)
        root = Node(-1)
        rng = self.rng
        game = obs.game
        deadline = time.perf_counter() + self.seconds if self.seconds else 0.0
        facts = search_facts(game)
        limit = self.budget(game)
        # the prior: a share of the budget's iterations; a seconds budget starts from the default
        # budget's share and tops it up as the rate of iterations shows how many the time allows
        share = self.prior if self.prior >= 0 else facts.search_prior
        if self.prior < 0 and 0 < facts.search_prior_seats < obs.n_seats:
            share = 0.0  # the game's prior is for smaller tables (``search_prior_seats``)
        given = max(1, round(share * (limit or DEFAULT_ITERATIONS))) if share > 0 else 0
        seeded = self.seed_root(obs, root, evaluate, key, given) if given else []
        topping = seeded if not limit else []  # only a seconds budget tops the prior up
        started = time.perf_counter()  # the rate of iterations is measured from here, without the prior
        c = self.c
        depth = self.depth
        turns = self.turns if self.turns >= 0 else facts.playout_turns
        policy = facts.playout_action
        bias = self.pass_bias
        log = math.log
        sqrt = math.sqrt
        watch = list(dict.fromkeys(key(a) for a in candidates)) if len(candidates) > 1 else []
        tree = self.tree or facts.search_tree
        own = obs.seat if tree == "own" else None  # the tree holds only the searching seat's moves
        known_key = key.cache.get  # an action seen before: its key without a call
        done = 0
        while (done < limit) if limit else (done == 0 or time.perf_counter() < deadline):
            if (watch or topping) and done % SETTLE_EVERY == 0 and done:
                now = time.perf_counter()
                left = limit - done if limit else done * (deadline - now) / max(now - started, 1e-9)
                if topping and (more := round(share * (done + left)) - given) > 0:
                    given += more  # equal for every root action: no lead changes, settled() stays exact
                    for seeded_node, worth in topping:
                        seeded_node.visits += more
                        seeded_node.reward += worth * more
                        seeded_node.avail += more
                if watch and settled(root, watch, left):
                    break
            done += 1
            state = obs.determinize(rng)
            # This copy is the search's own: from here on it takes each single-option decision at once,
            # inside ``apply`` (``State.search_copy``), instead of posting it for the loops below to answer
            # with that same option. The play is identical and no information moves: the copy's hidden
            # cards were invented by this bot, which is the only one looking at it, and a single option
            # gets no tree node either way. A real game never sets the flag, so it still asks such a
            # decision whenever public information does not force it (DESIGN.md section 2b).
            state.search_copy = True
            node = root
            path = [root]
            # selection and expansion, over the actions legal in this determinization
            while state.outcome is None:
                player = state.current_player
                assert player is not None
                if own is not None and player != own:
                    break  # another seat's decision: the playout policy answers
                legal = state.legal_actions()
                if len(legal) == 1:  # one option (a pass asked for fairness): no node, no choice to learn
                    state.apply(legal[0])
                    continue
                children = node.children
                options: dict[int, Action] = {}
                for a in legal:
                    k = known_key(a)
                    if k is None:
                        k = key(a)
                    if k not in options:
                        options[k] = a
                untried = [k for k in options if k not in children]
                if untried:
                    k = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    for other in options:
                        child = children.get(other)
                        if child is not None:
                            child.avail += 1
                    child = children[k] = Node(player)
                    state.apply(options[k])
                    path.append(child)
                    break
                best_child: Node | None = None
                best_key = -1
                best_score = -1.0
                for k in options:
                    child = children[k]
                    child.avail += 1
                    score = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best_child, best_key = score, child, k
                assert best_child is not None
                state.apply(options[best_key])
                node = best_child
                path.append(node)
            # playout with a bounded depth, stopping when the last turn it may see ends
            steps = 0
            last = state.turn + turns
            while state.outcome is None and steps < depth and state.turn <= last:
                legal = state.legal_actions()
                if len(legal) == 1:  # one option (a pass asked for fairness): answered at once, and
                    state.apply(legal[0])  # not counted against the depth, which counts real choices
                    continue
                action = policy(state, legal, rng) if policy is not None else None
                state.apply(action if action is not None else mixed_action(legal, rng, bias))
                steps += 1
            # score once per seat that chose an action on the path, and backpropagate
            values: dict[int, float] = {}
            two = state.n_seats == 2
            for node in path[1:]:
                s = node.seat
                value = values.get(s)
                if value is None:
                    if two and values:
                        value = 1.0 - next(iter(values.values()))
                    else:
                        value = (evaluate(state, s) + 1.0) * 0.5
                    values[s] = value
                node.visits += 1
                node.reward += value
        self.last_iterations = done
        self.last_keys = key
        return root


__all__ = ["DEFAULT_DEPTH", "DEFAULT_ITERATIONS", "ISMCTSBot", "Node"]
