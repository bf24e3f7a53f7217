"""The registry of games: one line per ruleset."""

from __future__ import annotations

from spellforge.core.errors import UnknownNameError
from spellforge.core.ruleset import Ruleset

from .casters import Casters
from .spellbattle import SpellBattle
from .spelldawn import Spelldawn
from .spellfire import Spellfire
from .spellweaver import Spellweaver

GAMES: dict[str, Ruleset] = {
    game.name: game
    for game in (
        SpellBattle(),
        Spellweaver(),
        Casters(),
        Spellfire(),
        Spelldawn(),
    )
}


def find_game(name: str) -> Ruleset:
    """The ruleset registered as ``name`` (case and punctuation ignored); raises ValueError otherwise."""
    key = "".join(ch for ch in str(name).lower() if ch.isalnum())
    game = GAMES.get(key)
    if game is None:
        raise UnknownNameError(f"unknown game {name!r}; the games are: {', '.join(sorted(GAMES))}")
    return game
