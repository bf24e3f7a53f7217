"""Events at any time (SF-281..SF-283): a response round after every completed play and at every phase
boundary, who is asked in it, and what it may interrupt."""

from __future__ import annotations

import pytest

from spellforge import IllegalActionError
from spellforge.games.spellfire.scenario import Side, act, card, legal, pass_responses, scenario

FILL = ["village-militia"] * 2  # a card in hand keeps a player's decisions from being taken for him


def asked(state) -> tuple[str, int]:
    assert state.decision is not None
    return state.decision.kind, state.decision.seat


def step(state, text: str) -> None:
    """Apply ``text`` and stop at the very next decision (no response round is passed for the test)."""
    act(state, text, settle=False)


@pytest.mark.rules("SF-281", "SF-R23")
def test_after_each_play_every_other_player_may_play_an_event_clockwise():
    s = scenario(
        Side(hand=["mistwood-dale", "village-militia"]),
        Side(hand=["windfall", "village-militia"]),
        Side(hand=FILL),  # no event: asked all the same (a hidden hand)
        Side(),  # an empty hand: publicly nothing to play, never asked
        phase="realm",
    )
    step(s, f"play #{card(s, 'mistwood-dale')} -> slot P1.A")
    assert asked(s) == ("respond", 1)  # clockwise from the next seat
    assert f"play #{card(s, 'windfall')}" in legal(s)
    step(s, "pass")
    assert asked(s) == ("respond", 2) and legal(s) == ["pass"]
    step(s, "pass")
    assert asked(s) == ("realm", 0)  # the player who played is not asked again: the round is over


@pytest.mark.rules("SF-281")
def test_every_phase_boundary_opens_a_response_round():
    s = scenario(Side(hand=FILL), Side(hand=FILL), phase="start")
    seen = []
    while s.turn == 6:  # the active player's third turn (scenario: 3 turns of 2 players)
        kind, seat = asked(s)
        if kind == "respond":
            seen.append((s.phase, seat))
        step(s, "done" if "done" in legal(s) else "pass")
    phases = ["start", "draw", "realm", "pool", "attack", "cards", "end"]
    assert seen == [(p, 1) for p in phases]  # one round at the end of each phase, and no other


@pytest.mark.rules("SF-281", "SF-211", "SF-212", "SF-205")
def test_a_battle_gives_the_table_a_chance_after_the_attack_and_after_each_champion():
    def battle():
        return scenario(
            Side(hand=FILL, pool=["garrick-stormcloak"]),
            Side(hand=FILL, pool=["mara-swiftblade"], formation=["greymarch-fields"]),
            Side(hand=["earthquake-rift", "village-militia"]),
            phase="attack",
        )

    s = battle()
    step(s, "attack slot P2.A")
    assert asked(s) == ("respond", 1)
    step(s, "pass")
    assert asked(s) == ("respond", 2)
    step(s, "pass")
    assert asked(s) == ("champion", 0)
    step(s, f"send #{card(s, 'garrick-stormcloak')}")
    assert asked(s) == ("respond", 1)
    pass_responses(s)
    assert asked(s) == ("defend", 1)
    step(s, f"send #{card(s, 'mara-swiftblade')}")
    assert asked(s) == ("respond", 2)  # clockwise after the defender: the third player, then the attacker
    step(s, "pass")
    assert asked(s) == ("respond", 0)
    step(s, "pass")
    assert asked(s) in (("events", 0), ("fight", 0))  # the round itself, clockwise from the attacker

    # the third player razes the realm by cardplay before any champion is sent: the attack is over and the
    # attacker earns spoils
    s = battle()
    step(s, "attack slot P2.A")
    step(s, "pass")
    realm = card(s, "greymarch-fields")
    step(s, f"play #{card(s, 'earthquake-rift')} -> #{realm}")
    while s.decision.kind == "pause":
        step(s, "pass")
    assert s.zone_name(realm) == "discard"
    assert asked(s) == ("spoils", 0)
    act(s, "keep")
    assert asked(s) == ("attack", 0)  # no champion was asked for, the battle is over
    assert s.zone_name(card(s, "garrick-stormcloak")) == "pool"


@pytest.mark.rules("SF-281", "SF-282", "SF-297")
def test_an_event_in_a_response_round_hands_it_on_and_the_others_answer_after_it():
    s = scenario(
        Side(hand=["mistwood-dale", "village-militia"], deck=["tollgate-downs"] * 4),
        Side(hand=["windfall", "village-militia"], deck=["tollgate-downs"] * 4),
        Side(hand=["scouting-report", "village-militia"], deck=["tollgate-downs"] * 4),
        phase="realm",
    )
    step(s, f"play #{card(s, 'mistwood-dale')} -> slot P1.A")
    assert asked(s) == ("respond", 1)
    windfall = card(s, "windfall")
    step(s, f"play #{windfall}")
    assert asked(s) == ("pause", 2)  # the event's own pause first, clockwise from its player
    step(s, "pass")
    assert asked(s) == ("pause", 0)
    step(s, "pass")
    assert s.zone_name(windfall) == "void"  # resolved before anyone else plays (SF-282)
    assert asked(s) == ("respond", 2)  # then the others, the first player included
    step(s, "pass")
    assert asked(s) == ("respond", 0)
    step(s, "pass")
    assert asked(s) == ("realm", 0)  # the one who played the event is not asked again


@pytest.mark.rules("SF-283", "SF-282", "SF-314", "SF-264")
def test_no_event_interrupts_a_play_that_has_started():
    s = scenario(
        Side(hand=["windfall", "scouting-report"], deck=["tollgate-downs"] * 6, formation=["mistwood-dale"]),
        Side(hand=["earthquake-rift", "village-militia"]),
        phase="realm",
    )
    windfall = card(s, "windfall")
    step(s, f"play #{windfall}")
    assert asked(s) == ("pause", 1)
    with pytest.raises(IllegalActionError):  # not even the event's own player may play meanwhile
        act(s, f"play #{card(s, 'scouting-report')}")
    rift = card(s, "earthquake-rift")
    assert not any(a.startswith(f"play #{rift}") for a in legal(s))  # a pause takes no new event
    step(s, "pass")
    assert s.zone_name(windfall) == "void"  # the play is complete...
    assert asked(s) == ("respond", 1)  # ...and only now may the other player play his event
    assert f"play #{rift} -> #{card(s, 'mistwood-dale')}" in legal(s)
    step(s, "pass")
    assert asked(s) == ("realm", 0)
