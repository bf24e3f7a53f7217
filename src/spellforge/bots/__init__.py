"""Bots: the protocol, the registry, and the bots themselves."""

from . import random_bot  # noqa: F401  (registers the bot)
from .base import BOTS, BaseBot, Bot, Observation, make_bot, parse_spec, split_specs

__all__ = ["BOTS", "BaseBot", "Bot", "Observation", "make_bot", "parse_spec", "split_specs"]
