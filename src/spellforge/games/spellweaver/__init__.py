"""Spellweaver (rules: ``shared/rules/spellweaver.md``)."""

from . import hints  # noqa: F401  (declares the search facts and the terminal rendering)
from .rules import Spellweaver
from .state import SpellweaverState

__all__ = ["Spellweaver", "SpellweaverState"]
