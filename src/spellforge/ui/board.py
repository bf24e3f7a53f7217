"""Building blocks for a game's terminal board, so that it fits an 80x24 terminal beside its prompt.

A board is a borderless grid of labelled lines: a label on the left (a player, a row of the table, "your
hand") and what is there on the right, wrapping under itself. Cards are listed one after another on a
line, not one per line, and without their text: ``card #ID`` and ``cards`` show the text. The place and
the decision are in the prompt's box, so a board has no title.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.table import Table
from rich.text import Text

SEP = " · "


def grid() -> Table:
    """The board's grid: labels that never wrap, and contents that wrap under themselves."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True, style="bold")
    table.add_column(ratio=1, overflow="fold")
    return table


def joined(items: Iterable[Text | str | None], sep: str = SEP, empty: str = "-") -> Text:
    """The items on one (wrapping) line, ``empty`` dimmed when there is none."""
    parts = [Text(i) if isinstance(i, str) else i for i in items if i]
    if not parts:
        return Text(empty, style="dim")
    return Text(sep).join(parts)


def player_label(p: dict[str, Any], seat: int | None, active: Iterable[int]) -> Text:
    """A player's name, ``(you)`` for the seat at the keyboard, bold on their turn, struck through once out."""
    label = Text(str(p["name"]) + (" (you)" if p["seat"] == seat else ""))
    if p["seat"] in set(active):
        label.stylize("bold underline")
    if not p.get("alive", True):
        label.stylize("strike")
    return label


def card_name(c: dict[str, Any], style: str = "") -> Text:
    """``#12 Gale Kite``."""
    return Text(f"#{c['id']} {c['name']}", style=style)


__all__ = ["SEP", "card_name", "grid", "joined", "player_label"]
