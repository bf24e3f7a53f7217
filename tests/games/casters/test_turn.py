"""The shared turn: phases, the Draw Phase, the end of turn and the coin (CA-027..030, CA-049/050, CA-055/056)."""

from __future__ import annotations

import pytest

from spellforge.games.casters.base import STAGE_DECK

from .casters_util import GAME, Side, act, card_id, events, legal, scenario


@pytest.mark.rules("CA-027", "CA-028")
def test_both_players_take_part_in_every_phase_in_order() -> None:
    assert [p.name for p in GAME.turn_structure.phases] == ["draw", "set", "reveal", "battle", "end"]
    state = scenario(
        Side(hand=["tide-sprite", "reef-lancer"], deck=["gravel-ghoul"]),
        Side(hand=["ashen-whelp", "frostbinder"], deck=["gravel-ghoul"]),
        phase="draw",
    )
    seen = []
    while state.turn == 3:
        if state.phase not in seen:
            seen.append(state.phase)
        assert state.decision is not None
        if state.phase == "set":
            assert state.decision.kind == "set"
        state.apply(state.legal_actions()[-1])
    assert seen == ["set", "reveal", "battle"]
    assert {e.seat for e in events(state, "set")} == {0, 1}
    assert {e.seat for e in events(state, "reveal")} == {0, 1}


@pytest.mark.rules("CA-029", "CA-030", "CA-K14")
def test_draw_phase_each_player_draws_one_and_untaps_everything() -> None:
    state = scenario(
        Side(field=["gravel-ghoul:tapped", "reef-lancer:tapped"], deck=["tide-sprite"]),
        Side(field=["ashen-whelp:tapped"], deck=["frostbinder", "dusk-ravager"]),
        phase="draw",
    )
    draws = events(state, "draw")
    assert [e.seat for e in draws] == [0, 1]
    assert [state.defs[e.card].key for e in draws] == ["tide-sprite", "frostbinder"]  # the top cards
    assert not any(state.tapped)
    assert state.phase == "reveal"  # the drawn cards were set: the Draw Phase came first


@pytest.mark.rules("CA-049", "CA-R21")
def test_damage_on_minions_is_removed_at_end_of_turn() -> None:
    # CA section 5, scenario 20: a minion with damage below its Health survives and starts clean.
    state = scenario(Side(field=["gravel-ghoul:damage=7"]), phase="end")
    ghoul = card_id(state, "gravel-ghoul")
    assert state.is_minion(ghoul) and state.damage[ghoul] == 0


@pytest.mark.rules("CA-049", "CA-050", "CA-R08")
def test_stage_damage_is_removed_but_lost_stages_stay_lost() -> None:
    state = scenario(Side(stage_damage=4), Side(stage_damage=2), phase="end")
    assert state.stage_damage == [0, 0]
    assert [len(state.zones[STAGE_DECK[s]]) for s in (0, 1)] == [4, 4]
    assert state.health(0) == 20


@pytest.mark.rules("CA-055", "CA-056", "CA-R17", "CA-K16")
def test_the_coin_passes_every_end_of_turn() -> None:
    # CA section 5, scenario 13: next turn the other player reveals first and attacks first.
    state = scenario(
        Side(hand=["tide-sprite", "reef-lancer"], field=["gravel-ghoul"], deck=["gravel-ghoul"]),
        Side(hand=["ashen-whelp", "frostbinder"], field=["dusk-ravager"], deck=["gravel-ghoul"]),
        phase="end",
        initiative=0,
    )
    assert state.initiative == 1 and state.turn == 4
    assert events(state, "coin")[-1].seat == 1
    assert state.decision is not None and state.decision.kind == "set" and state.decision.seat == 1
    while state.decision is not None and state.decision.kind == "set":
        act(state, legal(state)[0])  # P2 sets first, then P1; then P2 reveals first
    assert state.decision is not None and state.decision.kind == "reveal" and state.decision.seat == 1
    while state.phase == "reveal":
        act(state, legal(state)[0])
    assert state.decision is not None and state.decision.kind == "battle" and state.decision.seat == 1
