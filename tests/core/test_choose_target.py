"""The core ``ChooseTarget`` action: a target chosen as its own step, printed and parsed back."""

from __future__ import annotations

from spellforge.core.actions import STACK_BASE, ChooseTarget, player_target


def test_choose_target_round_trips_cards_players_and_stack_items() -> None:
    for target in (0, 17, player_target(0), player_target(1), STACK_BASE + 3):
        action = ChooseTarget(target)
        assert ChooseTarget.parse(str(action)) == action
    assert str(ChooseTarget(player_target(1))) == "target P2"
    assert ChooseTarget.parse("target the moon") is None
