"""SPELLFIRE's actions print the way a player says them and parse back, each from core's verb bases."""

from __future__ import annotations

import pytest

from spellforge.core.actions import Action
from spellforge.core.errors import IllegalActionError
from spellforge.core.targets import CardRef, Place, PlayerRef, StackRef
from spellforge.games import find_game
from spellforge.games.spellfire.actions import (
    ACTIONS,
    AttackRealm,
    Discard,
    Keep,
    Mulligan,
    PlayCard,
    PutBack,
    Rebuild,
    Send,
    UsePower,
)

from ..action_text import check_round_trip

GAME = find_game("spellfire")
B2 = Place("slot", "B", 1)

# Every action class with the exact text players type and records keep (saved games hold these texts).
EXAMPLES: list[tuple[Action, str, tuple[int, ...]]] = [
    (PlayCard(12), "play #12", (12,)),
    (PlayCard(12, B2), "play #12 -> slot P2.B", (12,)),
    (PlayCard(12, CardRef(7)), "play #12 -> #7", (12, 7)),
    (PlayCard(12, PlayerRef(1)), "play #12 -> P2", (12,)),
    (UsePower(3), "use #3", (3,)),
    (UsePower(3, CardRef(5)), "use #3 -> #5", (3, 5)),
    (UsePower(3, Place("dungeon", "D", 1)), "use #3 -> dungeon P2.D", (3,)),
    (AttackRealm(B2), "attack slot P2.B", ()),
    (AttackRealm(Place("dungeon", "D", 0)), "attack dungeon P1.D", ()),
    (Rebuild(Place("slot", "A", 0)), "rebuild slot P1.A", ()),
    (Send(4), "send #4", (4,)),
    (Discard(9), "discard #9", (9,)),
    (Keep(), "keep", ()),
    (PutBack(), "put back", ()),
    (Mulligan(), "mulligan", ()),
]


def test_every_action_class_has_an_example() -> None:
    assert {type(a) for a, _, _ in EXAMPLES} == set(ACTIONS)


@pytest.mark.parametrize(("action", "text", "cards"), EXAMPLES, ids=[t for _, t, _ in EXAMPLES])
def test_an_action_prints_and_parses_back(action: Action, text: str, cards: tuple[int, ...]) -> None:
    check_round_trip(GAME, action, text, cards)


def test_targets_parse_by_kind() -> None:
    assert GAME.parse_action(None, "play #12->slot P2.B") == PlayCard(12, B2)
    assert GAME.parse_action(None, "use #3 -> @2") == UsePower(3, StackRef(2))
    for bad in ("attack #3", "attack P2", "rebuild #1", "play #3 -> P0", "play #3 -> slot P0.A", "send P2"):
        with pytest.raises(IllegalActionError):
            GAME.parse_action(None, bad)
    assert PlayCard(3, CardRef(7)).masked({3}) == PlayCard(3, CardRef(8)).masked({3})
    assert PlayCard(3, CardRef(7)).masked({3}) != PlayCard(3, PlayerRef(0)).masked({3})
    assert PlayCard(3) != UsePower(3) and Send(4) != Discard(4) and Keep() != PutBack()
