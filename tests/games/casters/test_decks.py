"""Deck construction (CA-013..CA-016, CA-R06, CA-R29) and the preconstructed decks."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.cli import main
from spellforge.core.decks import parse_deck_text
from spellforge.core.errors import DeckError

from .casters_util import GAME

LEGAL = """
name = "Test Deck"
[cards]
tide-sprite = 2
ashen-whelp = 2
reef-lancer = 2
gravel-ghoul = 2
mistcaller-adept = 2
dusk-ravager = 2
glacier-titan = 2
hollow-brute = 2
frostbinder = 2
tome-keeper = 2
searing-hex = 2
quell = 2
unmaking = 2
tidal-insight = 2
aegis-squire = 2
[stage]
dawnlit-shore = 1
misty-fen = 1
sunken-library = 1
obsidian-spire = 1
skyfall-citadel = 1
"""


def problems(text: str) -> list[str]:
    return GAME.validate_deck(parse_deck_text(text))


@pytest.mark.rules("CA-014", "CA-015", "CA-016", "CA-R06", "CA-R29", "CA-006")
def test_a_legal_deck_mixes_classes() -> None:
    # CA section 5, scenario 1: 30 cards, 2 copies at most, 5 different Stages; Blue and Purple mixed.
    assert problems(LEGAL) == []
    cards = GAME.build_deck(parse_deck_text(LEGAL))[0]
    assert {c.card_class for c in cards if c.type != "stage"} == {"blue", "purple"}


@pytest.mark.rules("CA-014")
def test_31_cards_are_rejected() -> None:
    found = problems(LEGAL.replace("aegis-squire = 2", "aegis-squire = 2\ncrypt-seeker = 1"))
    assert found == ["[cards] the Main Deck has 31 cards; it needs exactly 30 (CA-014)"]


@pytest.mark.rules("CA-R06")
def test_a_third_copy_is_rejected() -> None:
    found = problems(
        LEGAL.replace("aegis-squire = 2", "aegis-squire = 3").replace("tome-keeper = 2", "tome-keeper = 1")
    )
    assert found == ["[cards] 3 copies of 'Aegis Squire' (at most 2)"]


@pytest.mark.rules("CA-015", "CA-013")
def test_a_stage_in_the_main_deck_is_rejected() -> None:
    found = problems(LEGAL.replace("aegis-squire = 2", "aegis-squire = 1\nossuary-gate = 1"))
    assert found == ["[cards] 'Ossuary Gate' is a Stage: it belongs in the Stage Deck (CA-015)"]


@pytest.mark.rules("CA-R06", "CA-016")
def test_two_copies_of_one_stage_are_rejected() -> None:
    found = problems(LEGAL.replace("misty-fen = 1\n", "").replace("dawnlit-shore = 1", "dawnlit-shore = 2"))
    assert found == ["[stage] 2 copies of 'Dawnlit Shore' (at most 1)"]


@pytest.mark.rules("CA-016", "CA-017")
def test_the_stage_deck_holds_exactly_five_stages() -> None:
    found = problems(LEGAL.replace("skyfall-citadel = 1\n", "skyfall-citadel = 1\nossuary-gate = 1\n"))
    assert found == ["[stage] the Stage Deck has 6 cards; it needs exactly 5 (CA-016)"]
    found = problems(LEGAL.replace("skyfall-citadel = 1\n", "tide-sprite = 1\n"))
    assert "[stage] 'Tide Sprite' is a minion: the Stage Deck holds only Stages (CA-016)" in found


@pytest.mark.rules("CA-014", "CA-015", "CA-016", "CA-R06")
def test_every_problem_is_listed_at_once() -> None:
    bad = LEGAL.replace("aegis-squire = 2", "aegis-squire = 3\nossuary-gate = 1\nnot-a-card = 1").replace(
        "misty-fen = 1", "misty-fen = 2"
    )
    bad += "[sideboard]\ntide-sprite = 1\n"
    found = problems(bad)
    assert any("[sideboard]" in p for p in found)
    assert any("unknown card 'not-a-card'" in p for p in found)
    assert any("'Ossuary Gate' is a Stage" in p for p in found)
    assert any("3 copies of 'Aegis Squire'" in p for p in found)
    assert any("2 copies of 'Misty Fen'" in p for p in found)
    with pytest.raises(DeckError) as err:
        GAME.deck_cards(parse_deck_text(bad))
    assert len(err.value.problems) == len(found) >= 5


@pytest.mark.rules("CA-014", "CA-016", "CA-R06")
def test_the_preconstructed_decks_are_legal_and_distinct() -> None:
    assert sorted(GAME.decks) == ["frozen-tide", "grave-pact", "oblivion-rush", "warded-knights"]
    mains = []
    for deck in GAME.decks.values():
        assert GAME.validate_deck(deck) == []
        mains.append(frozenset(key for key, _ in deck.main))
        assert deck.count("stage") == 5 and deck.count() == 30
    assert len(set(mains)) == 4


def test_deck_validate_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text(LEGAL)
    assert main(["deck", "validate", "casters", str(good)]) == 0
    assert "is legal for Casters" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text(LEGAL.replace("aegis-squire = 2", "aegis-squire = 3"))
    assert main(["deck", "validate", "casters", str(bad)]) == 1
    assert "3 copies of 'Aegis Squire'" in capsys.readouterr().out
