"""Modifiers with durations (core/modifiers.py): computed on read, ended by the game's periods or when their
source leaves play. Played through the Realms toy (tests/core/toys/realms.py), a sketch of SPELLFIRE's
levels changed "for this round" and "for this battle" (SF-K02)."""

from __future__ import annotations

import pytest

from spellforge.core.modifiers import (
    ADD,
    BATTLE,
    GRANT,
    PERMANENT,
    ROUND,
    SET,
    TURN,
    WHILE_IN_PLAY,
    Modifier,
    card_value,
    check,
    grants_of,
)
from spellforge.core.rng import Rng
from spellforge.core.state import State

from .toys.realms import Realms, RealmsState

GAME = Realms()


def new(seed: int = 1) -> RealmsState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, RealmsState)
    return state


def do(state: State, text: str) -> None:
    state.apply(GAME.parse_action(state, text))


def card(state: RealmsState, key: str, seat: int) -> int:
    return next(c for c in state.all_card_ids() if state.defs[c].key == key and state.owner[c] == seat)


def to_hand(state: RealmsState, key: str, seat: int) -> int:
    """Test scaffolding: a copy of ``key`` in ``seat``'s hand (moved there if none is)."""
    hand = state.layout.hand[seat]
    mine = [c for c in state.all_card_ids() if state.defs[c].key == key and state.owner[c] == seat]
    held = [c for c in mine if state.zone_of[c] == hand]
    if held:
        return held[0]
    state.move(mine[0], hand)
    state.forget_legal()
    return mine[0]


def battle(seed: int = 1) -> RealmsState:
    """P1 (Knight 3, Giant 5) attacks P2's realm in slot A; P2 has the same champions."""
    state = new(seed)
    realm = to_hand(state, "realm", 1)
    state.slots[1][0] = realm
    state.move(realm, state.layout.formation[1])
    state.forget_legal()
    return state


def test_a_level_changed_for_this_round_ends_with_the_round() -> None:
    state = battle()
    haste = to_hand(state, "haste", 0)
    knight0, knight1 = card(state, "knight", 0), card(state, "knight", 1)
    do(state, "attack slot P2.A")
    # Knight (3) against Knight (3): the attacker loses the tie, so P1 may answer
    assert state.decision == ("fight", 0, ())
    do(state, f"cast #{haste}")
    assert state.level(knight0) == 6 and state.level(knight1) == 3
    assert state.current_player == 1  # now P2 is losing
    do(state, "pass")  # P2's Knight is discarded; the round ends
    assert state.zone_of[knight1] == state.layout.discard[1]
    assert state.level(knight0) == 3  # the round ended: Haste is over
    assert not state.modifiers


def test_a_level_changed_for_this_battle_lasts_across_rounds_and_ends_with_the_battle() -> None:
    state = battle()
    rally = to_hand(state, "rally", 0)
    knight0 = card(state, "knight", 0)
    do(state, "attack slot P2.A")
    do(state, f"cast #{rally}")  # Knight 4 against Knight 3
    assert state.level(knight0) == 4
    do(state, "pass")  # P2's Knight is discarded; round 2: Knight 4 against Giant 5
    assert state.battle is not None and state.level(knight0) == 4  # still this battle
    assert state.decision == ("fight", 0, ())
    do(state, "pass")  # P1's Knight falls; round 3: Giant 5 against Giant 5, P1 loses the tie
    do(state, "pass")  # P1 has no champion left: the battle is over
    assert state.battle is None and not state.modifiers


def test_a_while_in_play_modifier_ends_when_its_source_leaves() -> None:
    state = new()
    banner = to_hand(state, "banner", 0)
    storm = to_hand(state, "storm", 0)
    knight, giant = card(state, "knight", 0), card(state, "giant", 0)
    do(state, f"cast #{banner}")
    assert (state.level(knight), state.level(giant)) == (4, 6)
    assert state.observe(1)["pools"][0][0]["level"] in (4, 6)  # the View shows the current level
    do(state, f"cast #{storm}")  # every artifact is discarded
    assert state.zone_of[banner] == state.layout.discard[0]
    assert (state.level(knight), state.level(giant)) == (3, 5) and not state.modifiers


def test_modifiers_clone_and_serialise_exactly() -> None:
    state = new()
    knight = card(state, "knight", 0)
    state.modify_card(knight, "level", 2, ROUND, source=-1)
    state.modify_seat(1, "builds", 1, TURN)
    copy = state.clone()
    assert isinstance(copy, RealmsState)
    copy.end_duration(ROUND)
    assert state.level(knight) == 5 and copy.level(knight) == 3
    back = GAME.from_json(state.to_json())
    assert back.modifiers == state.modifiers and back.to_json() == state.to_json()
    assert back.seat_stat(1, "builds", 1) == 2 and back.seat_stat(0, "builds", 1) == 1


def test_reading_applies_sets_in_order_then_adds() -> None:
    mods = [
        Modifier(4, -1, "level", ADD, 2, TURN, -1),
        Modifier(4, -1, "level", SET, 1, PERMANENT, -1),
        Modifier(4, -1, "level", SET, 7, BATTLE, -1),
        Modifier(5, -1, "level", ADD, 9, TURN, -1),
    ]
    assert card_value(mods, 4, "level", 3) == 9  # the newest SET (7), then +2
    assert card_value(mods, 4, "speed", 3) == 3


def test_a_bad_modifier_is_refused_with_the_reason() -> None:
    state = new()
    for bad, words in (
        (Modifier(1, 0, "level", ADD, 1, TURN, -1), "exactly one"),
        (Modifier(1, -1, "level", 7, 1, TURN, -1), "unknown op"),
        (Modifier(1, -1, "level", ADD, 1, 42, -1), "unknown duration"),
        (Modifier(1, -1, "level", ADD, 1, WHILE_IN_PLAY, -1), "needs a source"),
    ):
        assert words in check(bad)
    with pytest.raises(ValueError, match="needs a source"):
        state.modify_card(1, "level", 1, WHILE_IN_PLAY)
    assert not state.modifiers


def test_leaving_play_drops_the_card_s_own_modifiers_but_not_other_sources() -> None:
    state = new()
    knight, giant = card(state, "knight", 0), card(state, "giant", 0)
    state.modify_card(knight, "level", 1, PERMANENT, source=giant)
    state.modify_card(giant, "level", 2, BATTLE, source=knight)
    state.left_play(knight)
    assert state.modifiers == [Modifier(giant, -1, "level", ADD, 2, BATTLE, knight)]  # not while-in-play
    assert str(state.modifiers[0]) == f"#{giant} level +2 (battle from #{knight})"


@pytest.mark.parametrize("seed", range(4))
def test_random_play_finishes_and_round_trips(seed: int) -> None:
    state = new(seed)
    rng = Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        assert not state.check_invariants()
        if state.battle is None:
            assert all(m.duration not in (ROUND, BATTLE) for m in state.modifiers)
    assert GAME.replay(GAME.record(state)).to_json() == state.to_json()


def test_grants_of_lists_the_keywords_granted_to_one_card_in_order() -> None:
    mods = [
        Modifier(7, -1, "flyer", GRANT, 1, ROUND, 3),
        Modifier(7, -1, "level", ADD, 2, ROUND, 3),
        Modifier(8, -1, "swimmer", GRANT, 1, TURN, 3),
        Modifier(7, -1, "undead", GRANT, 1, PERMANENT, -1),
    ]
    assert grants_of(mods, 7) == ["flyer", "undead"]
    assert grants_of(mods, 8) == ["swimmer"] and grants_of(mods, 9) == [] and grants_of([], 7) == []
