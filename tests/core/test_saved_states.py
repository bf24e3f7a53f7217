"""A game state saved before frames and decision data were typed records (``saved/<game>.json``: the work
stack as ``(op name, *args)`` tuples, the decision's data as a plain tuple) still loads, as typed records,
and plays on exactly as it did: the same seats are asked the same questions with the same options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spellforge import GAMES
from spellforge.core.flow import Frame

SAVED = Path(__file__).parent / "saved"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVED / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_saved_with_tuple_frames_and_data_loads_as_typed_records(name: str) -> None:
    saved = load(name)["saved"]
    assert all("t" in frame for frame in saved["state"]["work"])  # written as tuples
    state = GAMES[name].from_json(saved)
    assert state.work and all(isinstance(frame, Frame) for frame in state.work)
    d = state.decision
    assert d is not None
    record = state.KINDS[d.kind].data
    assert record is not None and type(d.data) is record  # every saved decision here carries data
    again = GAMES[name].from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and again.work == state.work and again.decision == d


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_saved_before_plays_on_as_it_did(name: str) -> None:
    fixture = load(name)
    state = GAMES[name].from_json(fixture["saved"])
    for step in fixture["then"]:
        assert state.decision is not None
        assert (state.current_player, state.decision.kind) == (step["seat"], step["kind"])
        legal = state.legal_actions()
        assert [str(a) for a in legal] == step["legal"]
        state.apply(next(a for a in legal if str(a) == step["play"]))
    assert repr(state.outcome) == fixture["outcome"]


def test_a_casters_payment_saved_with_a_tuple_frame_loads_it_as_a_frame_and_plays_on() -> None:
    fixture = load("casters-paying")
    assert fixture["saved"]["state"]["payment"]["t"][3] == {"t": ["activate_card", 27, 0, "play", None]}
    state = GAMES["casters"].from_json(fixture["saved"])
    assert state.payment is not None  # type: ignore[attr-defined]
    then = state.payment[3]  # type: ignore[attr-defined]
    assert isinstance(then, Frame) and then.NAME == "activate_card" and then.args() == (27, 0, "play", None)
    for step in fixture["then"]:
        assert state.decision is not None
        assert (state.current_player, state.decision.kind) == (step["seat"], step["kind"])
        legal = state.legal_actions()
        assert [str(a) for a in legal] == step["legal"]
        state.apply(next(a for a in legal if str(a) == step["play"]))
    assert repr(state.outcome) == fixture["outcome"]
