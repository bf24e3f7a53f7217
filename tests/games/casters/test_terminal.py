"""Playing Casters in the terminal: the hot-seat screens never show the other player's face-down cards."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from spellforge.bots import make_bot
from spellforge.cli import main
from spellforge.games.casters.base import HAND, SET
from spellforge.games.casters.state import CastersState
from spellforge.ui.terminal import TerminalGame

from .casters_util import GAME

CARD_REF = re.compile(r"#(\d+)\b")


def scripted(
    state: CastersState, humans: set[int], bots: dict[int, object], prompts: int
) -> tuple[list[tuple[int, str]], int]:
    """Play by always choosing option 1; return (seat, screen text) for each of the humans' prompts."""
    console = Console(record=True, width=160, file=io.StringIO())
    screens: list[tuple[int, str]] = []

    def read(prompt: str) -> str:
        text = console.export_text(clear=True)
        m = re.match(r"P(\d)> ", prompt)
        if m:
            screens.append((int(m.group(1)) - 1, text))
            if len(screens) >= prompts:
                raise EOFError
            return "1"
        return ""  # "take the keyboard and press Enter"

    game = TerminalGame(state, humans, bots, console=console, read=read)  # type: ignore[arg-type]
    return screens, game.run()


@pytest.mark.rules("CA-033", "CA-R13")
def test_hot_seat_screens_never_show_the_other_players_hidden_cards() -> None:
    state = GAME.new_game(seed=1)
    assert isinstance(state, CastersState)
    hidden_seen: list[str] = []

    console = Console(record=True, width=160, file=io.StringIO())
    prompts = 0

    def read(prompt: str) -> str:
        nonlocal prompts
        text = console.export_text(clear=True)
        m = re.match(r"P(\d)> ", prompt)
        if not m:
            return ""
        seat = int(m.group(1)) - 1
        other = 1 - seat
        secret = set(state.zones[SET[other]]) | set(state.zones[HAND[other]])
        hidden_seen.extend(f"#{c}" for c in map(int, CARD_REF.findall(text)) if c in secret)
        prompts += 1
        if prompts >= 150:
            raise EOFError
        return "1"

    TerminalGame(state, {0, 1}, {}, console=console, read=read).run()
    assert prompts >= 150 or state.is_over
    assert hidden_seen == []
    assert any(e.kind == "set" for e in state.events())


def test_against_a_bot_its_set_cards_are_not_named() -> None:
    state = GAME.new_game(seed=2)
    assert isinstance(state, CastersState)
    screens, _ = scripted(state, {0}, {1: make_bot("random", seed=1)}, prompts=40)
    text = "\n".join(t for _, t in screens)
    assert "P2 sets a card face down" in text
    assert not re.search(r"P2 sets .*#\d", text)
    assert all(seat == 0 for seat, _ in screens)


def test_play_command_runs_a_scripted_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("help\n1\n1\n1\nview\n1\nquit\nno\n"))
    assert main(["play", "casters", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Casters, seed 1" in out and "holds the coin" in out and "your hand" in out
    assert "the game was not saved" in out and list(tmp_path.iterdir()) == []
