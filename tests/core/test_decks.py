"""Deck lists parse from TOML or plain text; problems name the line or section."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.core.cards import CardDef
from spellforge.core.decks import (
    card_index,
    copy_problems,
    expand,
    load_deck,
    parse_deck_text,
    resolve_section,
)
from spellforge.core.errors import DeckError

POOL = {
    k: CardDef(key=k, name=n, type="unit") for k, n in [("fire-imp", "Fire Imp"), ("ice-wall", "Ice Wall")]
}


def test_toml_with_sections_and_meta() -> None:
    deck = parse_deck_text('name = "X"\nhero = "Aria"\n[cards]\nfire-imp = 3\n[stage]\n"Ice Wall" = 1\n')
    assert deck.name == "X" and deck.meta == {"hero": "Aria"}
    assert deck.main == (("fire-imp", 3),) and deck.count("stage") == 1


def test_plain_text_with_counts_comments_and_sections() -> None:
    deck = parse_deck_text("# my deck\n3 Fire Imp\n2x ice-wall\n[stage]\n1 Fire Imp\n", "d.txt")
    assert deck.main == (("Fire Imp", 3), ("ice-wall", 2)) and deck.sections["stage"] == (("Fire Imp", 1),)


def test_plain_text_problems_list_every_bad_line() -> None:
    with pytest.raises(DeckError) as err:
        parse_deck_text("3 Fire Imp\nthree Ice Wall\n0 Fire Imp\n")
    assert [p.split(":")[0] for p in err.value.problems] == ["line 2", "line 3"]


def test_toml_problems() -> None:
    with pytest.raises(DeckError) as err:
        parse_deck_text('name = "X"\n[cards]\nfire-imp = 0\n')
    assert "count must be a positive integer" in str(err.value)
    with pytest.raises(DeckError, match=r"\[cards\]: missing"):
        parse_deck_text('name = "X"\n[stage]\nfire-imp = 1\n')


def test_resolution_suggests_close_names_and_copy_limits() -> None:
    problems: list[str] = []
    resolved = resolve_section(
        (("fire imp", 2), ("Fire Imps", 1), ("ice-wall", 4)), card_index(POOL), "cards", problems
    )
    assert problems == ["[cards] unknown card 'Fire Imps' (did you mean 'Fire Imp'?)"]
    assert len(expand(resolved)) == 6
    assert copy_problems(resolved, 3, "cards") == ["[cards] 4 copies of 'Ice Wall' (at most 3)"]
    assert copy_problems(resolved, 3, "cards", exempt=frozenset({"ice-wall"})) == []


def test_load_deck_file_errors(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read"):
        load_deck(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n")
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck(bad)
