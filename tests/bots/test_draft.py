"""The limited-format picker: Spell Battle draft and sealed decks built by card value and curve."""

from __future__ import annotations

import dataclasses

import pytest

from spellforge.bots import Observation, make_bot
from spellforge.bots.draft import CURVE, DECK_SIZE, DraftPicker, card_value
from spellforge.games import find_game
from spellforge.sim import play_game


def test_curve_fills_a_deck() -> None:
    assert sum(CURVE) == DECK_SIZE


POOL = find_game("spellbattle").cards


def test_card_value_prefers_efficient_cards() -> None:
    small = POOL["hedge-knight"]  # 2/2 for 2
    big = dataclasses.replace(small, strength=3, speed=3, keywords=frozenset({"flying"}))
    assert card_value(big) > card_value(small)
    assert card_value(POOL["final-verdict"]) > card_value(POOL["quicken"])  # removal over a pump
    assert card_value(POOL["fire-lance"]) > card_value(POOL["sudden-strike"])  # more damage, same cost


def test_card_value_reads_the_cards_data_not_their_text() -> None:
    """The value comes from the effects a card declares (verbs, amounts, kinds of ability): printed text
    that says something else changes nothing, and words in it that name no effect count for nothing."""
    verdict, insight = POOL["final-verdict"], POOL["scholars-insight"]
    assert card_value(dataclasses.replace(verdict, text="Draw two cards.")) == card_value(verdict)
    assert card_value(dataclasses.replace(insight, text="Destroy target character.")) == card_value(insight)
    # "you control" names no effect: a pump for your characters is a pump, not a theft
    assert card_value(POOL["rallying-cry"]) < card_value(POOL["turncoat-pact"])
    assert card_value(POOL["rallying-cry"]) == pytest.approx(card_value(POOL["battle-fury"]) - 0.4 * (3 - 1))
    # a triggered ability counts however its text begins ("At the start of your turn ...")
    chaplain = POOL["sun-chaplain"]
    assert card_value(chaplain) == pytest.approx(card_value(dataclasses.replace(chaplain, effects=())) + 1.2)


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
    characters = sum(1 for c in picker.built if c.type == "character")
    assert 10 <= characters <= 22
    assert sum(1 for c in picker.built if getattr(c, "cost", 0) >= 5) <= 6


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
