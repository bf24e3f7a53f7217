"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from spellforge.core.actions import Action

from .base import BaseBot, Observation, register


@register
class RandomBot(BaseBot):
    name = "random"
    help = "picks a legal action uniformly at random"

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        return legal[self.rng.randrange(len(legal))]
