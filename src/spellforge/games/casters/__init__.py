"""Casters (rules: ``shared/rules/casters.md``)."""

from .rules import Casters
from .state import CastersState

__all__ = ["Casters", "CastersState"]
