"""Actions print the way players say them and parse back."""

from __future__ import annotations

import pytest

from spellforge.core.actions import (
    STACK_BASE,
    Choose,
    Done,
    Pass,
    Resign,
    is_player,
    parse_seat,
    parse_target,
    player_target,
    target_seat,
    target_str,
)


@pytest.mark.parametrize("action", [Pass(), Done(), Choose("keep"), Choose("#12"), Resign(0), Resign(3)])
def test_common_actions_round_trip(action: object) -> None:
    assert type(action).parse(str(action)) == action  # type: ignore[attr-defined]


def test_targets_encode_cards_players_and_stack_items() -> None:
    assert parse_target("#12") == 12 and target_str(12) == "#12"
    p2 = player_target(1)
    assert is_player(p2) and target_seat(p2) == 1 and target_str(p2) == "P2" and parse_target("P2") == p2
    assert parse_target("@4") == STACK_BASE + 4 and target_str(STACK_BASE + 4) == "@4"
    assert parse_target("P0") is None and parse_target("x") is None
    assert parse_seat("P3") == 2 and parse_seat("#3") is None


def test_meta_actions_are_flagged() -> None:
    assert Resign(0).meta and not Pass().meta
