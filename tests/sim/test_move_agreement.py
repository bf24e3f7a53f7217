"""The move-agreement tool (``tools/move_agreement.py``): counts per decision kind, and its errors."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.tool_loader import load_tool


def load() -> ModuleType:
    return load_tool("move_agreement")


def test_random_agrees_with_itself_less_than_greedy_does() -> None:
    """Two seeds of the random bot agree far less often than two seeds of greedy, whose choice follows
    the position (its seed only breaks ties); every rate is a share, and the 'all' row adds the kinds up."""
    tool = load()
    table = tool.agreement("spellweaver", ["random", "greedy"], "random", range(1), 7)
    rows = {k: v for k, v in table.items() if k != "all"}
    assert table["all"]["n"] == sum(r["n"] for r in rows.values()) > 10
    assert table["all"]["A/A"] < table["all"]["B/B"]
    for row in table.values():
        assert all(0.0 <= row[k] <= 1.0 for k in ("A/A", "B/B", "A/B"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nogame", "--bots", "random,random"], "unknown game 'nogame'"),
        (["spellweaver", "--bots", "random"], "name exactly two bots"),
        (["spellweaver", "--bots", "random,greedy:x=1"], "bad parameter 'x=1'"),
        (["spellweaver", "--bots", "random,random", "--games", "0"], "--games must be 1 or more"),
    ],
)
def test_bad_arguments_exit_2_naming_the_problem(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load().main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
