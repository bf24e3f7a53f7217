"""What a player reads is in words (DESIGN.md section 3: labels and log sentences come from the engine).

Over whole random games of every registered game and configuration, every action label, log line, prompt
and end-of-game sentence any seat reads is checked: no card id (``#12``), no stack reference (``@3``), no
engine word in snake_case (``raid_end``), no rule ID (``SD-077``), no internal value (``None``, ``-1``),
no formation slot as the engine prints it (``P2.B``). A label names every card by its name: a legal
action that names cards has a label holding each visible card's name.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from spellforge import GAMES
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.observe import action_entries
from spellforge.core.rng import Rng
from spellforge.core.state import State

from .test_invariants import configurations

CASES = [(name, i, cfg) for name in GAMES for i, cfg in enumerate(configurations(name))]
SEEDS = 2
MAX_DECISIONS = 3000

ENGINE_WORDS = {
    "a card id": re.compile(r"#\d"),
    "a stack reference": re.compile(r"@\d"),
    "a snake_case word": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "a rule ID": re.compile(r"\b(?:SB|SW|CA|SD|SF)-[A-Z]*\d+\b"),
    "an internal value": re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|(?<![\w+-])-1\b"),
    "a slot as the engine prints it": re.compile(r"\bP\d+\.\w"),
}


def engine_words(text: str) -> list[str]:
    """What in ``text`` a player should never read."""
    return [f"{what} ({m.group(0)!r})" for what, rx in ENGINE_WORDS.items() if (m := rx.search(text))]


def check_text(text: Any, where: str, seen: set[str]) -> None:
    assert isinstance(text, str) and text.strip(), f"{where}: empty text {text!r}"
    if text in seen:
        return
    seen.add(text)
    bad = engine_words(text)
    assert not bad, f"{where}: {text!r} holds {', '.join(bad)}"


def check_seat(state: State, seat: int | None, seen: set[str]) -> None:
    name = state.game.name
    view = state.observe(seat)
    who = "spectator" if seat is None else f"P{seat + 1}"
    for line in view["log"]:
        check_text(line, f"{name}: {who}'s log", seen)
    if view["decision"] is not None:
        check_text(view["decision"]["prompt"], f"{name}: {who}'s prompt", seen)
    if view["outcome"] is not None:
        check_text(view["outcome"]["text"], f"{name}: the end of the game", seen)
    for entry in action_entries(state, seat):
        label = entry["label"]
        check_text(label, f"{name}: the label of {entry['text']!r}", seen)
        for cid in entry["cards"]:
            card = state.card_label(cid, seat)
            assert card in label or (card == HIDDEN_CARD and HIDDEN_CARD in label), (
                f"{name}: the label {label!r} of {entry['text']!r} does not name {card}"
            )


@pytest.mark.parametrize(("name", "variant", "config"), CASES, ids=[f"{n}-{i}" for n, i, _ in CASES])
def test_players_read_words_not_engine_values(name: str, variant: int, config: dict[str, Any]) -> None:
    game = GAMES[name]
    seen: set[str] = set()
    for seed in range(SEEDS):
        state = game.new_game(seed=900 + seed, **config)
        rng = Rng(seed)
        while state.outcome is None and state.decisions_made < MAX_DECISIONS:
            check_seat(state, state.current_player, seen)
            if state.decisions_made % 7 == 0:
                check_seat(state, None, seen)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for seat in [*range(state.n_seats), None]:
            check_seat(state, seat, seen)


def test_the_checks_catch_engine_words() -> None:
    for text in (
        "P2 raid_end",
        "play #12",
        "use @3",
        "see SW-031",
        "defender: -1",
        "value None",
        "slot P2.B",
    ):
        assert engine_words(text), text
    for text in (
        "Attack Copperhill Town (P2) with Lyriel Moonquill",
        "Deal 2 damage, then lose 1 speed",
        "P2",
    ):
        assert not engine_words(text), text
