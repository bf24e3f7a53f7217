"""What a window or a stack item is about is a typed record of its kind (core/windows.py): a window of a
decision kind carries the kind's record, a game names its other window kinds in ``WINDOW_RECORDS`` and its
stack items' kinds in ``ITEM_RECORDS``; a wrong record is refused where the window opens or the item is
made, and changes nothing."""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import pytest

from spellforge import GAMES
from spellforge.core.kinds import RegistrationError, UnregisteredError
from spellforge.core.rng import Rng
from spellforge.core.windows import EACH, RecordTable, WindowState

from .toy import CARDS, Toy, ToyState
from .toys.combat import CombatState, CombatToy
from .toys.common import deal
from .toys.pause import PauseData, PauseToy

DECK = [CARDS[f"n{v}"] for v in (1, 2, 3, 4, 5, 1, 2, 3)]
STACKED = sorted(name for name, game in GAMES.items() if getattr(game.state_class, "ITEM_RECORDS", None))


def test_a_window_carries_the_record_its_kind_declares_and_nothing_else() -> None:
    s = deal(PauseToy(), [["storm"], ["calm"]], players=2)
    before = s.to_json()
    with pytest.raises(
        TypeError, match="window kind 'pause' of PauseState carries a PauseData, not \\(3,\\)"
    ):
        s.open_window("pause", (0, 1), EACH, data=(3,))  # the record's values as a plain tuple
    with pytest.raises(TypeError, match="window kind 'main' of PauseState carries no data"):
        s.open_window("main", (0,), data=PauseData(3))
    assert s.to_json() == before  # nothing opened
    s.open_window("pause", (1,), EACH, data=PauseData(3))
    assert (
        s.windows[-1].data == PauseData(3)
        and s.decision is not None
        and s.decision.data is s.windows[-1].data
    )


def test_a_window_kind_that_is_not_a_decision_kind_is_declared_with_its_record() -> None:
    assert CombatState.WINDOW_TABLE["round"] is None  # asks ``fight`` or ``events`` by seat
    assert CombatState.WINDOW_TABLE["pause"] is PauseData  # a decision kind's record
    s = CombatToy().new_game(seed=1)
    with pytest.raises(UnregisteredError, match="CombatState registers no window kind 'rond'"):
        s.open_window("rond", (0, 1))

    class Twice(NamedTuple):
        card: int

    with pytest.raises(RegistrationError, match="window kinds \\['pause'\\] are decision kinds"):
        type("Again", (CombatState,), {"__slots__": (), "WINDOW_RECORDS": {"round": None, "pause": Twice}})
    with pytest.raises(RegistrationError, match="window kind 'round' must be a NamedTuple record or None"):
        type("NotARecord", (CombatState,), {"__slots__": (), "WINDOW_RECORDS": {"round": dict}})
    with pytest.raises(RegistrationError, match="stack item kind 'card' must be a NamedTuple record"):
        type("NotAnItem", (ToyState,), {"__slots__": (), "ITEM_RECORDS": {"card": tuple}})


def test_a_stack_item_is_made_with_the_record_its_kind_declares() -> None:
    s = Toy().new_game(seed=1, decks=[DECK, DECK])
    before = s.to_json()
    with pytest.raises(UnregisteredError, match="ToyState registers no stack item kind 'ability'"):
        s.make_item("ability", 0, 0)
    with pytest.raises(TypeError, match="stack item kind 'card' of ToyState carries no data, not \\(1,\\)"):
        s.make_item("card", 0, 0, data=(1,))
    assert s.to_json() == before  # no uid drawn
    first, second = s.make_item("card", 0, 0), s.make_item("card", 1, 1)
    assert (first.kind, first.card, first.data) == ("card", 0, ()) and second.uid == first.uid + 1


class Mode(NamedTuple):
    mode: str


class ModeState(ToyState):
    __slots__ = ()
    ITEM_RECORDS: ClassVar[RecordTable] = {"card": Mode}


def test_a_state_whose_item_carries_another_record_is_reported_by_its_invariants() -> None:
    s = Toy().new_game(seed=1, decks=[DECK, DECK])
    assert isinstance(s, WindowState) and not s.check_windows()
    s.stack.append(s.make_item("card", 0, 0)._replace(data=Mode("play")))
    assert s.check_windows() == [
        f"stack item {s.stack[-1].uid} (card) carries Mode(mode='play'), not the record of its kind"
    ]


@pytest.mark.parametrize("name", STACKED)
def test_every_item_kind_with_a_record_refuses_a_plain_tuple(name: str) -> None:
    state = GAMES[name].new_game(seed=1)
    assert isinstance(state, WindowState)
    for kind, record in state.ITEM_RECORDS.items():
        fields: Any = record._fields if record is not None else ()  # type: ignore[attr-defined]
        if record is None:
            assert state.make_item(kind, 0, 0).data == ()
            continue
        with pytest.raises(TypeError, match=f"carries a {record.__name__}"):
            state.make_item(kind, 0, 0, data=tuple(range(len(fields))))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_in_random_play_every_window_and_item_carries_its_kinds_record(name: str) -> None:
    seen: set[str] = set()
    for seed in range(6):
        state = GAMES[name].new_game(seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            if isinstance(state, WindowState):
                assert not state.check_windows()
                seen.update(f"window {w.kind}" for w in state.windows)
                seen.update(f"item {i.kind}" for i in state.stack)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    if name in STACKED:
        assert any(k.startswith("item") for k in seen)
