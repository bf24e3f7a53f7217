"""The CLI works for Casters with nothing Casters-specific in it."""

from __future__ import annotations

import json

import pytest

from spellforge.cli import main


def test_games_lists_casters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert games["casters"]["players"] == [2, 2]


def test_cards_lists_the_pool_with_costs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "casters", "--json", "--type", "stage"]) == 0
    stages = json.loads(capsys.readouterr().out)
    assert len(stages) >= 10 and all(c["cost"] for c in stages)
    assert main(["cards", "casters", "--search", "negate", "--json"]) == 0
    assert {c["name"] for c in json.loads(capsys.readouterr().out)} == {"Hush Warden", "Quell"}
    assert main(["cards", "casters"]) == 0
    assert "Casters: " in capsys.readouterr().out


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "casters", "--bots", "random,random", "--games", "8", "--seed", "3", "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 8 and data["errors"] == 0 and sum(data["wins"]) + data["draws_or_unfinished"] == 8


def test_deck_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "list", "casters"]) == 0
    out = capsys.readouterr().out
    assert "Frozen Tide" in out and "Oblivion Rush" in out


def test_replay_of_a_saved_game(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from spellforge.games import find_game

    game = find_game("casters")
    state = game.new_game(seed=6)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.to_json()))
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "casters" and summary["actions"] == 30
