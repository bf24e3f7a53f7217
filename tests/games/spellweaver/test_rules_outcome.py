"""Winning and losing (SW-137..144, SW-R26, SW-R29) and the chess clock."""

from __future__ import annotations

import json

import pytest

from spellforge import IllegalActionError, Resign, find_game
from spellforge.core.clock import TimeUsed
from spellforge.core.rng import Rng
from spellforge.core.targets import PlayerRef

from .helpers import Side, build, card, creature, do, play

GAME = find_game("spellweaver")


@pytest.mark.rules("SW-137")
def test_life_below_one_loses_when_the_action_has_resolved() -> None:
    sc = build(Side(hand=["bolt:firebolt"], levels={"rage": 1}), Side(life=2))
    s = sc.state
    play(s, sc["bolt"], PlayerRef(1))
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "life"


@pytest.mark.rules("SW-R26", "SW-137")
def test_healed_before_the_action_ends_survives() -> None:
    gamble = card(
        "Blood Gamble",
        "action",
        effects=[
            {"do": "damage", "amount": 3, "to": "you"},
            {"do": "gain_life", "amount": 3},
        ],
    )
    sc = build(Side(hand=[("g", gamble)], life=2))
    s = sc.state
    play(s, sc["g"])
    assert s.outcome is None and s.life[0] == 2
    assert any(e.kind == "damage" and e.seat == 0 for e in s.events())


@pytest.mark.rules("SW-139")
def test_resigning_loses() -> None:
    state = GAME.new_game(seed=4)
    state.apply(Resign(state.current_player if state.current_player is not None else 0))
    assert state.outcome is not None and state.outcome.reason == "resignation"
    assert len(state.outcome.winners) == 1


@pytest.mark.rules("SW-141", "SW-R25")
def test_forty_life_wins() -> None:
    sc = build(Side(hand=["p:mending-prayer"], levels={"order": 1}, life=37))
    s = sc.state
    play(s, sc["p"])
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "40 life"


@pytest.mark.rules("SW-142")
def test_a_card_that_says_you_win() -> None:
    sc = build(Side(area=["c:celestial-convergence"], energy={"c": 3}), Side(), phase="start")
    s = sc.state
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "card"
    sc = build(Side(area=["c:celestial-convergence"], energy={"c": 2}), Side(), phase="start")
    assert sc.state.outcome is None and sc.state.energy[sc["c"]] == 3


@pytest.mark.rules("SW-144", "SW-143")
def test_both_at_once_the_active_player_wins() -> None:
    quake = card("Quake", "action", effects=[{"do": "damage", "amount": 5, "to": "each player"}])
    for active in (0, 1):
        sides = [Side(life=3), Side(life=3)]
        sides[active] = Side(life=3, hand=[("q", quake)])
        sc = build(*sides, active=active)
        play(sc.state, sc["q"])
        assert sc.state.outcome is not None and sc.state.outcome.winners == (active,)


@pytest.mark.rules("SW-143")
def test_random_games_never_end_in_a_draw() -> None:
    for seed in range(6):
        state = GAME.new_game(seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert state.outcome is not None and len(state.outcome.winners) == 1


@pytest.mark.rules("SW-140", "SW-R29")
def test_the_chess_clock() -> None:
    plain = GAME.new_game(seed=1)
    with pytest.raises(IllegalActionError, match="no clock"):
        plain.apply(TimeUsed(plain.current_player or 0, 100))
    state = GAME.new_game(seed=1, clock=10.0, increment=2.0)
    seat = state.current_player
    assert seat is not None and state.clock.banks == (10_000, 10_000)
    with pytest.raises(IllegalActionError, match="only the clock of the player to act"):
        state.apply(TimeUsed(1 - seat, 100))
    state.apply(TimeUsed(seat, 3_500))
    assert state.clock.banks[seat] == 10_000 - 3_500 + 2_000
    assert state.observe(None)["players"][seat]["clock"] == "8.5"
    clone = state.clone()  # a search's copy runs its own clock
    clone.apply(TimeUsed(seat, 1_000))
    assert state.clock.banks[seat] == 8_500 and clone.clock.banks[seat] == 9_500
    state.apply(state.legal_actions()[0])
    now = state.current_player
    assert now is not None
    state.apply(TimeUsed(now, state.clock.banks[now]))
    assert (
        state.outcome is not None and state.outcome.reason == "time" and state.outcome.winners == (1 - now,)
    )
    record = GAME.record(state)
    assert "clock" in record["actions"][0]
    replayed = GAME.replay(json.loads(json.dumps(record)))
    assert replayed.outcome == state.outcome and replayed.to_json() == state.to_json()


def test_a_lethal_attack_ends_the_game_when_combat_resolves() -> None:
    sc = build(Side(combat=[("a", creature("Raider", attack=25))]), Side(), manual=False, phase="combat")
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2")  # the engine takes every single-option step after it
    assert s.outcome is not None and s.outcome.reason == "life" and s.life[1] == -5
