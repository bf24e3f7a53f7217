"""``simulate --decks`` gives each bot slot its deck (it moves with the slot as seats rotate, so the wins per
bot are the wins per deck) and ``--cards`` plays with changed cards; a bad deck list or card file is
refused before any game, with exit status 2 from the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spellforge.cli import main
from spellforge.core.errors import SpellforgeError
from spellforge.sim.simulate import game_seed, play_game, simulate


def test_each_deck_moves_with_its_bot() -> None:
    result = simulate("spellbattle", ["random"], 6, seed=4, decks=["sky-raiders", "ambush-court"])
    assert result.bots == ["random", "random"] and result.decks == ["sky-raiders", "ambush-court"]
    for i in range(6):
        game = play_game(
            "spellbattle",
            ["random", "random"],
            game_seed(4, i),
            i,
            decks=["sky-raiders", "ambush-court"],
            card_stats=True,
        )
        # seat s plays the deck of the slot that sits there: slot 0 (sky-raiders) moves round the table
        assert game.decks == [["sky-raiders", "ambush-court"][slot] for slot in game.slots]
    assert sum(result.wins) + result.draws_or_unfinished + result.errors == 6


def test_decks_and_bots_must_agree() -> None:
    with pytest.raises(SpellforgeError, match="3 decks for 2 bots"):
        simulate(
            "spellbattle", ["random", "greedy"], 1, decks=["sky-raiders", "ambush-court", "plague-wardens"]
        )
    with pytest.raises(SpellforgeError, match="no-such-deck"):
        simulate("spellbattle", ["random"], 1, decks=["sky-raiders", "no-such-deck"])


def test_the_command_takes_decks_and_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "squire.toml"
    cards.write_text("[cards.ash-squire]\nstrength = 6\n")
    argv = [
        "simulate",
        "spellbattle",
        "--bots",
        "random",
        "--games",
        "4",
        "--decks",
        "bonded-warband,plague-wardens",
    ]
    assert main([*argv, "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*argv, "--cards", str(cards), "--json"]) == 0
    changed = json.loads(capsys.readouterr().out)
    assert plain["decks"] == changed["decks"] == ["bonded-warband", "plague-wardens"]
    assert plain["cards"] == "" and changed["cards"] == "squire.toml"
    assert main(argv) == 0
    assert "random (bonded-warband)" in capsys.readouterr().out
    assert main([*argv[:-1], "bonded-warband,nope"]) == 2
    assert "nope" in capsys.readouterr().err


def test_a_log_of_other_cards_is_not_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "squire.toml"
    cards.write_text("[cards.ash-squire]\nstrength = 6\n")
    log = tmp_path / "games.jsonl"
    argv = ["simulate", "spellbattle", "--bots", "random", "--games", "2", "--log", str(log), "--json"]
    assert main([*argv, "--cards", str(cards)]) == 0
    capsys.readouterr()
    cards.write_text("[cards.ash-squire]\nstrength = 7\n")
    assert main([*argv, "--cards", str(cards), "--resume"]) == 2
    assert "a game of another batch" in capsys.readouterr().err
