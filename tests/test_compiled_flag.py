"""Whether the engine runs compiled (``spellforge.compiled``): ``spellforge --version`` and ``spellforge
bench`` say so, and ``SPELLFORGE_PURE=1`` makes a compiled build import its modules from their ``.py``
files. The tests run from source, or against a build (``PYTHONPATH=build/compiled``)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES, PathFinder
from pathlib import Path

from spellforge import compiled
from spellforge.core import flow, state
from spellforge.sim.bench import bench_game


def test_the_source_finder_passes_over_an_extension_beside_a_module(tmp_path: Path) -> None:
    (tmp_path / "engine.py").write_text("X = 1\n")
    (tmp_path / f"engine{EXTENSION_SUFFIXES[0]}").write_text("")  # what a compiled build puts beside it
    plain = PathFinder.find_spec("engine", [str(tmp_path)])
    assert plain is not None and plain.origin is not None and not plain.origin.endswith(".py")
    spec = compiled.SourceOnly.find_spec("spellforge.engine", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "engine.py")
    assert compiled.SourceOnly.find_spec("other.engine", [str(tmp_path)]) is None  # only the package's own


def run(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_spellforge_pure_puts_the_source_finder_first() -> None:
    code = "import sys, spellforge; print(type(sys.meta_path[0]).__name__, spellforge.compiled.PURE)"
    assert run(code, SPELLFORGE_PURE="1") == "SourceOnly True"
    assert run(code, SPELLFORGE_PURE="0").endswith("False")


def test_version_and_bench_say_whether_the_engine_runs_compiled() -> None:
    """From source they say so; against a build (``PYTHONPATH`` naming it) they say it is compiled."""
    is_compiled = compiled.is_compiled()
    assert is_compiled == any(not m.__file__.endswith(".py") for m in (state, flow) if m.__file__ is not None)
    version = run("from spellforge.cli import main; main(['--version'])")
    how = "compiled with mypyc" if is_compiled else "from source"
    assert version == f"spellforge 0.1.0 ({how})"
    assert bench_game("casters", runs=1, seconds=0.05)["compiled"] is is_compiled
