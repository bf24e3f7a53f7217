"""SPELLFIRE (rules: ``shared/rules/spellfire.md``)."""

from . import hints  # noqa: F401  (declares the search facts and the terminal rendering)
from .rules import Spellfire
from .state import SpellfireState

__all__ = ["Spellfire", "SpellfireState"]
