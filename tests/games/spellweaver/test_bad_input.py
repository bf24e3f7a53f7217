"""Bad input gets a clear error and changes nothing: card files, decks, actions, the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spellforge import IllegalActionError, find_game
from spellforge.cli import main
from spellforge.core.errors import CardDataError
from spellforge.games.spellweaver import cards as card_data
from spellforge.games.spellweaver.actions import Attack, Block, Play

from .helpers import Side, build

GAME = find_game("spellweaver")

GOOD = """
[[card]]
id = "test-imp"
name = "Test Imp"
type = "creature"
aspect = "rage"
cost = 1
levels = { rage = 1 }
speed = 1
attack = 1
hp = 1
text = "A test."
"""


def load(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    card_data.load([path])


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("hp = 1\n", ""), "card 'test-imp': speed/attack/hp: a creature needs all three"),
        (('text = "A test."', 'text = "A test."\ncolour = "red"'), "card 'test-imp': colour"),
        (('text = "A test."', 'text = "A test."\nkeywords = ["flyng"]'), "card 'test-imp': keywords.0"),
        (("levels = { rage = 1 }", "levels = { fire = 1 }"), "levels.fire: unknown aspect"),
        (
            ('text = "A test."', 'text = "A test."\neffects = [{ do = "explode" }]'),
            "effects[0].do: unknown verb 'explode'",
        ),
        (
            (
                'text = "A test."',
                'text = "A test."\neffects = [{ do = "damage", amount = 1, target = "goblin" }]',
            ),
            "effects[0].target: unknown selector word 'goblin'",
        ),
        (
            (
                'text = "A test."',
                'text = "A test."\neffects = [{ do = "modify", stat = "luck", amount = 1, to = "this" }]',
            ),
            "effects[0].stat: must be one of attack, hp, speed",
        ),
        (
            ('text = "A test."', 'text = "A test."\neffects = [{ do = "draw", on = "sunrise" }]'),
            "effects[0].on: unknown event 'sunrise'",
        ),
        (
            ('text = "A test."', 'text = "A test."\neffects = [{ do = "draw", activate = { energy = 1 } }]'),
            "activate.energy: the card has no energy rating",
        ),
        (
            ('text = "A test."', 'text = "A test."\neffects = [{ do = "draw", static = true }]'),
            "effects[0].static: only modify and grant can be static",
        ),
        (
            (
                'text = "A test."',
                'text = "A test."\neffects = [{ static = true, do = "modify", stat = "attack", amount = 1, '
                'to = "your support creatures" }]',
            ),
            "effects[0].to: a static names the creatures in play it changes, or the attached creature",
        ),
        (('type = "creature"', 'type = "wizard"'), "card 'test-imp': type"),
    ],
)
def test_a_malformed_card_names_file_card_and_field(
    tmp_path: Path, edit: tuple[str, str], message: str
) -> None:
    with pytest.raises(CardDataError) as err:
        load(tmp_path, GOOD.replace(*edit, 1))
    assert "bad.toml" in str(err.value) and message in str(err.value)


def test_a_bad_skill_effect_is_named_too(tmp_path: Path) -> None:
    hero = """
[[card]]
id = "test-hero"
name = "Test Hero"
type = "hero"
text = "x"
skill = { name = "Oops", cost = 1, cooldown = 1, text = "x", effects = [{ do = "teleport" }] }
"""
    with pytest.raises(CardDataError, match=r"card 'test-hero': skill\.effects\[0\]\.do: unknown verb"):
        load(tmp_path, hero)


def test_duplicates_and_broken_toml(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="duplicate card id"):
        load(tmp_path, GOOD + GOOD)
    with pytest.raises(CardDataError, match="not valid TOML"):
        load(tmp_path, "[[card]\nid = ")
    load(tmp_path, GOOD)  # and the good one loads


def test_an_illegal_action_changes_nothing() -> None:
    sc = build(
        Side(combat=["a:ember-imp"], hand=["v:ember-volley"]),
        Side(combat=["x:crypt-crawler"]),
        phase="combat",
    )
    s = sc.state
    before = json.dumps(s.to_json())
    for bad in (Play(sc["v"]), Block(sc["x"], sc["a"]), Attack(sc["x"], -1), Attack(sc["a"], 999)):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        assert json.dumps(s.to_json()) == before
    for text in ("attack the castle", "play #", "clock P9 x"):
        with pytest.raises(IllegalActionError):
            GAME.parse_action(s, text)


def test_a_scenario_with_an_unknown_card_fails_clearly() -> None:
    with pytest.raises(ValueError, match="unknown card 'no-such-card'"):
        build(Side(hand=["no-such-card"]))


def test_the_command_line_lists_every_deck_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "bad.toml"
    deck.write_text('name = "Bad"\n[cards]\n"ash-hound" = 6\n"nope" = 1\n')
    assert main(["deck", "validate", "spellweaver", str(deck)]) == 1
    out = capsys.readouterr().out
    for needle in ("hero: missing", "unknown card 'nope'", "6 copies of 'Ash Hound'"):
        assert needle in out
    good = Path(GAME.data_dir) / "decks" / "stampede.toml"
    assert main(["deck", "validate", "spellweaver", str(good)]) == 0
