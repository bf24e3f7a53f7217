"""The limited-format picker: Spell Battle draft and sealed decks built by card value and curve."""

from __future__ import annotations

import pytest

from spellforge.bots import Observation, make_bot
from spellforge.bots.draft import CURVE, DECK_SIZE, DraftPicker, card_value
from spellforge.games import find_game
from spellforge.sim import play_game


def test_curve_fills_a_deck() -> None:
    assert sum(CURVE) == DECK_SIZE


def test_card_value_prefers_efficient_cards() -> None:
    small = {"type": "character", "cost": 2, "strength": 2, "speed": 2, "keywords": []}
    big = {"type": "character", "cost": 2, "strength": 3, "speed": 3, "keywords": ["flying"]}
    removal = {"type": "spell", "cost": 3, "text": "Destroy target character."}
    filler = {"type": "spell", "cost": 3, "text": "Target character gets +1 speed until end of turn."}
    assert card_value(big) > card_value(small)
    assert card_value(removal) > card_value(filler)


@pytest.mark.parametrize("fmt", ["sealed", "draft"])
def test_picker_handles_limited_decisions_and_builds_a_curve(fmt: str) -> None:
    game = find_game("spellbattle")
    state = game.new_game(seed=4, format=fmt)
    picker = DraftPicker()
    picks = 0
    while state.step in ("draft", "build") and not state.is_over:  # type: ignore[attr-defined]
        obs = Observation.of(state)
        seat = state.current_player
        if seat == 0:
            assert DraftPicker.handles(obs)
            action = picker.choose(obs)
            picks += 1
        else:
            action = make_bot("random", seed=picks).choose(obs)
        state.apply(action)
    assert picks > 0
    assert len(picker.built) == DECK_SIZE
    characters = sum(1 for c in picker.built if c["type"] == "character")
    assert 10 <= characters <= 22
    assert sum(1 for c in picker.built if c.get("cost", 0) >= 5) <= 6


def test_picker_ignores_ordinary_decisions() -> None:
    state = find_game("spellbattle").new_game(seed=1)
    assert not DraftPicker.handles(Observation.of(state))


@pytest.mark.parametrize("spec", ["draft", "greedy", "ismcts:iterations=20"])
def test_bots_play_sealed_games(spec: str) -> None:
    result = play_game("spellbattle", [spec, "random"], seed=8, options={"format": "sealed"})
    assert not result.error, result.error


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iterations=5"])
def test_picks_random_makes_the_limited_picks_at_random(spec: str) -> None:
    """``picks=random`` changes the limited-format picks, and only those: the baseline for the picker."""
    state = find_game("spellbattle").new_game(seed=4, format="sealed")
    obs = Observation.of(state)
    assert DraftPicker.handles(obs)
    by_value = {str(make_bot(spec, seed=s).choose(obs)) for s in range(6)}
    at_random = {
        str(make_bot(f"{spec}{':' if ':' not in spec else ','}picks=random", seed=s).choose(obs))
        for s in range(6)
    }
    assert by_value == {str(DraftPicker().choose(obs))}  # the picker's best card, whatever the seed
    assert len(at_random) > 1 and at_random <= {str(a) for a in obs.legal}
    constructed = Observation.of(find_game("spellbattle").new_game(seed=1))
    assert str(make_bot("greedy:picks=random", seed=3).choose(constructed)) == str(
        make_bot("greedy", seed=3).choose(constructed)
    )
