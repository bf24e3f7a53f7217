"""Card files: the pool loads, and every malformed card fails at load naming file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.core.errors import CardDataError
from spellforge.games.casters import cards as card_data

from .casters_util import GAME

MINION = """[[card]]
id = "odd-golem"
name = "Odd Golem"
type = "minion"
class = "blue"
level = 2
cost = "Free Summon"
attack = 2
health = 3
"""


def load(tmp_path: Path, text: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    card_data.load([path])


@pytest.mark.rules("CA-007", "CA-002", "CA-003", "CA-005", "CA-006")
def test_the_pool_has_three_card_types_each_with_its_fields() -> None:
    cards = GAME.cards
    assert {c.type for c in cards.values()} == {"minion", "spell", "stage"}
    main = [c for c in cards.values() if c.type != "stage"]
    stages = [c for c in cards.values() if c.type == "stage"]
    assert len(main) >= 40 and len(stages) >= 10
    for c in cards.values():
        assert c.cost and c.text and c.card_class in ("blue", "purple")
        if c.type == "minion":
            assert c.level >= 1 and c.health >= 1
        if c.type == "stage":
            assert c.level >= 1
        if c.type == "spell":
            assert c.level == 0 and c.effects


@pytest.mark.rules("CA-007")
def test_a_fourth_card_type_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(
        CardDataError,
        match=r"cards.toml: card 'odd-golem': type: Input should be 'minion', 'spell' or 'stage'",
    ):
        load(tmp_path, MINION.replace('type = "minion"', 'type = "artifact"'))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("attack = 2\n", ""), "level/attack/health: a minion needs all three"),
        (('class = "blue"', 'class = "green"'), "class: Input should be 'blue' or 'purple'"),
        (("health = 3", "health = 3\nspeed = 2"), "speed: Extra inputs are not permitted"),
        (('cost = "Free Summon"', 'cost = "Free Mana"'), "cost: cannot read cost"),
        (("health = 3", 'health = 3\nkeywords = ["passive"]'), "keywords: only a spell can be Passive"),
        (("health = 3", 'health = 3\nkeywords = ["flying"]'), "keywords.0: Input should be"),
        (
            ("health = 3", 'health = 3\neffects = [{ on = "play", do = "explode" }]'),
            "effects[0].do: unknown verb 'explode'",
        ),
        (
            ("health = 3", 'health = 3\neffects = [{ on = "sunrise", do = "draw" }]'),
            "effects[0].on: unknown event 'sunrise'",
        ),
        (
            ("health = 3", 'health = 3\neffects = [{ on = "play", do = "draw", colour = "red" }]'),
            "effects[0].colour: unknown field for verb 'draw'",
        ),
        (
            (
                "health = 3",
                'health = 3\neffects = [{ on = "play", do = "damage", amount = 1, target = "dragon" }]',
            ),
            "effects[0].target: unknown selector word 'dragon'",
        ),
        (
            (
                "health = 3",
                'health = 3\neffects = [{ static = true, do = "modify", stat = "speed", amount = 1, to = "this" }]',
            ),
            "effects[0].stat: must be attack or health",
        ),
        (
            ("health = 3", 'health = 3\neffects = [{ on = "death", do = "resummon", pay = "Pay 2 gold" }]'),
            "effects[0].pay: cannot read cost",
        ),
        (
            (
                "health = 3",
                'health = 3\neffects = [{ activate = { tap = true, when = "dusk" }, do = "draw" }]',
            ),
            "effects[0].activate.when: must be one of",
        ),
        (
            ("health = 3", 'health = 3\neffects = [{ on = "revealed", do = "draw" }]'),
            "effects[0].on: only a Stage is revealed into play",
        ),
    ],
)
def test_malformed_cards_fail_at_load_with_file_card_and_field(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    with pytest.raises(CardDataError) as err:
        load(tmp_path, MINION.replace(*change))
    text = str(err.value)
    assert text.startswith(f"{tmp_path.name}/cards.toml: card 'odd-golem': "), text
    assert message in text


def test_spell_rules_are_checked(tmp_path: Path) -> None:
    spell = '[[card]]\nid = "odd-spell"\nname = "Odd Spell"\ntype = "spell"\nclass = "blue"\ncost = "Free"\ntext = "x"\n'
    with pytest.raises(CardDataError, match="a spell needs at least one effect"):
        load(tmp_path, spell)
    with pytest.raises(CardDataError, match="level: spells have no Level"):
        load(
            tmp_path,
            spell.replace('cost = "Free"', 'cost = "Free"\nlevel = 2') + 'effects = [{ do = "draw" }]\n',
        )
    with pytest.raises(CardDataError, match="an Equip spell has only its Equip: line"):
        load(
            tmp_path,
            spell
            + 'effects = [{ do = "draw" }, { static = true, do = "modify", stat = "attack", amount = 1, equip = true }]\n',
        )


def test_not_toml_and_duplicates_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="not valid TOML"):
        load(tmp_path, MINION.replace('name = "Odd Golem"', "name = "))
    with pytest.raises(CardDataError, match="id: duplicate card id"):
        load(tmp_path, MINION + "\n" + MINION)
