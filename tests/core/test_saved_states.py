"""A game state saved before frames, decision data, windows' and stack items' data were typed records
(``saved/<game>.json``: the work stack as ``(op name, *args)`` tuples, the data as plain tuples) still loads,
as typed records, and plays on exactly as it did: the same seats are asked the same questions with the same
options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spellforge import GAMES
from spellforge.core.clock import Clock, TimeUsed
from spellforge.core.errors import RecordError
from spellforge.core.flow import Frame
from spellforge.core.rng import Rng
from spellforge.core.windows import WaitingTrigger, WindowState
from spellforge.games.casters.decisions import CardItemData
from spellforge.games.spellfire.decisions import PlayData

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


def plays_on(state: Any, fixture: dict[str, Any]) -> None:
    """``state`` asks the same seats the same questions with the same options as the saved game did."""
    for step in fixture["then"]:
        assert state.decision is not None
        assert (state.current_player, state.decision.kind) == (step["seat"], step["kind"])
        legal = state.legal_actions()
        assert [str(a) for a in legal] == step["legal"]
        state.apply(next(a for a in legal if str(a) == step["play"]))
    assert repr(state.outcome) == fixture["outcome"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_saved_before_plays_on_as_it_did(name: str) -> None:
    fixture = load(name)
    plays_on(GAMES[name].from_json(fixture["saved"]), fixture)


# saved with items on the stack whose data was a plain tuple: a copy of a card, a trigger with the card of its
# event, a card played for a mode and a response ability with its source
STACKS = ("spellbattle-limbo", "spellbattle-trigger", "casters-stack")


@pytest.mark.parametrize("name", STACKS)
def test_a_state_saved_with_tuple_item_data_loads_it_as_records_and_plays_on(name: str) -> None:
    fixture = load(name)
    game = GAMES[name.split("-")[0]]
    saved = fixture["saved"]["state"]["stack"]
    assert any(item["v"][-1]["t"] for item in saved)  # an item carrying data, written as a tuple
    state = game.from_json(fixture["saved"])
    assert isinstance(state, WindowState) and len(state.stack) == len(saved)
    assert all(type(item.data) is (state.ITEM_RECORDS[item.kind] or tuple) for item in state.stack)
    for item, old in zip(state.stack, saved, strict=True):  # the saved values first (then any defaults)
        assert tuple(item.data)[: len(old["v"][-1]["t"])] == tuple(old["v"][-1]["t"])
    again = game.from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and again.stack == state.stack
    plays_on(state, fixture)


# saved with triggered abilities waiting to go on the stack (its controller chooses their order) when they
# waited as plain tuples: Casters' (seat, card, effect, source, event card), Spell Battle's (seat, card,
# effect, event card)
WAITING = ("casters-waiting", "spellbattle-waiting")


@pytest.mark.parametrize("name", WAITING)
def test_waiting_triggers_saved_as_tuples_load_as_records_and_play_on(name: str) -> None:
    fixture = load(name)
    game = GAMES[name.split("-")[0]]
    saved = [t["t"] for t in fixture["saved"]["state"]["pending_triggers"]]
    assert len(saved) >= 2 and fixture["saved"]["state"]["decision"]["v"][0] == "trigger_order"
    state = game.from_json(fixture["saved"])
    assert isinstance(state, WindowState) and len(state.pending_triggers) == len(saved)
    for t, old in zip(state.pending_triggers, saved, strict=True):
        source = old[3] if len(old) == 5 else old[1]  # a 4-field trigger's card is its source
        assert type(t) is WaitingTrigger
        assert (t.seat, t.card, t.effect, t.source, t.event_card) == (old[0], old[1], old[2], source, old[-1])
    again = game.from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and again.pending_triggers == state.pending_triggers
    plays_on(state, fixture)


def test_a_spellweaver_trigger_saved_waiting_as_a_tuple_loads_as_its_record() -> None:
    """Spellweaver's waiting trigger was (seat, card, effect, the card it is about: itself when the event
    was about no card)."""
    game = GAMES["spellweaver"]
    state = game.new_game(seed=3)
    data = json.loads(json.dumps(state.to_json()))
    data["state"]["pending_triggers"] = [{"t": [0, 5, 1, 5]}, {"t": [1, 7, 0, 9]}]
    loaded = game.from_json(data)
    assert isinstance(loaded, WindowState)
    assert loaded.pending_triggers == [WaitingTrigger(0, 5, 1, 5, 5), WaitingTrigger(1, 7, 0, 7, 9)]
    assert game.from_json(json.loads(json.dumps(loaded.to_json()))).to_json() == loaded.to_json()


def test_a_casters_minion_saved_as_negated_in_a_tuple_loads_as_negated() -> None:
    fixture = load("casters-stack")
    item = next(i for i in fixture["saved"]["state"]["stack"] if i["v"][1] == "card")
    item["v"][-1] = {"t": ["play", "negated"]}
    state = GAMES["casters"].from_json(fixture["saved"])
    assert isinstance(state, WindowState)
    assert next(i for i in state.stack if i.kind == "card").data == CardItemData("play", negated=True)


def test_a_spellfire_pause_saved_with_tuple_data_loads_as_its_record() -> None:
    state = GAMES["spellfire"].new_game(seed=0)
    rng = Rng(0)
    assert isinstance(state, WindowState)
    while not any(w.kind == "pause" for w in state.windows):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    data = json.loads(json.dumps(state.to_json()))
    pause = next(w for w in data["state"]["windows"] if w["v"][1] == "pause")
    assert pause["v"][-1] == {"nt": "PlayData", "v": [1]}
    pause["v"][-1] = {"t": [1]}  # as it was written before windows carried records
    loaded = GAMES["spellfire"].from_json(data)
    assert isinstance(loaded, WindowState) and loaded.windows == state.windows
    assert loaded.to_json() == state.to_json() and type(loaded.windows[-1].data) is PlayData


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


def test_a_spellweaver_clock_saved_as_a_list_of_banks_loads_as_the_clock_and_plays_on() -> None:
    fixture = load("spellweaver-clock")
    banks = tuple(fixture["saved"]["state"]["clock_ms"])
    assert fixture["saved"]["record"]["options"] == {"clock": 30, "increment": 2} and min(banks) < 30_000
    state = GAMES["spellweaver"].from_json(fixture["saved"])
    assert state.game_clock() == Clock(banks, 2000)
    again = GAMES["spellweaver"].from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json() and again.game_clock() == Clock(banks, 2000)
    seat = state.current_player
    assert seat is not None
    state.apply(TimeUsed(seat, 1500))  # the banks run on as they did: the increment added after the move
    assert state.game_clock() == Clock(
        tuple(b - 1500 + 2000 if s == seat else b for s, b in enumerate(banks)), 2000
    )
    plays_on(state, fixture)


def test_a_state_saved_before_an_attribute_was_added_later_loads_with_a_new_games_value() -> None:
    """``ADDED_LATER``: an attribute a game gained after its states were saved may be absent from a saved
    state (it loads as a new game of the record starts it); any other attribute absent is still an error."""
    game = GAMES["spelldawn"]
    state = game.new_game(seed=3)
    assert "windows" in type(state).ADDED_LATER and "ap" not in type(state).ADDED_LATER
    data = json.loads(json.dumps(state.to_json()))
    del data["state"]["windows"], data["state"]["pending_triggers"]
    loaded = game.from_json(data)
    assert loaded.to_json() == state.to_json()
    del data["state"]["ap"]
    with pytest.raises(RecordError, match="game state is missing ap"):
        game.from_json(data)
