"""The ``spellforge`` command: every subcommand runs, prints what it promises, and bad input exits 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spellforge.cli import main
from spellforge.sim.simulate import wilson_interval


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_spell_battle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0 and "spellbattle" in json.loads(out)


def test_simulate_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "spellbattle", "--bots", "random,random", "--games", "6", "--seed", "1", "--json"
    )
    data = json.loads(out)
    assert code == 0
    for key in (
        "game",
        "games",
        "seed",
        "bots",
        "wins",
        "draws_or_unfinished",
        "errors",
        "avg_turns",
        "avg_decisions",
        "seconds",
        "games_per_second",
    ):
        assert key in data
    assert data["bots"] == ["random", "random"] and data["games"] == 6 and data["errors"] == 0
    assert sum(data["wins"]) + data["draws_or_unfinished"] == 6
    for wins, (lo, hi) in zip(data["wins"], data["win_rate_ci95"], strict=True):  # 95% Wilson, per bot
        assert lo <= wins / 6 <= hi and [lo, hi] == [round(x, 4) for x in wilson_interval(wins, 6)]
        assert 0 < hi - lo < 0.75  # six games say little, but something


def test_simulate_is_reproducible_and_takes_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "simulate",
        "spellbattle",
        "--bots",
        "random",
        "--games",
        "3",
        "--seed",
        "4",
        "--players",
        "4",
        "--option",
        "teams=as_one",
        "--json",
    )
    _, a, _ = run(capsys, *args)
    _, b, _ = run(capsys, *args)

    def strip(text: str) -> dict[str, object]:
        return {k: v for k, v in json.loads(text).items() if "second" not in k and k != "mean_decision_ms"}

    assert strip(a) == strip(b) and json.loads(a)["options"] == {"teams": "as_one"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess", "--bots", "random"], "unknown game 'chess'"),
        (["simulate", "spellbattle", "--bots", "random,wizard"], "unknown bot 'wizard'"),
        (["simulate", "spellbattle", "--bots", "random:speed=3"], "bad parameter"),
        (["simulate", "spellbattle", "--bots", "ismcts:seconds=nan"], "seconds must be a finite number"),
        (["tournament", "casters", "--bots", "greedy:depth=-1,random"], "depth must be 0 or more"),
        (["play", "spellweaver", "--vs", "ismcts:pass_bias=1.5"], "pass_bias must be between 0 and 1"),
        (["simulate", "spellbattle", "--bots", "random", "--option", "teams"], "KEY=VALUE"),
        (
            ["simulate", "spellbattle", "--bots", "random", "--option", "colour=red"],
            "unknown option 'colour'",
        ),
        (["simulate", "spellbattle", "--bots", "random", "--players", "9"], "2 to 8 players"),
        (["simulate", "spellbattle", "--bots", "random", "--games", "0"], "at least 1"),
        (["cards", "nope"], "unknown game"),
        (["replay", "/nonexistent/game.json"], "cannot read"),
        (["play", "spellbattle", "--vs", "wizard"], "unknown bot"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "spellbattle", "--games", "x", "--bots", "random"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2


@pytest.mark.parametrize("command", ["simulate", "tournament", "report"])
def test_every_batch_command_refuses_fewer_than_one_worker(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as exc:
        out = ["--out", str(tmp_path)] if command == "report" else []
        main([command, "spellbattle", "--bots", "random", *out, "--workers", "0"])
    assert exc.value.code == 2 and "--workers" in capsys.readouterr().err


def test_cards_and_deck_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "cards", "spellbattle", "--json", "--search", "fire lance")
    assert code == 0 and [c["name"] for c in json.loads(out)] == ["Fire Lance"]
    code, out, _ = run(capsys, "deck", "list", "spellbattle")
    assert code == 0 and "sky-raiders" in out
    good = Path(__file__).parents[1] / "src/spellforge/games/spellbattle/decks/sky-raiders.toml"
    code, out, _ = run(capsys, "deck", "validate", "spellbattle", str(good))
    assert code == 0 and "is legal" in out
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Fire Lance\n3 Fire Lancer\n")
    code, out, _ = run(capsys, "deck", "validate", "spellbattle", str(bad), "--json")
    report = json.loads(out)
    assert code == 1 and not report["legal"]
    assert any("unknown card 'Fire Lancer'" in p for p in report["problems"])
    assert any("4 copies of 'Fire Lance'" in p for p in report["problems"])
    unreadable = tmp_path / "bad.toml"
    unreadable.write_text("[[card]]\nname = 1\n")
    code, _, err = run(capsys, "deck", "validate", "spellbattle", str(unreadable))
    assert code == 2 and "bad.toml" in err and "line 2" in err


def test_replay_of_a_saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from spellforge import find_game
    from spellforge.core.rng import Rng

    game = find_game("spellbattle")
    state = game.new_game(seed=2)
    rng = Rng(1)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    (tmp_path / "rec.json").write_text(json.dumps(game.record(state)))
    (tmp_path / "state.json").write_text(json.dumps(state.to_json()))
    for name in ("rec.json", "state.json"):
        code, out, _ = run(capsys, "replay", str(tmp_path / name), "--json")
        assert code == 0 and json.loads(out)["actions"] == len(state.history())
    (tmp_path / "junk.json").write_text("[1, 2")
    code, _, err = run(capsys, "replay", str(tmp_path / "junk.json"))
    assert code == 2 and "not JSON" in err


def test_play_in_the_terminal_with_scripted_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = iter(["help", "log", "99", "fly", "concede"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    code, out, _ = run(capsys, "play", "spellbattle", "--seed", "5", "--vs", "random")
    assert code == 0
    assert "Type the number of an option" in out and "choose 1 to" in out and "not an action" in out
    assert "P2 won (resignation)" in out


def test_simulate_can_verify_every_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "spellbattle",
        "--bots",
        "random",
        "--games",
        "4",
        "--seed",
        "2",
        "--json",
        "--verify-replays",
    )
    report = json.loads(out)
    assert code == 0 and report["errors"] == 0 and report["replays_verified"] == 4


def test_simulate_logs_one_json_line_per_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    code, out, _ = run(
        capsys, "simulate", "casters", "--bots", "random,random", "--games", "5", "--seed", "2", "--json",
        "--log", str(log),
    )  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(g["index"] for g in lines) == [0, 1, 2, 3, 4]
    data = json.loads(out)
    wins = [0, 0]
    for g in lines:
        for seat in g["winners"]:
            wins[g["slots"][seat]] += 1
    assert wins == data["wins"]


def test_simulate_resume_plays_only_the_games_the_log_lacks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["simulate", "casters", "--bots", "greedy:depth=0,random", "--games", "6", "--seed", "4", "--json"]
    code, out, _ = run(capsys, *argv)
    whole = json.loads(out)
    log = tmp_path / "games.jsonl"
    run(capsys, *argv, "--log", str(log))
    kept = log.read_text().splitlines()[:2]  # as if the batch had been interrupted after two games
    log.write_text("\n".join(kept) + "\n")
    code, out, _ = run(capsys, *argv, "--log", str(log), "--resume")
    resumed = json.loads(out)
    assert code == 0
    for key in ("games", "wins", "seat_wins", "reasons", "avg_turns", "avg_decisions"):
        assert resumed[key] == whole[key], key
    lines = log.read_text().splitlines()
    assert sorted(json.loads(line)["index"] for line in lines) == list(range(6))
    assert lines[:2] == kept


def test_simulate_resume_refuses_a_log_of_another_batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "games.jsonl"
    batch = ["simulate", "casters", "--bots", "random,random", "--games", "2", "--log", str(log)]
    run(capsys, *batch, "--seed", "1")
    before = log.read_text()
    code, _, err = run(capsys, *batch, "--seed", "2", "--resume")
    assert code == 2 and "line 1" in err and "another batch" in err
    code, _, err = run(capsys, *batch[:-4], "--games", "1", "--log", str(log), "--seed", "1", "--resume")
    assert code == 2 and "line 2" in err and "--games 1" in err
    assert log.read_text() == before  # a refused batch writes nothing
    first = json.loads(before.splitlines()[0])
    log.write_text(before + json.dumps({**first, "index": "two"}) + "\n")
    code, _, err = run(capsys, *batch, "--seed", "1", "--resume")
    assert code == 2 and "line 3" in err and "index" in err
    log.write_text(before + '{"index": 5, "tru')
    code, _, err = run(capsys, *batch, "--seed", "1", "--resume")
    assert code == 2 and "line 3" in err and "not JSON" in err
    code, _, err = run(capsys, "simulate", "casters", "--bots", "random", "--resume")
    assert code == 2 and "--resume needs --log" in err


def test_simulate_log_in_a_missing_directory_exits_2_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "nowhere" / "games.jsonl"
    code, _, err = run(
        capsys, "simulate", "casters", "--bots", "random", "--games", "2", "--log", str(target)
    )
    assert code == 2 and "--log" in err and not target.parent.exists()
    code, _, err = run(capsys, "simulate", "nosuch", "--bots", "random", "--log", str(tmp_path / "x.jsonl"))
    assert code == 2 and not (tmp_path / "x.jsonl").exists()


def test_help_of_every_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    commands = ["play", "simulate", "tournament", "bench", "games", "cards", "deck", "replay"]
    out = capsys.readouterr().out
    assert all(c in out for c in commands)
    for command in commands:
        with pytest.raises(SystemExit) as exc:
            main([command, "--help"])
        assert exc.value.code == 0 and "usage: spellforge" in capsys.readouterr().out


def test_bots_lists_every_bot_with_its_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    from spellforge.bots import BOTS

    code, out, _ = run(capsys, "bots", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == set(BOTS)
    assert data["ismcts"]["params"]["pass_bias"] == {"type": "float", "min": 0, "max": 1}
    assert data["ismcts"]["params"]["tree"]["choices"] == ["all", "own"]
    code, out, _ = run(capsys, "bots")
    assert code == 0 and "pass_bias=<float> (0 to 1)" in out and "tree=all|own" in out


def test_a_card_file_error_names_the_designers_file_not_a_copy(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "designs").mkdir()
    (tmp_path / "designs" / "cheaper.toml").write_text(
        '[[card]]\nid = "field-hand"\nname = "Field Hand"\ntype = "character"\ncost = "free"\n'
    )
    for given in (["--cards", "designs/cheaper.toml"], ["--compare", "cards=designs/cheaper.toml"]):
        code, _, err = run(capsys, "report", "spellbattle", "--games", "1", "--out", "page", *given)
        assert code == 2 and len(err.splitlines()) == 1, err
        assert "designs/cheaper.toml: card 'field-hand': cost:" in err and "tmp" not in err, err
    assert not (tmp_path / "page").exists()
