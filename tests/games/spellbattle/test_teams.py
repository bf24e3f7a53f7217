"""Teams (Alliance, As one), seating and elimination (SB-152..159, SB-R15, SB-R22, SB-R23, SB-R28)."""

from __future__ import annotations

import pytest

from spellforge import SpellforgeError, find_game
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState

GAME = find_game("spellbattle")


def until(s: SpellBattleState, kind: str, seat: int | None = None) -> None:
    """Pass priority (and decline attacks and blocks) until a decision of ``kind`` (for ``seat``)."""
    for _ in range(300):
        d = s.decision
        assert d is not None, s.outcome
        if d.kind == kind and (seat is None or d.seat == seat):
            return
        do(s, "done" if d.kind in ("attackers", "blockers") else "pass")
    raise AssertionError(f"no {kind} decision")


def resolve(s: SpellBattleState) -> None:
    while s.stack and s.decision is not None and s.decision.kind == "priority":
        do(s, "pass")


def draws(s: SpellBattleState) -> list[int]:
    """Cards each seat drew since the scenario was placed."""
    return [sum(1 for e in s.events() if e.kind == "draw" and e.seat == seat) for seat in range(s.n_seats)]


def farm_now(s: SpellBattleState, seat: int) -> None:
    """Pass until ``seat`` may play a farm, and play the first card of their hand as one."""
    for _ in range(50):
        if s.decision is not None and s.decision.seat == seat and "farm" in legal(s):
            do(s, "farm")
            do(s, legal(s)[0])
            return
        do(s, "done" if s.decision is not None and s.decision.kind in ("attackers", "blockers") else "pass")
    raise AssertionError("no farm")


def keeper() -> Seat:
    """A player with a Field Hand in hand: their main step always asks them something."""
    return Seat(hand=["field-hand"])


# ---------------------------------------------------------------------- team set-up (SB-152, SB-153, SB-R23)


@pytest.mark.rules("SB-152")
@pytest.mark.parametrize(("players", "teams"), [(4, 2), (6, 2), (6, 3)])
def test_teams_of_two_or_three_in_four_and_six_player_games(players: int, teams: int) -> None:
    for mode in ("alliance", "as_one"):
        s = GAME.new_game(seed=1, players=players, teams=mode, team_count=teams)
        assert isinstance(s, SpellBattleState)
        sizes = [s.team_of.count(t) for t in range(teams)]
        assert sizes == [players // teams] * teams


@pytest.mark.rules("SB-152")
@pytest.mark.parametrize(("players", "teams"), [(2, 2), (3, 2), (5, 2), (8, 2), (8, 4), (4, 4), (6, 6)])
def test_other_team_set_ups_are_refused(players: int, teams: int) -> None:
    with pytest.raises(SpellforgeError, match="SB-152"):
        GAME.new_game(seed=1, players=players, teams="alliance", team_count=teams)


@pytest.mark.rules("SB-153")
def test_the_team_modes_are_alliance_and_as_one() -> None:
    assert set(GAME.option("teams").choices) == {"none", "alliance", "as_one"}
    with pytest.raises(SpellforgeError, match="teams"):
        GAME.new_game(seed=1, players=4, teams="coalition")


@pytest.mark.rules("SB-R23", "SB-042")
def test_alliance_teams_sit_alternately_so_turns_alternate_between_teams() -> None:
    s = scenario(keeper(), keeper(), keeper(), keeper(), teams="alliance", step="main", active=0)
    assert s.team_of == (0, 1, 0, 1)
    teams_in_turn = []
    for _ in range(4):
        teams_in_turn.append(s.team_of[s.active_seats()[0]])
        turn = s.turn
        while s.turn == turn:
            do(
                s,
                "done" if s.decision is not None and s.decision.kind in ("attackers", "blockers") else "pass",
            )
    assert teams_in_turn == [0, 1, 0, 1]
    six = GAME.new_game(seed=1, players=6, teams="alliance", team_count=3)
    assert isinstance(six, SpellBattleState) and six.team_of == (0, 1, 2, 0, 1, 2)


@pytest.mark.rules("SB-R23", "SB-R26", "SB-157")
def test_two_as_one_teams_are_two_seats_so_the_first_team_skips_its_first_draw() -> None:
    s = GAME.new_game(seed=3, players=4, teams="as_one")
    assert isinstance(s, SpellBattleState) and s.sides == ((0, 2), (1, 3))
    first = s.active_seats()
    assert s.turn == 1 and len(first) == 2
    draws = {seat: sum(1 for e in s.events() if e.kind == "draw" and e.seat == seat) for seat in range(4)}
    assert all(draws[seat] == 7 for seat in first)  # both members of the first seat skipped the draw
    three = GAME.new_game(seed=3, players=6, teams="as_one", team_count=3)
    assert isinstance(three, SpellBattleState)
    firsts = three.active_seats()
    assert all(sum(1 for e in three.events() if e.kind == "draw" and e.seat == seat) == 8 for seat in firsts)


# ---------------------------------------------------------------------- Alliance (SB-154, SB-155, SB-R22)


def alliance(*seats: Seat, **kw: object) -> SpellBattleState:
    return scenario(*seats, teams="alliance", **kw)  # type: ignore[arg-type]


@pytest.mark.rules("SB-154", "SB-R22")
def test_alliance_players_cannot_attack_or_aim_opponent_cards_at_teammates() -> None:
    s = alliance(
        Seat(play=["hedge-knight"], hand=["ember-bolt"], farms=1), keeper(), keeper(), keeper(), step="attack"
    )
    knight, bolt = card(s, "hedge-knight"), card(s, "ember-bolt")
    assert f"play #{bolt} -> P2" in legal(s) and f"play #{bolt} -> P4" in legal(s)
    assert f"play #{bolt} -> P3" not in legal(s)  # a teammate is no opponent
    until(s, "attackers")
    assert sorted(legal(s)) == sorted(["done", f"attack #{knight} -> P2", f"attack #{knight} -> P4"])


@pytest.mark.rules("SB-R22")
def test_alliance_players_have_their_own_life_and_block_only_for_themselves() -> None:
    s = alliance(
        Seat(play=["ash-squire"]),
        Seat(play=["war-ox"]),
        Seat(),
        Seat(play=["stone-giant"]),
        step="attack",
    )
    squire = card(s, "ash-squire")
    until(s, "attackers")
    do(s, f"attack #{squire} -> P2")
    until(s, "blockers")
    assert s.decision is not None and s.decision.seat == 1  # only the attacked player blocks
    assert legal(s) == ["done", f"block #{card(s, 'war-ox')} -> #{squire}"]
    do(s, "done")
    assert [s.life(seat) for seat in range(4)] == [20, 18, 20, 20]


@pytest.mark.rules("SB-155", "SB-R22", "SB-R15")
def test_an_alliance_team_plays_on_until_every_member_is_out() -> None:
    s = alliance(
        Seat(hand=["fire-lance", "fire-lance", "field-hand"], farms=4),
        Seat(life=3, play=["war-ox"], hand=["field-hand"]),
        Seat(hand=["field-hand"]),
        Seat(life=3, hand=["field-hand"]),
    )
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'fire-lance', nth=0)} -> P2")
    resolve(s)
    assert not s.alive[1] and s.outcome is None  # P4 is still in the game for the team
    assert s.zone_of[ox] == s.layout.out[1]  # the cards P2 owned left the game with P2
    do(s, f"play #{card(s, 'fire-lance', zone='hand')} -> P4")
    resolve(s)
    assert s.outcome is not None and s.outcome.winners == (0, 2)


# ---------------------------------------------------------------------- As one (SB-156..159, SB-R22, SB-R28)


def as_one(*seats: Seat, **kw: object) -> SpellBattleState:
    return scenario(*seats, teams="as_one", **kw)  # type: ignore[arg-type]


@pytest.mark.rules("SB-156", "SB-R22")
def test_an_as_one_team_shares_thirty_life() -> None:
    s = as_one(Seat(hand=["fire-lance", "field-hand"], farms=2), keeper(), keeper(), keeper())
    assert [s.life(seat) for seat in range(4)] == [30, 30, 30, 30]
    assert s.observe(None)["players"][3]["life"] == 30
    do(s, f"play #{card(s, 'fire-lance')} -> P4")
    resolve(s)
    assert [s.life(seat) for seat in range(4)] == [30, 27, 30, 27]


@pytest.mark.rules("SB-156", "SB-R22", "SB-013")
def test_an_as_one_team_loses_when_its_shared_life_has_taken_thirty_damage() -> None:
    s = as_one(Seat(hand=["fire-lance", "field-hand"], farms=2), Seat(life=4), keeper(), keeper())
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    resolve(s)
    assert s.outcome is None and s.life(3) == 1  # 29 damage: still in
    s = as_one(Seat(hand=["fire-lance", "field-hand"], farms=2), Seat(life=3), keeper(), keeper())
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    assert s.outcome is not None and s.outcome.winners == (0, 2) and not s.alive[3]


@pytest.mark.rules("SB-157", "SB-R22", "SB-R28")
def test_an_as_one_team_takes_one_turn_in_which_every_member_untaps_draws_and_plays_a_farm() -> None:
    s = as_one(
        Seat(play=[("hedge-knight", {"tapped": True})], tapped_farms=1, hand=["field-hand"]),
        keeper(),
        Seat(play=[("ash-squire", {"tapped": True})], tapped_farms=1, hand=["field-hand"]),
        keeper(),
        step="beginning",
    )
    assert s.active_seats() == [0, 2]
    assert not any(s.tapped[c] for c in s.zones[s.layout.play] if s.controller[c] in (0, 2))
    assert draws(s) == [1, 0, 1, 0]  # each member drew one
    farm_now(s, 0)
    farm_now(s, 2)  # P3 may play a farm in the same turn
    assert s.farm_played == [True, False, True, False] and s.turn == 3


@pytest.mark.rules("SB-158", "SB-159", "SB-R22")
def test_an_as_one_team_attacks_together_and_any_member_may_block() -> None:
    s = as_one(
        Seat(play=["hedge-knight"]),
        Seat(play=["war-ox"]),
        Seat(play=["ash-squire"]),
        Seat(play=["stone-giant"]),
        step="attack",
    )
    knight, squire = card(s, "hedge-knight"), card(s, "ash-squire")
    until(s, "attackers", seat=0)
    assert legal(s) == ["done", f"attack #{knight} -> P2"]  # the team is attacked as one
    do(s, f"attack #{knight} -> P2")
    assert s.decision is not None and s.decision.kind == "attackers" and s.decision.seat == 2
    do(s, f"attack #{squire} -> P4")  # the same attack step, declared together
    until(s, "blockers")
    ox, giant = card(s, "war-ox"), card(s, "stone-giant")
    assert s.decision is not None and s.decision.seat == 1
    assert {f"block #{ox} -> #{knight}", f"block #{ox} -> #{squire}"} <= set(legal(s))
    do(s, f"block #{ox} -> #{squire}")
    assert s.decision is not None and s.decision.seat == 3
    assert f"block #{giant} -> #{knight}" in legal(s)  # P4 blocks an attacker aimed at P2
    do(s, f"block #{giant} -> #{knight}")
    until(s, "priority", seat=0)
    assert not s.in_play(knight) and not s.in_play(squire) and s.life(1) == 30


# ---------------------------------------------------------------------- draws (SB-R28)


@pytest.mark.rules("SB-R28", "SB-045")
def test_only_the_active_player_draws_in_their_draw_step() -> None:
    s = scenario(keeper(), keeper(), keeper(), step="beginning", active=1)
    assert s.step == "main" and s.decision is not None and s.decision.seat == 1
    assert draws(s) == [0, 1, 0]


# ---------------------------------------------------------------------- elimination (SB-R15)


@pytest.mark.rules("SB-R15")
def test_attackers_attacking_an_eliminated_player_leave_combat() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "ash-squire"], hand=["fire-lance"], farms=2),
        Seat(life=3),
        Seat(hand=["quicken"], farms=1),  # P3 keeps a choice, so the play stops in each window
        step="attack",
    )
    knight, squire = card(s, "hedge-knight"), card(s, "ash-squire")
    until(s, "attackers")
    do(s, f"attack #{knight} -> P2", f"attack #{squire} -> P3")
    assert set(s.attack_group) == {knight, squire}
    until(s, "priority", seat=0)
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    until(s, "priority", seat=2)
    do(s, "pass")  # the lance resolves: P2 is out
    assert not s.alive[1] and s.outcome is None
    assert knight not in s.attack_group and squire in s.attack_group
    until(s, "priority", seat=0)
    while s.step != "main":  # P1 holds a card again next turn: it is asked in each window on the way
        do(s, "pass")
        until(s, "priority", seat=0)
    assert s.step == "main" and s.life(2) == 18


@pytest.mark.rules("SB-R15")
def test_limbo_items_of_an_eliminated_player_cease_to_exist() -> None:
    s = scenario(
        Seat(hand=["ember-bolt", "field-hand"], farms=1),
        Seat(life=2, hand=["fire-lance"], farms=2),
        Seat(hand=["field-hand"]),
        active=1,
    )
    lance = card(s, "fire-lance")
    until(s, "priority", seat=1)
    do(s, f"play #{lance} -> P1")
    until(s, "priority", seat=0)
    do(s, f"play #{card(s, 'ember-bolt')} -> P2")  # resolves first and puts P2 out
    resolve(s)
    assert not s.alive[1] and s.life(0) == 20  # the lance never resolved
    assert s.zone_of[lance] == s.layout.out[1] and not s.stack


@pytest.mark.rules("SB-R15", "SB-123")
def test_cards_an_eliminated_player_controls_but_others_own_go_to_their_owners() -> None:
    s = scenario(
        Seat(hand=["fire-lance"], farms=2),
        Seat(life=3, hand=["turncoat-pact", "field-hand"], farms=4, play=["hedge-knight"]),
        Seat(play=["war-ox"]),
        active=1,
    )
    ox, knight = card(s, "war-ox"), card(s, "hedge-knight")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 1
    until(s, "priority", seat=0)
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    resolve(s)
    assert not s.alive[1] and s.outcome is None
    assert s.zone_of[ox] == s.layout.discard[2]  # back to its owner's discard pile
    assert s.zone_of[knight] == s.layout.out[1]  # P2's own cards leave the game
    assert all(s.zone_of[c] == s.layout.out[1] for c in range(len(s.defs)) if s.owner[c] == 1)


@pytest.mark.rules("SB-R15", "SB-013")
def test_the_last_player_standing_wins_and_losing_all_at_once_is_a_draw() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "ash-squire"]),
        Seat(life=2),
        Seat(life=2),
        step="attack",
    )
    until(s, "attackers")
    do(s, f"attack #{card(s, 'hedge-knight')} -> P2", f"attack #{card(s, 'ash-squire')} -> P3")
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "life"
    # No card damages two players at once yet; the checkpoint itself makes a simultaneous loss a draw.
    s = scenario(keeper(), keeper())
    s.pool_damage[0] = s.pool_damage[1] = 20
    s.check_state()
    assert s.outcome is not None and s.outcome.winners == () and s.outcome.is_draw
