"""The catalog the lobby, the How to play page and the deck builder read."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import need_web

need_web()

import spellforge  # noqa: E402
from spellforge.web.guides import DOCS  # noqa: E402


def test_every_game_has_a_description_and_decks_with_their_roles(client: Any) -> None:
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    assert set(games) == set(spellforge.GAMES)
    for name, g in games.items():
        assert len(g["description"]) > 100, name
        ruleset = spellforge.find_game(name)
        assert {d["name"] for d in g["decks"]} == set(ruleset.decks)
        for d in g["decks"]:
            assert d["role"] == ruleset.deck_role(ruleset.decks[d["name"]])
            assert d["title"] == ruleset.decks[d["name"]].name
    assert {d["role"] for d in games["spelldawn"]["decks"]} == {"overlord", "champion"}


@pytest.mark.skipif(not DOCS.is_dir(), reason="the guides (docs/games) sit beside a source checkout only")
def test_the_guide_is_the_games_own_page_as_html(client: Any) -> None:
    r = client.get("/api/catalog/casters/guide")
    assert r.status_code == 200
    html = r.json()["html"]
    assert "<h1>Casters in Spellforge</h1>" in html and "<h2>How to play</h2>" in html
    assert client.get("/api/catalog/chess/guide").status_code == 404


def test_a_deck_is_read_into_counts_and_built_back_with_every_problem(client: Any) -> None:
    game = spellforge.find_game("spelldawn")
    name = "blood-ledger"
    parsed = client.post(
        "/api/decks/parse", json={"game": "spelldawn", "deck": game.decks[name].to_text()}
    ).json()
    assert parsed["meta"] == {"role": "overlord"} and not parsed["problems"]
    deck = game.decks[name]
    assert sum(parsed["cards"].values()) == sum(deck.count(s) for s in deck.sections)
    built = client.post("/api/decks/build", json={"game": "spelldawn", "name": "Mine", **parsed}).json()
    assert built["legal"] is True and built["problems"] == []
    assert "[riftcaller]" in built["text"] and 'role = "overlord"' in built["text"]
    # one card too many: the rules say what is wrong, and the text still reads back
    cards = dict(parsed["cards"])
    key = next(k for k in cards if game.cards[k].type not in ("riftcaller", "boon"))
    cards[key] += 5
    again = client.post(
        "/api/decks/build", json={"game": "spelldawn", "cards": cards, "meta": parsed["meta"]}
    ).json()
    assert again["legal"] is False and again["problems"]


def test_a_hero_named_by_the_deck_is_counted_among_its_cards_and_goes_back_to_its_place(client: Any) -> None:
    game = spellforge.find_game("spellweaver")
    deck = next(iter(game.decks.values()))
    parsed = client.post("/api/decks/parse", json={"game": "spellweaver", "deck": deck.to_text()}).json()
    assert parsed["cards"][deck.meta["hero"]] == 1 and "hero" not in parsed["meta"]
    built = client.post("/api/decks/build", json={"game": "spellweaver", **parsed}).json()
    assert built["legal"], built["problems"]
    assert f'hero = "{deck.meta["hero"]}"' in built["text"]


def test_bad_deck_requests_are_refused_saying_why(client: Any) -> None:
    r = client.post("/api/decks/build", json={"game": "casters", "cards": {"no-such-card": 2}})
    assert r.status_code == 400 and "no-such-card" in r.json()["error"]
    r = client.post("/api/decks/build", json={"game": "casters", "cards": {"tide-sprite": -1}})
    assert r.status_code == 400 and "count" in r.json()["error"]
    assert client.post("/api/decks/build", json={"game": "casters", "cards": []}).status_code == 422
    assert client.post("/api/decks/parse", json={"game": "casters"}).status_code == 422
    assert client.post("/api/decks/parse", json={"game": "chess", "deck": "x"}).status_code == 400
