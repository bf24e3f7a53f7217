"""Deck construction and bad input (SD-027..SD-030, SD-R03, SD-R27; DESIGN section 4)."""

from __future__ import annotations

import pytest

from spellforge import find_game
from spellforge.core.decks import parse_deck_text
from spellforge.core.errors import DeckError, IllegalActionError
from spellforge.games.spelldawn.cards import NEUTRAL, SCHOOLS

from .util import Side, act, scenario

GAME = find_game("spelldawn")


@pytest.mark.rules("SD-027", "SD-028", "SD-030", "SD-R03")
def test_every_card_has_one_school_or_is_neutral() -> None:
    assert SCHOOLS == ("law", "beyond", "shadow", "pact", "primal")
    assert all(c.school in (*SCHOOLS, NEUTRAL) for c in GAME.cards.values())
    for side in ("overlord", "champion"):
        schools = {c.school for c in GAME.cards.values() if c.side == side and c.type == "riftcaller"}
        assert schools == set(SCHOOLS)  # a riftcaller for every school, on each side


@pytest.mark.rules("SD-R27", "SD-029")
def test_the_preconstructed_decks_are_legal_three_per_side() -> None:
    roles = [GAME.deck_role(d) for d in GAME.decks.values()]
    assert roles.count("overlord") == 3 and roles.count("champion") == 3
    for name, deck in GAME.decks.items():
        assert GAME.validate_deck(deck) == [], name
        assert deck.count() == 50 and deck.count("riftcaller") == 1


def deck(text: str) -> object:
    return parse_deck_text(text)


@pytest.mark.rules("SD-R27", "SD-029")
def test_an_illegal_overlord_deck_lists_every_problem() -> None:
    bad = parse_deck_text(
        'name = "Bad"\nrole = "overlord"\n[riftcaller]\nwarden-ysolde = 1\nhollow-regent = 1\n'
        "[cards]\ntithe-of-ash = 4\nveilstalker = 3\nwindfall = 2\nnot-a-card = 1\n"
    )
    problems = GAME.validate_deck(bad)
    text = "\n".join(problems)
    assert "2 riftcallers" in text
    assert "4 copies of 'Tithe of Ash'" in text
    assert "Windfall" in text and "champion card" in text  # the wrong side
    assert "unknown card 'not-a-card'" in text
    legal_size = parse_deck_text(
        'name = "Few points"\nrole = "overlord"\n[riftcaller]\nwarden-ysolde = 1\n'
        "[cards]\ntithe-of-ash = 3\n"
        + "".join(f"{k} = 3\n" for k in _fillers(16)[1:])
        + "iron-sentinel = 5\n"
    )
    problems = GAME.validate_deck(legal_size)
    assert any("30 points" in p and "180" in p for p in problems), problems
    assert any("5 copies of 'Iron Sentinel'" in p for p in problems)
    shadow = parse_deck_text(
        'name = "Off school"\nrole = "overlord"\n[riftcaller]\nwarden-ysolde = 1\n[cards]\nveilstalker = 3\n'
    )
    problems = GAME.validate_deck(shadow)
    assert any("shadow card" in p for p in problems) and any("needs exactly 50" in p for p in problems)


def _fillers(n: int) -> list[str]:
    keys = [
        k
        for k, c in GAME.cards.items()
        if c.side == "overlord"
        and c.school in ("neutral", "law")
        and c.type in ("minion", "project", "spell")
    ]
    return keys[:n]


@pytest.mark.rules("SD-R27", "SD-002")
def test_a_deck_of_the_wrong_side_is_refused_and_nothing_starts() -> None:
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, decks=["full-arsenal", "iron-vault"])
    text = "\n".join(err.value.problems)
    assert "P1: the deck is made for the champion, not the overlord" in text
    assert "P2: the deck is made for the overlord, not the champion" in text
    champion = GAME.decks["full-arsenal"]
    assert any("overlord card" in p for p in GAME.validate_deck(GAME.decks["iron-vault"], role="champion"))
    assert GAME.validate_deck(champion, role="champion") == []


def test_bad_actions_are_refused_and_change_nothing() -> None:
    s = scenario(Side(rooms={"B": [None, "iron-sentinel"]}), Side(), active="champion")
    before = s.to_json()
    for text in ("raid room B", "raid room Z", "progress room A", "summon #0", "discard #3"):
        with pytest.raises(IllegalActionError):
            act(s, text)
    assert s.to_json() == before
    with pytest.raises(IllegalActionError, match="not an action"):
        act(s, "dance")
