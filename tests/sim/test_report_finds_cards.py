"""The balance report finds the strong card: one card of a deck is made much stronger through an override
file, and the report ranks it first of its deck by the within-deck difference (win rate when drawn less
win rate when not drawn), and ``--compare`` names it as changed and flags its change as significant.

Spell Battle's Ash Squire (bonded-warband, 3 copies) goes from strength 2 to 6. The batch pairs
bonded-warband with plague-wardens (every game gives each deck one seat) and is played by random bots,
which is fast and, for a change this size, enough: over seeds 0-9 the changed Ash Squire ranked first of
its deck and its change was flagged in every one (300 and 200 games per configuration alike)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("matplotlib", reason="reports draw with matplotlib, an extra: pip install -e '.[report]'")

from spellforge.cli import main

DECKS = "bonded-warband,plague-wardens"


def test_a_much_stronger_card_is_ranked_first_and_flagged(tmp_path: Path, capsys) -> None:
    override = tmp_path / "stronger-squire.toml"
    override.write_text("[cards.ash-squire]\nstrength = 6\n", encoding="utf-8")
    out = tmp_path / "report"
    argv = ["report", "spellbattle", "--bots", "random", "--decks", DECKS, "--games", "300", "--seed", "0"]
    assert main([*argv, "--compare", f"cards={override}", "--out", str(out)]) == 0
    data = json.loads((out / "report.json").read_text())
    base, changed = data["configurations"]
    diff = data["difference"]

    # under the override, the report ranks Ash Squire first of its deck
    ranked = [c for c in changed["cards"]["bonded-warband"]["cards"] if c["rank"]]
    assert ranked[0]["key"] == "ash-squire" and ranked[0]["rank"] == 1
    gains = [c["improvement_when_drawn"]["difference"] for c in ranked]
    gain = gains[0]
    assert gain > max(gains[1:]) and gains == sorted(gains, reverse=True)
    before = next(c for c in base["cards"]["bonded-warband"]["cards"] if c["key"] == "ash-squire")
    assert before["improvement_when_drawn"]["difference"] < gain

    # the comparison names the change and flags it
    assert diff["changes"]["cards"] == [
        {"key": "ash-squire", "name": "Ash Squire", "fields": {"strength": [2, 6]}}
    ]
    squire = diff["cards"]["bonded-warband"]["ash-squire"]
    assert squire["changed"] and squire["significant"] and squire["ci95"][0] > 0
    assert diff["flags"][0].startswith("changed card Ash Squire in bonded-warband: improvement when drawn")
    assert (
        diff["decks"]["bonded-warband"]["significant"] and diff["decks"]["bonded-warband"]["difference"] > 0
    )
    page = (out / "index.html").read_text()
    assert "card Ash Squire (ash-squire): strength 2 -&gt; 6" in page and "changed card Ash Squire" in page
