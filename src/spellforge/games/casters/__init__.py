"""Casters (rules: ``shared/rules/casters.md``)."""

from . import hints  # noqa: F401  (declares the search facts and the terminal rendering)
from .rules import Casters
from .state import CastersState

__all__ = ["Casters", "CastersState"]
