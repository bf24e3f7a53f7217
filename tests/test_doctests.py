"""The examples in every module's docstrings run: each module of the package whose source holds an
example (``>>>``) is found here, so a new module's examples are checked without being listed."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import spellforge

ROOT = Path(spellforge.__file__).parent


def modules_with_examples() -> list[str]:
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(("spellforge", *parts)).removesuffix(".__init__"))
    return names


MODULES = modules_with_examples()


def test_the_examples_are_found() -> None:
    assert {"spellforge.core.actions", "spellforge.games.spellweaver.scenario"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as error:  # a research interface whose extra is not installed
        pytest.skip(f"{name} needs {error.name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
