"""The README's bot example runs as written, and ``register`` refuses what specs could not use."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from spellforge.bots import BOTS, BaseBot, Observation, make_bot, register
from spellforge.core.actions import Action
from spellforge.core.errors import SpellforgeError

README = Path(__file__).parents[2] / "README.md"


@pytest.fixture
def registry() -> Iterator[None]:
    """Whatever a test registers is gone afterwards."""
    before = dict(BOTS)
    yield
    BOTS.clear()
    BOTS.update(before)


def readme_example() -> str:
    section = README.read_text(encoding="utf-8").split("### Writing a bot", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found, "the README's 'Writing a bot' section has no Python example"
    return found.group(1)


def test_the_readme_bot_example_runs(registry: None, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, Any] = {"__name__": "readme_example"}
    exec(compile(readme_example(), str(README), "exec"), namespace)
    result = namespace["result"]
    assert result.games == 4 and result.errors == 0 and sum(result.wins) <= 4
    assert capsys.readouterr().out.strip() == str(result.wins)
    bot = make_bot("cautious:first=2")
    assert bot.first == 2  # type: ignore[attr-defined]
    with pytest.raises(SpellforgeError, match="bot cautious: first must be 0 or more, got -1"):
        make_bot("cautious:first=-1")


class Quiet(BaseBot):
    name = "quiet"

    def choose(self, obs: Observation) -> Action:
        return obs.legal[0]


def variant(**attrs: Any) -> type[BaseBot]:
    return type("Variant", (Quiet,), attrs)


@pytest.mark.parametrize(
    ("attrs", "message"),
    [
        (
            {"name": "Loud Bot"},
            "bot class Variant: name must be lowercase letters, digits, - or _, got 'Loud Bot'",
        ),
        ({"name": "a:b"}, "name must be lowercase letters"),
        ({"name": "greedy"}, "bot greedy: the name is taken by spellforge.bots.greedy.GreedyBot"),
        ({"params": {"width": list}}, "bot quiet: parameter width must be int, float or str"),
        ({"params": {"width": int}}, r"bot quiet: parameter width has no default \(a class attribute\)"),
        (
            {"limits": {"width": (0, math.inf)}},
            "bot quiet: limits or choices for 'width', which is not a parameter",
        ),
        ({"choices": {"mode": ("a",)}}, "bot quiet: limits or choices for 'mode', which is not a parameter"),
    ],
)
def test_register_refuses_a_bot_specs_could_not_use(
    registry: None, attrs: dict[str, Any], message: str
) -> None:
    with pytest.raises(SpellforgeError, match=message):
        register(variant(**attrs))
    assert "quiet" not in BOTS


def test_registering_the_same_class_again_replaces_it(registry: None) -> None:
    first = register(variant())
    second = register(variant(help="again"))  # same qualified name: a redefinition
    assert BOTS["quiet"] is second and first is not second


class Sized(Quiet):
    name = "sized"
    params: ClassVar[dict[str, type]] = {"width": int}
    width: int = 3


def test_a_registered_bot_keeps_its_class(registry: None) -> None:
    assert register(Sized) is Sized and make_bot("sized:width=5").width == 5  # type: ignore[attr-defined]
