"""How a game is shown to people: its terminal board, its card list and its keywords' reminder text.

Presentation is no part of the rules, and a game imports none of its clients. What a game says about its
cards it declares in core terms, in its ``hints`` (``core.hints.Hints``): the columns of its card list, the
values play may change, the reminder text of its keywords; the functions here read them from the ruleset.
A game's terminal board (a function from a View to a rich renderable) is the terminal's own code, in
``ui/boards/<game>.py``, registered here by the game's name (:data:`BOARDS`); ``spellforge play`` reads it
with :func:`terminal_renderer` and falls back to a generic rendering for a game that has none. A board
reads only the View, never the game's modules; it is imported when first drawn, so importing the
terminal stays light.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from spellforge.core.hints import NO_HINTS, CardColumns, Hints

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset

TerminalRenderer = Callable[[dict[str, Any]], Any]

BOARDS: dict[str, str] = {
    name: f"spellforge.ui.boards.{name}"
    for name in ("casters", "spellbattle", "spelldawn", "spellfire", "spellweaver")
}
"""The module of each game's terminal board (its ``render(view)``), by game name."""


def _name(game: Ruleset | str) -> str:
    return game if isinstance(game, str) else game.name


def game_hints(game: Ruleset | str) -> Hints:
    """The hints ``game`` (a ruleset, or a name looked up in the game registry) declares; none for a name
    that is no registered game."""
    if not isinstance(game, str):
        return game.hints
    from spellforge.games import GAMES  # the registry, imported only when a game is named

    ruleset = GAMES.get(game)
    return ruleset.hints if ruleset is not None else NO_HINTS


def terminal_renderer(game: Ruleset | str) -> TerminalRenderer | None:
    """``game``'s terminal board, ``render(view)`` (a rich renderable), or None for the generic one."""
    module = BOARDS.get(_name(game))
    if module is None:
        return None
    render: TerminalRenderer = import_module(module).render
    return render


def keyword_reminders(game: Ruleset | str) -> dict[str, str]:
    """The reminder text of ``game``'s keywords (its ``hints.keywords``; empty when none)."""
    return dict(game_hints(game).keywords)


@dataclass(frozen=True)
class CardPresentation:
    """How a game's cards read at the terminal, beyond the View.

    ``columns(row)`` gives the cells ``spellforge cards GAME`` shows for a card (``row`` is the card's
    printed fields, as ``--json`` prints them), by heading, in order, the card's name before them: only
    what a player reads, so that the table fits the terminal's width (``--json`` keeps every field).
    ``changing`` names the View's values that play may change (a character's strength): the card panel
    shows the printed value beside such a value when they differ."""

    columns: CardColumns
    changing: tuple[str, ...] = ()


def _plain_columns(row: dict[str, Any]) -> dict[str, str]:
    return {"type": str(row.get("type", "")), "text": str(row.get("text", ""))}


def card_presentation(game: Ruleset | str) -> CardPresentation:
    """How ``game``'s cards read (its ``hints.card_columns`` and ``changing``), or type and text alone."""
    hints = game_hints(game)
    return CardPresentation(hints.card_columns or _plain_columns, hints.changing)


__all__ = [
    "BOARDS",
    "CardPresentation",
    "TerminalRenderer",
    "card_presentation",
    "game_hints",
    "keyword_reminders",
    "terminal_renderer",
]
