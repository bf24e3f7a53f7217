"""How a game is shown to people: its clients' renderings of a View, declared by the game's package.

Presentation is no part of the rules, so it lives here and not in the core's Ruleset (the core imports
no display library). A game declares its terminal rendering once with :func:`declare_terminal`, as a
function from a View to a rich renderable; ``spellforge play`` reads it with :func:`terminal_renderer`
and falls back to a generic rendering when a game declares none. The reminder text of a game's keywords
(:func:`declare_keywords`) is shown beside a card's text by every client, and :func:`declare_cards` says which
of a card's printed fields a player reads at the terminal. The function should import the display library
only when called, so importing a game stays light.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset

TerminalRenderer = Callable[[dict[str, Any]], Any]

TERMINAL_RENDERERS: dict[str, TerminalRenderer] = {}
"""The declared terminal renderings by game name."""


def declare_terminal(game: str, render: TerminalRenderer) -> TerminalRenderer:
    """Declare ``render(view)`` (a rich renderable, or None for the generic one) as ``game``'s rendering."""
    TERMINAL_RENDERERS[game] = render
    return render


def terminal_renderer(game: Ruleset | str) -> TerminalRenderer | None:
    """The terminal rendering ``game`` (a ruleset or its name) declared, or None."""
    return TERMINAL_RENDERERS.get(game if isinstance(game, str) else game.name)


KEYWORD_REMINDERS: dict[str, dict[str, str]] = {}
"""Reminder text for each game's card keywords (as the View writes them), by game name."""


def declare_keywords(game: str, reminders: dict[str, str]) -> dict[str, str]:
    """Declare the reminder text clients show beside a card's keywords (``{"flying": "..."}``)."""
    KEYWORD_REMINDERS[game] = dict(reminders)
    return reminders


def keyword_reminders(game: Ruleset | str) -> dict[str, str]:
    """The keyword reminders ``game`` (a ruleset or its name) declared (empty when none)."""
    return KEYWORD_REMINDERS.get(game if isinstance(game, str) else game.name, {})


CardColumns = Callable[[dict[str, Any]], dict[str, str]]


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


CARD_PRESENTATIONS: dict[str, CardPresentation] = {}
"""The declared card presentations by game name."""


def declare_cards(game: str, columns: CardColumns, changing: tuple[str, ...] = ()) -> CardPresentation:
    """Declare the columns of ``game``'s card list and the values play may change (``CardPresentation``)."""
    declared = CardPresentation(columns, changing)
    CARD_PRESENTATIONS[game] = declared
    return declared


def _plain_columns(row: dict[str, Any]) -> dict[str, str]:
    return {"type": str(row.get("type", "")), "text": str(row.get("text", ""))}


def card_presentation(game: Ruleset | str) -> CardPresentation:
    """The card presentation ``game`` declared, or type and text alone."""
    return CARD_PRESENTATIONS.get(
        game if isinstance(game, str) else game.name, CardPresentation(_plain_columns)
    )


__all__ = [
    "CARD_PRESENTATIONS",
    "KEYWORD_REMINDERS",
    "TERMINAL_RENDERERS",
    "CardPresentation",
    "TerminalRenderer",
    "card_presentation",
    "declare_cards",
    "declare_keywords",
    "declare_terminal",
    "keyword_reminders",
    "terminal_renderer",
]
