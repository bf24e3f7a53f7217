"""Tournaments: matches, the time limit and its tiebreak, teams, single elimination and byes
(SB-160..181, SB-R24, SB-R25), through the generic match runner ``spellforge.sim.matches``."""

from __future__ import annotations

from collections.abc import Iterator
from math import ceil, log2

import pytest

from spellforge import IllegalActionError, Resign, SpellforgeError, find_game
from spellforge.bots import BOTS, BaseBot, Observation
from spellforge.core.actions import Action
from spellforge.games.spellbattle.actions import CallTime
from spellforge.games.spellbattle.scenario import Seat, card, do, scenario
from spellforge.games.spellbattle.state import SpellBattleState
from spellforge.sim.matches import Entrant, EventResult, MatchRules, play_match, single_elimination

GAME = find_game("spellbattle")


class Resigner(BaseBot):
    """Resigns at its first decision: a predictable loser."""

    name = "test-resign"

    def choose(self, obs: Observation) -> Action:
        return Resign(obs.seat)


class P1Concedes(BaseBot):
    """At its first decision the game is conceded for P1, whoever sits there: the seat decides the game."""

    name = "test-p1-concedes"

    def choose(self, obs: Observation) -> Action:
        return Resign(0)


@pytest.fixture(autouse=True)
def test_bots() -> Iterator[None]:
    for cls in (Resigner, P1Concedes):
        BOTS[cls.name] = cls
    yield
    for cls in (Resigner, P1Concedes):
        del BOTS[cls.name]


def players(n: int, bot: str = "random") -> list[Entrant]:
    return [Entrant.player(f"E{i + 1}", bot) for i in range(n)]


def time_up(s: SpellBattleState) -> None:
    s.apply(CallTime())


# ---------------------------------------------------------------------- the time-out tiebreak in a game


@pytest.mark.rules("SB-165", "SB-R24")
def test_when_time_runs_out_the_highest_life_wins() -> None:
    s = scenario(Seat(life=7), Seat(life=9))
    time_up(s)
    assert s.outcome is not None and s.outcome.winners == (1,) and "highest life" in s.outcome.reason


@pytest.mark.rules("SB-165", "SB-R24")
def test_players_already_out_do_not_count_at_time() -> None:
    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(life=3), Seat(life=5), active=0)
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    assert not s.alive[1] and s.outcome is None
    time_up(s)
    assert s.outcome is not None and s.outcome.winners == (0,)


@pytest.mark.rules("SB-166", "SB-R24")
def test_tied_life_goes_to_who_first_dealt_damage_to_an_opponent() -> None:
    s = scenario(Seat(life=12, hand=["ember-bolt", "field-hand"], farms=1), Seat(life=14))
    do(s, f"play #{card(s, 'ember-bolt')} -> P2")
    assert s.life(0) == s.life(1) == 12
    time_up(s)
    assert s.outcome is not None and s.outcome.winners == (0,) and "first to deal damage" in s.outcome.reason


@pytest.mark.rules("SB-166", "SB-K09")
def test_damage_dealt_by_a_copy_is_dealt_by_the_copier() -> None:
    s = scenario(Seat(hand=["fire-lance", "field-hand"], farms=2), Seat(hand=["mirror-echo"], farms=2))
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    do(s, f"play #{card(s, 'mirror-echo')} -> @{s.stack[-1].uid}")
    while s.decision is not None and s.decision.kind == "priority":
        do(s, "pass")
    do(s, "target P1")  # P2's copy resolves first: P2 deals the first damage of the game
    while s.stack:
        do(s, "pass")
    assert s.life(0) == s.life(1) == 17
    time_up(s)
    assert s.outcome is not None and s.outcome.winners == (1,)


@pytest.mark.rules("SB-166", "SB-R24")
def test_tied_life_and_no_damage_is_decided_at_random() -> None:
    winners = set()
    for seed in range(12):
        s = scenario(Seat(life=7), Seat(life=7), seed=seed)
        time_up(s)
        assert s.outcome is not None and len(s.outcome.winners) == 1
        assert "random" in s.outcome.reason
        winners.add(s.outcome.winners[0])
    assert winners == {0, 1}


@pytest.mark.rules("SB-R24", "SB-167")
def test_at_time_an_alliance_team_counts_the_life_of_its_members_still_in() -> None:
    s = scenario(Seat(life=18), Seat(life=12), Seat(life=15), Seat(life=12), teams="alliance")
    s.apply(Resign(2))  # P3 leaves the game with 15 life, which no longer counts
    assert s.outcome is None
    time_up(s)  # team P1+P3: 18; team P2+P4: 12 + 12 = 24
    assert s.outcome is not None and s.outcome.winners == (1, 3)


@pytest.mark.rules("SB-R24", "SB-167")
def test_at_time_an_as_one_team_counts_its_shared_life() -> None:
    s = scenario(Seat(life=21), Seat(life=22), Seat(), Seat(), teams="as_one")
    time_up(s)
    assert s.outcome is not None and s.outcome.winners == (1, 3)


@pytest.mark.rules("SB-164")
def test_time_cannot_be_called_before_the_match_starts() -> None:
    s = GAME.new_game(seed=1, players=2, format="draft")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not started"):
        s.apply(CallTime())
    assert s.to_json() == before


# ---------------------------------------------------------------------- matches (SB-162..170, SB-R24)


@pytest.mark.rules("SB-162")
@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_a_match_is_won_by_the_first_to_a_majority_of_games(best_of: int) -> None:
    entrants = [Entrant.player("A", "random"), Entrant.player("B", "test-resign")]
    result = play_match(MatchRules("spellbattle", best_of=best_of), entrants, seed=4)
    assert result.winner_name == "A" and result.reason == "games"
    assert result.wins == [best_of // 2 + 1, 0] and len(result.games) == best_of // 2 + 1
    assert [g.seating for g in result.games][:2] == [[0, 1], [1, 0]][: len(result.games)]  # seats alternate


@pytest.mark.rules("SB-162")
def test_a_match_plays_on_until_someone_has_the_majority() -> None:
    entrants = [Entrant.player("A", "test-p1-concedes"), Entrant.player("B", "test-p1-concedes")]
    result = play_match(MatchRules("spellbattle", best_of=5), entrants, seed=1)
    assert [g.winners for g in result.games] == [[1], [0], [1], [0], [1]]  # whoever sits as P1 resigns
    assert result.wins == [2, 3] and result.winner_name == "B"


@pytest.mark.rules("SB-162", "SB-168")
@pytest.mark.parametrize(("count", "best_of"), [(2, 2), (2, 7), (5, 1), (6, 1), (1, 1)])
def test_match_lengths_and_game_sizes_outside_the_rules_are_refused(count: int, best_of: int) -> None:
    with pytest.raises(SpellforgeError):
        play_match(MatchRules("spellbattle", players=count, best_of=best_of), players(count), seed=1)


@pytest.mark.rules("SB-168", "SB-163")
@pytest.mark.parametrize("count", [2, 3, 4])
def test_two_three_and_four_player_matches_of_one_game_by_default(count: int) -> None:
    result = play_match(MatchRules("spellbattle", players=count), players(count), seed=2)
    assert len(result.games) == 1 and len(result.games[0].seating) == count
    assert sorted(result.games[0].seating) == list(range(count))
    assert result.winner is None or result.wins[result.winner] == 1


@pytest.mark.rules("SB-164", "SB-165", "SB-R24")
def test_a_match_out_of_time_ends_its_game_by_the_tiebreak() -> None:
    result = play_match(MatchRules("spellbattle", turn_limit=4), players(2), seed=3)
    (game,) = result.games
    assert game.timed_out and game.reason.startswith("time") and game.turns == 4 and result.turns == 4
    assert result.timed_out and result.winner is not None and game.winners == [result.winner]
    assert game.record["actions"][-1] == "time"
    replayed = GAME.replay(game.record)  # the clock is part of the record: the game replays exactly
    assert (
        replayed.outcome is not None and [game.seating[s] for s in replayed.outcome.winners] == game.winners
    )


@pytest.mark.rules("SB-164")
def test_an_untimed_match_plays_its_games_out() -> None:
    result = play_match(MatchRules("spellbattle"), players(2), seed=3)
    assert not result.timed_out and not result.games[0].reason.startswith("time")


@pytest.mark.rules("SB-R24", "SB-164")
def test_time_decides_a_multi_game_match_by_game_wins_then_by_the_timed_out_game() -> None:
    """Game 1 goes to whoever is not P1; time runs out at the start of game 2 (a random tiebreak)."""
    entrants = [Entrant.player("A", "test-p1-concedes"), Entrant.player("B", "test-p1-concedes")]
    reasons = set()
    for seed in range(12):
        result = play_match(MatchRules("spellbattle", best_of=3, turn_limit=1), entrants, seed=seed)
        first, second = result.games
        assert first.winners == [1] and not first.timed_out and second.timed_out and second.turns == 0
        if second.winners == [1]:  # B leads 2-0: more game wins
            assert result.winner_name == "B" and result.reason == "time: more game wins"
        else:  # 1-1: the winner of the timed-out game takes the match
            assert result.winner_name == "A" and result.reason == "time: won the timed-out game"
        reasons.add(result.reason)
    assert reasons == {"time: more game wins", "time: won the timed-out game"}


@pytest.mark.rules("SB-167", "SB-170")
def test_a_team_wins_or_loses_each_game_as_a_unit() -> None:
    rules = MatchRules("spellbattle", players=4, options={"teams": "alliance"})
    assert rules.entrants_per_match == 2 and rules.team_size == 2
    a, b = Entrant.team("Reds", "random", "random"), Entrant.team("Blues", "random", "random")
    result = play_match(rules, [a, b], seed=5)
    (game,) = result.games
    assert game.seating == [0, 1, 0, 1]  # teams sit alternately (SB-R23)
    replayed = GAME.replay(game.record)
    assert replayed.outcome is not None
    assert {game.seating[s] for s in replayed.outcome.winners} == set(game.winners)
    assert len(replayed.outcome.winners) in (0, 2)  # both members, or a draw
    with pytest.raises(SpellforgeError, match="bot"):
        play_match(rules, [a, Entrant.player("Solo")], seed=5)


@pytest.mark.rules("SB-170", "SB-156")
def test_as_one_team_matches() -> None:
    rules = MatchRules("spellbattle", players=4, options={"teams": "as_one"}, turn_limit=6)
    result = play_match(
        rules, [Entrant.team("Reds", "random", "random"), Entrant.team("Blues", "random", "random")], 6
    )
    assert result.winner is not None and len(result.games[0].winners) == 1


@pytest.mark.rules("SB-173", "SB-141")
@pytest.mark.parametrize("fmt", ["constructed", "sealed", "draft", "off_the_top"])
def test_matches_in_every_tournament_format(fmt: str) -> None:
    result = play_match(MatchRules("spellbattle", options={"format": fmt}, turn_limit=6), players(2), seed=7)
    assert result.winner is not None and result.games[0].record["options"]["format"] == fmt


@pytest.mark.rules("SB-141")
def test_registered_decks_are_checked_before_the_event_and_used_in_every_game() -> None:
    entrants = [Entrant.player(f"E{i}", deck="sky-raiders" if i == 0 else None) for i in range(6)]
    event = single_elimination(MatchRules("spellbattle", turn_limit=8), entrants, seed=1)
    sky = [key for key, n in GAME.decks["sky-raiders"].main for _ in range(n)]
    games = [(g, m) for r in event.rounds for m in r.matches for g in m.games if "E0" in m.entrants]
    assert games
    for g, m in games:
        seat = g.seating.index(m.entrants.index("E0"))
        assert g.record["decks"][seat] == sky
    bad = [Entrant.player("E0", deck="3 fire-lance\n"), *players(5)]
    with pytest.raises(SpellforgeError, match="E0"):
        single_elimination(MatchRules("spellbattle"), bad, seed=1)


# ---------------------------------------------------------------------- single elimination (SB-160, SB-177..181)


def check_bracket(event: EventResult) -> None:
    """Every round plays the entrants still in; losers are out; winners and byes go on (SB-161, SB-178)."""
    alive = set(event.entrants)
    for r in event.rounds:
        seen = [name for m in r.matches for name in m.entrants] + r.byes
        assert sorted(seen) == sorted(alive)
        winners = set(r.byes)
        for m in r.matches:
            assert len(m.entrants) >= 2
            winner = m.winner_name or next(n for n in m.entrants if n in r.decided_at_random)
            winners.add(winner)
        assert set(r.advancing) == winners
        alive = winners
    assert alive == {event.champion}


@pytest.mark.rules("SB-160")
def test_a_tournament_needs_six_players() -> None:
    with pytest.raises(SpellforgeError, match="at least 6 players"):
        single_elimination(MatchRules("spellbattle"), players(5), seed=1)
    rules = MatchRules("spellbattle", players=4, options={"teams": "alliance"})
    teams = [Entrant.team(f"T{i}", "random", "random") for i in range(2)]
    with pytest.raises(SpellforgeError, match="at least 6 players"):
        single_elimination(rules, teams, seed=1)  # two teams are only four players
    event = single_elimination(MatchRules("spellbattle", turn_limit=6), players(6), seed=1)
    assert event.champion in event.entrants


@pytest.mark.rules("SB-161", "SB-177", "SB-178", "SB-179")
@pytest.mark.parametrize("count", [6, 8, 9])
def test_single_elimination_runs_to_one_champion(count: int) -> None:
    event = single_elimination(MatchRules("spellbattle", turn_limit=6), players(count), seed=count)
    check_bracket(event)
    assert len(event.rounds) == ceil(log2(count))


@pytest.mark.rules("SB-178")
def test_opponents_are_drawn_at_random_each_round() -> None:
    pairings = set()
    for seed in range(6):
        event = single_elimination(MatchRules("spellbattle", turn_limit=2), players(8), seed=seed)
        first = frozenset(frozenset(m.entrants) for m in event.rounds[0].matches)
        pairings.add(first)
        assert event == single_elimination(MatchRules("spellbattle", turn_limit=2), players(8), seed=seed)
    assert len(pairings) > 1  # the seed, not the entry order, decides who meets whom


@pytest.mark.rules("SB-181", "SB-R25")
def test_an_odd_round_gives_exactly_one_bye_which_counts_as_a_win() -> None:
    event = single_elimination(MatchRules("spellbattle", turn_limit=4), players(7), seed=3)
    first = event.rounds[0]
    assert len(first.byes) == 1 and len(first.matches) == 3 and len(first.advancing) == 4
    assert first.byes[0] in first.advancing
    assert [(len(r.matches), len(r.byes)) for r in event.rounds] == [(3, 1), (2, 0), (1, 0)]
    check_bracket(event)


@pytest.mark.rules("SB-R25")
def test_byes_go_to_entrants_who_have_not_had_one() -> None:
    checked = 0
    for seed in range(10):
        event = single_elimination(MatchRules("spellbattle", turn_limit=2), players(11), seed=seed)
        # 11 -> 5 matches + bye -> 6 -> 3 matches -> 3 -> 1 match + bye -> 2 -> final
        assert [len(r.byes) for r in event.rounds] == [1, 0, 1, 0]
        first, third = event.rounds[0].byes[0], event.rounds[2].byes[0]
        assert third != first
        if first in event.rounds[1].advancing:
            checked += 1  # the first bye was still in and eligible, yet not chosen again
        check_bracket(event)
    assert checked > 0


@pytest.mark.rules("SB-180", "SB-172", "SB-171")
def test_team_entrants_advance_and_fall_as_units() -> None:
    rules = MatchRules("spellbattle", players=4, options={"teams": "alliance"}, turn_limit=6)
    teams = [Entrant.team(f"T{i}", "random", "random") for i in range(3)]
    event = single_elimination(rules, teams, seed=2)
    check_bracket(event)
    assert event.champion in {"T0", "T1", "T2"}
    for r in event.rounds:
        for m in r.matches:
            for g in m.games:
                # the same two members share a team's seats in every game of the event
                assert g.seating[0] == g.seating[2] and g.seating[1] == g.seating[3]


@pytest.mark.rules("SB-169")
def test_every_game_of_an_event_seats_the_fixed_number_of_players() -> None:
    event = single_elimination(MatchRules("spellbattle", players=3, turn_limit=4), players(9), seed=4)
    sizes = {len(g.seating) for r in event.rounds for m in r.matches for g in m.games}
    assert sizes == {3}  # 9 -> 3 -> 1
    check_bracket(event)


def test_a_multiplayer_event_ends_with_a_smaller_final_when_it_must() -> None:
    event = single_elimination(MatchRules("spellbattle", players=3, turn_limit=4), players(6), seed=4)
    assert [len(r.matches[0].entrants) for r in event.rounds] == [3, 2]  # 6 -> 2 winners -> a final of 2
    check_bracket(event)


def test_a_drawn_match_is_decided_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GAME, "time_up_action", lambda: None)  # a game with no tiebreak: time is a draw
    event = single_elimination(MatchRules("spellbattle", turn_limit=1), players(6), seed=5)
    assert all(m.winner is None and m.reason == "draw" for r in event.rounds for m in r.matches)
    assert all(len(r.decided_at_random) == len(r.matches) for r in event.rounds)
    check_bracket(event)
