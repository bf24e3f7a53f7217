"""Named bot levels: what a lobby offers a player who would rather pick "Hard" than write a bot spec.

A level is a name and a bot spec, the same spec in every game: the bots read each game's own defaults
(greedy's depth and samples, ISMCTS's budget) from its search facts (``bots.facts``), so "Hard" searches
Spellweaver at Spellweaver's budget. Easy is greedy playing half its decisions at random (``noise=0.5``),
Normal is greedy, Hard is ISMCTS at the game's default budget. Random play is no level: it is no opponent
for anyone. (Greedy without its follow-ups and extra samples, ``greedy:depth=0,samples=1``, was no easier:
it won 19 and 18 of 40 games against greedy in Spell Battle and Spelldawn; ``greedy:noise=0.5`` won 7 of 40
against greedy and 32 of 40 against random in Spell Battle, 33 of 40 against random in Casters.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .base import check_spec
from .ismcts import ISMCTSBot

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class BotLevel:
    """One named level: ``name`` (stable, for programs), ``title`` (for people), ``bot`` (its spec) and
    ``about`` (one line saying what it plays like)."""

    name: str
    title: str
    bot: str
    about: str


LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "easy", "Easy", "greedy:noise=0.5", "looks one action ahead half the time, plays at random otherwise"
    ),
    BotLevel("normal", "Normal", "greedy", "looks one action ahead, and at its own follow-up decisions"),
    BotLevel("hard", "Hard", "ismcts", "searches ({iterations} playouts per decision)"),
)
"""Easiest first. ``about`` may name ``{iterations}``: ISMCTS's default budget in the game."""


def levels_for(game: Ruleset | str) -> list[dict[str, Any]]:
    """The levels of ``game`` (a ruleset or its name) as JSON: ``name``, ``title``, ``bot``, ``about``."""
    name = game if isinstance(game, str) else game.name
    iterations = ISMCTSBot().budget(name)
    return [
        {
            "name": level.name,
            "title": level.title,
            "bot": check_spec(level.bot),
            "about": level.about.format(iterations=iterations),
        }
        for level in LEVELS
    ]


__all__ = ["LEVELS", "BotLevel", "levels_for"]
