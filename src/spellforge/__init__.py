"""Spellforge: one rules engine for five fantasy card games.

>>> import spellforge
>>> game = spellforge.find_game("spellbattle")
>>> state = game.new_game(seed=7)
>>> state.current_player is not None and len(state.legal_actions()) > 0
True
"""

from . import compiled as compiled  # first: SPELLFORGE_PURE=1 must be in force before the engine is imported
from .core.actions import Action, Choose, Done, Pass, Resign
from .core.errors import (
    CardDataError,
    DeckError,
    IllegalActionError,
    RecordError,
    SpellforgeError,
    UnknownNameError,
)
from .core.flow import Outcome
from .core.rng import Rng
from .core.ruleset import Ruleset
from .core.state import State
from .games import GAMES, find_game

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Action",
    "CardDataError",
    "Choose",
    "DeckError",
    "Done",
    "IllegalActionError",
    "Outcome",
    "Pass",
    "RecordError",
    "Resign",
    "Rng",
    "Ruleset",
    "SpellforgeError",
    "State",
    "UnknownNameError",
    "find_game",
]
