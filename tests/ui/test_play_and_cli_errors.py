"""The command line met as a new user meets it: ``play --save`` and ``play --resume``, every numeric
argument checked (exit 2 and one line, never a traceback), a closed pipe, and an interrupted batch."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spellforge.cli import main
from spellforge.ui.terminal import load_saved


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    return run(capsys, "play", *argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["bench", "casters", "--runs", "0"],
        ["bench", "casters", "--runs", "-2"],
        ["bench", "casters", "--seconds", "-1"],
        ["bench", "casters", "--seconds", "0"],
        ["bench", "casters", "--seconds", "nan"],
        ["bench", "casters", "--seconds", "inf"],
        ["bench", "casters", "--runs", "two"],
        ["simulate", "casters", "--bots", "random", "--workers", "0"],
        ["simulate", "casters", "--bots", "random", "--games", "0"],
        ["simulate", "casters", "--bots", "random", "--games", "-5"],
        ["simulate", "casters", "--bots", "random", "--players", "0"],
        ["simulate", "casters", "--bots", "random", "--seed", "x"],
        ["simulate", "casters", "--bots", "random", "--seed", "-5"],
        ["simulate", "casters", "--bots", "random", "--seed", str(2**64)],
        ["tournament", "casters", "--bots", "random,greedy", "--seed", "-1"],
        ["report", "casters", "--seed", "-1", "--out", "r"],
        ["report", "casters", "--players", "0", "--out", "r"],
        ["bench", "casters", "--seed", "-1"],
        ["play", "casters", "--seed", "-4"],
        ["tournament", "casters", "--bots", "random,greedy", "--games", "0"],
        ["tournament", "casters", "--bots", "random,greedy", "--workers", "0"],
        ["tournament", "casters", "--bots", "random,greedy", "--players", "-1"],
        ["play", "casters", "--players", "0"],
        ["play", "casters", "--hotseat", "0"],
        ["play", "casters", "--seat", "0"],
        ["play", "casters", "--seat", "3"],
        ["play", "casters", "--save", ""],
        ["cards", "casters", "--type", "nosuch"],
    ],
)
def test_a_bad_number_is_a_clear_error_with_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "error:" in err and "Traceback" not in err
    option = next((a for a in argv if a.startswith("--") and a != "--bots"), None)
    assert option is not None and option in err, err


def test_save_to_a_bad_path_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for bad, why in (
        (f"{tmp_path}/missing/game.json", "there is no folder"),
        (str(tmp_path), "is a folder"),
    ):
        code, out, err = play(monkeypatch, capsys, "1\n", "casters", "--vs", "random", "--save", bad)
        assert code == 2 and why in err and "Traceback" not in err
        assert "P1>" not in out  # refused before the first move


def test_save_expands_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    code, _, _ = play(
        monkeypatch, capsys, "1\nquit\n", "casters", "--seed", "1", "--vs", "random", "--save", "~/g.json"
    )
    assert code == 0
    state, setup = load_saved(tmp_path / "g.json")
    assert state.history() and setup == {"humans": [0], "vs": "random"}


def test_a_saved_game_is_resumed_where_it_was_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    code, out, _ = play(
        monkeypatch,
        capsys,
        "1\n1\n1\nquit\n",
        "spellbattle",
        "--seed",
        "7",
        "--vs",
        "random",
        "--save",
        str(path),
    )
    assert code == 0 and f"play --resume {path}" in out
    before, _ = load_saved(path)
    moves = [str(a) for a in before.history()]
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and f"play --resume {path}" in err

    code, out, _ = play(monkeypatch, capsys, "1\nconcede\n", "--resume", str(path))
    assert code == 0 and "resumed from" in out and f"turn {before.turn}" in out
    after, setup = load_saved(path)  # it went on saving to the same file
    assert [str(a) for a in after.history()][: len(moves)] == moves
    assert len(after.history()) > len(moves)
    assert after.outcome is not None and after.outcome.reason == "resignation" and setup["vs"] == "random"
    code, _, err = run(capsys, "play", "--resume", str(path))
    assert code == 2 and "that game is over" in err


def test_resume_refuses_what_would_contradict_the_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    play(monkeypatch, capsys, "quit\n", "casters", "--seed", "2", "--vs", "random", "--save", str(path))
    code, _, err = run(capsys, "play", "spellbattle", "--resume", str(path))
    assert code == 2 and "is a game of Casters" in err
    code, _, err = run(capsys, "play", "--resume", str(path), "--seed", "3")
    assert code == 2 and "--seed" in err
    (tmp_path / "bad.json").write_text("{")
    code, _, err = run(capsys, "play", "--resume", str(tmp_path / "bad.json"))
    assert code == 2 and "not JSON" in err
    code, _, err = run(capsys, "play", "--resume", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in err
    code, _, err = run(capsys, "play")
    assert code == 2 and "which game?" in err


def test_a_record_from_a_batch_can_be_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from spellforge import find_game

    game = find_game("casters")
    state = game.new_game(seed=3)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game.record(state)))
    code, out, _ = play(monkeypatch, capsys, "quit\n", "--resume", str(path), "--vs", "random")
    assert code == 0 and "resumed from" in out


def test_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "spellforge.cli", "cards", "spellbattle", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # as `| head` does once it has read enough
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipe" not in err and err == ""


def test_an_interrupted_batch_says_what_was_lost_and_points_to_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: Any, progress: Any = None, **kwargs: Any) -> Any:
        progress(3, 10)
        raise KeyboardInterrupt

    monkeypatch.setattr("spellforge.sim.simulate", interrupted)
    code, out, err = run(capsys, "simulate", "casters", "--bots", "random", "--games", "10", "--json")
    assert code == 130 and out == ""
    assert "interrupted after 3 of 10 games" in err and "--log FILE" in err
    log = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys, "simulate", "casters", "--bots", "random", "--games", "10", "--log", str(log)
    )
    assert code == 130 and str(log) in err and "--resume" in err


def test_ctrl_c_in_a_saved_game_says_how_to_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1"])

    def read(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", read)
    path = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "casters", "--seed", "1", "--vs", "random", "--save", str(path))
    assert code == 130 and "interrupted" in err and f"play --resume {path}" in out
    assert load_saved(path)[0].history()


# ---------------------------------------------------------------------- leaving a game before its end


def test_ctrl_d_keeps_the_game_in_a_new_file_and_says_how_to_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "casters-1.json").write_text("a file of the user's, not to be written over")
    code, out, err = play(monkeypatch, capsys, "1\n", "casters", "--seed", "1", "--vs", "random")
    assert code == 0 and err == ""
    assert "saved to casters-1-2.json: 'spellforge play --resume casters-1-2.json' plays on" in out
    assert (tmp_path / "casters-1.json").read_text().startswith("a file of the user's")
    state, setup = load_saved(tmp_path / "casters-1-2.json")
    assert state.history() and setup == {"humans": [0], "vs": "random"}
    code, out, _ = play(monkeypatch, capsys, "concede\n", "--resume", "casters-1-2.json")
    assert code == 0 and "resumed from casters-1-2.json" in out


@pytest.mark.parametrize(
    ("answer", "kept"),
    [("\n", "casters-4.json"), ("mine.json\n", "mine.json"), ("no\n", None), ("", "casters-4.json")],
)
def test_quit_offers_to_save_and_exits_0(
    answer: str,
    kept: str | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = play(
        monkeypatch, capsys, "1\nquit\n" + answer, "casters", "--seed", "4", "--vs", "random"
    )
    assert code == 0 and err == ""
    assert "Save the game to play on later? Enter saves it to casters-4.json" in out
    if kept is None:
        assert "the game was not saved" in out and list(tmp_path.iterdir()) == []
    else:
        assert f"saved to {kept}: 'spellforge play --resume {kept}' plays on" in out
        assert [p.name for p in tmp_path.iterdir()] == [kept] and load_saved(tmp_path / kept)[0].history()


def test_leaving_a_game_never_begun_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = play(monkeypatch, capsys, "", "casters", "--seed", "1", "--vs", "random")
    assert code == 0 and "nothing to save" in out and list(tmp_path.iterdir()) == []


def test_the_end_of_input_at_the_hot_seat_hand_over_leaves_cleanly(tmp_path: Path) -> None:
    from rich.console import Console

    from spellforge import find_game
    from spellforge.ui.terminal import TerminalGame

    console = Console(record=True, width=80, file=io.StringIO())
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        if "take the keyboard" in prompt:
            raise EOFError
        return "1"

    keep = tmp_path / "kept.json"
    state = find_game("casters").new_game(seed=1)
    assert TerminalGame(state, {0, 1}, {}, console=console, read=read, keep=keep).run() == 0
    assert "take the keyboard" in asked[-1] and f"saved to {keep}" in console.export_text()
    state = find_game("casters").new_game(seed=1)
    assert TerminalGame(state, {0, 1}, {}, console=console, read=read).run() == 0
    assert console.export_text().rstrip().endswith("the game was not saved")
