"""``spellforge serve``: its bad arguments exit 2 with one line saying what is wrong."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import need_web

need_web()

from spellforge.cli import main  # noqa: E402


def test_bad_port_and_workers_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["serve", "--port", "70000", "--db", str(tmp_path / "x.db")]) == 2
    assert "--port" in capsys.readouterr().err
    assert main(["serve", "--bot-workers", "-1", "--db", str(tmp_path / "x.db")]) == 2
    assert "--bot-workers" in capsys.readouterr().err


def test_a_port_in_use_exits_2(tmp_path: Path) -> None:
    # in a process of its own, as a user runs it (serving sets process-wide things: logging, the collector)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        db = str(tmp_path / "x.db")
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "spellforge.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-workers",
                "0",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert f"could not serve on 127.0.0.1:{port}" in done.stderr
