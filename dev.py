#!/usr/bin/env python3
"""Bootstrap and run Spellforge from a fresh checkout with nothing but python3 and the package index.

    python3 dev.py serve [options]         play in the browser (prints the address to open)
    python3 dev.py play [GAME] [options]   play in the terminal (default: Spell Battle against a bot)
    python3 dev.py test [pytest args]      run the whole test suite (add '-m slow' for the long runs)
    python3 dev.py lint                    ruff (lint and format) and mypy
    python3 dev.py <spellforge command>    any other spellforge command (simulate, bench, cards, ...)

The first run creates .venv and installs the package with the extras the tests use; later runs reuse it.
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
STAMP = VENV / ".installed"
# The test command runs every test: the research interfaces, reports and the Ray backend included.
EXTRAS = "dev,web,rl,report,ray"


def ensure_env() -> None:
    if not (BIN / "python").exists():
        print("creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    sources = [ROOT / "pyproject.toml"]
    if STAMP.exists() and all(STAMP.stat().st_mtime >= p.stat().st_mtime for p in sources):
        return
    print("installing spellforge and its dev tools into .venv ...", file=sys.stderr)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q", "-e", f"{ROOT}[{EXTRAS}]"], check=True)
    STAMP.touch()


def main(argv: list[str]) -> int:
    ensure_env()
    python = str(BIN / "python")
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    if command == "test":
        return subprocess.call([python, "-m", "pytest", *rest], cwd=ROOT)
    if command == "lint":
        code = subprocess.call([python, "-m", "ruff", "check", "src", "tests", "tools"], cwd=ROOT)
        code = (
            subprocess.call([python, "-m", "ruff", "format", "--check", "src", "tests", "tools"], cwd=ROOT)
            or code
        )
        return subprocess.call([python, "-m", "mypy"], cwd=ROOT) or code
    if command == "play" and (not rest or rest[0].startswith("-")):
        rest = ["spellbattle", *rest]
    return subprocess.call([str(BIN / "spellforge"), command, *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
