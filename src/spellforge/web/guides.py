"""Each game's guide (``docs/games/<game>.md``), rendered to HTML for the client's How to play page.

The guides live with the project's docs; a source checkout (what ``python3 dev.py serve`` runs) has them.
An installed package without the docs says where to read the guide instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"


@cache
def guide_html(game: str) -> str:
    """The guide of ``game`` as HTML (markdown-it, its CommonMark rules plus tables; raw HTML is escaped)."""
    path = DOCS / f"{game}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        text = f"# {game}\n\nThe guide to this game is `docs/games/{game}.md` in Spellforge's source."
    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
