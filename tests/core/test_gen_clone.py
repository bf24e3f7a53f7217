"""Each State class's clone() is an ordinary method written by core/gen_clone.py from its __slots__ and COPY."""

from __future__ import annotations

import inspect
from typing import ClassVar

import pytest

from spellforge.core import gen_clone
from spellforge.core.state import State

from .toy import ToyState

# the test modules whose State classes declare attributes (their clone() is generated too)
TEST_MODULES = [
    "tests.core.test_clock",
    "tests.core.test_determinize_hooks",
    "tests.core.toy",
    "tests.core.toys.combat",
    "tests.core.toys.glade",
    "tests.core.toys.pause",
    "tests.core.toys.realms",
    "tests.core.toys.roles",
]


@pytest.mark.interpreted_only("gen_clone reads each class's source through its module's .py file")
def test_every_generated_clone_is_up_to_date() -> None:
    assert gen_clone.run([], check=True) == []
    assert gen_clone.run(TEST_MODULES, check=True) == []


def test_clone_is_an_ordinary_method_of_the_class() -> None:
    assert "clone" in vars(ToyState)
    source = inspect.getsource(ToyState.clone)
    assert "new.score = self.score" in source
    assert ToyState.ATTRIBUTES == ToyState.ALL_SLOTS


def test_generated_code_copies_by_the_copy_rules() -> None:
    lines = gen_clone.generated(ToyState)
    body = "\n".join(lines)
    assert "new.zones = [z[:] for z in self.zones]" in body  # nested
    assert "new.rng = self.rng.clone()" in body  # rng
    assert "new.work = self.work[:]" in body  # list
    assert "new.defs = self.defs" in body  # shared


class NoCloneState(ToyState):
    __slots__ = ("extra",)


class StaleState(ToyState):
    __slots__ = ("extra",)
    ATTRIBUTES: ClassVar[tuple[str, ...]] = ToyState.ATTRIBUTES  # written before "extra" was added
    clone = ToyState.clone


@pytest.mark.parametrize(("cls", "what"), [(NoCloneState, "no clone"), (StaleState, "out of date")])
def test_a_class_without_its_clone_is_refused(cls: type[State], what: str) -> None:
    with pytest.raises(TypeError, match=what):
        cls.check_clone()


def test_check_names_a_stale_class() -> None:
    assert gen_clone.run(["tests.core.test_gen_clone"], check=True) == [
        "tests.core.test_gen_clone.NoCloneState",
        "tests.core.test_gen_clone.StaleState",
    ]
