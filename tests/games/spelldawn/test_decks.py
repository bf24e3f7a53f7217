"""Deck construction and bad input (SD-027..SD-030, SD-R03, SD-R27; DESIGN section 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge import find_game
from spellforge.core.decks import parse_deck_text
from spellforge.core.errors import CardDataError, DeckError, IllegalActionError
from spellforge.games.spelldawn import cards as card_data
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


def _legal_overlord(boons: str) -> str:
    """Iron Vault's riftcaller and cards with ``boons`` (TOML lines) as its [boons] section."""
    cards = "".join(f"{ref} = {n}\n" for ref, n in GAME.decks["iron-vault"].main)
    return (
        f'name = "Test"\nrole = "overlord"\n[riftcaller]\nwarden-ysolde = 1\n[boons]\n{boons}[cards]\n{cards}'
    )


@pytest.mark.rules("SD-010", "SD-K32", "SD-R27")
def test_boons_are_declared_in_their_own_section_and_checked() -> None:
    assert GAME.validate_deck(parse_deck_text(_legal_overlord("gatewarden-seal = 1\n"))) == []
    assert GAME.validate_deck(parse_deck_text(_legal_overlord(""))) == []  # boons are optional
    bad = parse_deck_text(
        _legal_overlord(
            "gatewarden-seal = 2\nhexbound-covenant = 1\niron-sentinel = 1\nwayfarers-satchel = 1\n"
            "crown-of-hoarded-secrets = 1\nnot-a-boon = 1\n"
        )
    )
    text = "\n".join(GAME.validate_deck(bad))
    assert "[boons] 2 copies of 'Gatewarden Seal'" in text
    assert "[boons] 'Hexbound Covenant' is a pact card; the riftcaller's school is law" in text
    assert "[boons] 'Iron Sentinel' is a minion, not a boon" in text
    assert '[boons] "Wayfarer\'s Satchel" is a champion card; an overlord deck holds overlord cards' in text
    assert "[boons] names 6 boons; a deck has at most 3" in text
    assert "[boons] unknown card 'not-a-boon'" in text
    in_cards = parse_deck_text(_legal_overlord("").replace("[cards]\n", "[cards]\ngatewarden-seal = 1\n"))
    text = "\n".join(GAME.validate_deck(in_cards))
    assert "[cards] 'Gatewarden Seal' is a boon: it belongs in [boons]" in text
    as_rift = parse_deck_text(_legal_overlord("").replace("warden-ysolde = 1", "gatewarden-seal = 1"))
    assert any(
        "[riftcaller] 'Gatewarden Seal' is a boon, not a riftcaller" in p for p in GAME.validate_deck(as_rift)
    )
    with pytest.raises(DeckError):  # an illegal deck starts nothing
        GAME.new_game(seed=1, decks=[bad, "full-arsenal"])


def test_a_card_list_round_trips_its_boons() -> None:
    cards, problems = GAME.build_deck(GAME.decks["night-raiders"])
    assert problems == []
    back = GAME.cards_deck_list(cards, "champion")
    assert dict(back.sections["boons"]) == dict(GAME.decks["night-raiders"].sections["boons"])
    assert GAME.validate_deck(back) == []


@pytest.mark.rules("SD-K32")
@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ('cost = 1\neffects = [{ on = "dusk", do = "draw", amount = 1 }]', "cost: a boon starts in play"),
        ("", "effects: a boon needs at least one ability"),
        ('effects = [{ do = "draw", amount = 1, activate = { actions = 1 } }]', "no activated ability"),
        ('effects = [{ on = "dusk", do = "store", amount = 1 }]', "a boon cannot store mana"),
        (
            'effects = [{ on = "dawn", do = "draw", amount = 1 }]',
            "effects[0].on: a boon of the overlord acts only on",
        ),
        (
            'effects = [{ on = "play", do = "draw", amount = 1 }]',
            "effects[0].on: a boon of the overlord acts only on",
        ),
    ],
)
def test_bad_boon_card_data_is_refused_naming_the_card_and_field(
    tmp_path: Path, fields: str, problem: str
) -> None:
    path = tmp_path / "boons.toml"
    path.write_text(
        '[[card]]\nid = "odd-boon"\nname = "Odd Boon"\nside = "overlord"\ntype = "boon"\n'
        f'school = "neutral"\ntext = "Draw 1 card."\n{fields}\n'
    )
    with pytest.raises(CardDataError) as err:
        card_data.load([path])
    assert "odd-boon" in str(err.value) and problem in str(err.value), str(err.value)
