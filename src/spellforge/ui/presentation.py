"""How a game is shown to people: its clients' renderings of a View, declared by the game's package.

Presentation is no part of the rules, so it lives here and not in the core's Ruleset (the core imports
no display library). A game declares its terminal rendering once with :func:`declare_terminal`, as a
function from a View to a rich renderable; ``spellforge play`` reads it with :func:`terminal_renderer`
and falls back to a generic rendering when a game declares none. The function should import the display
library only when called, so importing a game stays light.
"""

from __future__ import annotations

from collections.abc import Callable
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


__all__ = ["TERMINAL_RENDERERS", "TerminalRenderer", "declare_terminal", "terminal_renderer"]
