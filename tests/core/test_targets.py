"""Typed targets (core/targets.py): a card, a player, a stack item or a place a game adds, each printed and
parsed back; a formation slot as the target of an action in the Realms toy (tests/core/toys/realms.py)."""

from __future__ import annotations

import copy
import pickle

import pytest

from spellforge.core.actions import Attack, Block, Play
from spellforge.core.errors import RecordError
from spellforge.core.targets import CardRef, Place, PlayerRef, StackRef, parse, parse_strict

from .toys.realms import Build, Realms, RealmsState

GAME = Realms()


@pytest.mark.parametrize(
    ("target", "text"),
    [
        (CardRef(12), "#12"),
        (PlayerRef(0), "P1"),
        (PlayerRef(5), "P6"),
        (StackRef(3), "@3"),
        (Place("room", "vault"), "room vault"),
        (Place("room", "A"), "room A"),
        (Place("slot", "B", 1), "slot P2.B"),
        (Place("slot", "3", 0), "slot P1.3"),
        (Place("crypt_row", "x-1"), "crypt_row x-1"),
    ],
)
def test_every_target_prints_and_parses_back(target: object, text: str) -> None:
    assert str(target) == text
    assert parse(text) == target and parse_strict(f"  {text} ") == target
    assert hash(parse(text)) == hash(target)


@pytest.mark.parametrize(
    "target", [CardRef(12), PlayerRef(1), StackRef(3), Place("room", "vault"), Place("slot", "B", 1)]
)
def test_a_target_pickles_and_copies_as_itself(target: object) -> None:
    """An action holding a target pickles with it (an environment, an OpenSpiel state): compiled, a frozen
    dataclass restored field by field raised FrozenInstanceError."""
    for other in (pickle.loads(pickle.dumps(target)), copy.deepcopy(target), copy.copy(target)):
        assert type(other) is type(target) and other == target and hash(other) == hash(target)


def test_targets_of_different_kinds_never_compare_equal() -> None:
    assert CardRef(1) != PlayerRef(1) != StackRef(1)
    assert len({CardRef(1), PlayerRef(1), StackRef(1), Place("slot", "1"), Place("slot", "1", 0)}) == 5


@pytest.mark.parametrize(
    "text", ["", "#", "#-1", "P0", "slot P0.A", "Slot P1.A", "slot P1.", "room", "@x", "#1 #2"]
)
def test_text_that_is_not_a_target_is_refused(text: str) -> None:
    assert parse(text) is None
    with pytest.raises(ValueError, match="is not a target: expected a card"):
        parse_strict(text)


def test_a_place_refuses_a_bad_kind_name_or_seat() -> None:
    with pytest.raises(ValueError, match="place kind 'Room'"):
        Place("Room", "vault")
    with pytest.raises(ValueError, match="place name 'a b'"):
        Place("room", "a b")
    with pytest.raises(ValueError, match="place seat -2"):
        Place("slot", "A", -2)


def test_a_formation_slot_is_the_target_of_an_action_that_prints_and_parses_back() -> None:
    state = GAME.new_game(seed=3)
    assert isinstance(state, RealmsState)
    builds = [a for a in state.legal_actions() if isinstance(a, Build)]
    assert builds, "the toy's first player holds a realm with seed 3"
    for action in builds:
        text = str(action)
        assert text == f"build #{action.card} -> slot P1.A"  # the foremost empty slot
        assert GAME.parse_action(state, text) == action
    state.apply(GAME.parse_action(state, str(builds[0])))
    assert state.slots[0][0] == builds[0].card
    assert state.observe(1)["formations"][0]["slot P1.A"] == builds[0].card
    assert GAME.replay(GAME.record(state)).to_json() == state.to_json()


def test_the_shared_play_and_block_actions_print_and_parse_back() -> None:
    for action, text in (
        (Play(12), "play #12"),
        (Play(12, PlayerRef(1)), "play #12 -> P2"),
        (Play(12, CardRef(7)), "play #12 -> #7"),
        (Block(31, 12), "block #31 -> #12"),
    ):
        assert str(action) == text and type(action).parse(text) == action
    assert Play(12).target is None and Play.parse("play #12 -> P0") is None


def test_the_shared_attack_action_names_a_player_or_a_card() -> None:
    assert (
        str(Attack(3, PlayerRef(1))) == "attack #3 -> P2" and str(Attack(3, CardRef(9))) == "attack #3 -> #9"
    )
    assert Attack.parse("attack #3 -> P2") == Attack(3, PlayerRef(1))
    assert Attack.parse("attack #3 -> @4") == Attack(3, StackRef(4))
    assert Attack.parse("attack #3 -> P0") is None


def test_a_typed_target_kept_in_the_state_is_written_as_its_text_and_read_back() -> None:
    state = GAME.new_game(seed=3)
    assert isinstance(state, RealmsState)
    state.battle = (0, Place("slot", "A", 1))  # a battle on P2's slot A, as the game records it
    data = state.to_json()
    assert data["state"]["battle"] == {"t": [0, {"tg": "slot P2.A"}]}
    back = GAME.from_json(data)
    assert isinstance(back, RealmsState) and back.battle == (0, Place("slot", "A", 1))
    assert back.to_json() == data
    data["state"]["battle"] = {"t": [0, {"tg": "slot P0.A"}]}
    with pytest.raises(RecordError, match="cannot decode"):
        GAME.from_json(data)
