"""Spell Battle (rules: ``shared/rules/spellbattle.md``)."""

from .rules import SpellBattle
from .state import SpellBattleState

__all__ = ["SpellBattle", "SpellBattleState"]
