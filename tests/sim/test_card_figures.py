"""Per-card figures within a deck: win rate when drawn against not drawn, the improvement with its
interval and sample sizes, the ranking and the flags; and the paired change between two configurations."""

from __future__ import annotations

import random

import pytest

from spellforge.sim.card_figures import (
    card_figures,
    compare_cards,
    compare_deck,
    deck_figures,
    seat_games,
)
from spellforge.sim.intervals import newcombe
from spellforge.sim.simulate import GameResult


def game(
    index: int,
    winner: int,
    drawn: tuple[list[str], list[str]],
    decks: tuple[str, str] = ("a", "b"),
    opening: tuple[str, ...] = (),
) -> GameResult:
    return GameResult(
        index,
        index,
        [0, 1],
        winners=[winner],
        decks=list(decks),
        opening=[list(opening), []],
        drawn=[list(drawn[0]), list(drawn[1])],
        played=[list(drawn[0][:1]), list(drawn[1][:1])],
    )


def test_a_cards_win_rate_is_measured_against_its_own_decks_other_games() -> None:
    # deck a wins 6 of 10; "ace" drawn in 6 games, 4 won; "dud" drawn in 5 games, 2 won
    # "ace" is in the opening hand in games 0 and 7 (one won, one lost)
    results = [
        game(
            i,
            0 if i in (0, 1, 2, 3, 5, 6) else 1,
            (["ace"] if i < 5 or i == 7 else ["dud"], ["x"]),
            opening=("ace",) if i in (0, 7) else (),
        )
        for i in range(10)
    ]
    figs = card_figures(results, {"ace": "Ace"})
    a = figs["a"]
    assert a["seat_games"] == 10 and a["win"]["wins"] == 6
    ace = next(c for c in a["cards"] if c["key"] == "ace")
    assert ace["name"] == "Ace" and ace["drawn"]["wins"] == 4 and ace["drawn"]["games"] == 6
    assert ace["not_drawn"]["wins"] == 2 and ace["not_drawn"]["games"] == 4
    _, lo, hi = newcombe(2, 4, 4, 6)
    assert ace["improvement_when_drawn"] == {"difference": pytest.approx(4 / 6 - 2 / 4), "ci95": [lo, hi]}
    assert ace["opening"]["games"] == 2 and ace["opening"]["wins"] == 1 and ace["opening_share"] == 0.2
    assert ace["improvement_in_opening_hand"]["difference"] == pytest.approx(1 / 2 - 5 / 8)
    assert ace["played"]["games"] == 6 and ace["improvement_when_played"] == ace["improvement_when_drawn"]
    assert [c["key"] for c in a["cards"]] == ["ace", "dud"] and [c["rank"] for c in a["cards"]] == [1, 2]
    # the other deck's card is measured within that deck only
    assert [c["key"] for c in figs["b"]["cards"]] == ["x"] and figs["b"]["cards"][0]["rank"] is None


def test_a_card_drawn_in_every_game_has_no_difference_and_no_rank() -> None:
    figs = deck_figures(
        [(i, i % 2 == 0, frozenset({"always"}), frozenset(), frozenset()) for i in range(6)], {}
    )
    (card,) = figs["cards"]
    assert card["improvement_when_drawn"] is None and card["rank"] is None and card["drawn_share"] == 1.0


def test_a_card_far_from_its_decks_median_is_flagged() -> None:
    rng = random.Random(3)
    games = []
    for i in range(400):
        strong = i % 2 == 0
        # the seats that drew "ace" win 90% of their games, the others 40%; the deck's other cards are
        # drawn at random, whatever the result
        common = {f"c{k}" for k in range(8) if rng.random() < 0.5}
        won = (i % 10 != 0) if strong else (i % 10 < 4)
        games.append((i, won, frozenset(common | ({"ace"} if strong else set())), frozenset(), frozenset()))
    figs = deck_figures(games, {})
    assert figs["cards"][0]["key"] == "ace" and figs["cards"][0]["flag"] == "high"
    assert all(c["flag"] == "" for c in figs["cards"][1:])
    assert figs["flag_z"] > 2.5  # Bonferroni over the deck's 9 ranked cards


def test_seat_games_leave_out_games_with_errors() -> None:
    bad = game(1, 0, (["ace"], ["x"]))
    bad.error = "boom"
    assert [g[0] for g in seat_games([game(0, 0, (["ace"], ["x"])), bad])["a"]] == [0]


def test_a_paired_change_uses_the_same_seeds_and_flags_a_changed_card() -> None:
    rng = random.Random(5)
    draws = [[k for k in ("ace", "b", "c", "d", "e") if rng.random() < 0.5] for _ in range(300)]
    won = [rng.random() < 0.5 for _ in range(300)]
    # under A "ace" is like any card; under B the seats that drew it win; the other games play the same
    before = [game(i, 0 if won[i] else 1, (draws[i], ["x"])) for i in range(300)]
    after = [game(i, 0 if won[i] or "ace" in draws[i] else 1, (draws[i], ["x"])) for i in range(300)]
    row = compare_deck(seat_games(before)["a"], seat_games(after)["a"], {"ace"})
    ace = row["ace"]
    assert ace["games"] == 300 and ace["changed"] and not row["b"]["changed"]
    assert ace["after"] > ace["before"] and ace["ci95"][0] > 0 and ace["p"] < 1e-6
    # relative to the deck's mean improvement, which moves with it
    mean_a = sum(c["before"] for c in row.values()) / len(row)
    assert ace["before_relative"] == pytest.approx(ace["before"] - mean_a)
    assert ace["difference"] == pytest.approx(ace["after_relative"] - ace["before_relative"])
    cards = compare_cards(before, after, {"ace"})
    assert cards["a"]["ace"]["significant"] and not cards["a"]["ace"]["difference"] < 0.2
    # the same games twice: no change at all, nothing flagged
    same = compare_cards(before, before, set())
    assert all(c["difference"] == 0 and not c["significant"] for r in same.values() for c in r.values())


def test_a_change_that_moves_the_whole_deck_flags_no_unchanged_card() -> None:
    rng = random.Random(9)
    draws = [[k for k in ("b", "c", "d", "e", "f") if rng.random() < 0.6] for _ in range(400)]
    won = [rng.random() < 0.5 for _ in range(400)]
    # under B every seat that drew more cards wins more (longer games): every card's improvement rises
    before = [game(i, 0 if won[i] else 1, (draws[i], ["x"])) for i in range(400)]
    after = [
        game(i, 0 if won[i] or (len(draws[i]) >= 4 and i % 2) else 1, (draws[i], ["x"])) for i in range(400)
    ]
    row = compare_deck(seat_games(before)["a"], seat_games(after)["a"], set())
    assert all(c["after"] > c["before"] for c in row.values())
    assert all(not c["significant"] for c in compare_cards(before, after, set())["a"].values())
