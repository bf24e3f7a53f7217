"""The search bots' evaluator: realms first, each seat for itself at any table size."""

from __future__ import annotations

from spellforge.bots.facts import search_facts
from spellforge.games.spellfire.hints import evaluate
from spellforge.games.spellfire.scenario import Side, scenario


def test_more_unrazed_realms_score_higher():
    ahead = scenario(
        Side(formation=["mistwood-dale", "copperhill-town"]),
        Side(formation=["greymarch-fields"]),
        phase="pool",
    )
    behind = scenario(
        Side(formation=["mistwood-dale"]),
        Side(formation=["greymarch-fields", "oldcastle-moor"]),
        phase="pool",
    )
    assert evaluate(ahead, 0) > 0 > evaluate(behind, 0)
    assert evaluate(ahead, 1) < 0


def test_each_seat_against_its_strongest_opponent():
    s = scenario(
        Side(formation=["mistwood-dale"]),
        Side(formation=["greymarch-fields", "oldcastle-moor", "pinecrest-hollow"]),
        Side(formation=["duskmoor-hamlet"]),
        Side(),
        phase="pool",
    )
    scores = [evaluate(s, seat) for seat in range(4)]
    assert scores[1] > 0 and all(x < 0 for i, x in enumerate(scores) if i != 1)
    assert min(scores) >= -1.0 and max(scores) <= 1.0


def test_search_facts_are_declared():
    assert search_facts("spellfire").evaluate is evaluate
