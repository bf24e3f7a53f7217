"""Spell Battle (rules: ``shared/rules/spellbattle.md``)."""

from . import hints  # noqa: F401  (declares the search facts and the terminal rendering)
from .rules import SpellBattle
from .state import SpellBattleState

__all__ = ["SpellBattle", "SpellBattleState"]
