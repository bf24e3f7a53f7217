"""The CLI works for SPELLFIRE with nothing SPELLFIRE-specific in it: 2-6 players, bots, bad decks."""

from __future__ import annotations

import json

import pytest

from spellforge.cli import main


def test_games_lists_spellfire(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["spellfire"]["players"] == [2, 6]


@pytest.mark.parametrize("players", ["3", "6"])
def test_simulate_multiplayer(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "spellfire", "--bots", "random,greedy", "--games", "2", "--seed", "3", "--json"]
    assert main([*args, "--players", players, "--verify-replays"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["errors"] == 0 and data["draws_or_unfinished"] == 0 and sum(data["wins"]) == 2


def test_simulate_75_card_format(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "spellfire", "--bots", "random,random", "--games", "3", "--seed", "2", "--json"]
    assert main([*args, "--option", "deck_size=75"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["errors"] == 0 and sum(data["wins"]) == 3


def test_a_bad_deck_file_lists_every_problem(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.txt"
    path.write_text("2 Hired Swords\n25 Mistwood Dale\n1 Nowhere Keep\n")
    assert main(["deck", "validate", "spellfire", str(path)]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Nowhere Keep" in text and "Hired Swords" in text and "Mistwood Dale" in text


def test_deck_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "list", "spellfire"]) == 0
    out = capsys.readouterr().out
    assert "Forgotten Realms Coast Raiders" in out and "Marches of Oerth (75)" in out


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "spellfire", "--bots", "random,random", "--games", "1", "--players", "7"]) == 2
    assert (
        main(["simulate", "spellfire", "--bots", "random,random", "--games", "1", "--option", "deck_size=60"])
        == 2
    )
    err = capsys.readouterr().err
    assert "2 to 6" in err and "deck_size" in err
