"""The raid's questions are core windows (core/windows.py): one answer each at a defender, an encounter and
the room, a priority round at the access that the Champion closes by passing (SD-100..SD-126)."""

from __future__ import annotations

import json

import pytest

from spellforge import GAMES
from spellforge.core.rng import Rng
from spellforge.core.windows import EACH, PASSES

from .util import Side, act, card_id, legal, scenario


@pytest.mark.rules("SD-106", "SD-110", "SD-117", "SD-122", "SD-126")
def test_each_point_of_the_raid_is_a_window_of_the_seat_asked() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "pit-pikeman", "iron-sentinel:up"]}, mana=10),
        Side(arena=["forged-greatsword"], mana=10),
        active="champion",
    )
    sentinel = card_id(s, "iron-sentinel")
    act(s, "raid room A")
    w = s.window
    assert w is not None and (w.kind, w.order, w.close) == ("encounter", (s.ch,), EACH)
    assert s.decision is not None and s.decision.kind == "encounter" and s.defender() == sentinel
    act(s, f"use #{card_id(s, 'forged-greatsword')}")
    w = s.window
    assert w is not None and (w.kind, w.order, w.close) == ("summon", (s.ol,), EACH)
    act(s, "pass")  # the Pikeman is passed by
    w = s.window
    assert w is not None and (w.kind, w.order, w.close) == ("roombound", (s.ol,), EACH)
    act(s, "pass")
    w = s.window
    assert w is not None and (w.kind, w.order, w.close, w.until) == ("access", (s.ch,), PASSES, "raid_over")
    act(s, f"score #{card_id(s, 'tithe-of-ash')}")
    again = s.window
    assert again is not None and again.wid == w.wid and s.decision is not None  # the same round asks again
    assert legal(s) == ["done"]
    act(s, "done")
    assert not s.windows and s.raid_room < 0


def test_a_state_saved_while_the_raid_asked_without_windows_plays_on_as_one() -> None:
    game = GAMES["spelldawn"]
    for kind in ("summon", "encounter", "access"):
        state = game.new_game(seed=11)
        rng = Rng(4)
        while state.decision is not None and state.decision.kind != kind:
            legal_now = state.legal_actions()
            state.apply(legal_now[rng.randrange(len(legal_now))])
        assert state.decision is not None, kind
        saved = json.loads(json.dumps(state.to_json()))
        for name in ("windows", "window_serial", "stack", "uid_counter", "pending_triggers"):
            del saved["state"][name]  # as it was written before the raid ran on windows
        loaded = game.from_json(saved)
        w = loaded.window
        assert w is not None and (w.kind, w.order) == (kind, (state.decision.seat,))
        for _ in range(40):  # both play on alike
            if state.outcome is not None:
                break
            assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()]
            assert loaded.decision == state.decision
            a = state.legal_actions()[rng.randrange(len(state.legal_actions()))]
            state.apply(a)
            loaded.apply(loaded.game.parse_action(loaded, str(a)))
        assert loaded.outcome == state.outcome
