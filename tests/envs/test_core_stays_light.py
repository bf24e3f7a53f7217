"""The engine never needs the research extras: nothing in core, games, bots or sim imports the envs or
their libraries (but the plain facts a game declares for them, ``spellforge.envs.facts``), and
``import spellforge`` loads none of them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import spellforge

SRC = Path(spellforge.__file__).parent
EXTRA_LIBRARIES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "matplotlib", "ray")


def imported_modules(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level >= 2 and node.module:
            out.add("spellforge." + node.module)
    return out


@pytest.mark.parametrize("package", ["core", "games", "bots"])
def test_the_engine_imports_neither_the_envs_nor_their_libraries(package: str) -> None:
    offenders = []
    for path in sorted((SRC / package).rglob("*.py")):
        for module in imported_modules(path):
            if module == "spellforge.envs.facts":
                continue  # the research facts a game declares: plain Python (checked below)
            if module.startswith("spellforge.envs") or module.split(".")[0] in EXTRA_LIBRARIES:
                offenders.append(f"{path.relative_to(SRC)}: {module}")
    assert offenders == []


def test_the_research_facts_import_nothing_heavy() -> None:
    allowed = {
        "__future__",
        "collections.abc",
        "dataclasses",
        "typing",
        "spellforge.core.errors",
        "spellforge.core.ruleset",
    }
    assert imported_modules(SRC / "envs" / "facts.py") <= allowed
    assert imported_modules(SRC / "envs" / "__init__.py") == set()


def test_importing_spellforge_loads_no_extra_library() -> None:
    code = (
        "import sys, spellforge, spellforge.sim, spellforge.bots, spellforge.envs.facts\n"
        f"print(sorted(m for m in {EXTRA_LIBRARIES!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_envs_docstring_examples_run() -> None:
    pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")
    import doctest
    import importlib

    for name in ("pettingzoo", "gym"):
        result = doctest.testmod(importlib.import_module(f"spellforge.envs.{name}"))
        assert result.attempted > 0 and result.failed == 0, name
