"""``spellforge report``: the page's figures are those of a ``simulate`` of the same games, the plots and
the page are written with every figure also in ``report.json``, cards are measured within their deck, and
a comparison plays the same seeds under both configurations and pairs them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("matplotlib", reason="reports draw with matplotlib, an extra: pip install -e '.[report]'")

import spellforge
from spellforge.cli import build_parser, main
from spellforge.sim import simulate
from spellforge.sim.report import DEFAULT_BOT, run_report
from spellforge.sim.report_page import _diff, _paired, _pct, _rate
from spellforge.sim.report_plots import _card_plot, heatmap, pyplot, text_colour
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


def test_the_page_shows_the_figures_its_plots_and_who_played(casters_report: tuple[Path, dict]) -> None:
    page, data = casters_report
    text = html.unescape(page.read_text())
    figs = data["configurations"][0]
    for name in data["plots"]:
        assert (page.parent / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"src='{name}'" in text
    decks = sorted(figs["cards"])
    assert {"seats.png", "decks.png", "length.png", *(f"cards-{d}.png" for d in decks)} <= set(data["plots"])
    p1 = figs["seat_wins"][0]
    assert _pct(p1) in text and f"{figs['avg_turns']:.2f}" in text
    assert "played by random" in data["summary"]["text"] and data["summary"]["text"] in text
    assert "Random play says little about balance" in text
    for entry in figs["cards"].values():
        for card in entry["cards"]:
            assert card["name"] in text and _rate(card["drawn"]) in text
            assert _diff(card["improvement_when_drawn"]) in text
            assert _diff(card["improvement_in_opening_hand"]) in text
    # one configuration: its label names no column, plot or ranking
    assert f"<th>{figs['label']}</th>" not in page.read_text() and f"({figs['label']})" not in text


def test_cards_are_measured_within_their_deck(casters_report: tuple[Path, dict]) -> None:
    _, data = casters_report
    figs = data["configurations"][0]
    assert sum(e["seat_games"] for e in figs["cards"].values()) == 2 * figs["games"]
    assert {d: e["win"] for d, e in figs["cards"].items()} == figs["decks"]
    for entry in figs["cards"].values():
        ranked = [c for c in entry["cards"] if c["rank"] is not None]
        assert [c["rank"] for c in ranked] == list(range(1, len(ranked) + 1))
        diffs = [c["improvement_when_drawn"]["difference"] for c in ranked]
        assert diffs == sorted(diffs, reverse=True)
        for c in entry["cards"]:
            assert c["drawn"]["games"] + c["not_drawn"]["games"] == entry["seat_games"]
            assert c["drawn"]["wins"] + c["not_drawn"]["wins"] == entry["win"]["wins"]
            assert c["played"]["games"] <= c["drawn"]["games"]


def test_the_deck_a_seat_played_is_the_one_the_game_chose_from_its_seed() -> None:
    game = spellforge.find_game("spellbattle")
    for seed in range(5):
        state = game.new_game(seed=seed)
        tally = CardTally(state, None, seed, {})
        for seat, deck in enumerate(tally.decks):
            assert tuple(c.key for c in game.deck_cards(deck)) == state.deck_keys[seat]


def test_a_comparison_pairs_the_same_seeds_and_names_what_changed(tmp_path: Path) -> None:
    cards = tmp_path / "stronger.toml"
    cards.write_text("[cards.cinder-charger]\nattack = 6\n")
    page = run_report(
        "casters", tmp_path / "out", bots=["random"], games=12, seed=2, compare=[f"cards={cards}"]
    )
    data = json.loads((page.parent / "report.json").read_text())
    base, changed = data["configurations"]
    diff = data["difference"]
    assert base["label"] == "base" and changed["label"] == "cards=stronger.toml"
    assert changed["cards_file"] == "stronger.toml"
    assert diff["changes"]["cards"] == [
        {"key": "cinder-charger", "name": "Cinder Charger", "fields": {"attack": [2, 6]}}
    ]
    assert "card Cinder Charger (cinder-charger): attack 2 -> 6" in html.unescape(page.read_text())
    assert "compare.png" in data["plots"] and diff["paired_games"] == 12
    for s, d in enumerate(diff["seat_wins"]):
        assert (
            d["pairs"] == 12 and d["before"] == base["seat_wins"][s] and d["after"] == changed["seat_wins"][s]
        )
        assert d["ci95"][0] <= d["difference"] <= d["ci95"][1]
        assert d["difference"] == pytest.approx((d["discordant"][1] - d["discordant"][0]) / 12)
    for deck, d in diff["decks"].items():
        assert d["before"] == base["decks"][deck] and d["after"] == changed["decks"][deck]
    assert all(not c["changed"] for c in diff["cards"].get("frozen-tide", {}).values())
    # each card's row gives, right after the base's figures, its rank and flag under the change, its
    # improvement there and the paired change; then the base's played and opening-hand figures
    text = page.read_text()
    checked = 0
    for deck, row in diff["cards"].items():
        section = text.split(f"<h3 id='deck-{deck}'>", 1)[1].split("</table>", 1)[0]
        after = {c["key"]: c for c in changed["cards"][deck]["cards"]}
        for c in base["cards"][deck]["cards"]:
            if c["key"] not in row:
                continue
            line = next(r for r in section.split("<tr") if f"<td class='name'>{html.escape(c['name'])}" in r)
            cells = [html.unescape(x) for x in re.findall(r"<td[^>]*>(.*?)</td>", line)]
            b = after[c["key"]]
            assert cells[7] == f"{b['rank'] or ''} {b['flag']}".strip()
            assert cells[8] == _diff(b["improvement_when_drawn"]) and cells[9] == _paired(row[c["key"]])
            assert cells[12].startswith(str(c["opening"]["games"])) and len(cells) == 14
            checked += 1
    assert checked


def test_a_comparison_of_bots_and_decks(tmp_path: Path) -> None:
    page = run_report(
        "spellbattle",
        tmp_path,
        bots=["random"],
        games=4,
        decks=["sky-raiders", "ambush-court"],
        compare=["decks=sky-raiders,plague-wardens", "bots=random,random"],
    )
    diff = json.loads((page.parent / "report.json").read_text())["difference"]
    assert diff["changes"]["decks"] == [["sky-raiders", "ambush-court"], ["sky-raiders", "plague-wardens"]]
    assert diff["changes"]["bots"] == [["random"], ["random", "random"]]
    # only the deck both configurations seat in the same place is paired
    assert list(diff["decks"]) == ["sky-raiders"] and diff["decks"]["sky-raiders"]["pairs"] == 4


def test_heatmap_labels_read_on_every_cell() -> None:
    assert text_colour((0.0, 0.0, 0.0)) == "white" and text_colour((1.0, 1.0, 1.0)) == "black"
    plt = pyplot()
    fig, ax = plt.subplots()
    cell = {"wins": 0, "games": 10, "ci95": [0.0, 0.3]}
    matchups = {
        "a": {"b": {**cell, "rate": 0.02}, "c": {**cell, "rate": 0.5}},
        "b": {"a": {**cell, "rate": 0.98}},
    }
    heatmap(ax, matchups)
    colours = {t.get_text().split("\n")[0]: t.get_color() for t in ax.texts}
    plt.close(fig)
    # the dark ends of the colour map carry white labels, the pale middle black ones
    assert colours == {"0.02": "white", "0.50": "black", "0.98": "white"}


def test_the_command_writes_the_page_and_refuses_bad_arguments(tmp_path: Path, capsys) -> None:
    out = tmp_path / "page"
    assert (
        main(["report", "casters", "--bots", "random", "--games", "4", "--seed", "1", "--out", str(out)]) == 0
    )
    assert (out / "index.html").exists() and str(out / "index.html") in capsys.readouterr().out
    assert main(["report", "casters", "--games", "2", "--out", str(out), "--compare", "nonsense"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    assert (
        main(["report", "casters", "--games", "2", "--out", str(out), "--cards", str(tmp_path / "no.toml")])
        == 2
    )
    assert "no.toml" in capsys.readouterr().err
    assert main(["report", "casters", "--bots", "nobot", "--games", "2", "--out", str(tmp_path / "x")]) == 2
    assert not (tmp_path / "x").exists()


def test_the_default_bot_is_greedy_and_the_page_says_so(tmp_path: Path) -> None:
    args = build_parser().parse_args(["report", "spellbattle", "--out", str(tmp_path)])
    assert args.bots == DEFAULT_BOT == "greedy"
    page = run_report("spellbattle", tmp_path, games=1, seed=3)
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["summary"]["bots"] == [["greedy"]] and "played by greedy" in page.read_text()
    assert "Random play" not in page.read_text()


def test_the_card_plot_names_a_configuration_only_beside_another_and_marks_a_changed_card(
    casters_report: tuple[Path, dict],
) -> None:
    _, data = casters_report
    figs = data["configurations"][0]
    deck, entry = next((d, e) for d, e in figs["cards"].items() if any(c["rank"] for c in e["cards"]))
    card = next(c for c in entry["cards"] if c["rank"])
    plt = pyplot()
    for sides, changed in (([("games", figs)], set()), ([("base", figs), ("after", figs)], {card["key"]})):
        fig = _card_plot(plt, deck, sides, changed)
        ax = fig.axes[0]
        title, legend = ax.get_title(), [t.get_text() for t in ax.get_legend().get_texts()]
        bold = [t.get_text() for t in ax.get_yticklabels() if t.get_fontweight() == "bold"]
        plt.close(fig)
        if len(sides) == 1:
            assert "games" not in title and "games" not in " ".join(legend) and not bold
        else:
            assert title.endswith("under base)") and legend[0].startswith("base: ") and "after" in legend
            assert bold == [f"{card['rank']}. {card['name']} (changed)"]
