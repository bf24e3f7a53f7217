"""Actions print the way a player says them and parse back; an illegal action changes nothing."""

from __future__ import annotations

import pytest

from spellforge.core.actions import Action, Done, Pass
from spellforge.core.errors import IllegalActionError
from spellforge.core.targets import CardRef, PlayerRef, StackRef
from spellforge.games.casters.actions import (
    Attack,
    Block,
    Discard,
    Equip,
    Play,
    Recycle,
    Reveal,
    Sacrifice,
    SetCard,
    Skip,
    Take,
    Target,
    Use,
)

from .casters_util import GAME, Side, scenario

SAMPLES: list[Action] = [
    SetCard(12),
    Reveal(3),
    Play(4),
    Play(4, CardRef(9)),
    Play(4, PlayerRef(1)),
    Equip(5, 6),
    Recycle(7),
    Discard(8),
    Sacrifice(9),
    Attack(1, PlayerRef(1)),
    Attack(1, CardRef(14)),
    Skip(),
    Block(2),
    Use(3),
    Use(3, 1, StackRef(4)),
    Target(CardRef(5)),
    Take(40),
    Pass(),
    Done(),
]


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_every_action_round_trips_through_its_text(action: Action) -> None:
    assert GAME.parse_action(None, str(action)) == action


def test_readable_forms() -> None:
    assert [
        str(a) for a in (Play(4, CardRef(9)), Attack(1, PlayerRef(1)), Use(3, 1, StackRef(4)), Play(4))
    ] == [
        "play #4 -> #9",
        "attack #1 -> P2",
        "use #3/2 -> @4",
        "play #4",
    ]
    with pytest.raises(IllegalActionError, match="is not an action of Casters"):
        GAME.parse_action(None, "cast fireball")


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = scenario(Side(field=["dusk-ravager", "gravel-ghoul:tapped"]), Side(field=["reef-lancer"]))
    before = state.to_json()
    for bad in (
        Attack(card_id := state.zones[state.layout.field[0]][1], PlayerRef(1)),
        SetCard(0),
        Block(card_id),
        Pass(),
    ):
        with pytest.raises(IllegalActionError, match="is not legal now"):
            state.apply(bad)
        assert state.to_json() == before
