"""A game's facts for the search bots are checked when its class is defined."""

from __future__ import annotations

from typing import Any

import pytest

from spellforge.core.errors import SpellforgeError
from spellforge.core.ruleset import Ruleset


def define(**facts: Any) -> type[Ruleset]:
    return type("Sketch", (Ruleset,), {"name": "sketch", **facts})


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"playout_turns": -1}, "sketch: playout_turns must be a whole number >= 0, got -1"),
        ({"playout_turns": 1.5}, "sketch: playout_turns must be a whole number >= 0, got 1.5"),
        ({"playout_turns": True}, "sketch: playout_turns must be a whole number >= 0, got True"),
        ({"search_prior": -0.1}, "sketch: search_prior must be a number >= 0, got -0.1"),
        ({"search_prior": "0.1"}, "sketch: search_prior must be a number >= 0, got '0.1'"),
        ({"search_prior": float("nan")}, "sketch: search_prior must be a number >= 0, got nan"),
        ({"search_tree": "mine"}, "sketch: search_tree must be all or own, got 'mine'"),
    ],
)
def test_a_game_with_bad_search_facts_is_refused_when_defined(facts: dict[str, Any], message: str) -> None:
    with pytest.raises(SpellforgeError) as caught:
        define(**facts)
    assert str(caught.value) == message


def test_good_search_facts_are_accepted_and_inherited() -> None:
    sketch = define(playout_turns=2, search_prior=0.25, search_tree="own")
    assert (sketch.playout_turns, sketch.search_prior, sketch.search_tree) == (2, 0.25, "own")
    child = type("Child", (sketch,), {})  # no name of its own: named by its class
    assert child.search_tree == "own"
    with pytest.raises(SpellforgeError, match=r"^Grandchild: search_tree must be all or own, got ''$"):
        type("Grandchild", (child,), {"search_tree": ""})
