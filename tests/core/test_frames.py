"""Frames are typed records (core/flow.py): each game's frame classes list their fields in the order of
their constructor, so a frame writes to JSON and reads back as itself, and each decision kind that carries
data registers a record for it (core/kinds.py)."""

from __future__ import annotations

import inspect

import pytest

from spellforge import GAMES
from spellforge.core import frames as core_frames
from spellforge.core.errors import RecordError
from spellforge.core.flow import Frame
from spellforge.core.replay import _dec, _enc
from spellforge.core.rng import Rng


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_frame_lists_its_fields_in_the_order_of_its_constructor(name: str) -> None:
    cls = GAMES[name].state_class
    assert core_frames.FRAMES.items() <= cls.FRAMES.items()
    for op, frame in cls.FRAMES.items():
        assert op == frame.NAME and issubclass(frame, Frame)
        params = tuple(inspect.signature(frame).parameters)
        assert params == frame.FIELDS, frame.__name__


@pytest.mark.interpreted_only("a compiled frame class keeps no __slots__")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_frame_keeps_its_fields_in_its_slots(name: str) -> None:
    for frame in GAMES[name].state_class.FRAMES.values():
        assert frame.__slots__ == frame.FIELDS, frame.__name__


@pytest.mark.interpreted_only("a compiled frame refuses an int for a field of another type")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_frame_reads_back_from_json_as_itself(name: str) -> None:
    cls = GAMES[name].state_class
    records = {f"frame:{op}": frame for op, frame in cls.FRAMES.items()}
    for frame in cls.FRAMES.values():
        made = frame(*range(1, len(frame.FIELDS) + 1))
        assert _dec(_enc(made), records) == made
        assert made.args() == tuple(range(1, len(frame.FIELDS) + 1))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_frame_of_random_play_reads_back_from_json_as_itself(name: str) -> None:
    game = GAMES[name]
    records = {f"frame:{op}": frame for op, frame in game.state_class.FRAMES.items()}
    rng = Rng(3)
    seen: set[str] = set()
    for seed in range(2):
        state = game.new_game(seed=seed)
        while state.outcome is None and state.decisions_made < 300:
            for made in state.work:
                assert _dec(_enc(made), records) == made
                seen.add(made.NAME)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert len(seen) >= 3


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_saved_frame_without_fields_given_arguments_is_refused(name: str) -> None:
    """Compiled, a frame class without ``__init__`` of its own took any arguments: a saved game naming it
    with some loaded (``Frame.__init__`` takes none)."""
    frames = GAMES[name].state_class.FRAMES
    records = {f"frame:{op}": frame for op, frame in frames.items()}
    bare = [op for op, frame in frames.items() if not frame.FIELDS]
    assert "flush_triggers" in bare
    for op in bare:
        assert _dec({"fr": [op]}, records) == frames[op]()
        with pytest.raises(RecordError, match=f"flow op '{op}' with arguments"):
            _dec({"fr": [op, 1]}, records)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_decision_with_data_is_asked_with_its_record_and_nothing_else(name: str) -> None:
    state = GAMES[name].new_game(seed=1)
    kinds = state.KINDS
    with_data = [k for k in kinds.values() if k.data is not None]
    assert with_data, "each game has kinds that carry data"
    for k in with_data:
        assert k.data is not None and k.data._fields  # type: ignore[attr-defined]
        with pytest.raises(TypeError, match=f"carries a {k.data.__name__}"):
            state.ask(k.name, 0, tuple(range(len(k.data._fields))))  # type: ignore[attr-defined]
    plain = next(k for k in kinds.values() if k.data is None)
    with pytest.raises(TypeError, match="carries no data"):
        state.ask(plain.name, 0, (1,))
