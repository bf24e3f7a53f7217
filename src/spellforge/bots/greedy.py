"""The greedy bot: one-ply lookahead over its legal actions, positions scored by the game's evaluator.

For each legal action it applies the action to a determinization of what it knows, then rolls the game
forward until the consequence shows: everyone passes or declines (``playout.passive_action``) until the
bot's first decision of the next turn, so a character resolves, an attack deals its damage, a block
trades. Compound choices (play a farm, then which card; declare an attacker, then another or done) are
searched as they come: when the bot's own decision follows its action directly, it looks one level
deeper (``depth=`` levels at most). The best final position wins; ties go to the bot's seeded RNG.
An action that leads straight back to a position the bot already decided at this turn is left out,
and a turn that runs far too long is wound up (:class:`RepetitionGuard`).

It reads nothing hidden: every position it scores comes from ``obs.determinize``; with ``samples=k``
it averages over k determinizations (default: the game's ``greedy_samples``, else 1).

``noise=P`` makes it a weaker player on purpose (a lobby's Easy level): at each decision with more than
one option it plays a uniformly random one with probability P, and looks ahead otherwise. At P=0, the
default, it draws nothing for it, so a seed plays as it always did.
"""

from __future__ import annotations

import math
from typing import Any

from spellforge.core.actions import Action
from spellforge.core.state import State

from .base import BaseBot, Observation, RepetitionGuard, register
from .draft import PICKS, picker_for
from .evaluate import Evaluator, evaluator_for
from .facts import PlayoutPolicy, search_facts
from .playout import passive_action

HORIZON = 60  # decisions rolled forward at most after an action


def lookahead(
    state: State,
    seat: int,
    depth: int,
    evaluate: Evaluator,
    bot: BaseBot,
    horizon: int = HORIZON,
    policy: PlayoutPolicy | None = None,
) -> float:
    """The value for ``seat`` of ``state`` just after the bot acted: search its directly following own
    decisions ``depth`` levels deep, roll the rest forward passively, and score the result."""
    start_turn = state.turn
    steps = 0
    while state.outcome is None:
        player = state.current_player
        if player == seat:
            if steps == 0 and depth > 0:
                legal = state.legal_actions()
                best = -2.0
                for action in legal:
                    child = state.clone()
                    child.apply(action)
                    value = lookahead(child, seat, depth - 1, evaluate, bot, horizon, policy)
                    if value > best:
                        best = value
                return best
            if state.turn != start_turn:
                break
        if steps >= horizon:
            break
        legal = state.legal_actions()
        chosen = policy(state, legal, bot.rng) if policy is not None else None
        state.apply(chosen if chosen is not None else passive_action(legal, bot.rng))
        steps += 1
    return evaluate(state, seat)


@register
class GreedyBot(BaseBot):
    name = "greedy"
    answers_single_option_at_once = True
    help = (
        "one-ply lookahead scored by the game's evaluator (depth=own follow-ups, samples=determinizations, "
        "picks=value or random: limited-format card picks by the picker's values or at random, "
        "noise=share of decisions played at random, to play weaker)"
    )
    params = {"depth": int, "samples": int, "picks": str, "noise": float}
    limits = {"depth": (0, math.inf), "samples": (1, math.inf), "noise": (0, 1)}
    choices = {"picks": PICKS}

    depth: int = 2
    samples: int = 1
    picks: str = "value"
    noise: float = 0.0

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self.picker = picker_for(self.picks, self.rng)
        self._evaluators: dict[int, Evaluator] = {}
        self.guard = RepetitionGuard()
        self.depth_given = "depth" in params
        self.samples_given = "samples" in params

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if self.picker.handles(obs):
            return self.picker.choose(obs)
        evaluate = self._evaluators.get(id(obs.game))
        if evaluate is None:
            evaluate = self._evaluators[id(obs.game)] = evaluator_for(obs.game)
        facts = search_facts(obs.game)
        depth = self.depth
        if not self.depth_given and facts.greedy_depth is not None:
            depth = facts.greedy_depth
        samples = self.samples
        if not self.samples_given and facts.greedy_samples is not None:
            samples = facts.greedy_samples
        policy = facts.playout_action if facts.greedy_playout else None
        self.guard.visit(obs)
        finish = self.guard.winding_up(obs)
        if finish is not None:
            return finish
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        totals = [0.0] * len(legal)
        repeats = [False] * len(legal)
        for sample in range(max(1, samples)):
            root = obs.determinize(self.rng)
            for i, action in enumerate(legal):
                state = root.clone()
                state.apply(action)
                if sample == 0:
                    repeats[i] = self.guard.repeats(state, obs.seat)
                totals[i] += lookahead(state, obs.seat, depth, evaluate, self, policy=policy)
        if all(repeats):
            repeats = [False] * len(legal)
        best = max(v for v, r in zip(totals, repeats, strict=True) if not r)
        ties = [a for a, v, r in zip(legal, totals, repeats, strict=True) if not r and v >= best - 1e-9]
        return ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


__all__ = ["GreedyBot", "lookahead"]
