"""Core seating through a toy game with two roles (``toys/roles.py``): roles and their decks, action points
and actions; clockwise order at 2-6 seats; extra turns and the turn-cycle lock; elimination; resignation."""

from __future__ import annotations

import pytest

import spellforge
from spellforge.core.actions import Done, Resign
from spellforge.core.decks import parse_deck_text
from spellforge.core.errors import DeckError, IllegalActionError, SpellforgeError
from spellforge.core.rng import Rng

from .toy import Toy
from .toys.roles import CHAMPION, OVERLORD, Draw, Fortify, KeepAndRaid, Play, Rally, RolesState

GAME = KeepAndRaid()


def new(players: int, seed: int = 1, **options: object) -> RolesState:
    state = GAME.new_game(seed=seed, players=players, **options)
    assert isinstance(state, RolesState)
    return state


def end_turn(state: RolesState) -> None:
    """The active seat ends its turn at once."""
    state.apply(Done())


def hand(state: RolesState, seat: int) -> list[int]:
    return state.zones[state.layout.hand[seat]]


def give(state: RolesState, seat: int, key: str) -> int:
    """A card ``key`` in ``seat``'s hand, moved there from its deck if it holds none (a scenario set-up).
    The first in hand is the one its legal actions name (identical cards are one option)."""
    held = [c for c in hand(state, seat) if state.defs[c].key == key]
    if held:
        return held[0]
    cid = next(c for c in state.zones[state.layout.deck[seat]] if state.defs[c].key == key)
    state.move(cid, state.layout.hand[seat])
    state.forget_legal()
    return cid


def play_random(state: RolesState, seed: int) -> None:
    rng = Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------------- roles, decks, action points


def test_roles_alternate_and_every_seat_gets_a_deck_made_for_its_role() -> None:
    s = new(5)
    assert s.roles == (OVERLORD, CHAMPION, OVERLORD, CHAMPION, OVERLORD)
    assert s.seats_with_role(CHAMPION) == [1, 3] and s.role(4) == OVERLORD
    for seat in range(5):
        owned = [c for c in s.all_card_ids() if s.owner[c] == seat]
        assert owned and all(s.defs[c].role == s.role(seat) for c in owned)
    for seat, name in enumerate(GAME.default_decks(6, Rng(3))):
        assert isinstance(name, str) and GAME.deck_role(GAME.decks[name]) == s.role(seat % 2)


def test_new_game_checks_each_seats_deck_against_its_roles_construction_rules() -> None:
    with pytest.raises(DeckError) as caught:
        GAME.new_game(seed=1, decks=["swift-blades", "iron-keep"])
    problems = caught.value.problems
    assert any(p.startswith("P1:") and "made for the champion, not the overlord" in p for p in problems)
    assert any(p.startswith("P1:") and "Dagger is a champion card" in p for p in problems)
    assert any(p.startswith("P2:") and "exactly 12" in p for p in problems)
    assert GAME.new_game(seed=1, decks=["iron-keep", "swift-blades"]).roles == (OVERLORD, CHAMPION)


def test_validate_deck_judges_a_deck_for_a_role() -> None:
    keep = GAME.decks["iron-keep"]
    assert GAME.validate_deck(keep) == [] and GAME.validate_deck(keep, role=OVERLORD) == []
    problems = GAME.validate_deck(keep, role=CHAMPION)
    assert "the deck is made for the overlord, not the champion" in problems
    assert any("Wall is a overlord card" in p for p in problems)
    assert any("exactly 12" in p for p in problems)
    plain = parse_deck_text("6 blade-1\n6 haste\n")  # no role of its own: the seat's role decides
    assert GAME.validate_deck(plain, role=CHAMPION) == []
    assert any("Haste is a champion card" in p for p in GAME.validate_deck(plain, role=OVERLORD))
    assert any("names none" in p for p in GAME.validate_deck(plain))


def test_a_role_less_game_seats_players_without_roles_and_ignores_the_role() -> None:
    toy = Toy().new_game(seed=1)
    assert toy.roles == ("", "") and toy.team_of == (0, 1)
    battle = spellforge.find_game("spellbattle")
    deck = battle.decks["sky-raiders"]
    assert battle.validate_deck(deck, role="anything") == battle.validate_deck(deck) == []


def first_turn_of(role: str, seed: int = 1) -> RolesState:
    s = new(2, seed)
    while s.role(s.active) != role:
        end_turn(s)
    return s


def test_each_role_has_its_own_action_points() -> None:
    overlord = first_turn_of(OVERLORD)
    champion = first_turn_of(CHAMPION)
    assert overlord.action_points == 3 and champion.action_points == 4
    turn = overlord.turn
    for _ in range(3):
        assert overlord.turn == turn and overlord.current_player == overlord.active
        overlord.apply(Draw())
    assert overlord.turn == turn + 1 and overlord.role(overlord.active) == CHAMPION  # three points, then over


def test_each_role_has_its_own_actions() -> None:
    overlord = first_turn_of(OVERLORD)
    legal = overlord.legal_actions()
    assert Fortify() in legal and Rally() not in legal
    champion = first_turn_of(CHAMPION)
    blade = give(champion, champion.active, "blade-2")
    legal = champion.legal_actions()
    assert Rally() in legal and Fortify() not in legal
    enemy = champion.opponent(champion.active)
    assert (
        Play(blade, enemy) in legal and Play(blade) not in legal and Play(blade, champion.active) not in legal
    )


# ---------------------------------------------------------------------- clockwise order, 2 to 6 seats


@pytest.mark.parametrize("n", range(2, 7))
def test_turns_go_clockwise_from_the_first_seat(n: int) -> None:
    s = new(n, seed=n)
    first = s.active
    seen = []
    for _ in range(2 * n):
        seen.append(s.active)
        end_turn(s)
    assert seen == [(first + i) % n for i in range(2 * n)]
    assert s.clockwise_from(first) == [(first + i) % n for i in range(n)]
    assert s.next_alive(n - 1) == 0


@pytest.mark.parametrize("n", range(3, 7))
def test_turns_skip_a_seat_that_is_out(n: int) -> None:
    s = new(n, seed=n)
    out = (s.active + 1) % n
    s.apply(Resign(out))
    assert s.outcome is None and s.seats_in_game() == [x for x in range(n) if x != out]
    seen = []
    for _ in range(2 * n):
        seen.append(s.active)
        end_turn(s)
    assert out not in seen and len(set(seen)) == n - 1
    assert s.next_alive(out - 1) == (out + 1) % n
    assert s.clockwise_from(out) == [(out + i) % n for i in range(1, n)]


def test_next_alive_wraps_and_knows_when_a_seat_is_alone() -> None:
    s = new(4)
    for seat in (1, 2):
        s.alive[seat] = False
    assert s.next_alive(0) == 3 and s.next_alive(3) == 0 and s.next_alive(1) == 3
    s.alive[3] = False
    assert s.next_alive(0) == 0  # the only seat left
    s.alive[0] = False
    assert s.next_alive(0) == -1 and s.clockwise_from(0) == []


def test_the_opponent_is_a_two_seat_notion() -> None:
    assert new(2).opponent(0) == 1 and new(2).opponent(1) == 0
    with pytest.raises(SpellforgeError, match="two seats"):
        new(3).opponent(0)


# ---------------------------------------------------------------------- extra turns


def test_an_extra_turn_comes_next_and_the_rotation_resumes_where_it_was() -> None:
    firsts = set()
    for seed in range(6):
        s = new(5, seed=seed)
        a = s.active
        firsts.add(a)
        other = (a + 2) % 5
        s.grant_extra_turn(other)
        s.grant_extra_turn(a)
        end_turn(s)
        assert s.active == other and s.extra_turn
        end_turn(s)
        assert s.active == a and s.extra_turn
        end_turn(s)
        assert s.active == (a + 1) % 5 and not s.extra_turn  # the seat after the interrupted regular turn
        end_turn(s)
        assert s.active == (a + 2) % 5 and not s.extra_turn
    assert len(firsts) > 1
    with pytest.raises(SpellforgeError, match="not playing"):
        s.grant_extra_turn(9)


def test_extra_turns_unlock_when_the_last_seat_of_the_first_cycle_begins_its_turn() -> None:
    s = new(3, seed=4)
    first = s.active
    haste = give(s, (first + 2) % 3, "haste") if s.role((first + 2) % 3) == CHAMPION else -1
    assert not s.extra_turns_unlocked
    end_turn(s)
    assert not s.extra_turns_unlocked
    end_turn(s)
    assert s.active == (first + 2) % 3 and s.extra_turns_unlocked  # its first turn has started
    if haste >= 0:
        assert Play(haste) in s.legal_actions()


def test_the_lock_opens_when_the_last_seat_of_the_first_cycle_is_skipped() -> None:
    s = new(4, seed=5)
    last = (s.active - 1) % 4
    s.apply(Resign(last))
    end_turn(s)
    end_turn(s)
    assert not s.extra_turns_unlocked
    end_turn(s)  # passes over the seat that is out, back to the first seat
    assert s.extra_turns_unlocked


def test_haste_is_refused_before_the_first_cycle_is_complete() -> None:
    seed = next(x for x in range(50) if new(2, x).role(new(2, x).active) == CHAMPION)  # the champion first
    s = new(2, seed)
    haste = give(s, s.active, "haste")
    assert not s.extra_turns_unlocked and Play(haste) not in s.legal_actions()


def champion_with_haste() -> tuple[RolesState, int, int]:
    """A 2-seat game at a champion's turn after the first cycle, a Haste in its hand."""
    s = new(2, seed=1)
    end_turn(s)
    end_turn(s)
    while s.role(s.active) != CHAMPION:
        end_turn(s)
    seat = s.active
    assert s.extra_turns_unlocked
    return s, seat, give(s, seat, "haste")


def test_an_extra_turn_does_not_reset_once_per_turn_actions() -> None:
    s, seat, haste = champion_with_haste()
    s.apply(Rally())
    s.apply(Play(haste))
    end_turn(s)
    assert s.active == seat and s.extra_turn and not s.resets_once_per_turn
    assert s.action_points == 4 and Rally() not in s.legal_actions()  # points refill, rally stays used
    end_turn(s)
    end_turn(s)
    assert s.active == seat and not s.extra_turn and Rally() in s.legal_actions()


def test_a_game_may_declare_that_extra_turns_reset_once_per_turn_actions() -> None:
    s, _, haste = champion_with_haste()
    s.apply(Rally())
    s.apply(Play(haste))
    type(s).EXTRA_TURN_RESETS = True
    try:
        end_turn(s)
        assert s.extra_turn and s.resets_once_per_turn and Rally() in s.legal_actions()
    finally:
        type(s).EXTRA_TURN_RESETS = False


# ---------------------------------------------------------------------- elimination


def test_elimination_at_four_seats_goes_on_until_one_is_left() -> None:
    s = new(4)
    s.eliminate([1], "health")
    assert s.outcome is None and not s.alive[1] and s.seats_in_game() == [0, 2, 3]
    assert [e.seat for e in s.events() if e.kind == "lose"] == [1]
    s.eliminate([1], "health")  # already out: nothing happens
    assert [e.seat for e in s.events() if e.kind == "lose"] == [1]
    s.eliminate([2, 3], "health")
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "health"


def test_a_team_wins_together_with_its_members_who_are_out() -> None:
    s = new(4, teams="roles")
    assert s.team_of == (0, 1, 0, 1) and not s.is_enemy(0, 2) and s.is_enemy(0, 1)
    s.eliminate([0], "health")
    s.eliminate([1], "health")
    assert s.outcome is None  # one of each team is left
    s.eliminate([3], "health")
    assert s.outcome is not None and s.outcome.winners == (0, 2)


def test_everyone_out_at_once_is_a_draw() -> None:
    s = new(3)
    s.eliminate([0, 1, 2], "health")
    assert s.outcome is not None and s.outcome.is_draw
    assert s.outcome.reason == "health (all remaining players lost at once)"


def test_a_blade_that_takes_the_last_health_eliminates_its_target() -> None:
    s = new(3, seed=7)
    while s.role(s.active) != CHAMPION:
        end_turn(s)
    seat = s.active
    target = next(t for t in s.clockwise_from(seat) if s.is_enemy(seat, t))
    s.health[target] = 2
    blade = give(s, seat, "blade-2")
    s.apply(Play(blade, target))
    assert not s.alive[target] and s.outcome is None and s.current_player == seat


def test_eliminating_the_seat_whose_turn_it_is_ends_that_turn() -> None:
    s = new(3, seed=2)
    a, turn = s.active, s.turn
    s.eliminate([a], "health")
    s.run_on()
    assert s.active == s.next_alive(a) and s.turn == turn + 1 and s.current_player == s.active


# ---------------------------------------------------------------------- resignation


def test_at_two_seats_the_other_player_wins_by_resignation() -> None:
    s = new(2)
    s.apply(Resign(1))
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "resignation"


def test_at_six_seats_a_resignation_removes_only_that_seat() -> None:
    s = new(6, seed=3)
    s.apply(Resign(3))
    assert s.outcome is None and not s.alive[3] and s.seats_in_game() == [0, 1, 2, 4, 5]
    with pytest.raises(IllegalActionError, match="P4 is not playing"):
        s.apply(Resign(3))
    deciders = set()
    rng = Rng(3)
    while not s.is_over:
        assert s.current_player is not None
        deciders.add(s.current_player)
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert 3 not in deciders
    assert s.outcome is not None and 3 not in s.outcome.winners


def test_resigning_during_ones_own_turn_passes_the_turn_on() -> None:
    s = new(4, seed=6)
    a, turn = s.active, s.turn
    s.apply(Resign(a))
    assert s.outcome is None and s.active == (a + 1) % 4 and s.turn == turn + 1
    assert s.current_player == s.active


def test_a_team_resigns_seat_by_seat() -> None:
    s = new(4, teams="roles")
    s.apply(Resign(0))
    assert s.outcome is None
    s.apply(Resign(2))
    assert s.outcome is not None and s.outcome.winners == (1, 3) and s.outcome.reason == "resignation"


def test_spell_battle_at_four_seats_a_resignation_eliminates_that_seat_and_play_goes_on() -> None:
    game = spellforge.find_game("spellbattle")
    s = game.new_game(seed=3, players=4)
    s.apply(Resign(2))
    assert s.outcome is None and s.seats_in_game() == [0, 1, 3] and s.current_player != 2
    s.apply(Resign(0))
    s.apply(Resign(1))
    assert s.outcome is not None and s.outcome.winners == (3,) and s.outcome.reason == "resignation"


# ---------------------------------------------------------------------- the state holds the seating


def test_seating_clones_and_round_trips_exactly() -> None:
    s = new(5, seed=8)
    s.apply(Resign(2))
    s.grant_extra_turn(4)
    copy = s.clone()
    copy.alive[0] = False
    copy.extra_turns.append(1)
    assert s.alive[0] and s.extra_turns == [4]
    back = GAME.from_json(s.to_json())
    assert isinstance(back, RolesState)
    for name in ("roles", "team_of", "sides", "side_of", "alive", "active", "extra_turns", "extra_turn"):
        assert getattr(back, name) == getattr(s, name), name
    assert back.cycle_end == s.cycle_end and back.to_json() == s.to_json()
    seen = s.determinize(0, Rng(1))
    assert (seen.alive, seen.active, seen.extra_turns) == (s.alive, s.active, s.extra_turns)


@pytest.mark.parametrize("teams", ["none", "roles"])
@pytest.mark.parametrize("n", range(2, 7))
def test_random_games_end_and_replay_exactly(n: int, teams: str) -> None:
    for seed in range(6):
        s = new(n, seed=seed, teams=teams)
        play_random(s, seed)
        assert s.outcome is not None and s.check_invariants() == []
        assert GAME.replay(GAME.record(s)).to_json() == s.to_json()
        if s.outcome.winners and s.outcome.reason != "turn limit":
            team = s.team_of[s.outcome.winners[0]]
            assert s.outcome.winners == tuple(x for x in range(n) if s.team_of[x] == team)


# ---------------------------------------------------------------------- a phase's end op


def test_the_main_phases_end_op_runs_after_the_phase() -> None:
    s = first_turn_of(CHAMPION)
    seat = s.active
    while len(hand(s, seat)) < 7:
        s.move(s.zones[s.layout.deck[seat]][-1], s.layout.hand[seat])
    s.apply(Done())
    assert len(hand(s, seat)) == 4
    assert sum(1 for e in s.events() if e.kind == "discard" and e.seat == seat) == 3
