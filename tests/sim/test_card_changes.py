"""Changed cards for a batch (``--cards FILE``): an override file changes some fields of a card by its id,
a card file replaces cards; both are checked by the game's card loader, and a bad file is refused with one
line naming the file, the card and the field. ``card_differences`` names what changed."""

from __future__ import annotations

from pathlib import Path

import pytest

import spellforge
from spellforge.cli import main
from spellforge.core.errors import SpellforgeError
from spellforge.sim.configs import Config, card_differences, changes, describe, read_card_changes
from spellforge.sim.simulate import ruleset_with_cards


def write(tmp_path: Path, text: str, name: str = "changes.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_override_changes_only_the_fields_it_names(tmp_path: Path) -> None:
    game = spellforge.find_game("casters")
    path = write(tmp_path, "[cards.cinder-charger]\nattack = 6\n")
    text, name = read_card_changes(game, path)
    changed = ruleset_with_cards(game, text)
    old, new = game.cards["cinder-charger"], changed.cards["cinder-charger"]
    assert name == "changes.toml" and old.attack == 2 and new.attack == 6
    assert (new.name, new.health, new.cost, new.level) == (old.name, old.health, old.cost, old.level)
    assert all(changed.cards[k] == c for k, c in game.cards.items() if k != "cinder-charger")
    assert game.cards["cinder-charger"].attack == 2  # the registered game is left alone
    diff = card_differences(game.cards, changed.cards)
    assert diff == [{"key": "cinder-charger", "name": "Cinder Charger", "fields": {"attack": [2, 6]}}]


def test_a_nested_table_is_changed_key_by_key(tmp_path: Path) -> None:
    game = spellforge.find_game("spellweaver")
    path = write(tmp_path, "[cards.warband-raider]\nlevels.order = 1\nattack = 5\n")
    changed = ruleset_with_cards(game, read_card_changes(game, path)[0]).cards["warband-raider"]
    expected = game.cards["warband-raider"].levels.of({"rage": 1, "order": 1})
    assert changed.attack == 5 and changed.levels == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[cards.cinder-chargr]\nattack = 6\n",
            "changes.toml: card 'cinder-chargr': not a card of Casters (did you mean 'cinder-charger'?)",
        ),
        ("[cards.cinder-charger]\nattack = 'six'\n", "changes.toml: card 'cinder-charger': attack: "),
        ("[cards.cinder-charger]\natack = 6\n", "changes.toml: card 'cinder-charger': atack: "),
        ("[cards.cinder-charger]\nid = 'other'\n", "card 'cinder-charger': id: an override cannot change"),
        ("[cards.cinder-charger]\n", "card 'cinder-charger': changes no field"),
        ("cards = 3\n", "'cards' must hold one table per card"),
        ("[cards.cinder-charger]\nattack = 6\n[[card]]\nid = 'x'\n", "holds both [[card]] tables"),
        ("[cards.cinder-charger\n", "changes.toml: not valid TOML"),
        ("[tweaks.cinder-charger]\nattack = 6\n", "unknown top-level key(s) ['tweaks']"),
    ],
)
def test_a_bad_override_is_refused_naming_file_card_and_field(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(SpellforgeError) as exc:
        read_card_changes(spellforge.find_game("casters"), write(tmp_path, text))
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_an_unknown_field_suggests_the_cards_own(tmp_path: Path) -> None:
    casters = spellforge.find_game("casters")
    with pytest.raises(SpellforgeError, match=r"atack: .* \(did you mean 'attack'\?\)"):
        read_card_changes(casters, write(tmp_path, "[cards.cinder-charger]\natack = 6\n"))
    # a suggestion only for a field the loader refuses
    with pytest.raises(SpellforgeError) as exc:
        read_card_changes(casters, write(tmp_path, "[cards.cinder-charger]\nattack = 'x'\nlevel = 2\n"))
    assert "attack: " in str(exc.value) and "did you mean" not in str(exc.value)


def test_a_bad_card_file_names_the_users_file_not_a_copy(tmp_path: Path) -> None:
    game = spellforge.find_game("casters")
    original = (game.data_dir / "cards" / "minions.toml").read_text()
    path = write(tmp_path, original.replace("attack = 2\n", "attack = 'two'\n", 1), "mine.toml")
    with pytest.raises(SpellforgeError) as exc:
        read_card_changes(game, path)
    assert str(exc.value).startswith(f"{path}: card 'tide-sprite': attack: ")


def test_changes_name_options_cards_decks_and_bots(tmp_path: Path) -> None:
    game = spellforge.find_game("casters")
    text, name = read_card_changes(game, write(tmp_path, "[cards.cinder-charger]\nattack = 6\n"))
    a = Config("base", ["greedy"], ["oblivion-rush", "frozen-tide"], {})
    b = Config("changed", ["random"], ["oblivion-rush", "grave-pact"], {"x": "1"}, text, name)
    change = changes(game, a, b)
    assert change["options"] == {"x": [None, "1"]}
    assert change["decks"] == [["oblivion-rush", "frozen-tide"], ["oblivion-rush", "grave-pact"]]
    assert change["bots"] == [["greedy"], ["random"]]
    assert describe(change) == [
        "option x: None -> '1'",
        "card Cinder Charger (cinder-charger): attack 2 -> 6",
        "decks: oblivion-rush, frozen-tide -> oblivion-rush, grave-pact",
        "bots: greedy -> random",
    ]
    assert changes(game, a, a) == {}


@pytest.mark.parametrize("command", ["simulate", "report"])
def test_the_commands_refuse_a_bad_card_file_with_exit_2(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "[cards.cinder-charger]\nattack = 'six'\n")
    out = ["--out", str(tmp_path / "out")] if command == "report" else []
    code = main([command, "casters", "--bots", "random", "--games", "1", "--cards", str(path), *out])
    err = capsys.readouterr().err
    assert code == 2 and f"{path}: card 'cinder-charger': attack: " in err
    assert not (tmp_path / "out").exists()
