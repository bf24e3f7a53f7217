#!/usr/bin/env python3
"""Bootstrap and run Spellforge from a fresh checkout with nothing but python3 and the package index.

    python3 dev.py serve [options]         play in the browser (prints the address to open)
    python3 dev.py play [GAME] [options]   play in the terminal (default: Spell Battle against a bot)
    python3 dev.py test [pytest args]      run the whole test suite, a worker per core (add '-m slow' for
                                           the long runs, '-n 0' for a single process)
    python3 dev.py lint                    ruff (lint and format), mypy, and the generated clone() methods
    python3 dev.py screenshots [options]   a picture of each game's table, desktop and phone (docs/screenshots)
    python3 dev.py compile [command]       compile the engine with mypyc into build/compiled (the source tree
                                           is untouched), then run any spellforge command from that build
    python3 dev.py compile-check           compile at -O0, import, and check random play is identical
                                           compiled and from source (tools/compile.py; CI runs it)
    python3 dev.py <spellforge command>    any other spellforge command (simulate, bench, cards, ...)

The first run creates .venv and installs the package with what the command needs: `serve` the web extra
only, `test`, `lint` and `screenshots` every extra the tests use; later runs reuse it and add what is missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

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
    "compile": ("dev",),
    "compile-check": ("dev",),
}


# Tests handed out one at a time to a worker per core, so a long test does not hold up a queue behind it.
PARALLEL = ["-n", "auto", "--dist", "worksteal"]


def installed() -> set[str] | None:
    """The extras installed in .venv for the current pyproject.toml (None: nothing is, or it changed)."""
    if not STAMP.exists() or STAMP.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        return None
    return set(STAMP.read_text().split())


def ensure_env(command: str) -> None:
    if not (BIN / "python").exists():
        print("creating the virtual environment .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    have = installed()
    need = set(NEEDS.get(command, ()))
    if have is not None and need <= have:
        return
    extras = sorted(need | (have or set()))
    what = f"spellforge with [{','.join(extras)}]" if extras else "spellforge"
    print(f"installing {what} into .venv (once; a few minutes with every extra) ...", file=sys.stderr)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    target = f"{ROOT}[{','.join(extras)}]" if extras else str(ROOT)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q", "-e", target], check=True)
    STAMP.write_text("\n".join(extras) + "\n")


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    ensure_env(command)
    python = str(BIN / "python")
    if command == "test":
        # the tests share the machine's cores (pytest-xdist) unless told otherwise (-n 0: one process)
        parallel = [] if any(a.startswith(("-n", "--numprocesses")) for a in rest) else PARALLEL
        return subprocess.call([python, "-m", "pytest", *parallel, *rest], cwd=ROOT)
    if command == "lint":
        code = subprocess.call([python, "-m", "ruff", "check", "src", "tests", "tools"], cwd=ROOT)
        code = (
            subprocess.call([python, "-m", "ruff", "format", "--check", "src", "tests", "tools"], cwd=ROOT)
            or code
        )
        code = subprocess.call([python, "-m", "spellforge.core.gen_clone", "--check"], cwd=ROOT) or code
        return subprocess.call([python, "-m", "mypy"], cwd=ROOT) or code
    if command == "compile-check":
        return subprocess.call([python, str(ROOT / "tools" / "compile.py"), "check", *rest], cwd=ROOT)
    if command == "compile":
        out = ROOT / "build" / "compiled"
        code = subprocess.call(
            [python, str(ROOT / "tools" / "compile.py"), "build", "--out", str(out)], cwd=ROOT
        )
        if code or not rest:
            return code
        env = dict(os.environ, PYTHONPATH=str(out))
        return subprocess.call([python, "-m", "spellforge.cli", *rest], cwd=ROOT, env=env)
    if command == "screenshots":
        return subprocess.call([python, str(ROOT / "tools" / "screenshots.py"), *rest], cwd=ROOT)
    if command == "play" and (not rest or rest[0].startswith("-")):
        rest = ["spellbattle", *rest]
    return subprocess.call([str(BIN / "spellforge"), command, *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
