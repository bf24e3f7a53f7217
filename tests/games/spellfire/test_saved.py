"""States saved before the battle and the plays were typed records still load, replay and play on; the
records round-trip through JSON and clone().

The two files under ``saved/`` were written by ``state.to_json()`` when the battle was a list of 14 ints and
a play's target an int code (a card id, ``-1 - seat``, a play's uid plus 10**7, or -10**6 for nothing):
* ``battle-with-plays``: two players in a round (P2's defender came out of a hidden pool), a spell of P2's
  pending, P1's dispel of it pending in the counter window, and a champion of P1 spent by a Wish;
* ``duplicate-pending``: four players, an event's duplicate waiting to be played (a ``copy_play`` frame).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spellforge import find_game
from spellforge.core.errors import RecordError
from spellforge.core.rng import Rng
from spellforge.core.targets import CardRef, PlayerRef, StackRef
from spellforge.games.spellfire.frames import CopyPlay
from spellforge.games.spellfire.records import DEFENDER_SIDE, GOING, Fight, PlayRec, upgrade_saved
from spellforge.games.spellfire.state import SpellfireState

SAVED = Path(__file__).parent / "saved"
GAME = find_game("spellfire")


def saved(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAVED / f"{name}.json").read_text(encoding="utf-8"))
    return data


def load(name: str) -> SpellfireState:
    s = GAME.from_json(saved(name))
    assert isinstance(s, SpellfireState)
    return s


def play_out(s: SpellfireState, seed: int) -> list[str]:
    rng = Rng(seed)
    actions = []
    while not s.is_over:
        legal = s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(str(action))
        s.apply(action)
    return actions


def test_a_battle_saved_with_plays_pending_loads_as_records() -> None:
    s = load("battle-with-plays")
    assert s.fight == Fight(0, 1, 55, 22, 80, rounds=1, over=GOING, from_hidden=DEFENDER_SIDE)
    assert s.plays == [
        PlayRec(12, 103, 1, None, -1, 80),  # P2's spell, aimed at nothing
        PlayRec(13, 50, 0, StackRef(12), -1, 13),  # P1's dispel, aimed at the spell
    ]
    assert s.spent == {14}  # it cast a Wish (SF-242)
    assert s.fought[14] == -1
    assert s.decision is not None and (s.decision.kind, s.decision.seat, s.decision.data) == (
        "counter",
        1,
        (13,),
    )
    # the log says the dispel answers the spell, as it did when it was written
    lines = [s.describe_event(e, None) for e in s.events() if e.kind == "cast"]
    assert lines[-1] == f"P1 casts {s.defs[50].name} against {s.defs[103].name}."
    assert s.observe(0)["pending"][1]["target"] == {"play": s.observe(0)["pending"][0]["card"]}


def test_a_saved_duplicate_waiting_to_be_played_loads_with_a_typed_target() -> None:
    s = load("duplicate-pending")
    assert s.n_seats == 4
    waiting = [f for f in s.work if isinstance(f, CopyPlay)]
    assert [(f.seat, f.card, f.target, f.of) for f in waiting] == [(2, 88, None, 20)]
    assert s.plays == [PlayRec(23, 88, 3, None, 20, -1)]


@pytest.mark.parametrize("name", ["battle-with-plays", "duplicate-pending"])
def test_a_saved_state_is_the_state_its_record_replays_to(name: str) -> None:
    data = saved(name)
    loaded = load(name)
    replayed = GAME.replay(data["record"])  # the saved actions replay with today's rules
    assert replayed.to_json() == loaded.to_json()
    assert GAME.from_json(loaded.to_json()).to_json() == loaded.to_json()  # and its new form round-trips


@pytest.mark.parametrize("name", ["battle-with-plays", "duplicate-pending"])
def test_a_saved_state_plays_on_as_its_replay_does(name: str) -> None:
    loaded = load(name)
    replayed = GAME.replay(saved(name)["record"])
    assert play_out(loaded, 5) == play_out(replayed, 5)
    assert loaded.outcome == replayed.outcome
    assert loaded.to_json() == replayed.to_json()


def test_a_state_saved_today_is_left_as_it_is() -> None:
    data = load("battle-with-plays").to_json()
    assert upgrade_saved(data) is data


def test_a_saved_battle_of_the_wrong_length_is_refused() -> None:
    data = saved("battle-with-plays")
    data["state"]["fight"] = data["state"]["fight"][:-1]
    with pytest.raises(RecordError, match="'fight' must be 14 numbers"):
        GAME.from_json(data)


def test_a_saved_play_aimed_at_nonsense_is_refused() -> None:
    data = saved("battle-with-plays")
    data["state"]["plays"][0]["v"][3] = "#12"
    with pytest.raises(RecordError, match="is not a play's target"):
        GAME.from_json(data)


def test_a_clone_copies_the_battle_and_shares_nothing_that_changes() -> None:
    s = load("battle-with-plays")
    c = s.clone()
    assert c.fight == s.fight and c.fight is not s.fight
    assert c.spent == s.spent
    c.fight.over = 2
    c.fight.att_champion = -1
    c.spent -= {14}
    assert s.fight.over == GOING and s.fight.att_champion == 22 and s.spent == {14}


def test_a_play_at_a_player_is_written_and_read_back_as_that_player() -> None:
    s = load("battle-with-plays")
    s.plays.append(PlayRec(99, 103, 0, PlayerRef(1), -1, -1))
    s.plays.append(PlayRec(100, 103, 0, CardRef(55), 99, -1))
    back = GAME.from_json(s.to_json())
    assert isinstance(back, SpellfireState)
    assert back.plays[-2:] == [
        PlayRec(99, 103, 0, PlayerRef(1), -1, -1),
        PlayRec(100, 103, 0, CardRef(55), 99, -1),
    ]
    assert back.observe(0)["pending"][-2]["target"] == {"player": 1}


def test_an_old_player_target_names_the_seat_it_named() -> None:
    data = saved("battle-with-plays")
    data["state"]["plays"][0]["v"][3] = -3  # -1 - seat: the third seat
    data["state"]["work"].append({"t": ["copy_play", 0, 103, -2, 12]})
    s = GAME.from_json(data)
    assert isinstance(s, SpellfireState)
    assert s.plays[0].target == PlayerRef(2)
    assert s.work[-1] == CopyPlay(0, 103, PlayerRef(1), 12)


def test_a_trait_granted_for_the_round_in_an_older_save_loads_as_a_core_grant() -> None:
    data = saved("battle-with-plays")
    assert data["state"]["granted"] == []
    data["state"]["granted"] = [{"t": [22, "flyer"]}]  # P1's champion in the round flew (SF-235)
    s = GAME.from_json(data)
    assert isinstance(s, SpellfireState)
    assert "flyer" in s.traits(22) and s.has_keyword(22, "flyer") and "flyer" not in s.traits(80)
    again = GAME.from_json(s.to_json())
    assert isinstance(again, SpellfireState) and "flyer" in again.traits(22)
    s.round_cleanup()
    assert "flyer" not in s.traits(22)  # it lasted the round
    data["state"]["granted"] = [7]
    with pytest.raises(RecordError, match="'granted' must be"):
        GAME.from_json(data)
