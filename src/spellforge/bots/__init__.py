"""Bots: the protocol, the registry, and the bots themselves (random, greedy, ismcts, draft)."""

from . import draft, greedy, ismcts, random_bot  # noqa: F401  (each registers its bot)
from .base import (
    BOTS,
    BaseBot,
    Bot,
    Observation,
    check_spec,
    make_bot,
    parse_spec,
    register,
    split_specs,
)

__all__ = [
    "BOTS",
    "BaseBot",
    "Bot",
    "Observation",
    "check_spec",
    "make_bot",
    "parse_spec",
    "register",
    "split_specs",
]
