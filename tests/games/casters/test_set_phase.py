"""The Set Phase: how many cards, set at the same time, hidden until revealed (CA-031..033, CA-R12, CA-R13)."""

from __future__ import annotations

import json

import pytest

from spellforge.core.rng import Rng
from spellforge.games.casters.base import HAND, SET
from spellforge.games.casters.state import CastersState

from .casters_util import GAME, Side, act, card_id, events, legal, scenario

HAND_1 = ["tide-sprite", "reef-lancer", "gravel-ghoul", "searing-hex"]
HAND_2 = ["ashen-whelp", "frostbinder", "dusk-ravager", "quell"]


def set_phase(**kw: object) -> CastersState:
    sides = {
        "p1": Side(hand=list(HAND_1), stages=["skyfall-citadel", "misty-fen"]),
        "p2": Side(hand=list(HAND_2), stages=["dawnlit-shore"]),
    }
    return scenario(sides["p1"], sides["p2"], phase="set", **kw)  # type: ignore[arg-type]


@pytest.mark.rules("CA-031", "CA-032", "CA-012", "CA-R12", "CA-K17", "CA-K23")
def test_each_player_sets_one_card_per_face_up_stage_of_both_players() -> None:
    state = set_phase()
    assert state.set_quota == 3  # two Stages of P1 and one of P2
    while state.decision is not None and state.decision.kind == "set":
        act(state, legal(state)[0])
    assert [len(state.zones[SET[s]]) for s in (0, 1)] == [3, 3]
    assert [len(state.zones[HAND[s]]) for s in (0, 1)] == [1, 1]


@pytest.mark.rules("CA-R12")
def test_a_short_hand_sets_everything_it_has() -> None:
    state = scenario(
        Side(hand=["tide-sprite"], stages=["skyfall-citadel", "misty-fen"]),
        Side(hand=list(HAND_2), stages=["dawnlit-shore"]),
        phase="set",
    )
    assert [e.seat for e in events(state, "set")] == [0]  # P1's single card went down without a choice
    assert state.decision is not None and state.decision.seat == 1 and state.decision.data == (3,)


@pytest.mark.rules("CA-033", "CA-K17", "CA-R13")
def test_the_second_player_sees_the_same_view_whatever_the_first_set() -> None:
    base = set_phase()
    assert base.decision is not None and base.decision.seat == 0  # initiative sets first
    seen = []
    for picks in (
        ("tide-sprite", "reef-lancer", "gravel-ghoul"),
        ("searing-hex", "gravel-ghoul", "tide-sprite"),
    ):
        state = base.clone()
        for key in picks:
            act(state, f"set #{card_id(state, key, 0)}")
        assert state.decision is not None and state.decision.seat == 1
        seen.append(json.dumps(state.observe(1), sort_keys=True))
    assert seen[0] == seen[1]
    assert "sets a card face down" in seen[0] and "Tide Sprite" not in seen[0]


@pytest.mark.rules("CA-033", "CA-034", "CA-R13")
def test_the_first_player_sees_the_same_view_whatever_the_second_set() -> None:
    base = set_phase()
    for key in ("tide-sprite", "reef-lancer", "gravel-ghoul"):
        act(base, f"set #{card_id(base, key, 0)}")
    seen = []
    for picks in (("ashen-whelp", "frostbinder", "quell"), ("dusk-ravager", "quell", "ashen-whelp")):
        state = base.clone()
        for key in picks:
            act(state, f"set #{card_id(state, key, 1)}")
        assert state.decision is not None and state.decision.kind == "reveal" and state.decision.seat == 0
        seen.append(json.dumps(state.observe(0), sort_keys=True))
        for seat in (None, 0):  # the spectator and P1 see counts only
            for e in events(state, "set"):
                if e.seat == 1:
                    assert f"#{e.card}" not in state.describe_event(e, seat)
    assert seen[0] == seen[1]


@pytest.mark.rules("CA-033")
def test_set_views_of_a_real_game_hide_every_set_card() -> None:
    """Every option of every set decision leads to the same View for the other seat once the setter is done."""
    state = GAME.new_game(seed=5)
    assert isinstance(state, CastersState)
    first = state.initiative
    while state.decision is not None and state.decision.kind == "set":
        seat = state.decision.seat
        views = set()
        for option in state.legal_actions():
            branch = state.clone()
            branch.apply(option)
            while (
                branch.decision is not None and branch.decision.kind == "set" and branch.decision.seat == seat
            ):
                branch.apply(branch.legal_actions()[0])
            views.add(json.dumps(branch.observe(1 - seat), sort_keys=True))
        assert len(views) == 1
        state.apply(state.legal_actions()[-1])
    assert state.decision is not None and state.decision.kind == "reveal" and state.decision.seat == first


@pytest.mark.rules("CA-R13")
def test_face_down_cards_cannot_be_targeted_and_are_never_tapped() -> None:
    state = scenario(
        Side(set=["searing-hex"], field=["tide-sprite"]),
        Side(set=["gravel-ghoul", "reef-lancer"], field=["ashen-whelp"]),
        phase="reveal",
    )
    hexx = card_id(state, "searing-hex")
    options = legal(state)
    targets = {o.split("-> ")[1] for o in options if o.startswith("play")}
    assert targets == {f"#{card_id(state, 'tide-sprite')}", f"#{card_id(state, 'ashen-whelp')}"}
    assert all(not state.tapped[c] for c in state.zones[SET[1]])
    assert f"recycle #{hexx}" in options


@pytest.mark.rules("CA-R13")
def test_the_owner_may_look_at_their_face_down_cards() -> None:
    state = scenario(Side(set=["gravel-ghoul"]), Side(set=["reef-lancer", "tide-sprite"]), phase="reveal")
    mine = state.observe(1)["players"][1]["set"]
    theirs = state.observe(0)["players"][1]["set"]
    assert [c["name"] for c in mine["cards"]] == ["Reef Lancer", "Tide Sprite"]
    assert theirs == {"count": 2}
    det = state.determinize(0, Rng(3))
    assert det.observe(0)["players"][1]["set"] == {"count": 2}
