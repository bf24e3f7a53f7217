#!/usr/bin/env python3
"""Bootstrap and run Spellforge from a fresh checkout with nothing but python3 and the package index.

    python3 dev.py serve [options]         play in the browser (prints the address to open)
    python3 dev.py play [GAME] [options]   play in the terminal (default: Spell Battle against a bot)
    python3 dev.py test [pytest args]      the whole test suite, a worker per core, against the compiled
                                           engine, then the engine's tests (ENGINE_TESTS) from source; with
                                           test paths, those tests once (add '-m slow' for the long runs,
                                           '-n 0' for a single process)
    python3 dev.py lint                    ruff (lint and format), mypy, and the generated clone() methods
    python3 dev.py screenshots [options]   a picture of each game's table, desktop and phone (docs/screenshots)
    python3 dev.py compile [command]       build the compiled engine now (an error if it cannot be), then run
                                           any spellforge command
    python3 dev.py compile-check           compile at -O0 into build/compile-check, import, and check random
                                           play is identical compiled and from source (tools/compile.py)
    python3 dev.py <spellforge command>    any other spellforge command (simulate, bench, cards, ...)
    python3 dev.py --pure <command>        any of them from source, not compiled (as SPELLFORGE_PURE=1)

The first run creates .venv and installs the package with what the command needs: `serve` the web extra
only, `test`, `lint` and `screenshots` every extra the tests use, and mypy (mypyc) where a C compiler is
present; later runs reuse it and add what is missing.

Where a C compiler is present, every command but `lint` and `compile-check` first makes sure the engine
(core, the bots, every game's rules, the research tables and observations) is compiled with mypyc at -O3 into build/compiled from the sources as
they are (a few minutes the first time and after each change of src/spellforge, nothing otherwise), and
the environment runs that build: `.venv/bin/python` and `.venv/bin/spellforge` too, while the sources are
those it was built from (tools/compile.py, `ensure`). Without a compiler, or when the build fails (one
warning line), the same sources run interpreted. SPELLFORGE_PURE=1 (or --pure) runs from source without
building; SPELLFORGE_REQUIRE_COMPILED=1 (CI) makes a build that cannot be made an error.
`spellforge --version` says which runs.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"  # the extras installed, one per line, as of the pyproject.toml it is newer than
# The test command runs every test: the research interfaces, reports and the Ray backend included.
ALL = ("dev", "web", "rl", "report", "ray")
NEEDS = {
    "serve": ("web",),
    "play": (),
    "report": ("report",),
    "bench": ("rl",),
    "test": ALL,
    "lint": ALL,
    "screenshots": ALL,
    "compile": ("compile",),
    "compile-check": ("dev", "rl"),  # it imports every compiled module: the research interfaces' too
}
# Commands that do not run the engine, so do not build it.
NO_BUILD = ("lint", "compile-check")
# The engine's tests, run a second time from source after the whole suite ran compiled (the same sources
# must play the same either way): core, every game's rules, the conformance checks, the bots, the research
# interfaces (compiled too, with paths of their own from source) and the doctests (whose check against
# doctest's own finder runs from source only).
ENGINE_TESTS = [
    "tests/core",
    "tests/games",
    "tests/conformance",
    "tests/bots",
    "tests/envs",
    "tests/test_doctests.py",
]


# Tests handed out one at a time to a worker per core, so a long test does not hold up a queue behind it.
PARALLEL = ["-n", "auto", "--dist", "worksteal"]


def installed() -> set[str] | None:
    """The extras installed in .venv for the current pyproject.toml (None: nothing is, or it changed)."""
    if not STAMP.exists() or STAMP.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        return None
    return set(STAMP.read_text().split())


# The environment of .venv's Python when it does not run the engine (pip, the build): its startup hook then
# says nothing of a build older than the sources, which is about to be built again.
QUIET = dict(os.environ, SPELLFORGE_PURE="1")


def flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def build_tool() -> ModuleType:
    """tools/compile.py, loaded here for its compiler check (it needs nothing outside the standard library)."""
    spec = importlib.util.spec_from_file_location("spellforge_compile_tool", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiler_present() -> bool:
    """Whether a C compiler and Python's headers are here (tools/compile.py says which is missing)."""
    return build_tool().missing_compiler() is None


def ensure_env(command: str, mypyc: bool) -> None:
    if not (BIN / "python").exists():
        print("creating the virtual environment .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    have = installed()
    need = set(NEEDS.get(command, ())) | ({"compile"} if mypyc else set())
    if have is not None and need <= have:
        return
    extras = sorted(need | (have or set()))
    what = f"spellforge with [{','.join(extras)}]" if extras else "spellforge"
    print(f"installing {what} into .venv (once; a few minutes with every extra) ...", file=sys.stderr)
    pip = [str(BIN / "python"), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True, env=QUIET)
    target = f"{ROOT}[{','.join(extras)}]" if extras else str(ROOT)
    subprocess.run([*pip, "-e", target], check=True, env=QUIET)
    STAMP.write_text("\n".join(extras) + "\n")


def ensure_compiled(require: bool) -> bool:
    """Build the compiled engine unless it is the build of the sources as they are (tools/compile.py
    ``ensure``, with .venv's mypyc). True: it runs compiled; False: from source (a warning line said why)."""
    tool = [str(BIN / "python"), str(ROOT / "tools" / "compile.py"), "ensure"]
    code = subprocess.call([*tool, *(["--require"] if require else [])], cwd=ROOT, env=QUIET)
    if code not in (0, 3):
        raise SystemExit(code)
    return code == 0


def names_tests(args: list[str]) -> bool:
    """Whether pytest's arguments name tests (a file, a folder, a test id), not only options."""
    return any(not a.startswith("-") and (ROOT / a.split("::")[0]).exists() for a in args)


def test(python: str, args: list[str], compiled: bool) -> int:
    """The whole suite (or the tests named), then, when it ran compiled, the engine's tests from source."""
    # the tests share the machine's cores (pytest-xdist) unless told otherwise (-n 0: one process)
    parallel = [] if any(a.startswith(("-n", "--numprocesses")) for a in args) else PARALLEL
    if not compiled or names_tests(args):
        return subprocess.call([python, "-m", "pytest", *parallel, *args], cwd=ROOT)
    print("== the whole suite, against the compiled engine", file=sys.stderr, flush=True)
    code = subprocess.call([python, "-m", "pytest", *parallel, *args], cwd=ROOT)
    print(f"== the engine's tests from source (SPELLFORGE_PURE=1): {' '.join(ENGINE_TESTS)}", file=sys.stderr)
    env = dict(os.environ, SPELLFORGE_PURE="1")
    pure = subprocess.call([python, "-m", "pytest", *parallel, *args, *ENGINE_TESTS], cwd=ROOT, env=env)
    return code or pure


def main(argv: list[str]) -> int:
    if argv[:1] == ["--pure"]:
        os.environ["SPELLFORGE_PURE"] = "1"  # this command and everything it runs, from source
        argv = argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    require = flag("SPELLFORGE_REQUIRE_COMPILED") or command == "compile"
    # the compiled engine, unless the command does not run it or the source is asked for; without a C
    # compiler, ensure_compiled says so in a line (and CI, requiring the build, fails)
    build = command == "compile" or (command not in NO_BUILD and not flag("SPELLFORGE_PURE"))
    ensure_env(command, mypyc=build and (require or compiler_present()))
    compiled = build and ensure_compiled(require)
    python = str(BIN / "python")
    if command == "test":
        return test(python, rest, compiled)
    if command == "lint":
        env = QUIET  # the tools check the sources; no build is needed
        code = subprocess.call([python, "-m", "ruff", "check", "src", "tests", "tools"], cwd=ROOT, env=env)
        code = (
            subprocess.call(
                [python, "-m", "ruff", "format", "--check", "src", "tests", "tools"], cwd=ROOT, env=env
            )
            or code
        )
        code = (
            subprocess.call([python, "-m", "spellforge.core.gen_clone", "--check"], cwd=ROOT, env=env) or code
        )
        return subprocess.call([python, "-m", "mypy"], cwd=ROOT, env=env) or code
    if command == "compile-check":
        return subprocess.call([python, str(ROOT / "tools" / "compile.py"), "check", *rest], cwd=ROOT)
    if command == "compile":
        return subprocess.call([str(BIN / "spellforge"), *rest], cwd=ROOT) if rest else 0
    if command == "screenshots":
        return subprocess.call([python, str(ROOT / "tools" / "screenshots.py"), *rest], cwd=ROOT)
    if command == "play" and (not rest or rest[0].startswith("-")):
        rest = ["spellbattle", *rest]
    return subprocess.call([str(BIN / "spellforge"), command, *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
