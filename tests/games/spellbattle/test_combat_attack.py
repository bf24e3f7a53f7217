"""Spell Battle: declaring attackers and blockers (SB-051..SB-058, SB-082, SB-R07, SB-R12)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import Done, Pass
from spellforge.core import events as ev
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def pass_until(s: SpellBattleState, done: Callable[[SpellBattleState], bool], limit: int = 300) -> None:
    """Pass priority and declare no attackers or blockers, one decision at a time, until ``done(s)``."""
    for _ in range(limit):
        if done(s):
            return
        assert s.decision is not None and s.decision.kind in ("priority", "attackers", "blockers"), s.decision
        s.apply(Pass() if s.decision.kind == "priority" else Done())
    raise AssertionError("the condition never came")


def kinds(s: SpellBattleState) -> list[str]:
    return [e.kind for e in s.events()]


# ---------------------------------------------------------------- the four phases


@pytest.mark.rules("SB-051")
def test_an_attack_runs_attackers_blockers_damage_then_damage_removal() -> None:
    """With a response in both hands every phase change waits for a round of passes, so the phases can
    be watched one by one."""
    s = scenario(
        Seat(play=["tower-guard"], hand=["ember-bolt"], farms=1),
        Seat(play=["hedge-knight"], hand=["ember-bolt"], farms=1),
        step="attack",
    )
    guard, knight = card(s, "tower-guard"), card(s, "hedge-knight")
    do(s, "pass", "pass")  # the priority round that opens the attack step
    assert s.decision.kind == "attackers"
    do(s, f"attack #{guard} -> P2")  # the only attacker: done is taken at once
    # 1 -> 2: attackers chosen, nobody has blocked yet, priority round
    assert s.decision.kind == "priority" and guard in s.attack_group and not s.block_group
    do(s, "pass", "pass")
    assert s.decision.kind == "blockers"
    do(s, f"block #{knight} -> #{guard}")
    # 2 -> 3: blockers chosen, no damage yet
    assert s.decision.kind == "priority" and s.block_group == {knight: 0}
    assert s.damage[guard] == 0
    do(s, "pass", "pass")
    # 3 -> 4: damage dealt (the knight is destroyed, the guard is marked), not yet removed
    assert s.decision.kind == "priority" and s.step == "attack"
    assert not s.in_play(knight) and s.damage[guard] == 2
    do(s, "pass", "pass")
    # 4: damage removed, the attack is over
    assert s.step == "main" and s.damage[guard] == 0 and not s.attack_group
    order = [k for k in kinds(s) if k in ("attack", "block", ev.DAMAGE, "combat_end")]
    assert order == ["attack", "block", ev.DAMAGE, ev.DAMAGE, "combat_end"]


# ---------------------------------------------------------------- attackers


@pytest.mark.rules("SB-052", "SB-115")
def test_any_number_of_right_side_up_characters_may_attack() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "quick-scout", ("war-ox", {"tapped": True})]), Seat(), step="attack"
    )
    knight, scout, ox = card(s, "hedge-knight"), card(s, "quick-scout"), card(s, "war-ox")
    assert s.decision.kind == "attackers" and s.decision.seat == 0
    options = legal(s)
    assert {"done", f"attack #{knight} -> P2", f"attack #{scout} -> P2"} <= set(options)
    assert not any(f"#{ox}" in a for a in options)
    do(s, f"attack #{knight} -> P2", f"attack #{scout} -> P2")
    assert s.life(1) == 17


@pytest.mark.rules("SB-052")
def test_attacking_is_optional() -> None:
    s = scenario(Seat(play=["hedge-knight"], hand=["war-ox"]), Seat(), step="attack")
    do(s, "done")
    assert s.step == "main" and s.life(1) == 20 and not s.tapped[card(s, "hedge-knight")]


@pytest.mark.rules("SB-053")
def test_each_attacker_attacks_an_opposing_player_of_its_controllers_choice() -> None:
    s = scenario(Seat(play=["hedge-knight", "war-ox"]), Seat(), Seat(), step="attack")
    knight, ox = card(s, "hedge-knight"), card(s, "war-ox")
    options = legal(s)
    assert {f"attack #{knight} -> P2", f"attack #{knight} -> P3"} <= set(options)
    assert f"attack #{knight} -> P1" not in options
    do(s, f"attack #{knight} -> P3", f"attack #{ox} -> P2")
    assert [s.life(p) for p in range(3)] == [20, 15, 18]


@pytest.mark.rules("SB-054", "SB-112")
def test_attackers_turn_sideways_when_declared() -> None:
    s = scenario(Seat(play=["hedge-knight", "war-ox"]), Seat(play=["tower-guard"]), step="attack")
    knight, ox = card(s, "hedge-knight"), card(s, "war-ox")
    do(s, f"attack #{knight} -> P2")
    assert s.decision.kind == "attackers"  # still declaring: the knight is already sideways
    assert s.tapped[knight] and not s.tapped[ox]
    do(s, "done")
    pass_until(s, lambda s: s.step == "main")
    assert s.tapped[knight]  # and it stays sideways after combat


@pytest.mark.rules("SB-082", "SB-R12")
def test_a_character_played_in_the_main_step_attacks_next_turn_at_the_earliest() -> None:
    s = scenario(Seat(hand=["hedge-knight", "war-ox"], farms=2), Seat(), step="main")
    knight = card(s, "hedge-knight")
    do(s, f"play #{knight}")
    pass_until(s, lambda s: s.in_play(knight))
    pass_until(s, lambda s: s.decision.kind == "attackers" and s.decision.seat == 0)
    assert s.turn == 5  # P1's next turn: the rest of turn 3 (and P2's turn 4) had no P1 attack step
    assert not any(e.kind == "attack" for e in s.events())
    assert f"attack #{knight} -> P2" in legal(s)  # no summoning sickness once its turn comes


@pytest.mark.rules("SB-R12")
def test_a_character_that_entered_play_in_another_players_turn_may_attack() -> None:
    s = scenario(
        Seat(hand=["hedge-knight"], farms=1), Seat(hand=["hidden-blade"], farms=1), step="main", active=0
    )
    blade = card(s, "hidden-blade")
    do(s, "pass")  # P1 passes in the main step; P2 plays an ambush character at the end of P1's turn
    do(s, f"play #{blade}")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    assert s.active_seats() == [1] and f"attack #{blade} -> P1" in legal(s)


# ---------------------------------------------------------------- blockers


@pytest.mark.rules("SB-055", "SB-115")
def test_defenders_choose_any_of_their_right_side_up_characters_and_what_each_blocks() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "river-bandit"]),
        Seat(play=["tower-guard", "war-ox", ("stone-giant", {"tapped": True})]),
        step="attack",
    )
    knight, bandit = card(s, "hedge-knight"), card(s, "river-bandit")
    guard, ox, giant = card(s, "tower-guard"), card(s, "war-ox"), card(s, "stone-giant")
    do(s, f"attack #{knight} -> P2", f"attack #{bandit} -> P2")  # done follows: nobody else can attack
    assert (s.decision.kind, s.decision.seat) == ("blockers", 1)
    options = set(legal(s))
    assert options == {
        "done",
        f"block #{guard} -> #{knight}",
        f"block #{guard} -> #{bandit}",
        f"block #{ox} -> #{knight}",
        f"block #{ox} -> #{bandit}",
    }
    assert not any(f"#{giant}" in a for a in options)
    do(s, f"block #{ox} -> #{bandit}")
    assert s.block_group == {ox: s.attack_group[bandit]}
    assert set(legal(s)) == {"done", f"block #{guard} -> #{knight}", f"block #{guard} -> #{bandit}"}
    do(s, "done")
    assert s.life(1) == 18  # the knight was not blocked


@pytest.mark.rules("SB-056", "SB-087", "SB-058")
def test_a_blocked_attacker_fights_its_blockers_and_the_unblocked_hit_the_player() -> None:
    s = scenario(Seat(play=["war-ox", "hedge-knight"]), Seat(play=["tower-guard"]), step="attack")
    ox, knight, guard = card(s, "war-ox"), card(s, "hedge-knight"), card(s, "tower-guard")
    do(s, f"attack #{ox} -> P2", f"attack #{knight} -> P2")
    do(s, f"block #{guard} -> #{ox}")
    assert s.life(1) == 18  # only the knight's 2
    assert not s.in_play(guard)  # the ox's 5 went to its blocker
    hits = [(e.other, e.card) for e in s.events() if e.kind == ev.DAMAGE]
    assert (ox, guard) in hits and (guard, ox) in hits and (knight, -1) in hits
    assert (ox, -1) not in hits


@pytest.mark.rules("SB-057")
def test_any_number_of_characters_may_block_one_attacker() -> None:
    s = scenario(
        Seat(play=["stone-giant"]), Seat(play=["field-hand", "ash-squire", "hedge-knight"]), step="attack"
    )
    giant = card(s, "stone-giant")
    blockers = [card(s, k, seat=1, zone="play") for k in ("field-hand", "ash-squire", "hedge-knight")]
    do(s, f"attack #{giant} -> P2")
    for b in blockers:
        do(s, f"block #{b} -> #{giant}")
    assert set(s.block_group) == set(blockers)
    assert s.decision.kind == "assign"  # the giant splits its 6 among three blockers
    do(s, f"assign #{giant}: 1 -> #{blockers[0]}", f"assign #{giant}: 2 -> #{blockers[1]}")
    do(s, f"assign #{giant}: 3 -> #{blockers[2]}")
    assert not any(s.in_play(b) for b in blockers)
    assert s.in_play(giant) and s.life(1) == 20


# ---------------------------------------------------------------- SB-R07


@pytest.mark.rules("SB-R07")
def test_one_blocker_blocks_one_attacker_per_attack_and_stays_right_side_up() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "quick-scout"], hand=["ember-bolt"], farms=1),
        Seat(play=["war-ox"]),
        step="attack",
    )
    knight, scout, ox = card(s, "hedge-knight"), card(s, "quick-scout"), card(s, "war-ox")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{knight} -> P2", f"attack #{scout} -> P2")
    pass_until(s, lambda s: s.decision.kind == "blockers")
    assert set(legal(s)) == {"done", f"block #{ox} -> #{knight}", f"block #{ox} -> #{scout}"}
    do(s, f"block #{ox} -> #{knight}")  # no second block for the ox: done follows at once
    assert (s.decision.kind, s.decision.seat) == ("priority", 0)  # the round before damage
    assert s.block_group == {ox: s.attack_group[knight]} and not s.tapped[ox]
    pass_until(s, lambda s: s.step == "main")
    assert s.life(1) == 19 and not s.tapped[ox]


@pytest.mark.rules("SB-R07")
def test_a_defender_blocks_only_attackers_attacking_them() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "river-bandit"]),
        Seat(play=["war-ox"]),
        Seat(play=["tower-guard"]),
        step="attack",
    )
    knight, bandit = card(s, "hedge-knight"), card(s, "river-bandit")
    ox, guard = card(s, "war-ox"), card(s, "tower-guard")
    do(s, f"attack #{knight} -> P2", f"attack #{bandit} -> P3")
    assert (s.decision.kind, s.decision.seat) == ("blockers", 1)
    assert set(legal(s)) == {"done", f"block #{ox} -> #{knight}"}
    do(s, "done")
    assert (s.decision.kind, s.decision.seat) == ("blockers", 2)
    assert set(legal(s)) == {"done", f"block #{guard} -> #{bandit}"}


@pytest.mark.rules("SB-R07")
def test_sideways_characters_cannot_block() -> None:
    s = scenario(
        Seat(play=["hedge-knight"]),
        Seat(play=[("war-ox", {"tapped": True})], hand=["ember-bolt"], farms=1),
        step="attack",
    )
    knight = card(s, "hedge-knight")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{knight} -> P2")
    pass_until(s, lambda s: s.step == "main")
    assert not any(e.kind == "block" for e in s.events())
    assert s.life(1) == 18
