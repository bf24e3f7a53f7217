"""Card files: a malformed SPELLFIRE card fails at load naming file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.core.errors import CardDataError
from spellforge.games.spellfire import cards as card_data

CHAMPION = """[[card]]
id = "odd-knight"
name = "Odd Knight"
type = "champion"
number = 901
world = "greyhawk"
class = "hero"
level = 5
text = "A level 5 hero."
"""


def load(tmp_path: Path, text: str) -> dict[str, card_data.SpellfireCard]:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return card_data.load([path])


def test_a_card_loads_with_the_fields_every_card_has(tmp_path: Path) -> None:
    knight = load(tmp_path, CHAMPION)["odd-knight"]
    assert (knight.key, knight.name, knight.type, knight.text) == (
        "odd-knight",
        "Odd Knight",
        "champion",
        "A level 5 hero.",
    )
    assert (knight.card_class, knight.level, knight.source) == ("hero", 5, f"{tmp_path.name}/cards.toml")


@pytest.mark.rules("SF-024", "SF-018", "SF-270", "SF-K13")
@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ('world = "greyhawk"\n', ""),
            "card 'odd-knight': world: champions, artifacts, realms and holdings have a world",
        ),
        (
            ('class = "hero"\n', ""),
            "card 'odd-knight': class: a champion has one of the seven classes (SF-018)",
        ),
        (
            ("level = 5\n", "level = 5\navatar = true\n"),
            "card 'odd-knight': avatar: an avatar has an entry condition",
        ),
        (
            ("text =", 'effects = [{ do = "wall" }]\ntext ='),
            "card 'odd-knight': effects[0].do: 'wall' is a power of wizard_spell, cleric_spell cards",
        ),
        (
            ("text =", 'effects = [{ do = "attack_only_by", traits = "flyer|orc" }]\ntext ='),
            "card 'odd-knight': effects[0].do: 'attack_only_by' is a power of realm cards",
        ),
        (
            ("text =", 'keywords = ["flyer"]\ntext ='),
            "card 'odd-knight': keywords: a card's keywords are read from",
        ),
        (("text =", "keywords = []\ntext ="), "card 'odd-knight': keywords: a card's keywords are read from"),
    ],
)
def test_errors_name_file_card_and_field(tmp_path: Path, change: tuple[str, str], expected: str) -> None:
    with pytest.raises(CardDataError) as err:
        load(tmp_path, CHAMPION.replace(*change))
    assert str(err.value).startswith(f"{tmp_path.name}/cards.toml: {expected}")


def test_keywords_are_read_from_traits_and_powers(tmp_path: Path) -> None:
    flyer = CHAMPION.replace("text =", 'traits = ["flyer"]\neffects = [{ do = "immune" }]\ntext =')
    assert load(tmp_path, flyer)["odd-knight"].keywords == {"flyer", "immune"}
