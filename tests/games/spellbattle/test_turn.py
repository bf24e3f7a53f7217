"""Spell Battle: the turn and its steps (SB-042..SB-050), limbo order and timing (SB-R05, SB-R06)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import Done, Pass, find_game
from spellforge.core import events as ev
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState

GAME = find_game("spellbattle")


def pass_until(s: SpellBattleState, done: Callable[[SpellBattleState], bool], limit: int = 300) -> None:
    """Pass priority and declare no attackers or blockers, one decision at a time, until ``done(s)``."""
    for _ in range(limit):
        if done(s):
            return
        assert s.decision is not None and s.decision.kind in ("priority", "attackers", "blockers"), s.decision
        s.apply(Pass() if s.decision.kind == "priority" else Done())
    raise AssertionError("the condition never came")


def resolve(s: SpellBattleState) -> None:
    pass_until(s, lambda s: not s.stack)


def hand(s: SpellBattleState, seat: int) -> list[int]:
    return s.zones[s.layout.hand[seat]]


# ---------------------------------------------------------------- turn order


@pytest.mark.rules("SB-042", "SB-050")
@pytest.mark.parametrize("players", [3, 4])
def test_turns_pass_clockwise_from_the_first_player(players: int) -> None:
    s = GAME.new_game(seed=6, players=players)
    assert isinstance(s, SpellBattleState)
    first = s.active_seats()[0]
    pass_until(s, lambda s: s.turn == 2 * players + 1)
    order = [e.seat for e in s.events() if e.kind == ev.TURN]
    assert order == [(first + i) % players for i in range(2 * players + 1)]


@pytest.mark.rules("SB-050")
def test_the_next_player_begins_with_their_beginning_step() -> None:
    s = scenario(
        Seat(hand=["ember-bolt"], farms=1), Seat(hand=["ember-bolt"], farms=1), Seat(), step="main", active=0
    )
    pass_until(s, lambda s: s.active_seats() != [0])
    assert s.active_seats() == [1] and s.step == "beginning"
    assert (s.decision.kind, s.decision.seat) == ("priority", 1)


@pytest.mark.rules("SB-043")
def test_each_turn_has_beginning_draw_attack_and_main_steps_in_order() -> None:
    s = scenario(
        Seat(hand=["ember-bolt"], farms=1, play=["hedge-knight"]),
        Seat(hand=["ember-bolt"], farms=1),
        step="beginning",
    )
    steps: list[tuple[int, str]] = []
    start = s.turn
    while s.turn < start + 2:
        key = (s.active_seats()[0], s.step)
        if not steps or steps[-1] != key:
            steps.append(key)
        assert s.decision is not None
        s.apply(Pass() if s.decision.kind == "priority" else Done())
    names = ["beginning", "draw", "attack", "main"]
    assert steps == [(0, n) for n in names] + [(1, n) for n in names]


# ---------------------------------------------------------------- the steps


@pytest.mark.rules("SB-044", "SB-080")
def test_the_beginning_step_turns_the_active_players_sideways_cards_up() -> None:
    s = scenario(
        Seat(play=[("hedge-knight", {"tapped": True})], tapped_farms=2, hand=["ember-bolt"]),
        Seat(play=[("war-ox", {"tapped": True})], tapped_farms=1, hand=["ember-bolt"], farms=1),
        step="beginning",
        active=0,
    )
    knight, ox = card(s, "hedge-knight"), card(s, "war-ox")
    assert s.step == "beginning"
    assert not s.tapped[knight] and len(s.untapped_farms(0)) == 2
    assert s.tapped[ox] and len(s.untapped_farms(1)) == 1  # only the active player's cards


@pytest.mark.rules("SB-045")
def test_the_draw_step_draws_one_card_for_the_active_player_only() -> None:
    s = scenario(
        Seat(hand=["ember-bolt"], farms=1, deck=["war-ox", "quick-scout"]),
        Seat(hand=["ember-bolt"], farms=1, deck=["tower-guard"]),
        step="draw",
    )
    assert s.step == "draw"
    assert [s.defs[c].key for c in hand(s, 0)] == ["ember-bolt", "war-ox"]
    assert [s.defs[c].key for c in hand(s, 1)] == ["ember-bolt"]
    pass_until(s, lambda s: s.step == "attack")
    assert len(hand(s, 0)) == 2 and len(hand(s, 1)) == 1


@pytest.mark.rules("SB-046")
def test_attackers_are_chosen_in_the_attack_step_only() -> None:
    s = scenario(Seat(play=["hedge-knight"], hand=["war-ox"]), Seat(), step="main")
    knight = card(s, "hedge-knight")
    assert not any(a.startswith("attack") for a in legal(s))
    s = scenario(Seat(play=["hedge-knight"], hand=["war-ox"]), Seat(), step="attack")
    assert s.step == "attack" and s.decision.kind == "attackers"
    assert f"attack #{knight} -> P2" in legal(s)


@pytest.mark.rules("SB-047", "SB-048")
def test_the_main_step_allows_any_number_of_characters() -> None:
    chars = ["field-hand", "quick-scout", "ash-squire", "hedge-knight"]
    s = scenario(Seat(hand=[*chars, "war-ox"], farms=4), Seat(), step="main")
    ids = [card(s, k) for k in chars]
    for cid in ids:
        do(s, f"play #{cid}")
        resolve(s)
    assert all(s.in_play(c) and not s.face_down[c] and s.controller[c] == 0 for c in ids)
    assert s.step == "main" and s.active_seats() == [0]


@pytest.mark.rules("SB-049")
def test_the_main_step_allows_one_card_as_a_farm() -> None:
    s = scenario(Seat(hand=["war-ox", "tower-guard", "quick-scout"]), Seat(), step="main")
    ox = card(s, "war-ox")
    assert "farm" in legal(s)
    do(s, "farm")
    assert s.decision.kind == "farm" and len(legal(s)) == 3
    do(s, f"play #{ox} as farm")
    assert s.is_farm(ox) and s.decision.kind == "priority"
    assert "farm" not in legal(s)


# ---------------------------------------------------------------- limbo order and priority (SB-R05)


@pytest.mark.rules("SB-R05")
def test_limbo_resolves_newest_first_and_the_active_player_gets_priority_after_each() -> None:
    s = scenario(
        Seat(hand=["sudden-strike", "ember-bolt"], farms=2, play=["hedge-knight"]),
        Seat(hand=["battle-fury", "ember-bolt"], farms=2, play=["tower-guard"]),
        step="main",
    )
    strike, fury = card(s, "sudden-strike"), card(s, "battle-fury")
    knight, guard = card(s, "hedge-knight"), card(s, "tower-guard")
    do(s, f"play #{strike} -> #{knight}", "pass")
    do(s, f"play #{fury} -> #{knight}", "pass")  # P2 responds, then passes
    assert [i.card for i in s.stack] == [strike, fury]
    do(s, "pass")  # P1 passes too: the newest (Battle Fury) resolves first
    assert [i.card for i in s.stack] == [strike] and s.strength(knight) == 4
    assert (s.decision.kind, s.decision.seat) == ("priority", 0)  # the active player, not the last caster
    resolve(s)
    assert s.damage[knight] == 1 and s.in_play(knight) and s.damage[guard] == 0
    resolved = [e.card for e in s.events() if e.kind == ev.RESOLVE]
    assert resolved == [fury, strike]


@pytest.mark.rules("SB-R05")
def test_a_step_ends_only_when_limbo_is_empty_and_everyone_passed_in_succession() -> None:
    s = scenario(
        Seat(hand=["ember-bolt", "ember-bolt"], farms=2),
        Seat(hand=["ember-bolt", "ember-bolt"], farms=2),
        step="draw",
    )
    assert s.step == "draw"
    do(s, "pass")
    assert s.step == "draw" and s.decision.seat == 1
    do(s, f"play #{card(s, 'ember-bolt', seat=1)} -> P1")
    resolve(s)
    assert s.step == "draw" and s.decision.seat == 0  # the round of passing starts again
    do(s, "pass")
    assert s.step == "draw" and s.decision.seat == 1
    do(s, "pass")
    assert s.step == "attack"


# ---------------------------------------------------------------- timing (SB-R06)


@pytest.mark.rules("SB-R06")
def test_characters_and_farms_need_the_active_players_main_step_and_empty_limbo() -> None:
    s = scenario(
        Seat(hand=["hedge-knight", "ember-bolt", "hidden-blade"], farms=4, play=["hedge-archer"]),
        Seat(hand=["hedge-knight", "ember-bolt"], farms=4),
        step="main",
    )
    knight, bolt, blade = (card(s, k, seat=0) for k in ("hedge-knight", "ember-bolt", "hidden-blade"))
    archer = card(s, "hedge-archer")
    options = legal(s)
    assert f"play #{knight}" in options and "farm" in options
    do(s, f"play #{bolt} -> P2")  # limbo is no longer empty
    options = legal(s)
    assert f"play #{knight}" not in options and "farm" not in options
    assert f"play #{blade}" in options  # ambush, spells and abilities still may
    assert any(a.startswith(f"use #{archer}") for a in options)
    do(s, "pass")
    their_knight = card(s, "hedge-knight", seat=1)
    assert s.decision.seat == 1
    resolve(s)
    do(s, "pass")  # P1 passes with limbo empty: P2 has priority in P1's main step
    assert s.decision.seat == 1 and s.step == "main" and not s.stack
    options = legal(s)
    assert f"play #{their_knight}" not in options and "farm" not in options
    assert f"play #{card(s, 'ember-bolt', seat=1)} -> P1" in options
