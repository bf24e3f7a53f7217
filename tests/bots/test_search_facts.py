"""A game's facts for the search bots are checked when they are made from its hints, naming the game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from spellforge import GAMES
from spellforge.bots.facts import SearchFacts, search_facts
from spellforge.core.errors import SpellforgeError


def define(**facts: Any) -> SearchFacts:
    return SearchFacts("sketch", **facts)


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
        ({"search_prior_seats": -1}, "sketch: search_prior_seats must be a whole number >= 0, got -1"),
        ({"search_prior_seats": 2.0}, "sketch: search_prior_seats must be a whole number >= 0, got 2.0"),
        ({"greedy_samples": 0}, "sketch: greedy_samples must be a whole number >= 1 or None, got 0"),
        ({"greedy_samples": 2.0}, "sketch: greedy_samples must be a whole number >= 1 or None, got 2.0"),
        ({"greedy_samples": True}, "sketch: greedy_samples must be a whole number >= 1 or None, got True"),
    ],
)
def test_a_game_with_bad_search_facts_is_refused_when_defined(facts: dict[str, Any], message: str) -> None:
    with pytest.raises(SpellforgeError) as caught:
        define(**facts)
    assert str(caught.value) == message


def test_good_search_facts_are_accepted_and_a_changed_copy_is_checked_again() -> None:
    sketch = define(playout_turns=2, search_prior=0.25, search_tree="own")
    assert (sketch.playout_turns, sketch.search_prior, sketch.search_tree) == (2, 0.25, "own")
    with pytest.raises(SpellforgeError, match=r"^sketch: search_tree must be all or own, got ''$"):
        dataclasses.replace(sketch, search_tree="")


def test_every_game_has_facts_and_a_game_that_declares_none_gets_the_defaults() -> None:
    for name, game in GAMES.items():
        assert search_facts(game).game == name
        assert search_facts(game).evaluate is not None  # each registered game has its own evaluator
    assert search_facts("nothing") == SearchFacts("nothing")
    assert search_facts("spellweaver").search_tree == "own"


def test_the_core_imports_nothing_of_bots_clients_or_rich() -> None:
    import ast
    from pathlib import Path

    import spellforge.core

    banned = ("spellforge.bots", "spellforge.ui", "rich")
    for path in sorted(Path(spellforge.core.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                # ``from ..bots import x`` (level 2) names spellforge.bots
                prefix = "spellforge." if node.level == 2 else ""
                names = [prefix + (node.module or "")] if node.level != 1 else []
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(banned), f"core/{path.name} imports {name}"


def test_greedy_averages_the_games_greedy_samples_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At depth 0 greedy scores each legal action once per sample: the game's evaluator, counted here (a
    function of the game's hints, which a compiled bot calls as any caller does), is called that often."""
    from spellforge.bots import Observation, make_bot
    from spellforge.games import find_game

    game = find_game("spelldawn")
    own = game.hints.evaluate
    assert own is not None
    calls = []

    def counting(state: Any, seat: int) -> float | None:
        calls.append(seat)
        return own(state, seat)

    search = {**game.hints.search, "greedy_samples": 3, "greedy_depth": 0}
    hints = dataclasses.replace(game.hints, evaluate=counting, search=search)
    monkeypatch.setattr(type(game), "hints", hints)
    state = game.new_game(seed=5)
    while state.decision is None or state.decision.kind != "main":
        state.apply(state.legal_actions()[0])
    obs = Observation.of(state)
    assert len(obs.legal) > 1
    make_bot("greedy", seed=1).choose(obs)
    assert len(calls) == 3 * len(obs.legal)
    calls.clear()
    make_bot("greedy:samples=1", seed=1).choose(obs)
    assert len(calls) == len(obs.legal)


def test_a_game_whose_hints_name_an_unknown_setting_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spellforge.games import find_game

    game = find_game("spellfire")
    assert search_facts(game) == search_facts("spellfire")  # a ruleset or its name in the registry
    monkeypatch.setattr(type(game), "hints", dataclasses.replace(game.hints, search={"serch_tree": "own"}))
    with pytest.raises(
        SpellforgeError, match=r"^spellfire: unknown search setting 'serch_tree' in its hints$"
    ):
        search_facts(game)
    monkeypatch.setattr(type(game), "hints", dataclasses.replace(game.hints, search={"search_tree": "mine"}))
    with pytest.raises(SpellforgeError, match=r"^spellfire: search_tree must be all or own, got 'mine'$"):
        search_facts(game)
