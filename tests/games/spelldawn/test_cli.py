"""The CLI for Spelldawn: play a side, simulate with per-side results, the terminal hides face-down cards."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from spellforge import find_game
from spellforge.cli import main
from spellforge.ui.terminal import TerminalGame

CARD_REF = re.compile(r"#(\d+)\b")


def test_play_as_the_champion(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # a game left without --save may be kept in the current folder
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\n1\n1\nquit\nno\n"))
    assert main(["play", "spelldawn", "--side", "champion", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Spelldawn, seed 1" in out and "P2>" in out and "P1>" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "spelldawn", "--side", "wizard"], "--side must be one of overlord, champion"),
        (["play", "casters", "--side", "champion"], "has no sides"),
    ],
)
def test_bad_sides_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_simulate_reports_wins_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "spelldawn", "--bots", "random,random", "--games", "6", "--seed", "2", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["errors"] == 0 and set(data["role_wins"]) == {"overlord", "champion"}
    assert sum(data["role_wins"].values()) + data["draws_or_unfinished"] == 6
    # A is the Overlord in even games: each bot played each side three times
    assert [b["overlord"]["games"] for b in data["bot_roles"]] == [3, 3]
    assert [b["champion"]["games"] for b in data["bot_roles"]] == [3, 3]
    assert sum(b[r]["wins"] for b in data["bot_roles"] for r in b) == sum(data["wins"])
    assert main([*argv, "--fixed-seats"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bot_roles"][0]["overlord"]["games"] == 6


def test_hot_seat_screens_never_show_the_others_hidden_cards() -> None:
    game = find_game("spelldawn")
    state = game.new_game(seed=5)
    console = Console(record=True, width=160, file=io.StringIO())
    leaks: list[str] = []
    prompts = 0

    def read(prompt: str) -> str:
        nonlocal prompts
        text = console.export_text(clear=True)
        m = re.match(r"P(\d)> ", prompt)
        if not m:
            return ""
        seat = int(m.group(1)) - 1
        for c in map(int, CARD_REF.findall(text)):
            if c < len(state.defs) and not state.can_see(seat, c):
                leaks.append(f"P{seat + 1} saw #{c}")
        prompts += 1
        if prompts >= 120:
            raise EOFError
        return "1"

    TerminalGame(state, {0, 1}, {}, console=console, read=read).run()
    assert prompts >= 120 or state.is_over
    assert leaks == []


def test_doctests() -> None:
    from spellforge.games.spelldawn import scenario
    from tests.test_doctests import run_examples

    result = run_examples(scenario)  # read from its source: compiled, the module keeps no docstrings
    assert result.attempted > 0 and result.failed == 0
