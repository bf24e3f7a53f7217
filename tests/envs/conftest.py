"""Shared helpers for the research-interface tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

import spellforge
from spellforge.core.state import State

GAMES = sorted(spellforge.GAMES)
# every game at its default player count, and the two that seat more at their largest
PLAYER_COUNTS = [(name, spellforge.GAMES[name].default_players) for name in GAMES] + [
    (name, spellforge.GAMES[name].max_players)
    for name in GAMES
    if spellforge.GAMES[name].max_players != spellforge.GAMES[name].default_players
]


def random_states(
    name: str, games: int = 3, seed: int = 0, limit: int = 600, **options: object
) -> Iterator[State]:
    """States along random games (every decision of each)."""
    rng = random.Random(seed)
    game = spellforge.GAMES[name]
    for g in range(games):
        state = game.new_game(seed=seed * 100 + g, **options)
        while not state.is_over and state.decisions_made < limit:
            yield state
            state.apply(rng.choice(state.legal_actions()))
