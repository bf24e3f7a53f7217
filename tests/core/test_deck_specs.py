"""A deck given to ``new_game`` as deck-list text, a deck name or a file path (and errors that name it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, parse_deck_text
from spellforge.core.errors import DeckError, SpellforgeError, UnknownNameError
from spellforge.core.ruleset import DeckSpec, Ruleset
from spellforge.games import GAMES

DECK_RULES = {
    "spellweaver": ("SW-005", "SW-006", "SW-007", "SW-R30"),
    "casters": ("CA-014", "CA-015", "CA-016", "CA-R06"),
    "spellbattle": ("SB-143", "SB-R20"),
}
GAMES_WITH_DECKS = [
    pytest.param(GAMES[g], marks=pytest.mark.rules(*ids), id=g) for g, ids in DECK_RULES.items()
]


def first_deck(game: Ruleset) -> DeckList:
    return game.decks[sorted(game.decks)[0]]


def plain_text(deck: DeckList) -> str:
    """The plain ``<count> <card>`` form (it has no room for named extras such as a hero)."""
    lines = [f"{n} {ref}" for ref, n in deck.main]  # the main deck first, with no header
    for section, entries in deck.sections.items():
        if section != "cards":
            lines.append(f"[{section}]")
            lines.extend(f"{n} {ref}" for ref, n in entries)
    return "\n".join(lines) + "\n"


def same_cards(game: Ruleset, *decks: DeckSpec) -> None:
    state = game.new_game(seed=3, decks=list(decks))
    expected = game.new_game(seed=3, decks=[sorted(game.decks)[0]] * len(decks))
    assert state.to_json() == expected.to_json()


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_preconstructed_decks_real_text_is_a_deck(game: Ruleset) -> None:
    deck = first_deck(game)
    file_text = Path(deck.source).read_text(encoding="utf-8")
    text = deck.to_text()
    assert parse_deck_text(text).sections == deck.sections and parse_deck_text(text).meta == deck.meta
    for spec in (file_text, text):
        assert game.deck_list(spec).sections == deck.sections
        assert game.deck_cards(spec) == game.deck_cards(deck)
        same_cards(game, spec, spec)
    if not deck.meta:  # the plain form cannot carry a hero
        same_cards(game, plain_text(deck), plain_text(deck))


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_deck_name_and_a_deck_path_still_work(game: Ruleset, tmp_path: Path) -> None:
    name = sorted(game.decks)[0]
    deck = game.decks[name]
    copy = tmp_path / "my deck.toml"
    copy.write_text(deck.to_text(), encoding="utf-8")
    for spec in (name, deck.source, Path(deck.source), str(copy), copy):
        assert game.deck_list(spec).sections == deck.sections
    same_cards(game, name, str(copy))


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_deck_file_that_cannot_be_read_is_named_in_a_deck_error(game: Ruleset, tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    for spec in (missing, str(missing), "decks/none-such", str(tmp_path)):
        with pytest.raises(DeckError, match="cannot read") as err:
            game.deck_list(spec)
        assert str(spec) in str(err.value)
    with pytest.raises(DeckError, match=str(missing)):
        game.new_game(seed=1, decks=[str(missing), sorted(game.decks)[0]])
    binary = tmp_path / "deck.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DeckError, match="not UTF-8"):
        game.deck_list(binary)


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_long_unknown_deck_name_is_an_unknown_name_not_an_os_error(game: Ruleset) -> None:
    for spec in ("x" * 5000, "no-such-deck", "nul\x00name"):
        with pytest.raises(UnknownNameError, match="preconstructed decks are"):
            game.deck_list(spec)
    with pytest.raises(SpellforgeError, match="not int"):
        game.deck_list(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- lists of card definitions


def illegal_cards(game: Ruleset) -> tuple[list[CardDef], CardDef]:
    """The first preconstructed deck's hero and Stages (those stay legal), and five copies of one of its
    other cards: too few cards and too many copies."""
    legal = game.deck_cards(sorted(game.decks)[0])
    kept = [c for c in legal if c.type in ("hero", "stage")]
    extra = next(c for c in legal if c.type not in ("hero", "stage") and not getattr(c, "basic", False))
    return kept + [extra] * 5, extra


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_list_of_card_definitions_keeps_to_the_construction_rules(game: Ruleset) -> None:
    cards, extra = illegal_cards(game)
    with pytest.raises(DeckError) as err:
        game.deck_cards(cards)
    problems = err.value.problems
    assert len(problems) == 2, problems
    assert any(f"5 copies of {extra.name!r}" in p for p in problems)  # too many copies
    assert any(" 5 cards" in p for p in problems)  # too few cards
    with pytest.raises(DeckError) as err:
        game.new_game(seed=1, decks=[cards, sorted(game.decks)[0]])
    assert [p.split(":")[0] for p in err.value.problems] == ["P1", "P1"]


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_legal_list_of_card_definitions_is_played_as_given(game: Ruleset) -> None:
    name = sorted(game.decks)[0]
    cards = game.deck_cards(name)
    assert game.deck_cards(list(reversed(cards))) == list(reversed(cards))
    assert (
        game.new_game(seed=5, decks=[cards, cards]).to_json()
        == game.new_game(seed=5, decks=[name, name]).to_json()
    )


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_a_card_of_another_game_is_refused(game: Ruleset) -> None:
    other = next(g for g in GAMES.values() if g is not game and g.name in DECK_RULES)
    cards = game.deck_cards(sorted(game.decks)[0])
    stranger = next(iter(other.cards.values()))
    with pytest.raises(DeckError, match=f"is not a {game.title} card"):
        game.deck_cards([*cards[:-1], stranger])
