"""tools/against_gin_rummy.py: the speed table against OpenSpiel's gin_rummy (its figures are wall clock, so
the tests check what it refuses and how it measures, not a speed)."""

from __future__ import annotations

import pytest

from tests.tool_loader import load_tool

tool = load_tool("against_gin_rummy")


@pytest.mark.parametrize("args", [["--rounds", "0"], ["--seconds", "0"], ["--rounds", "x"]])
def test_a_bad_argument_exits_2_naming_it(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        tool.main(args)
    assert stop.value.code == 2
    assert "--rounds" in capsys.readouterr().err


def test_the_engine_is_measured_from_the_build_asked_for() -> None:
    """A measurement from the source says it did not run compiled (the table checks each one)."""
    rate, compiled = tool.measure(tool.ENGINE, ["casters", "0.05"], tool.ROOT / "src").split()
    assert float(rate) > 0
    assert compiled == "False"
