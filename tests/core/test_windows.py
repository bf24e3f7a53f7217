"""Core windows through the toy games: an event pause with one action each and a negation fought inside
it, and a combat round in which only the losing side plays cards while anyone may play an event."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spellforge.core.actions import Pass, Play, Resign
from spellforge.core.errors import RecordError
from spellforge.core.kinds import close_condition
from spellforge.core.rng import Rng
from spellforge.core.windows import EACH, PASSES, UNTIL

from .toys.combat import CombatState, CombatToy
from .toys.common import deal
from .toys.pause import EndTurn, PauseState, PauseToy

PAUSE = PauseToy()
COMBAT = CombatToy()


def card(s: Any, seat: int, key: str) -> int:
    return next(c for c in s.zones[s.layout.hand[seat]] if s.defs[c].key == key)


def asked(s: Any) -> tuple[str, int]:
    assert s.decision is not None
    return s.decision.kind, s.decision.seat


def play(s: Any, seat: int, key: str) -> None:
    assert s.current_player == seat
    s.apply(Play(card(s, seat, key)))


def windows(s: Any) -> list[tuple[str, str, int, int]]:
    return [(w.kind, w.close, w.holder, w.passes) for w in s.windows]


# ---------------------------------------------------------------------- the event pause


def test_an_event_pause_gives_each_other_player_one_action_clockwise_from_the_event_player() -> None:
    s = deal(PAUSE, [["storm", "boon"], ["calm"], ["calm"], ["calm"]])
    assert isinstance(s, PauseState)
    assert asked(s) == ("main", 0)
    play(s, 0, "storm")
    storm = s.zones[s.layout.table][0]
    assert windows(s) == [("main", PASSES, 0, 0), ("pause", EACH, 1, 0)]
    assert s.windows[-1].order == (1, 2, 3) and s.decision is not None and s.decision.data == (storm,)
    seen = []
    for seat, answer in ((1, "pass"), (2, "calm"), (3, "pass")):
        seen.append(asked(s))
        s.apply(Pass() if answer == "pass" else Play(card(s, seat, "calm")))
    assert seen == [("pause", 1), ("pause", 2), ("pause", 3)]  # each once, in order, never the event player
    assert s.life == [6, 4, 6, 4]  # P3 calmed the storm for itself only (SF-286)
    assert asked(s) == ("main", 0) and windows(s) == [("main", PASSES, 0, 0)]


def test_calm_is_offered_against_a_harmful_event_only() -> None:
    s = deal(PAUSE, [["boon", "storm"], ["calm", "negate"]], players=2)
    play(s, 0, "boon")
    assert {str(a) for a in s.legal_actions()} == {"pass", f"play #{card(s, 1, 'negate')}"}
    s.apply(Pass())
    play(s, 0, "storm")
    assert f"play #{card(s, 1, 'calm')}" in {str(a) for a in s.legal_actions()}


HANDS = [["storm", "boon", "negate"], ["negate", "negate", "calm"], ["negate", "calm"], ["calm", "negate"]]


def test_a_negation_fought_inside_the_pause_leaves_the_outer_pause_where_it_was() -> None:
    s = deal(PAUSE, HANDS)
    play(s, 0, "storm")
    storm = s.windows[-1].data[0]
    before = s.windows[-1]
    assert asked(s) == ("pause", 1)
    play(s, 1, "negate")  # P2 tries to negate the storm: a pause about the Negate opens inside
    negate = s.windows[-1].data[0]
    assert [w.data for w in s.windows[1:]] == [(storm,), (negate,)]
    assert s.windows[-1].order == (2, 3, 0) and asked(s) == ("pause", 2)
    play(s, 2, "negate")  # P3 negates P2's Negate: a third pause, about P3's Negate
    assert len(s.windows) == 4 and s.windows[-1].order == (3, 0, 1)
    for seat in (3, 0, 1):
        assert asked(s) == ("pause", seat)
        s.apply(Pass())
    # P3's Negate resolved: P2's Negate is negated, its pause closed before P0 or P1 were asked in it,
    # and the storm's pause resumes exactly where it was: P2 to act, nothing counted (SF-303..305).
    assert negate in s.negated and storm not in s.negated
    assert s.windows[-1] == before and asked(s) == ("pause", 1)
    assert {str(a) for a in s.legal_actions()} == {
        "pass",
        f"play #{card(s, 1, 'negate')}",  # may try again (SF-304)
        f"play #{card(s, 1, 'calm')}",  # or ignore the storm instead (SF-303)
    }
    play(s, 1, "calm")
    assert asked(s) == ("pause", 2)  # P3 negated a Negate, not the storm: its action here is still to come
    s.apply(Pass())
    assert asked(s) == ("pause", 3)
    play(s, 3, "calm")
    assert s.life == [6, 6, 4, 6] and asked(s) == ("main", 0)


def test_a_successful_negation_ends_the_pause_at_once() -> None:
    s = deal(PAUSE, [["storm", "boon", "negate"], ["negate"], ["calm", "negate"], ["calm", "negate"]])
    play(s, 0, "storm")
    play(s, 1, "negate")
    for seat in (2, 3, 0):
        assert asked(s) == ("pause", seat)
        s.apply(Pass())
    # the storm is negated: its pause closes without asking P3 and P4, and it does nothing
    assert asked(s) == ("main", 0) and s.life == [6, 6, 6, 6]
    assert windows(s) == [("main", PASSES, 0, 0)]


def test_window_records_clone_and_serialise_exactly_inside_nested_pauses() -> None:
    s = deal(PAUSE, HANDS)
    play(s, 0, "storm")
    play(s, 1, "negate")
    play(s, 2, "negate")
    assert len(s.windows) == 4
    copy = s.clone()
    copy.apply(Pass())
    assert len(s.windows) == 4 and s.windows[-1].passes == 0 and copy.windows[-1].passes == 1
    back = PAUSE.from_json(json.loads(json.dumps(s.to_json())))
    assert back.windows == s.windows and back.work == s.work and back.to_json() == s.to_json()
    for st in (s, back):
        for _ in range(3):
            st.apply(Pass())
    assert back.to_json() == s.to_json()


# ---------------------------------------------------------------------- combat: only the losing side plays


def test_only_the_losing_side_may_play_cards_while_anyone_may_play_an_event() -> None:
    s = deal(COMBAT, [["ally2", "surge"], ["ally3", "ward"], ["ward", "ally1"]])
    assert isinstance(s, CombatState)
    assert s.fight == (0, 1) and windows(s) == [("round", PASSES, 0, 0)]
    # 0 against 0, the defender wins ties: the attacker is losing and fights; the others only play events
    assert asked(s) == ("fight", 0)
    assert {str(a) for a in s.legal_actions()} == {
        "pass",
        f"play #{card(s, 0, 'ally2')}",
        f"play #{card(s, 0, 'surge')}",
    }
    play(s, 0, "ally2")
    # P1 keeps the turn to act but now wins 2-0: it may only play events; the defender now fights
    assert s.totals == [2, 0] and asked(s) == ("events", 0)
    assert {str(a) for a in s.legal_actions()} == {"pass", f"play #{card(s, 0, 'surge')}"}
    s.apply(Pass())
    assert asked(s) == ("fight", 1)
    s.apply(Pass())
    assert asked(s) == ("events", 2)  # P3 is not in the fight: events only, never its Ally
    assert {str(a) for a in s.legal_actions()} == {"pass", f"play #{card(s, 2, 'ward')}"}


def test_an_event_in_combat_opens_a_pause_and_the_round_resumes_where_it_was() -> None:
    s = deal(COMBAT, [["ally2", "surge", "negate"], ["ally1", "negate", "surge"], ["ward", "ward", "ally1"]])
    play(s, 0, "ally2")
    assert asked(s) == ("events", 0)
    s.apply(Pass())
    assert asked(s) == ("fight", 1)
    s.apply(Pass())  # the defender, losing 0-2, will not play its Ally
    assert asked(s) == ("events", 2) and s.windows[-1].passes == 2
    play(s, 2, "ward")  # P3 plays an event: a pause opens inside the round
    round_before = s.windows[0]
    assert round_before.holder == 2 and round_before.passes == 0  # P3 acted: passes start again
    assert [w.kind for w in s.windows] == ["round", "pause"] and s.windows[-1].order == (0, 1)
    assert asked(s) == ("pause", 0)
    s.apply(Pass())
    assert asked(s) == ("pause", 1)
    s.apply(Pass())
    # Ward resolved (2-2, the defender wins ties, so the attacker is losing again) and the round resumed
    # where it was: P3 holds the turn to act (and may still only play events)
    assert s.totals == [2, 2] and s.windows == [round_before]
    assert asked(s) == ("events", 2)
    s.apply(Pass())
    assert asked(s) == ("fight", 0)
    s.apply(Pass())  # the losing attacker stops...
    assert asked(s) == ("events", 1)
    s.apply(Pass())  # ...and when everyone has passed in succession the round is over
    assert s.life == [5, 6, 6] and s.fight == (1, 2)  # the attacker lost a life; the next turn's fight began


# ---------------------------------------------------------------------- a window that closes on a condition


class RelayState(PauseState):
    """The seats take turns in one window until three events have been played: passing only hands the
    turn on; a seat that plays keeps it."""

    __slots__ = ()

    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > 1:
            self.finish_by_life("relay over")
            return
        self.schedule(EndTurn())
        self.open_window("main", self.clockwise_from(self.active), UNTIL, until="three_played")

    @close_condition("three_played")
    def until_three_played(self) -> bool:
        return len(self.zones[self.layout.void]) >= 3


class RelayToy(PauseToy):
    name = "toy-relay"
    state_class = RelayState


def test_a_window_with_a_condition_goes_round_until_the_condition_holds() -> None:
    s = deal(RelayToy(), [["boon", "boon"], ["boon"], ["storm", "boon"]], players=3)
    seen = []
    plan = iter(["boon", "pass", "pass", "pass", "pass", "boon", "storm"])
    while not s.is_over:
        kind, seat = asked(s)
        if kind == "pause":  # the pauses about these events are not what this test is about
            s.apply(Pass())
            continue
        seen.append(seat)
        answer = next(plan)
        s.apply(Pass() if answer == "pass" else Play(card(s, seat, answer)))
    # passes never closed it (P1 was asked again after everyone had passed); the third event did, and P3,
    # who played it and kept the turn, was not asked again
    assert seen == [0, 0, 1, 2, 0, 1, 2]
    assert s.is_over and s.outcome is not None and s.outcome.reason == "relay over"


# ---------------------------------------------------------------------- random play and bad input


@pytest.mark.parametrize("rules", [PAUSE, COMBAT], ids=["pause", "combat"])
def test_random_games_round_trip_clone_json_and_replay(rules: Any) -> None:
    for seed in range(12):
        s = rules.new_game(seed=seed, players=2 + seed % 4)
        rng = Rng(seed)
        deepest = 0
        while not s.is_over:
            deepest = max(deepest, len(s.windows))
            if rng.randrange(4) == 0:
                assert s.clone().to_json() == s.to_json()
                assert rules.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        assert rules.replay(rules.record(s)).to_json() == s.to_json()
        assert not s.check_windows()
    assert deepest >= 2


def test_a_window_with_a_bad_close_rule_or_condition_is_refused() -> None:
    s = deal(PAUSE, [["storm"], ["calm"]], players=2)
    with pytest.raises(ValueError, match="close rule"):
        s.open_window("pause", (0, 1), "sometimes")
    with pytest.raises(ValueError, match="PauseState registers no close condition 'nothing'"):
        s.open_window("pause", (0, 1), EACH, until="nothing")
    with pytest.raises(ValueError, match="until="):
        s.open_window("pause", (0, 1), UNTIL)
    assert windows(s) == [("main", PASSES, 0, 0)]


def test_a_saved_window_naming_an_unregistered_kind_is_refused_on_load() -> None:
    """A window's question is posted without a check of its kind (the kind was checked when the window
    opened), so a saved window with a kind the class does not register is refused when it is loaded."""
    s = deal(PAUSE, HANDS)
    play(s, 0, "storm")
    data = json.loads(json.dumps(s.to_json()))
    saved = data["state"]["windows"]
    assert [w["v"][1] for w in saved] == ["main", "pause"]
    saved[0]["v"][1] = "mian"
    with pytest.raises(RecordError, match="PauseState does not register: window kind 'mian' \\(window 1\\)"):
        PAUSE.from_json(data)


# ---------------------------------------------------------------------- a seat that leaves while asked


def test_a_seat_that_resigns_while_a_window_asks_it_is_skipped_and_the_window_goes_on() -> None:
    """Core's ``abandon``: the one-action-each pause asks the next seat it has not asked (nobody twice);
    a priority round starts again without the seat."""
    s = deal(PAUSE, [["storm", "boon"], ["calm"], ["calm"], ["calm"]])
    play(s, 0, "storm")
    s.apply(Pass())  # P2's one action
    assert asked(s) == ("pause", 2)
    s.apply(Resign(2))  # P3 leaves while the pause asks it
    assert windows(s) == [("main", PASSES, 0, 0), ("pause", EACH, 3, 1)] and s.windows[-1].order == (1, 3)
    assert asked(s) == ("pause", 3)
    s.apply(Pass())
    assert asked(s) == ("main", 0) and windows(s) == [("main", PASSES, 0, 0)]
    last = deal(PAUSE, [["storm", "boon"], ["calm"], ["calm"]], players=3)
    play(last, 0, "storm")
    last.apply(Pass())
    last.apply(Resign(2))  # the last seat the pause had to ask: the pause is over
    assert asked(last) == ("main", 0) and windows(last) == [("main", PASSES, 0, 0)]


def test_a_seat_that_leaves_after_its_action_in_a_pause_leaves_the_others_theirs() -> None:
    """The pause's count holds P2's action; when P2 leaves, the count drops with it, so P4 still gets its
    action after P3's (the count once reached the shorter order's length a seat too early)."""
    s = deal(PAUSE, [["storm", "boon"], ["calm"], ["calm"], ["calm"]])
    play(s, 0, "storm")
    s.apply(Pass())  # P2's one action
    assert asked(s) == ("pause", 2)
    s.apply(Resign(1))  # P2, who has had its action, leaves while P3 is asked
    assert windows(s)[-1] == ("pause", EACH, 2, 0) and s.windows[-1].order == (2, 3)
    s.apply(Pass())
    assert asked(s) == ("pause", 3)
    play(s, 3, "calm")
    assert asked(s) == ("main", 0) and s.life[2:] == [4, 6]  # P3 took the storm, P4 calmed it


def test_the_holder_of_an_outer_pause_who_leaves_inside_an_inner_one_is_not_asked_again() -> None:
    """P2 tries to negate the storm and leaves while the pauses about the negations are open; when the
    storm's pause resumes, its next question goes to P3, not to the seat that left."""
    s = deal(PAUSE, HANDS)
    play(s, 0, "storm")
    play(s, 1, "negate")  # the storm's pause waits for P2's Negate, P2 still to act in it (SF-304)
    play(s, 2, "negate")  # P3 negates P2's Negate
    assert [w.holder for w in s.windows[1:]] == [1, 2, 3]
    s.apply(Resign(1))  # P2 leaves while P4 is asked in the innermost pause
    for seat in (3, 0):
        assert asked(s) == ("pause", seat)
        s.apply(Pass())
    # P2's Negate is negated; the storm's pause resumes without P2: P3 is asked, then P4
    assert asked(s) == ("pause", 2) and s.windows[-1].order == (2, 3)
    s.apply(Pass())
    assert asked(s) == ("pause", 3)
    s.apply(Pass())
    assert asked(s) == ("main", 0) and s.life[2:] == [4, 4]


# ---------------------------------------------------------------------- a response round that hands on


class AnswerState(PauseState):
    """Each turn the active player's own play is answered by a response round: the others, clockwise from
    the next seat, may play events; a seat that plays hands the round on, and the round closes once all
    but the last to act have passed."""

    __slots__ = ()

    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > 1:
            self.finish_by_life("answered")
            return
        self.schedule(EndTurn())
        order = self.clockwise_from(self.active)
        self.open_window("main", (*order[1:], order[0]), PASSES, keep=False, passes=1)


class AnswerToy(PauseToy):
    name = "toy-answer"
    state_class = AnswerState


def test_a_response_round_asks_the_others_and_hands_on_after_each_play() -> None:
    s = deal(AnswerToy(), [["boon"], ["boon"], ["boon", "boon"]], players=3)
    seen = []
    plan = iter(["pass", "boon", "pass", "pass"])
    while not s.is_over:
        kind, seat = asked(s)
        if kind == "pause":
            s.apply(Pass())
            continue
        seen.append((seat, s.window.passes if s.window else -1))
        answer = next(plan)
        s.apply(Pass() if answer == "pass" else Play(card(s, seat, answer)))
    # P1 (the seat that opened it) is counted as passed and not asked; P2 passes; P3 plays and hands on;
    # then P1 and P2 pass and the round closes without asking P3 again
    assert seen == [(1, 1), (2, 2), (0, 1), (1, 2)]
