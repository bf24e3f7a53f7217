"""The generic match runner: checks on its input, and reproducibility."""

from __future__ import annotations

import pytest

from spellforge import SpellforgeError, UnknownNameError
from spellforge.sim.matches import Entrant, MatchRules, play_match, single_elimination


def players(n: int) -> list[Entrant]:
    return [Entrant.player(f"E{i + 1}") for i in range(n)]


def test_a_match_needs_as_many_entrants_as_a_game_seats() -> None:
    with pytest.raises(SpellforgeError, match="seats 2 entrants, got 3"):
        play_match(MatchRules("spellbattle"), players(3), seed=1)


def test_entrant_names_are_unique_and_bots_known() -> None:
    with pytest.raises(SpellforgeError, match="unique"):
        single_elimination(MatchRules("spellbattle"), [Entrant.player("A")] * 6, seed=1)
    with pytest.raises(UnknownNameError, match="nobot"):
        play_match(MatchRules("spellbattle"), [Entrant.player("A"), Entrant.player("B", "nobot")], seed=1)


def test_a_time_limit_is_at_least_one_turn_and_options_are_checked() -> None:
    with pytest.raises(SpellforgeError, match="at least one turn"):
        play_match(MatchRules("spellbattle", turn_limit=0), players(2), seed=1)
    with pytest.raises(SpellforgeError, match="format"):
        play_match(MatchRules("spellbattle", options={"format": "cube"}), players(2), seed=1)
    with pytest.raises(SpellforgeError, match="one deck per seat"):
        play_match(MatchRules("spellbattle"), [Entrant("A", ("random",), ()), Entrant.player("B")], seed=1)


def test_matches_and_events_are_reproducible_from_their_seed() -> None:
    rules = MatchRules("spellbattle", best_of=3, turn_limit=12)
    assert play_match(rules, players(2), seed=9) == play_match(rules, players(2), seed=9)
    a = single_elimination(MatchRules("spellbattle", turn_limit=3), players(7), seed=2)
    b = single_elimination(MatchRules("spellbattle", turn_limit=3), players(7), seed=2)
    assert a == b
    results = {
        single_elimination(MatchRules("spellbattle", turn_limit=3), players(7), seed=s).champion
        for s in range(8)
    }
    assert len(results) > 1
