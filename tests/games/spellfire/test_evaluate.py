"""The search bots' evaluator: realms first, each seat for itself at any table size."""

from __future__ import annotations

from typing import Any

from spellforge import GAMES
from spellforge.bots.base import Observation
from spellforge.bots.facts import search_facts
from spellforge.bots.ismcts import ISMCTSBot
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


def root_visits(players: int, **params: Any) -> tuple[int, int]:
    """(visits at the root, distinct root options) of a 200-iteration search at a first decision."""
    state = GAMES["spellfire"].new_game(seed=5, players=players)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    obs = Observation.of(state)
    bot = ISMCTSBot(seed=1, iterations=200, **params)
    root = bot.search(obs)
    return sum(child.visits for child in root.children.values()), len({bot.last_keys(a) for a in obs.legal})


def test_ismcts_starts_from_greedys_ranking_with_two_players_only() -> None:
    """The prior (``search_prior``: 10% of the budget, 20 virtual visits per root option) is for two
    players (``search_prior_seats``); at a table of four the search starts alone, unless ``prior=`` says
    otherwise."""
    assert search_facts("spellfire").search_prior_seats == 2
    visits, options = root_visits(2)
    assert options > 1 and visits == 200 + 20 * options
    visits, options = root_visits(4)
    assert options > 1 and visits == 200
    visits, options = root_visits(4, prior=0.1)
    assert visits == 200 + 20 * options
