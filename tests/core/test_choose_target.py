"""The core ``ChooseTarget`` action: a target chosen as its own step, printed and parsed back."""

from __future__ import annotations

from spellforge.core.actions import ChooseTarget
from spellforge.core.targets import CardRef, PlayerRef, StackRef


def test_choose_target_round_trips_cards_players_and_stack_items() -> None:
    for target in (CardRef(0), CardRef(17), PlayerRef(0), PlayerRef(1), StackRef(3)):
        action = ChooseTarget(target)
        assert ChooseTarget.parse(str(action)) == action
    assert str(ChooseTarget(PlayerRef(1))) == "target P2" and str(ChooseTarget(StackRef(3))) == "target @3"
    assert ChooseTarget.parse("target the moon") is None
