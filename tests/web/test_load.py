"""The load command runs end to end on a few games (a smoke run, not a timed test): every record it
replays matches the last View each of its seats received."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import need_web

need_web()

from spellforge.web.load import main  # noqa: E402


def test_a_short_load_run_replays_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["--games", "6", "--seconds", "4", "--think", "0.05", "--db", str(tmp_path / "load.db")])
    result = json.loads(capsys.readouterr().out)
    assert code == 0, result
    assert result["games"] == 6 and result["actions"] > 6
    assert result["replay_mismatches"] == 0 and result["client_failures"] == 0
    assert result["timed_actions"] > 0 and set(result["latency_ms"]) >= {"p50", "p95", "p99"}
    assert result["cpu_ms_per_action"]["load_script"] > 0
    assert set(result["load_average"]) == {"start", "end"}


def test_a_load_run_stops_at_its_action_bound(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(
        [
            "--games",
            "4",
            "--seconds",
            "60",
            "--actions",
            "30",
            "--think",
            "0.02",
            "--db",
            str(tmp_path / "l.db"),
        ]
    )
    result = json.loads(capsys.readouterr().out)
    assert code == 0, result
    assert result["actions"] == 30 and result["seconds"] < 60
    assert result["timed_actions"] == 30  # every action sent got its View before the run ended


def test_load_refuses_bad_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--games", "0"], ["--actions", "0"], ["--seconds", "-1"]):
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2
        assert "must be" in capsys.readouterr().err
