"""The compiled engine at install (``tools/compile.py ensure``, run by ``python3 dev.py``): the stamp that
says which sources a build was made from, the startup hook that runs the build only while the sources are
those, the fallback to the source without a C compiler or after a failed build, and ``dev.py test``'s two
runs. Nothing here runs mypyc: a build is faked by a stamp."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.tool_loader import load_tool

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/compile.py on a source tree of two files in tmp_path/src."""
    module = load_tool("compile")
    src = tmp_path / "src"
    (src / "spellforge" / "core").mkdir(parents=True)
    (src / "spellforge" / "__init__.py").write_text("")
    (src / "spellforge" / "core" / "state.py").write_text("X = 1\n")
    monkeypatch.setattr(module, "SRC", src)
    return module


def fake_build(tool: ModuleType, out: Path) -> None:
    """What a successful build leaves: the mirror and the stamp of the sources as they are."""
    tool.copy_sources(out)
    tool.write_stamp(out, tool.digest(), 3, tool.listing())


def start(site: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A Python started with the hook of ``site`` run, printing its sys.path's first entry (``-S``: without
    the environment's own hook)."""
    code = f"import sys; sys.path.insert(0, {str(site)!r}); import _spellforge_build; print(sys.path[0])"
    clean = {k: v for k, v in os.environ.items() if k != "SPELLFORGE_PURE"}
    return subprocess.run(
        [sys.executable, "-S", "-c", code], env={**clean, **env}, capture_output=True, text=True
    )


def test_the_hook_runs_the_build_only_while_the_sources_are_those_it_was_made_from(
    tool: ModuleType, tmp_path: Path
) -> None:
    out, site = tmp_path / "build", tmp_path / "site"
    site.mkdir()
    tool.install_hook(site, out)
    assert (site / "spellforge-build.pth").read_text() == "import _spellforge_build\n"
    nothing = start(site)  # no build yet: the source, quietly
    assert (nothing.stdout.strip(), nothing.stderr) == (str(site), "")
    fake_build(tool, out)
    assert start(site).stdout.strip() == str(out)
    pure = start(site, SPELLFORGE_PURE="1")
    assert (pure.stdout.strip(), pure.stderr) == (str(site), "")
    (tool.SRC / "spellforge" / "core" / "state.py").write_text("X = 2\n")
    stale = start(site)
    assert stale.stdout.strip() == str(site)
    assert stale.stderr.count("\n") == 1 and "changed since the compiled build" in stale.stderr
    (tool.SRC / "spellforge" / "core" / "new.py").write_text("")
    fake_build(tool, out)
    assert start(site).stdout.strip() == str(out)
    (tool.SRC / "spellforge" / "core" / "new.py").unlink()  # a file removed is a change too
    assert start(site).stdout.strip() == str(site)


def test_the_hook_puts_the_build_in_the_source_trees_place_after_what_pythonpath_names(
    tool: ModuleType, tmp_path: Path
) -> None:
    out, site, other = tmp_path / "build", tmp_path / "site", tmp_path / "other"
    site.mkdir()
    tool.install_hook(site, out)
    fake_build(tool, out)
    # The source tree's entry as the editable install puts it, and `other` where PYTHONPATH puts a tree.
    tree = str(tool.SRC)
    code = (
        f"import sys; sys.path[:0] = [{str(other)!r}, {str(site)!r}]; sys.path.append({tree!r}); "
        "import _spellforge_build; print(sys.path.index(" + repr(str(other)) + "), "
        "sys.path.index(" + repr(str(out)) + "), sys.path.index(" + repr(tree) + "))"
    )
    clean = {k: v for k, v in os.environ.items() if k != "SPELLFORGE_PURE"}
    ran = subprocess.run([sys.executable, "-S", "-c", code], env=clean, capture_output=True, text=True)
    first, build, source = map(int, ran.stdout.split())
    assert first == 0 and build == source - 1  # PYTHONPATH's tree first, the build just before the source


def test_ensure_builds_only_when_the_sources_or_the_level_changed(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, site = tmp_path / "build", tmp_path / "site"
    site.mkdir()
    builds: list[int | str] = []

    def build(out: Path, opt: int | str, **_: object) -> None:
        builds.append(opt)
        fake_build(tool, out)

    monkeypatch.setattr(tool, "build", build)
    monkeypatch.setattr(tool, "missing_compiler", lambda: None)
    assert tool.ensure(out, site, sys.executable, require=False) and builds == [3]
    assert tool.ensure(out, site, sys.executable, require=False) and builds == [3]
    state = tool.SRC / "spellforge" / "core" / "state.py"
    os.utime(state, ns=(1, 1))  # touched, the same content: no build, a stamp of the new time
    assert tool.ensure(out, site, sys.executable, require=False) and builds == [3]
    assert any(line.endswith("\t1") for line in tool.read_stamp(out))
    state.write_text("X = 2\n")
    assert tool.ensure(out, site, sys.executable, require=False) and builds == [3, 3]
    assert tool.ensure(out, site, sys.executable, require=False, opt=0) and builds == [3, 3, 0]
    monkeypatch.setattr(tool, "LEFT_OUT", (*tool.LEFT_OUT, "core/state.py"))  # compiled otherwise
    assert tool.ensure(out, site, sys.executable, require=False, opt=0) and builds == [3, 3, 0, 0]


def test_without_a_compiler_the_source_runs_after_one_warning_and_ci_fails(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, site = tmp_path / "build", tmp_path / "site"
    site.mkdir()
    fake_build(tool, out)
    (tool.SRC / "spellforge" / "core" / "state.py").write_text("X = 2\n")  # the build is stale now
    monkeypatch.setattr(tool, "missing_compiler", lambda: "no C compiler (cc not found)")
    assert tool.ensure(out, site, sys.executable, require=False) is False
    assert capsys.readouterr().err == (
        "warning: spellforge runs from source, not compiled: no C compiler (cc not found)\n"
    )
    assert tool.read_stamp(out) == []  # the stale build is not run, and the hook says nothing
    assert start(site).stderr == ""
    with pytest.raises(SystemExit, match=r"SPELLFORGE_REQUIRE_COMPILED.*no C compiler"):
        tool.ensure(out, site, sys.executable, require=True)


def test_a_failed_build_falls_back_once_and_is_not_tried_again_until_the_sources_change(
    tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, site = tmp_path / "build", tmp_path / "site"
    site.mkdir()
    tries = []

    def build(out: Path, opt: int | str, **_: object) -> None:
        tries.append(opt)
        raise SystemExit("mypyc could not compile spellforge's core (exit 1)")

    monkeypatch.setattr(tool, "build", build)
    monkeypatch.setattr(tool, "missing_compiler", lambda: None)
    assert tool.ensure(out, site, sys.executable, require=False) is False
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning")]
    assert warnings == [
        "warning: spellforge runs from source, not compiled: mypyc could not compile spellforge's core (exit 1)"
    ]
    assert tool.ensure(out, site, sys.executable, require=False) is False and tries == [3]
    assert "failed before" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # CI tries again, and fails
        tool.ensure(out, site, sys.executable, require=True)
    assert tries == [3, 3]
    (tool.SRC / "spellforge" / "core" / "state.py").write_text("X = 2\n")
    tool.ensure(out, site, sys.executable, require=False)
    assert tries == [3, 3, 3]


def test_a_missing_compiler_is_named(tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc -O2")
    assert tool.missing_compiler() == "no C compiler (/nonexistent/cc not found)"
    monkeypatch.setenv("CC", sys.executable)  # a program that exists stands for the compiler
    monkeypatch.setattr(tool.sysconfig, "get_paths", lambda: {"include": "/nonexistent"})
    assert "no Python.h in /nonexistent" in (tool.missing_compiler() or "")


def load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("spellforge_dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_test_runs_the_suite_compiled_then_the_engine_tests_from_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dev = load_dev()
    runs: list[tuple[list[str], str | None]] = []

    def call(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> int:
        runs.append((args[3:], (env or {}).get("SPELLFORGE_PURE")))
        return 1 if len(runs) == 1 else 0

    monkeypatch.setattr(dev.subprocess, "call", call)
    monkeypatch.delenv("SPELLFORGE_PURE", raising=False)
    assert dev.test("python", ["-m", "slow"], compiled=True) == 1  # the first run's failure is kept
    parallel = dev.PARALLEL
    assert runs == [([*parallel, "-m", "slow"], None), ([*parallel, "-m", "slow", *dev.ENGINE_TESTS], "1")]
    runs.clear()
    assert dev.test("python", [], compiled=False) == 1 and runs == [(parallel, None)]  # from source: once
    runs.clear()
    dev.test("python", ["tests/games/casters", "-n", "0"], compiled=True)  # tests named: once
    assert runs == [(["tests/games/casters", "-n", "0"], None)]
    assert dev.names_tests(["tests/core/test_rng.py::test_x"]) and not dev.names_tests(["-k", "casters"])
