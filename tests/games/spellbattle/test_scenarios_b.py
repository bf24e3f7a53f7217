"""The rules catalog's section 5 scenarios 15 to 20."""

from __future__ import annotations

import pytest

from spellforge import find_game
from spellforge.core.rng import Rng
from spellforge.games.spellbattle.actions import CallTime
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState
from spellforge.sim.matches import Entrant, MatchRules, single_elimination

GAME = find_game("spellbattle")


def until(s: SpellBattleState, kind: str, seat: int | None = None) -> None:
    for _ in range(300):
        d = s.decision
        assert d is not None, s.outcome
        if d.kind == kind and (seat is None or d.seat == seat):
            return
        do(s, "done" if d.kind in ("attackers", "blockers") else "pass")
    raise AssertionError(f"no {kind} decision")


def declare(s: SpellBattleState, seat: int, *actions: str) -> None:
    """``seat`` declares these attacks (or blocks), then is done if still asked."""
    kind = s.decision.kind if s.decision is not None else ""
    for action in actions:
        do(s, action)
    if s.decision is not None and s.decision.kind == kind and s.decision.seat == seat:
        do(s, "done")


def zone(s: SpellBattleState, name: str, seat: int) -> list[int]:
    return list(s.zones[getattr(s.layout, name)[seat]])


@pytest.mark.rules("SB-154", "SB-155", "SB-R15", "SB-R22")
def test_scenario_15_alliance_survival() -> None:
    s = scenario(
        Seat(life=2, play=["hedge-knight"], hand=["field-hand"]),
        Seat(play=["ash-squire", "war-ox"], hand=["field-hand"]),
        Seat(life=5, play=["tower-guard"], hand=["field-hand"]),
        Seat(hand=["field-hand"]),
        teams="alliance",
        step="attack",
        active=1,
    )
    squire, ox, knight = card(s, "ash-squire"), card(s, "war-ox"), card(s, "hedge-knight")
    until(s, "attackers", seat=1)
    declare(s, 1, f"attack #{squire} -> P1")
    until(s, "blockers", seat=0)
    do(s, "done")  # P1 takes 2 and reaches 20 damage
    assert not s.alive[0] and s.outcome is None  # P1 is out; the team plays on with P3
    assert s.zone_of[knight] == s.layout.out[0]
    until(s, "attackers", seat=2)  # P3's turn: only the other team's players can be attacked
    guard = card(s, "tower-guard")
    assert sorted(legal(s)) == sorted(["done", f"attack #{guard} -> P2", f"attack #{guard} -> P4"])
    do(s, "done")
    until(
        s, "attackers", seat=1
    )  # P4 has nothing to attack with; then P2 again: P1 is skipped, P3 is attacked
    declare(s, 1, f"attack #{ox} -> P3")
    until(s, "blockers", seat=2)
    do(s, "done")
    assert s.outcome is not None and s.outcome.winners == (1, 3)


@pytest.mark.rules("SB-154", "SB-R22")
def test_scenario_15_alliance_teammates_cannot_attack_each_other() -> None:
    s = scenario(
        Seat(play=["hedge-knight"]),
        Seat(),
        Seat(play=["tower-guard"]),
        Seat(),
        teams="alliance",
        step="attack",
    )
    until(s, "attackers", seat=0)
    assert not any(a.endswith("-> P3") for a in legal(s))


@pytest.mark.rules("SB-156", "SB-157", "SB-158", "SB-159", "SB-R22")
def test_scenario_16_as_one_life_and_blocks() -> None:
    s = scenario(
        Seat(play=["stone-giant", "war-ox", "field-hand"]),
        Seat(),
        Seat(play=["river-bandit", "ash-squire", "hedge-knight"]),
        Seat(play=["tower-guard"]),
        teams="as_one",
        step="attack",
    )
    giant, ox, hand_ = card(s, "stone-giant"), card(s, "war-ox"), card(s, "field-hand", zone="play")
    p3 = [card(s, k) for k in ("river-bandit", "ash-squire", "hedge-knight")]
    guard = card(s, "tower-guard")
    until(s, "attackers", seat=0)
    declare(s, 0, f"attack #{giant} -> P2", f"attack #{ox} -> P2", f"attack #{hand_} -> P2")
    until(s, "attackers", seat=2)
    do(s, "done")  # P3 holds back this time
    until(s, "blockers", seat=3)
    do(s, "done")
    until(s, "attackers", seat=0)  # the team's next turn
    assert s.life(1) == s.life(3) == 18  # 12 damage on the shared 30
    declare(s, 0, f"attack #{giant} -> P2", f"attack #{ox} -> P2", f"attack #{hand_} -> P2")
    until(s, "attackers", seat=2)
    for c in p3:
        do(s, f"attack #{c} -> P4")
    until(s, "blockers", seat=3)
    assert f"block #{guard} -> #{hand_}" in legal(s)  # P4 blocks an attacker aimed at P2
    do(s, f"block #{guard} -> #{hand_}")
    assert s.outcome is not None and s.outcome.winners == (0, 2)  # 12 + 18 = 30: the team is out
    assert not s.alive[1] and not s.alive[3]


@pytest.mark.rules("SB-164", "SB-165", "SB-166", "SB-R24")
def test_scenario_17_time_out_tiebreak() -> None:
    s = scenario(Seat(life=9, hand=["field-hand"]), Seat(life=7, hand=["ember-bolt"], farms=1), active=1)
    do(s, f"play #{card(s, 'ember-bolt')} -> P1")  # B deals the first damage of the game
    until(s, "priority")
    assert s.life(0) == s.life(1) == 7
    s.apply(CallTime())
    assert s.outcome is not None and s.outcome.winners == (1,)
    outcomes = set()
    for seed in range(10):  # no damage dealt: decided at random
        s = scenario(Seat(life=7), Seat(life=7), seed=seed)
        s.apply(CallTime())
        assert s.outcome is not None and "random" in s.outcome.reason
        outcomes.add(s.outcome.winners)
    assert outcomes == {(0,), (1,)}


@pytest.mark.rules("SB-177", "SB-178", "SB-179", "SB-181", "SB-R25")
def test_scenario_18_bye_assignment() -> None:
    entrants = [Entrant.player(f"E{i}") for i in range(7)]
    event = single_elimination(MatchRules("spellbattle", turn_limit=4), entrants, seed=18)
    first = event.rounds[0]
    assert len(first.byes) == 1 and len(first.matches) == 3 and len(first.advancing) == 4
    assert first.byes[0] in first.advancing  # the bye counts as a win
    assert {m.winner_name for m in first.matches} | set(first.byes) == set(first.advancing)
    assert [len(r.matches) for r in event.rounds] == [3, 2, 1] and event.champion in event.rounds[
        -1
    ].advancing


@pytest.mark.rules("SB-146", "SB-147", "SB-148", "SB-149", "SB-150", "SB-151", "SB-R19", "SB-R21")
def test_scenario_19_draft_passing_and_sealed() -> None:
    s = GAME.new_game(seed=19, players=4, format="draft")
    assert isinstance(s, SpellBattleState)
    rng = Rng(19)
    while s.step == "draft":
        legal_ = s.legal_actions()
        s.apply(legal_[rng.randrange(len(legal_))])  # random picks
    assert [len(zone(s, "pool", seat)) for seat in range(4)] == [45] * 4
    assert [e.amount for e in s.events() if e.kind == "draft_round"] == [1, 2, 3]
    while s.step == "build":
        legal_ = s.legal_actions()
        s.apply(legal_[rng.randrange(len(legal_))])
    assert [len(zone(s, "deck", seat)) + len(zone(s, "hand", seat)) for seat in range(4)] == [30] * 4
    sealed = GAME.new_game(seed=19, players=2, format="sealed")
    assert isinstance(sealed, SpellBattleState)
    assert [len(zone(sealed, "pool", seat)) for seat in range(2)] == [90, 90]


@pytest.mark.rules("SB-174", "SB-175", "SB-176", "SB-R26")
def test_scenario_20_off_the_top() -> None:
    s = GAME.new_game(seed=20, players=2, format="off_the_top")
    assert isinstance(s, SpellBattleState) and len(s.defs) == 100
    assert s.layout.deck[0] == s.layout.deck[1] and s.layout.discard[0] == s.layout.discard[1]
    s = scenario(
        Seat(hand=["fire-lance", "field-hand"], farms=2, deck=[]),
        Seat(play=["hedge-knight"], hand=["field-hand"], deck=[]),
        format="off_the_top",
    )
    knight, shared = card(s, "hedge-knight"), s.layout.discard[0]
    do(s, f"play #{card(s, 'fire-lance')} -> #{knight}")
    until(s, "priority", seat=0)
    assert set(s.zones[shared]) == {knight, card(s, "fire-lance")}  # one discard pile for both
    until(s, "priority", seat=1)  # P2's turn: P2 draws from the empty shared draw pile
    assert s.zones[shared] == [] and len(s.zones[s.layout.deck[1]]) == 1
