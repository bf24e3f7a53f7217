"""Spelldawn's actions print the way a player says them and parse back, each from core's verb bases."""

from __future__ import annotations

import doctest

import pytest

from spellforge.core.actions import Action
from spellforge.core.errors import IllegalActionError
from spellforge.core.targets import Place
from spellforge.games import find_game
from spellforge.games.spelldawn import actions as sd
from spellforge.games.spelldawn.actions import (
    ACTIONS,
    Activate,
    Discard,
    Dispel,
    DrawCard,
    GainMana,
    PlayCard,
    Progress,
    Raid,
    Raze,
    RemoveCurse,
    Sacrifice,
    Score,
    Summon,
    Unveil,
    UseWeapon,
)

from ..action_text import check_round_trip

GAME = find_game("spelldawn")
VAULT, A = Place("room", "vault"), Place("room", "A")

# Every action class with the exact text players type and records keep (saved games hold these texts).
EXAMPLES: list[tuple[Action, str, tuple[int, ...]]] = [
    (GainMana(), "gain mana", ()),
    (DrawCard(), "draw", ()),
    (RemoveCurse(), "remove curse", ()),
    (Dispel(2), "dispel #2", (2,)),
    (Unveil(3), "unveil #3", (3,)),
    (Activate(4), "activate #4", (4,)),
    (Summon(5), "summon #5", (5,)),
    (UseWeapon(6), "use #6", (6,)),
    (Score(7), "score #7", (7,)),
    (Raze(8), "raze #8", (8,)),
    (Discard(9), "discard #9", (9,)),
    (Sacrifice(10), "sacrifice #10", (10,)),
    (PlayCard(11), "play #11", (11,)),
    (PlayCard(11, A), "play #11 in room A", (11,)),
    (PlayCard(12, VAULT), "play #12 in room vault", (12,)),
    (Progress(Place("room", "B")), "progress room B", ()),
    (Raid(VAULT), "raid room vault", ()),
]


def test_every_action_class_has_an_example() -> None:
    assert {type(a) for a, _, _ in EXAMPLES} == set(ACTIONS)


@pytest.mark.parametrize(("action", "text", "cards"), EXAMPLES, ids=[t for _, t, _ in EXAMPLES])
def test_an_action_prints_and_parses_back(action: Action, text: str, cards: tuple[int, ...]) -> None:
    check_round_trip(GAME, action, text, cards)


def test_a_room_is_a_place_never_a_card_or_a_player() -> None:
    assert Raid(VAULT).target == VAULT and PlayCard(11, A).target == A
    for bad in ("raid #3", "raid P2", "progress #3", "play #3 in #4", "play #3 in P2", "play #3 -> room A"):
        with pytest.raises(IllegalActionError):
            GAME.parse_action(None, bad)
    assert PlayCard(3, A) != PlayCard(3, VAULT) != PlayCard(3) and Raid(A) != Progress(A)
    assert PlayCard(3, A).masked(()) == PlayCard(4, A).masked(()) != PlayCard(4, VAULT).masked(())
    assert Dispel(2) != Unveil(2) and UseWeapon(6).card_ids() == (6,)


def test_the_module_examples_run() -> None:
    result = doctest.testmod(sd)
    assert result.attempted > 0 and result.failed == 0
