"""SPELLFIRE (rules: ``shared/rules/spellfire.md``)."""

from .rules import Spellfire
from .state import SpellfireState

__all__ = ["Spellfire", "SpellfireState"]
