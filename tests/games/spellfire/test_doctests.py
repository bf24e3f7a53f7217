"""The examples in the SPELLFIRE modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["actions", "scenario"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"spellforge.games.spellfire.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
