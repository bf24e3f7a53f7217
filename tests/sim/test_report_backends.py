"""A report's games are the same on every backend: Ray (with the extra installed, as the test command
installs it) and worker processes give the figures the local backend gives."""

from __future__ import annotations

import importlib.util

import pytest

pytest.importorskip("matplotlib", reason="reports draw with matplotlib, an extra: pip install -e '.[report]'")

from spellforge.cli import main
from spellforge.sim.report import Config, figures, play_config


def report_figures(backend: str, workers: int) -> dict:
    decks = ["frozen-tide", "grave-pact", "oblivion-rush"]
    batch = play_config("casters", 6, 4, None, Config("games", ["random"], decks), workers, backend)
    return figures(batch, 2)


@pytest.mark.parametrize(
    "backend",
    [
        "process",
        pytest.param(
            "ray",
            marks=pytest.mark.skipif(
                importlib.util.find_spec("ray") is None, reason="Ray is an extra: pip install -e '.[ray]'"
            ),
        ),
    ],
)
def test_a_reports_figures_are_the_same_on_every_backend(backend: str) -> None:
    assert report_figures(backend, 2) == report_figures("local", 1)


def test_an_address_needs_the_ray_backend(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "casters", "--bots", "random", "--games", "1", "--address", "auto"])
    assert code == 2 and "--address needs --backend ray" in capsys.readouterr().err
