"""The compact action space (envs.actions): at most 4,096 indices for every game at its default and largest
player counts, an index for every legal action, what an index means, and how rarely two legal actions share
one (the figure docs/research.md reports)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")

import spellforge
from spellforge.core.rng import Rng
from spellforge.envs.actions import SlotCodec

from .conftest import GAMES, PLAYER_COUNTS, random_states

LIMIT = 4096


@pytest.mark.parametrize(("name", "players"), PLAYER_COUNTS, ids=str)
def test_the_action_space_has_at_most_4096_indices(name: str, players: int) -> None:
    codec = SlotCodec(spellforge.GAMES[name], players)
    assert 0 < codec.size <= LIMIT
    assert sum(size for _, _, size, _ in codec.layout_rows()) == codec.size


@pytest.mark.parametrize(("name", "players"), PLAYER_COUNTS, ids=str)
def test_random_play_gives_every_legal_action_an_index_and_few_share_one(name: str, players: int) -> None:
    game = spellforge.GAMES[name]
    codec = SlotCodec(game, players)
    decisions = shared = worst = 0
    games = 2 if players > 2 else 3
    for state in random_states(name, games=games, seed=7, limit=500, players=players):
        seat = state.current_player
        legal = state.legal_actions()
        indices, collisions = codec.index_legal(state, seat, legal)
        assert all(0 <= i < codec.size for i in indices)
        # every legal action has an index: the distinct indices and the shared ones account for all
        assert len(indices) + collisions == len(legal)
        decisions += 1
        shared += collisions
        worst = max(worst, collisions)
    assert decisions > 100
    # sharing happens only when a table section overflows (measured in docs/research.md): rare
    assert shared <= decisions // 100, (shared, decisions, worst)


@pytest.mark.parametrize("name", GAMES)
def test_an_index_names_slots_so_a_determinization_has_the_same_legal_indices(name: str) -> None:
    game = spellforge.GAMES[name]
    codec = SlotCodec(game)
    checked = 0
    for i, state in enumerate(random_states(name, games=2, seed=5)):
        if i % 9:
            continue
        seat = state.current_player
        other = state.determinize(seat, Rng(i))
        assert sorted(codec.legal_indices(state, seat, state.legal_actions())) == sorted(
            codec.legal_indices(other, seat, other.legal_actions())
        )
        checked += 1
    assert checked > 10


def test_an_index_says_what_it_means() -> None:
    codec = SlotCodec(spellforge.GAMES["casters"])
    state = spellforge.GAMES["casters"].new_game(seed=1)
    seat = state.current_player
    indices = codec.legal_indices(state, seat, state.legal_actions())
    for index, action in indices.items():
        words = codec.describe(index)
        assert words.split()[0] == type(action).__name__.lower()
        if "card" in type(action).card_fields:
            assert "card=hand[" in words or "card=" in words
    with pytest.raises(ValueError, match="outside"):
        codec.describe(codec.size)


def test_the_third_card_of_a_hand_is_one_index_whatever_the_card() -> None:
    # an index names a slot, never a card: the same index plays whatever card is in that slot
    game = spellforge.GAMES["spellweaver"]
    codec = SlotCodec(game)
    meanings = {}
    for state in random_states("spellweaver", games=3, seed=2, limit=200):
        seat = state.current_player
        for index, action in codec.legal_indices(state, seat, state.legal_actions()).items():
            if "card" in type(action).card_fields and action.card >= 0:
                hand = state.zones[state.layout.hand[seat]]
                if action.card in hand:
                    meanings.setdefault(index, set()).add(state.defs[action.card].key)
    assert any(len(keys) > 1 for keys in meanings.values())
    for index in meanings:
        assert "hand[" in codec.describe(index)


def test_research_facts_that_name_what_a_game_lacks_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = spellforge.GAMES["casters"]

    def declare(**research: Any) -> None:
        monkeypatch.setattr(type(game), "hints", dataclasses.replace(game.hints, research=research))

    declare(zones={"hand": 8, "moat": 3})
    with pytest.raises(ValueError, match="moat"):
        SlotCodec(game)
    declare(zones={"hand": 8}, fields={"SetCard.cardd": "hand"})
    with pytest.raises(ValueError, match=r"SetCard\.cardd"):
        SlotCodec(game)
    declare(zone={"hand": 8})
    with pytest.raises(ValueError, match=r"^research facts of casters: unknown field 'zone' in its hints$"):
        SlotCodec(game)


def test_a_game_that_declares_nothing_still_gets_a_working_codec(monkeypatch: pytest.MonkeyPatch) -> None:
    game = spellforge.GAMES["casters"]
    monkeypatch.setattr(type(game), "hints", dataclasses.replace(game.hints, research={}))
    codec = SlotCodec(game)
    state = game.new_game(seed=3)
    indices, _ = codec.index_legal(state, state.current_player, state.legal_actions())
    assert indices


@pytest.mark.parametrize(("name", "players"), PLAYER_COUNTS, ids=str)
def test_the_straight_line_encoders_give_the_indices_the_layout_defines(name: str, players: int) -> None:
    """``index_straight`` runs code generated per action class; ``index_by_layout`` and ``reference_index``
    read the layout field by field (``index_legal`` runs the first from source, the second compiled). They
    agree on every legal action of random games."""
    codec = SlotCodec(spellforge.GAMES[name], players)
    checked = 0
    for state in random_states(name, games=2, seed=11, limit=300, players=players):
        seat = state.current_player
        legal = state.legal_actions()
        loc = codec.table.locate(state, seat)
        indices, shared = codec.index_straight(state, seat, legal, loc)
        assert codec.index_by_layout(state, seat, legal, loc) == (indices, shared)
        assert codec.index_legal(state, seat, legal, loc) == (indices, shared)
        ranks: dict = {}
        expected: dict[int, object] = {}
        for action in legal:
            expected.setdefault(codec.reference_index(action, state, seat, loc, ranks), action)
        assert indices == expected
        checked += len(legal)
    assert checked > 500
