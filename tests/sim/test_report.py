"""``spellforge report``: the page's figures are those of a ``simulate`` of the same games, the plots and
the page are written, and a comparison shows both configurations with their difference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("matplotlib", reason="reports draw with matplotlib, an extra: pip install -e '.[report]'")

import spellforge
from spellforge.cli import main
from spellforge.sim import simulate
from spellforge.sim.report import difference, rate, run_report
from spellforge.sim.stats import CardTally


@pytest.fixture(scope="module")
def casters_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("report")
    page = run_report("casters", out, bots=["random", "random"], games=30, seed=5)
    return page, json.loads((out / "report.json").read_text())


def test_the_figures_are_those_of_a_simulate_of_the_same_games(casters_report: tuple[Path, dict]) -> None:
    _, data = casters_report
    figs = data["configurations"][0]
    batch = simulate("casters", ["random", "random"], 30, seed=5).to_dict()
    assert figs["games"] == batch["games"] == 30
    assert [b["wins"] for b in figs["bot_wins"]] == batch["wins"]
    assert [s["wins"] for s in figs["seat_wins"]] == batch["seat_wins"]
    assert figs["draws_or_unfinished"] == batch["draws_or_unfinished"]
    assert round(figs["avg_turns"], 2) == batch["avg_turns"]
    assert round(figs["avg_decisions"], 2) == batch["avg_decisions"]
    for b, (lo, hi) in zip(figs["bot_wins"], batch["win_rate_ci95"], strict=True):
        assert [round(x, 4) for x in b["ci95"]] == [lo, hi]


def test_the_page_shows_the_figures_and_its_plots(casters_report: tuple[Path, dict]) -> None:
    page, data = casters_report
    text = page.read_text()
    figs = data["configurations"][0]
    for name in data["plots"]:
        assert (page.parent / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"src='{name}'" in text
    assert {"seats.png", "decks.png", "length.png", "cards.png"} <= set(data["plots"])
    p1 = figs["seat_wins"][0]
    assert f"{100 * p1['rate']:.1f}% [{100 * p1['ci95'][0]:.1f}-{100 * p1['ci95'][1]:.1f}]" in text
    assert f"{figs['avg_turns']:.2f}" in text


def test_card_figures_count_seat_games(casters_report: tuple[Path, dict]) -> None:
    _, data = casters_report
    figs = data["configurations"][0]
    seat_games = figs["games"] * 2
    assert figs["cards"]
    for card in figs["cards"].values():
        assert 0 <= card["played"] <= seat_games and 0 <= card["drawn"] <= seat_games
        assert card["win_when_played"]["games"] == card["played"]
    # every seat-game is in exactly one deck's count
    assert sum(d["games"] for d in figs["decks"].values()) == seat_games


def test_the_deck_a_seat_played_is_the_one_the_game_chose_from_its_seed() -> None:
    game = spellforge.find_game("spellbattle")
    for seed in range(5):
        state = game.new_game(seed=seed)
        tally = CardTally(state, None, seed, {})
        for seat, deck in enumerate(tally.decks):
            assert tuple(c.key for c in game.deck_cards(deck)) == state.deck_keys[seat]


def test_a_comparison_plays_both_configurations_and_shows_the_difference(tmp_path: Path) -> None:
    cards = tmp_path / "stronger.toml"
    original = (spellforge.find_game("casters").data_dir / "cards" / "minions.toml").read_text()
    # every minion hits harder: a change a designer would want measured
    cards.write_text(original.replace("attack = 1\n", "attack = 6\n"))
    page = run_report(
        "casters", tmp_path / "out", bots=["random"], games=10, seed=2, compare=[f"cards={cards}"]
    )
    data = json.loads((page.parent / "report.json").read_text())
    base, changed = data["configurations"]
    assert base["label"] == "base" and changed["label"] == "cards=stronger.toml"
    assert changed["cards_file"] == "stronger.toml"
    assert "compare.png" in data["plots"]
    d = data["difference"]["seat_wins"][0]
    expected = difference(base["seat_wins"][0], changed["seat_wins"][0])
    assert d["difference"] == pytest.approx(expected["difference"])
    assert d["ci95"] == pytest.approx(expected["ci95"])
    assert d["ci95"][0] <= d["difference"] <= d["ci95"][1]


def test_newcombes_interval_holds_the_difference_and_is_wider_with_fewer_games() -> None:
    small = difference(rate(5, 10), rate(7, 10))
    large = difference(rate(50, 100), rate(70, 100))
    assert small["difference"] == pytest.approx(0.2) == large["difference"]
    assert small["ci95"][0] < large["ci95"][0] < 0.2 < large["ci95"][1] < small["ci95"][1]


def test_the_command_writes_the_page_and_refuses_bad_arguments(tmp_path: Path, capsys) -> None:
    out = tmp_path / "page"
    assert main(["report", "casters", "--games", "4", "--seed", "1", "--out", str(out)]) == 0
    assert (out / "index.html").exists() and str(out / "index.html") in capsys.readouterr().out
    assert main(["report", "casters", "--games", "2", "--out", str(out), "--compare", "nonsense"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    assert (
        main(["report", "casters", "--games", "2", "--out", str(out), "--cards", str(tmp_path / "no.toml")])
        == 2
    )
    assert "no.toml" in capsys.readouterr().err


def test_a_card_file_changes_a_copy_of_the_game_and_leaves_the_registered_one_alone() -> None:
    from spellforge.sim.simulate import ruleset_with_cards

    game = spellforge.find_game("casters")
    before = game.cards["ashen-whelp"]
    original = (game.data_dir / "cards" / "minions.toml").read_text()
    changed = ruleset_with_cards(game, original.replace("attack = 1\n", "attack = 6\n"), "stronger.toml")
    assert changed is not game and changed.cards["ashen-whelp"].attack == 6
    assert spellforge.find_game("casters").cards["ashen-whelp"] is before and before.attack == 1
