"""The examples in the docstrings of core's knowledge, modifiers and targets modules run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["knowledge", "modifiers", "targets"])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"spellforge.core.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
