"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from spellforge.core.actions import Action

from .base import BaseBot, Observation, register


@register
class RandomBot(BaseBot):
    name = "random"
    answers_single_option_at_once = True
    help = "picks a legal action uniformly at random"

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]  # a decision with one option is answered at once, drawing nothing
        return legal[self.rng.randrange(len(legal))]
