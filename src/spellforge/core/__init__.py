"""The game-agnostic engine. Nothing in here names a game."""

from .actions import Action, Choose, Done, Pass, Resign
from .errors import (
    CardDataError,
    DeckError,
    IllegalActionError,
    RecordError,
    SpellforgeError,
    UnknownNameError,
)
from .flow import Outcome
from .rng import Rng
from .ruleset import OptionSpec, Ruleset
from .state import State

__all__ = [
    "Action",
    "CardDataError",
    "Choose",
    "DeckError",
    "Done",
    "IllegalActionError",
    "OptionSpec",
    "Outcome",
    "Pass",
    "RecordError",
    "Resign",
    "Rng",
    "Ruleset",
    "SpellforgeError",
    "State",
    "UnknownNameError",
]
