"""The documentation a user who clones the project reads: each game's page explains how to play it, the
deck file format is documented with examples that work, and nothing points outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spellforge import find_game
from spellforge.core.decks import parse_deck_text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FINISHED = ["spellbattle", "spellweaver", "casters", "spelldawn", "spellfire"]


@pytest.mark.parametrize("name", FINISHED)
def test_each_game_page_explains_how_to_play(name: str) -> None:
    text = (DOCS / "games" / f"{name}.md").read_text(encoding="utf-8")
    section = text.split("## How to play", 1)[1].split("\n## ", 1)[0]
    for topic in ("Goal", "turn", "terminal"):
        assert topic in section, f"{name}: 'How to play' says nothing of {topic!r}"
    assert not re.search(r"\b[A-Z]{2}-R?\d", section), "the player's explanation cites no rule IDs"
    assert "playing.md" in section and "decks.md" in section


def test_no_page_points_outside_the_repository() -> None:
    pages = [ROOT / "README.md", *DOCS.rglob("*.md")]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text and "shared/rules" not in text, page


def code_blocks(text: str) -> list[str]:
    return re.findall(r"```(?:\w+)?\n(.*?)```", text, flags=re.S)


def test_the_deck_format_examples_read_and_resolve() -> None:
    blocks = code_blocks((DOCS / "decks.md").read_text(encoding="utf-8"))
    toml = next(b for b in blocks if b.startswith('name = "Sky Raiders"'))
    plain = next(b for b in blocks if b.startswith("# Sky Raiders"))
    a = parse_deck_text(toml, "sky-raiders.toml")
    b = parse_deck_text(plain, "sky-raiders.txt")
    assert a.name == "Sky Raiders" and a.main == b.main == (("gale-kite", 3), ("Storm Roc", 2))
    game = find_game("spellbattle")
    problems = game.validate_deck(a)
    assert problems and all("40" in p for p in problems)  # only too short: every card name resolves


def test_the_playing_guide_lists_every_terminal_command() -> None:
    from spellforge.ui.terminal import HELP

    guide = (DOCS / "playing.md").read_text(encoding="utf-8")
    for command in re.findall(r"^  (\w+)", HELP, flags=re.M):
        assert f"`{command}" in guide, command
    assert "play --resume" in guide


def test_the_spell_battle_page_states_the_tactical_retreat_ruling() -> None:
    """Tactical Retreat's text now says "to its owner's hand": the page's ruling quotes the text played."""
    page = (DOCS / "games" / "spellbattle.md").read_text(encoding="utf-8")
    ruling = next((p for p in page.split("\n- ") if p.startswith("**Tactical Retreat")), "")
    text = find_game("spellbattle").cards["tactical-retreat"].text
    assert f'"{text}"' in " ".join(ruling.split()), (
        "spellbattle.md has no Tactical Retreat ruling quoting its text"
    )


def test_the_playing_guide_links_every_games_page() -> None:
    from spellforge import GAMES

    guide = (DOCS / "playing.md").read_text(encoding="utf-8")
    for name, game in GAMES.items():
        assert f"[{game.title}](games/{name}.md)" in guide, name
        assert (DOCS / "games" / f"{name}.md").exists()


def test_the_deck_guide_covers_every_game_and_its_spellfire_example_is_legal() -> None:
    from spellforge import GAMES

    text = (DOCS / "decks.md").read_text(encoding="utf-8")
    table = text.split("## What each game asks of a deck", 1)[1]
    for game in GAMES.values():
        assert f"\n| {game.title} |" in table, game.title
    example = next(b for b in code_blocks(text) if "[dungeon]" in b and b.startswith("name = "))
    deck = parse_deck_text(example, "example.toml")
    spellfire = find_game("spellfire")
    assert deck.meta["format"] == 55 and deck.sections["dungeon"]
    assert spellfire.validate_deck(deck) == []


def test_the_report_guides_override_example_reads(tmp_path: Path) -> None:
    from spellforge.sim.configs import read_card_changes
    from spellforge.sim.simulate import ruleset_with_cards

    text = (DOCS / "reports.md").read_text(encoding="utf-8")
    example = next(b for b in code_blocks(text) if b.startswith("# stronger-charger.toml"))
    path = tmp_path / "stronger-charger.toml"
    path.write_text(example, encoding="utf-8")
    casters = find_game("casters")
    cards = ruleset_with_cards(casters, read_card_changes(casters, path)[0]).cards
    assert cards["cinder-charger"].attack == 6 and cards["ashen-whelp"].health == 8
