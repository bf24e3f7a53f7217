"""The active player and priority (SB-125..132, SB-R05)."""

from __future__ import annotations

import pytest

from spellforge import IllegalActionError
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def responsive() -> Seat:
    """A player who can always respond (two Quickens, two farms, a target), so no pass is forced."""
    return Seat(hand=["quicken", "quicken"], farms=2, play=["hedge-knight"])


def three_players(step: str, active: int) -> SpellBattleState:
    return scenario(responsive(), responsive(), responsive(), step=step, active=active)


def seat_of(s: SpellBattleState) -> tuple[str, int]:
    assert s.decision is not None
    return s.decision.kind, s.decision.seat


@pytest.mark.rules("SB-125", "SB-126", "SB-128")
@pytest.mark.parametrize("active", [0, 1, 2])
def test_the_active_player_receives_priority_first(active: int) -> None:
    for step in ("beginning", "draw", "attack", "main"):
        s = three_players(step, active)
        assert s.observe(None)["active"] == [active]
        assert seat_of(s) == ("priority", active)


@pytest.mark.rules("SB-129")
def test_passing_gives_priority_to_the_next_player_clockwise() -> None:
    s = three_players("main", active=1)
    seen = [seat_of(s)[1]]
    for _ in range(2):
        do(s, "pass")
        seen.append(seat_of(s)[1])
    assert seen == [1, 2, 0]  # P2, then the player to the left P3, then around to P1


@pytest.mark.rules("SB-127")
def test_only_the_player_holding_priority_may_act() -> None:
    s = three_players("main", active=1)
    assert seat_of(s) == ("priority", 1)
    mine = card(s, "quicken", seat=1)
    theirs = card(s, "quicken", seat=2)
    knight = card(s, "hedge-knight", seat=2)
    options = legal(s)
    assert f"play #{mine} -> #{knight}" in options
    assert not any(f"#{theirs}" in a for a in options)  # P3's card is not P2's to play
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        do(s, f"play #{theirs} -> #{knight}")
    assert s.to_json() == before
    do(s, "pass")
    assert seat_of(s) == ("priority", 2)
    assert f"play #{theirs} -> #{knight}" in legal(s)  # now P3 holds priority and may play it


@pytest.mark.rules("SB-127")
def test_attackers_are_declared_only_by_the_active_player_once_priority_has_gone_round() -> None:
    s = three_players("attack", active=1)
    for expected in (1, 2, 0):
        assert seat_of(s) == ("priority", expected)
        do(s, "pass")
    assert seat_of(s) == ("attackers", 1)


@pytest.mark.rules("SB-130", "SB-R05")
def test_limbo_resolves_only_after_every_player_passes_in_succession() -> None:
    s = three_players("main", active=1)
    knight = card(s, "hedge-knight", seat=1)
    do(s, f"play #{card(s, 'quicken', seat=1)} -> #{knight}")
    assert len(s.stack) == 1 and seat_of(s) == ("priority", 1)  # acting keeps priority
    do(s, "pass")  # P2
    do(s, "pass")  # P3
    assert len(s.stack) == 1 and s.speed(knight) == 2
    do(s, "pass")  # P1: now all three passed in succession
    assert not s.stack and s.speed(knight) == 4
    assert seat_of(s) == ("priority", 1)  # after a resolution the active player gets priority again


@pytest.mark.rules("SB-130", "SB-R05")
def test_a_response_restarts_the_round_and_resolves_first() -> None:
    s = three_players("main", active=1)
    k2 = card(s, "hedge-knight", seat=1)
    k3 = card(s, "hedge-knight", seat=2)
    do(s, f"play #{card(s, 'quicken', seat=1)} -> #{k2}", "pass")  # P2 plays and passes
    do(s, f"play #{card(s, 'quicken', seat=2)} -> #{k3}")  # P3 responds: the passes start again
    do(s, "pass", "pass")  # P3, P1
    assert len(s.stack) == 2
    do(s, "pass")  # P2: the newest item (P3's) resolves first
    assert len(s.stack) == 1 and s.speed(k3) == 4 and s.speed(k2) == 2
    assert seat_of(s) == ("priority", 1)  # SB-R05: back to the active player
    do(s, "pass", "pass")
    assert len(s.stack) == 1  # P2 and P3 passing is not yet everyone
    do(s, "pass")
    assert not s.stack and s.speed(k2) == 4


@pytest.mark.rules("SB-131")
def test_the_step_ends_only_when_everyone_passes_with_limbo_empty() -> None:
    s = three_players("beginning", active=0)
    hand = len(s.zones[s.layout.hand[0]])
    do(s, "pass", "pass")
    assert s.step == "beginning"
    do(s, "pass")
    assert s.step == "draw" and len(s.zones[s.layout.hand[0]]) == hand + 1
    # a card played in the window must resolve, and then everyone pass again, before the step ends
    do(s, f"play #{card(s, 'quicken', seat=0)} -> #{card(s, 'hedge-knight', seat=0)}")
    do(s, "pass", "pass", "pass")
    assert s.step == "draw" and not s.stack
    do(s, "pass", "pass", "pass")
    assert s.step == "attack"


def walk_turn(s: SpellBattleState) -> list[tuple[str, str, int]]:
    """Play the active player's turn (a Hedge Knight attacks into a Stone Giant), passing everywhere."""
    trail: list[tuple[str, str, int]] = []
    start = s.turn
    while s.turn == start:
        kind, seat = seat_of(s)
        trail.append((s.step, kind, seat))
        if kind == "attackers" and not s.attack_group:
            do(s, f"attack #{card(s, 'hedge-knight', seat=seat)} -> P2")
        elif kind in ("attackers", "blockers"):
            do(s, "done")
        elif kind == "blockers" and not s.block_group:
            do(s, f"block #{card(s, 'stone-giant', seat=seat)} -> #{card(s, 'hedge-knight', seat=0)}")
        else:
            do(s, "pass")
    return trail


@pytest.mark.rules("SB-132")
def test_a_full_round_of_passing_separates_steps_and_attack_phases() -> None:
    seat = Seat(hand=["quicken"], farms=1, play=["hedge-knight", "stone-giant"])  # a Quicken to keep
    s = scenario(seat, seat, step="beginning", active=0)
    trail = walk_turn(s)
    rounds = [("priority", 0), ("priority", 1)]

    def window_before(i: int) -> list[tuple[str, int]]:
        return [(k, seat) for _, k, seat in trail[i - 2 : i]]

    steps = [step for step, _, _ in trail]
    draw, attack, main = steps.index("draw"), steps.index("attack"), steps.index("main")
    assert window_before(draw) == rounds  # beginning -> draw
    assert window_before(attack) == rounds  # draw -> attack
    attackers = next(i for i, t in enumerate(trail) if t[1] == "attackers")
    blockers = next(i for i, t in enumerate(trail) if t[1] == "blockers")
    assert window_before(attackers) == rounds
    assert window_before(blockers) == rounds  # choosing attackers -> choosing blockers
    after_blocks = [(k, seat) for _, k, seat in trail[blockers + 1 : blockers + 5]]
    assert after_blocks == rounds + rounds  # blockers -> damage, damage -> removing damage
    assert [(k, seat) for _, k, seat in trail[main:]] == rounds  # after the main step, then the next turn
    assert s.turn == 4 and s.step == "beginning"
