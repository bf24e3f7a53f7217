"""Spelldawn (rules: ``shared/rules/spelldawn.md``)."""

from .rules import Spelldawn
from .state import SpelldawnState

__all__ = ["Spelldawn", "SpelldawnState"]
