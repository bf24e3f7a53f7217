"""Bad input gets a clear error and changes nothing: card files, decks, actions, options and players."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge import (
    CardDataError,
    DeckError,
    IllegalActionError,
    Pass,
    Resign,
    SpellforgeError,
    UnknownNameError,
    find_game,
)
from spellforge.core.decks import parse_deck_text
from spellforge.games.spellbattle.actions import Attack, CallTime, Play, Use
from spellforge.games.spellbattle.scenario import Seat, card, do, scenario

GAME = find_game("spellbattle")

GOOD = """
[[card]]
id = "test-knight"
name = "Test Knight"
type = "character"
cost = 2
strength = 2
speed = 2
"""


def load(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    path = folder / "broken.toml"
    path.write_text(text, encoding="utf-8")
    GAME.load_cards([path])


# ---------------------------------------------------------------------- card files


def test_a_well_formed_card_file_loads(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "ok.toml").write_text(GOOD, encoding="utf-8")
    cards = GAME.load_cards([folder / "ok.toml"])
    assert list(cards) == ["test-knight"]


@pytest.mark.parametrize(
    ("text", "field", "why"),
    [
        (GOOD.replace("cost = 2", "cost = 2\ncost = 3"), None, "not valid TOML"),
        (
            GOOD.replace('name = "Test Knight"', 'name = "Test Knight"\ncolour = "red"'),
            "colour",
            "Extra inputs",
        ),
        (GOOD.replace("speed = 2\n", ""), "strength/speed", "needs both"),
        (GOOD.replace('type = "character"', 'type = "creature"'), "type", "character"),
        (GOOD + 'effects = [{ do = "explode", amount = 1 }]\n', "effects[0].do", "unknown verb 'explode'"),
        (
            GOOD + 'effects = [{ do = "damage", amount = 1, target = "charactr" }]\n',
            "effects[0].target",
            "unknown selector word 'charactr'",
        ),
        (
            GOOD + 'effects = [{ do = "modify", stat = "luck", amount = 1, to = "this" }]\n',
            "effects[0].stat",
            "strength or speed",
        ),
        (GOOD + 'effects = [{ on = "sunrise", do = "draw", amount = 1 }]\n', "effects[0].on", "sunrise"),
        (GOOD + 'effects = [{ do = "damage", amount = 1 }]\n', "effects[0]", "needs target or to"),
        (GOOD + 'keywords = ["haste"]\n', "keywords", "should be 'ambush'"),
        (GOOD + GOOD, "id", "duplicate"),
    ],
)
def test_a_malformed_card_file_names_the_file_the_card_and_the_field(
    tmp_path: Path, text: str, field: str | None, why: str
) -> None:
    with pytest.raises(CardDataError) as err:
        load(tmp_path, text)
    message = str(err.value)
    assert "cards/broken.toml" in message and why in message
    if field is not None:
        assert "'test-knight'" in message and field in message


def test_a_spell_with_strength_is_refused(tmp_path: Path) -> None:
    text = GOOD.replace('type = "character"', 'type = "spell"')
    with pytest.raises(
        CardDataError, match=r"broken.toml: card 'test-knight': strength/speed: only characters"
    ):
        load(tmp_path, text)


# ---------------------------------------------------------------------- decks


def test_an_illegal_deck_lists_every_violation() -> None:
    deck = parse_deck_text("4 fire-lance\n3 Fire Lnace\n3 war-ox\n28 field hand\n")
    problems = GAME.validate_deck(deck)
    assert any(
        "unknown card 'Fire Lnace'" in p and "did you mean" in p and "fire" in p.lower() for p in problems
    )
    assert any("38 cards" in p and "exactly 40" in p for p in problems)
    assert any("4 copies of 'Fire Lance'" in p for p in problems)
    assert any("28 copies of 'Field Hand'" in p for p in problems)
    assert len(problems) == 4
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, decks=[deck, "sky-raiders"])
    assert all(p in str(err.value) for p in problems) and "P1" in str(err.value)


def test_a_deck_with_an_unknown_section_or_bad_lines_is_refused() -> None:
    assert any(
        "[sideboard]" in p
        for p in GAME.validate_deck(parse_deck_text("40 field-hand\n[sideboard]\n1 war-ox\n"))
    )
    with pytest.raises(DeckError, match="line 2"):
        parse_deck_text("3 war-ox\nlots of fire-lance\n")
    with pytest.raises(UnknownNameError, match="sky-raiders"):
        GAME.new_game(seed=1, decks=["no-such-deck", "sky-raiders"])


# ---------------------------------------------------------------------- actions


def illegal(s: object, action: object) -> str:
    before = s.to_json()  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)  # type: ignore[attr-defined]
    assert s.to_json() == before  # type: ignore[attr-defined]
    return str(err.value)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    s = scenario(
        Seat(hand=["war-ox", "fire-lance"], farms=2, play=[("hedge-archer", {"tapped": True})]),
        Seat(hand=["quicken"], play=["hedge-knight"], farms=1),
    )
    ox, lance, archer = card(s, "war-ox"), card(s, "fire-lance"), card(s, "hedge-archer")
    assert "not legal now" in illegal(s, Play(ox))  # costs 4, two farms
    assert "P1 to decide: P1's main step" in illegal(s, Play(card(s, "quicken")))  # not P1's card
    illegal(s, Use(archer, 0, card(s, "hedge-knight")))  # sideways
    illegal(s, Attack(card(s, "hedge-knight"), -1))  # (P1) not an attack decision
    illegal(s, Play(lance, 5000))  # no such target
    illegal(s, Resign(7))
    do(s, f"play #{lance} -> P2")
    assert s.stack
    illegal(s, Play(lance, -2))  # already in limbo


def test_text_that_is_no_action_is_refused() -> None:
    s = scenario(Seat(hand=["field-hand"]), Seat())
    with pytest.raises(IllegalActionError, match="not an action of Spell Battle"):
        GAME.parse_action(s, "cast fireball at P2")


def test_no_action_is_legal_once_the_game_is_over() -> None:
    s = scenario(Seat(hand=["field-hand"]), Seat())
    s.apply(Resign(1))
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert "game is over" in illegal(s, Pass())
    assert "game is over" in illegal(s, CallTime())


# ---------------------------------------------------------------------- options and players


@pytest.mark.parametrize("count", [0, 1, 9, "two", 2.0])
def test_bad_player_counts_are_refused(count: object) -> None:
    with pytest.raises(SpellforgeError, match="2 to 8 players"):
        GAME.new_game(seed=1, players=count)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"format": "cube"}, "option format: 'cube' is not one of"),
        ({"teams": "coalition"}, "option teams"),
        ({"team_count": 1, "teams": "alliance"}, "at least 2"),
        ({"team_count": "many"}, "expected int"),
        ({"shared_deck": 5}, "at least 10"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_refused_with_the_option_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(SpellforgeError, match=message):
        GAME.new_game(seed=1, players=4, **options)


def test_options_that_do_not_fit_the_player_count_are_refused() -> None:
    with pytest.raises(SpellforgeError, match="3 players in 2 teams"):
        GAME.new_game(seed=1, players=3, teams="as_one")
    with pytest.raises(SpellforgeError, match="collective pool"):
        GAME.new_game(seed=1, players=3, format="sealed")
    with pytest.raises(SpellforgeError, match="larger than the collective pool"):
        GAME.new_game(seed=1, players=5, format="off_the_top")
    with pytest.raises(SpellforgeError, match="3 players need 3 decks"):
        GAME.new_game(seed=1, players=3, decks=["sky-raiders", "sky-raiders"])
    with pytest.raises(SpellforgeError, match="seed must be an integer"):
        GAME.new_game(seed="seven")  # type: ignore[arg-type]
