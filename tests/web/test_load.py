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
