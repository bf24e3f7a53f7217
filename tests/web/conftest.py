"""Fixtures for the web server's tests; every test here skips when the ``[web]`` extra is missing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

# Each test module skips itself with this reason when the [web] extra is missing (need_web() at its top);
# this file imports none of it at module level, so the rest of the suite runs without it.
WEB_REASON = "the web tests need the [web] extra and httpx: pip install -e '.[web,dev]'"


def need_web() -> None:
    for module in ("fastapi", "httpx", "uvicorn", "websockets"):
        pytest.importorskip(module, reason=WEB_REASON)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from fastapi.testclient import TestClient

    from spellforge.web.app import create_app

    with TestClient(create_app(str(tmp_path / "games.db"), bot_workers=0)) as c:
        yield c


def new_game(client: TestClient, game: str, seats: list[dict[str, Any]], seed: int = 1) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


def play_out(
    client: TestClient, game_id: str, tokens: dict[int, str], seed: int, limit: int = 5000
) -> list[dict[str, Any]]:
    """Both seats take random legal actions over REST until the game ends; the responses each seat got."""
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    msg = client.get(f"/api/games/{game_id}/view").json()
    for _ in range(limit):
        d = msg["view"]["decision"]
        if d is None:
            return seen
        token = tokens[d["seat"]]
        mine = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
        seen.append({"seat": d["seat"], "msg": mine})
        text = rng.choice(mine["view"]["decision"]["legal"])
        r = client.post(
            f"/api/games/{game_id}/actions",
            json={"action": text, "version": mine["version"]},
            headers=auth(token),
        )
        assert r.status_code == 200, r.text
        msg = r.json()
        seen.append({"seat": d["seat"], "msg": msg})
    raise AssertionError(f"game {game_id} did not end within {limit} actions")


def _pg_bin() -> Path | None:
    for base in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (base / "initdb").exists() and (base / "pg_ctl").exists():
            return base
    return None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the session (initdb under the ``postgres`` user when run as root)."""
    import os
    import shutil
    import subprocess

    pytest.importorskip("psycopg", reason="the PostgreSQL store needs psycopg (the [web] extra)")
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip(
            "PostgreSQL server binaries (initdb, pg_ctl) are not installed: Debian package 'postgresql'"
        )
    import tempfile

    root = Path(
        tempfile.mkdtemp(prefix="spellforge-pg-")
    )  # not under pytest's 0700 folder: postgres reads it
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL as another user")
        shutil.chown(root, "postgres", "postgres")
        os.chmod(root, 0o777)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", free_port()
    subprocess.run(
        [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "game", "--no-sync"],
        check=True,
        capture_output=True,
    )
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [
            *prefix,
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            opts,
            "-l",
            str(root / "log"),
            "-w",
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        subprocess.run(
            [*prefix, str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "game", "gamedb"],
            check=True,
            capture_output=True,
        )
        yield f"postgresql://game@127.0.0.1:{port}/gamedb"
    finally:
        subprocess.run(
            [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)
