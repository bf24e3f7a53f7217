"""``spellforge serve``: its bad arguments exit 2 with one line saying what is wrong."""

from __future__ import annotations

import socket
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


def test_a_port_in_use_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "x.db"), "--bot-workers", "0"]) == 2
    assert f"could not serve on 127.0.0.1:{port}" in capsys.readouterr().err
