"""Card files are validated at load time; every error names the file, the card and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

from spellforge.core.cardfiles import CardFields, Common, load_card_files
from spellforge.core.cards import CardDef, EffectVocabulary, VerbSpec
from spellforge.core.errors import CardDataError
from spellforge.core.selectors import SelectorVocabulary


class Model(CardFields):
    type: Literal["unit", "trick"]
    power: int = 0


VOCAB = EffectVocabulary(
    verbs={
        "damage": VerbSpec(needs="target|to"),
        "draw": VerbSpec(),
        "boost": VerbSpec(params={"stat": str}),
    },
    selectors=SelectorVocabulary(nouns=frozenset({"unit"})),
    triggers=frozenset({"enters"}),
    replaceable=frozenset({"destroyed"}),
    activation={"tap": bool},
)


def build(m: Model, common: Common) -> CardDef:
    return CardDef(**common)


def load(tmp_path: Path, text: str) -> dict[str, CardDef]:
    path = tmp_path / "set.toml"
    path.write_text(text)
    return load_card_files([path], Model, VOCAB, build)


def test_a_good_file_loads_and_groups_abilities(tmp_path: Path) -> None:
    cards = load(
        tmp_path,
        """
[[card]]
id = "a"
name = "A"
type = "unit"
effects = [
  { do = "damage", amount = 1, target = "unit" },
  { on = "enters", do = "draw" },
  { activate = { tap = true }, do = "draw" },
  { static = true, do = "boost", stat = "power", amount = 1, to = "your units" },
  { instead = "destroyed", do = "draw" },
]
""",
    )
    a = cards["a"]
    assert [len(g) for g in (a.on_resolve, a.triggered, a.activated, a.statics, a.replacements)] == [
        1,
        1,
        1,
        1,
        1,
    ]
    assert a.statics[0].param("stat") == "power" and a.activated[0].cost("tap") is True


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('[[card]]\nid = "a"\nname = "A"\ntype = "hero"\n', "card 'a': type"),
        ('[[card]]\nid = "a"\nname = "A"\ntype = "unit"\ncolour = 1\n', "card 'a': colour"),
        (
            '[[card]]\nid = "Big A"\nname = "A"\ntype = "unit"\n',
            "card 'Big A': id: String should match pattern",
        ),
        ('[[card]]\nid = "a"\nname = ""\ntype = "unit"\n', "card 'a': name: String should have at least 1"),
        ('[[card]]\nid = "a"\nname = "A"\ntype = "unit"\npower = "x"\n', "card 'a': power"),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\neffects = [{ do = "explode" }]\n',
            "effects[0].do: unknown verb",
        ),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\neffects = [{ do = "damage" }]\n',
            "needs target or to",
        ),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\neffects = [{ do = "damage", target = "dragon" }]\n',
            "effects[0].target: unknown selector word 'dragon'",
        ),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\neffects = [{ do = "draw", on = "dies" }]\n',
            "effects[0].on",
        ),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\neffects = [{ do = "draw", amount = "2" }]\n',
            "effects[0].amount",
        ),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\neffects = [{ do = "draw", colour = 1 }]\n',
            "effects[0].colour",
        ),
        ("[[card]\nid = 1", "not valid TOML"),
        ("[deck]\nx = 1\n", "unknown top-level key"),
        (
            '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\n[[card]]\nid = "a"\nname = "B"\ntype = "unit"\n',
            "duplicate card id",
        ),
    ],
)
def test_errors_name_file_card_and_field(tmp_path: Path, body: str, expected: str) -> None:
    with pytest.raises(CardDataError) as err:
        load(tmp_path, body)
    message = str(err.value)
    assert message.startswith(f"{tmp_path.name}/set.toml")
    assert expected in message


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read"):
        load_card_files([tmp_path / "missing.toml"], Model, VOCAB, build)


def _needs_an_effect(card: CardDef) -> None:
    if card.type == "trick" and not card.effects:
        raise ValueError("effects: a trick needs an effect")


def test_core_fills_the_fields_every_card_has(tmp_path: Path) -> None:
    path = tmp_path / "set.toml"
    path.write_text('[[card]]\nid = "a"\nname = "A"\ntype = "unit"\ntext = "Swift."\nkeywords = ["swift"]\n')
    a = load_card_files([path], Model, VOCAB, build, validate=_needs_an_effect)["a"]
    assert (a.key, a.name, a.type, a.text, a.keywords) == ("a", "A", "unit", "Swift.", frozenset({"swift"}))
    assert a.source == f"{tmp_path.name}/set.toml"


def test_a_rule_on_the_built_card_names_file_card_and_field(tmp_path: Path) -> None:
    path = tmp_path / "set.toml"
    path.write_text(
        '[[card]]\nid = "a"\nname = "A"\ntype = "unit"\n[[card]]\nid = "b"\nname = "B"\ntype = "trick"\n'
    )
    with pytest.raises(CardDataError) as err:
        load_card_files([path], Model, VOCAB, build, validate=_needs_an_effect)
    assert str(err.value) == f"{tmp_path.name}/set.toml: card 'b': effects: a trick needs an effect"
