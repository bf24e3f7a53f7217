"""Spelldawn (rules: ``shared/rules/spelldawn.md``)."""

from . import hints  # noqa: F401  (declares the search facts and the terminal rendering)
from .rules import Spelldawn
from .state import SpelldawnState

__all__ = ["Spelldawn", "SpelldawnState"]
