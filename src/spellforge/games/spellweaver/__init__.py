"""Spellweaver (rules: ``shared/rules/spellweaver.md``)."""

from .rules import Spellweaver
from .state import SpellweaverState

__all__ = ["Spellweaver", "SpellweaverState"]
